"""A small inline SVG line chart (no scripts, no CDN): each player's running total over the night."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

COLOURS = (
    "#e6194b",
    "#3cb44b",
    "#4363d8",
    "#f58231",
    "#911eb4",
    "#42d4f4",
    "#f032e6",
    "#bfef45",
    "#469990",
    "#9a6324",
    "#800000",
    "#000075",
)


def line_chart(series: Mapping[str, Sequence[float]], width: int = 640, height: int = 260) -> str:
    """SVG markup: x = finished games so far (0..n), y = the player's total; one coloured line per name."""
    names = list(series)
    longest = max((len(v) for v in series.values()), default=0)
    if not names or longest < 2:
        return '<p class="muted" id="chart-empty">The chart starts after the first finished game.</p>'
    values = [v for vs in series.values() for v in vs]
    low, high = min(min(values), 0.0), max(max(values), 0.0)
    span = (high - low) or 1.0
    left, right, top, bottom = 48, 130, 12, 28
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(i: int) -> float:
        return left + plot_w * i / (longest - 1)

    def y(v: float) -> float:
        return top + plot_h * (high - v) / span

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" id="night-chart" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
        'aria-label="each player\'s total over the night">',
        f'<line x1="{left}" y1="{y(0):.1f}" x2="{left + plot_w}" y2="{y(0):.1f}" '
        'stroke="#888" stroke-dasharray="4 3"/>',
        f'<text x="{left - 6}" y="{y(high) + 4:.1f}" text-anchor="end" font-size="11">{high:+.1f}</text>',
        f'<text x="{left - 6}" y="{y(low) + 4:.1f}" text-anchor="end" font-size="11">{low:+.1f}</text>',
    ]
    for i in range(longest):
        parts.append(f'<text x="{x(i):.1f}" y="{height - 8}" text-anchor="middle" font-size="11">{i}</text>')
    for n, name in enumerate(names):
        colour = COLOURS[n % len(COLOURS)]
        pts = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(series[name]))
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{pts}"/>')
        last = series[name][-1]
        ly = top + 14 * n + 10
        parts.append(f'<rect x="{width - right + 8}" y="{ly - 9}" width="10" height="10" fill="{colour}"/>')
        parts.append(
            f'<text x="{width - right + 22}" y="{ly}" font-size="12">{escape(name)} {last:+.1f}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)
