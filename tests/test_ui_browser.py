"""The timeline page in headless Chromium: lanes and bars, the as_of slider, search, the
``<Memory>`` block, and stored markup shown as text.

The app runs under uvicorn in a thread on a free loopback port, over the demo notes
recorded on their call dates, a late report and a retraction. Needs Debian's
``chromium`` and ``chromium-driver`` (``make browser``); skips, saying so, without them.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow  # a real browser against a real server: not the quick loop

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
    pytest.skip(
        "needs Debian's chromium and chromium-driver (/usr/bin/chromium, /usr/bin/chromedriver):"
        " run `make browser`",
        allow_module_level=True,
    )
pytest.importorskip("selenium")
uvicorn = pytest.importorskip("uvicorn")

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import NoAlertPresentException  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.remote.webelement import WebElement  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from tem import Fact, ManualClock, Memory  # noqa: E402
from tem.demo import FACTS, QUESTION, SUBJECT  # noqa: E402
from tem.server import create_app  # noqa: E402

KEY = "k-cozy"
SCOPE = "cozy"
INJECTION = "<img src=x onerror=alert(1)>"
LATE_RECORDED = datetime(2024, 11, 14, tzinfo=UTC)
BROWSER_ARGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1280,800",
)


def load(memory: Memory, clock: ManualClock) -> None:
    """The demo notes, each call recorded on its day, plus a late report, a retraction
    and a value that looks like markup."""
    facts = [
        *FACTS,
        Fact(SUBJECT, "Warehouse partner", "ShipBob", "call Feb 12", "2024-02-12"),
        Fact(SUBJECT, "Note", INJECTION, "call Oct 3", "2024-10-03"),
    ]
    for day in sorted({str(f.observed_at) for f in facts}):
        clock.set(day)  # each call's notes recorded together, on its day
        memory.add_many([f for f in facts if f.observed_at == day])
    clock.set(LATE_RECORDED)  # eBay, before Amazon: told late, so born historical
    memory.add(
        SUBJECT,
        "Main sales channel",
        "eBay",
        source="call Nov 14",
        observed_at="2024-11-14",
        valid_from="2023-09-01",
    )
    clock.set("2025-01-10")
    memory.retract(SUBJECT, "Warehouse partner", source="call Jan 10", observed_at="2025-01-10")


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    clock = ManualClock()
    with Memory(clock=clock, scope=SCOPE) as memory:
        load(memory, clock)
        app = create_app(memory, {KEY: frozenset({SCOPE}), "k-other": frozenset({"other"})})
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        server = uvicorn.Server(uvicorn.Config(app, log_level="warning", ws="none"))
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        deadline = time.monotonic() + 20
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.05)
        yield f"http://127.0.0.1:{sock.getsockname()[1]}/ui"
        server.should_exit = True
        thread.join(20)
        sock.close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[webdriver.Chrome]:
    options = Options()
    options.binary_location = str(CHROMIUM)
    for arg in BROWSER_ARGS:
        options.add_argument(arg)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium')}")
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def wait(
    driver: webdriver.Chrome, what: str, until: Callable[[Any], object], seconds: float = 15
) -> None:
    WebDriverWait(driver, seconds).until(until, message=f"waited {seconds} s for {what}")


def bars(driver: webdriver.Chrome) -> dict[str, list[tuple[str, str]]]:
    """Lane name -> [(value, status class)] in drawing order."""
    found: dict[str, list[tuple[str, str]]] = {}
    for lane in driver.find_elements(By.CSS_SELECTOR, "#lanes .lane"):
        name = lane.find_element(By.CLASS_NAME, "lane-label").text
        found[name] = [(b.text, status(b)) for b in lane.find_elements(By.CLASS_NAME, "bar")]
    return found


def status(bar: WebElement) -> str:
    classes = set((bar.get_attribute("class") or "").split()) - {"bar"}
    assert len(classes) == 1, classes
    return classes.pop()


def open_page(driver: webdriver.Chrome, url: str, key: str) -> None:
    """Open the page afresh (no key kept from an earlier test) and type ``key``."""
    driver.get(url)
    driver.execute_script("sessionStorage.clear()")
    driver.get(url)
    status = driver.find_element(By.ID, "status")
    wait(driver, "the first load", lambda d: status.text.startswith("401: missing API key"))
    driver.find_element(By.ID, "key").send_keys(key, Keys.TAB)  # used on change


def open_subject(driver: webdriver.Chrome, url: str) -> None:
    open_page(driver, url, KEY)
    subjects = driver.find_element(By.ID, "subject")
    wait(driver, "the subject list", lambda d: len(Select(subjects).options) > 1)
    Select(subjects).select_by_visible_text(SUBJECT)
    wait(driver, "the bars", lambda d: len(d.find_elements(By.CLASS_NAME, "bar")) == 10)


def move_slider(driver: webdriver.Chrome, position: int) -> None:
    """Drag the as_of slider to ``position`` (0-1000): the events a drag fires."""
    driver.execute_script(
        "const s = document.getElementById('asof'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('input')); s.dispatchEvent(new Event('change'));",
        position,
    )


def test_each_relation_is_a_lane_and_each_version_a_bar(
    browser: webdriver.Chrome, url: str
) -> None:
    open_subject(browser, url)
    H, C, E = "historical", "current", "ended"
    assert bars(browser) == {
        "Main sales channel": [
            ("eBay", H),
            ("Amazon", H),
            ("Etsy", H),
            ("Walmart Marketplace + own Shopify store", C),
        ],
        "Ad budget": [("$3,000/mo", H), ("$8,000/mo", H), ("$4,500/mo", C)],
        "Warehouse partner": [("ShipBob", E)],
        "Reason for leaving Amazon": [("rising fees and inbound-shipment penalties", C)],
        "Note": [(INJECTION, C)],
    }
    assert browser.find_element(By.ID, "title").text == SUBJECT
    assert browser.find_elements(By.CSS_SELECTOR, "#axis .tick")


def test_bars_lie_over_their_valid_time(browser: webdriver.Chrome, url: str) -> None:
    open_subject(browser, url)
    lane = browser.find_element(By.CSS_SELECTOR, ".lane[data-relation='Main sales channel']")
    ebay, amazon, etsy, walmart = lane.find_elements(By.CLASS_NAME, "bar")
    now = browser.find_element(By.CLASS_NAME, "now-line").rect["x"]
    for before, after in ((ebay, amazon), (amazon, etsy), (etsy, walmart)):
        assert abs(before.rect["x"] + before.rect["width"] - after.rect["x"]) < 2
    assert abs(walmart.rect["x"] + walmart.rect["width"] - now) < 3  # current: open to now
    ended = browser.find_element(By.CSS_SELECTOR, ".bar.ended")
    assert ended.rect["x"] + ended.rect["width"] < now - 100  # closed in Jan 2025
    assert float(ended.value_of_css_property("border-right-width").removesuffix("px")) >= 4
    assert "gradient" in walmart.value_of_css_property("background-image")
    assert "ShipBob" in (ended.get_attribute("title") or "")


def test_the_as_of_slider_hides_what_was_recorded_later(
    browser: webdriver.Chrome, url: str
) -> None:
    open_subject(browser, url)
    slider = browser.find_element(By.ID, "asof")
    assert browser.find_element(By.ID, "asof-label").text == "now"
    # 2024-11-01: after the Oct 3 call, before the late report (Nov 14) and the retraction
    first = datetime(2024, 2, 12, tzinfo=UTC).timestamp()
    target = datetime(2024, 11, 1, tzinfo=UTC).timestamp()
    move_slider(browser, round(1000 * (target - first) / (time.time() - first)))
    label = browser.find_element(By.ID, "asof-label").text
    assert "2024-10-20" < label < "2024-11-13", label
    wait(browser, "the eBay bar to go", lambda d: len(d.find_elements(By.CLASS_NAME, "bar")) == 9)
    found = bars(browser)
    assert [value for value, _ in found["Main sales channel"]] == [
        "Amazon",
        "Etsy",
        "Walmart Marketplace + own Shopify store",
    ]
    assert found["Warehouse partner"] == [("ShipBob", "current")]  # the retraction came later
    slider.send_keys(Keys.HOME)  # the first recording: only the Feb 12 call
    wait(browser, "the Feb 12 view", lambda d: len(d.find_elements(By.CLASS_NAME, "bar")) == 3)
    assert {v for lane in bars(browser).values() for v, _ in lane} == {
        "Amazon",
        "$3,000/mo",
        "ShipBob",
    }
    slider.send_keys(Keys.END)
    wait(browser, "every bar back", lambda d: len(d.find_elements(By.CLASS_NAME, "bar")) == 10)
    assert browser.find_element(By.ID, "asof-label").text == "now"


def test_search_lists_recall_hits_with_their_status(browser: webdriver.Chrome, url: str) -> None:
    open_subject(browser, url)
    browser.find_element(By.ID, "search").send_keys("ad budget", Keys.ENTER)
    wait(browser, "the hits", lambda d: d.find_elements(By.CSS_SELECTOR, "#hits .hit"))
    hits = browser.find_elements(By.CSS_SELECTOR, "#hits .hit")
    tagged = [(h.find_element(By.CLASS_NAME, "tag").text, h.text) for h in hits]
    budget = [(tag, text) for tag, text in tagged if "Ad budget" in text]
    assert [tag for tag, _ in budget] == ["historical", "historical", "current"]
    assert "$4,500/mo" in budget[-1][1]


def test_a_question_shows_the_memory_block(browser: webdriver.Chrome, url: str) -> None:
    open_subject(browser, url)
    browser.find_element(By.ID, "question").send_keys(QUESTION, Keys.ENTER)
    block = browser.find_element(By.ID, "memory")
    wait(browser, "the <Memory> block", lambda d: "</Memory>" in block.text)
    text = block.text
    assert text.startswith("<Memory>")
    assert "- Main sales channel | Etsy | source: call Jun 20 [historical]" in text
    assert "- Ad budget | $4,500/mo | source: call Oct 3\n" in text
    assert text.endswith(f"Question: {QUESTION}")


def test_stored_markup_shows_as_text(browser: webdriver.Chrome, url: str) -> None:
    open_subject(browser, url)
    note = browser.find_element(By.CSS_SELECTOR, ".lane[data-relation='Note'] .bar")
    assert note.text == INJECTION
    browser.find_element(By.ID, "search").send_keys("note", Keys.ENTER)
    wait(browser, "the hit", lambda d: INJECTION in d.find_element(By.ID, "hits").text)
    assert browser.find_elements(By.TAG_NAME, "img") == []
    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert.text  # noqa: B018


def test_a_wrong_key_says_why_in_one_line(browser: webdriver.Chrome, url: str) -> None:
    open_page(browser, url, "k-nope")
    status = browser.find_element(By.ID, "status")
    wait(browser, "the error", lambda d: "unknown API key" in status.text)
    assert status.text == "401: unknown API key"
    assert "error" in (status.get_attribute("class") or "")
