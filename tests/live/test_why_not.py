"""Each "why not" message of the live table, provoked by a frame that has the problem, and the set-up check.

The frames are real renders (datasets.game_render) run through LiveSession as the camera would give them.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from riichi_table.datasets.game_play import SeatLayout, TableLayout
from riichi_table.engine.tiles import parse_tile
from riichi_table.vision.source import Frame


def _frames(renderer, layout: TableLayout, n: int = 6) -> list[np.ndarray]:
    scene = renderer.scene(layout)
    return [renderer.frame(scene, i, None, 10.0) for i in range(n)]


def _feed(session, images: list[np.ndarray]) -> None:
    for i, image in enumerate(images):
        session.process(Frame(image=image, index=i, timestamp=i / 10.0))


def _one_each() -> TableLayout:
    layout = TableLayout()
    for seat, name in enumerate(("3m", "7p", "5s", "6z")):
        layout.seats[seat] = SeatLayout(pond=[(parse_tile(name), False)], hand_count=13)
    return layout


@pytest.fixture()
def session():
    from riichi_table.assistant import LiveSession

    return LiveSession("wrc", read_every_frame=True)


def _marker_box(renderer, marker_id: int) -> tuple[int, int, int, int]:
    from riichi_table.datasets.game_render import MARGIN_MM

    side = renderer.geo.side_mm
    cx, cy = {0: (0, side), 1: (side, side), 2: (side, 0), 3: (0, 0)}[marker_id]
    pt = np.array([[[cx + MARGIN_MM, cy + MARGIN_MM]]], np.float32)
    x, y = cv2.perspectiveTransform(pt, renderer.homography)[0, 0]
    return int(x) - 45, int(y) - 45, int(x) + 45, int(y) + 45


def test_a_covered_marker_is_named_by_its_place_on_the_table(renderer, session) -> None:
    images = _frames(renderer, _one_each(), 3)
    x0, y0, x1, y1 = _marker_box(renderer, 1)
    for image in images:
        image[max(0, y0) : y1, max(0, x0) : x1] = (60, 110, 50)  # a green cloth over the bottom-right marker
    _feed(session, images)
    why = session.why_not()
    assert why and "bottom-right (1)" in why[0] and "not found" in why[0]
    assert "bottom-left" not in why[0]
    assert session.state()["why_not"] == why


def _covered(
    renderer, image: np.ndarray, markers: tuple[int, ...], shift: tuple[int, int] = (0, 0)
) -> np.ndarray:
    """`image` moved by `shift` px (a camera bumped), with a sleeve over each of `markers`."""
    image = cv2.warpAffine(image, np.float32([[1, 0, shift[0]], [0, 1, shift[1]]]), image.shape[1::-1])
    for marker in markers:
        x0, y0, x1, y1 = _marker_box(renderer, marker)
        image[max(0, y0) : y1, max(0, x0) : x1] = (60, 110, 50)
    return image


@pytest.mark.parametrize("covered", [(2,), (2, 3)], ids=["one marker", "two markers"])
def test_a_camera_moved_while_markers_are_covered_is_not_read_through_the_old_calibration(
    renderer, session, covered: tuple[int, ...]
) -> None:
    images = _frames(renderer, _one_each(), 4)
    _feed(session, images[:2])
    read = session.processed
    _feed(session, [_covered(renderer, image, covered, shift=(14, 9)) for image in images[2:]])
    assert session.processed == read  # skipped, not read 17 px off
    why = session.why_not()
    assert why and "camera moved" in why[0] and "top-right (2)" in why[0], why
    # Uncovered, the four markers set the view again and the frame is read.
    _feed(session, [_covered(renderer, images[0], (), shift=(14, 9))])
    assert session.processed == read + 1
    assert any("recalibrated" in w for w in session.warnings)


def test_two_markers_covered_while_the_camera_stays_are_read_through_the_old_calibration(
    renderer, session
) -> None:
    # A shake blurs the far markers past finding for the half second a ron's tile lies in its pond: the two
    # near ones in place say the camera stayed, and the frames are read (seed 4129).
    images = _frames(renderer, _one_each(), 5)
    _feed(session, images[:2])
    read = session.processed
    _feed(session, [_covered(renderer, image, (2, 3)) for image in images[2:]])
    assert session.processed == read + 3
    assert not session.why_not()
    # Three covered: one marker tells nothing of the camera, and the frame is skipped with the reason.
    _feed(session, [_covered(renderer, images[0], (1, 2, 3))])
    assert session.processed == read + 3
    why = session.why_not()
    assert why and "bottom-right (1), top-right (2) and top-left (3) not found" in why[0], why


def test_a_blurred_view_says_it_is_blurred_and_is_not_read(renderer, session) -> None:
    images = _frames(renderer, _one_each(), 2)
    session.calibrate(None, images[0])
    session.calibrate(session.calibration.corners.tolist(), images[0])  # by hand: no markers to follow
    blurred = [cv2.GaussianBlur(img, (0, 0), 9) for img in images]
    _feed(session, blurred)
    assert any("blurred" in w for w in session.why_not())
    assert session.skipped_view >= 1


def test_a_too_steep_view_says_the_camera_looks_too_flat(renderer, session) -> None:
    image = _frames(renderer, _one_each(), 1)[0]
    # Corners picked as a camera almost level with the table would see them.
    session.calibrate([[100, 700], [1180, 700], [700, 500], [580, 500]], image)
    _feed(session, [image])
    assert any("too oblique" in w and "raise it" in w for w in session.why_not())


def test_a_table_too_dark_to_see_the_tiles_says_so(renderer, session) -> None:
    images = _frames(renderer, _one_each(), 2)
    session.calibrate(None, images[0])
    _feed(session, [(img // 8).astype(np.uint8) for img in images])
    assert any("too dark" in w and "more light" in w for w in session.why_not())


def test_a_black_felt_is_not_refused_as_too_dark(art_folder: Path, session) -> None:
    from riichi_table.datasets.game_render import Look, TableRenderer
    from riichi_table.datasets.tile_art import load_art

    renderer = TableRenderer(load_art(art_folder), seed=7, look=Look(felt="black"))
    _feed(session, _frames(renderer, _one_each(), 4))
    assert not any("dark" in w for w in session.why_not())
    assert session.processed >= 3


def _scribbled(renderer, n: int = 4) -> list[np.ndarray]:
    """Frames whose far seat's pond tile is scribbled over: still a tile, but no face the reader knows."""
    images = _frames(renderer, _one_each(), n)
    rng = np.random.default_rng(3)
    from riichi_table.datasets.game_render import MARGIN_MM

    # Scribble over the far seat's pond tile: still a tile, but no face the reader knows.
    x, y = renderer.geo.to_table(2, -2.5 * renderer.geo.pitch, renderer.geo.pond_v0)
    pt = cv2.perspectiveTransform(
        np.array([[[x + MARGIN_MM, y + MARGIN_MM]]], np.float32), renderer.homography
    )
    cx, cy = (int(v) for v in pt[0, 0])
    for image in images:
        patch = rng.integers(0, 255, (18, 14, 3)).astype(np.uint8)
        image[cy - 9 : cy + 9, cx - 7 : cx + 7] = patch
    return images


def test_tiles_found_but_not_named_are_counted_with_their_seat(renderer, session) -> None:
    _feed(session, _scribbled(renderer))
    why = session.why_not()
    assert any("found but not named" in w and "far seat" in w for w in why), why


def test_the_page_state_shows_the_tiles_not_named_as_pictures(renderer, session) -> None:
    import base64

    from riichi_table.vision.live_why import CROP_SIZE

    _feed(session, _scribbled(renderer))
    pictures = session.state()["why_not_crops"]
    assert [p["seat"] for p in pictures] == [2]
    head, data = pictures[0]["png"].split(",", 1)
    assert head == "data:image/png;base64"
    image = cv2.imdecode(np.frombuffer(base64.b64decode(data), np.uint8), cv2.IMREAD_COLOR)
    assert image.shape == (CROP_SIZE[1], CROP_SIZE[0], 3)
    # The picture is the scribbled face (noise), not bare felt.
    assert float(image.std()) > 25


def test_replay_writes_pictures_of_the_tiles_not_named_when_asked(renderer, tmp_path: Path) -> None:
    from riichi_table.commands.replay import replay_video

    video = tmp_path / "scribbled.mp4"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter.fourcc(*"mp4v"), 10.0, (1280, 720))
    for image in _scribbled(renderer, 8):
        writer.write(image)
    writer.release()
    result = replay_video(video, tmp_path / "out", why_dir=tmp_path / "why")
    files = sorted((tmp_path / "why").glob("unnamed-f*-seat2-*.png"))
    assert files, list((tmp_path / "why").iterdir())
    assert cv2.imread(str(files[0])).shape[:2] == (70, 52)
    assert any("not named written to" in w for w in result.warnings)


def test_tiles_at_the_edge_of_the_table_say_the_pond_is_outside_its_zone(renderer, session) -> None:
    layout = TableLayout()
    # Seat 1's discards pushed out to the table's edge, beyond its hand row.
    layout.seats[1] = SeatLayout(hand_count=0)
    scene = renderer.scene(layout)
    renderer._paste(scene, parse_tile("2p"), 1, 0.0, renderer.geo.side_mm / 2 - 22, False)
    _feed(session, [renderer.frame(scene, i, None, 10.0) for i in range(4)])
    why = session.why_not()
    assert any("outside the ponds" in w and "right seat" in w for w in why), why


def _discards_laid(dora: list[str]) -> TableLayout:
    """Two discards in each pond and the dead wall with `dora` face up in its top row."""
    layout = TableLayout(dora=[parse_tile(name) for name in dora])
    for seat, names in enumerate((("3m", "9p"), ("7p", "1s"), ("5s", "2m"), ("6z", "4p"))):
        layout.seats[seat] = SeatLayout(pond=[(parse_tile(n), False) for n in names], hand_count=12)
    return layout


def test_discards_laid_with_no_indicator_face_up_say_no_hand_has_started(renderer, session) -> None:
    _feed(session, _frames(renderer, _discards_laid([]), 6))
    assert not any(e["type"] == "start_kyoku" for e in session.table.events)
    why = session.why_not()
    assert any("no hand has started" in w and "no dora indicator" in w for w in why), why


def test_two_tiles_face_up_in_the_dead_wall_say_a_hand_starts_with_one(renderer, session) -> None:
    _feed(session, _frames(renderer, _discards_laid(["5m", "8s"]), 6))
    why = session.why_not()
    assert any("2 tiles are read face up" in w for w in why), why


def test_a_hand_started_with_its_indicator_says_nothing_of_it(renderer, session) -> None:
    _feed(session, _frames(renderer, _discards_laid(["5m"]), 6))
    assert any(e["type"] == "start_kyoku" for e in session.table.events)
    assert not any("no hand has started" in w for w in session.why_not())


def test_the_set_up_check_reads_one_tile_in_each_pond(renderer, session) -> None:
    _feed(session, _frames(renderer, _one_each(), 6))
    check = session.setup_check()
    assert check["ok"], check
    assert [s["tiles"] for s in check["seats"]] == [["3m"], ["7p"], ["5s"], ["6z"]]
    assert session.state()["setup"]["ok"]


def test_the_set_up_check_asks_for_the_missing_pond_tile(renderer, session) -> None:
    layout = _one_each()
    layout.seats[3] = SeatLayout(hand_count=13)
    _feed(session, _frames(renderer, layout, 6))
    check = session.setup_check()
    assert not check["ok"]
    assert check["seats"][3]["message"].endswith("put one tile face up in this pond")
    assert all(s["ok"] for s in check["seats"][:3])


def test_replay_prints_why_the_table_was_not_read(renderer, tmp_path: Path, capsys) -> None:
    import argparse

    from riichi_table.commands.replay import run

    images = _frames(renderer, _one_each(), 4)
    x0, y0, x1, y1 = _marker_box(renderer, 3)
    video = tmp_path / "covered.mp4"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter.fourcc(*"mp4v"), 10.0, (1280, 720))
    for image in images:
        image[max(0, y0) : y1, max(0, x0) : x1] = (60, 110, 50)  # the top-left marker under a cloth
        writer.write(image)
    writer.release()
    args = argparse.Namespace(
        video=str(video),
        out=tmp_path / "out",
        rules="wrc",
        templates=None,
        namer=None,
        quiet=False,
        why_dir=None,
    )
    assert run(args) == 0
    out = capsys.readouterr().out
    assert "why not read: table marker top-left (3) not found in the picture" in out, out
