"""The phones' page in a real browser: Debian's chromium driven through chromedriver, and
what the browser tests do with it.

Importing this skips the importing test module, saying why, where chromium, its driver or
selenium is not installed (CI installs the packages `chromium` and `chromium-driver`).
One browser serves every browser test of a run (the `browser` fixture of this folder's
conftest): starting one costs seconds on a loaded machine. Screenshots go to
$PHASE10_KEEPER_SCREENSHOTS when it is set, to be looked at; else to the test's
temporary folder.
"""

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from phase10_keeper.language import words

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

if not (Path(CHROMIUM).is_file() and Path(CHROMEDRIVER).is_file()):
    pytest.skip(
        "the browser tests need chromium and chromedriver "
        "(Debian: apt install chromium chromium-driver)",
        allow_module_level=True,
    )
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")

# Given to the test modules with the rest, so that each imports selenium only after the
# skip above.
from selenium.webdriver.common.by import By as By  # noqa: E402
from selenium.webdriver.common.keys import Keys as Keys  # noqa: E402
from selenium.webdriver.support.ui import Select as Select  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

WAIT = 15.0
"""Seconds a condition may take to hold: the page answers in milliseconds on loopback,
but a loaded machine may run the browser slowly."""
PHONE = (360, 740)
DESKTOP = (1280, 800)


def started_browser(*more: str, bidi: bool = False) -> Iterator[Any]:
    """A browser, with `more` switches besides the shared one's; with `bidi`, driven
    through WebDriver BiDi too (for user contexts: tabs that share no cookies or
    storage, as the phones of several people)."""
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    shared = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage")
    for argument in (*shared, *more):
        options.add_argument(argument)
    options.enable_bidi = bidi
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def shots_folder(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("PHASE10_KEEPER_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def view(driver: Any, size: tuple[int, int], *, dark: bool = False) -> None:
    """The screen's size and colour scheme, and the network as it is (the browser is
    shared: an earlier test may have taken it offline). The phone asks for less motion:
    a click aims where a button is and then lands there, and a page still scrolling
    moved the button from under it."""
    network(driver, online=True)
    width, height = size
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {
            "features": [
                {"name": "prefers-color-scheme", "value": "dark" if dark else "light"},
                {"name": "prefers-reduced-motion", "value": "reduce"},
            ]
        },
    )


def wait(driver: Any, condition: Callable[[Any], object]) -> Any:
    return WebDriverWait(driver, WAIT).until(condition)


def shoot(driver: Any, path: Path) -> None:
    """The whole page, however long, at the width shown."""
    width = driver.execute_script("return window.innerWidth")
    height = driver.execute_script("return document.documentElement.scrollHeight")
    before = driver.execute_script("return window.innerHeight")
    view_height = max(height, before)
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": view_height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    driver.save_screenshot(str(path))
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": before, "deviceScaleFactor": 1, "mobile": width < 600},
    )


def text_of(driver: Any, element_id: str) -> str:
    return str(driver.find_element(By.ID, element_id).text)


def open_link(driver: Any, link: str) -> None:
    # A new document for each link, as a phone that scans a code gets.
    driver.get("about:blank")
    driver.get(link)
    wait(
        driver,
        lambda d: d.execute_script("return document.getElementById('rows').children.length") > 0,
    )


def click(driver: Any, element_id: str, times: int = 1) -> None:
    for _ in range(times):
        driver.find_element(By.ID, element_id).click()


def click_counter(driver: Any, kind: str, label: str, times: int = 1) -> None:
    for _ in range(times):
        button = driver.find_element(
            By.XPATH, f"//li[@class='kind'][.//span[@id='kind-{kind}']]//button[text()='{label}']"
        )
        button.click()


def sent(driver: Any) -> None:
    english = words("en")
    wait(driver, lambda d: text_of(d, "sent") == english("phones.sent"))


def totals(driver: Any) -> dict[str, int]:
    rows = driver.find_elements(By.CSS_SELECTOR, "#rows tr")
    found = {}
    for row in rows:
        name = row.find_element(By.CSS_SELECTOR, ".player-name").text
        found[name] = int(row.find_element(By.CSS_SELECTOR, "td.total").text)
    return found


def check_layout(driver: Any, dark: bool) -> None:
    """Nothing wider than the screen, every control at least 44 px and named."""
    overflow = driver.execute_script(
        "return document.documentElement.scrollWidth - window.innerWidth"
    )
    assert overflow <= 0
    controls = driver.execute_script(
        """
        return [...document.querySelectorAll('button, select')]
          .filter((element) => element.offsetParent !== null)
          .map((element) => {
            const box = element.getBoundingClientRect();
            const labels = element.labels && element.labels.length ? element.labels : null;
            const label = element.getAttribute('aria-label') || element.textContent.trim()
              || (labels ? labels[0].textContent.trim() : '');
            return [element.id || element.textContent, box.width, box.height, label];
          });
        """
    )
    assert controls
    for name, width, height, label in controls:
        assert width >= 44, name
        assert height >= 44, name
        assert label, name
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert background == ("rgb(14, 15, 17)" if dark else "rgb(255, 255, 255)")


def network(
    driver: Any,
    *,
    online: bool,
    latency_ms: float = 0,
    down_bytes_per_second: float = -1,
    up_bytes_per_second: float = -1,
) -> None:
    """Chromium's own network switch, as a phone's Wi-Fi going and coming: the page is told
    (`offline` and `online` events) and every request fails while it is off."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {
            "offline": not online,
            "latency": latency_ms,
            "downloadThroughput": down_bytes_per_second,
            "uploadThroughput": up_bytes_per_second,
        },
    )
