"""tools/test on a fresh clone with a cold compiler cache: the tests' packages, the release
and the sanitizer builds, and every test. On request only (--part setup-test): it builds
everything from nothing, twice."""
import os

from bench_table import Part, Row, Table, compile_steps, minutes

TOP = os.path.realpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def run(ctx):
    clone = os.path.join(ctx.scratch, "clone")
    ctx.run(f"git clone --quiet {TOP} {clone}")
    # A failing test is reported with its exit status, not hidden: the time is then up to it.
    out, wall, cpu = ctx.timed(f"cd {clone} && export CCACHE_DISABLE=1 && tools/test", may_fail=True)
    f = {"wall": wall, "cpu": cpu, "steps": compile_steps(out), "status": ctx.status}
    failed = "" if ctx.status == 0 else f" (it failed: exit {ctx.status})"
    rows = [Row("tools/test: the tests' packages, two builds, every test" + failed, minutes(wall),
                f"{minutes(cpu)} of CPU, {f['steps']} compile steps in the larger build", "tools/test")]
    return Table(rows, f, setup=[f"git clone {TOP} CLONE", "cd CLONE && export CCACHE_DISABLE=1"], notes=(
        "Run in a fresh clone with CCACHE_DISABLE=1 (no compiler cache); the Debian packages were installed "
        "already. Both builds are unity builds, hence fewer compile steps than the first command's."))


def headline(f):
    failed = "" if f.get("status", 0) == 0 else f", failed with exit {f['status']}"
    return [("setup", [f"then `tools/test` (every test, built twice){failed}", minutes(f["wall"]), minutes(f["cpu"]),
                       str(f["steps"])])]


PART = Part("setup-test", "tools/test on a fresh clone", 91, run, default=False, headline=headline)
