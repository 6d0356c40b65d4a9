"""Panguingue through the OpenSpiel shape: N players, legal actions that reach the engine's
legal moves, returns equal to the chips `conquian check` settles (the binary run as a process),
and records it accepts."""
import json
import math
import random
import subprocess

import numpy as np
import pytest

import conquian
from conftest import BINARY, random_playout, scaled


def check_process(text):
    """Runs `conquian check --json -` on record text; returns its verdicts."""
    p = subprocess.run([BINARY, "check", "--json", "-"], input=text, capture_output=True, text=True, timeout=120)
    assert p.returncode in (0, 1), p.stderr
    return json.loads(p.stdout)["games"]


@pytest.mark.parametrize("seats", [2, 6, 8])
def test_random_pan_playouts_check_and_return_the_settled_chips(seats):
    rng = random.Random(seats)
    rules = conquian.ruleset("panguingue")
    records, returns = [], []
    for i in range(scaled(40)):
        state = rules.new_game(seed=i, dealer=i % seats, seats=seats)
        assert state.num_players() == seats
        random_playout(state, rng)
        assert state.current_player() == conquian.TERMINAL_PLAYER
        records.append(state.record())
        returns.append(state.returns())
    verdicts = check_process("---\n".join(records))
    assert len(verdicts) == len(records)
    for v, r in zip(verdicts, returns):
        assert v["verdict"] == "legal", v
        assert [float(c) for c in v["chips"]] == r
        # The contract: chips and the pot left on the table sum to zero.
        assert sum(r) + v["pot"] == 0


def test_pan_actions_reach_the_legal_moves():
    """From random positions, the action sequences of one decision reach exactly the states
    play(move) reaches, one each."""
    rng = random.Random(4)
    rules = conquian.ruleset("panguingue")
    checked = 0
    for i in range(scaled(6)):
        state = rules.new_game(seed=100 + i, seats=4)
        while not state.is_terminal():
            if not state.chosen_steps and rng.random() < 0.15:  # a decision's start
                moves = state.legal_moves()
                reached = sorted(json.dumps(c.state(), sort_keys=True) for c in complete(state))
                by_moves = []
                for m in moves:
                    child = state.clone()
                    child.play(m)
                    by_moves.append(json.dumps(child.state(), sort_keys=True))
                assert reached == sorted(by_moves)
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 20


def complete(state):
    start, out = state.moves_played, []
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        out += [child] if child.moves_played > start else complete(child)
    return out


def test_pan_shape():
    rules = conquian.ruleset("panguingue")
    assert rules.game == "panguingue"
    state = rules.new_game(seed=1, seats=6)
    assert state.current_player() == state.to_act and 0 <= state.current_player() < 6
    names = {state.action_to_string(a) for a in state.legal_actions()}
    assert names == {"play", "drop"}
    assert all(0 <= a < rules.num_distinct_actions for a in state.legal_actions())
    info = json.loads(state.information_state_string(0))
    assert set(info) == {"view", "moves", "steps"}
    # The chips so far: every seat has paid its ante into the pot at the deal.
    assert not state.is_chance_node() and sum(state.returns()) + state.state()["pot"] == 0
    assert state.returns() == [float(c) for c in state.state()["chips"]]


def test_pan_refusals_name_the_reason():
    rules = conquian.ruleset("panguingue")
    with pytest.raises(conquian.InputError, match="seats"):
        rules.new_game(seed=1, seats=40)
    state = rules.new_game(seed=1, seats=4)
    with pytest.raises(conquian.InputError, match="seat"):
        state.resample_from_view(9, 1)
    passing = next(a for a in range(rules.num_distinct_actions) if state.action_to_string(a) == "pass")
    with pytest.raises(conquian.IllegalMove, match="not legal here"):
        state.apply_action(passing)  # a declaration is due, not a pass


@pytest.mark.parametrize("seats", [3, 6])
def test_pan_worlds_carry_the_seat_history(seats):
    """With the stock unknown (turns are chance nodes), a world drawn from a seat's knowledge
    has the state's information state, observation and legal actions for that seat, at every
    kind of decision; two states one seat cannot tell apart offer it the same actions."""
    rng = random.Random(seats)
    rules = conquian.ruleset("panguingue")
    kinds, seen, shares = set(), {}, set()
    for i in range(scaled(6)):
        state = rules.new_game(seed=i, seats=seats, stock="unknown")
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                assert math.isclose(sum(probs), 1.0)
                shares.add(len(set(round(p, 9) for p in probs)) > 1)
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            if n % 4 == 0:
                seat = state.current_player()
                world = state.resample_from_view(seat, rng)
                assert world.information_state_string(seat) == state.information_state_string(seat)
                assert np.array_equal(world.observation_tensor(seat), state.observation_tensor(seat))
                assert world.legal_actions() == state.legal_actions()
                for s in (state, world):
                    key = (seat, s.information_state_string(seat))
                    assert seen.setdefault(key, s.legal_actions()) == s.legal_actions()
                kinds.add(state.phase + (" mid-move" if state.chosen_steps else ""))
            n += 1
            state.apply_action(rng.choice(state.legal_actions()))
        verdicts = conquian.check(state.record())
        assert verdicts[0]["verdict"] == "legal", verdicts
    assert {"declare", "offer", "offer mid-move"} <= kinds, kinds
    assert True in shares  # a card unseen more often than another is turned more often


def test_pan_observation_shows_the_seat_its_own_hand_only():
    rules = conquian.ruleset("panguingue")
    rng = random.Random(8)
    state = rules.new_game(seed=3, seats=5)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    deck = rules.deck
    for seat in range(5):
        t = state.observation_tensor(seat)
        assert len(t) == rules.observation_tensor_size(seats=5) == state.observation_tensor_size()
        hand = state.view(seat)["hand"]
        assert [int(t[c]) for c in range(len(deck))] == [hand.count(deck[c]) for c in range(len(deck))]
    # Another seat's cards are in no plane: the planes after the hand are the tables, dead and face-up card.
    full = state.state()
    planes = np.asarray(state.observation_tensor(0))[len(deck):len(deck) * (5 + 3)].reshape(-1, len(deck))
    public = sum(len(m) for t in full["tables"] for m in t) + len(full["dead"]) + (1 if full["face_up"] else 0)
    assert planes.sum() == public
