"""`riichi-table device`: find the LED/buzzer unit, ping it, send a test pattern, or run its emulator.

    riichi-table device --emulate [--link PATH] [--show]   print the emulator's port path, run until stopped
    riichi-table device find [--probe PATH ...]            list units (by USB id, or by answering HELLO)
    riichi-table device ping PORT [--count N]              round trips to the unit, in milliseconds
    riichi-table device test PORT                          the test pattern: a light round the ring, a beep
    riichi-table device state PORT                         the unit's prompt state
    riichi-table device send PORT 'CALL 1 3000'            one raw command (docs/device-protocol.md)

PORT is a device path (/dev/ttyACM0, COM3) or a pyserial URL.
"""

from __future__ import annotations

import argparse
import json
import signal
import threading
import time

ACTIONS = ("find", "ping", "test", "state", "send")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", nargs="?", choices=ACTIONS, help="what to do (leave out with --emulate)")
    parser.add_argument("port", nargs="?", help="device path or pyserial URL of the unit")
    parser.add_argument("command", nargs="?", help="for send: the command without its sequence number")
    parser.add_argument("--emulate", action="store_true", help="run a software unit on a pseudo-terminal")
    parser.add_argument("--link", help="with --emulate: also make this path a symlink to the port")
    parser.add_argument("--leds", type=int, default=6, help="with --emulate: LEDs per seat (default 6)")
    parser.add_argument("--show", action="store_true", help="with --emulate: print LED state changes")
    parser.add_argument("--probe", nargs="*", metavar="PATH", help="for find: probe these paths only")
    parser.add_argument("--count", type=int, default=5, help="for ping: how many (default 5)")
    parser.add_argument("--timeout", type=float, default=1.0, help="reply timeout in seconds (default 1)")


def run(args: argparse.Namespace) -> int:
    from riichi_table.device.errors import DeviceError

    if args.emulate:
        if args.action is not None:
            raise DeviceError(f"--emulate runs on its own, without an action (got {args.action!r})")
        return _emulate(args)
    if args.action is None:
        raise DeviceError(f"expected an action ({', '.join(ACTIONS)}) or --emulate")
    if args.timeout <= 0:
        raise DeviceError(f"--timeout must be more than 0 seconds, got {args.timeout}")
    if args.count < 1:
        raise DeviceError(f"--count must be at least 1, got {args.count}")
    if args.action == "find":
        return _find(args)
    if not args.port:
        raise DeviceError(
            f"{args.action} needs the unit's port, e.g. /dev/ttyACM0 (see: riichi-table device find)"
        )
    return _talk(args)


def _emulate(args: argparse.Namespace) -> int:
    from riichi_table.device.emulator import Emulator

    if not 1 <= args.leds <= 64:
        from riichi_table.device.errors import DeviceError

        raise DeviceError(f"--leds is 1..64 per seat, got {args.leds}")
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    with Emulator(leds_per_seat=args.leds, link=args.link) as emu:
        print(emu.path, flush=True)
        shown = None
        try:
            while not stop.wait(0.1):
                if args.show:
                    layers = [list(s.layers) for s in emu.leds()]
                    if layers != shown:
                        print(json.dumps({"t": round(time.time(), 2), "segments": layers}), flush=True)
                        shown = layers
        except KeyboardInterrupt:
            pass
    return 0


def _find(args: argparse.Namespace) -> int:
    from riichi_table.device.ports import find_units

    units = find_units(candidates=args.probe)
    if not units:
        print("no unit found (none attached is fine: the assistant runs without one)")
        return 1
    for u in units:
        print(f"{u.port}\t{u.how}\t{u.description}" + (f"\tfirmware {u.firmware}" if u.firmware else ""))
    return 0


def _talk(args: argparse.Namespace) -> int:
    from riichi_table.device import protocol
    from riichi_table.device.client import SyncClient
    from riichi_table.device.errors import DeviceError

    with SyncClient(args.port, timeout=args.timeout) as client:
        print(f"unit on {args.port}: firmware {client.firmware}, protocol {client.protocol}")
        if args.action == "ping":
            for _ in range(args.count):
                t0 = time.perf_counter()
                reply = client.request(protocol.ping())
                print(f"PING {(time.perf_counter() - t0) * 1000:.2f} ms (unit up {reply.data} ms)")
            return 0
        if args.action == "send":
            if not args.command:
                raise DeviceError("send needs a command, e.g. 'CALL 1 3000'")
            words = args.command.split()
            command = protocol.Command(words[0], tuple(words[1:]))
        else:
            command = protocol.test_pattern() if args.action == "test" else protocol.state()
        reply = client.request(command)
        print(" ".join(w for w in ("OK" if reply.ok else "ERR", reply.data) if w))
        return 0 if reply.ok else 1
