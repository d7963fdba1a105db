"""Write the close-up / far regression samples (tests/vision/samples/scale_*.jpg + .txt) from hk-real-train.

    .venv/bin/python tests/vision/make_closeup_samples.py [../shared/datasets/hk-real-train]

One real photo of a row of 14 standing tiles (hk-real training split, CC BY 4.0, see ATTRIBUTION.md) at
three scales: `scale_close.jpg` four tiles filling the frame (a tile ~20 % of the width), `scale_row.jpg` the
row cropped tight (one hand close up), `scale_far.jpg` the photo small in a 1280x720 frame (a tile ~2 % of
the width). Labels are the photo's own boxes moved with the crop, YOLO txt `class xc yc w h`.
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

HERE = Path(__file__).resolve().parent
PHOTO = "train__hand_094_jpg"


def main(root: Path) -> int:
    image_path = next((root / "images").glob(f"{PHOTO}*"))
    image = cv2.imread(str(image_path))
    h, w = image.shape[:2]
    lab = np.loadtxt(root / "labels" / f"{image_path.stem}.txt", ndmin=2)
    cls = lab[:, 0].astype(int)
    xyxy = np.stack(
        [(lab[:, 1] - lab[:, 3] / 2) * w, (lab[:, 2] - lab[:, 4] / 2) * h, (lab[:, 1] + lab[:, 3] / 2) * w,
         (lab[:, 2] + lab[:, 4] / 2) * h], 1,
    )  # fmt: skip
    order = np.argsort(xyxy[:, 0])
    cls, xyxy = cls[order], xyxy[order]
    tw, th = float(np.median(xyxy[:, 2] - xyxy[:, 0])), float(np.median(xyxy[:, 3] - xyxy[:, 1]))

    def write(name: str, x1: float, y1: float, x2: float, y2: float, out_w: int, picked: np.ndarray) -> None:
        x1, y1, x2, y2 = int(max(0, x1)), int(max(0, y1)), int(min(w, x2)), int(min(h, y2))
        crop = image[y1:y2, x1:x2]
        s = out_w / crop.shape[1]
        crop = cv2.resize(crop, (out_w, round(crop.shape[0] * s)), interpolation=cv2.INTER_CUBIC)
        b = (xyxy[picked] - [x1, y1, x1, y1]) * s
        ch, cw = crop.shape[:2]
        rows = [
            f"{c} {(bb[0] + bb[2]) / 2 / cw:.6f} {(bb[1] + bb[3]) / 2 / ch:.6f} {(bb[2] - bb[0]) / cw:.6f} "
            f"{(bb[3] - bb[1]) / ch:.6f}"
            for c, bb in zip(cls[picked], b, strict=True)
        ]
        cv2.imwrite(str(HERE / "samples" / f"{name}.jpg"), crop, [cv2.IMWRITE_JPEG_QUALITY, 85])
        (HERE / "samples" / f"{name}.txt").write_text("\n".join(rows) + "\n")

    everything = np.arange(len(cls))
    write("scale_row", xyxy[:, 0].min() - 0.6 * tw, xyxy[:, 1].min() - 0.8 * th, xyxy[:, 2].max() + 0.6 * tw,
          xyxy[:, 3].max() + 0.8 * th, 960, everything)  # fmt: skip
    four = everything[5:9]
    write("scale_close", xyxy[4, 2] + 2, xyxy[four, 1].min() - 0.5 * th, xyxy[9, 0] - 2,
          xyxy[four, 3].max() + 0.5 * th, 720, four)  # fmt: skip
    # far: the whole photo at a third of its size inside a 1280x720 frame of plain dark felt
    small = cv2.resize(image, (w // 3, h // 3), interpolation=cv2.INTER_AREA)
    frame = np.full((720, 1280, 3), (40, 90, 45), np.uint8)
    ox, oy = 700, 300
    frame[oy : oy + small.shape[0], ox : ox + small.shape[1]] = small
    b = xyxy / 3 + [ox, oy, ox, oy]
    rows = [
        f"{c} {(bb[0] + bb[2]) / 2 / 1280:.6f} {(bb[1] + bb[3]) / 2 / 720:.6f} {(bb[2] - bb[0]) / 1280:.6f} "
        f"{(bb[3] - bb[1]) / 720:.6f}"
        for c, bb in zip(cls, b, strict=True)
    ]
    cv2.imwrite(str(HERE / "samples" / "scale_far.jpg"), frame, [cv2.IMWRITE_JPEG_QUALITY, 85])
    (HERE / "samples" / "scale_far.txt").write_text("\n".join(rows) + "\n")
    return 0


if __name__ == "__main__":
    default = HERE.parents[1] / ".." / "shared" / "datasets" / "hk-real-train"
    raise SystemExit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else default))
