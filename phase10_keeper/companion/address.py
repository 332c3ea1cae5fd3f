"""The address phones reach this machine at: its address on the local network, found
without sending anything."""

import ipaddress
import socket

LOOPBACK = "127.0.0.1"
_PROBE = ("10.255.255.254", 9)
"""A private address: connecting a UDP socket to it sends nothing, but makes the system
choose the interface (and so the source address) it would use to reach it."""


def local_network_address() -> str:
    """This machine's address on its local network, else 127.0.0.1."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            address = str(probe.getsockname()[0])
    except OSError:
        return LOOPBACK
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return LOOPBACK
    if parsed.is_unspecified or parsed.is_loopback or parsed.is_link_local:
        return LOOPBACK
    return address
