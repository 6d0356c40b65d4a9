#!/usr/bin/env python3
"""Random playouts per second from Python, through legal_actions/apply_action (the OpenSpiel
shape), beside the C++ soak's rate on the same machine (one core each).

    PYTHONPATH=build/python python3 tools/conquian_bench/python_playouts.py [--deals N] [--ruleset R]
        [--stock known|unknown|both] [--soak build/conquian_soak] [--soak-deals M]
        [--pan-deals K] [--pan-ruleset panguingue] [--pan-seats 6]

The Python loop plays every deal to its end: at each step it asks is_terminal() and
is_chance_node(), then picks one of legal_actions() with random.Random, or at a chance node (a
turn from an unknown stock) one of chance_outcomes() by its probability. It prints the CPU time
of the loop (time.process_time: what one core spends, whatever else the machine runs) beside
the wall time, and the rates from both; and the load average before and after, since a loaded
machine's CPU time is longer too (shared caches and cores). The soak plays greedy against
random over every shipped ruleset and also checks invariants and every record, so it does
more per deal. With --pan-deals K (K > 0) it also times K Panguingue deals at --pan-seats seats
(the stock known: Pan's turns are the player's one action), their rate on its own line.
"""
import argparse
import os
import random
import subprocess
import time

import conquian


def playouts(rules, deals, stock, seed=1, seats=None):
    rng = random.Random(seed)
    steps = moves = chance = ended = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(deals):
        if seats:
            state = rules.new_game(seed=i, dealer=i % seats, seats=seats)
        else:
            state = rules.new_game(seed=i, dealer=i % rules.seats, stock=stock)
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
                chance += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        moves += state.moves_played
        ended += state.outcome is not None
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if ended != deals:
        raise SystemExit(f"{deals - ended} of {deals} deals did not end")
    return cpu, wall, steps, moves, chance


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--deals", type=int, default=5000)
    p.add_argument("--ruleset", default="american")
    p.add_argument("--stock", default="known", choices=["known", "unknown", "both"])
    p.add_argument("--soak", default="build/conquian_soak")
    p.add_argument("--soak-deals", type=int, default=20000)
    p.add_argument("--pan-deals", type=int, default=0)
    p.add_argument("--pan-ruleset", default="panguingue")
    p.add_argument("--pan-seats", type=int, default=6)
    a = p.parse_args()
    rules = conquian.ruleset(a.ruleset)
    print(f"load average (1 min) before: {os.getloadavg()[0]:.2f}")
    for stock in ["known", "unknown"] if a.stock == "both" else [a.stock]:
        cpu, wall, steps, moves, chance = playouts(rules, a.deals, stock)
        print(f"python  {a.ruleset} ({stock} stock): {a.deals} random playouts to the end, {moves} moves, {steps} "
              f"actions ({chance} chance): {cpu:.2f} s CPU, {wall:.2f} s wall: {a.deals / cpu:.0f} deals/s of CPU "
              f"({a.deals / wall:.0f} by the wall), {steps / cpu:.0f} actions/s of CPU")
    if a.pan_deals > 0:
        cpu, wall, steps, moves, _ = playouts(conquian.ruleset(a.pan_ruleset), a.pan_deals, "known", seats=a.pan_seats)
        print(f"python  {a.pan_ruleset} ({a.pan_seats} seats): {a.pan_deals} random playouts to the end, {moves} moves, "
              f"{steps} actions: {cpu:.2f} s CPU, {wall:.2f} s wall: {a.pan_deals / cpu:.0f} deals/s of CPU "
              f"({a.pan_deals / wall:.0f} by the wall), {steps / cpu:.0f} actions/s of CPU")
    try:
        cpu = os.times()
        out = subprocess.run([a.soak, "--deals", str(a.soak_deals), "--seed", "7"], capture_output=True, text=True,
                             check=True).stdout.strip()
        after = os.times()
        soak_cpu = after.children_user + after.children_system - cpu.children_user - cpu.children_system
        print(f"C++ soak (every shipped ruleset, greedy v random, invariants and check on): {out}; {soak_cpu:.2f} s "
              f"CPU: {a.soak_deals / soak_cpu:.0f} deals/s of CPU")
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"C++ soak not run: {e}")
    print(f"load average (1 min) after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
