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
SESSION_IDLE = 12 * 3600.0
"""Seconds a session lasts unused; the page exchanges its key again after it."""
SESSIONS_PER_KEY = 8
"""Sessions open at once per key (a phone, its other browser, a reloaded tab...); past it
the key's least recently used session ends, so exchanging a key again and again cannot
fill the memory."""


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


def _is_key(value: object) -> bool:
    return isinstance(value, str) and len(value) >= 22 and value.isascii() and value.isprintable()


class Keys:
    """The keys of one sharing of the table, and the sessions opened with them. A sharing
    lasts beyond the process (the table keeps it with the game), so the keys can be
    given back (`kept`, as `to_json` wrote them); new keys for every new sharing: a code
    scanned at an earlier game night opens nothing. Sessions live in the process only:
    after a restart the page exchanges its key again."""

    def __init__(
        self,
        players: Iterable[str],
        kept: object = None,
        clock: Callable[[], float] = monotonic,
    ) -> None:
        seated = list(players)
        self._clock = clock
        restored = _restored(kept)
        self.keeper, self.viewer, self.players = restored or (new_key(), new_key(), {})
        self.restored = restored is not None
        """Whether these are the keys of a sharing kept from before."""
        self._passes: dict[str, Pass] = {
            self.keeper: Pass(Role.KEEPER),
            self.viewer: Pass(Role.VIEWER),
        }
        for name, key in self.players.items():
            self._passes[key] = Pass(Role.PLAYER, name)
        self._sessions: dict[str, tuple[Pass, float]] = {}
        """Token: holder and when last used, the least recently used first."""
        for name in seated:
            self.add_player(name)

    def to_json(self) -> dict[str, object]:
        return {"keeper": self.keeper, "viewer": self.viewer, "players": dict(self.players)}

    def add_player(self, name: str) -> None:
        """A key for a player who has none yet (one who joined the table)."""
        if name not in self.players:
            key = self.players[name] = new_key()
            self._passes[key] = Pass(Role.PLAYER, name)

    def by_key(self, key: str) -> Pass | None:
        return self._passes.get(key)

    def open_session(self, holder: Pass) -> str:
        """A new session token for the holder of a key, for the page's cookie; the
        holder's least recently used session ends past SESSIONS_PER_KEY."""
        self._drop_idle()
        own = [token for token, (other, _) in self._sessions.items() if other == holder]
        for token in own[: max(0, len(own) - SESSIONS_PER_KEY + 1)]:
            del self._sessions[token]
        token = new_key()
        self._sessions[token] = (holder, self._clock())
        return token

    def by_session(self, token: str) -> Pass | None:
        self._drop_idle()
        found = self._sessions.pop(token, None)
        if found is None:
            return None
        holder = found[0]
        self._sessions[token] = (holder, self._clock())
        return holder

    def _drop_idle(self) -> None:
        horizon = self._clock() - SESSION_IDLE
        while self._sessions:
            token, (_, used) = next(iter(self._sessions.items()))
            if used > horizon:
                return
            del self._sessions[token]

    def end_sessions(self) -> None:
        self._sessions.clear()


def _restored(kept: object) -> tuple[str, str, dict[str, str]] | None:
    """The keeper's, viewer's and players' keys of a kept sharing, or None if `kept` is
    not one as `Keys.to_json` writes it. A seated player it misses gets a key after."""
    if not isinstance(kept, dict):
        return None
    keeper, viewer, players = kept.get("keeper"), kept.get("viewer"), kept.get("players")
    if not (_is_key(keeper) and _is_key(viewer) and isinstance(players, dict)):
        return None
    if not all(isinstance(name, str) and _is_key(key) for name, key in players.items()):
        return None
    every = [keeper, viewer, *players.values()]
    if len(set(every)) != len(every):
        return None
    return str(keeper), str(viewer), {str(name): str(key) for name, key in players.items()}


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
