"""The running assistant: source -> calibration -> tile reading -> tracking -> engine -> device.

`session.LiveSession` turns frames into table events and keeps the game (what `riichi-table replay` and the
benchmarks run); `assistant.Assistant` runs a session over a live source in a background thread with the LED
unit attached (what `riichi-table serve` starts and the web page shows); `wins.fit_win` fits a hand result to
what the camera saw; `view` draws the overlay and builds the table state the page shows. It imports vision,
engine and device, and nothing of the web page.
"""

from riichi_table.assistant.assistant import DEMO_CLIP, Assistant
from riichi_table.assistant.errors import AssistantError
from riichi_table.assistant.session import DEMO_DIR, LiveSession

__all__ = ["DEMO_CLIP", "DEMO_DIR", "Assistant", "AssistantError", "LiveSession"]
