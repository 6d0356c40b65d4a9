"""check as whole commands (hyperfine): JSON Lines against YAML, two threads against one on
each format (a file is cut into its documents, which the threads read and judge), and beside
them the machine's own ceiling for two: two one-thread checks run at once. And the default
(one thread per core) against one thread, on the bench files and on the corpus's record files,
which are too small to split and so must cost what one thread costs. Beside one thread's check
stand the parsers it reads with, each as a process of its own (conquian_bench walk and
yaml-events): simdjson's On-Demand walk of every value of the JSON Lines, and libyaml's event
parse of the YAML, timed in the same hyperfine run as the check."""
import glob
import os

from bench_table import Part, Row, Table, code, times


def run(ctx):
    games, runs = (2000, 5) if ctx.quick else (20000, 10)
    conquian = ctx.bin("conquian")
    jsonl = os.path.join(ctx.scratch, "games.jsonl")
    yaml = os.path.join(ctx.scratch, "games.yaml")
    setup = [f"{conquian} simulate --ruleset american --deals {games} --seed 1 --format jsonl --out {jsonl}",
             f"{conquian} convert {jsonl} --to yaml --out {yaml}"]
    for command in setup:
        ctx.run(command)
    one = f"{conquian} check --quiet --threads 1 {jsonl}"
    two = f"{conquian} check --quiet --threads 2 {jsonl}"
    pair = f"{one} & {one}; wait"
    default = f"{conquian} check --quiet {jsonl}"
    yaml_one = f"{conquian} check --quiet --threads 1 {yaml}"
    yaml_two = f"{conquian} check --quiet --threads 2 {yaml}"
    yaml_pair = f"{yaml_one} & {yaml_one}; wait"
    yaml_default = f"{conquian} check --quiet {yaml}"
    # Every record file of the corpus in one command (each is checked alone, one after the
    # other): a file timed alone takes a few milliseconds, below what hyperfine can tell apart.
    top = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    corpus = " ".join(sorted(os.path.relpath(f, top) for pattern in ("*.yaml", "*.json", "*.jsonl")
                             for f in glob.glob(os.path.join(top, "corpus", "*", pattern))))
    corpus_one = f"{conquian} check --quiet --threads 1 {corpus} || true"
    corpus_default = f"{conquian} check --quiet {corpus} || true"
    bench = ctx.bin("conquian_bench")
    walk = f"{bench} walk {jsonl}"
    libyaml = f"{bench} yaml-events {yaml}"
    anchors_line, a = ctx.hyperfine([one, walk, yaml_one, libyaml], runs)
    threads_line, t = ctx.hyperfine([one, two, pair, default], runs)
    yaml_line, yt = ctx.hyperfine([yaml_one, yaml_two, yaml_pair, yaml_default], runs)
    formats_line, y = ctx.hyperfine([yaml_one, one], runs)
    corpus_line, c = ctx.hyperfine([corpus_one, corpus_default], runs)
    f = {
        "games": games,
        "two_threads": t[0]["wall"] / t[1]["wall"],
        "ceiling": 2 * t[0]["wall"] / t[2]["wall"],
        "yaml_two_threads": yt[0]["wall"] / yt[1]["wall"],
        "yaml_ceiling": 2 * yt[0]["wall"] / yt[2]["wall"],
        "json_vs_yaml": y[0]["wall"] / y[1]["wall"],
        "default_jsonl": t[0]["wall"] / t[3]["wall"],
        "default_yaml": yt[0]["wall"] / yt[3]["wall"],
        "default_corpus": c[0]["wall"] / c[1]["wall"],
        "check_vs_walk": a[0]["wall"] / a[1]["wall"],
        "yaml_vs_libyaml": a[2]["wall"] / a[3]["wall"],
        "walk": a[1]["wall"],
        "libyaml": a[3]["wall"],
        "cores": os.cpu_count(),
        "threads_command": threads_line,
    }
    share = {k: f[k + "two_threads"] / f[k + "ceiling"] for k in ("", "yaml_")}
    f["share"], f["yaml_share"] = share[""], share["yaml_"]
    rows = [
        Row("check on 2 threads against 1, JSON Lines (wall)", times(f["two_threads"]),
            f"the machine's own ceiling, two 1-thread checks at once: {times(f['ceiling'])}; "
            f"{f['share']:.2f} of it (goal: 0.9)", threads_line),
        Row("check on 2 threads against 1, YAML (wall)", times(f["yaml_two_threads"]),
            f"the machine's own ceiling, two 1-thread checks at once: {times(f['yaml_ceiling'])}; "
            f"{f['yaml_share']:.2f} of it (goal: 0.9)", yaml_line),
        Row("check on 1 thread against simdjson's walk of every value, JSON Lines (wall)", times(f["check_vs_walk"]),
            f"the walk as a process: {f['walk']:.3f} s; goal: at most 2x", anchors_line),
        Row("check on 1 thread against libyaml's event parse, YAML (wall)", times(f["yaml_vs_libyaml"]),
            f"libyaml's parse as a process: {f['libyaml']:.3f} s; goal: at most 1.25x", anchors_line),
        Row("check, JSON Lines against YAML, 1 thread (wall)", times(f["json_vs_yaml"]), "", formats_line),
        Row(f"check on the default threads ({f['cores']}) against 1, JSON Lines (wall)", times(f["default_jsonl"]),
            "goal: never slower (1.00x or more)", threads_line),
        Row(f"check on the default threads ({f['cores']}) against 1, YAML (wall)", times(f["default_yaml"]),
            "goal: never slower (1.00x or more)", yaml_line),
        Row(f"check on the default threads ({f['cores']}) against 1, the corpus's record files (wall)",
            times(f["default_corpus"]), "goal: never slower (1.00x or more); each file is too small to split",
            corpus_line),
    ]
    return Table(rows, f, setup=setup, notes=(
        "Medians of the runs' wall times. The ceiling is 2 x (one check) / (two checks at once): what two "
        "processes that share nothing get from this machine's two cores."))


def of_it(f, key):
    """ ", 0.88 of it" when the figures hold the share (older reports do not)."""
    return f", {f[key]:.2f} of it" if key in f else ""


def headline(f):
    return [("benchmarks", [f"check {int(f['games']):,} games of JSON Lines on 2 threads against 1, wall",
                            times(f["two_threads"]),
                            f"the machine's own two-process ceiling: {times(f['ceiling'])}{of_it(f, 'share')}",
                            code("tools/bench --part check-processes")]),
            ("benchmarks", [f"check {int(f['games']):,} games of YAML on 2 threads against 1, wall",
                            times(f["yaml_two_threads"]),
                            f"the machine's own two-process ceiling: {times(f['yaml_ceiling'])}{of_it(f, 'yaml_share')}",
                            code("tools/bench --part check-processes")])]


PART = Part("check-processes", "check as whole commands: threads and formats (hyperfine)", 20, run,
            targets=["conquian", "conquian_bench"], headline=headline)
