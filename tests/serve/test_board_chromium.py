"""The board in real Chromium (headless, driven by selenium and chromium-driver) against a
real server: open a record, step, play a variation, get a hint, play a whole deal at the card
table to its end with the page's own check of the seal. Skipped only when chromium or its
driver is absent (CI has both)."""
import os
import shutil
import tempfile
import time

import pytest

selenium = pytest.importorskip("selenium", reason="python3-selenium is not installed")
from selenium import webdriver  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
if not CHROMIUM or not DRIVER:
    pytest.skip("chromium or chromium-driver is not installed: the board's browser test is skipped",
                allow_module_level=True)


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for a in ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=1500,1000", "--disable-dev-shm-usage"]:
        options.add_argument(a)
    service = Service(executable_path=DRIVER)
    b = webdriver.Chrome(options=options, service=service)
    b.set_script_timeout(30)
    yield b
    b.quit()


def wait(browser, what, timeout=20):
    end = time.time() + timeout
    while time.time() < end:
        try:
            got = what()
            if got:
                return got
        except Exception:  # the page is between two states
            pass
        time.sleep(0.05)
    raise AssertionError("timed out; status: " + browser.find_element(By.ID, "status").text)


def ply(browser):
    return int(browser.find_element(By.TAG_NAME, "body").get_attribute("data-ply") or -1)


def test_open_step_vary_hint_and_hostile_text(server, browser):
    browser.get(server.url)
    games = wait(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#library div"))
    assert any("legal" in g.text for g in games)
    # A record's hostile strings are text, never markup.
    hostile = next(g for g in games if "<script>" in g.text)
    hostile.click()
    wait(browser, lambda: "<img src=x onerror" in browser.find_element(By.ID, "title").text)
    assert browser.execute_script("return window.pwned === undefined")
    assert not browser.find_elements(By.CSS_SELECTOR, "#title img, #title b, #library img")

    next(g for g in browser.find_elements(By.CSS_SELECTOR, "#library div") if "american-win" in g.text).click()
    wait(browser, lambda: ply(browser) == 0 and "american-win" in browser.find_element(By.ID, "title").text)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#seats .seat")) == 2
    body = browser.find_element(By.TAG_NAME, "body")
    for k in range(1, 4):
        body.send_keys(Keys.ARROW_RIGHT)
        wait(browser, lambda k=k: ply(browser) == k)
    browser.find_element(By.ID, "prev").click()
    wait(browser, lambda: ply(browser) == 2)
    # A variation: the first legal move that is not the main line's.
    main_next = browser.find_elements(By.CSS_SELECTOR, "#tree div")[2].text.split(". ", 1)[1]
    legal = browser.find_elements(By.CSS_SELECTOR, "#legal div")
    other = next((m for m in legal if m.text != main_next), None)
    assert other is not None, [m.text for m in legal]
    chosen = other.text
    other.click()
    wait(browser, lambda: ply(browser) == 3)
    assert any("variation" in (d.get_attribute("class") or "") and chosen in d.text
               for d in browser.find_elements(By.CSS_SELECTOR, "#tree div"))
    # The hint, with every card known.
    browser.find_element(By.ID, "hint").click()
    wait(browser, lambda: browser.find_element(By.ID, "hint-text").text.startswith("best: seat"))
    # Back to the main line.
    browser.find_element(By.ID, "mainline").click()
    wait(browser, lambda: ply(browser) == 2)


def test_a_whole_deal_at_the_card_table_with_the_seal_verified(server, browser):
    browser.get(server.url)
    wait(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#table-ruleset option"))
    browser.execute_script("document.getElementById('table-ruleset').value = 'tiny'")
    browser.find_element(By.ID, "table-new").click()
    wait(browser, lambda: "commitment sha256:" in browser.find_element(By.ID, "seal").text)
    for _ in range(300):
        if browser.find_element(By.TAG_NAME, "body").get_attribute("data-over") == "1":
            break
        moves = wait(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#legal div")
                     or browser.find_element(By.TAG_NAME, "body").get_attribute("data-over") == "1")
        if moves is True:
            break
        before = ply(browser)
        moves[0].click()
        wait(browser, lambda: ply(browser) != before)
    verdict = wait(browser, lambda: browser.find_element(By.TAG_NAME, "body").get_attribute("data-seal"))
    assert verdict == "verified", verdict
    assert "salt:" in browser.find_element(By.ID, "record").text
    browser.save_screenshot(os.path.join(os.environ.get("CONQUIAN_SCREENSHOT_DIR", tempfile.gettempdir()),
                                         "board-table.png"))
    browser.find_element(By.ID, "record-open").click()
    wait(browser, lambda: "legal" in browser.find_element(By.ID, "title").text)
