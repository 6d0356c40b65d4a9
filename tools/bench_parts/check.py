"""check inside one process: reading records of YAML and of JSON Lines beside the parsers they
stand on (libyaml's events, simdjson's parse), the judging alone, and the reader's share."""
from bench_table import Part, Row, Table, code, number_after, secs, times


def run(ctx):
    games, rounds = (2000, 3) if ctx.quick else (10000, 5)
    command = f"{ctx.bin('conquian_bench')} check --games {games} --runs {rounds} --big-gb 0"
    out = ctx.run(command)

    def cpu(label):  # the median CPU seconds of a line of the bench's table
        return number_after(out, label, 1)

    f = {
        "games": games,
        "libyaml": cpu("libyaml events alone (no schema)"),
        "yaml_read": cpu("YAML read (libyaml events + schema)"),
        "yaml_check": cpu("YAML check, 1 thread"),
        "simdjson": cpu("simdjson parse_many, DOM (the ceiling)"),
        "ondemand": cpu("simdjson On-Demand, every value visited"),
        "json_read": cpu("JSON Lines read (simdjson On-Demand + schema)"),
        "judging": cpu("judging alone (check_record, records in memory)"),
        "json_check": cpu("JSON Lines check, 1 thread"),
        "json_vs_yaml": number_after(out, "JSON Lines / YAML check, 1 thread, CPU"),
        "share": number_after(out, "reader's share of the JSON Lines check, CPU:"),
        "read_vs_walk": number_after(out, "JSON Lines read / On-Demand walk, CPU"),
        "check_vs_walk": number_after(out, "JSON Lines check, 1 thread / the walk, CPU"),
        "judging_vs_walk": number_after(out, "its floor: judging alone / the walk, CPU"),
        "yaml_check_vs_libyaml": number_after(out, "YAML check, 1 thread / libyaml events, CPU"),
        "command": command,
    }
    rows = [
        Row("YAML read: libyaml's events and the schema", secs(f["yaml_read"]),
            f"libyaml's events alone: {secs(f['libyaml'])} ({times(f['yaml_read'] / f['libyaml'])})", command),
        Row("JSON Lines read: simdjson On-Demand and the schema", secs(f["json_read"]),
            f"simdjson's DOM parse alone: {secs(f['simdjson'])} ({times(f['json_read'] / f['simdjson'])}); "
            f"On-Demand visiting every value: {secs(f['ondemand'])}", command),
        Row("JSON Lines read against simdjson's On-Demand walk of every value", times(f["read_vs_walk"]),
            "goal: at most 3x; the walk parses a line at a time, as the reader does, and as `conquian_bench walk` "
            "does as a process", command),
        Row("JSON Lines check on one thread against the On-Demand walk", times(f["check_vs_walk"]),
            f"goal: at most 2x; its floor, the judging alone against the walk: {times(f['judging_vs_walk'])}",
            command),
        Row("YAML check on one thread against libyaml's events alone", times(f["yaml_check_vs_libyaml"]),
            "goal: at most 1.25x", command),
        Row("check on one thread, JSON Lines against YAML", times(f["json_vs_yaml"]), "", command),
        Row("judging alone (the records in memory)", secs(f["judging"]), "", command),
        Row("the reader's share of the JSON Lines check", f"{f['share']:.2f}",
            f"goal: at most 0.25, which needs the read within judging / 3 = {secs(f['judging'] / 3)}, "
            f"below simdjson's parse alone", command),
    ]
    return Table(rows, f, notes=(
        f"{games} american games (simulated, greedy), each figure the median CPU time of {rounds} rounds in which "
        "every part runs once; ratios are taken round by round (specs/notes/check-speed.md). The On-Demand walk "
        "parses a line at a time, as the reader does, with the code `conquian_bench walk` runs as a process "
        "(check-processes, below). It once read 2.4x faster here than compiled alone: both were true, GCC passing "
        "simdjson's value in registers to a recursive function it may clone (an unnamed namespace) and through "
        "memory to one it may not (specs/notes/check-speed.md, \"Two walks\")."))


def headline(f):
    n = int(f["games"])
    return [
        ("benchmarks", [f"read {n:,} games of YAML, CPU", secs(f["yaml_read"]),
                        f"libyaml's raw events: {secs(f['libyaml'])} ({times(f['yaml_read'] / f['libyaml'])})",
                        code(f["command"])]),
        ("benchmarks", [f"read {n:,} games of JSON Lines, CPU", secs(f["json_read"]),
                        f"simdjson's parse: {secs(f['simdjson'])} ({times(f['json_read'] / f['simdjson'])})",
                        code(f["command"])]),
    ]


PART = Part("check", "check inside one process: the readers beside their parsers", 10, run,
            targets=["conquian_bench"], headline=headline)
