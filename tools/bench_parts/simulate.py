"""Games played per second per core, as `conquian diff` plays them, and the meld-partition
search every move of every game asks."""
from bench_table import Part, Row, Table, number_after, per_second


def run(ctx):
    deals, sets, hostile_sets = (20000, 100000, 2000) if ctx.quick else (100000, 500000, 20000)
    simulate = f"{ctx.bin('conquian_bench')} simulate --deals {deals}"
    partition = f"{ctx.bin('conquian_bench')} partition --sets {sets}"
    hostile = f"{ctx.bin('conquian_bench')} partition-hostile --sets {hostile_sets}"
    out = ctx.run(simulate)
    parts = ctx.run(partition)
    worst = max(number_after(line, "33 cards: worst") for line in ctx.run(hostile).splitlines()
                if "33 cards: worst" in line)
    f = {
        "games": number_after(out, "thread(s):", 2),
        "partition_10": number_after(parts, "partition american         10 cards:"),
        "partition_11": number_after(parts, "partition american         11 cards:"),
        "hostile_worst_ms": worst,
    }
    rows = [
        Row("greedy games of american, one thread", per_second(f["games"], "games"), "goal: 10,000/s", simulate),
        Row("meld partitions of 10 american cards", f"{f['partition_10']:.1f} M checks/s", "", partition),
        Row("meld partitions of 11 american cards", f"{f['partition_11']:.1f} M checks/s", "", partition),
        Row("the worst meld partition of 33 cards, over hostile 64-card decks", f"{worst:.3f} ms",
            "thread CPU time (specs/limits.md)", hostile),
    ]
    return Table(rows, f, notes="Half the card sets random, half built from melds (specs/step-model.md).")


PART = Part("simulate", "games and meld partitions a second", 60, run, targets=["conquian_bench"])
