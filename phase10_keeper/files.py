"""Writing a file the user asked for: all of it or nothing, with the permissions they expect."""

import os
import stat
from pathlib import Path


def _umask() -> int:
    # The only portable way to read the umask is to set it; it is put back at once.
    current = os.umask(0o077)
    os.umask(current)
    return current


def _mode_for(path: Path) -> int:
    """An existing file keeps its permissions; a new one gets what the umask allows."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return 0o666 & ~_umask()


def write_atomically(path: Path, data: bytes) -> None:
    """Writes all of `data` or nothing: a crash or a full disk mid-write leaves the old
    file in place, and no half-written one. A symbolic link is followed, as a shell's `>`
    follows it: the file it points to is replaced, and the link stays a link.
    """
    # Imported here: the many commands that only read pay nothing for it.
    import tempfile

    path = Path(os.path.realpath(path))
    directory = path.parent if str(path.parent) else Path(".")
    mode = _mode_for(path)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        # mkstemp makes the file private to its owner, which a shared or exported file
        # should not be.
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
