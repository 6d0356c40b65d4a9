"""`conquian serve` under load over HTTP on loopback (tools/conquian_bench/serve_load.py): 50
clients playing random legal moves, a hint asked meanwhile, memory over the games played and
closed."""
from bench_table import Part, Row, Table, ms, number_after


def run(ctx):
    games = 1000 if ctx.quick else 10000
    command = (f"python3 tools/conquian_bench/serve_load.py --bin {ctx.bin('conquian')} --clients 50 "
               f"--games {games} --movetime 200")
    out = ctx.run(command)
    f = {
        "p50": number_after(out, "play round trip: p50", 0),
        "p99": number_after(out, "ms, p99", 0),
        "hint_late": number_after(out, "under load: worst", 0),
        "rss_tenth": number_after(out, "server memory (RSS):", 0),
        "rss_end": number_after(out, "MiB after", 1),
    }
    rows = [
        Row("play round trip, 50 clients at once: p50, p99",
            f"{ms(f['p50'])}, {ms(f['p99'])}", "goal: p99 under 20 ms on 2 cores", command),
        Row("a hint (seat's view, movetime 200) past its movetime under that load, worst",
            ms(f["hint_late"]), "goal: 50 ms", command),
        Row(f"server memory after a tenth of the {games:,} games and after all",
            f"{f['rss_tenth']:.1f} MiB, {f['rss_end']:.1f} MiB", "goal: flat", command),
    ]
    return Table(rows, f, notes="Each client opens a game of the library at its deal, plays random legal moves to "
                                "the end and closes it (specs/serve.md).")


PART = Part("serve", "the board's server under load", 65, run, targets=["conquian"])
