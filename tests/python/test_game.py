"""The record-shaped game: rulesets, new games, moves as dicts, records check accepts."""
import json
import random
import threading

import pytest

import conquian
from conftest import BINARY, SOURCE, conquian_cli, engine_session


def test_version_is_the_binarys():
    # The binary adds the commit it was built from, in brackets, when built in a git checkout.
    status, out, _ = conquian_cli("--version")
    assert status == 0
    line = out.strip()
    assert line == "conquian " + conquian.__version__ or line.startswith(f"conquian {conquian.__version__} (")


def test_ruleset_keys_are_those_of_rulesets_json():
    for name in ["american", "tiny"]:
        status, out, _ = conquian_cli("rulesets", name, "--json")
        assert status == 0
        keys = conquian.ruleset(name).keys()
        assert keys == json.loads(out)
        assert list(keys) == list(json.loads(out))  # in the table's order


def test_ruleset_from_a_dict_and_a_path():
    inline = conquian.ruleset({"base": "american", "hand": 9, "target": 10})
    assert inline.keys()["hand"] == 9
    by_path = conquian.ruleset(str(SOURCE / "rulesets" / "tiny.yaml"))
    without_source = lambda keys: {k: v for k, v in keys.items() if k != "source"}
    assert without_source(by_path.keys()) == without_source(conquian.ruleset("tiny").keys())
    assert "tiny" in repr(by_path)


def test_new_game_is_the_engines(american):
    state = american.new_game(seed=7, dealer=0)
    answers = engine_session([{"cmd": "new", "ruleset": "american", "seed": 7}, {"cmd": "legal"}])
    assert state.state() == answers[0]["state"]
    assert state.legal_moves() == answers[1]["moves"]
    assert state.to_act == answers[1]["seat"]
    assert state.phase == "turn" and state.outcome is None


def play_randomly(state, rng, limit=10_000):
    while state.outcome is None and limit:
        state.play(rng.choice(state.legal_moves()))
        limit -= 1
    return state


def test_record_round_trip(american):
    rng = random.Random(1)
    for seed in range(20):
        state = play_randomly(american.new_game(seed=seed, dealer=seed % 2), rng)
        text = state.record()
        [verdict] = conquian.check(text)
        assert verdict["verdict"] == "legal", verdict
        assert verdict["outcome"] == state.outcome
        again = conquian.game_from_record(text)
        assert again.state() == state.state()
        cut = conquian.game_from_record(text, after=3)
        assert cut.moves_played == 3


def test_illegal_move_leaves_the_state(american):
    state = american.new_game(seed=3)
    before = state.state()
    with pytest.raises(conquian.IllegalMove) as e:
        state.play({"seat": 0, "turn": "5h"})  # seat 1 turns first: seat 0 deals
    assert e.value.code == "not-your-turn"
    assert "seat 1 must turn" in e.value.reason
    assert state.state() == before
    # The same move judged by check gives the same code.
    answers = engine_session([{"cmd": "new", "ruleset": "american", "seed": 3},
                              {"cmd": "play", "move": {"seat": 0, "turn": "5h"}}])
    assert answers[1]["code"] == e.value.code and answers[1]["reason"] == e.value.reason


def test_clone_is_independent(american):
    state = american.new_game(seed=4)
    copy = state.clone()
    copy.play(copy.legal_moves()[0])
    assert copy.moves_played == 1 and state.moves_played == 0
    assert copy.undo() and copy.state() == state.state()


def test_view_is_the_protocols(american):
    state = american.new_game(seed=5)
    first = state.legal_moves()[0]
    state.play(first)
    answers = engine_session([{"cmd": "new", "ruleset": "american", "seed": 5},
                              {"cmd": "play", "move": first}, {"cmd": "view", "seat": 0}])
    assert state.view(0) == answers[2]["view"]


def test_solve_is_solve_json(tmp_path):
    state = conquian.ruleset("tiny").new_game(seed=3)
    path = tmp_path / "tiny.yaml"
    path.write_text(state.record())
    status, out, err = conquian_cli("solve", str(path), "--after", "0", "--json")
    assert status == 0, err
    answer = state.solve()
    expected = json.loads(out)
    timeless = lambda a: {k: v for k, v in a.items() if k not in ("seconds", "stopped")}
    assert timeless(answer) == timeless(expected) and answer.get("stopped", False) is False


def test_game_from_position_has_no_record():
    position = SOURCE / "corpus" / "positions" / "forced-win.position.yml"
    state = conquian.game_from_position(str(position))
    assert state.legal_moves()
    with pytest.raises(conquian.InputError) as e:
        state.record()
    assert e.value.code == "no-record"


def test_check_releases_the_gil():
    """While check works in another thread, this one keeps running Python: with the GIL held
    through the check, this thread would stop for the whole check (its longest pause would be
    the check's time); released, it pauses no longer than the scheduler makes it."""
    import time
    # The check must take long enough for a held GIL to show; check gets faster as the reader
    # does, so the workload doubles until it takes over 0.2 s (a fixed count once fell short).
    count = 3000
    while True:
        records = conquian.simulate("american", count, 1)
        text = json.dumps(records, indent=0)  # a JSON array of records
        start = time.perf_counter()
        alone = conquian.check(text)
        seconds = time.perf_counter() - start
        if seconds > 0.2 or count >= 96000:
            break
        count *= 2
    assert len(alone) == count and all(v["verdict"] == "legal" for v in alone)
    result = []
    worker = threading.Thread(target=lambda: result.append(conquian.check(text)))
    last = time.perf_counter()
    longest = 0.0
    worker.start()
    while worker.is_alive():
        now = time.perf_counter()
        longest = max(longest, now - last)
        last = now
    worker.join()
    assert result[0] == alone
    assert seconds > 0.2, seconds  # long enough for a held GIL to show
    assert longest < seconds / 2, (longest, seconds)


def test_returns_are_the_rulesets_scoring_hand_points_included():
    """american-points scores a won deal by the cards left in the loser's hand (000: two to seven
    at face value, every court card and 8, 9, 10 ten, the ace fifteen): the winner's return is
    those points and the loser pays them; american's stake moves one chip."""
    def points(card):
        rank = card[:-1]
        if rank == "A":
            return 15
        return int(rank) if rank.isdigit() and int(rank) <= 7 else 10
    rng = random.Random(3)
    won = 0
    for seed in range(200):
        for name in ["american-points", "american"]:
            state = conquian.ruleset(name).new_game(seed=seed)
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
            returns = state.returns()
            assert sum(returns) == 0
            outcome = state.outcome
            if "winner" not in outcome:
                assert returns == [0, 0]
                continue
            winner = outcome["winner"]
            loser_hand = state.state()["hands"][1 - winner]
            expected = sum(points(c) for c in loser_hand) if name == "american-points" else 1
            assert returns[winner] == expected and returns[1 - winner] == -expected, (name, seed, loser_hand)
            won += name == "american-points" and expected > 1
    assert won > 0
