#!/usr/bin/env python3
"""A bot for `conquian referee` (specs/referee.md): answers every `act` with a legal move
drawn at random, seeded by the deal's id and the seat (so a deal played again, as a
duplicate tournament or another MPI rank plays it, gets the same moves), ignores every
other line, ends at `quit` or end of input."""
import json, random, sys

for line in sys.stdin:
    msg = json.loads(line)
    if msg["cmd"] == "start":
        random.seed(f'{msg["deal"]}/{msg["seat"]}')
    elif msg["cmd"] == "act":
        print(json.dumps({"move": random.choice(msg["legal"])}), flush=True)
    elif msg["cmd"] == "quit":
        break
