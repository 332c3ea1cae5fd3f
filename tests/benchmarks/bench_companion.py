"""How fast a recorded hand reaches the phones, and what the page weighs.

Run `python tests/benchmarks/bench_companion.py [HANDS]` from the repository.

`phase10-keeper serve` runs as a user runs it, on loopback, on a library in a temporary
folder: every hand recorded is saved (a committed transaction) before the phones hear
of it. Six phones, each on its player's link, follow the game over `GET /api/events`;
for each hand the keeper's link enters six results, then records the hand, and the time
is taken from sending `POST /api/hands` to the moment the last of the six phones has the
new game. Baseline, measured in the same run: a plain `GET /api/game` round trip. Goal:
a median of at most 250 ms. The page's first load is the bytes of `GET /` (the page is one document,
nothing else is fetched); goal: under 100 KB.
"""

import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
from measure import ROOT, SIX, long_game, python_child_environment, row

from phase10_keeper.storage.gamefile import write_game

HANDS = int(sys.argv[1]) if len(sys.argv) > 1 else 40
PHONES = 6
GOAL_MS = 250.0
PAGE_GOAL = 100 * 1024


def entries(number: int) -> dict[str, dict[str, object]]:
    out = SIX[number % len(SIX)]
    return {
        name: {"made": True, "went_out": True}
        if name == out
        else {"made": False, "cards": {"low": 7, "high": 2, "wild": 1}}
        for name in SIX
    }


async def follow(
    session: aiohttp.ClientSession, url: str, key: str, arrivals: dict[int, list[float]]
) -> None:
    """One phone: notes when it first hears of each number of hands played."""
    headers = {"Authorization": f"Bearer {key}"}
    async with session.get(url + "api/events", headers=headers, timeout=None) as response:
        name = ""
        async for raw in response.content:
            line = raw.decode("utf-8").rstrip("\n")
            if line.startswith("event: "):
                name = line[len("event: ") :]
            elif line.startswith("data: ") and name == "game":
                played = json.loads(line[len("data: ") :])["hands_played"]
                arrivals.setdefault(played, []).append(time.perf_counter())


async def measure(links: dict[str, object]) -> tuple[list[float], list[float], int]:
    url = str(links["url"])
    keeper = str(links["keeper"]).split("#key=")[1]
    headers = {"Authorization": f"Bearer {keeper}"}
    arrivals: dict[int, list[float]] = {}
    async with aiohttp.ClientSession() as session:
        async with session.get(url) as page:
            page_bytes = len(await page.read())
        # Each phone its player's own: a key holds only a few streams.
        players = links["players"]
        assert isinstance(players, dict)
        phones = [
            asyncio.create_task(follow(session, url, str(link).split("#key=")[1], arrivals))
            for link in list(players.values())[:PHONES]
        ]
        while len(arrivals.get(0, ())) < PHONES:
            await asyncio.sleep(0.005)
        plain, reached = [], []
        for number in range(HANDS):
            started = time.perf_counter()
            async with session.get(url + "api/game", headers=headers) as response:
                await response.read()
            plain.append((time.perf_counter() - started) * 1000)
            for name, entry in entries(number).items():
                async with session.put(
                    url + f"api/pending/{name}", json=entry, headers=headers
                ) as response:
                    assert response.status == 200, await response.text()
            started = time.perf_counter()
            async with session.post(url + "api/hands", json={}, headers=headers) as response:
                assert response.status == 200, await response.text()
            while len(arrivals.get(number + 1, ())) < PHONES:
                await asyncio.sleep(0.001)
            reached.append((max(arrivals[number + 1]) - started) * 1000)
        for phone in phones:
            phone.cancel()
    return plain, reached, page_bytes


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        game_file = Path(folder) / "game.phase10.json"
        write_game(game_file, long_game(0))
        command = [sys.executable, "-m", "phase10_keeper", "--data-dir", str(data)]
        environment = python_child_environment()
        subprocess.run(
            [*command, "games", "import", str(game_file)],
            check=True,
            env=environment,
            capture_output=True,
            cwd=ROOT,
        )
        server = subprocess.Popen(
            [*command, "serve", "--host", "127.0.0.1", "--port", "0", "--json"],
            stdout=subprocess.PIPE,
            text=True,
            env=environment,
            cwd=ROOT,
        )
        try:
            assert server.stdout is not None
            links = json.loads(server.stdout.readline())
            plain, reached, page_bytes = asyncio.run(measure(links))
        finally:
            server.terminate()
            server.wait(timeout=10)
    plain_ms = statistics.median(plain)
    reached_ms = statistics.median(reached)
    print(f"{HANDS} hands recorded, {PHONES} phones following, loopback; medians")
    row("GET /api/game round trip (baseline)", f"{plain_ms:.1f} ms", 1.0)
    row(
        f"hand recorded and saved -> {PHONES} phones have it",
        f"{reached_ms:.1f} ms",
        reached_ms / plain_ms,
        f"goal <= {GOAL_MS:.0f} ms",
    )
    row("  the slowest hand", f"{max(reached):.1f} ms", max(reached) / plain_ms)
    row("page, first load", f"{page_bytes / 1024:.1f} KB", None, "goal < 100 KB")


if __name__ == "__main__":
    main()
