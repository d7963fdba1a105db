"""`riichi-table replay --templates` given a file that is not a templates .npz says so and names it."""

from riichi_table.cli import main


def test_a_templates_file_that_is_not_an_npz_is_a_one_line_error_naming_it(tmp_path, capsys):
    video = tmp_path / "still.jpg"  # OpenCV opens it as a sequence; the templates are loaded next
    video.write_bytes(b"this is not a video")
    templates = tmp_path / "faces.npz"
    templates.write_text('{"not": "an npz"}')
    assert main(["replay", str(video), "--out", str(tmp_path / "out"), "--templates", str(templates)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    last = err.strip().splitlines()[-1]  # OpenCV may print its own decoder warning first
    assert "faces.npz" in last and "'images' and 'classes'" in last
