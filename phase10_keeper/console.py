"""The command line's own edges: a standard output that is closed or full, and Ctrl+C.

Each ends a command with one `error:` line and an exit code that says it, never with a
traceback, and never with Python's complaint at exit about output it could not flush.
"""

import os
import sys

EXIT_OUTPUT_FAILED = 1
"""The command ran, but what it printed could not be written."""
EXIT_INTERRUPTED = 130
"""Ended by Ctrl+C (SIGINT), as shells count it: 128 + the signal's number."""


class OutputError(Exception):
    """Standard output could not be written; the message says what was done all the same."""


def streams_open() -> bool:
    """Whether standard output is open. A closed standard error is pointed at the null
    device, so that an `error:` line cannot land on standard output instead."""
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 (it lasts as long as the process)
    return sys.stdout is not None


def abandon_output() -> None:
    """Drops what standard output still holds: Python flushes it at exit, and a second
    failure there would print its own complaint and change the exit code."""
    stream = sys.stdout
    if stream is None:
        return
    try:
        descriptor = stream.fileno()
    except (OSError, ValueError):
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, descriptor)
    finally:
        os.close(null)
