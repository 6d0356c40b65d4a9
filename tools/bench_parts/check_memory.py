"""The peak resident memory of `conquian check --threads 2` on a big JSON Lines file and on a
big YAML file."""
import re

from bench_table import Part, Row, Table, secs


def run(ctx):
    gb = 0.2 if ctx.quick else 1
    command = f"{ctx.bin('conquian_bench')} check --games 2000 --runs 1 --big-gb {gb}"
    out = ctx.run(command)
    f, rows = {}, []
    for key, name in (("", "JSON Lines"), ("yaml_", "YAML")):
        line = re.search(rf"conquian check on a ([\d.]+) GB {name} file: peak resident ([\d.]+) MB .*?, ([\d.]+) s",
                         out)
        if not line:
            raise SystemExit(f"tools/bench: no line for the {name} file in the output:\n{out}")
        f[key + "gb"], f[key + "peak_mb"], f[key + "seconds"] = (float(g) for g in line.groups())
        rows.append(Row(f"check a {f[key + 'gb']:.2f} GB {name} file on 2 threads: peak resident memory",
                        f"{f[key + 'peak_mb']:.1f} MB", f"goal: under 100 MB ({secs(f[key + 'seconds'])})", command))
    return Table(rows, f, notes="Each file is the same 2,000 american games over and over, checked by `conquian check "
                                "--quiet --threads 2` in a process of its own (specs/notes/check-speed.md, \"Memory\").")


PART = Part("check-memory", "check on a big file: peak memory", 15, run, targets=["conquian_bench", "conquian"],
            in_quick=True)
