"""Where the storage layer notes what went wrong without losing anything."""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import logging


def logger() -> "logging.Logger":
    # `logging` is imported for the first message: most runs have none, and importing it
    # is a tenth of the time it takes to list the library.
    import logging

    return logging.getLogger("phase10_keeper.storage.library")


def log_warning(message: str) -> None:
    logger().warning("%s", message)
