"""The board as a player keeps it open, in real Chromium at a phone's size and two desktop
sizes: no sideways scroll, a Panguingue table that fits with its stock, face-up card and pot in
view, a card-table deal played to its end with its result shown, a reload or Back that finds
the same place, and no hint left over from another position. Takes the README's screenshots
(one desktop, one phone) into CONQUIAN_SCREENSHOT_DIR."""
import os
import tempfile

import pytest

from test_board_chromium import body_data, open_library_game, play_first, ply, wait  # noqa: F401
from test_board_chromium import browser  # noqa: F401  (the fixture)
from selenium.webdriver.common.by import By  # noqa: E402

SIZES = [(412, 915), (1400, 1000), (1920, 1080)]
SHOTS = os.environ.get("CONQUIAN_SCREENSHOT_DIR", tempfile.gettempdir())


def sized(browser, w, h):
    browser.set_window_size(w, h)
    # The viewport, not the window: what the page lays itself out in.
    inner = browser.execute_script("return [window.innerWidth, window.innerHeight]")
    if inner[0] != w:
        browser.set_window_size(w + (w - inner[0]), h + (h - inner[1]))


def no_sideways_scroll(browser):
    return browser.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth + 1")


def deal_at_table(browser, server, ruleset="tiny"):
    browser.get(server.url)
    wait(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#table-ruleset option"))
    browser.execute_script(f"document.getElementById('table-ruleset').value = '{ruleset}'")
    browser.find_element(By.ID, "table-new").click()
    wait(browser, lambda: body_data(browser, "card-table") == "1" and "#table=" in browser.current_url)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_sideways_scroll_and_a_card_table_deal_to_its_end(server, browser, size):
    sized(browser, *size)
    open_library_game(browser, server, "american-win", 2)
    assert no_sideways_scroll(browser), browser.execute_script("return document.documentElement.scrollWidth")
    deal_at_table(browser, server)
    # At the card table only what applies there shows: no stepping, no mode box, no analysis.
    for hidden in ["steppers", "mode-box", "analysis-box"]:
        assert not browser.find_element(By.ID, hidden).is_displayed(), hidden
    for _ in range(300):
        if body_data(browser, "over") == "1":
            break
        play_first(browser)
    result = wait(browser, lambda: browser.find_element(By.ID, "result").text)
    assert result.startswith(("You won", "You lost", "Drawn")), result
    assert wait(browser, lambda: body_data(browser, "seal")) == "verified"
    assert "seal verified" in browser.find_element(By.CSS_SELECTOR, "#seal .badge").text
    assert no_sideways_scroll(browser)
    if size == (412, 915):
        # On a phone the table comes first and the moves under it, the library last.
        top = {i: browser.find_element(By.ID, i).rect["y"] for i in ["board", "side", "left"]}
        assert top["board"] < top["side"] < top["left"], top
        browser.execute_script("window.scrollTo(0, 0)")
        browser.save_screenshot(os.path.join(SHOTS, "board-phone.png"))


def test_the_panguingue_table_fits_with_its_stock_face_up_card_and_pot_in_view(server, browser):
    sized(browser, 1400, 1000)
    open_library_game(browser, server, "panguingue-7-0", 9)
    assert "many" in browser.find_element(By.ID, "seats").get_attribute("class")
    assert no_sideways_scroll(browser)
    for part in ["stock", "up", "pot"]:
        r = browser.execute_script(f"return document.getElementById('{part}').getBoundingClientRect().bottom")
        assert r <= 1000, (part, r)
    assert browser.find_element(By.ID, "pot").text.isdigit()
    # Seats side by side: at least two seats share a row.
    ys = [s.rect["y"] for s in browser.find_elements(By.CSS_SELECTOR, "#seats .seat")]
    assert len(ys) > len(set(ys)), ys
    # The face-up card says who threw or turned it; melds say what they pay on the table.
    if browser.find_elements(By.CSS_SELECTOR, "#up .card"):
        assert "by seat" in browser.find_element(By.ID, "up-from").text
    # The title keeps the deal's result out while stepping; the end shows it.
    assert "chips" not in browser.find_element(By.ID, "title").text
    assert not browser.find_element(By.ID, "result").is_displayed()
    browser.find_element(By.ID, "last").click()
    wait(browser, lambda: body_data(browser, "over") == "1")
    assert "chips" in browser.find_element(By.ID, "result").text
    pays = browser.find_elements(By.CSS_SELECTOR, "#seats .meld .pays")
    assert all(p.is_displayed() and p.text.startswith("pays ") for p in pays)
    browser.save_screenshot(os.path.join(SHOTS, "board-pan.png"))


def test_a_reload_mid_deal_finds_the_same_deal_and_back_steps_back(server, browser):
    sized(browser, 1400, 1000)
    deal_at_table(browser, server)
    play_first(browser)
    play_first(browser)
    url, at = browser.current_url, ply(browser)
    browser.refresh()
    wait(browser, lambda: body_data(browser, "card-table") == "1" and ply(browser) == at)
    assert browser.current_url == url
    assert browser.find_elements(By.CSS_SELECTOR, "#legal div")
    play_first(browser)  # the resumed deal plays on

    open_library_game(browser, server, "american-win", 3)
    assert "ply=3" in browser.current_url
    browser.refresh()
    wait(browser, lambda: ply(browser) == 3 and "american-win" in browser.find_element(By.ID, "title").text)
    current = browser.find_element(By.CSS_SELECTOR, "#tree div.current")
    assert current.get_attribute("data-ply") == "3"
    browser.back()
    wait(browser, lambda: ply(browser) == 2)
    # The README's desktop picture: the analysis's chart and marks, and a hint.
    browser.find_element(By.ID, "analyse").click()
    wait(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#chart path"), timeout=60)
    assert browser.find_elements(By.CSS_SELECTOR, "#chart line.current")
    browser.find_element(By.ID, "hint").click()
    wait(browser, lambda: browser.find_element(By.ID, "hint-text").text.startswith("best: "))
    browser.save_screenshot(os.path.join(SHOTS, "board-desktop.png"))


def test_a_step_after_a_hint_finds_no_stale_hint(server, browser):
    sized(browser, 1400, 1000)
    open_library_game(browser, server, "american-win", 2)
    browser.find_element(By.ID, "hint").click()
    wait(browser, lambda: browser.find_element(By.ID, "hint-text").text.startswith("best: "))
    browser.find_element(By.ID, "next").click()
    wait(browser, lambda: ply(browser) == 3)
    assert browser.find_element(By.ID, "hint-text").text == ""
    # A slow answer that lands after a step is not shown on the newer position.
    browser.execute_script("document.getElementById('mode').value = 'view';"
                           "document.getElementById('movetime').value = '1000';")
    browser.find_element(By.ID, "values").click()
    browser.find_element(By.ID, "prev").click()
    wait(browser, lambda: ply(browser) == 2)
    wait(browser, lambda: body_data(browser, "solving") != "1" and not browser.execute_script(
        "return fetch('/api/session/' + S.session + '/progress', {headers: {'X-Conquian-Token': TOKEN}})"
        ".then(r => r.json()).then(j => j.solving)"), timeout=30)
    assert browser.find_element(By.ID, "hint-text").text == ""
    assert not browser.find_elements(By.CSS_SELECTOR, "#legal .value")
