"""Loopback helpers shared by the Python test and bench scripts (standard
library only): every server they start listens on 127.0.0.1."""
import socket


def free_port():
    """A TCP port on 127.0.0.1 that was free a moment ago (the kernel's choice)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p
