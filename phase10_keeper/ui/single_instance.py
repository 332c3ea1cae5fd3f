"""One app per data folder: a second start hands over to the first and ends.

The first app holds the library (`storage.lock`) and listens on a local socket named for
its data folder. A second app started on the same folder finds the library held, tells
the first over that socket to come forward and which files it was asked to open, and
exits 0: two windows never write one library.
"""

import json
import os
import time
import zlib
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

_WAIT_MS = 3000
"""How long a second app waits for the first to answer; it answers from its event loop."""
_ANSWER = b"ok\n"
_TRIES = 20
_PAUSE_S = 0.1


def server_name(data_dir: Path) -> str:
    """The socket's name for a data folder: the same for every spelling of its path.

    The name needs only to tell one user's data folders apart, not to withstand anyone:
    two 32-bit checksums of the path make 64 bits. `zlib` is loaded with Qt's bindings
    already; `hashlib` would load OpenSSL's library, which a start that hands over to
    the running app waited for.
    """
    folder = os.path.normcase(os.path.realpath(data_dir)).encode("utf-8", "surrogateescape")
    return f"phase10-keeper-{zlib.crc32(folder):08x}{zlib.adler32(folder):08x}"


def hand_over(data_dir: Path, files: list[str]) -> bool:
    """Asks the app that holds `data_dir` to come forward and open `files`; whether it
    took them (False: what holds the library is no app, or it does not answer)."""
    socket = QLocalSocket()
    # The first app listens once its window has painted: a start just after it waits.
    for _ in range(_TRIES):
        socket.connectToServer(server_name(data_dir))
        if socket.waitForConnected(_WAIT_MS):
            break
        time.sleep(_PAUSE_S)
    else:
        return False
    message = json.dumps({"open": [os.path.abspath(file) for file in files]}) + "\n"
    socket.write(message.encode("utf-8", "surrogateescape"))
    if not socket.waitForBytesWritten(_WAIT_MS):
        return False
    answered = bytes(socket.readAll().data())
    while _ANSWER not in answered and socket.waitForReadyRead(_WAIT_MS):
        answered += bytes(socket.readAll().data())
    socket.disconnectFromServer()
    return _ANSWER in answered


class InstanceServer(QObject):
    """Listens for later starts on the same data folder; `asked(files)` for each."""

    asked = Signal(list)
    """A later start asked this app to come forward and open these files (maybe none)."""

    def __init__(self, data_dir: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._server = QLocalServer(self)
        self._server.newConnection.connect(self._connected)
        name = server_name(data_dir)
        if not self._server.listen(name):
            # A socket left by an app that crashed: this app holds the library, so no
            # other app can be listening on it.
            QLocalServer.removeServer(name)
            self._server.listen(name)

    def _connected(self) -> None:
        while self._server.hasPendingConnections():
            socket = self._server.nextPendingConnection()
            socket.readyRead.connect(lambda socket=socket: self._read(socket))
            socket.disconnected.connect(socket.deleteLater)

    def _read(self, socket: QLocalSocket) -> None:
        if not socket.canReadLine():
            return
        line = bytes(socket.readLine().data())
        try:
            files = json.loads(line.decode("utf-8", "surrogateescape"))["open"]
        except (ValueError, KeyError, TypeError):
            files = []
        socket.write(_ANSWER)
        socket.flush()
        self.asked.emit([str(file) for file in files if isinstance(file, str)])
