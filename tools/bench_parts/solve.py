"""solve with every card known: whole deals from the first move and endgames, beside DDS,
bridge's double-dummy solver, and against plain alpha-beta."""
from bench_table import Part, Row, Table, code, ms, number_after, times

# DDS solves a bridge deal double-dummy (every card known) in 16 ms on average: the figure its
# authors publish, not measured here.
DDS_MS = 16


def run(ctx):
    deals, plain = (20, 3) if ctx.quick else (100, 10)
    command = f"{ctx.bin('conquian_bench')} solve --part known --deals {deals} --plain-deals {plain}"
    out = ctx.run(command)
    full_block = out.split("full deals, from the first move", 1)[1]
    end_block = out.split("6 stock cards left", 1)[1]
    f = {
        "deals": deals,
        "deal_median": number_after(full_block, "table + ordering, fastest win", 2),
        "deal_worst": number_after(full_block, "table + ordering, fastest win", 3),
        "end_median": number_after(end_block, "table + ordering, fastest win", 2),
        "end_worst": number_after(end_block, "table + ordering, fastest win", 3),
        "speedup": number_after(full_block, "speed-up of table + ordering over plain on these", 1),
        "command": command,
    }
    rows = [
        Row(f"a whole deal, every card known: median of {deals}", ms(f["deal_median"]),
            f"goal: 1 s; DDS (bridge): {DDS_MS} ms a deal, published", command),
        Row("a whole deal: the worst", ms(f["deal_worst"]), "", command),
        Row("6 stock cards left: median", ms(f["end_median"]), "goal: 10 ms", command),
        Row(f"table and move ordering against plain alpha-beta, the first {plain} deals", times(f["speedup"]),
            "goal: 100x (a lower bound when plain stops at its budget)", command),
    ]
    return Table(rows, f, notes="American deals (seed 1); one thread; fastest win (specs/solve.md).")


def headline(f):
    return [("benchmarks", [f"solve a whole deal, every card known, median of {int(f['deals'])}",
                            ms(f["deal_median"]), f"DDS, bridge's double-dummy solver: {DDS_MS} ms (published)",
                            code(f["command"])])]


PART = Part("solve", "solve with every card known", 30, run, targets=["conquian_bench"], headline=headline)
