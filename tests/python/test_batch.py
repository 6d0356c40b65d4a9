"""The batch functions return what the commands' --json print."""
import json

import conquian
from conftest import SOURCE, conquian_cli


def test_check_is_check_json():
    for path in sorted((SOURCE / "corpus" / "illegal").glob("*.yaml"))[:4] + [SOURCE / "corpus" / "legal" / "american-forms.yaml"]:
        status, out, _ = conquian_cli("check", str(path), "--json")
        assert status in (0, 1, 2)  # 2: a malformed game among them
        assert conquian.check(str(path)) == json.loads(out)["games"]


def test_check_reads_text_too():
    path = SOURCE / "corpus" / "illegal" / "turn-order.yaml"
    from_path = conquian.check(str(path))
    from_text = conquian.check(path.read_text())
    assert [v["verdict"] for v in from_text] == [v["verdict"] for v in from_path]
    assert [v.get("code") for v in from_text] == [v.get("code") for v in from_path]


def test_simulate_is_simulate_jsonl():
    status, out, err = conquian_cli("simulate", "--ruleset", "tiny", "--deals", "5", "--seed", "3",
                                    "--format", "jsonl", "--players", "random,greedy")
    assert status == 0, err
    records = conquian.simulate("tiny", 5, 3, ["random", "greedy"])
    assert records == [json.loads(line) for line in out.splitlines()]


def test_prove_partition_is_prove_json():
    for cards in ["3h 4h 5h 6h 6c 6s", "3h 4h 6h"]:
        status, out, _ = conquian_cli("prove", "partition", "--ruleset", "american", "--cards", cards, "--json")
        assert status in (0, 1)
        assert conquian.prove_partition("american", cards) == json.loads(out)
    assert conquian.prove_partition("american", ["3h", "4h", "5h"])["partitionable"]


def test_analyse_is_analyse_json():
    path = SOURCE / "corpus" / "analyse" / "mistakes.yaml"
    status, out, err = conquian_cli("analyse", str(path), "--game", "1", "--json", "--threads", "1")
    assert status == 0, err
    got = conquian.analyse(str(path), game=1, threads=1)
    assert got["refused"] == []
    assert got["games"] == [json.loads(out)]
