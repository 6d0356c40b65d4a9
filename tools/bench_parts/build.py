"""The set-up commands on a fresh clone with a cold compiler cache: the first command (what
using conquian needs), then tools/test (the tests' packages and builds, and every test).
On request only (--part build): it builds everything from nothing, twice over for the tests."""
import os
import re

from bench_table import Part, Row, Table

TOP = os.path.realpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def steps(output):
    """The compile steps of a build: the largest total of ninja's [done/total] lines."""
    totals = [int(t) for t in re.findall(r"^\[\d+/(\d+)\]", output, re.MULTILINE)]
    return max(totals) if totals else 0


def minutes(seconds):
    return f"{seconds / 60:.1f} min"


def run(ctx):
    clone = os.path.join(ctx.scratch, "clone")
    ctx.run(f"git clone --quiet {TOP} {clone}")
    # The packages are installed on this machine already, so tools/install-deps finds nothing
    # to do; and doctest is (for the tests), so CONQUIAN_TESTS=OFF stands for what AUTO gives
    # on a machine that ran tools/install-deps alone: no test, no benchmark built.
    first = "tools/install-deps && tools/build -DCONQUIAN_TESTS=OFF && build/conquian check corpus/legal/*.yaml"
    out, wall, cpu = ctx.timed(f"cd {clone} && export CCACHE_DISABLE=1 && {first}")
    f = {"first_wall": wall, "first_cpu": cpu, "first_steps": steps(out)}
    # A failing test is reported with its exit status, not hidden: the time is then up to it.
    out, wall, cpu = ctx.timed(f"cd {clone} && export CCACHE_DISABLE=1 && tools/test", may_fail=True)
    f.update({"test_wall": wall, "test_cpu": cpu, "test_steps": steps(out), "test_status": ctx.status})
    f.update({"first": first})
    rows = [
        Row("the first command: install, build, check the corpus", minutes(f["first_wall"]),
            f"{minutes(f['first_cpu'])} of CPU, {f['first_steps']} compile steps", first),
        Row("then tools/test: the tests' packages, two builds, every test" +
            ("" if ctx.status == 0 else f" (it failed: exit {ctx.status})"), minutes(f["test_wall"]),
            f"{minutes(f['test_cpu'])} of CPU, {f['test_steps']} compile steps in the larger build", "tools/test"),
    ]
    return Table(rows, f, setup=[f"git clone {TOP} {clone}"], notes=(
        "Each command run in the clone with CCACHE_DISABLE=1 (no compiler cache). The Debian packages were "
        "installed already, so the figures are the builds' and the checks', not apt-get's; doctest among them, "
        "so the first command is given -DCONQUIAN_TESTS=OFF, what CONQUIAN_TESTS=AUTO gives without doctest."))


def headline(f):
    return [
        ("setup", ["`tools/install-deps && tools/build && build/conquian check corpus/legal/*.yaml`",
                   minutes(f["first_wall"]), minutes(f["first_cpu"]), str(f["first_steps"])]),
        ("setup", ["then `tools/test` (every test, twice built)" +
                   ("" if f.get("test_status", 0) == 0 else f", failed with exit {f['test_status']}"),
                   minutes(f["test_wall"]), minutes(f["test_cpu"]), str(f["test_steps"])]),
    ]


PART = Part("build", "the set-up commands on a fresh clone", 90, run, default=False, headline=headline)
