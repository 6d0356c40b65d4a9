#!/usr/bin/env python3
"""Random playouts per second from Python, through legal_actions/apply_action (the OpenSpiel
shape), beside the C++ soak's rate on the same machine (one core each).

    PYTHONPATH=build/python python3 tools/bench/python_playouts.py [--deals N] [--ruleset R]
        [--stock known|unknown] [--soak build/conquian_soak] [--soak-deals M]

The Python loop asks legal_actions() at every step and picks one with random.Random (a turn
from an unknown stock samples chance_outcomes() by their probabilities). The soak plays greedy
against random and also checks invariants and every record, so it does more per deal.
"""
import argparse
import random
import subprocess
import time

import conquian


def playouts(rules, deals, stock, seed=1):
    rng = random.Random(seed)
    steps = moves = 0
    start = time.perf_counter()
    for i in range(deals):
        state = rules.new_game(seed=i, dealer=i % rules.seats, stock=stock)
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        moves += state.moves_played
    return time.perf_counter() - start, steps, moves


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--deals", type=int, default=5000)
    p.add_argument("--ruleset", default="american")
    p.add_argument("--stock", default="known", choices=["known", "unknown"])
    p.add_argument("--soak", default="build/conquian_soak")
    p.add_argument("--soak-deals", type=int, default=20000)
    a = p.parse_args()
    rules = conquian.ruleset(a.ruleset)
    secs, steps, moves = playouts(rules, a.deals, a.stock)
    print(f"python  {a.ruleset} ({a.stock} stock): {a.deals} random playouts, {moves} moves, {steps} actions in "
          f"{secs:.2f} s: {a.deals / secs:.0f} deals/s, {steps / secs:.0f} actions/s")
    try:
        out = subprocess.run([a.soak, "--deals", str(a.soak_deals), "--seed", "7"], capture_output=True, text=True,
                             check=True).stdout.strip()
        print(f"C++ soak (every shipped ruleset, greedy v random, invariants and check on): {out}")
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"C++ soak not run: {e}")


if __name__ == "__main__":
    main()
