#!/usr/bin/env python3
"""A bot for `conquian referee` (specs/referee.md): answers every `act` with a legal move
drawn at random, ignores every other line, ends at `quit` or end of input."""
import json, random, sys

for line in sys.stdin:
    msg = json.loads(line)
    if msg["cmd"] == "act":
        print(json.dumps({"move": random.choice(msg["legal"])}), flush=True)
    elif msg["cmd"] == "quit":
        break
