"""The first command on a fresh clone with a cold compiler cache: what using conquian needs,
installed, built and run on the corpus. On request only (--part setup-first): it builds
everything from nothing."""
import os

from bench_table import Part, Row, Table, compile_steps, minutes

TOP = os.path.realpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
# The packages are installed on this machine already, so tools/install-deps finds nothing to
# do; and doctest is (for the tests), so CONQUIAN_TESTS=OFF stands for what AUTO gives on a
# machine that ran tools/install-deps alone: no test, no benchmark built.
FIRST = "tools/install-deps && tools/build -DCONQUIAN_TESTS=OFF && build/conquian check corpus/legal/*.yaml"


def run(ctx):
    clone = os.path.join(ctx.scratch, "clone")
    ctx.run(f"git clone --quiet {TOP} {clone}")
    out, wall, cpu = ctx.timed(f"cd {clone} && export CCACHE_DISABLE=1 && {FIRST}")
    f = {"wall": wall, "cpu": cpu, "steps": compile_steps(out)}
    rows = [Row("the first command: install, build, check the corpus", minutes(wall),
                f"{minutes(cpu)} of CPU, {f['steps']} compile steps", FIRST)]
    return Table(rows, f, setup=[f"git clone {TOP} CLONE", "cd CLONE && export CCACHE_DISABLE=1"], notes=(
        "Run in a fresh clone with CCACHE_DISABLE=1 (no compiler cache). The Debian packages were installed "
        "already, so the figures are the build's and the check's, not apt-get's; doctest among them, so the "
        "command is given -DCONQUIAN_TESTS=OFF, what CONQUIAN_TESTS=AUTO gives without doctest."))


def headline(f):
    return [("setup", ["`tools/install-deps && tools/build && build/conquian check corpus/legal/*.yaml`",
                       minutes(f["wall"]), minutes(f["cpu"]), str(f["steps"])])]


PART = Part("setup-first", "the first command on a fresh clone", 90, run, default=False, headline=headline)
