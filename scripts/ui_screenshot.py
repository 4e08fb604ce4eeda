"""Take docs/ui-timeline.png: the timeline page at 1280x800 over the Cozy Home Co. notes.

Serves the app (uvicorn, a free loopback port) over the demo notes recorded on their call
dates, plus a late report (eBay, before Amazon) and a retraction (the warehouse
partner), then drives Debian's headless Chromium (``make browser``) through the page:
key, subject, a search and the seed question. ``--out`` writes elsewhere.

    .venv/bin/python scripts/ui_screenshot.py [--out PATH]
"""

from __future__ import annotations

import argparse
import socket
import tempfile
import threading
import time
from pathlib import Path

import uvicorn
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from tem import Fact, ManualClock, Memory
from tem.demo import FACTS, QUESTION, SUBJECT
from tem.server import create_app

OUT = Path(__file__).resolve().parents[1] / "docs" / "ui-timeline.png"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
KEY = "k-cozy"
WIDTH, HEIGHT = 1280, 800
BROWSER_ARGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    f"--window-size={WIDTH},{HEIGHT}",
    "--hide-scrollbars",
)


def load(memory: Memory, clock: ManualClock) -> None:
    """The demo notes, each call recorded on its day, a late report and a retraction."""
    facts = [*FACTS, Fact(SUBJECT, "Warehouse partner", "ShipBob", "call Feb 12", "2024-02-12")]
    for day in sorted({str(f.observed_at) for f in facts}):
        clock.set(day)
        memory.add_many([f for f in facts if f.observed_at == day])
    clock.set("2024-11-14")
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


def shoot(url: str, out: Path) -> None:
    """Drive the page at ``url`` to the state shown in the docs and save a PNG."""
    options = Options()
    options.binary_location = CHROMIUM
    for arg in BROWSER_ARGS:
        options.add_argument(arg)
    with tempfile.TemporaryDirectory() as profile:
        options.add_argument(f"--user-data-dir={profile}")
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        try:
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False},
            )
            wait = WebDriverWait(driver, 20)
            driver.get(url)
            driver.find_element(By.ID, "key").send_keys(KEY, Keys.TAB)
            subjects = Select(driver.find_element(By.ID, "subject"))
            wait.until(lambda d: len(subjects.options) > 1)
            subjects.select_by_visible_text(SUBJECT)
            wait.until(lambda d: len(d.find_elements(By.CLASS_NAME, "bar")) == 9)
            driver.find_element(By.ID, "search").send_keys("ad budget", Keys.ENTER)
            wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#hits .hit"))
            driver.find_element(By.ID, "question").send_keys(QUESTION, Keys.ENTER)
            wait.until(lambda d: "</Memory>" in d.find_element(By.ID, "memory").text)
            driver.execute_script(  # show the question from its start, unfocused
                "const q = document.getElementById('question'); q.blur(); q.scrollLeft = 0;"
            )
            out.write_bytes(driver.get_screenshot_as_png())
        finally:
            driver.quit()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"PNG to write (default {OUT})")
    out: Path = parser.parse_args().out
    clock = ManualClock()
    with Memory(clock=clock, scope="cozy") as memory:
        load(memory, clock)
        app = create_app(memory, {KEY: frozenset({"cozy"})})
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        server = uvicorn.Server(uvicorn.Config(app, log_level="warning", ws="none"))
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.05)
        try:
            shoot(f"http://127.0.0.1:{sock.getsockname()[1]}/ui", out)
        finally:
            server.should_exit = True
            thread.join(20)
            sock.close()
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
