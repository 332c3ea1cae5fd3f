"""The page the phones load: one HTML document with its style and script inline (no
font, script or style from anywhere else), and the words it shows in every language;
and what makes it an app a phone installs on its home screen (a web app manifest and
its icons).

The Content-Security-Policy names the inline style and script by their hashes, so the
browser runs nothing else, even if a name in the game were ever to slip into the page.
Each file is compressed once, the first time it is asked for, and sent compressed to a
browser that takes gzip: a phone on a weak line in a crowded room loads a fifth of it.
"""

import base64
import gzip
import hashlib
import json
from functools import cache
from typing import NamedTuple

from aiohttp import web

from phase10_keeper.language import LANGUAGES, catalogue
from phase10_keeper.resource_files import resource_path

THEME_COLOUR = "#0b4fb8"
"""The page's accent (page.css's --accent in light), which the phone's bar takes."""

_PAGE_KEYS = ("phones.", "card.")
"""The catalogue entries the page words itself with."""
_NOT_THE_PAGES = ("phones.window_", "phones.serve_")
"""The window's and the command line's own words, which the page never shows."""


def _hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def page_words() -> dict[str, dict[str, object]]:
    """The page's words by language: the `phones.*` and `card.*` entries and the
    language's own name."""

    every: dict[str, dict[str, object]] = {}
    english = catalogue("en")
    for code, name in LANGUAGES.items():
        entries = {**english, **catalogue(code)}
        chosen: dict[str, object] = {
            key: value
            for key, value in entries.items()
            if key.startswith(_PAGE_KEYS) and not key.startswith(_NOT_THE_PAGES)
        }
        chosen["language.name"] = name
        every[code] = chosen
    return every


def _slimmed(script: str) -> str:
    """The script without its indentation and its comment lines, a tenth less on the wire
    once gzipped. Only whole lines change: page.js writes no string across lines, so
    no string loses anything, and every statement keeps its own line."""
    lines = (line.strip() for line in script.split("\n"))
    return "\n".join(line for line in lines if line and not line.startswith("//"))


@cache
def page_bytes() -> tuple[bytes, str]:
    """The page, and the Content-Security-Policy it is served with."""
    folder = resource_path("companion")
    style = (folder / "page.css").read_text(encoding="utf-8")
    script = _slimmed((folder / "page.js").read_text(encoding="utf-8"))
    template = (folder / "page.html").read_text(encoding="utf-8")
    # "</" never appears inside the data block, so no text in it can end the block.
    data = json.dumps(page_words(), ensure_ascii=False, separators=(",", ":"))
    data = data.replace("</", "<\\/")
    page = (
        template.replace("/*STYLE*/", style)
        .replace("/*SCRIPT*/", script)
        .replace("/*WORDS*/", data)
    )
    policy = "; ".join(
        [
            "default-src 'none'",
            f"style-src {_hash(style)}",
            f"script-src {_hash(script)}",
            "connect-src 'self'",
            "img-src 'self' data:",
            "manifest-src 'self'",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
        ]
    )
    return page.encode("utf-8"), policy


class PageFile(NamedTuple):
    """One file the page is made of, as served: plain and gzipped."""

    body: bytes
    gzipped: bytes
    content_type: str
    headers: dict[str, str]


def _file(body: bytes, content_type: str, headers: dict[str, str]) -> PageFile:
    # mtime 0: the same file compresses to the same bytes every time.
    return PageFile(body, gzip.compress(body, 9, mtime=0), content_type, headers)


def _manifest() -> bytes:
    manifest = {
        "name": "Phase 10 Keeper",
        "short_name": "Phase 10",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": "#ffffff",
        "icons": [
            {"src": f"/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"}
            for size in (192, 512)
        ],
    }
    return json.dumps(manifest, indent=1).encode("utf-8")


@cache
def page_files() -> dict[str, PageFile]:
    """The files by their path on the server."""
    page, policy = page_bytes()
    # The icons change only with the app: a day's keeping spares a phone on a weak line.
    lasting = {"Cache-Control": "max-age=86400"}
    icons = {
        # The browser's tab shows the small one; a home screen the others.
        "/icon-32.png": resource_path("icons", "phase10-keeper-32.png"),
        "/icon-192.png": resource_path("companion", "icon-192.png"),
        "/icon-512.png": resource_path("icons", "phase10-keeper-512.png"),
    }
    return {
        "/": _file(
            page,
            "text/html; charset=utf-8",
            {
                "Cache-Control": "no-store",
                "Content-Security-Policy": policy,
                "X-Frame-Options": "DENY",
            },
        ),
        "/manifest.webmanifest": _file(_manifest(), "application/manifest+json", lasting),
        **{path: _file(file.read_bytes(), "image/png", lasting) for path, file in icons.items()},
    }


def _takes_gzip(request: web.Request) -> bool:
    for part in request.headers.get("Accept-Encoding", "").split(","):
        coding, _, weight = part.strip().partition(";")
        if coding.strip().lower() == "gzip":
            return weight.replace(" ", "").lower() not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


async def _serve(request: web.Request) -> web.StreamResponse:
    served = page_files()[request.path]
    headers = {**served.headers, "Content-Type": served.content_type, "Vary": "Accept-Encoding"}
    # PNG is compressed already: gzip would only add bytes.
    if _takes_gzip(request) and served.content_type != "image/png":
        headers["Content-Encoding"] = "gzip"
        return web.Response(body=served.gzipped, headers=headers)
    return web.Response(body=served.body, headers=headers)


def page_routes() -> list[web.RouteDef]:
    """The routes that serve the page and its files."""
    return [web.get(path, _serve) for path in page_files()]
