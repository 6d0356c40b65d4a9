"""Random playouts from Python through legal_actions and apply_action (the OpenSpiel shape),
beside the C++ soak's deals on the same machine."""
from bench_table import Part, Row, Table, code, number_after, per_second


def run(ctx):
    deals, soak, pan = (1000, 500, 300) if ctx.quick else (5000, 3000, 2000)
    command = (f"PYTHONPATH={ctx.bin('python')} python3 tools/conquian_bench/python_playouts.py --deals {deals} "
               f"--stock both --soak {ctx.bin('conquian_soak')} --soak-deals {soak} --pan-deals {pan} --pan-seats 6")
    out = ctx.run(command)
    f = {
        "known": number_after(out, "(known stock):", 6),
        "unknown": number_after(out, "(unknown stock):", 6),
        "soak": number_after(out.split("C++ soak (", 1)[-1], "s CPU:"),
        "pan": number_after(out, "(6 seats):", 5),
        "command": command,
    }
    rows = [
        Row("american playouts, the stock known", per_second(f["known"], "deals") + " of CPU",
            f"goal: 5,000/s; the C++ soak: {per_second(f['soak'], 'deals')} of CPU", command),
        Row("the same, the stock unknown (a chance node at every turn)", per_second(f["unknown"], "deals") + " of CPU",
            "", command),
        Row("panguingue playouts, 6 seats", per_second(f["pan"], "deals") + " of CPU", "goal: 1,000/s", command),
    ]
    return Table(rows, f, notes=(
        "One thread. The soak plays greedy against random over every shipped ruleset with the engine's invariants "
        "and a check of every record: more work a deal than a random playout (specs/python.md)."))


def headline(f):
    return [("benchmarks", ["random american playouts from Python, CPU", per_second(f["known"], "deals"),
                            f"the C++ soak (more work a deal): {per_second(f['soak'], 'deals')}", code(f["command"])])]


PART = Part("python", "random playouts from Python", 50, run, targets=["conquian_python", "conquian_soak"],
            headline=headline)
