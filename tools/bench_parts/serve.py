"""`conquian serve` under load over HTTP on loopback (`conquian_bench serve`, a client in C++ so
that its own cost does not set the latency): 50 clients playing random legal moves, a hint
asked meanwhile, memory over the games played and closed; and the same clients asking for next
to nothing (a session's progress), the round trip this server and machine give at best."""
from bench_table import Part, Row, Table, code, ms, number_after


def run(ctx):
    games = 1000 if ctx.quick else 10000
    command = f"{ctx.bin('conquian_bench')} serve --bin {ctx.bin('conquian')} --clients 50 --games {games} --movetime 200"
    out = ctx.run(command)
    trivial_command = f"{ctx.bin('conquian_bench')} serve --bin {ctx.bin('conquian')} --clients 50 --games {games // 5} --ask trivial"
    trivial = ctx.run(trivial_command)
    f = {
        "p50": number_after(out, "play round trip: p50", 0),
        "p99": number_after(out, "ms, p99", 0),
        "per_second": number_after(out, "plays by 50 clients in", 1),
        "hint_late": number_after(out, "under load: worst", 0),
        "rss_tenth": number_after(out, "server memory (RSS):", 0),
        "rss_end": number_after(out, "MiB after", 1),
        "server_us": number_after(out, "CPU: server", 1),
        "client_us": number_after(out, "round trip), client", 1),
        "trivial_p50": number_after(trivial, "trivial round trip: p50", 0),
        "trivial_p99": number_after(trivial, "ms, p99", 0),
    }
    rows = [
        Row("play round trip, 50 clients at once: p50, p99",
            f"{ms(f['p50'])}, {ms(f['p99'])} ({f['per_second']:,.0f} plays a second)",
            "goal: p99 under 20 ms on 2 cores", command),
        Row("CPU a play: the server, the client",
            f"{f['server_us']:.0f} us, {f['client_us']:.0f} us", "", command),
        Row("the same clients asking a session's progress (next to no work): p50, p99",
            f"{ms(f['trivial_p50'])}, {ms(f['trivial_p99'])}", "the ceiling of this server on this machine",
            trivial_command),
        Row("a hint (seat's view, movetime 200) past its movetime under that load, worst",
            ms(f["hint_late"]), "goal: 50 ms", command),
        Row(f"server memory after a tenth of the {games:,} games and after all",
            f"{f['rss_tenth']:.1f} MiB, {f['rss_end']:.1f} MiB", "goal: flat", command),
    ]
    return Table(rows, f, notes="Each client opens a game of the library at its deal, plays random legal moves to "
                                "the end and closes it, on its own keep-alive connection (specs/serve.md). The server's "
                                "connection threads run 10 steps of nice below its solves, and the players, which "
                                "stand for browsers on other machines, at the connection threads' priority.")


def headline(f):
    return [("benchmarks", ["`conquian serve`, 50 clients playing at once: a play's round trip, p99",
                            ms(f["p99"]),
                            f"the same clients asking next to nothing: {ms(f['trivial_p99'])}; "
                            f"a hint {ms(f['hint_late'])} past its movetime at worst",
                            code("tools/bench --part serve")])]


PART = Part("serve", "the board's server under load", 65, run, targets=["conquian", "conquian_bench"],
            headline=headline)
