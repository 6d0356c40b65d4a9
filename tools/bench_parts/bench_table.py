"""The pieces of tools/bench's report: a part, its rows, and the Markdown they become.

A part's section of specs/benchmarks.md sits between <!-- part:NAME --> markers and keeps
its figures as JSON in a comment, so that a later run of other parts can still build the
headline tables from them. A headline table sits between <!-- bench:NAME --> markers, in
specs/benchmarks.md and, the same bytes, in README.md (tools/check-docs compares them).

A new table is a new file beside this one (tools/bench loads every *.py here): a function
run(ctx) that runs its commands with ctx.run (or times whole commands with ctx.hyperfine),
reads its figures from their output with number_after, and returns a Table of Rows, each
with the exact command it came from; and PART = Part(name, title, order, run, targets=[the
build targets it runs]). A new line of an existing bench is a new Row in that bench's file.
"""
import json
import re
from dataclasses import dataclass, field
from typing import Callable, Dict, List


@dataclass
class Row:
    figure: str      # what is measured
    measured: str    # the figure, with its unit
    reference: str   # the goal it is held to, or the anchor it stands beside
    command: str     # the one command whose output it is


@dataclass
class Table:
    rows: List[Row]
    figures: Dict[str, float] = field(default_factory=dict)  # for the headline tables
    setup: List[str] = field(default_factory=list)  # commands that make the inputs, run first
    notes: str = ""


@dataclass
class Part:
    name: str
    title: str
    order: int
    run: Callable  # run(ctx) -> Table
    targets: List[str] = field(default_factory=list)  # the build targets it runs
    default: bool = True  # False: run only when named (--part NAME)
    in_quick: bool = True  # False: not run by --quick unless named (it has no small size)
    # headline(figures) -> [(block, [cells])]: this part's rows of the headline tables
    headline: Callable = None


# The headline tables: their columns. "benchmarks" is the README's benchmark table,
# "setup" the times of the set-up commands on a fresh clone.
BLOCKS = {
    "benchmarks": ["", "conquian", "anchor", "reproduce"],
    "setup": ["on a fresh clone, cold compiler cache", "wall", "CPU", "compile steps"],
}


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def code(command):
    return "`" + command + "`"


def markdown_table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(cell(c) for c in r) + " |" for r in rows]
    return "\n".join(lines)


def section(part, table, measured):
    out = [f"<!-- part:{part.name} -->", f"## {part.title}", "", measured]
    if table.setup:
        out += ["", "Inputs, made first:", "", "```sh"] + [f"$ {c}" for c in table.setup] + ["```"]
    rows = [[r.figure, r.measured, r.reference, code(r.command)] for r in table.rows]
    out += ["", markdown_table(["", "measured", "goal or anchor", "command"], rows)]
    if table.notes:
        out += ["", table.notes]
    out += [f"<!-- figures:{part.name} {json.dumps(table.figures, sort_keys=True)} -->", f"<!-- /part:{part.name} -->"]
    return "\n".join(out)


def find_section(text, name):
    m = re.search(rf"<!-- part:{re.escape(name)} -->.*?<!-- /part:{re.escape(name)} -->", text, re.DOTALL)
    return m.group(0) if m else None


def figures_of(section_text):
    m = re.search(r"<!-- figures:\S+ (\{.*?\}) -->", section_text)
    return json.loads(m.group(1)) if m else {}


def headlines(parts, figures):
    """[(block, rows)] from the figures kept for each part, in the parts' order."""
    rows = {name: [] for name in BLOCKS}
    for part in parts:
        if part.headline and part.name in figures:
            for block, cells in part.headline(figures[part.name]):
                rows[block].append(cells)
    return [(name, rows[name]) for name in BLOCKS if rows[name]]


def headline_block(name, rows):
    return "\n".join([f"<!-- bench:{name} (written by tools/bench --report specs/benchmarks.md; do not edit) -->",
                      markdown_table(BLOCKS[name], rows), f"<!-- /bench:{name} -->"])


def block_name(block):
    return re.match(r"<!-- bench:(\S+)", block).group(1)


def replace_block(text, name, block):
    pattern = re.compile(rf"<!-- bench:{re.escape(name)}[ >].*?<!-- /bench:{re.escape(name)} -->", re.DOTALL)
    if not pattern.search(text):
        return text, False
    return pattern.sub(lambda _: block, text), True


# Numbers as the tables print them.
def secs(x):
    return f"{x:.3f} s" if x < 10 else f"{x:.1f} s"


def ms(x):
    return f"{x:.3f} ms" if x < 1 else f"{x:.1f} ms" if x < 100 else f"{x:.0f} ms"


def minutes(x):
    return f"{x / 60:.1f} min"


def compile_steps(output):
    """The compile steps of a build's output: the largest total of ninja's [done/total] lines."""
    totals = [int(t) for t in re.findall(r"^\[\d+/(\d+)\]", output, re.MULTILINE)]
    return max(totals) if totals else 0


def per_second(x, unit):
    return f"{x:,.0f} {unit}/s"


def times(x):
    return f"{x:.2f}x"


def number_after(output, label, index=0):
    """The index-th number on the first line of `output` that contains `label`, after it. A
    missing line fails the report: the bench's output changed and its part must follow."""
    for line in output.splitlines():
        at = line.find(label)
        if at >= 0:
            numbers = re.findall(r"-?\d[\d,]*(?:\.\d+)?", line[at + len(label):])
            if index < len(numbers):
                return float(numbers[index].replace(",", ""))
    raise SystemExit(f"tools/bench: no line with '{label}' (number {index}) in the output:\n{output}")
