"""The phones' web server: the page and the API of CONTRACTS.md section 4, served with
aiohttp on one address and port of the local network.

aiohttp parses HTTP and limits what it reads (header lines, header count, the body
through `client_max_size`); what it leaves to its user is done here: the Host and
Origin checks, the brake on bad keys, bounds on connections and event streams, and
timeouts for connections that send nothing or only part of a request: a connection
must send a whole request's headers within `header_timeout` of opening (aiohttp's
keep-alive timer then closes one idle, or half-sent, between requests), and a body must
arrive whole within `body_timeout`.

No body is read before the request has shown a key, so a stranger costs the server one
connection for a few seconds at most; strangers' connections have a budget of their own,
and a connection that has shown a key (a phone's) is never closed to make room for them.
"""

import asyncio
import errno
import ipaddress
import json
import logging
import threading
from collections.abc import Awaitable, Callable
from time import monotonic
from typing import Any

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.web_protocol import RequestHandler

from phase10_keeper.companion.access import BAD_KEY_WINDOW, BadKeyBrake, Pass, Role
from phase10_keeper.companion.page import page_routes
from phase10_keeper.companion.table import (
    NothingToUndo,
    Refused,
    StaleRevision,
    Table,
    TableProblem,
    UnknownPlayer,
    game_to_json,
)
from phase10_keeper.language import LANGUAGES, Words, words
from phase10_keeper.rules import Severity
from phase10_keeper.storage.messages import LibraryError

DEFAULT_PORT = 8765
"""The port tried first; the next free one is taken when it is in use."""
MAX_BODY = 16 * 1024
MAX_CONNECTIONS = 128
"""Open connections that have shown a key; past it, the oldest of them not in the middle
of a request is closed for the new one."""
STRANGER_CONNECTIONS = 32
"""Open connections that have not shown a key yet (a phone's new connection, for the
moment its first request takes, and anyone else's); past it the oldest of them is
closed, whatever it is doing: strangers can only ever crowd out each other."""
MAX_STREAMS = 48
"""Event streams open at once (only a key's holder can open one)."""
STREAMS_PER_KEY = 3
"""Event streams one key holds at once; a further one ends the key's oldest, so a phone
that reloads its page is never locked out by its own streams, and one key (even one
shown on a screen for all to scan) cannot take every stream."""
HEADER_TIMEOUT = 3.0
"""Seconds a new connection may take to send its first request's headers."""
IDLE_TIMEOUT = 10.0
"""Seconds a connection may wait between requests, or take to send a later request's
headers."""
BODY_TIMEOUT = 10.0
"""Seconds a request's body may take to arrive (read only once a key is shown)."""
SESSION_BODY = 256
"""Bytes of the older session exchange's body (`{"key": KEY}`, before a key is shown);
the page shows its key in the Authorization header instead."""
SESSION_BODY_TIMEOUT = 2.0
"""Seconds that body may take to arrive."""
HEARTBEAT = 5.0
"""Seconds between the `alive` events an idle stream sends: a phone that is gone is
noticed here, and a phone that hears nothing for longer knows its line is dead (a phone
that loses its Wi-Fi is not told so) and connects again. (A phone that closes its
connection is noticed at once.)"""
WRITE_TIMEOUT = 10.0
"""Seconds a phone may take to take in an event before its stream is given up."""
PORTS_TRIED = 100
"""Ports tried, from the one asked for, when the next free one may be taken."""
CLOSE_GRACE = 1.0
"""Seconds the streams are given to say the table has closed or is away."""
KEEP_TIMEOUT = 3.0
"""Seconds an entry's answer waits for the change to be kept with the game; past it the
phone is told to send it again (it keeps the entry meanwhile)."""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
Keep = Callable[[float], bool]
"""Waits until every change at the table so far is kept where it outlives the process
(the sharing kept with the game), at most the seconds given; False if it was not."""


class _Stream:
    """One phone following the table: woken by every change, ended by a newer stream of
    its key or by its connection's end."""

    def __init__(self, holder: Pass, connection: RequestHandler) -> None:
        self.holder = holder
        self.connection = connection
        self.woken = asyncio.Event()
        self.ended = False

    def end(self) -> None:
        self.ended = True
        self.woken.set()


class _UnreadableRequestsInOneLine(logging.LoggerAdapter):  # type: ignore[type-arg]
    """aiohttp's server log, where a request it cannot parse (a scanner, a browser trying
    HTTPS) is one short line at INFO, not an error with a traceback: it is answered 400
    and harms nothing, and a stream of them would bury what `serve` says in its terminal.
    The line names the kind of fault only: the request's own bytes stay out of the log."""

    def log(self, level: int, msg: object, *args: object, **kwargs: Any) -> None:
        error = kwargs.get("exc_info")
        if isinstance(error, tuple):
            error = error[1]
        if isinstance(error, HttpProcessingError):
            remote = args[0] if args else None
            self.logger.info(
                "answered %s to a request it cannot read from %s (%s)",
                error.code,
                remote,
                type(error).__name__,
            )
            return
        super().log(level, msg, *args, **kwargs)


class _Refusal(Exception):  # noqa: N818
    """Answered as `status` with a JSON body."""

    def __init__(
        self, status: int, reason: str, problems: list[dict[str, Any]] | None = None
    ) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.problems = problems


def _json_response(data: object, status: int = 200) -> web.Response:
    return web.Response(
        body=json.dumps(data, ensure_ascii=False).encode("utf-8"),
        status=status,
        content_type="application/json",
        headers={"Cache-Control": "no-store"},
    )


def url_host(host: str) -> str:
    """The host as a URL and a Host header write it: an IPv6 address in brackets."""
    return f"[{host}]" if ":" in host else host


HTTP_PORT = 80
"""The port a Host header or an origin means when it names none."""


def host_key(host: str) -> str:
    """What two spellings of one host share: a name ignoring case (browsers send it in
    lower case, whatever the link said), an address as the address it spells (browsers
    send an IPv6 address in its shortest form)."""
    try:
        if host.startswith("[") and host.endswith("]"):
            return f"[{ipaddress.IPv6Address(host[1:-1]).compressed}]"
        return ipaddress.IPv4Address(host).compressed
    except ValueError:
        return host.lower()


def _host_and_port(authority: str) -> tuple[str, str]:
    """`host[:port]` as a Host header or an origin gives it (an IPv6 address in
    brackets); the port as written, the default one where none is."""
    host, colon, port = authority.rpartition(":")
    if not colon or authority.endswith("]"):
        return authority, str(HTTP_PORT)
    return host, port


def names_address(authority: str, host: str, port: int) -> bool:
    """Whether `authority` (a Host header's `host[:port]`) names `host` and `port`: the
    host in any case or spelling, the port exactly."""
    asked_host, asked_port = _host_and_port(authority)
    return asked_port == str(port) and host_key(asked_host) == host_key(url_host(host))


def is_origin_of(origin: str, host: str, port: int) -> bool:
    """Whether `origin` (an Origin header) is the page served on `host` and `port`."""
    scheme, separator, authority = origin.partition("://")
    return bool(separator) and scheme.lower() == "http" and names_address(authority, host, port)


class PhoneServer:
    """Serves `table` on `host`:`port` (0: a free port) once `start` has been awaited,
    in the event loop that awaited it."""

    def __init__(
        self,
        table: Table,
        host: str,
        port: int,
        table_language: Words,
        *,
        next_free: bool = False,
        idle_timeout: float = IDLE_TIMEOUT,
        header_timeout: float = HEADER_TIMEOUT,
        body_timeout: float = BODY_TIMEOUT,
        heartbeat: float = HEARTBEAT,
        clock: Callable[[], float] = monotonic,
        keep: Keep | None = None,
        keep_timeout: float = KEEP_TIMEOUT,
    ) -> None:
        """`keep`: what keeps the table's changes beyond this process; with it, a change
        from a phone is answered only once it is kept."""
        self.table = table
        self.host = host
        self.port = port
        self._next_free = next_free
        """Whether the next free port may be taken when `port` is taken."""
        self._language = table_language
        self._idle_timeout = idle_timeout
        self._header_timeout = header_timeout
        self._body_timeout = body_timeout
        self._heartbeat = heartbeat
        self._keep = keep
        self._keep_timeout = keep_timeout
        self._brake = BadKeyBrake(clock)
        self._busy: set[RequestHandler] = set()
        self._asked: set[RequestHandler] = set()
        """Connections younger than `header_timeout` that have sent a whole request."""
        self._first_request_timers: dict[RequestHandler, asyncio.TimerHandle] = {}
        """Each open connection's timer of `_first_request_due`, cancelled as it closes:
        a timer left to run holds the closed connection's objects for seconds, long
        enough for the cycle collector to keep them in its oldest generation, where a
        stream of strangers' connections piles thousands up for each full pass."""
        self._trusted: set[RequestHandler] = set()
        """Connections on which a request showed a key (or a session) that opens the table."""
        self._streams: list[_Stream] = []
        """The streams open, the oldest first."""
        self._closing = False
        self._closing_for_good = True
        """Whether the streams are told the sharing ended (`closed`) or only this process
        (`away`: the links outlive it, and the phones wait for the table to come back)."""
        self._cache: dict[tuple[int, str], bytes] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None

    # Starting and stopping

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        app = web.Application(client_max_size=MAX_BODY, middlewares=[self._guard])
        app.router.add_routes(page_routes())
        app.router.add_post("/api/session", self._open_session)
        app.router.add_get("/api/session", self._session)
        app.router.add_get("/api/game", self._game)
        app.router.add_put("/api/pending/{name}", self._enter)
        app.router.add_delete("/api/pending/{name}", self._clear)
        app.router.add_post("/api/hands", self._record)
        app.router.add_post("/api/undo", self._undo)
        app.router.add_get("/api/events", self._events)
        self._runner = web.AppRunner(
            app,
            handle_signals=False,
            # Past it, a request still running as the table closes (a phone taking in
            # an event too slowly) is cancelled: `serve` exits within seconds.
            shutdown_timeout=CLOSE_GRACE,
            access_log=None,
            logger=_UnreadableRequestsInOneLine(logging.getLogger("aiohttp.server")),
            keepalive_timeout=self._idle_timeout,
            max_line_size=4096,
            max_field_size=4096,
            max_headers=64,
            # A body left unread (a request refused before it showed a key) is not waited
            # for: the connection closes with the answer.
            lingering_time=0,
        )
        await self._runner.setup()
        loop = self._loop
        server = self._runner.server
        assert server is not None
        # The server is told of every connection once it is made: the bound is kept
        # there, when the new connection counts, rather than when it is accepted.
        admit, lose = server.connection_made, server.connection_lost

        def connection_made(handler: RequestHandler, transport: asyncio.Transport) -> None:
            admit(handler, transport)
            self._keep_bound(server.connections)
            self._first_request_timers[handler] = loop.call_later(
                self._header_timeout, self._first_request_due, handler
            )

        def connection_lost(handler: RequestHandler, error: BaseException | None = None) -> None:
            lose(handler, error)
            self._trusted.discard(handler)
            self._busy.discard(handler)
            self._asked.discard(handler)
            timer = self._first_request_timers.pop(handler, None)
            if timer is not None:
                timer.cancel()
            # A phone that closed its page, or reloaded it, frees its stream at once.
            for stream in self._streams:
                if stream.connection is handler:
                    stream.end()

        server.connection_made = connection_made  # type: ignore[method-assign]
        server.connection_lost = connection_lost  # type: ignore[method-assign,assignment]
        try:
            await self._listen()
        except BaseException:
            await self._runner.cleanup()
            raise
        self.port = self._runner.addresses[0][1]
        self.table.listen(self._table_changed)

    async def _listen(self) -> None:
        assert self._runner is not None
        last = self.port + (PORTS_TRIED - 1 if self._next_free and self.port else 0)
        port = self.port
        while True:
            site = web.TCPSite(self._runner, self.host, port, backlog=128, reuse_address=True)
            try:
                await site.start()
                return
            except OSError as error:
                if error.errno != errno.EADDRINUSE or port >= last:
                    raise
                port += 1

    async def close(self, *, for_good: bool = True) -> None:
        """Tells every phone the table has closed (`for_good`: the sharing ended, its links
        with it) or is away (the process ends, the sharing is kept: the phones try again
        until it is back), then stops; every session ends."""
        self.table.unlisten(self._table_changed)
        self._closing = True
        self._closing_for_good = for_good
        self._wake()
        deadline = monotonic() + CLOSE_GRACE
        while self._streams and monotonic() < deadline:
            await asyncio.sleep(0.02)
        if self._runner is not None:
            await self._runner.cleanup()
        self.table.keys.end_sessions()

    def _first_request_due(self, handler: RequestHandler) -> None:
        """Closes a connection that has not sent a whole request since it opened. (Newer
        aiohttp does this with its keep-alive timer; older ones wait for ever.)"""
        self._first_request_timers.pop(handler, None)
        if handler in self._asked:
            self._asked.discard(handler)
        elif handler.transport is not None:
            handler.force_close()

    def _keep_bound(self, live: list[RequestHandler]) -> None:
        """Past STRANGER_CONNECTIONS, closes the oldest connections that have shown no
        key; past MAX_CONNECTIONS, the oldest of the others not inside a request."""
        open_now = [handler for handler in live if handler.transport is not None]
        strangers = [handler for handler in open_now if handler not in self._trusted]
        for handler in strangers[: max(0, len(strangers) - STRANGER_CONNECTIONS)]:
            handler.force_close()
        trusted = [handler for handler in open_now if handler in self._trusted]
        excess = len(trusted) - MAX_CONNECTIONS
        for handler in trusted:
            if excess <= 0:
                return
            if handler not in self._busy:
                handler.force_close()
                excess -= 1

    def _table_changed(self, revision: int) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._wake)

    def _wake(self) -> None:
        for stream in self._streams:
            stream.woken.set()

    # Links

    @property
    def origin(self) -> str:
        return f"http://{url_host(self.host)}:{self.port}"

    def links(self) -> dict[str, Any]:
        """Every link, as `serve --json` prints them (without the game's id)."""
        keys = self.table.keys
        base = self.origin + "/"
        return {
            "url": base,
            "keeper": f"{base}#key={keys.keeper}",
            "viewer": f"{base}#key={keys.viewer}",
            "players": {name: f"{base}#key={key}" for name, key in keys.players.items()},
        }

    @property
    def cookie_name(self) -> str:
        # Browsers send a cookie to every port of a host: the port keeps two tables apart.
        return f"phase10-keeper-{self.port}"

    # The checks every request passes

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        protocol = request.protocol
        self._busy.add(protocol)
        self._asked.add(protocol)
        try:
            if not names_address(request.headers.get("Host", ""), self.host, self.port):
                raise _Refusal(421, "this server answers only to its own address and port")
            if request.method not in ("GET", "HEAD"):
                origin = request.headers.get("Origin")
                if origin is not None and not is_origin_of(origin, self.host, self.port):
                    raise _Refusal(403, "a change from another site")
            if (request.content_length or 0) > MAX_BODY:
                raise _Refusal(413, f"a request body holds at most {MAX_BODY} bytes")
            response = await handler(request)
        except _Refusal as refusal:
            response = self._refusal(refusal)
        except web.HTTPRequestEntityTooLarge:
            response = self._refusal(_Refusal(413, "a request body holds at most 16 KiB"))
        except web.HTTPException as error:
            if error.status < 400:
                raise
            response = self._refusal(_Refusal(error.status, error.reason))
        finally:
            self._busy.discard(protocol)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        return response

    def _refusal(self, refusal: _Refusal) -> web.Response:
        data: dict[str, Any] = {"error": refusal.reason}
        if refusal.problems is not None:
            data["problems"] = refusal.problems
        response = _json_response(data, refusal.status)
        if refusal.status == 429:
            response.headers["Retry-After"] = str(int(BAD_KEY_WINDOW))
        return response

    def _holder(self, request: web.Request) -> Pass:
        """Whose key or session the request shows; 401 if none or unknown, 429 for an
        address slowed by its bad keys."""
        header = request.headers.get("Authorization")
        token = request.cookies.get(self.cookie_name)
        if header is None and token is None:
            raise _Refusal(401, "a key is needed")
        return self._known(request, header, token)

    def _known(self, request: web.Request, header: str | None, token: str | None) -> Pass:
        address = request.remote or ""
        if self._brake.slowed(address):
            raise _Refusal(429, "too many unknown keys from this address; wait a minute")
        holder = None
        if header is not None:
            scheme, _, key = header.partition(" ")
            if scheme.lower() == "bearer":
                holder = self.table.keys.by_key(key.strip())
        elif token is not None:
            holder = self.table.keys.by_session(token)
        if holder is None:
            self._brake.note_bad_key(address)
            raise _Refusal(401, "unknown key")
        self._trusted.add(request.protocol)
        return holder

    async def _body(
        self, request: web.Request, *, empty_is: object = None, timeout: float | None = None
    ) -> object:
        try:
            async with asyncio.timeout(self._body_timeout if timeout is None else timeout):
                raw = await request.read()
        except TimeoutError:
            raise _Refusal(408, "the request's body took too long") from None
        if not raw and empty_is is not None:
            return empty_is
        try:
            return json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise _Refusal(400, "the body is no JSON") from None

    def _words(self, request: web.Request) -> Words:
        """The page's language: asked for, else the phone's, else the table's."""
        asked = request.query.get("lang")
        if asked in LANGUAGES:
            return words(asked)
        for part in request.headers.get("Accept-Language", "").split(","):
            code = part.split(";")[0].strip().split("-")[0].lower()
            if code in LANGUAGES:
                return words(code)
        return self._language

    def _game_bytes(self, language: Words) -> tuple[int, bytes]:
        snapshot = self.table.snapshot()
        cached = self._cache.get((snapshot.revision, language.code))
        if cached is None:
            if len(self._cache) > 4 * len(LANGUAGES):
                self._cache.clear()
            data = game_to_json(snapshot, language)
            cached = json.dumps(data, ensure_ascii=False).encode("utf-8")
            self._cache[(snapshot.revision, language.code)] = cached
        return snapshot.revision, cached

    def _game_response(self, request: web.Request) -> web.Response:
        _, body = self._game_bytes(self._words(request))
        return web.Response(
            body=body, content_type="application/json", headers={"Cache-Control": "no-store"}
        )

    async def _kept(self) -> bool:
        """Waits, off the event loop, until the table's changes so far are kept with the
        game. A phone drops an entry from its queue once it is answered 200: a process
        killed right after the answer must not take the entry with it. The phones that
        follow the table were told of the change already; only the sender waits."""
        if self._keep is None:
            return True
        return await asyncio.to_thread(self._keep, self._keep_timeout)

    async def _answer_once_kept(self, data: object) -> web.Response:
        if not await self._kept():
            raise _Refusal(503, "the table could not keep the change yet; send it again")
        return _json_response(data)

    def _problems(self, problems: list[TableProblem], language: Words) -> list[dict[str, Any]]:
        return [problem.to_json(language) for problem in problems]

    # The page and the API

    def _session_json(self, holder: Pass) -> dict[str, Any]:
        return {
            "role": holder.role.value,
            "player": holder.player,
            "language": self._language.code,
            "keeps_hands": self.table.keeps_hands,
            "heartbeat": self._heartbeat,
        }

    async def _open_session(self, request: web.Request) -> web.StreamResponse:
        """The page's key, in the Authorization header, exchanged for a session cookie
        that scripts cannot read and that is sent only to this site. The older form, the
        key in a small body, is read only within a short time."""
        header = request.headers.get("Authorization")
        key = None
        if header is None:
            if request.content_length is None or request.content_length > SESSION_BODY:
                raise _Refusal(401, "a key is needed, in the Authorization header")
            body = await self._body(request, timeout=SESSION_BODY_TIMEOUT)
            key = body.get("key") if isinstance(body, dict) else None
            if not isinstance(key, str):
                raise _Refusal(401, "a key is needed")
            header = f"Bearer {key}"
        holder = self._known(request, header, None)
        response = _json_response(self._session_json(holder))
        response.set_cookie(
            self.cookie_name,
            self.table.keys.open_session(holder),
            path="/",
            httponly=True,
            samesite="Strict",
        )
        return response

    async def _session(self, request: web.Request) -> web.StreamResponse:
        return _json_response(self._session_json(self._holder(request)))

    async def _game(self, request: web.Request) -> web.StreamResponse:
        self._holder(request)
        return self._game_response(request)

    def _player_for(self, request: web.Request, holder: Pass) -> str:
        """The player named in the path, whom `holder` may enter for."""
        asked = request.match_info["name"]
        if holder.role is Role.VIEWER:
            raise _Refusal(403, "the scoreboard's key only reads")
        try:
            name = self.table.player_named(asked)
        except UnknownPlayer:
            if holder.role is Role.PLAYER:
                raise _Refusal(403, "a player's key enters only that player's hand") from None
            raise _Refusal(404, "no player of this game has that name") from None
        if not holder.may_enter_for(name):
            raise _Refusal(403, "a player's key enters only that player's hand")
        return name

    async def _enter(self, request: web.Request) -> web.StreamResponse:
        holder = self._holder(request)
        name = self._player_for(request, holder)
        body = await self._body(request)
        language = self._words(request)
        sender = holder.player if holder.role is Role.PLAYER else Role.KEEPER.value
        seen = None
        if isinstance(body, dict) and "revision" in body:
            seen = _revision(body)
            body = {key: value for key, value in body.items() if key != "revision"}
        try:
            problems = self.table.enter(name, body, sender or Role.KEEPER.value, seen)
        except StaleRevision:
            raise _Refusal(409, "the hand was recorded or taken back since; look again") from None
        except Refused as refused:
            raise _Refusal(
                422, "the rules refuse this entry", self._problems(refused.problems, language)
            ) from None
        return await self._answer_once_kept({"problems": self._problems(problems, language)})

    async def _clear(self, request: web.Request) -> web.StreamResponse:
        holder = self._holder(request)
        name = self._player_for(request, holder)
        seen = await self._seen_revision(request)
        try:
            self.table.clear(name, seen)
        except StaleRevision:
            raise _Refusal(409, "the hand was recorded or taken back since; look again") from None
        return await self._answer_once_kept({"problems": []})

    def _keeper(self, request: web.Request) -> None:
        holder = self._holder(request)
        if holder.role is not Role.KEEPER:
            raise _Refusal(403, "only the keeper's key records hands or takes them back")
        if not self.table.keeps_hands:
            raise _Refusal(403, "the keeper records hands in the window")

    async def _seen_revision(self, request: web.Request) -> int | None:
        body = await self._body(request, empty_is={})
        if not isinstance(body, dict):
            raise _Refusal(400, "the body is a JSON object")
        return _revision(body)

    async def _record(self, request: web.Request) -> web.StreamResponse:
        self._keeper(request)
        seen = await self._seen_revision(request)
        language = self._words(request)
        try:
            self.table.record(seen)
        except StaleRevision:
            raise _Refusal(409, "the table changed since; look again") from None
        except Refused as refused:
            raise _Refusal(
                422, "the rules refuse this hand", self._problems(refused.problems, language)
            ) from None
        except LibraryError as error:
            raise _Refusal(503, error.worded(language)) from None
        return self._game_response(request)

    async def _undo(self, request: web.Request) -> web.StreamResponse:
        self._keeper(request)
        seen = await self._seen_revision(request)
        language = self._words(request)
        try:
            self.table.undo(seen)
        except StaleRevision:
            raise _Refusal(409, "the table changed since; look again") from None
        except NothingToUndo:
            nothing = TableProblem(
                Severity.ERROR, None, None, lambda language: language("phones.nothing_to_undo")
            )
            raise _Refusal(
                422, "no hand has been recorded", self._problems([nothing], language)
            ) from None
        except Refused as refused:
            raise _Refusal(
                422, "this hand cannot be taken back", self._problems(refused.problems, language)
            ) from None
        except LibraryError as error:
            raise _Refusal(503, error.worded(language)) from None
        # The hand's results are the entries again: kept before the keeper hears, though
        # the hand is taken back whether or not the keeping finished in time.
        await self._kept()
        return self._game_response(request)

    async def _events(self, request: web.Request) -> web.StreamResponse:
        holder = self._holder(request)
        own = [stream for stream in self._streams if stream.holder == holder and not stream.ended]
        for oldest in own[: max(0, len(own) - STREAMS_PER_KEY + 1)]:
            oldest.end()
        if sum(not stream.ended for stream in self._streams) >= MAX_STREAMS:
            raise _Refusal(503, "too many phones follow the table")
        language = self._words(request)
        response = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream; charset=utf-8",
                "Cache-Control": "no-store",
            }
        )
        stream = _Stream(holder, request.protocol)
        self._streams.append(stream)
        try:
            await response.prepare(request)
            sent = None
            while True:
                stream.woken.clear()
                if self._closing or stream.ended:
                    break
                revision, body = self._game_bytes(language)
                if revision != sent:
                    await self._send(response, b"event: game\ndata: " + body + b"\n\n")
                    sent = revision
                    continue
                try:
                    async with asyncio.timeout(self._heartbeat):
                        await stream.woken.wait()
                except TimeoutError:
                    await self._send(response, b"event: alive\ndata: {}\n\n")
            if self._closing:
                said = b"closed" if self._closing_for_good else b"away"
                await self._send(response, b"event: " + said + b"\ndata: {}\n\n")
        except (ConnectionError, TimeoutError):
            pass
        finally:
            self._streams.remove(stream)
        return response

    async def _send(self, response: web.StreamResponse, data: bytes) -> None:
        async with asyncio.timeout(WRITE_TIMEOUT):
            await response.write(data)


def _revision(body: dict[str, Any]) -> int | None:
    """The body's `revision` (the one the page showed), if it gives one."""
    seen = body.get("revision")
    if seen is not None and (type(seen) is not int):
        raise _Refusal(400, "revision is a whole number")
    return seen


class ThreadedPhoneServer:
    """A PhoneServer in a thread of its own, with its own event loop, beside a window
    whose thread must never wait for a phone."""

    def __init__(self, server: PhoneServer) -> None:
        self.server = server
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="phones", daemon=True)

    def _run(self) -> None:
        try:
            self.loop.run_forever()
        finally:
            self.loop.close()

    def start(self) -> None:
        """Returns once the server listens; OSError if it cannot."""
        self._thread.start()
        try:
            asyncio.run_coroutine_threadsafe(self.server.start(), self.loop).result()
        except BaseException:
            self._end_thread()
            raise

    def stop(self, *, wait: bool = True, for_good: bool = True) -> None:
        """Ends every phone's session at once, and the server and its thread: within a
        few seconds, waited for, or (not `wait`) on their own, as every phone is told
        (that the sharing ended, or, not `for_good`, that the table is away)."""
        self.server.table.keys.end_sessions()
        done = asyncio.run_coroutine_threadsafe(self.server.close(for_good=for_good), self.loop)
        if not wait:
            done.add_done_callback(lambda _done: self.loop.call_soon_threadsafe(self.loop.stop))
            return
        done.result(timeout=CLOSE_GRACE + 2)
        self._end_thread()

    def _end_thread(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=2)
