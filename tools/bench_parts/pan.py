"""Panguingue beside Conquian: check's moves a second at 8 seats against two, Pan deals
simulated a second, the referee's own time a move at an 8-seat Pan table against a two-seat
Conquian table, and the strong Pan player's chips in a duplicate ring against greedy."""
from bench_table import Part, Row, Table, number_after, per_second


def ring_row(out, name):
    """The first standings line of `name`: its chips a deal and the interval's two ends."""
    for line in out.splitlines():
        if line.startswith(name + " "):
            return number_after(line, name, 0), number_after(line, name, 1), number_after(line, name, 2)
    raise SystemExit(f"tools/bench: no standings line of {name} in:\n{out}")


def run(ctx):
    deals, runs, referee_deals, ring_deals = (300, 3, 20, 200) if ctx.quick else (2000, 5, 100, 1000)
    pan = f"{ctx.bin('conquian_bench')} pan --deals {deals} --runs {runs} --big-gb 0"
    referee = (f"{ctx.bin('conquian_bench')} referee --ruleset panguingue --seats 8 --deals {referee_deals} "
               f"--against american")
    # Seed 5: no choice of the strong player's was made on it (its worlds and margin were
    # tuned on seed 7, and seeds 1 and 2 were looked at while choosing them).
    ring = (f"{ctx.bin('conquian')} tournament --ruleset panguingue --deals {ring_deals} --seed 5 --player strong "
            + " ".join(["--player greedy"] * 5))
    out = ctx.run(pan)
    ref = ctx.run(referee)
    standings = ctx.run(ring)
    strong = ring_row(standings, "strong")
    f = {
        "check_american": number_after(out, "american, 2 seats"),
        "check_pan": number_after(out, "panguingue, 8 seats"),
        "check_ratio": number_after(out, "panguingue / american"),
        "simulate": number_after(out, "simulate, 8 seats, greedy, one core:"),
        "referee_ratio": number_after(ref, "own CPU a move, panguingue at 8 seats against american at 2:"),
        "referee_wall_ratio": number_after(ref, "(wall less the bots' answers), panguingue at 8 seats against "
                                           "american at 2:"),
        "strong_chips": strong[0],
        "strong_low": strong[1],
        "strong_high": strong[2],
    }
    rows = [
        Row("check, one thread: Panguingue (8 seats) moves judged a second",
            per_second(f["check_pan"], "moves"), f"American, 2 seats: {f['check_american']:,.0f}/s", pan),
        Row("the same, Panguingue against American", f"{f['check_ratio']:.2f}", "goal: at least 0.5", pan),
        Row("simulate Panguingue at 8 seats, greedy, one core", per_second(f["simulate"], "deals"),
            "goal: 2,000/s", pan),
        Row("the referee's own CPU a move, 8 Python bots at a Pan table against 2 at American",
            f"{f['referee_ratio']:.2f}x", "goal: at most 2x", referee),
        Row("the same in wall time less the bots' answers (the bots take the cores as they read)",
            f"{f['referee_wall_ratio']:.2f}x", "goal: at most 2x", referee),
        Row(f"strong against 5 greedy at 6 seats, a duplicate ring of {ring_deals} deals: strong's chips a deal",
            f"{f['strong_chips']:+.2f} ({f['strong_low']:+.2f} to {f['strong_high']:+.2f})",
            "goal: interval above zero (95%; 0: no better than greedy)", ring),
    ]
    return Table(rows, f, notes="Panguingue (specs/panguingue.md) on the same machine as Conquian's figures.")


PART = Part("pan", "Panguingue beside Conquian", 65, run, targets=["conquian_bench", "conquian"])
