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


def test_check_reads_a_folder_as_check_dir_does():
    """Every record file under the folder, in the CLI's order, with its verdicts: corpus/ holds
    nested folders, X.expected.yml files (left out) and records naming rulesets by path."""
    folder = SOURCE / "corpus"
    status, out, _ = conquian_cli("check", str(folder), "--json")
    assert status == 2  # corpus/malformed
    games = json.loads(out)["games"]
    assert len({v["file"] for v in games}) > 20
    assert conquian.check(str(folder)) == games


def test_analyse_reads_text_too():
    path = SOURCE / "corpus" / "analyse" / "mistakes.yaml"
    from_path = conquian.analyse(str(path), game=1, threads=1)
    from_text = conquian.analyse(path.read_text(), game=1, threads=1)
    assert from_text["refused"] == [] and len(from_text["games"]) == 1
    assert from_text["games"][0]["file"] == "<text>"
    strip = lambda games: [{k: v for k, v in g.items() if k != "file"} for g in games]
    assert strip(from_text["games"]) == strip(from_path["games"])
