"""Who may do what at the table: the keys in the links, the sessions the page exchanges
them for, and the brake on an address that keeps sending keys nobody was given."""

import secrets
from collections import deque
from collections.abc import Callable, Iterable
from enum import StrEnum
from time import monotonic
from typing import NamedTuple

KEY_BYTES = 18
"""144 random bits per key and per session token, written as 24 URL-safe characters."""
BAD_KEYS_ALLOWED = 10
"""Unknown keys an address may send within `BAD_KEY_WINDOW` before it is slowed."""
BAD_KEY_WINDOW = 60.0
"""Seconds."""
ADDRESSES_TRACKED = 4096
"""Addresses whose bad keys are remembered; beyond it the oldest is forgotten, so a flood
of addresses cannot fill the memory."""


class Role(StrEnum):
    KEEPER = "keeper"
    """Records hands, takes them back, and enters anyone's result."""
    VIEWER = "viewer"
    """Only reads: the scoreboard link for a TV or anyone watching."""
    PLAYER = "player"
    """Enters their own result."""


class Pass(NamedTuple):
    """What a key or a session lets its holder do."""

    role: Role
    player: str | None = None
    """The player, for a player's pass."""

    def may_enter_for(self, name: str) -> bool:
        return self.role is Role.KEEPER or (self.role is Role.PLAYER and self.player == name)


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


class Keys:
    """The keys of one session of the table, and the sessions opened with them. New keys
    for every session: a code scanned at an earlier game night opens nothing."""

    def __init__(self, players: Iterable[str]) -> None:
        self.keeper = new_key()
        self.viewer = new_key()
        self.players: dict[str, str] = {}
        self._passes: dict[str, Pass] = {
            self.keeper: Pass(Role.KEEPER),
            self.viewer: Pass(Role.VIEWER),
        }
        self._sessions: dict[str, Pass] = {}
        for name in players:
            self.add_player(name)

    def add_player(self, name: str) -> None:
        """A key for a player who has none yet (one who joined the table)."""
        if name not in self.players:
            key = self.players[name] = new_key()
            self._passes[key] = Pass(Role.PLAYER, name)

    def by_key(self, key: str) -> Pass | None:
        return self._passes.get(key)

    def open_session(self, holder: Pass) -> str:
        """A new session token for the holder of a key, for the page's cookie."""
        token = new_key()
        self._sessions[token] = holder
        return token

    def by_session(self, token: str) -> Pass | None:
        return self._sessions.get(token)

    def end_sessions(self) -> None:
        self._sessions.clear()


class BadKeyBrake:
    """Counts the unknown keys each address sends; an address that sent
    `BAD_KEYS_ALLOWED` within `BAD_KEY_WINDOW` seconds is slowed until the oldest of them
    is that old. Other addresses are not slowed."""

    def __init__(self, clock: Callable[[], float] = monotonic) -> None:
        self._clock = clock
        self._misses: dict[str, deque[float]] = {}

    def _recent(self, address: str) -> deque[float] | None:
        misses = self._misses.get(address)
        if misses is None:
            return None
        horizon = self._clock() - BAD_KEY_WINDOW
        while misses and misses[0] <= horizon:
            misses.popleft()
        if not misses:
            del self._misses[address]
            return None
        return misses

    def slowed(self, address: str) -> bool:
        misses = self._recent(address)
        return misses is not None and len(misses) >= BAD_KEYS_ALLOWED

    def note_bad_key(self, address: str) -> None:
        misses = self._recent(address)
        if misses is None:
            if len(self._misses) >= ADDRESSES_TRACKED:
                del self._misses[next(iter(self._misses))]
            misses = self._misses[address] = deque(maxlen=BAD_KEYS_ALLOWED)
        misses.append(self._clock())
