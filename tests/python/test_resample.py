"""Worlds resampled from a seat's view carry the seat's history: at every decision of every
shipped Conquian ruleset (mid-take, force windows, swaps, chance turns around them), the world's
information state and observation for the seat equal the state's, and so do its legal actions;
and two states that one seat to act cannot tell apart offer it the same actions."""
import collections
import random

import numpy as np

import conquian
from conftest import random_step, scaled
from test_actions import shipped_rulesets


def kind_of(state):
    """The kind of decision: the phase, and whether part of a move is chosen."""
    return state.phase + (" mid-move" if state.chosen_steps else "")


def key(state, seat):
    return seat, state.information_state_string(seat)


def decisions(rules, seed, rng, every):
    """Every `every`-th decision of one random game with the stock unknown."""
    state = rules.new_game(seed=seed, dealer=seed % rules.seats, stock="unknown")
    n = 0
    while not state.is_terminal():
        if not state.is_chance_node():
            if n % every == 0:
                yield state
            n += 1
        random_step(state, rng)


def test_a_world_carries_the_seat_history_at_every_kind_of_decision():
    rng = random.Random(43)
    names = shipped_rulesets()
    kinds = collections.Counter()
    checked = 0
    seen_actions = {}  # (seat, information state) -> legal actions, over states and worlds
    for i in range(scaled(12) * len(names)):
        rules = conquian.ruleset(names[i % len(names)])
        for state in decisions(rules, i, rng, every=3):
            seat = state.current_player()
            world = state.resample_from_view(seat, rng)
            assert world.current_player() == seat, (rules.name, kind_of(state))
            assert world.information_state_string(seat) == state.information_state_string(seat), kind_of(state)
            assert np.array_equal(world.observation_tensor(seat), state.observation_tensor(seat))
            assert world.legal_actions() == state.legal_actions(), (rules.name, kind_of(state))
            for s in (state, world):
                k, actions = key(s, seat), s.legal_actions()
                assert seen_actions.setdefault(k, actions) == actions, (rules.name, kind_of(state))
            # Walk on in the world, as a search does: its decisions too are told by their key.
            for _ in range(4):
                if world.is_terminal():
                    break
                if not world.is_chance_node():
                    k, actions = key(world, world.current_player()), world.legal_actions()
                    assert seen_actions.setdefault(k, actions) == actions, (rules.name, kind_of(world))
                random_step(world, rng)
            if state.phase == "swap":
                play_to_the_end_keeping_every_card(world, rng, len(rules.deck))
            kinds[kind_of(state)] += 1
            checked += 1
    assert checked >= scaled(2000), checked
    # Every kind of decision was met: a swap, a turn (draw or lay), an offer, a force window,
    # a forced take, a throw, and the middle of a move's steps.
    for kind in ("swap", "turn", "offer", "force-window", "forced", "throw", "offer mid-move"):
        assert kinds[kind] > 0, (kind, kinds)


def card_count(state):
    s = state.state()
    stock = s["stock"] if isinstance(s["stock"], int) else len(s["stock"])
    return (sum(len(h) for h in s["hands"]) + len(s["dead"]) + sum(len(m) for t in s["tables"] for m in t)
            + (1 if s["face_up"] else 0) + stock)


def play_to_the_end_keeping_every_card(world, rng, deck_size):
    """A world drawn mid-swap plays on to its end with every card in one place (the card a seat
    laid face down unseen by the viewer is one of its passer's, so the swap moves a real card)."""
    while not world.is_terminal():
        assert card_count(world) == deck_size, world
        assert world.is_chance_node() or world.legal_actions(), world
        random_step(world, rng)


def test_a_world_of_a_world_keeps_the_history():
    rng = random.Random(7)
    state = conquian.ruleset("american").new_game(seed=3, stock="unknown")
    for _ in range(40):
        random_step(state, rng)
    while state.is_chance_node():
        random_step(state, rng)
    seat = state.current_player()
    world = state.resample_from_view(seat, 1).resample_from_view(seat, 2)
    assert world.information_state_string(seat) == state.information_state_string(seat)
    import json
    assert json.loads(world.information_state_string(seat))["moves"]  # the history is there, not []


def test_a_world_plays_on_and_lists_its_own_moves():
    rng = random.Random(9)
    state = conquian.ruleset("american").new_game(seed=5, stock="unknown")
    for _ in range(20):
        random_step(state, rng)
    while state.is_chance_node() or state.is_terminal():
        random_step(state, rng)
    seat = state.current_player()
    world = state.resample_from_view(seat, rng)
    import json
    before = json.loads(world.information_state_string(seat))["moves"]
    played = 0
    while not world.is_terminal() and played < 3:
        start = world.moves_played
        random_step(world, rng)
        played += world.moves_played - start
    after = json.loads(world.information_state_string(seat))["moves"]
    assert after[:len(before)] == before and len(after) == len(before) + played
    clone = world.clone()
    assert clone.information_state_string(seat) == world.information_state_string(seat)


def test_a_world_refuses_moves_by_their_words():
    state = conquian.ruleset("american").new_game(seed=1, stock="unknown")
    world = state.resample_from_view(1, 0)
    try:
        world.play({"seat": 1, "pass": True})
    except conquian.InputError as e:
        assert "apply_action" in str(e)
    else:
        raise AssertionError("a world played a move by its words")
