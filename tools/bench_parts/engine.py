"""The engine session (`conquian engine`) through a pipe, as another program meets it: round
trips, a solve's answer within its movetime, and stop."""
from bench_table import Part, Row, Table, ms, number_after, per_second


def run(ctx):
    pairs, runs = (5000, 5) if ctx.quick else (20000, 20)
    command = f"{ctx.bin('conquian_bench')} engine --pairs {pairs} --runs {runs}"
    out = ctx.run(command)
    f = {
        "one_core": number_after(out, "client and engine on one core (CPU", 1),
        "two_cores": number_after(out, "client and engine free to use", 1),
        "movetime_median": number_after(out, "solve with movetime 200, request to answer:", 0),
        "movetime_worst": number_after(out, "solve with movetime 200, request to answer:", 1),
        "stop_median": number_after(out, "stop during a solve, stop to answer:", 0),
        "stop_worst": number_after(out, "stop during a solve, stop to answer:", 1),
    }
    rows = [
        Row("legal + play round trips, client and engine on one core", per_second(f["one_core"], "round trips"),
            "goal: 20,000/s", command),
        Row("the same, free to use both cores", per_second(f["two_cores"], "round trips"),
            "(a wake-up of the other core each request)", command),
        Row(f"solve with movetime 200: request to answer, median and worst of {runs}",
            f"{ms(f['movetime_median'])}, {ms(f['movetime_worst'])}", "goal: 250 ms", command),
        Row(f"stop during a solve: stop to answer, median and worst of {runs}",
            f"{ms(f['stop_median'])}, {ms(f['stop_worst'])}", "goal: 50 ms", command),
    ]
    return Table(rows, f, notes="American, the stock unknown for the solves (specs/protocol.md).")


PART = Part("engine", "the engine session through a pipe", 40, run, targets=["conquian_bench", "conquian"])
