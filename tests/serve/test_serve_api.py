"""`conquian serve` under hostile clients: each refused with a clear status and a sentence,
and the server still answering after. A real server on a free loopback port (conftest.py)."""
import http.client
import json
import socket
import subprocess
import threading
import time

from conftest import BIN


def call(server, method, path, body=None, token=True, raw=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    h = dict(headers or {})
    if token:
        h["X-Conquian-Token"] = server.token
    data = raw if raw is not None else (json.dumps(body) if body is not None else None)
    conn.request(method, path, body=data, headers=h)
    res = conn.getresponse()
    text = res.read().decode("utf-8", "replace")
    conn.close()
    try:
        return res.status, json.loads(text)
    except ValueError:
        return res.status, text


def alive(server):
    status, body = call(server, "GET", "/api/library")
    assert status == 200, body
    return body


def test_library_lists_games_with_checks_verdict(server):
    games = alive(server)["games"]
    assert any(g["game"] == "american-win" and g["verdict"] == "legal" for g in games)
    assert all("text" in g and "file" in g for g in games)


def test_no_token_is_403(server):
    for path in ["/", "/api/library", "/api/session/1"]:
        status, body = call(server, "GET", path, token=False)
        assert status == 403, (path, body)
        assert "token" in body["error"]
    status, _ = call(server, "GET", "/api/library", token=False, headers={"X-Conquian-Token": "0" * 48})
    assert status == 403
    status, _ = call(server, "GET", "/api/library?token=" + server.token, token=False)
    assert status == 200
    alive(server)


def test_body_over_the_limit_is_413(server):
    status, body = call(server, "POST", "/api/open", raw=b"{" + b" " * (5 << 20) + b"}")
    assert status == 413, body
    assert "larger than" in body["error"]
    alive(server)


def test_malformed_json_is_400_with_a_sentence(server):
    for raw in ['{"game": ', "[1, 2]", '{"game": "0"}', "[" * 100000, '{"game": 0, "ply": -1}']:
        status, body = call(server, "POST", "/api/open", raw=raw)
        assert status == 400, (raw[:20], body)
        assert body["error"] and "\n" not in body["error"]
    alive(server)


def test_unknown_ids_are_404(server):
    for path in ["/api/session/999999", "/api/session/abc", "/api/session/1.5/play", "/api/nothing", "/nothing"]:
        status, body = call(server, "GET", path)
        assert status == 404, (path, body)
    status, body = call(server, "POST", "/api/open", {"game": 100000})
    assert status == 404 and "no game" in body["error"]
    status, body = call(server, "DELETE", "/api/session/424242")
    assert status == 404
    alive(server)


def test_path_traversal_never_reaches_the_file_system(server):
    evil = ["../../../../etc/passwd", "/etc/passwd", "..%2F..%2Fetc%2Fpasswd", "corpus/legal/american-win.yaml"]
    for e in evil:
        status, body = call(server, "GET", "/" + e)
        assert status == 404, (e, body)
        status, body = call(server, "GET", "/api/session/" + e)
        assert status == 404, (e, body)
        status, body = call(server, "POST", "/api/open", {"game": e})
        assert status == 400, (e, body)
        status, body = call(server, "POST", "/api/new", {"ruleset": e})
        assert status == 400 and "shipped" in body["error"], (e, body)
        status, body = call(server, "POST", "/api/new", {"player": e})
        assert status == 400, (e, body)
        # A pasted record naming a ruleset file: only shipped rulesets are read.
        record = f"format: conquian-record/1\nruleset: {e}\ndeal:\n  hands: [[Ac], [2c]]\nmoves: []\n"
        status, body = call(server, "POST", "/api/open", {"record": record})
        assert status == 422, (e, body)
        assert "passwd" not in json.dumps(body).replace(e, "") or "root:" not in json.dumps(body)
    alive(server)


def test_a_game_opens_plays_and_refuses_an_illegal_move(server):
    status, st = call(server, "POST", "/api/open", {"game": 0, "ply": 6})
    assert status == 201, st
    sid = st["session"]
    # Each legal move in words with suit symbols; the list is sent with every state, without
    # the letters' form, which a played move's answer carries.
    assert st["legal"] and all("words" in m and "text" not in m for m in st["legal"])
    assert any(s in st["legal"][0]["words"] for s in "♣♦♥♠"), st["legal"][0]
    status, body = call(server, "POST", f"/api/session/{sid}/play", {"move": {"seat": 1, "turn": "Ac"}})
    assert status == 422 and "illegal move" in body["error"]
    status, body = call(server, "POST", f"/api/session/{sid}/play", {"move": st["legal"][0]["move"]})
    assert status == 200 and body["ply"] == 7
    assert body["played"][0]["words"] and body["played"][0]["text"], body["played"]
    status, body = call(server, "POST", f"/api/session/{sid}/solve", {"mode": "exact", "movetime": 200})
    assert status == 200 and body["best_words"]
    status, body = call(server, "POST", f"/api/session/{sid}/goto", {"moves": [m["move"] for m in st["main_line"][:3]]})
    assert status == 200 and body["ply"] == 3
    status, _ = call(server, "DELETE", f"/api/session/{sid}")
    assert status == 200
    status, _ = call(server, "GET", f"/api/session/{sid}")
    assert status == 404


def test_hostile_strings_come_back_as_json_text(server):
    games = alive(server)["games"]
    g = next(g for g in games if g["game"].startswith("<script>"))
    assert g["players"][0] == "<img src=x onerror=window.pwned=2>"
    status, st = call(server, "POST", "/api/open", {"game": g["id"]})
    assert status == 201 and st["game"]["game"] == "<script>window.pwned=1</script>"
    call(server, "DELETE", f"/api/session/{st['session']}")


def test_two_hundred_sessions_at_once_meet_the_cap_then_503(server):
    results = []
    lock = threading.Lock()

    def open_one():
        status, body = call(server, "POST", "/api/open", {"game": 0})
        with lock:
            results.append((status, body))

    threads = [threading.Thread(target=open_one) for _ in range(200)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    opened = [b["session"] for s, b in results if s == 201]
    refused = [b for s, b in results if s == 503]
    assert len(opened) + len(refused) == 200, [s for s, _ in results if s not in (201, 503)]
    assert 0 < len(opened) <= 64 and refused
    assert "sessions are open" in refused[0]["error"]
    for sid in opened:
        call(server, "DELETE", f"/api/session/{sid}")
    status, _ = call(server, "POST", "/api/open", {"game": 0})
    assert status == 201


def test_a_slow_client_is_cut_off_and_others_are_served(server):
    s = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    s.sendall(b"POST /api/open HTTP/1.1\r\nHost: x\r\nX-Conquian-Token: " + server.token.encode() +
              b"\r\nContent-Length: 1000\r\n\r\n{\"game\": ")
    alive(server)  # served while the slow one waits
    start = time.time()
    data = s.recv(4096)  # the server closes the connection after its read timeout (1 s here)
    while data and b"\r\n\r\n" not in data:
        more = s.recv(4096)
        if not more:
            break
        data += more
    assert time.time() - start < 20
    s.close()
    alive(server)
    # Headers never finished: cut off too.
    s = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    s.sendall(b"GET /api/library HTTP/1.1\r\nHost: x\r\n")
    assert s.recv(4096) in (b"",) or True
    s.close()
    alive(server)


def test_the_card_table_deals_sealed_and_keeps_the_other_hand_hidden(server):
    status, st = call(server, "POST", "/api/new", {"ruleset": "tiny", "seat": 0})
    assert status == 201, st
    t = st["card_table"]
    assert t["commitment"].startswith("sha256:") and "salt" not in t
    assert st["table"]["cards"]["hands"][1] == []
    sid = st["session"]
    status, body = call(server, "POST", f"/api/session/{sid}/solve", {"mode": "exact"})
    assert status == 403
    status, body = call(server, "GET", f"/api/session/{sid}/record")
    assert status in (409, 200)
    for _ in range(200):
        if st["over"]:
            break
        status, st = call(server, "POST", f"/api/session/{sid}/play", {"move": st["legal"][0]["move"]})
        assert status == 200, st
    assert st["over"] and st["card_table"]["salt"]
    status, rec = call(server, "GET", f"/api/session/{sid}/record")
    assert status == 200 and "salt:" in rec["record"] and "commitment:" in rec["record"]
    status, opened = call(server, "POST", "/api/open", {"record": rec["record"]})
    assert status == 201 and opened["game"]["verdict"] == "legal", opened
    status, opened = call(server, "POST", "/api/open", {"table": sid})
    assert status == 201 and opened["game"]["verdict"] == "legal", opened
    assert opened["main_line"] and not opened.get("card_table")


def test_snug_table_switches_make_a_ruleset_based_on_the_shipped_one(server):
    status, st = call(server, "POST", "/api/new", {"ruleset": "american", "swap": True, "forcing": False})
    assert status == 201, st
    # With the swap on, the deal opens with each seat's swap.
    assert all("swap" in m["move"] for m in st["legal"]), st["legal"][:2]
    status, st = call(server, "POST", "/api/new", {"ruleset": "american", "swap": "yes"})
    assert status == 400 and "'swap'" in st["error"]


def play_to_the_end(server, st):
    """Plays the first legal move until the deal is over (the built-in player answers each)."""
    for _ in range(500):
        if st["over"]:
            return st
        status, st = call(server, "POST", f"/api/session/{st['session']}/play", {"move": st["legal"][0]["move"]})
        assert status == 200, st
    raise AssertionError("the deal did not end in 500 moves")


def test_a_match_to_three_points_deal_after_deal_and_check_accepts_its_record(server):
    status, body = call(server, "POST", "/api/new", {"ruleset": "tiny", "player": "random", "match": 4})
    assert status == 400 and "3 or 5" in body["error"], body
    status, st = call(server, "POST", "/api/new", {"ruleset": "tiny", "player": "random", "match": 3})
    assert status == 201, st
    m = st["card_table"]["match"]
    assert m["target"] == 3 and m["total"] == [0, 0] and m["deals"] == 0 and not m["over"]
    sessions = [st["session"]]
    if not st["over"]:
        status, body = call(server, "POST", "/api/new", {"next": st["session"]})
        assert status == 409 and "not over" in body["error"], body
    dealers = []
    for deal in range(60):
        st = play_to_the_end(server, st)
        m = st["card_table"]["match"]
        assert m["deals"] == deal + 1, m
        dealers.append(st["card_table"]["deal"]["dealer"])
        if m["over"]:
            break
        status, following = call(server, "POST", "/api/new", {"next": st["session"]})
        assert status == 201, following
        status, again = call(server, "POST", "/api/new", {"next": st["session"]})
        assert status == 409 and "already" in again["error"], again
        assert following["card_table"]["match"]["total"] == m["total"]
        st = following
        sessions.append(st["session"])
    assert m["over"] and m["total"][m["winner"]] >= 3 > m["total"][1 - m["winner"]], m
    assert all(a != b for a, b in zip(dealers, dealers[1:])), dealers  # the deal alternates
    status, body = call(server, "POST", "/api/new", {"next": st["session"]})
    assert status == 409 and "match is over" in body["error"], body
    status, rec = call(server, "GET", f"/api/session/{st['session']}/record")
    assert status == 200, rec
    text = rec["match_record"]
    assert text.count("score:") == m["deals"] and text.count("salt:") == m["deals"], text
    # `check` replays every deal, verifies each seal and the score deal by deal.
    checked = subprocess.run([BIN, "check", "-"], input=text, capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    last_total = f"total: [{m['total'][0]}, {m['total'][1]}]"
    assert last_total in text, text
    forged = text.replace(last_total, f"total: [{m['total'][0] + 1}, {m['total'][1]}]")
    checked = subprocess.run([BIN, "check", "-"], input=forged, capture_output=True, text=True, timeout=60)
    assert checked.returncode == 1 and "score" in checked.stdout, checked.stdout
    for sid in sessions:
        call(server, "DELETE", f"/api/session/{sid}")


def test_a_takes_short_list_names_the_cards_laid_and_one_default_per_card(server):
    games = alive(server)["games"]
    g = next(g for g in games if g["game"] == "blunder")
    # After seat 1 turns and passes 4c, seat 0 may take it with Ac 2c 3c, with 2c 3c, and lay
    # its 5d 5h 5s beside either: a real choice of which cards to lay.
    status, st = call(server, "POST", "/api/open", {"game": g["id"], "ply": 2})
    assert status == 201, st
    hand = set(st["table"]["cards"]["hands"][0])
    takes = [e for e in st["legal"] if "take" in e]
    assert takes and all(e["take"] == "4c" for e in takes)
    assert all("take" not in e for e in st["legal"] if "pass" in e["move"])
    lay_of = {}
    for e in takes:
        lay_of.setdefault(e["arrangement"], set()).add(tuple(sorted(e["lay"])))
        cards = {c for meld in e["move"]["melds"] for c in meld}
        assert "4c" in cards and set(e["lay"]) <= cards and set(e["lay"]) <= hand, e
    assert all(len(lays) == 1 for lays in lay_of.values()), lay_of
    lays = {k: next(iter(v)) for k, v in lay_of.items()}
    assert len(set(lays.values())) == len(lays) >= 2, lays
    defaults = {e["arrangement"] for e in takes if e["default"]}
    assert len(defaults) == 1, defaults
    assert len(lays[defaults.pop()]) == max(len(v) for v in lays.values())
    for k, lay in lays.items():  # each arrangement with every discard the hand leaves
        discards = {e["move"]["discard"] for e in takes if e["arrangement"] == k}
        assert discards == hand - set(lay), (lay, discards)
    call(server, "DELETE", f"/api/session/{st['session']}")


def test_the_library_names_each_40_card_decks_other_look(server):
    looks = alive(server)["looks"]
    spanish, french = looks["spanish-40"]["french"], looks["french-40"]["spanish"]
    assert spanish["deck"]["name"] == "french-40" and french["deck"]["name"] == "spanish-40"
    # 004: the jack plays the sota (10), the queen the caballo (11), the king the rey (12).
    assert spanish["cards"]["1o"][0] == "A" and spanish["cards"]["10c"][:1] == "J"
    assert spanish["cards"]["11e"][:1] == "Q" and spanish["cards"]["12b"][:1] == "K"
    assert len(set(spanish["cards"].values())) == 40 and len(set(french["cards"].values())) == 40
    for token, drawn in spanish["cards"].items():  # the two looks are each other's
        assert french["cards"][drawn] == token


def test_a_panguingue_game_opens_with_its_table_as_cards(server):
    g = next(g for g in alive(server)["games"] if g["ruleset"] == "panguingue" and g["verdict"] == "legal")
    status, st = call(server, "POST", "/api/open", {"game": g["id"], "ply": 4})
    assert status == 201, st
    cards = st["table"]["cards"]
    assert cards and len(cards["hands"]) == st["seats"] and len(cards["said"]) == st["seats"]
    assert sum(len(h) for h in cards["hands"]) > 0 and cards["next"] == st["table"]["next"]
    call(server, "DELETE", f"/api/session/{st['session']}")


def test_a_panguingue_position_is_solved_from_the_seat_view_with_estimates(server):
    g = next(g for g in alive(server)["games"] if g["ruleset"] == "panguingue" and g["verdict"] == "legal")
    status, st = call(server, "POST", "/api/open", {"game": g["id"], "ply": 1})
    assert status == 201, st
    status, body = call(server, "POST", f"/api/session/{st['session']}/solve", {"mode": "view", "movetime": 200})
    assert status == 200, body
    assert body["basis"] == "estimate" and body["proved"] is False and body["worlds"] >= 4
    assert body["best_words"] and len(body["moves"]) == len(st["legal"])
    assert all(m["ci95"][0] <= m["chips"] <= m["ci95"][1] and m["words"] for m in body["moves"])
    call(server, "DELETE", f"/api/session/{st['session']}")
