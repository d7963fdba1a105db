"""Admin PIN lockout: per client and server-wide, each lock twice the last (webui/pinguard.py, security)."""

from __future__ import annotations

from typing import Any

from riichi_table.webui.pinguard import PinGuard


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_client_is_locked_after_the_limit_and_each_lock_is_twice_the_last() -> None:
    clock = Clock()
    guard = PinGuard(client_limit=3, global_limit=100, lock_s=10, clock=clock)
    assert [guard.failed("a") for _ in range(3)] == [0, 0, 10]
    assert guard.wait_s("a") == 10 and guard.wait_s("b") == 0  # another client is not locked
    clock.now += 10
    assert guard.wait_s("a") == 0
    assert [guard.failed("a") for _ in range(3)] == [0, 0, 20]


def test_many_clients_guessing_together_lock_the_whole_server() -> None:
    clock = Clock()
    guard = PinGuard(client_limit=5, global_limit=6, lock_s=10, clock=clock)
    locks = [guard.failed(f"10.0.0.{n}") for n in range(6)]  # one guess each from six addresses
    assert locks[-1] == 10
    assert guard.wait_s("10.0.0.99") == 10  # even a client that never guessed waits


def test_the_right_pin_clears_the_clients_misses() -> None:
    guard = PinGuard(client_limit=3, global_limit=100, lock_s=10, clock=Clock())
    guard.failed("a")
    guard.failed("a")
    guard.succeeded("a")
    assert guard.failed("a") == 0


def test_through_the_pages_the_right_pin_is_refused_while_locked(make_app: Any, post_form: Any) -> None:
    client = make_app(HOST="0.0.0.0", ADMIN_PIN="31415926", PIN_CLIENT_LIMIT=2, PIN_LOCK_S=60).test_client()
    assert b"wrong PIN" in post_form(client, "/pin", {"pin": "00000000"}).data
    assert b"locked for 60 s" in post_form(client, "/pin", {"pin": "11111111"}).data
    locked = post_form(client, "/pin", {"pin": "31415926"})
    assert locked.status_code == 429 and b"nothing was checked" in locked.data
    assert post_form(client, "/club/players", {"name": "Ann"}).status_code == 403


def test_the_lock_button_ends_admin_mode(make_app: Any, post_form: Any) -> None:
    client = make_app(HOST="0.0.0.0", ADMIN_PIN="31415926").test_client()
    assert post_form(client, "/pin", {"pin": "31415926"}).status_code == 302
    assert b'id="lock-button"' in client.get("/club/?all=1").data
    assert post_form(client, "/lock", {}).status_code == 302
    assert post_form(client, "/club/players", {"name": "Ann"}).status_code == 403
