"""The board in real Chromium (headless, driven by selenium and chromium-driver) against a
real server: open a record, step, play a variation, get a hint, play a whole deal at the card
table to its end with the page's own check of the seal. Skipped only when chromium or its
driver is absent (CI has both)."""
import os
import re
import shutil
import tempfile
import time

import pytest

from conftest import Server

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


def body_data(browser, name):
    return browser.find_element(By.TAG_NAME, "body").get_attribute("data-" + name)


def play_first(browser):
    """Plays the first move listed: a move's row, else the first take's default arrangement."""
    moves = wait(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#legal div.move")
                 or browser.find_elements(By.CSS_SELECTOR, "#legal div.take"))
    before = ply(browser)
    if "take" in (moves[0].get_attribute("class") or ""):
        moves[0].click()
        wait(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#legal div.choice div.move"))[0].click()
    else:
        moves[0].click()
    wait(browser, lambda: ply(browser) != before)


def open_library_game(browser, server, name, plies):
    browser.get(server.url)
    games = wait(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#library div"))
    next(g for g in games if g.text.startswith(name + " ")).click()
    wait(browser, lambda: ply(browser) == 0 and name in browser.find_element(By.ID, "title").text)
    body = browser.find_element(By.TAG_NAME, "body")
    for k in range(1, plies + 1):
        body.send_keys(Keys.ARROW_RIGHT)
        wait(browser, lambda k=k: ply(browser) == k)


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
    legal = browser.find_elements(By.CSS_SELECTOR, "#legal div.move")
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
        if body_data(browser, "over") == "1":
            break
        play_first(browser)
    verdict = wait(browser, lambda: browser.find_element(By.TAG_NAME, "body").get_attribute("data-seal"))
    assert verdict == "verified", verdict
    assert "salt:" in browser.find_element(By.ID, "record").text
    browser.save_screenshot(os.path.join(os.environ.get("CONQUIAN_SCREENSHOT_DIR", tempfile.gettempdir()),
                                         "board-table.png"))
    browser.find_element(By.ID, "record-open").click()
    # The record opened on the board, at its deal; its verdict shows at its end.
    wait(browser, lambda: body_data(browser, "card-table") == "0" and ply(browser) == 0)
    browser.find_element(By.ID, "last").click()
    wait(browser, lambda: "legal" in browser.find_element(By.ID, "result").text)


def test_a_take_with_a_real_choice_offers_a_short_list_with_the_default_picked(server, browser):
    # blunder after 2 moves: seat 0 may take 4c with Ac 2c 3c or 2c 3c, and lay 5d 5h 5s or not.
    open_library_game(browser, server, "blunder", 2)
    heads = browser.find_elements(By.CSS_SELECTOR, "#legal div.take")
    assert [h.get_attribute("data-take") for h in heads] == ["4c"], [h.text for h in heads]
    legal = browser.execute_script("return S.legal")
    takes = [e for e in legal if "take" in e]
    arrangements = {e["arrangement"] for e in takes}
    assert len(arrangements) >= 2
    # Closed, the list shows the take once, not each of its moves.
    assert len(browser.find_elements(By.CSS_SELECTOR, "#legal div")) < len(legal)
    heads[0].click()
    lays = wait(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#legal div.lay"))
    assert len(lays) == len(arrangements)
    picked = [x for x in lays if "picked" in x.get_attribute("class")]
    assert len(picked) == 1 and "(default)" in picked[0].text
    default = next(e for e in takes if e["default"])
    rows = browser.find_elements(By.CSS_SELECTOR, "#legal div.choice div.move")
    assert len(rows) == sum(1 for e in takes if e["arrangement"] == default["arrangement"])
    # Another arrangement: its own discards.
    other = next(x for x in lays if "picked" not in x.get_attribute("class"))
    k = int(other.get_attribute("data-arrangement"))
    other.click()
    wait(browser, lambda: "picked" in browser.find_element(
        By.CSS_SELECTOR, f"#legal div.lay[data-arrangement='{k}']").get_attribute("class"))
    rows = browser.find_elements(By.CSS_SELECTOR, "#legal div.choice div.move")
    chosen = [e for e in takes if e["arrangement"] == k]
    assert sorted(r.text for r in rows) == sorted(e["words"] for e in chosen)
    rows[0].click()
    wait(browser, lambda: ply(browser) == 3)


def test_the_spanish_or_french_look_draws_the_same_cards(server, browser):
    open_library_game(browser, server, "blunder", 0)
    cards = browser.find_elements(By.CSS_SELECTOR, "#seats .card")
    tokens = [c.get_attribute("data-card") for c in cards]
    assert cards and all(c.get_attribute("data-look") == "french" for c in cards)
    browser.execute_script("const l = document.getElementById('look'); l.value = 'spanish';"
                           "l.dispatchEvent(new Event('change'));")
    wait(browser, lambda: all(c.get_attribute("data-look") == "spanish"
                              for c in browser.find_elements(By.CSS_SELECTOR, "#seats .card")))
    cards = browser.find_elements(By.CSS_SELECTOR, "#seats .card")
    assert [c.get_attribute("data-card") for c in cards] == tokens  # the tokens stay the deck's
    king = next(c for c in cards if c.get_attribute("data-card") == "Kc")
    assert king.find_element(By.CSS_SELECTOR, ".rank").text == "12"  # the rey
    browser.execute_script("const l = document.getElementById('look'); l.value = '';"
                           "l.dispatchEvent(new Event('change'));")
    wait(browser, lambda: all(c.get_attribute("data-look") == "french"
                              for c in browser.find_elements(By.CSS_SELECTOR, "#seats .card")))


# Plays the card table through the page's own rows and buttons, from inside the page (a click
# per move without a driver's round trip each): the first move's row, else the first take's
# default arrangement; at the end of each deal its seal's verdict, then "Next deal" until the
# match is over. Answers the verdicts, one a deal.
PLAY_THE_MATCH = """
const done = arguments[arguments.length - 1];
const B = document.body.dataset;
const until = async f => { for (let i = 0; i < 600 && !f(); ++i) await new Promise(r => setTimeout(r, 25)); return f(); };
(async () => {
  const seals = [];
  for (let step = 0; step < 3000; ++step) {
    if (B.over === "1") {
      if (!await until(() => B.seal)) return done({seals, error: "no seal verdict"});
      seals.push(B.seal);
      if (B.match === "over") break;
      const deals = B.matchDeals;
      document.getElementById("table-next").click();
      if (!await until(() => B.over === "0" || B.matchDeals !== deals)) return done({seals, error: "no next deal"});
      continue;
    }
    const before = B.ply;
    let row = document.querySelector("#legal div.move");
    if (!row) {
      const take = document.querySelector("#legal div.take");
      if (!take) return done({seals, error: "no move listed"});
      take.click();
      row = document.querySelector("#legal div.choice div.move");
    }
    row.click();
    if (!await until(() => B.ply !== before)) return done({seals, error: "the move was not played"});
  }
  done({seals, error: B.match === "over" ? "" : "the match did not end"});
})();
"""


@pytest.fixture()
def own_server():
    # A match of random play runs to any number of deals, each a session of its own: its own
    # server holds them, so that the sessions the other tests left open never cut it short.
    s = Server()
    yield s
    s.stop()


def test_a_match_to_three_points_at_the_card_table(own_server, browser):
    server = own_server
    browser.get(server.url)
    wait(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#table-ruleset option"))
    browser.execute_script("document.getElementById('table-ruleset').value = 'tiny';"
                           "document.getElementById('table-player').value = 'random';"
                           "document.getElementById('table-match').value = '3';")
    browser.find_element(By.ID, "table-new").click()
    wait(browser, lambda: body_data(browser, "match") == "on")
    assert "match to 3: you 0, random 0" in browser.find_element(By.ID, "match").text
    browser.set_script_timeout(120)
    try:
        result = browser.execute_async_script(PLAY_THE_MATCH)
    finally:
        browser.set_script_timeout(30)
    assert result["error"] == "", (result, browser.find_element(By.ID, "status").text)
    assert result["seals"] and all(v == "verified" for v in result["seals"]), result
    assert body_data(browser, "match") == "over"
    assert len(result["seals"]) == int(body_data(browser, "match-deals"))
    assert "won the match" in browser.find_element(By.ID, "match").text
    assert not browser.find_element(By.ID, "table-next").is_enabled()
    assert body_data(browser, "match-record").count("score:") == len(result["seals"])
    assert browser.find_element(By.ID, "record").text.startswith("format: conquian-record/1\nmatch:")


def test_a_panguingue_game_is_drawn_as_cards(server, browser):
    browser.get(server.url)
    games = wait(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#library div"))
    next(g for g in games if "(panguingue)" in g.text and ": legal" in g.text).click()
    wait(browser, lambda: "panguingue" in browser.find_element(By.ID, "title").text)
    seats = browser.find_elements(By.CSS_SELECTOR, "#seats .seat")
    assert len(seats) >= 2 and browser.find_elements(By.CSS_SELECTOR, "#seats .card")
    # Chips as every command writes them: signed, after the seat's name.
    assert re.match(r"seat 0 [+-]\d+ - ", seats[0].text), seats[0].text
    assert browser.find_element(By.ID, "table-text").text == ""
