"""The peak resident memory of `conquian check` on a big JSON Lines file."""
from bench_table import Part, Row, Table, number_after, secs


def run(ctx):
    gb = 0.2 if ctx.quick else 1
    command = f"{ctx.bin('conquian_bench')} check --games 2000 --runs 1 --big-gb {gb}"
    out = ctx.run(command)
    label = "JSON Lines file: peak resident"
    f = {"gb": number_after(out, "conquian check on a"), "peak_mb": number_after(out, label),
         "seconds": number_after(out, label, 2)}
    return Table([Row(f"check a {f['gb']:.2f} GB JSON Lines file: peak resident memory", f"{f['peak_mb']:.1f} MB",
                      f"goal: under 100 MB ({secs(f['seconds'])})", command)], f,
                 notes="The file is the same 2,000 american games over and over, checked by `conquian check --quiet` "
                       "in a process of its own (specs/notes/check-speed.md, \"Memory\").")


PART = Part("check-memory", "check on a big file: peak memory", 15, run, targets=["conquian_bench", "conquian"],
            in_quick=True)
