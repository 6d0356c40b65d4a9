"""The engine session (`conquian engine`) through a pipe, as another program meets it: round
trips, and every solve answer on time with a legal best move (movetime and stop)."""
from bench_table import Part, Row, Table, ms, number_after, per_second

MODES = ("exact", "stock_unknown", "view")


def run(ctx):
    pairs, positions = (5000, 10) if ctx.quick else (20000, 200)
    command = f"{ctx.bin('conquian_bench')} engine --pairs {pairs} --positions {positions}"
    out = ctx.run(command)
    f = {
        "one_core": number_after(out, "client and engine on one core (CPU", 1),
        "two_cores": number_after(out, "client and engine free to use", 1),
    }
    for mode in MODES:
        f[f"{mode}_late_200"] = number_after(out, f"{mode} movetime 200: answer - movetime worst", 0)
        f[f"{mode}_late_1000"] = number_after(out, f"{mode} movetime 1000: answer - movetime worst", 0)
        f[f"{mode}_stop"] = number_after(out, f"{mode} stop at a random time within 300 ms: stop to answer worst", 0)
        f[f"{mode}_broken"] = number_after(out, f"{mode}: ", 1)
    rows = [
        Row("legal + play round trips, client and engine on one core", per_second(f["one_core"], "round trips"),
            "goal: 20,000/s", command),
        Row("the same, free to use both cores", per_second(f["two_cores"], "round trips"),
            "(a wake-up of the other core each request)", command),
    ]
    for mode in MODES:
        rows.append(Row(f"solve {mode}, {positions} positions: worst answer past movetime 200 and 1000",
                        f"{ms(f[f'{mode}_late_200'])}, {ms(f[f'{mode}_late_1000'])}", "goal: 50 ms", command))
        rows.append(Row(f"solve {mode}: worst stop to answer; answers without a legal best move",
                        f"{ms(f[f'{mode}_stop'])}; {int(f[f'{mode}_broken'])}", "goal: 50 ms; none", command))
    return Table(rows, f, notes="American positions at random plies (specs/protocol.md, \"solve\").")


PART = Part("engine", "the engine session through a pipe", 60, run, targets=["conquian_bench", "conquian"])
