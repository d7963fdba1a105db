"""Per-frame tile readings in the rectified table view: where each lying tile is, how it lies, what it may be.

Tiles are found by colour in the top-down view (anything that is not the felt; the felt and back colours are
learned from the view, `vision.live_colours`), split where neighbours touch (`vision.tile_cuts`), placed with
`vision.zones`, and named by a template classifier (faces of the club's set, see `datasets.game_templates`)
that compares each face, turned the way its seat reads it, with every kind.
What a real table has beside the lying tiles is no tile (`vision.not_tiles`; docs/live.md, "What is not a
tile"): a standing hand (deeper than a lying tile once straightened, back beside face along its row, or backs
to the namer), point sticks (thinner than any tile), and the two-high dead wall (one row of stacks, whatever
its depth); each is noted in `LiveReader.rejected` with its reason.

Everything is in rectified-view pixels at `px_per_mm` (1.0 by default: pixels are millimetres).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray
from riichi_table.engine.tiles import BACK_CLASS
from riichi_table.vision.blobs import blobs
from riichi_table.vision.errors import VisionError
from riichi_table.vision.face_height import IVORY_SIDE, LYING_FACE_MM, CameraPose, faces_only
from riichi_table.vision.laid_open import faces_of_hand_row, laid_open
from riichi_table.vision.live_colours import SurfaceColours, to_lab
from riichi_table.vision.live_namer import (
    NamerName,
    OnnxNamer,
    TilePose,
    check_namer,
    combine,
    cut_pose,
    needs_second_opinion,
    seat_axes,
)
from riichi_table.vision.lone_faces import complete_faces, inked_faces
from riichi_table.vision.not_tiles import (
    EDGE_MM,
    STANDING,
    TOP_EDGE,
    Rejected,
    drop_standing,
    edge_share,
    face_down,
    half_back,
    lit_faces,
    part_dead_wall,
    part_hand_rows,
    standing_hand,
    without_side,
    without_sticks,
)
from riichi_table.vision.tile_cuts import cut_blob, cut_dead_wall
from riichi_table.vision.tile_reading import N_CLASSES, FrameReading, TileReading, lies_sideways
from riichi_table.vision.white_balance import AROUND_MM, WhiteBalance
from riichi_table.vision.zones import TableGeometry

TEMPLATE_SIZE = (24, 32)  # w, h of a face crop
SOFTEN = 1.5  # px, Gaussian sigma applied to crops and templates alike
MAN_CLASSES = frozenset((*range(9), 34))
# A hand row's cell that looks like a standing top by its rim alone stays a lying tile only when the namer
# gives a face this probability (9p on black backs at a draw: 1.00).
FACE_SURE = 0.9
# With backs of an ink's colour, a hand row's or pond's cell face down by its back share alone, below this
# share, is named first and stays face down only when the namer is not sure of a face (FACE_SURE): a lying
# 8s on green backs in dim light showed 0.63-0.64 of its cell in the backs' colour, a concealed kan's backs
# beside it 0.67-0.74, the dead wall's 0.84-0.90 (seed 2293, wood felt, green backs, 40 degrees: the 8s of
# a hand laid open at a ron read as a back, and the win was lost).
SURE_DOWN_SHARE = 0.8
PALE_SHIFT = 0.25  # share of a side's length a white-cloth pond cell's crop moves away from the camera
# White cloth: a pixel RAISED_L (8-bit L) lighter than the cloth around it (averaged over CLOTH_TILES tiles'
# width) is no cloth. In dim light a blank face is lit above the cloth it lies on (164-166 against 150-154),
# yet too softly edged at its far side to be outlined: two of a pon's three white dragons were mat, the pon
# was read a hundred frames late (seed 3163, white cloth, 37 degrees).
RAISED_L = 7.0
CLOTH_TILES = 3.0
# A learned back colour is kept only in parts holding a row this share of a tile's width long: the back layer
# a lying tile's side shows, a face-down tile, a standing hand's backs. Ink of the backs' colour is strokes
# (seed 707, white cloth, blue backs: a blue N's strokes were taken for its side's back layer, the face cut
# short, the cloth beyond it named a white dragon and recorded as a discard).
BACK_RUN = 0.6
TURNED_SURE = 0.9  # a meld's cell cut upright named at least this sure lying sideways ...
TURNED_MARGIN = 0.25  # ... and this much surer than upright lies sideways (`LiveReader._turned_meld_tile`)
# A pond row cut two ways on white cloth (`tile_cuts.RUNNER_UP_COST`) takes the other cut where the mean of
# its faces' top scores is this much higher (`LiveReader._surer_cuts`).
SURER_CUT = 0.15
OUTLINE_STEP = 0.65  # a tile's rim on white cloth: a Scharr gradient above this share of the felt's lightness


class TileTemplates:
    """Normalised face templates (N, D) with their detector classes; see datasets.game_templates."""

    def __init__(self, images: NDArray[np.uint8], classes: NDArray[np.int32]) -> None:
        if images.ndim != 4 or images.shape[1:] != (TEMPLATE_SIZE[1], TEMPLATE_SIZE[0], 3):
            raise VisionError(
                f"templates must be (N, {TEMPLATE_SIZE[1]}, {TEMPLATE_SIZE[0]}, 3), got {images.shape}"
            )
        self.classes = np.asarray(classes, np.int32)
        face = np.nonzero(self.classes != BACK_CLASS)[0]
        order = face[np.argsort(self.classes[face], kind="stable")]
        self.vectors = np.stack([_normalise(img) for img in _soften(images[order])])
        self.face_classes = self.classes[order]
        # Where each class's run of templates starts, for a per-class maximum.
        self._starts = np.nonzero(np.r_[True, np.diff(self.face_classes) != 0])[0]
        self._class_of_start = self.face_classes[self._starts]
        man = [i for i, c in enumerate(self.face_classes) if int(c) in MAN_CLASSES]
        self._man_index = list(range(len(man)))
        self._man_classes = [int(self.face_classes[i]) for i in man]
        self._man_top = np.stack([_top_vector(img) for img in images[order][man]])

    @classmethod
    def load(cls, path: Path) -> TileTemplates:
        if not path.is_file():
            raise VisionError(f"tile templates {path} not found (make them with datasets.game_templates)")
        try:
            with np.load(path) as data:
                images, classes = data["images"], data["classes"]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise VisionError(
                f"tile templates {path} are not a .npz with 'images' and 'classes' arrays ({exc})"
            ) from exc
        return cls(images, classes)

    def scores(self, crops: list[list[NDArray[np.uint8]]]) -> NDArray[np.float32]:
        """Class probabilities (len(crops), 38), one row per tile from its candidate crops (orientations).

        Each class scores its best template over every orientation; then a sharp softmax over the classes.
        """
        out = np.zeros((len(crops), N_CLASSES), np.float32)
        self.last_similarity: list[float] = []
        if not crops:
            return out
        counts = [len(c) for c in crops]
        flat = _soften(np.stack([c for group in crops for c in group]))
        flat = flat.reshape(len(flat), -1, 3)
        flat -= flat.mean(axis=1, keepdims=True)
        flat = flat.reshape(len(flat), -1)
        flat /= np.linalg.norm(flat, axis=1, keepdims=True) + 1e-3
        # einsum, not BLAS: OpenBLAS's threads stall on a shared two-core machine (70 ms instead of 5).
        sims = np.einsum("ij,kj->ik", flat, self.vectors)  # (all crops, templates), templates sorted by class
        start = 0
        stack = [c for group in crops for c in group]
        for row, n in enumerate(counts):
            block = sims[start : start + n]
            per_template = block.max(axis=0)
            per_class = np.maximum.reduceat(per_template, self._starts)
            logits = per_class * 40.0
            logits -= logits.max()
            e = np.exp(logits)
            probs = e / e.sum()
            best = int(self._class_of_start[int(np.argmax(per_class))])
            if best in MAN_CLASSES:
                crop = stack[start + int(np.argmax(block.max(axis=1)))]
                probs = self._refine_man(crop, probs)
            start += n
            out[row, self._class_of_start] = probs
            self.last_similarity.append(float(per_class.max()))
        return out

    def _refine_man(self, crop: NDArray[np.uint8], probs: NDArray[np.float32]) -> NDArray[np.float32]:
        """Characters differ only in the numeral at the top: compare that part, sharper, among man kinds."""
        top = _top_vector(crop)
        sims = self._man_top @ top
        per_class = np.full(len(self._class_of_start), -1.0, np.float32)
        for idx, cls in zip(self._man_index, self._man_classes, strict=True):
            k = int(np.searchsorted(self._class_of_start, cls))
            per_class[k] = max(per_class[k], float(sims[idx]))
        man = np.isin(self._class_of_start, list(MAN_CLASSES))
        logits = np.where(man, per_class * 60.0, -np.inf)
        logits -= logits[man].max()
        e = np.where(man, np.exp(logits), 0.0)
        out = probs.copy()
        out[man] = probs[man].sum() * e[man] / e[man].sum()
        return out.astype(np.float32)


def _soften(images: NDArray[np.uint8]) -> NDArray[np.float32]:
    """Blur a stack of face crops a little: video compression's blocks are fine detail, a tile's identity
    is not."""
    out = images.astype(np.float32)
    for i in range(len(out)):
        out[i] = cv2.GaussianBlur(out[i], (0, 0), SOFTEN)
    return out


def _top_vector(image: NDArray[np.uint8]) -> NDArray[np.float32]:
    """The upper part of a face crop (where a characters tile's numeral is), lightly blurred, normalised."""
    top = cv2.GaussianBlur(image[: TEMPLATE_SIZE[1] * 11 // 20].astype(np.float32), (0, 0), 0.8)
    v = top.reshape(-1, 3)
    v = v - v.mean(axis=0, keepdims=True)
    flat = v.ravel()
    return (flat / (float(np.linalg.norm(flat)) + 1e-3)).astype(np.float32)


def _normalise(image: NDArray[np.uint8]) -> NDArray[np.float32]:
    v = image.astype(np.float32).reshape(-1, 3)
    v -= v.mean(axis=0, keepdims=True)
    flat = v.ravel()
    return flat / (float(np.linalg.norm(flat)) + 1e-3)


KAN_ADDED_SLACK_MM = 24.0  # an added kan's gaps and the sides that show beside its faces, along its row
LONE_WIDE_MM = 5.0  # a dead-wall blob this near a tile's width is one face-up tile, alone in the square
WALL_ROW_MM = (150.0, 240.0)  # the dead wall's row of seven stacks alone is this wide (no arm over it)
WALL_GAP_MM = 8.0  # pieces of a dead wall's row parted by no more than this are one row (`parted_wall_depth`)


def parted_wall_depth(boxes: list[tuple[int, int, int, int]], ppm: float) -> float | None:
    """The depth (mm) of a dead wall's row found in pieces: `boxes` (x, y, w, h, view pixels) side by side,
    each at most WALL_GAP_MM from the next and overlapping it in depth, together as wide as the row
    (WALL_ROW_MM); None when no such pieces make one."""
    row: list[tuple[int, int, int, int]] = []
    best = None
    for box in sorted(boxes):
        x, y, _, h = box
        if row:
            px, py, pw, ph = row[-1]
            if x - (px + pw) > WALL_GAP_MM * ppm or y > py + ph or py > y + h:
                row = []
        row.append(box)
        left, right = row[0][0], max(bx + bw for bx, _, bw, _ in row)
        if len(row) > 1 and WALL_ROW_MM[0] * ppm < right - left < WALL_ROW_MM[1] * ppm:
            top, bottom = min(by for _, by, _, _ in row), max(by + bh for _, by, _, bh in row)
            best = max(best or 0.0, (bottom - top) / ppm)
    return best


class LiveReader:
    """Finds and names lying tiles in rectified views.

    namer: "templates" (default), "onnx" (the crop classifier, `onnx` or models/classifier.onnx) or "both"
    (templates, with the classifier consulted on low-margin readings); see vision.live_namer.
    """

    def __init__(
        self,
        templates: TileTemplates,
        geometry: TableGeometry | None = None,
        px_per_mm: float = 1.0,
        namer: NamerName = "templates",
        onnx: OnnxNamer | None = None,
    ):
        self.templates = templates
        self.geo = geometry or TableGeometry()
        self.ppm = px_per_mm
        self.namer = check_namer(namer)
        self.onnx = onnx
        if namer != "templates" and onnx is None:
            self.onnx = OnnxNamer(geometry=self.geo, px_per_mm=px_per_mm)
        self.second_opinions = 0  # tiles the "both" namer sent to the classifier
        self.colours = SurfaceColours()
        self.balance = WhiteBalance(px_per_mm)  # a lamp's colour taken out by the markers' paper
        self.outside: list[tuple[float, float, int]] = []  # tiles of the last frame outside every zone
        self.rejected: list[Rejected] = []  # what the last frame showed that is no lying tile, and why
        self._rims = False  # the last view's gap evidence is the tiles' outlines (white cloth): `masks`
        self._lightness = np.zeros((1, 1), np.float32)  # the last view's 8-bit L, kept on white cloth
        # Where the camera is, when the views are straightened at face height (vision.face_height): the
        # lying tiles' sides are then left out of the tile mask. None: a felt view, tiles taken whole.
        self.camera: CameraPose | None = None
        # Where (mm) the called tiles of the melds recorded this hand lie (told by the session each frame): a
        # hand-row blob around one, no longer than a meld, is that meld, whatever its depth (`_meld_blob`).
        self.called_tiles: list[tuple[float, float]] = []
        # Where (mm boxes) the white dragons recorded in the ponds lie, on white cloth (told by the session
        # each frame): their blank faces are the cloth's colour, and at face height they are filled into the
        # tile mask (`_with_blank_faces`).
        self.blank_faces: list[tuple[float, float, float, float]] = []
        # Where (mm) the riichi tiles recorded this hand lie (told by the session each frame): their pond rows
        # are cut with a sideways tile at no cost (`tile_cuts.cut_blob`).
        self.riichi_tiles: list[tuple[float, float]] = []
        # How deep (mm) the last view showed the dead wall's row, when it showed one: a two-high wall seen
        # from a tilted camera shows its height (vision.face_height, `shows_height`).
        self.dead_wall_depth: float | None = None
        # How deep (mm) the last view showed a lone face-up tile in the dead wall's square, when the wall's
        # row did not show (backs of the felt's colour: black on black): a lying tile's side shows its
        # thickness (`shows_height` with LYING_FACE_MM).
        self.lone_indicator_depth: float | None = None

    def masks(
        self, view: NDArray[np.uint8]
    ) -> tuple[NDArray[np.uint8], NDArray[np.uint8], NDArray[np.bool_], NDArray[np.float32]]:
        """Solid tile mask (anything not mat, symbols filled), back-colour mask, bare-mat mask and gap
        evidence (1 = felt colour, 0 = far from it).

        The felt and the back colour are learned from the view itself (`vision.live_colours`): any felt
        (green, blue, black, wood, cloth) and any back colour."""
        self.colours.learn_felt(to_lab(np.ascontiguousarray(view[::4, ::4])))
        green, red = self.colours.green_felt(), self.colours.red_back()
        lab = None if green and red else to_lab(view)  # the full Lab view only where a learned colour is used
        self._rims = False  # whether `gaps` are the tiles' outlines (white cloth), not the mat between them
        hsv = cv2.cvtColor(view, cv2.COLOR_BGR2HSV)
        h, s, v = cv2.split(hsv)
        if green:
            # A green felt keeps the rule the old clips were measured with (docs/live.md): hue band, and
            # green symbols, seen through a camera paler than the felt, are not mat.
            felt = (h > 35) & (h < 95) & (s > 60) & (v > 25)
            felt_v = float(np.median(v[felt])) if felt.any() else 100.0
            felt_s = float(np.median(s[felt])) if felt.any() else 150.0
            mat = felt & (v < felt_v * 1.35) & (s > felt_s * 0.8)
            if self.colours.light_backs_near():
                # Green backs on green felt: the stacks are the felt's hue and saturation, only lighter (L
                # 130-150 against 105-113), within the band above, and the dead wall showed no height (seed
                # 7955, 40 degrees: read on the felt's plane, first discards cut sideways with their sides).
                # A pixel beyond the felt's reach and nearer the backs' colour than the felt's is a back.
                assert lab is not None
                mat &= ~self.colours.back_not_felt(lab)
            # Gap evidence, soft: how green a pixel is compared with the felt (video compression smears the
            # thin lines of mat between tiles, but they stay the greenest columns of a row).
            b, g, r = cv2.split(view.astype(np.int16))
            greenness = (g - np.maximum(b, r)).astype(np.float32)
            felt_green = float(np.median(greenness[mat])) if mat.any() else 40.0
            gaps = np.clip(greenness / max(felt_green, 10.0), 0.0, 1.0)
        else:
            assert lab is not None
            dist = self.colours.felt_distance(lab)
            mat = dist < 1.0
            off_hue = self.colours.off_hue(lab)
            if off_hue is not None:
                mat &= ~off_hue  # red ink on wood felt: near the wood's colour, not its hue
            # Under a lamp's colour the thin gaps between tiles carry the faces' colour (the video's):
            # their evidence weighs colour less (`SurfaceColours.gap_distance`).
            near = self.colours.gap_distance(lab) if self.balance.cast else dist
            gaps = np.clip(2.0 - near, 0.0, 1.0)
            grey = self.colours.grey(lab)
            if grey is not None:  # ivory in shade on wood felt: neither mat nor a gap between faces
                mat &= ~grey
                gaps[grey] = 0.0
            self._rims = self.colours.pale_felt()
            if self._rims:
                # White cloth: a face is the felt's colour within a few grey levels; its outline (the rim, the
                # back's edge) encloses it, so an outlined face is no mat and is filled as a tile. Between two
                # touching tiles their rims run the whole depth of the row: the cuts go there.
                self._lightness = lab[..., 0]
                outline = _outlines(lab[..., 0], float(self.colours.felt[0]))  # type: ignore[index]
                mat &= outline == 0
                mat &= ~_raised(lab[..., 0], mat, self.geo.tile_w * self.ppm)
                gaps = cv2.blur(outline.astype(np.float32), (3, 3))
        # Bamboo symbols look like mat and leak into the thin gaps around a tile: tiles are filled as solid
        # blobs from the mat without its thin parts; the gaps are found again from the mat itself.
        opened = cv2.morphologyEx(mat.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        solid = _fill_holes((1 - opened) * 255)
        c, r0 = view.shape[0] // 2, int(self.geo.dora_radius * self.ppm)
        centre = (slice(c - r0, c + r0, 2), slice(c - r0, c + r0, 2))
        self.colours.learn_back(to_lab(np.ascontiguousarray(view[centre])), mat[centre])
        back = None if red or lab is None else self.colours.back_mask(lab)
        if back is None:
            # Red backs (or no dead wall seen yet) keep the measured hue rule: the learned-colour mask also
            # takes the red ink of character tiles, whose cells then look like a standing tile's top.
            back = (((h < 9) | (h > 170)) & (s > 150)).astype(np.uint8)
        else:
            back = _banded(back, max(3, int(BACK_RUN * self.geo.tile_w * self.ppm)))
        if not green and self.colours.pale_felt():
            # On white cloth a blank face (haku) is the felt's colour inside its rim: the tracker must not
            # take it for bare mat when the rim is not seen whole for a frame (the tile would be dropped and
            # read again as a new discard). Bare mat is felt wider than a face, outside every tile.
            side = int(self.geo.tile_w * self.ppm) | 1
            bare = ((mat & (solid == 0)) * 255).astype(np.uint8)
            mat = cv2.erode(bare, np.ones((side, side), np.uint8)) > 0
        return solid, back, mat, gaps

    def read(
        self, view: NDArray[np.uint8], known: Callable[[float, float, bool, bool], bool] | None = None
    ) -> FrameReading:
        """Every lying tile in the view, placed and scored.

        `known(x, y, sideways, face_down)` may say a tile there is already read with confidence: it is then
        not
        classified again (its scores stay zero), which keeps a full table cheap.
        A coloured light (a warm lamp) is taken out first, by the markers' white (`vision.white_balance`).
        """
        lit_as_is, view = view, self.balance(view)
        solid, back, mat, gaps = self.masks(view)
        self.rejected = []
        self.dead_wall_depth = None
        self.lone_indicator_depth = None
        solid = without_sticks(solid, self.geo, self.ppm, self.rejected)
        limit = 40 * self.geo.tile_w * self.geo.tile_h * self.ppm**2  # bigger: an arm, not tiles
        _, labels, stats, _ = blobs(solid, 4)
        parted = part_hand_rows(solid, labels, stats, self.geo, self.ppm, limit)
        # Where a blob was parted, its pieces' faces are found on the whole mask, lit (`_LitPieces`).
        whole, solid = solid, solid if parted is None else parted
        if self._rims and self.camera is not None:
            # White cloth at face height: a lone tile's far edges are the cloth's lightness, its face is
            # completed from the back layer its side shows (vision.lone_faces).
            solid = complete_faces(self._with_blank_faces(solid), back, self.camera, self.geo, self.ppm)
            solid = inked_faces(solid, self._lightness, float(self.colours.felt[0]), self.geo, self.ppm)
        # At face height a lying tile's side shows towards the camera: rows are cut from the faces alone
        # (found before the dead wall's square is parted: a far pond's sides may reach over its line).
        if self.camera is None:
            faces = solid
        elif self.colours.backs_near_felt() and not self.colours.red_back():
            # Black backs on black felt: the back mask holds the whole felt, and would hold every side as
            # face (seed 7955, 40 degrees: a lone pond tile as deep as wide, cut sideways). Red backs keep
            # the hue rule's mask, which holds no felt: red backs on dim wood come near it by colour once
            # the wood's reach widens, and faces found by the sides' ivory alone there lost an ura dora (seed
            # 6607, wood felt, 37 degrees, light 0.55: a 9p, 4,000 points off).
            faces = faces_only(solid, self.camera, self.ppm, None, IVORY_SIDE)
        else:
            faces = faces_only(solid, self.camera, self.ppm, back)
        pieces = None
        if parted is not None and self.camera is not None:
            cut_near = cv2.dilate(whole - parted, np.ones((3, 3), np.uint8))
            pieces = _LitPieces(whole, view, back, cut_near, self.camera, self.ppm)
        solid = part_dead_wall(solid, self.geo, self.ppm)
        n, labels, stats, _ = blobs(solid, 4)
        boxes: list[tuple[int, int, int, int]] = []
        owners: list[int] = []  # the blob each box was cut from
        wall_parts: list[tuple[int, int, int, int]] = []  # the dead wall's square's blobs
        riichi = [(x * self.ppm, y * self.ppm) for x, y in self.riichi_tiles]  # view pixels
        held: list[int] = []  # boxes cut so only by a recorded riichi (`cut_blob`'s)
        alternatives: list[tuple[int, list[tuple[int, int, int, int]]]] = []  # `cut_blob`'s
        min_side = (self.geo.tile_w - 6) * self.ppm
        for i in range(1, n):
            x, y, w, h, _ = (int(v) for v in stats[i])
            if w < min_side or h < min_side or w * h > limit:
                continue
            blob = labels[y : y + h, x : x + w] == i
            region = gaps[y : y + h, x : x + w]
            seat, area, _, _ = self.geo.area_of((x + w / 2) / self.ppm, (y + h / 2) / self.ppm)
            piece = None if pieces is None or area != "hand" else pieces.faces(blob, x, y, seat in (0, 2))
            # A corner's piece is measured as a standing hand by its lit faces: the next seat's standing
            # top and a point stick left beyond the cut deepen it (seed 147, old camera, hard).
            cornered = self.geo.in_corner((x + w / 2) / self.ppm, (y + h / 2) / self.ppm)
            measured = piece if piece is not None and cornered else blob
            if area == "dora" and abs(w / self.ppm - self.geo.tile_w) < LONE_WIDE_MM and h > w:
                self.lone_indicator_depth = h / self.ppm
            if area == "dora":
                wall_parts.append((x, y, w, h))
            if area == "dora" and w > h:
                if WALL_ROW_MM[0] * self.ppm < w < WALL_ROW_MM[1] * self.ppm:
                    self.dead_wall_depth = max(self.dead_wall_depth or 0.0, h / self.ppm)
                grey = cv2.cvtColor(np.ascontiguousarray(view[y : y + h, x : x + w]), cv2.COLOR_BGR2GRAY)
                side = self._towards_camera((x + w / 2, y + h / 2))[1]
                cut_dead_wall(blob, back[y : y + h, x : x + w], x, y, boxes, self.geo, self.ppm, grey, side)
            elif (
                area == "hand"
                and standing_hand(
                    measured,
                    back[y : y + h, x : x + w],
                    seat,
                    self.geo,
                    self.ppm,
                    self._side((x + w / 2, y + h / 2)),
                )
                and not self._meld_blob(x, y, w, h, seat)
            ):
                self.rejected.append(Rejected((x + w / 2) / self.ppm, (y + h / 2) / self.ppm, seat, STANDING))
            else:
                face = blob & (faces[y : y + h, x : x + w] > 0)
                towards = self._towards_camera((x + w / 2, y + h / 2))
                along = towards[0 if seat in (0, 2) else 1]
                if piece is not None:
                    # Framed by empty pixels: an opening keeps what touches the box's edge.
                    face = faces_of_hand_row(np.pad(piece, 1), seat, self.geo, self.ppm, along)[1:-1, 1:-1]
                elif area == "hand" and self.camera is not None:
                    face = faces_of_hand_row(face, seat, self.geo, self.ppm, along)
                rows, cols = np.nonzero(face.any(axis=1))[0], np.nonzero(face.any(axis=0))[0]
                if len(rows) and len(cols):  # the faces' own box: the cut measures fills against it
                    sub = (slice(rows[0], rows[-1] + 1), slice(cols[0], cols[-1] + 1))
                    ox, oy = x + int(cols[0]), y + int(rows[0])
                    side = cut_side(area, seat, towards)
                    first = len(boxes)
                    cut_blob(
                        face[sub],
                        region[sub],
                        ox,
                        oy,
                        boxes,
                        self.geo,
                        self.ppm,
                        self._rims,
                        side,
                        riichi,
                        held,
                        alternatives,
                    )
                    if area == "hand" and self.camera is not None:
                        boxes[first:] = laid_open(boxes[first:], seat, self.geo, self.ppm, along)
            owners += [i] * (len(boxes) - len(owners))
        if self.dead_wall_depth is None and self.colours.light_backs_near():
            # Backs of the felt's hue in dim light: the stacks' sides lie within the felt's reach, and the
            # wall's row is parted where its face-up indicator meets a stack (green felt and backs, 44
            # degrees, light 0.55, seed 7955: 51 and 138 px wide, the row unmeasured until frame 25 and the
            # view at face height only after the first discard, cut sideways: a riichi nobody declared).
            self.dead_wall_depth = parted_wall_depth(wall_parts, self.ppm)
        ink_backs = self.colours.ink_coloured_back()
        tiles: list[TileReading] = []
        poses: list[TilePose] = []
        rows: list[int] = []
        tile_owners: list[int] = []
        tops: dict[int, int] = {}  # per blob, its cells left out as a standing tile's top
        doubtful: list[int] = []  # tiles that look like a standing top by their rim alone, to be named first
        maybe_down: list[int] = []  # tiles face down by a back share an inked face reaches, to be named first
        plain: dict[int, int] = {}  # box -> its tile, where that is a face-up reading and nothing to doubt
        self.outside = []
        for k, ((x, y, w, h), owner) in enumerate(zip(boxes, owners, strict=True)):
            cell = back[max(0, y) : y + h, max(0, x) : x + w]
            red = float(cell.mean()) if cell.size else 0.0
            edge = edge_share(cell, round(EDGE_MM * self.ppm))
            cx, cy = (x + w / 2) / self.ppm, (y + h / 2) / self.ppm
            band_needed = self._band_needed(cx, cy)
            top, down = half_back(cell, red, edge, band_needed), face_down(red, edge, ink_backs)
            if (top or down) and self._face_only_back(cell, (x + w / 2, y + h / 2), band_needed, ink_backs):
                top = down = False
            # A hand row's cell at face height called a top by its rim alone (no band needed) is named first:
            # a face densely inked near the backs' colour (9p's navy circles on black backs) looks so too. So
            # is a pond's, band or not, where no tile stands: an 8p's navy circles on black backs, its face
            # cut short of its far edge on white cloth, filled the cut's far half as a top's back would (seed
            # 2767, white cloth, 37 degrees: seat 3's 8p never read, every later discard of the seat late).
            doubt = top and self.camera is not None and self._doubt_top(cx, cy, band_needed)
            if (top and not doubt) or max(w, h) < (self.geo.tile_h - 6) * self.ppm:
                # Half face, half back, or shorter than a lying tile's long side either way: the top of a
                # standing tile seen from above, not a lying one.
                self.rejected.append(Rejected(cx, cy, -1, STANDING))
                tops[owner] = tops.get(owner, 0) + 1
                continue
            cx, cy = self._face_centre(cx, cy, w / self.ppm, h / self.ppm)
            reading = self._reading(cx, cy, w / self.ppm, h / self.ppm, down)
            if reading is None:
                self._note_outside(cx, cy)
                continue
            if reading.sideways and k in held:
                reading = replace(reading, held=True)
            # No tile lies face down in a pond: one that looks so is named first, whatever the backs (an 8p's
            # navy circles on black backs under a dimmer light fill 0.5 of its cell). Nor is a dead-wall
            # cell trusted to be face down where the backs lie near the felt: the back mask holds the felt
            # around a face, and a face's ink in dim light comes within the back colour's reach (seed 8783,
            # black felt and backs, 37 degrees, light 0.55: the 7p indicator was taken for a back in every
            # frame, and no hand was started).
            unsure_down = down and (
                reading.area == "pond"
                or (ink_backs and red < SURE_DOWN_SHARE and reading.area == "hand")
                or (reading.area == "dora" and self.colours.backs_near_felt())
            )
            if doubt or unsure_down:
                reading = replace(reading, face_down=False)
                (doubtful if doubt else maybe_down).append(len(tiles))
            elif not reading.face_down:
                plain[k] = len(tiles)
            if not reading.face_down and (
                doubt
                or unsure_down
                or known is None
                or not known(reading.x, reading.y, reading.sideways, reading.face_down)
            ):
                poses.append(TilePose(reading.x, reading.y, reading.seat, reading.sideways))
                rows.append(len(tiles))
            tiles.append(reading)
            tile_owners.append(owner)
        others = self._other_cuts(alternatives, plain, tiles, known)
        other_poses = [TilePose(r.x, r.y, r.seat, r.sideways) for _, cut in others for r, new in cut if new]
        to_name = view
        if (poses or other_poses) and self.balance.cast:
            # Around each tile to name, the lamp's colour taken out as the namers need it (a margin for the
            # box of lightness around each pixel; `vision.white_balance`).
            reach = (self.geo.tile_h / 2 + 2 * AROUND_MM) * self.ppm
            windows = [
                (
                    int(p.x * self.ppm - reach),
                    int(p.y * self.ppm - reach),
                    int(p.x * self.ppm + reach) + 1,
                    int(p.y * self.ppm + reach) + 1,
                )
                for p in poses + other_poses
            ]
            to_name = self.balance.for_naming(lit_as_is, windows, view)
        names = self.name(to_name, poses + other_poses)
        for row, scores in zip(rows, names[: len(poses)], strict=True):
            tiles[row] = replace(tiles[row], scores=scores)
        if others:
            rows = self._surer_cuts(others, names[len(poses) :], tiles, rows)
        if self._rims and self.camera is not None:
            self._turned_meld_tile(to_name, tiles, tile_owners, rows)
        tiles, rows = _unsure_backs(tiles, rows, maybe_down)
        tiles, tile_owners, rows = self._unsure_tops(tiles, tile_owners, rows, doubtful, tops)
        tiles = drop_standing(tiles, rows, tile_owners, self.rejected, tops)
        quarter = cv2.resize(
            mat.astype(np.uint8), (view.shape[1] // 4, view.shape[0] // 4), interpolation=cv2.INTER_AREA
        )
        return FrameReading(tuple(tiles), quarter > 0, self.ppm / 4.0)

    def _other_cuts(
        self,
        alternatives: list[tuple[int, list[tuple[int, int, int, int]]]],
        plain: dict[int, int],
        tiles: list[TileReading],
        known: Callable[[float, float, bool, bool], bool] | None,
    ) -> list[tuple[list[int], list[tuple[TileReading, bool]]]]:
        """The pond rows cut another way as well (`cut_blob`'s `alternatives`) whose cells all gave face-up
        readings: (the tiles of the row's cut, the other cut's readings, each with whether it is to be
        named: not where a tile is known). A cell outside the ponds drops its row's other cut."""
        out: list[tuple[list[int], list[tuple[TileReading, bool]]]] = []
        for first, cells in alternatives:
            own = [plain.get(first + j) for j in range(len(cells))]
            if any(i is None for i in own):
                continue
            cut: list[tuple[TileReading, bool]] = []
            for x, y, w, h in cells:
                w_mm, h_mm = w / self.ppm, h / self.ppm
                cx, cy = self._face_centre((x + w / 2) / self.ppm, (y + h / 2) / self.ppm, w_mm, h_mm)
                r = self._reading(cx, cy, w_mm, h_mm, False)
                if r is None or r.area != "pond":
                    break
                cut.append((r, known is None or not known(r.x, r.y, r.sideways, False)))
            else:
                out.append(([i for i in own if i is not None], cut))
        return out

    def _surer_cuts(
        self,
        others: list[tuple[list[int], list[tuple[TileReading, bool]]]],
        names: NDArray[np.float32],
        tiles: list[TileReading],
        rows: list[int],
    ) -> list[int]:
        """Each pond row cut other ways (`_other_cuts`) takes the one whose faces are named surest where that
        is SURER_CUT surer than its own cut, by the mean of their top scores (a known tile counts as sure,
        1); `tiles` change in place, and the tiles named this frame (`rows`) are returned as they now are."""
        named = set(rows)
        at = 0
        best: dict[tuple[int, ...], tuple[float, list[TileReading], list[bool]]] = {}
        for own, cut in others:
            readings: list[TileReading] = []
            for r, to_name in cut:
                readings.append(replace(r, scores=names[at]) if to_name else r)
                at += int(to_name)
            fresh = [new for _, new in cut]
            sure = _mean_sure(readings, fresh)
            if sure > best.get(tuple(own), (-1.0,))[0]:
                best[tuple(own)] = (sure, readings, fresh)
        for own, (sure, readings, new) in best.items():
            own_sure = _mean_sure([tiles[i] for i in own], [i in named for i in own])
            if sure < own_sure + SURER_CUT:
                continue
            for i, r, was_named in zip(own, readings, new, strict=True):
                tiles[i] = r
                named.discard(i)
                if was_named:
                    named.add(i)
        return sorted(named)

    def _turned_meld_tile(
        self, view: NDArray[np.uint8], tiles: list[TileReading], owners: list[int], rows: list[int]
    ) -> None:
        """On white cloth at face height, a meld's called tile cut upright is found by its name: of a hand
        row's piece of three or four upright face-up cells, all named this frame, the one whose face names
        far surer lying sideways (TURNED_SURE, TURNED_MARGIN over its upright name) is read sideways, with
        that name (`tiles` changed in place).

        A photographed face's ivory ends are the cloth's colour: the called tile's far end is lost, its cell
        measures as long as an upright one, and the three cells fit three upright tiles at the usual gaps.
        Seed 8919, white cloth, blue backs, 40 degrees, photographed faces: seat 3's pon of N was cut as
        three upright N's (the sideways one named 0.49-0.62 upright, 0.94-0.98 lying sideways; the others
        0.73-0.95 upright, 0.42-0.68 sideways), and no call was read."""
        named = set(rows)
        pieces: dict[int, list[int]] = {}
        for i, (t, owner) in enumerate(zip(tiles, owners, strict=True)):
            if t.area == "hand":
                pieces.setdefault(owner, []).append(i)
        for piece in pieces.values():
            if not 3 <= len(piece) <= 4 or any(
                i not in named or tiles[i].sideways or tiles[i].face_down for i in piece
            ):
                continue
            poses = [TilePose(tiles[i].x, tiles[i].y, tiles[i].seat, True) for i in piece]
            turned = self.name(view, poses)
            gain = [float(turned[k].max() - tiles[i].scores.max()) for k, i in enumerate(piece)]
            k = int(np.argmax(gain))
            if float(turned[k].max()) >= TURNED_SURE and gain[k] >= TURNED_MARGIN:
                i = piece[k]
                tiles[i] = replace(tiles[i], sideways=True, scores=turned[k])

    def _with_blank_faces(self, solid: NDArray[np.uint8]) -> NDArray[np.uint8]:
        """The tile mask with the white dragons recorded in the ponds filled in where they lie, on white
        cloth at face height (`blank_faces`). Their faces are the cloth's colour and the mask does not find
        them; the tile laid after one, beyond it from the camera, then lost the part of its face that would
        show a side (a face-height view keeps a pixel only where the tile mask goes on towards the camera for
        a side's length, `faces_only`), and its row was measured short: seed 5927, white cloth, 40 degrees:
        seat 1's 9p laid after its white dragon measured 8 mm short, its row of four 100 mm for 113, cut as
        two upright cells and a sideways one, and a riichi nobody declared was recorded. Filled in, the
        dragon is a tile of its row again, and the row is cut whole."""
        if not self.blank_faces:
            return solid
        out = solid.copy()
        for x, y, w, h in self.blank_faces:
            x0, y0 = round(x * self.ppm), round(y * self.ppm)
            x1, y1 = x0 + round(w * self.ppm) - 1, y0 + round(h * self.ppm) - 1
            cv2.rectangle(out, (x0, y0), (x1, y1), 255, -1)
        return out

    def _meld_blob(self, x: int, y: int, w: int, h: int, seat: int) -> bool:
        """Whether a hand-row blob (pixels) is a recorded meld: one of its called tiles lies in it and it is
        no longer along the row than an added kan (two upright tiles beside the called one, its added tile
        beyond it, and their sides). An added kan is two lying tiles deep where it is stacked, as deep as a
        standing hand looks (seed 5237, white cloth, 40 degrees: seat 0's kan added to its pon of F, the
        called tile in the middle, measured 62 mm deep over most of its length and was left out as a
        standing hand with the pon under it; the kan and its dora were never read)."""
        along = (w if seat in (0, 2) else h) / self.ppm
        if along > 2 * self.geo.tile_w + self.geo.tile_h + KAN_ADDED_SLACK_MM:
            return False
        x0, y0, x1, y1 = x / self.ppm, y / self.ppm, (x + w) / self.ppm, (y + h) / self.ppm
        return any(x0 <= cx <= x1 and y0 <= cy <= y1 for cx, cy in self.called_tiles)

    def _doubt_top(self, x: float, y: float, band_needed: bool) -> bool:
        """Whether a cell at table mm (x, y) that looks like a standing tile's top is named before it is
        left out (`_unsure_tops`): in a pond always, in a hand row where its rim alone said so."""
        area = self.geo.area_of(x, y)[1]
        return area == "pond" or (area == "hand" and not band_needed)

    def _unsure_tops(
        self,
        tiles: list[TileReading],
        owners: list[int],
        rows: list[int],
        doubtful: list[int],
        tops: dict[int, int],
    ) -> tuple[list[TileReading], list[int], list[int]]:
        """`tiles` (with their blobs and the rows named) without the `doubtful` ones the namer is not sure
        are faces: each such one is left out as a standing tile's top, as the rim rule would have (noted in
        `rejected`, counted in `tops`). Dense ink of nearly the backs' colour touches a face's rim (9p on
        black backs at a draw: seed 619, white cloth, 37 degrees; the ron was lost); a standing tile's top
        and back is no face the namer is sure of (FACE_SURE)."""
        drop: set[int] = set()
        for k in doubtful:
            if not _sure_face(tiles[k].scores):
                drop.add(k)
                self.rejected.append(Rejected(tiles[k].x, tiles[k].y, -1, STANDING))
                tops[owners[k]] = tops.get(owners[k], 0) + 1
        if not drop:
            return tiles, owners, rows
        keep = [k for k in range(len(tiles)) if k not in drop]
        index = {k: n for n, k in enumerate(keep)}
        return [tiles[k] for k in keep], [owners[k] for k in keep], [index[r] for r in rows if r in index]

    def _side(self, centre: tuple[float, float]) -> tuple[float, float]:
        """How far (mm, along the view's x and y) a lying tile's side shows beside its face at view pixel
        `centre`: none in a felt view (vision.face_height)."""
        if self.camera is None:
            return (0.0, 0.0)
        k = LYING_FACE_MM / self.camera.height_mm
        fx, fy = self.camera.foot
        return (abs(centre[0] / self.ppm - fx) * k, abs(centre[1] / self.ppm - fy) * k)

    def _towards_camera(self, centre: tuple[float, float]) -> tuple[float, float]:
        """`_side` signed: positive where the side shows towards larger x (or y), the camera's foot there."""
        side = self._side(centre)
        if self.camera is None:
            return side
        return tuple(  # type: ignore[return-value]
            s if c / self.ppm < f else -s for s, c, f in zip(side, centre, self.camera.foot, strict=True)
        )

    def _face_centre(self, x: float, y: float, w: float, h: float) -> tuple[float, float]:
        """The centre (table mm) of the face of a cell centred at (x, y), w x h mm.

        At face height, where the pond's tiles' sides cover the gaps (`tile_cuts.cut_blob`: a side seat's
        rows run towards the camera; seat 0's and seat 2's rows are parted where the nearer row's faces
        start), a cell deeper across its row than a lying tile still holds a strip of its own side on the
        camera's side of the face: `faces_only` leaves it, as a tile lies beyond it. That strip, up to the
        side's length across the row there, is left out, so the crop is centred on the face: 1-2 mm off
        towards the camera, a template read seat 3's 1m as 2m, its 4m as 5m and seat 1's 5m as 2p (seed
        211, blue felt, 37 degrees). A pond whose gaps show, a hand row, or a felt view keep the centre."""
        if self.camera is None:
            return x, y
        seat, area, _, _ = self.geo.area_of(x, y)
        if area != "pond":
            return x, y  # a hand row's cells (melds, a hand shown) are cut and centred as before
        across = 1 if seat in (0, 2) else 0  # the view's y for seats 0 and 2 (rows along x), x for 1 and 3
        side = self._side((x * self.ppm, y * self.ppm))
        if (
            side[1 - across] <= self.geo.pitch - self.geo.tile_w
            and side[across] <= self.geo.row_pitch - self.geo.tile_h
        ):
            return x, y
        depth = self.geo.tile_w if lies_sideways(seat, area, w, h) else self.geo.tile_h
        excess = (w, h)[across] - depth
        away = float(np.sign((x, y)[across] - self.camera.foot[across]))  # from the camera's foot
        if excess <= 0 and self._rims:
            # White cloth: the face's far edge shows nothing against the cloth, so a cell no deeper than a
            # tile has lost its far part and may still hold its side's near band (a row behind another):
            # its crop goes a quarter of the side away from the camera (seed 318, white cloth, hard: seat
            # 2's 3s in its second row named F, centred 6 px towards the camera off its face).
            shift = away * side[across] * PALE_SHIFT
            return (x + shift, y) if across == 0 else (x, y + shift)
        if excess <= 0:
            return x, y
        shift = away * min(excess, side[across]) / 2
        return (x + shift, y) if across == 0 else (x, y + shift)

    def _face_only_back(
        self, cell: NDArray[np.uint8], centre: tuple[float, float], band_needed: bool, ink_backs: bool
    ) -> bool:
        """Whether a hand row's or a pond's cell at face height, part back-coloured (`cell`: its back-colour
        mask) at view pixel `centre`, is a lying face after all: without the strip on the camera's side where
        a lying tile's side shows its back layer (`_towards_camera`), it is neither half back nor a back.

        A face densely inked in a colour near the backs' (8p's navy circles on black or blue backs, 8s's
        bamboo on green ones) with that strip below it looks half back or face down: seed 402, white cloth,
        black backs, 37 degrees, and seed 533, blue backs, 40 degrees: an 8p in a hand laid open at a draw or
        a win was left out as a standing tile's top, and the hand was not read. A standing tile's top keeps
        its back on the far side or over most of it, so it stays left out. A pond cell is judged so too: no
        tile stands there, and a 7s in seat 0's pond, its bamboo green over green backs' side below it,
        looked a standing top and was never read (seed 1013, wood felt, green backs, 40 degrees)."""
        area = self.geo.area_of(centre[0] / self.ppm, centre[1] / self.ppm)[1]
        if self.camera is None or area not in ("hand", "pond"):
            return False
        sx, sy = self._towards_camera(centre)
        face = without_side(cell, round(sx * self.ppm), round(sy * self.ppm))
        if face is cell or not face.size:
            return False
        share, edge = float(face.mean()), edge_share(face, round(EDGE_MM * self.ppm))
        # Where no band is needed (black, dark blue or red backs), a standing top's back runs along a whole
        # side of its rim (0.35-0.45 of the rim, seed 402, red backs); a face's dense ink touches the rim at
        # its ends only (0.08-0.14: 8p at a draw, seeds 402 and 533).
        top = half_back(face, share, edge, band_needed) and (band_needed or edge >= TOP_EDGE)
        return not top and not face_down(share, edge, ink_backs)

    def _band_needed(self, x: float, y: float) -> bool:
        """Whether a cell at table mm (x, y) in part back-coloured is a standing tile's top only when that
        colour lies as a band on one side (`not_tiles.half_back`).

        Ink of the backs' colour (green bamboo and hatsu, blue circles and winds on a set with such backs)
        lies inside a face, within its ivory rim: such backs always need the band. So does any learned
        back colour outside the hand row, where no tile stands: a face's dark ink (9p's navy circles) in dim
        light is as dark as black backs. In the hand row black backs keep the rim rule alone: an arm's
        shadow over a standing top's face half may break its band. Red backs (and a back not yet learned)
        keep the measured hue rule with the rim rule alone."""
        c = self.colours
        if c.back is None or c.red_back():
            return False
        return c.ink_coloured_back() or self.geo.area_of(x, y)[1] != "hand"

    def name(self, view: NDArray[np.uint8], poses: list[TilePose]) -> NDArray[np.float32]:
        """(N, 38) class probabilities for face-up tiles at `poses`, by the chosen namer.

        A dim view is brightened first (its brightest parts, the faces, to a lit face's level): the namers
        learned faces under ordinary light."""
        if poses:
            view = _lit(view)
        if self.namer == "onnx":
            assert self.onnx is not None
            return np.asarray(self.onnx.scores(view, poses), np.float32)
        scores = self.templates.scores([self._crops(view, p) for p in poses])
        if self.namer == "both" and len(poses):
            assert self.onnx is not None
            unsure = np.nonzero(needs_second_opinion(scores))[0]
            if len(unsure):
                self.second_opinions += len(unsure)
                second = self.onnx.scores(view, [poses[i] for i in unsure])
                scores = scores.copy()
                scores[unsure] = combine(scores[unsure], second)
        return scores

    def _note_outside(self, x: float, y: float) -> None:
        """A tile outside every zone inside the marker square, away from the markers, is noted: a pond
        pushed out to the table's edge (vision.live_why says so on the page)."""
        side, inner, corner = self.geo.side_mm, 10.0, 60.0
        near_edge = [min(v, side - v) < corner for v in (x, y)]
        if all(near_edge) or not (inner < x < side - inner and inner < y < side - inner):
            return  # a marker, or beyond the square
        self.outside.append((x, y, self.geo.seat_of(x, y)))

    def _reading(self, x: float, y: float, w: float, h: float, is_back: bool) -> TileReading | None:
        seat, area, u, v = self.geo.area_of(x, y)
        if area == "outside":
            return None
        sideways = lies_sideways(seat, area, w, h)
        scores = _back_only() if is_back else np.zeros(N_CLASSES, np.float32)
        return TileReading(x, y, seat, area, u, v, sideways, is_back, scores)

    def _crops(self, view: NDArray[np.uint8], pose: TilePose) -> list[NDArray[np.uint8]]:
        """The template-size face crops of a tile in both of its possible orientations."""
        face = (self.geo.tile_w, self.geo.tile_h)
        axes = seat_axes(pose.seat, pose.sideways)
        return [cut_pose(view, pose, a, TEMPLATE_SIZE, face, self.ppm) for a in axes]


def cut_side(area: str, seat: int, towards: tuple[float, float]) -> tuple[float, float]:
    """How far (mm, along the view's x and y, signed towards the camera's foot) a lying tile's side shows,
    as `tile_cuts.cut_blob` is to cut a blob of `area` at `seat` by it: a pond's rows both ways; a hand row
    along the row alone (it is one row deep); anything else not at all. Where the side along a row is
    longer than the gap between two tiles it covers the gap, and what passes for mat there is ink of the
    felt's colour: seat 1's open kan beside its pon at 37 degrees on a blue felt (seed 135, hard), cut at
    its E's long strokes, was read as five upright tiles and two sideways ones at the end, and its call
    not at all (docs/live.md, "Kans at face height")."""
    if area == "pond":
        return towards
    if area != "hand":
        return (0.0, 0.0)
    return (towards[0], 0.0) if seat in (0, 2) else (0.0, towards[1])


class _LitPieces:
    """The faces of the pieces of a blob parted off a standing hand (`not_tiles.part_hand_rows`): found on
    the whole mask and kept as bright as faces are (`not_tiles.lit_faces`); made once per view, on demand."""

    def __init__(
        self,
        whole: NDArray[np.uint8],
        view: NDArray[np.uint8],
        back: NDArray[np.uint8],
        cut_near: NDArray[np.uint8],
        camera: CameraPose,
        ppm: float,
    ) -> None:
        self.whole, self.view, self.back, self.cut_near = whole, view, back, cut_near
        self.camera, self.ppm = camera, ppm
        self._faces: NDArray[np.uint8] | None = None
        self._grey: NDArray[np.uint8] | None = None

    def faces(self, blob: NDArray[np.bool_], x: int, y: int, along_x: bool) -> NDArray[np.bool_] | None:
        """The lit faces of a blob whose box starts at view pixel (x, y), or None when it was not parted."""
        h, w = blob.shape
        box = (slice(y, y + h), slice(x, x + w))
        if not self.cut_near[box][blob].any():
            return None
        if self._faces is None or self._grey is None:
            self._faces = faces_only(self.whole, self.camera, self.ppm)
            self._grey = np.asarray(cv2.cvtColor(self.view, cv2.COLOR_BGR2GRAY), np.uint8)
        return lit_faces(blob & (self._faces[box] > 0), self._grey[box], self.ppm, along_x, self.back[box])


LIT_FACE = 225.0  # grey level of a lit ivory face: a dim view's brightest parts are raised to it
MAX_GAIN = 2.5


def _lit(view: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """The view brightened when its brightest parts (99.5th percentile of a quarter-size grey view) are
    dimmer than a lit face; unchanged otherwise."""
    grey = cv2.cvtColor(np.ascontiguousarray(view[::4, ::4]), cv2.COLOR_BGR2GRAY)
    bright = float(np.percentile(grey, 99.5))
    gain = min(MAX_GAIN, LIT_FACE / max(bright, 1.0))
    if gain < 1.15:
        return view
    return np.asarray(cv2.convertScaleAbs(view, alpha=gain), np.uint8)


def _outlines(lightness: NDArray[np.float32], felt_l: float) -> NDArray[np.uint8]:
    """1 where the lightness changes sharply (tile rims and symbols; not the felt's weave, nor the 8 px
    blocks video compression leaves on a smooth cloth): a Scharr gradient of the smoothed view above
    OUTLINE_STEP of the felt's lightness, thickened by a pixel."""
    smooth = cv2.GaussianBlur(lightness, (3, 3), 0)
    grad = cv2.magnitude(cv2.Scharr(smooth, cv2.CV_32F, 1, 0), cv2.Scharr(smooth, cv2.CV_32F, 0, 1))
    edges = (grad > OUTLINE_STEP * felt_l).astype(np.uint8)
    return np.asarray(cv2.dilate(edges, np.ones((2, 2), np.uint8)), np.uint8)


def _raised(lightness: NDArray[np.float32], mat: NDArray[np.bool_], tile_px: float) -> NDArray[np.bool_]:
    """True where a pixel is RAISED_L lighter than the cloth around it (the mat's mean lightness over
    CLOTH_TILES tiles' width, at a quarter of the view's size): a blank face in dim light, lit more than the
    cloth it lies on, whose far edges are too soft to outline."""
    small = (lightness.shape[1] // 4, lightness.shape[0] // 4)
    ls = cv2.resize(lightness, small, interpolation=cv2.INTER_AREA)
    ms = cv2.resize(mat.astype(np.float32), small, interpolation=cv2.INTER_AREA)
    k = max(3, int(CLOTH_TILES * tile_px / 4) | 1)
    total = cv2.blur(ls * ms, (k, k))
    weight = cv2.blur(ms, (k, k))
    cloth = np.where(weight > 0.05, total / np.maximum(weight, 1e-3), 255.0).astype(np.float32)
    cloth = cv2.resize(cloth, (lightness.shape[1], lightness.shape[0]), interpolation=cv2.INTER_LINEAR)
    return np.asarray(lightness > cloth + RAISED_L)


def _banded(back: NDArray[np.uint8], run: int) -> NDArray[np.uint8]:
    """The back-colour mask without the parts that hold no row of `run` back pixels side by side: a tile's
    back shows as a band along a whole side (or a whole tile face down, a standing hand's backs), an ink of
    the backs' colour as strokes, dots and rings (blue winds and circles on blue backs)."""
    runs = cv2.morphologyEx(back, cv2.MORPH_OPEN, np.ones((1, run), np.uint8))
    if not runs.any():
        return runs
    count, labels = cv2.connectedComponents(back, connectivity=4)
    keep = np.zeros(count, np.uint8)
    keep[np.unique(labels[runs > 0])] = 1
    keep[0] = 0
    return keep[labels]


def _fill_holes(mask: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """The mask with every enclosed hole (a tile's symbols) filled."""
    h, w = mask.shape
    flood = np.zeros((h + 2, w + 2), np.uint8)
    outside = mask.copy()
    outside[0, :] = 0
    outside[-1, :] = 0
    outside[:, 0] = 0
    outside[:, -1] = 0
    cv2.floodFill(outside, flood, (0, 0), 255)
    return np.asarray(mask | cv2.bitwise_not(outside), np.uint8)


def _mean_sure(tiles: list[TileReading], named: list[bool]) -> float:
    """The mean top score of `tiles`, each not `named` (known) counting as sure, 1."""
    return float(np.mean([float(t.scores.max()) if n else 1.0 for t, n in zip(tiles, named, strict=True)]))


def _unsure_backs(
    tiles: list[TileReading], rows: list[int], maybe_down: list[int]
) -> tuple[list[TileReading], list[int]]:
    """`tiles` with each of `maybe_down` (named, face up) face down again unless the namer is sure of a face
    (FACE_SURE), and `rows` (the named ones) without those: a face-down tile is no standing top's back
    (`not_tiles.drop_standing` leaves out a hand-row blob whose named cells are mostly backs)."""
    tiles = list(tiles)
    down: set[int] = set()
    for k in maybe_down:
        if not _sure_face(tiles[k].scores):
            tiles[k] = replace(tiles[k], face_down=True, scores=_back_only())
            down.add(k)
    return tiles, [r for r in rows if r not in down]


def _sure_face(scores: NDArray[np.float32]) -> bool:
    """Whether the namer's scores name a face (not the back) with at least FACE_SURE."""
    best = int(np.argmax(scores))
    return best != BACK_CLASS and float(scores[best]) >= FACE_SURE


def _back_only() -> NDArray[np.float32]:
    """Scores of a tile lying face down: the back, surely."""
    scores = np.zeros(N_CLASSES, np.float32)
    scores[BACK_CLASS] = 1.0
    return scores
