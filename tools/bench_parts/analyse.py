"""`analyse` on every game of corpus/legal/ with the default budgets."""
from bench_table import Part, Row, Table, secs


def run(ctx):
    command = f"{ctx.bin('conquian_bench')} analyse"
    _, wall, cpu = ctx.timed(command)
    f = {"wall": wall, "cpu": cpu}
    return Table([Row("analyse every game of corpus/legal/, wall time on all cores", secs(wall),
                      f"goal: 60 s ({secs(cpu)} of CPU)", command)], f,
                 notes="Files shared out over the cores, each file's games in parallel (specs/analyse.md).")


PART = Part("analyse", "analyse the corpus's games", 70, run, targets=["conquian_bench"], in_quick=False)
