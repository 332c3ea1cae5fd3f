"""Issue 36: axe-core finds nothing wrong with the page: the player's, the keeper's and the
scoreboard's (on a phone and as a TV), light and dark, 360 and 1920 pixels wide, in
every language. One page per role, changed in place, so the matrix costs seconds.

axe-core is the npm package: CI installs it under build/axe (see .ci/run); elsewhere
PHASE10_KEEPER_AXE names its axe.min.js. Skipped, saying so, where it is absent."""

import json
import os
from pathlib import Path
from typing import Any

import pytest

from phase10_keeper.language import LANGUAGES, words
from phase10_keeper.rules import Game

from .browsing import By, Select, click, open_link, shoot, text_of, view, wait
from .helpers import PLAYERS, served

ROOT = Path(__file__).resolve().parents[2]
AXE = Path(
    os.environ.get("PHASE10_KEEPER_AXE")
    or ROOT / "build" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
)
if not AXE.is_file():
    pytest.skip(
        f"axe-core is not installed (npm install --prefix build/axe axe-core, or set "
        f"PHASE10_KEEPER_AXE): {AXE}",
        allow_module_level=True,
    )

SIZES = ((360, 740), (1920, 1080))
RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']}).then(
  (results) => done(results.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ': ' + n.failureSummary),
  }))),
  (error) => done([{id: 'axe-failed', help: String(error), nodes: []}]),
);
"""


def check_every_way(driver: Any, role: str, shots: Path) -> list[str]:
    """The page as it is, in every language, scheme and width: what axe says is wrong."""
    found = []
    axe = AXE.read_text(encoding="utf-8")
    for language in LANGUAGES:
        Select(driver.find_element(By.ID, "language")).select_by_value(language)
        standings = words(language)("phones.standings")

        def worded(d: Any, title: str = standings) -> bool:
            return bool(
                d.find_element(By.ID, "standings-title").get_attribute("textContent") == title
            )

        wait(driver, worded)
        for dark in (False, True):
            for size in SIZES:
                view(driver, size, dark=dark)
                if not driver.execute_script("return typeof axe !== 'undefined'"):
                    driver.execute_script(axe)
                violations = driver.execute_async_script(RUN_AXE)
                where = f"{role} {language} {'dark' if dark else 'light'} {size[0]}"
                found += [f"{where}: {json.dumps(v, ensure_ascii=False)}" for v in violations]
                if violations:
                    shoot(driver, shots / f"axe-{where.replace(' ', '-')}.png")
    return found


@pytest.mark.parametrize("role", ["player", "keeper", "viewer"])
def test_axe_finds_no_violation_in_any_language_scheme_or_width(browser, shots, role):
    game = Game(players=(*PLAYERS, "Zoë Featherstonehaugh-Łukaszewicz"), title="Friday night")
    with served(game) as (table, client, _):
        table.enter("Priya", {"made": True, "went_out": True}, "Priya")
        table.enter("Marcus", {"made": False, "cards": {"low": 9}}, "keeper")
        links = client.server.links()
        link = {
            "player": links["players"]["Kwame"],
            "keeper": links["keeper"],
            "viewer": links["viewer"],
        }[role]
        view(browser, SIZES[0])
        open_link(browser, link)
        if role == "player":
            click(browser, "missed")
        if role == "keeper":
            # The keeper's form open on Marcus's entry, with its warning.
            wait(browser, lambda d: "Marcus" in text_of(d, "entries"))
        found = check_every_way(browser, role, shots)
        browser.execute_script("localStorage.removeItem('phase10-keeper-language')")
        # axe is awake: a control it must name, left on the page on purpose.
        browser.execute_script(
            "const b = document.createElement('button'); b.id = 'unnamed';"
            "document.querySelector('main').append(b);"
        )
        control = browser.execute_async_script(RUN_AXE)
    assert found == []
    assert [v["id"] for v in control] == ["button-name"]
