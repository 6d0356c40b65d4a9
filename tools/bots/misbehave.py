#!/usr/bin/env python3
"""Misbehaving bots for the referee's tests (tests/serve_test.cpp): `misbehave.py FAULT [N]`
plays legal random moves for its first N acts (default 0), then commits FAULT once:
  illegal   a move that is not legal (a card of its hand turned, or passed)
  garbage   a line that is not JSON
  notmove   JSON that is no move ({"move": 42})
  sleep     sleeps past any time limit
  crash     exits with status 3 in the middle of the deal
  close     closes its output and lives on, reading
  huge      a line of 4 MiB
  badutf8   {"move": " then the bytes 0xFF 0xFE 0x00 (not UTF-8, a control character), "} and a newline
  silent    reads everything, never answers
After the fault (if it lives) it plays legal moves again."""
import json, os, random, sys, time

fault = sys.argv[1]
good = int(sys.argv[2]) if len(sys.argv) > 2 else 0
acts = 0

def answer(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()

for line in sys.stdin:
    msg = json.loads(line)
    if msg["cmd"] == "quit":
        break
    if msg["cmd"] != "act":
        continue
    acts += 1
    if acts != good + 1 or fault == "none":
        # A Panguingue seat declares play, so that it is asked again in the deal.
        plays = [m for m in msg["legal"] if isinstance(m, dict) and m.get("play") is True]
        answer({"move": plays[0] if plays else random.choice(msg["legal"])})
        continue
    seat = msg["view"]["seat"]
    if fault == "illegal":
        card = msg["view"]["hand"][0]
        kind = "pass" if msg["view"]["phase"] == "turn" else "turn"
        answer({"move": {"seat": seat, kind: card}})
    elif fault == "garbage":
        sys.stdout.write("this is not json\n")
        sys.stdout.flush()
    elif fault == "notmove":
        answer({"move": 42})
    elif fault == "sleep":
        time.sleep(30)
    elif fault == "crash":
        sys.exit(3)
    elif fault == "close":
        os.close(1)
        for _ in sys.stdin:
            pass
        time.sleep(30)
    elif fault == "huge":
        sys.stdout.write('{"move": "' + "x" * (4 << 20) + '"}\n')
        sys.stdout.flush()
    elif fault == "badutf8":
        sys.stdout.flush()
        sys.stdout.buffer.write(b'{"move": "' + bytes([0xFF, 0xFE, 0x00]) + b'"}\n')
        sys.stdout.buffer.flush()
    elif fault == "silent":
        for _ in sys.stdin:
            pass
        time.sleep(30)
