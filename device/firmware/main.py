# Board glue for the riichi-table unit: a Raspberry Pi Pico (RP2040) running MicroPython.
#
# Copy main.py and unitcore.py to the board (e.g. `mpremote cp main.py unitcore.py :`). All the logic is in
# unitcore.py, which the host tests run under CPython; this file only moves bytes between USB serial and
# unitcore, and unitcore's frames and tones to the LED ring and the buzzer. Wiring: docs/device-wiring.md.

import sys
import time

import machine
import micropython
import neopixel
import select

import unitcore

LED_PIN = 16  # GP16 -> ring DIN (through a 330 ohm resistor)
BUZZER_PIN = 15  # GP15 -> transistor base -> passive buzzer
LEDS_PER_SEAT = 6  # a 24-LED ring, four segments of six
FRAME_MS = 20  # LED refresh about 50 times a second


class Clock:
    """Milliseconds since boot from time.ticks_ms, without its wrap-around."""

    def __init__(self):
        self.last = time.ticks_ms()
        self.ms = 0

    def now(self):
        t = time.ticks_ms()
        self.ms += time.ticks_diff(t, self.last)
        self.last = t
        return self.ms


def main():
    micropython.kbd_intr(-1)  # a 0x03 byte on the line must not stop the program
    ring = neopixel.NeoPixel(machine.Pin(LED_PIN), LEDS_PER_SEAT * unitcore.SEATS)
    buzzer = machine.PWM(machine.Pin(BUZZER_PIN))
    buzzer.duty_u16(0)
    clock = Clock()
    unit = unitcore.Unit(LEDS_PER_SEAT, clock.now())
    reader = unitcore.LineReader()
    stdin = sys.stdin.buffer
    out = sys.stdout
    out.write(unit.banner() + "\n")
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    shown = None
    freq_now = 0
    next_frame = 0
    while True:
        for _ in poll.ipoll(5):
            for line in reader.feed(stdin.read(1)):
                reply = unit.handle_line(line, clock.now())
                if reply is not None:
                    out.write(reply + "\n")
                if unit.reset_requested:
                    time.sleep_ms(20)  # let the OK leave before the reboot
                    machine.soft_reset()
        now = clock.now()
        if now >= next_frame:
            next_frame = now + FRAME_MS
            frame = unit.frame(now)
            if frame != shown:
                for i, rgb in enumerate(frame):
                    ring[i] = rgb
                ring.write()
                shown = frame
            freq, _ = unit.tone(now)
            if freq != freq_now:
                if freq:
                    buzzer.freq(freq)
                    buzzer.duty_u16(32768)
                else:
                    buzzer.duty_u16(0)
                freq_now = freq


main()
