"""The table's own colours, learned from the rectified view: the felt (mat) and the tiles' backs.

Nothing is assumed about either: the felt is the most common colour of the view (it covers most of the
table), the back colour is the most common colour of the dead wall that is neither felt nor a tile face (the
dead wall is mostly face-down stacks). Both follow slow changes of the light (a running mean); the felt
follows a sudden one (a camera's exposure step) at once. Colours are
OpenCV 8-bit Lab (L, a, b in 0..255, a and b centred on 128); distances weigh lightness half as much as
colour, so shading and uneven light move a colour less than a change of felt does.
"""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

FOLLOW = 0.1  # weight of a new frame in the running mean of a learned colour
L_WEIGHT = 0.5  # lightness counts half in a colour distance (light changes, colour does not)
FACE_CHROMA = 22.0  # a tile face (ivory) is this close to grey in (a, b)
INK_BACK_CHROMA = 20.0  # a back this colourful (Lab chroma) has the colour of some faces' ink
INK_BACK_L = 60.0  # and this light; darker (black) backs keep the rim rule alone in the hand row (shadows)
PALE_L = 110.0  # a grey felt lighter than this (8-bit Lab L) is as pale as a face in dim light
# Once pale, a cloth stays so in a dip of the light down to this lightness: it is the same cloth (white cloth,
# green backs, 40 degrees, light 0.55, seed 8501: the cloth went from L 132 to 88 for four seconds, was
# judged by its colour, and every face lay within its reach as mat; the pond's tracks went, and a discard
# laid then, first cut sideways, was taken for a riichi nobody declared).
PALE_KEEP_L = 60.0
# A felt this colourful (Lab chroma: wood, blue, green cloth) has a hue, and its own shades keep it: wood's
# grain and a lamp's fall-off change its lightness and chroma, hardly its hue. A pixel ACROSS_REACH times the
# felt's spread across its hue (at least ACROSS_FLOOR) away is no mat, however near it lies otherwise: red
# ink on wood felt (hue 30 degrees against the wood's 70) lies within the wood's wide reach, off its hue.
HUED_FELT_CHROMA = 15.0
TOWARDS_BACK_COS = 0.85  # an off-hue pixel this near the backs' direction from the felt (cos) is a gap
ACROSS_REACH = 4.0
ACROSS_FLOOR = 8.0
# The felt's hue band: the 2nd to 98th percentile of its pixels' hue about its own (those at least
# HUE_MIN_CHROMA colourful), widened by HUE_MARGIN degrees each way. A pixel whose (a, b) lies HUE_BEYOND
# beyond either edge of the band (a line through grey) is no mat: ink faded towards grey lies near the felt
# in colour, yet keeps its hue (a 萬's red at a face's edge on wood in dim light, chroma 8-20 and hue 4-50
# degrees against the wood's 62-92 at chroma 20-28: the face's outline notched, a hand laid open cut short
# and never read; seed 2903, wood felt, 40 degrees). Near grey, where hue means little, nothing lies that
# far beyond an edge.
HUE_MARGIN = 12.0
HUE_MIN_CHROMA = 8.0
HUE_BEYOND = 3.0
# The band is learned from the pixels within BAND_NEAR of the felt's reach of its colour, not from all that
# the felt's colour is learned from: those take in the blend of tile edges and faint ink with the felt, and
# on wood felt among red backs and red ink 2 % of them lay 27-36 degrees below the wood's hue (its bare
# pixels at most 16): the band took in a 9s's dim pink dots (hue 20-30 degrees, 44-54 below the wood's), a
# row of them across a face was mat, the face parted in two, and a hand laid open at a ron lost both 9s
# (seed 5101, wood felt, red backs, 37 degrees, dim).
BAND_NEAR = 0.6
# And a pixel far greyer than such a felt (its chroma per lightness less than GREY_SATURATION times the
# felt's) is no mat either, nor the felt between two tiles: a face's ivory in shade (the near side of a hand
# laid open on wood felt, L 131-145 and chroma 4 against the wood's L 118 and chroma 27) lay within the
# wood's reach, and the faces were cut 10 mm short (seed 2293, wood felt, 40 degrees): 0.15 of the wood's
# saturation; a far hand's faces, as felt-like as the gaps between them, were cut at any pitch (seed 533).
# The wood's grain and an arm's shadow darken its chroma with its lightness: its bare pixels lay above 0.85
# of its saturation in nearly every frame (99 % of them; every 20th frame of two clips).
GREY_SATURATION = 0.35
# A dead-wall sample this far (`lab_distance`) from the back colour, once BACK_SETTLED samples in a row lay
# near it, is no back: felt the mat test missed (an exposure step the felt's running mean lags), a sleeve.
# Only BACK_PATIENCE such samples in a row (another set of tiles) make the back colour start again.
BACK_JUMP = 30.0
# A back at least this colourful is also found where the light is dimmer than on the dead wall: the same hue
# (within about 20 degrees), a chroma above SHADED_MIN_CHROMA, and a chroma for its lightness at least
# SHADED_SATURATION times the learned back's.
SHADED_BACK_CHROMA = 20.0
SHADED_HUE_COS = 0.94
SHADED_MIN_CHROMA = 10.0
SHADED_SATURATION = 0.5
BACK_SETTLED = 10
BACK_REACH = 22.0  # a pixel this near the back colour (`lab_distance`) has it
BACK_PATIENCE = 60
LEAST_REACH = 12.0  # the felt's reach is never less (`learn_felt`)
# Backs the felt's hue this much lighter than it are told from it by lightness (`light_backs_near`). Nearer,
# the back colour is one that a dip of the light left behind on the felt's (seed 8093, green felt and
# backs, 40 degrees: as the light came back the felt's colour rose past the backs' lagging one, then the
# felt nearer it than its own colour was taken for backs, the backs were learned from it, and the whole
# felt by a hand laid open at a ron was one blob too big for tiles).
LIGHT_L = 16.0
SAME_HUE = 8.0  # degrees: green backs on green felt 2-3 apart, blue on blue 6; yellow backs on wood 15
# Backs this far off the felt's hue (degrees, both colourful) are told from it by hue (`off_hue`) and stay in
# the felt's sample: red backs on wood, 37 apart (seed 6199, 37 degrees, light 0.55: in a dip of the light
# they came 21-22 from the wood, within BACK_REACH; taken out of its sample, the wood's reach fell from 29 to
# 19 in ten frames, and seat 0's pon of a 6p was lost with every later discard of the seat a turn late).
OTHER_HUE = 20.0


_WEIGHTS = np.array([[L_WEIGHT**2, 1.0, 1.0]], np.float32)
# Under a lamp's colour (vision.white_balance) the colour of a thin dark line counts this much of itself.
CAST_CHROMA = 0.5


def lab_distance2(lab: NDArray[np.float32], colour: NDArray[np.float32]) -> NDArray[np.float32]:
    """Per-pixel squared distance of an (H, W, 3) Lab image from one colour, lightness weighted by
    L_WEIGHT (OpenCV's vector ops: a 900 x 900 view costs a few milliseconds)."""
    diff = cv2.subtract(lab, (*(float(v) for v in colour), 0.0))
    return np.asarray(cv2.transform(cv2.multiply(diff, diff), _WEIGHTS), np.float32)


def lab_distance(lab: NDArray[np.float32], colour: NDArray[np.float32]) -> NDArray[np.float32]:
    """Per-pixel distance of an (H, W, 3) Lab image from one colour, lightness weighted by L_WEIGHT."""
    return np.asarray(cv2.sqrt(lab_distance2(lab, colour)), np.float32)


class SurfaceColours:
    """Learns the felt and back colours frame by frame; `felt_distance` and `back_mask` use them."""

    def __init__(self) -> None:
        self.felt: NDArray[np.float32] | None = None
        self.felt_reach = 18.0
        self.across_reach: float | None = None  # how far across its hue the felt reaches; None: no hue
        self.hue_band: tuple[float, float] | None = None  # degrees about the felt's hue (HUE_MARGIN)
        self.back: NDArray[np.float32] | None = None
        self._back_samples = 0  # dead-wall samples in a row near the back colour learned
        self._back_strays = 0  # samples in a row far from it
        self._off_table: NDArray[np.uint8] | None = None  # `off_hue`'s table, and what it was worked from
        self._off_table_key: tuple[object, ...] | None = None
        self._was_pale = False  # the felt was pale when last learned (PALE_KEEP_L)

    def learn_felt(self, lab_small: NDArray[np.float32]) -> None:
        """The mode of a quarter-size Lab view (8 lightness x 16 x 16 colour bins) is the felt."""
        px = lab_small.reshape(-1, 3)
        bins = _colour_bins(px)
        mode = int(np.argmax(np.bincount(bins, minlength=2048)))
        centre = px[bins == mode].mean(axis=0)
        to_centre = lab_distance(px[None], centre.astype(np.float32))[0]
        sampled = to_centre < 30.0
        near = px[sampled]
        if self._backs_in_felt_sample():
            # Backs near the felt's colour lie within the sample: the felt is learned from the pixels nearer
            # its own colour than the backs'. Black backs on wood felt in dim light (seed 8231, 40 degrees,
            # light 0.55), 7-8 % of the sample, lay about its 90th percentile: the felt's reach went from
            # 13 to 24 as their share grew, the stacks became mat, the back colour learned from what was
            # left of them went to a face's grey in shade, a hand's two 8s (dark green bamboo) within its
            # reach were read as backs and an 8p's navy circles as mat, and the tsumo was lost.
            assert self.back is not None
            near = near[to_centre[sampled] <= lab_distance(near[None], self.back)[0]]
        colour = near.mean(axis=0).astype(np.float32) if len(near) else centre.astype(np.float32)
        spread = float(np.percentile(lab_distance(near[None], colour)[0], 90)) if len(near) > 50 else 8.0
        reach = float(np.clip(2.2 * spread, LEAST_REACH, 30.0))
        if self.felt is None or float(lab_distance(colour[None, None], self.felt)[0, 0]) > self.felt_reach:
            # The felt of this frame lies beyond the learned felt's reach: the light changed at once (the
            # camera's exposure stepped up, a lamp went on), and by the old colour the whole table is tiles.
            # Seed 10687, white cloth, blue backs, 40 degrees: an exposure step took the view's median
            # lightness from 158 to 220 between two frames; followed a tenth a frame, the felt took 15 read
            # frames to reach it, every pond lay in one blob too big for tiles meanwhile (an arm, skipped),
            # and seven discards came to light at once, out of turn.
            self.felt, self.felt_reach = colour, reach
        else:
            self.felt = ((1 - FOLLOW) * self.felt + FOLLOW * colour).astype(np.float32)
            self.felt_reach = (1 - FOLLOW) * self.felt_reach + FOLLOW * reach
        self._was_pale = self.pale_felt()
        across = _across_hue(near, self.felt) if len(near) > 50 else None
        if across is None:
            self.across_reach = None
            self.hue_band = None
        else:
            self._learn_hue_band(near[lab_distance(near[None], self.felt)[0] < BAND_NEAR * self.felt_reach])
            wide = max(ACROSS_REACH * float(np.percentile(np.abs(across), 90)), ACROSS_FLOOR)
            self.across_reach = (
                wide if self.across_reach is None else (1 - FOLLOW) * self.across_reach + FOLLOW * wide
            )

    def _learn_hue_band(self, near: NDArray[np.float32]) -> None:
        """The felt's hue band (HUE_MARGIN) from its pixels (`near`, Lab), as a running mean."""
        assert self.felt is not None
        a, b = near[:, 1] - 128.0, near[:, 2] - 128.0
        coloured = np.hypot(a, b) >= HUE_MIN_CHROMA
        if coloured.sum() < 50:
            return
        hue0 = np.arctan2(float(self.felt[2]) - 128.0, float(self.felt[1]) - 128.0)
        offset = np.degrees(np.angle(np.exp(1j * (np.arctan2(b[coloured], a[coloured]) - hue0))))
        lo, hi = np.percentile(offset, [2, 98])
        band = (float(lo) - HUE_MARGIN, float(hi) + HUE_MARGIN)
        if self.hue_band is None:
            self.hue_band = band
        else:
            old = self.hue_band
            self.hue_band = (
                (1 - FOLLOW) * old[0] + FOLLOW * band[0],
                (1 - FOLLOW) * old[1] + FOLLOW * band[1],
            )

    def learn_back(self, lab_dead_wall: NDArray[np.float32], mat: NDArray[np.bool_]) -> None:
        """The most common colour of the dead wall's non-mat pixels that is not a tile face (ivory); once
        learned, a sample far from it is left out (BACK_JUMP)."""
        px = lab_dead_wall[~mat]
        if len(px) < 400:
            return  # no dead wall on the table yet
        chroma = np.hypot(px[:, 1] - 128.0, px[:, 2] - 128.0)
        bright = px[:, 0] > np.percentile(px[:, 0], 60)
        candidates = px[~((chroma < FACE_CHROMA) & bright)]
        if len(candidates) < 0.3 * len(px):
            return  # mostly faces: no stack seen
        bins = _colour_bins(candidates)
        mode = int(np.argmax(np.bincount(bins, minlength=2048)))
        colour = candidates[bins == mode].mean(axis=0).astype(np.float32)
        far = self.back is not None and float(lab_distance(colour[None, None], self.back)[0, 0]) > BACK_JUMP
        if far and self._back_samples >= BACK_SETTLED:
            self._back_strays += 1
            if self._back_strays < BACK_PATIENCE:
                return
            self.back = None
        self._back_strays = 0
        # Settled after BACK_SETTLED samples in a row near it: a sleeve over the first ones is no back.
        self._back_samples = 0 if far or self.back is None else self._back_samples + 1
        self.back = colour if self.back is None else ((1 - FOLLOW) * self.back + FOLLOW * colour)

    def _backs_apart(self) -> float | None:
        """How far the back colour lies from the felt's (`lab_distance`); None before both are learned."""
        if self.back is None or self.felt is None:
            return None
        return float(lab_distance(self.back[None, None], self.felt)[0, 0])

    def backs_near_felt(self) -> bool:
        """The backs' colour lies so near the felt's that the felt falls within the back colour's reach
        (BACK_REACH), its pixels within half the felt's own reach of its colour (black backs on black felt,
        17-24 apart; black felt's nearest backs in the renders, blue ones in dim light, 42-46): by colour
        alone the bare felt would be backs."""
        apart = self._backs_apart()
        return apart is not None and apart < BACK_REACH + self.felt_reach / 2

    def _backs_in_felt_sample(self) -> bool:
        """The backs lie within BACK_REACH of the felt's colour, where the felt would be back-coloured (black
        backs on wood felt in dim light, 14 apart; blue on blue felt, 16), yet at least LEAST_REACH from
        it: a back colour nearer is none the felt can be told from (one a dip of the light left on the
        felt's). Backs further (red ones on wood in dim light, 31 apart, `backs_near_felt` once the wood's
        reach widens) keep the felt's sample whole: taking them out narrowed the reach, and the wood's
        reach went up and down frame by frame (seed 5927, 37 degrees: first discards cut sideways). So do
        backs OTHER_HUE or more off the felt's hue, however near a dip of the light brings them."""
        apart = self._backs_apart()
        if apart is None or not LEAST_REACH <= apart < BACK_REACH:
            return False
        turn = self._hue_turn()
        return turn is None or abs(turn) < OTHER_HUE

    def _hue_turn(self) -> float | None:
        """How far (degrees) the backs' hue lies from the felt's; None where either is not colourful
        (HUED_FELT_CHROMA) or not learned yet."""
        if self.back is None or self.felt is None:
            return None
        (a0, b0), (a1, b1) = (self.felt[1:] - 128.0), (self.back[1:] - 128.0)
        if min(np.hypot(a0, b0), np.hypot(a1, b1)) < HUED_FELT_CHROMA:
            return None
        return float(np.degrees(np.angle(complex(a1, b1) / complex(a0, b0))))

    def light_backs_near(self) -> bool:
        """The backs are the felt's hue (within SAME_HUE degrees, both colourful) and lighter than it by
        LIGHT_L or more: told from the felt by lightness alone (green backs on green felt, 22-29 apart, about
        `backs_near_felt`'s bound; blue on blue)."""
        if self.back is None or self.felt is None:
            return False
        if float(self.back[0]) - float(self.felt[0]) < LIGHT_L:
            return False
        turn = self._hue_turn()
        return turn is not None and abs(turn) < SAME_HUE

    def back_not_felt(self, lab: NDArray[np.float32]) -> NDArray[np.bool_]:
        """True where a pixel lies beyond the felt's reach and nearer the backs' colour than the felt's
        (`lab_distance`): the felt's own pixels, however lit, stay the felt's."""
        assert self.felt is not None and self.back is not None
        to_felt = lab_distance2(lab, self.felt)
        return np.asarray((to_felt > self.felt_reach**2) & (lab_distance2(lab, self.back) < to_felt))

    def green_felt(self) -> bool:
        """The felt is green (the old clips' and most clubs' felt): hue between yellow-green and cyan."""
        if self.felt is None:
            return False
        a, b = float(self.felt[1]) - 128.0, float(self.felt[2]) - 128.0
        return a < -8.0 and abs(b) < 2.5 * -a and float(np.hypot(a, b)) > 12.0

    def pale_felt(self) -> bool:
        """The felt is a pale, grey cloth (white cloth): a tile face differs from it by a few grey levels
        only, so faces are found by their outlines, not their colour (`vision.live_reader`). Lighter than
        PALE_L, or than PALE_KEEP_L once it was pale (a dip of the light)."""
        if self.felt is None:
            return False
        chroma = float(np.hypot(float(self.felt[1]) - 128.0, float(self.felt[2]) - 128.0))
        lightest = PALE_KEEP_L if self._was_pale else PALE_L
        return float(self.felt[0]) > lightest and chroma < FACE_CHROMA

    def felt_distance(self, lab: NDArray[np.float32]) -> NDArray[np.float32]:
        """How far each pixel is from the felt, in units of `felt_reach` (below 1 = mat)."""
        assert self.felt is not None
        return np.asarray(cv2.sqrt(lab_distance2(lab, self.felt)), np.float32) * np.float32(
            1.0 / self.felt_reach
        )

    def off_hue(self, lab: NDArray[np.float32]) -> NDArray[np.bool_] | None:
        """True where a pixel lies further across the felt's hue than the felt does (`across_reach`): no
        mat, however near it is otherwise. None for a felt without a hue (grey, black, white cloth).

        A pixel off the felt's hue towards the backs' colour (within TOWARDS_BACK_COS) is no ink but the
        felt between two tiles, tinted by the back layer their sides show (green backs on wood felt at a
        far corner): it stays mat, or the gap closes and a pon's sideways tile was lost (seed 533). Only the
        mat is judged so; the gaps' evidence is `felt_distance`'s.

        The rule reads a pixel's (a, b) alone, and an 8-bit view has 65,536 of them: the rule is worked
        out once per frame over that square (`_off_hue_pixels`) and each pixel looks its answer up
        (`cv2.remap`, nearest), half the time of working it out per pixel on a 1280 x 720 frame."""
        table = self._off_hue_table()
        if table is None:
            return None
        a, b = cv2.extractChannel(lab, 1), cv2.extractChannel(lab, 2)  # x and y: the table is [b, a]
        return np.asarray(cv2.remap(table, a, b, cv2.INTER_NEAREST) > 0)

    def _off_hue_table(self) -> NDArray[np.uint8] | None:
        """`_off_hue_pixels` over every 8-bit (a, b), as a 256 x 256 table indexed [b, a] (1 = off), kept
        while the colours it was worked out from stay."""
        if self.felt is None or self.across_reach is None:
            return None
        key = (
            self.felt.tobytes(),
            self.across_reach,
            self.hue_band,
            None if self.back is None else self.back.tobytes(),
        )
        if self._off_table_key != key:
            b, a = np.mgrid[0:256, 0:256].astype(np.float32)
            square = np.dstack([np.zeros_like(a), a, b])
            off = self._off_hue_pixels(square)
            self._off_table = None if off is None else off.astype(np.uint8)
            self._off_table_key = key
        return self._off_table

    def _off_hue_pixels(self, lab: NDArray[np.float32]) -> NDArray[np.bool_] | None:
        """`off_hue`'s rule, pixel by pixel."""
        if self.felt is None or self.across_reach is None:
            return None
        across = _across_hue(lab, self.felt, 1.0 / self.across_reach)
        if across is None:
            return None
        off = np.asarray(cv2.absdiff(across, 0.0) > 1.0)
        if self.hue_band is not None:
            flat = lab.reshape(-1, 1, 3)
            hi, lo = (cv2.transform(flat, row[None]) for row in _band_rows(self.felt, self.hue_band))
            off |= (cv2.max(hi, lo) > 1.0).reshape(off.shape)
        if self.back is not None:
            to_back = self.back[1:] - self.felt[1:]
            norm = float(np.hypot(to_back[0], to_back[1]))
            if norm >= 1.0:
                ys, xs = np.nonzero(off)
                d = lab[ys, xs, 1:] - self.felt[1:]
                towards = d @ (to_back / norm) > TOWARDS_BACK_COS * np.hypot(d[:, 0], d[:, 1])
                off[ys[towards], xs[towards]] = False
        return off

    def grey(self, lab: NDArray[np.float32]) -> NDArray[np.bool_] | None:
        """True where a pixel's chroma per lightness is below GREY_SATURATION times a hued felt's: no mat,
        and no felt between two tiles either. None for a felt without a hue (`off_hue`)."""
        if self.felt is None or self.across_reach is None:
            return None
        felt_chroma = float(np.hypot(float(self.felt[1]) - 128.0, float(self.felt[2]) - 128.0))
        if felt_chroma < HUED_FELT_CHROMA:
            return None
        chroma = cv2.magnitude(cv2.subtract(lab[..., 1], 128.0), cv2.subtract(lab[..., 2], 128.0))
        floor = GREY_SATURATION * felt_chroma / max(float(self.felt[0]), 1.0)
        return np.asarray(chroma < cv2.multiply(lab[..., 0], floor))

    def gap_distance(self, lab: NDArray[np.float32]) -> NDArray[np.float32]:
        """`felt_distance` with colour counting CAST_CHROMA of itself: for the felt between tiles under a
        coloured lamp, once the view is balanced.

        A video carries colour at half the resolution of lightness, as an offset added to it: a gap a pixel
        or two wide between two faces takes the faces' colour. Under white light that is near grey and the
        gap stays the felt's colour, nearly; under a warm lamp it is the faces' orange, which a gain per
        channel cannot take out of a dark pixel (the offset is not in proportion to it). The gap keeps the
        felt's lightness, which the video carries whole."""
        assert self.felt is not None
        diff = cv2.subtract(lab, (*(float(v) for v in self.felt), 0.0))
        weights = np.array([[L_WEIGHT**2, CAST_CHROMA**2, CAST_CHROMA**2]], np.float32)
        dist2 = np.asarray(cv2.transform(cv2.multiply(diff, diff), weights), np.float32)
        return np.asarray(cv2.sqrt(dist2), np.float32) * np.float32(1.0 / self.felt_reach)

    def red_back(self) -> bool:
        """The backs are red (the project's own tiles): the reader keeps its measured hue rule for them."""
        if self.back is None:
            return True
        a, b = float(self.back[1]) - 128.0, float(self.back[2]) - 128.0
        return a > 25.0 and a > 1.2 * abs(b)

    def ink_coloured_back(self) -> bool:
        """The backs have a colour some faces are inked in (green bamboo and hatsu, blue circles and winds),
        not a dark or red one: such ink inside a lying face must not make it look part back."""
        if self.back is None or self.red_back():
            return False
        chroma = float(np.hypot(float(self.back[1]) - 128.0, float(self.back[2]) - 128.0))
        return chroma > INK_BACK_CHROMA and float(self.back[0]) > INK_BACK_L

    def back_mask(self, lab: NDArray[np.float32]) -> NDArray[np.uint8] | None:
        """1 where a pixel has the back colour; None before a back colour was learned."""
        if self.back is None:
            return None
        near = lab_distance2(lab, self.back) < BACK_REACH * BACK_REACH
        a0, b0 = float(self.back[1]) - 128.0, float(self.back[2]) - 128.0
        chroma0 = float(np.hypot(a0, b0))
        if chroma0 < SHADED_BACK_CHROMA:
            return near.astype(np.uint8)
        # Uneven light: the dead wall under the lamp, a hand at the table's dim edge. Its backs are the same
        # hue there but darker and less colourful by about the same factor (yellow backs at 37 degrees,
        # dimmed: L 160 and chroma 52 on the wall, L 105 and chroma 20 beside the hand, 49 apart), where an
        # ivory face stays near grey for its lightness. Such a pixel is a back too.
        a = cv2.subtract(lab[..., 1], 128.0)
        b = cv2.subtract(lab[..., 2], 128.0)
        chroma = cv2.magnitude(a, b)
        along = cv2.addWeighted(a, a0 / chroma0, b, b0 / chroma0, 0.0)  # chroma towards the back's hue
        saturation0 = chroma0 / max(float(self.back[0]), 1.0)
        shaded = (
            (along > SHADED_HUE_COS * chroma)
            & (chroma > SHADED_MIN_CHROMA)
            & (chroma > SHADED_SATURATION * saturation0 * lab[..., 0])
        )
        if self.light_backs_near():
            # The felt is the backs' hue, darker: a back in shade by this rule (green backs on green felt,
            # seed 104, 40 degrees: the whole felt was back-coloured, and a standing hand's row, backs on
            # the felt's side, was read as thirteen white dragons lying face up). The felt's own pixels are
            # no backs in shade; those near the backs' colour stay backs, or a standing tile's top strip of
            # back, in shade, goes with them (seed 318: the hand read as faces lying).
            shaded &= lab_distance2(lab, self.felt) > self.felt_reach**2
        return (near | shaded).astype(np.uint8)


def _across_hue(
    lab: NDArray[np.float32], felt: NDArray[np.float32], scale: float = 1.0
) -> NDArray[np.float32] | None:
    """Each Lab colour's (a, b) offset from the felt's across the felt's hue, times `scale` (signed; the
    shape of `lab` without its last axis), or None for a felt too grey to have a hue (HUED_FELT_CHROMA)."""
    a0, b0 = float(felt[1]) - 128.0, float(felt[2]) - 128.0
    chroma = float(np.hypot(a0, b0))
    if chroma < HUED_FELT_CHROMA:
        return None
    pa, pb = -b0 * scale / chroma, a0 * scale / chroma  # square to the felt's hue in (a, b), scaled
    row = np.array([[0.0, pa, pb, -(float(felt[1]) * pa + float(felt[2]) * pb)]], np.float32)
    across = cv2.transform(lab.reshape(-1, 1, 3), row)
    return np.asarray(across, np.float32).reshape(lab.shape[:-1])


def _band_rows(felt: NDArray[np.float32], band: tuple[float, float]) -> NDArray[np.float32]:
    """Two rows of a Lab transform (`cv2.transform`): how far a pixel's (a, b) lies beyond each edge of the
    felt's hue band (degrees about its hue; a line through grey), in units of HUE_BEYOND: above 1 is off."""
    hue0 = float(np.arctan2(float(felt[2]) - 128.0, float(felt[1]) - 128.0))
    rows = []
    for edge, sign in ((band[1], 1.0), (band[0], -1.0)):
        t = hue0 + np.radians(edge)
        # the edge's direction crossed with the pixel's (a, b), signed so that beyond either edge is positive
        pa, pb = sign * -np.sin(t) / HUE_BEYOND, sign * np.cos(t) / HUE_BEYOND
        rows.append([0.0, pa, pb, -128.0 * (pa + pb)])
    return np.array(rows, np.float32)


def _colour_bins(px: NDArray[np.float32]) -> NDArray[np.int32]:
    """Each Lab pixel's bin of 8 lightness x 16 x 16 colour bins (0..2047), values outside 0..255 in the
    end bins. In whole numbers and shifts: a tenth of the time of dividing the floats (4 ms a frame)."""
    whole = np.clip(px.astype(np.int32), 0, 255)  # truncation is the floor for what is left after the clip
    return (whole[:, 0] >> 5) * 256 + (whole[:, 1] >> 4) * 16 + (whole[:, 2] >> 4)


def to_lab(view: NDArray[np.uint8]) -> NDArray[np.float32]:
    """OpenCV 8-bit Lab as float32."""
    return cv2.cvtColor(view, cv2.COLOR_BGR2LAB).astype(np.float32)
