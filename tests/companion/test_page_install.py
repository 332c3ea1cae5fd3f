"""Issue 36: the page a phone installs on its home screen, light enough for a weak line:
sent gzipped to a browser that takes it, with a web app manifest and its icons."""

import gzip
import json
import re
import struct

from phase10_keeper.rules import Game

from .helpers import PLAYERS, Client, served

FIRST_LOAD_LIMIT = 20 * 1024
"""Bytes of the page on the wire at first load, headers aside."""


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def get(client: Client, path: str, encoding: str | None = "gzip, deflate, br") -> object:
    headers = {"Accept-Encoding": encoding} if encoding else {}
    return client.request("GET", path, headers=headers)


def test_the_page_goes_gzipped_to_a_browser_that_takes_it_and_plain_to_one_that_does_not():
    with served(Game(players=PLAYERS)) as (_, client, _):
        packed = client.request("GET", "/", headers={"Accept-Encoding": "gzip, deflate, br"})
        plain = client.request("GET", "/")
        refused = client.request("GET", "/", headers={"Accept-Encoding": "gzip;q=0"})
    assert packed.status == 200
    assert packed.headers["Content-Encoding"] == "gzip"
    assert packed.headers["Vary"] == "Accept-Encoding"
    assert "Content-Encoding" not in plain.headers
    assert "Content-Encoding" not in refused.headers
    assert gzip.decompress(packed.data) == plain.data
    assert packed.headers["Content-Security-Policy"] == plain.headers["Content-Security-Policy"]
    print(f"page: {len(plain.data)} bytes, {len(packed.data)} gzipped")
    assert len(packed.data) <= FIRST_LOAD_LIMIT


def test_the_page_names_a_manifest_whose_icons_are_served_at_their_sizes():
    with served(Game(players=PLAYERS)) as (_, client, _):
        page = client.request("GET", "/").data.decode("utf-8")
        link = re.search(r'<link rel="manifest" href="([^"]+)">', page)
        assert link is not None
        answer = client.request("GET", link.group(1))
        assert answer.status == 200
        assert answer.headers["Content-Type"] == "application/manifest+json"
        manifest = json.loads(answer.data)
        assert manifest["name"] == "Phase 10 Keeper"
        assert manifest["short_name"] == "Phase 10"
        assert manifest["display"] == "standalone"
        assert manifest["start_url"] == "/"
        theme = re.search(r'<meta name="theme-color" content="([^"]+)">', page)
        assert theme is not None
        assert manifest["theme_color"] == theme.group(1)
        sizes = set()
        for icon in manifest["icons"]:
            image = client.request("GET", icon["src"])
            assert image.status == 200
            assert image.headers["Content-Type"] == icon["type"] == "image/png"
            width, height = png_size(image.data)
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
        assert sizes == {192, 512}
        favicon = re.search(r'<link rel="icon" href="([^"]+)" sizes="32x32">', page)
        assert favicon is not None
        assert png_size(client.request("GET", favicon.group(1)).data) == (32, 32)
        # The policy lets the browser take the manifest and the icons from the page's site.
        policy = client.request("GET", "/").headers["Content-Security-Policy"]
        assert "manifest-src 'self'" in policy
        assert "img-src 'self'" in policy


def test_the_pages_files_answer_only_to_the_served_address():
    with served(Game(players=PLAYERS)) as (_, client, _):
        answer = client.request("GET", "/manifest.webmanifest", headers={"Host": "evil.example"})
    assert answer.status == 421
