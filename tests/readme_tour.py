#!/usr/bin/env python3
"""Runs every `$ ` command of a Markdown file's code blocks and compares what it prints with
the output the file shows under it, so that the README's tour cannot drift from the program.

  tests/readme_tour.py --source DIR --build DIR [--python-module DIR] [FILE.md ...]
  tests/readme_tour.py --self-test

FILE.md (default README.md) is read from the source folder. Each command runs in bash, in a
scratch folder where `build/` is the build folder and `corpus/`, `rulesets/`, `specs/` and
`tools/` are the source tree's, so the files the tour writes (out/, pan.yaml, games.yaml, ...)
land there. A command's standard output and standard error, together, are compared with the
lines shown after it up to the next `$ ` line:

- a shown line that is `...` alone stands for any run of lines (none included);
- `...` inside a shown line stands for any text on that line;
- a time (`3.89s`, `22.4 s`, `46.2 ms`, `2.7 min`) stands for any time.

A command whose shell says it was not found (exit 126 or 127) or that is killed by a signal
fails the tour whatever it printed. `$ PYTHONPATH=build/python python3` followed by `>>> `
lines is a Python session: it is run as a doctest (with `...` as doctest's ellipsis), and
skipped with a notice when the Python module was not built. Exit 0 when every shown output
matches (and README.md is at most 200 lines), 1 with a diff of each that does not.
"""
import argparse
import doctest
import os
import re
import shutil
import subprocess
import sys
import tempfile

TIME = r"\d+(?:\.\d+)?\s?(?:ms|s|min)\b"
TIME_SHOWN = re.compile(r"\b" + TIME)
LINKED = ("corpus", "rulesets", "specs", "tools")
README_LINES = 200  # a landing page a newcomer reads through; the specs hold the rest
PYTHON_SESSION = re.compile(r"^(?:PYTHONPATH=\S+\s+)?python3$")


class Step:
    def __init__(self, where, command, shown):
        self.where = where        # "README.md:41"
        self.command = command    # as typed, continuation lines included
        self.shown = shown        # the lines shown after it


def steps_of(path, text):
    """The `$ ` commands of the file's fenced code blocks, each with the lines shown after it."""
    steps = []
    lines = text.splitlines()
    fenced = False
    step = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("```"):
            fenced = not fenced
            step = None
            i += 1
            continue
        if fenced and line.startswith("$ "):
            start = i
            command = line[2:]
            while command.endswith("\\") and i + 1 < len(lines):
                i += 1
                command += "\n" + lines[i]
            step = Step(f"{path}:{start + 1}", command, [])
            steps.append(step)
        elif fenced and step is not None:
            step.shown.append(line)
        i += 1
    return steps


def line_pattern(shown):
    """A shown line as a regex: `...` any text, a time any time, the rest itself."""
    out = []
    for part in re.split(r"(\.\.\.)", shown):
        if part == "...":
            out.append(".*")
            continue
        at = 0
        for m in TIME_SHOWN.finditer(part):
            out.append(re.escape(part[at:m.start()]) + TIME)
            at = m.end()
        out.append(re.escape(part[at:]))
    return re.compile("".join(out) + r"\Z")


def matches(shown, actual):
    """Whether the actual lines are the shown ones, `...` lines standing for any run."""
    patterns = [None if s.strip() == "..." else line_pattern(s.rstrip()) for s in shown]
    memo = {}

    def at(i, j):  # shown[i:] against actual[j:]
        key = (i, j)
        if key in memo:
            return memo[key]
        if i == len(patterns):
            result = j == len(actual)
        elif patterns[i] is None:
            result = any(at(i + 1, k) for k in range(j, len(actual) + 1))
        else:
            result = j < len(actual) and patterns[i].match(actual[j].rstrip()) is not None and at(i + 1, j + 1)
        memo[key] = result
        return result

    return at(0, 0)


def run_python_session(step, work, python_module):
    """`>>> ` lines (and their `...` continuations and shown results) run as a doctest."""
    if not python_module:
        print(f"skipped: {step.where}: the Python module was not built")
        return True
    session = "\n".join(step.shown) + "\n"
    sys.path.insert(0, python_module)
    try:
        test = doctest.DocTestParser().get_doctest(session, {}, step.where, step.where, 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        cwd = os.getcwd()
        os.chdir(work)
        try:
            runner.run(test)
        finally:
            os.chdir(cwd)
        return runner.failures == 0
    finally:
        sys.path.remove(python_module)


def run_step(step, work, env):
    done = subprocess.run(["bash", "-c", step.command], cwd=work, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, timeout=600)
    actual = done.stdout.decode("utf-8", "replace").splitlines()
    if done.returncode in (126, 127) or done.returncode < 0:
        print(f"FAIL: {step.where}: `{step.command}` did not run (exit {done.returncode}):")
        print("\n".join("  | " + a for a in actual))
        return False
    if matches(step.shown, actual):
        print(f"ok: {step.where}: {step.command.splitlines()[0]}")
        return True
    print(f"FAIL: {step.where}: `{step.command}` printed what the file does not show")
    print("  shown:")
    print("\n".join("  | " + s for s in step.shown))
    print("  printed:")
    print("\n".join("  | " + a for a in actual))
    return False


def tour(source, build, python_module, files):
    ok = True
    work = tempfile.mkdtemp(prefix="conquian-tour-")
    try:
        for name in LINKED:
            os.symlink(os.path.join(source, name), os.path.join(work, name))
        os.symlink(build, os.path.join(work, "build"))
        env = dict(os.environ)
        env.pop("COLUMNS", None)
        for f in files:
            with open(os.path.join(source, f), encoding="utf-8") as fh:
                text = fh.read()
            steps = steps_of(f, text)
            if os.path.basename(f) == "README.md" and len(text.splitlines()) > README_LINES:
                print(f"FAIL: {f}: {len(text.splitlines())} lines, more than {README_LINES}")
                ok = False
            if not steps:
                print(f"FAIL: {f}: no `$ ` command in any code block")
                ok = False
            for step in steps:
                if PYTHON_SESSION.match(step.command.strip()) and any(s.startswith(">>> ") for s in step.shown):
                    passed = run_python_session(step, work, python_module)
                    print(f"{'ok' if passed else 'FAIL'}: {step.where}: the Python session")
                else:
                    passed = run_step(step, work, env)
                ok = ok and passed
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return ok


def self_test():
    """The matcher on small cases, each of which a wrong matcher gets wrong."""
    cases = [
        (["a", "b"], ["a", "b"], True),
        (["a", "b"], ["a", "c"], False),
        (["a"], ["a", "b"], False),
        (["a", "..."], ["a", "b", "c"], True),
        (["a", "...", "d"], ["a", "d"], True),
        (["a", "...", "d"], ["a", "b", "c"], False),
        (["x: ..., y"], ["x: 1 2 3, y"], True),
        (["x: ..., y"], ["x: 1 2 3, z"], False),
        (["in 22.4 s"], ["in 2.1 s"], True),
        (["(proved, 3.89s)"], ["(proved, 0.5s)"], True),
        (["wins in 3 moves"], ["wins in 4 moves"], False),
        (["9 lines"], ["11 lines"], False),
        ([], [], True),
        ([], ["something"], False),
    ]
    failed = 0
    for shown, actual, want in cases:
        if matches(shown, actual) != want:
            print(f"FAIL: shown {shown} against {actual}: want {want}")
            failed += 1
    text = "```\n$ echo a \\\n    b\nx\n```\n\n```sh\nnot run\n```\n"
    steps = steps_of("t.md", text)
    if len(steps) != 1 or steps[0].command != "echo a \\\n    b" or steps[0].shown != ["x"]:
        print("FAIL: the commands of a block, a continued line included")
        failed += 1
    print("self-test: " + ("ok" if failed == 0 else f"{failed} failed"))
    return failed == 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source")
    parser.add_argument("--build")
    parser.add_argument("--python-module", default="")
    parser.add_argument("--self-test", action="store_true")
    parser.add_argument("files", nargs="*", default=["README.md"])
    a = parser.parse_args()
    if a.self_test:
        return 0 if self_test() else 1
    if not a.source or not a.build:
        parser.error("give --source and --build")
    source, build = os.path.abspath(a.source), os.path.abspath(a.build)
    module = os.path.abspath(a.python_module) if a.python_module else ""
    return 0 if self_test() and tour(source, build, module, a.files) else 1


if __name__ == "__main__":
    sys.exit(main())
