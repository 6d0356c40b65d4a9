"""Every kind of bad input raises a clear exception, with the message the CLI gives."""
import pytest

import conquian
from conftest import SOURCE, conquian_cli, engine_session


def test_unknown_ruleset_has_the_clis_message():
    with pytest.raises(conquian.InputError) as e:
        conquian.ruleset("amerikan")
    assert e.value.code == "bad-ruleset"
    status, _, err = conquian_cli("rulesets", "amerikan")
    assert status == 2
    # The same sentence as the CLI's, after each one's prefix ("ruleset: ", "NAME ").
    assert str(e.value).split(": ", 1)[1] in err
    assert "did you mean 'american'" in str(e.value)
    assert isinstance(e.value, ValueError)


def test_bad_ruleset_key():
    with pytest.raises(conquian.InputError) as e:
        conquian.ruleset({"base": "american", "hnad": 9})
    assert "hnad" in str(e.value) and "hand" in str(e.value)


def test_malformed_record_names_line_and_reason():
    text = "format: conquian-record/1\nruleset: american\ndealer: 0\ndeal:\n  hands: [[5h]\n"
    with pytest.raises(conquian.InputError) as e:
        conquian.game_from_record(text)
    assert e.value.code == "bad-record"
    [verdict] = conquian.check(text)
    assert verdict["verdict"] == "malformed"
    # check's message, each naming the text its own way ("<text>", "<record>")
    assert verdict["message"].split(":", 1)[1] in str(e.value)


def test_illegal_record_names_the_move():
    path = SOURCE / "corpus" / "illegal" / "turn-order.yaml"
    with pytest.raises(conquian.InputError) as e:
        conquian.game_from_record(str(path))
    assert "move 1" in str(e.value) and "not-your-turn" in str(e.value)


def test_missing_file():
    with pytest.raises(conquian.InputError) as e:
        conquian.game_from_record("no/such/record.yaml")
    assert "no/such/record.yaml" in str(e.value) and "cannot open" in str(e.value)


def test_illegal_move_and_illegal_action(american):
    state = american.new_game(seed=1)
    with pytest.raises(conquian.IllegalMove) as e:
        state.play({"seat": 1, "turn": "1x"})
    assert e.value.code == "unknown-card" and "'1x' is not a card" in e.value.reason
    not_legal = next(a for a in reversed(range(conquian.NUM_DISTINCT_ACTIONS)) if a not in state.legal_actions())
    with pytest.raises(conquian.IllegalMove) as e:
        state.apply_action(not_legal)
    assert e.value.code == "illegal-action" and "legal actions are" in e.value.reason


def test_malformed_move_is_the_protocols_bad_field(american):
    state = american.new_game(seed=1)
    with pytest.raises(conquian.InputError) as e:
        state.play({"turn": "5h"})
    answers = engine_session([{"cmd": "new", "ruleset": "american", "seed": 1},
                              {"cmd": "play", "move": {"turn": "5h"}}])
    assert e.value.code == answers[1]["error"]["code"] == "bad-field"
    assert str(e.value) == answers[1]["error"]["message"]


def test_wrong_types(american):
    with pytest.raises(TypeError):
        conquian.ruleset(7)
    state = american.new_game(seed=1)
    with pytest.raises(TypeError):
        state.play(["seat", 1])
    with pytest.raises(TypeError):
        state.view("one")
    with pytest.raises(TypeError):
        american.new_game(seed="x")
    with pytest.raises(TypeError):
        state.resample_from_view(0, rng="not an rng")


def test_seat_out_of_range(american):
    state = american.new_game(seed=1)
    for call in [lambda: state.view(2), lambda: state.observation_tensor(-1),
                 lambda: state.information_state_string(5), lambda: state.resample_from_view(9, 1)]:
        with pytest.raises(conquian.InputError) as e:
            call()
        assert e.value.code == "bad-seat" and "no such seat" in str(e.value)
    with pytest.raises(conquian.InputError) as e:
        american.new_game(seed=1, dealer=3)
    assert "'dealer' 3" in str(e.value)


def test_bad_cards_for_prove_partition():
    with pytest.raises(conquian.InputError) as e:
        conquian.prove_partition("american", "3h 4h 5x")
    status, _, err = conquian_cli("prove", "partition", "--ruleset", "american", "--cards", "3h 4h 5x")
    assert status == 2
    assert str(e.value).split(": ", 1)[1] in err


def test_bad_player_for_simulate():
    with pytest.raises(conquian.InputError) as e:
        conquian.simulate("american", 1, 1, ["grredy"])
    assert "unknown player 'grredy'" in str(e.value) and "greedy" in str(e.value)
