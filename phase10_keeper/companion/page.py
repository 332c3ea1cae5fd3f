"""The page the phones load: one HTML document with its style and script inline (no
font, script or style from anywhere else), and the words it shows in every language.

The Content-Security-Policy names the inline style and script by their hashes, so the
browser runs nothing else, even if a name in the game were ever to slip into the page.
"""

import base64
import hashlib
import json
from functools import cache

from phase10_keeper.language import LANGUAGES, catalogue
from phase10_keeper.resource_files import resource_path

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


@cache
def page_bytes() -> tuple[bytes, str]:
    """The page, and the Content-Security-Policy it is served with."""
    folder = resource_path("companion")
    style = (folder / "page.css").read_text(encoding="utf-8")
    script = (folder / "page.js").read_text(encoding="utf-8")
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
            "img-src data:",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
        ]
    )
    return page.encode("utf-8"), policy
