"""The addresses other devices on the local network reach this server at (for the start-up line and the
Settings page's QR code)."""

from __future__ import annotations

import ipaddress
import socket

WILDCARD = frozenset({"0.0.0.0", "::", ""})
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_multicast or ip.is_link_local)


def local_addresses() -> list[str]:
    """This machine's non-loopback IPv4 addresses, the one with the default route first.

    Asks the operating system only: the UDP socket's connect sends no packet, it picks the outgoing
    interface. Empty when the machine has no network.
    """
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, no packet leaves
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    found.extend(str(info[4][0]) for info in infos)
    return [a for a in dict.fromkeys(found) if _usable(a)]


def qr_svg(url: str) -> str | None:
    """The URL as an inline SVG QR code (segno), or None when segno is not installed."""
    try:
        import segno
    except ImportError:
        return None
    svg: str = segno.make(url, error="m").svg_inline(scale=4, dark="#111", light="#fbf8ee")
    return svg


def share_urls(host: str, port: int) -> list[str]:
    """The URLs to give other devices: every LAN address for a wildcard bind, else the bound host.

    Loopback binds return the loopback URL (only this machine can open it).
    """
    if host in WILDCARD:
        addresses = local_addresses()
        if not addresses:
            return [f"http://127.0.0.1:{port}/"]
        return [f"http://{a}:{port}/" for a in addresses]
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}/"]
