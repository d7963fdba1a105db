"""`riichi-table enroll` refuses a number of epochs that cannot fine-tune, before it crops any photo."""

from riichi_table.cli import main


def test_negative_epochs_are_a_one_line_error_naming_them(tmp_path, capsys):
    photo = tmp_path / "labelled.jpg"  # never read: the options are checked first
    args = ["enroll", "--art", str(tmp_path), "--out", str(tmp_path / "e.onnx"), "--labelled", str(photo)]
    assert main([*args, "--epochs", "-3"]) == 2
    err = capsys.readouterr().err.strip()
    assert "--epochs must be at least 1, got -3" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "e.onnx").exists()


def _sheet_files(tmp_path, art, names, **kw):
    import cv2
    from riichi_table.datasets.render_layout import RECOLOUR, render_sheet_photo

    paths = []
    for seed, name in enumerate(names):
        image = render_sheet_photo(str(art), "Regular", seed, recolour_order=RECOLOUR, **kw)
        if name.startswith("blurred"):
            image = cv2.GaussianBlur(image, (0, 0), 2.8)
        paths.append(tmp_path / name)
        cv2.imwrite(str(paths[-1]), image)
    return paths


def test_enroll_profile_names_a_blurred_photo_and_learns_from_the_others(tmp_path, tile_art_dir, capsys):
    from riichi_table.vision.profiles import list_profiles

    sheets = _sheet_files(tmp_path, tile_art_dir, ["a.jpg", "blurred.jpg", "b.jpg"])
    profiles = tmp_path / "profiles"
    args = ["enroll", "--sheet", *map(str, sheets), "--profile", "our-club", "--profiles", str(profiles)]
    assert main(args) == 1  # written, but not everything given was learned from
    captured = capsys.readouterr()
    assert "skipped" in captured.err and "blurred.jpg: too blurred" in captured.err
    assert "a.jpg" not in captured.err and "wrote profile our-club" in captured.out
    (profile,) = list_profiles(profiles)
    assert [p.split("/")[-1] for p in profile.photos] == ["a.jpg", "b.jpg"]
    assert main(["enroll", "--list", "--profiles", str(profiles)]) == 0
    assert "our-club: 38 classes from 2 photo(s)" in capsys.readouterr().out


def test_enroll_with_only_unusable_photos_writes_no_profile(tmp_path, capsys):
    import cv2
    import numpy as np

    photo = tmp_path / "floor.jpg"
    cv2.imwrite(str(photo), np.full((300, 400, 3), 90, np.uint8))
    profiles = tmp_path / "profiles"
    code = main(["enroll", "--sheet", str(photo), "--profile", "x", "--profiles", str(profiles)])
    err = capsys.readouterr().err
    assert code == 2 and "floor.jpg: layout sheet not found" in err
    assert "nothing to learn profile x from" in err
    assert not profiles.exists() or not list(profiles.iterdir())


def test_choosing_an_unknown_profile_is_a_one_line_error(tmp_path, capsys):
    assert main(["enroll", "--use", "nobody", "--profiles", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "nobody.npz not found" in err and len(err.splitlines()) == 1


def test_enroll_needs_to_be_told_profile_or_fine_tune(tmp_path, capsys):
    assert main(["enroll", "--sheet", str(tmp_path / "s.jpg")]) == 2
    assert "--profile NAME" in capsys.readouterr().err
