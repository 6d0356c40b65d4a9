"""What a seat sees: no hidden card in its view, information state or observation tensor, and
worlds resampled from its view uniformly."""
import json
import random

import numpy as np

import conquian
from conftest import random_playout, random_step, scaled


def play_some(state, rng, steps):
    for _ in range(steps):
        if state.is_terminal():
            break
        random_step(state, rng)
    # A move half chosen is finished: its steps (cards laid, say) are public, as they are in
    # OpenSpiel, and the twin below replays whole moves only.
    while state.chosen_steps:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def permuted_twin(state, seat, rng):
    """The same game with the cards `seat` cannot see shuffled among their places: the deal's
    cards that are now in another hand (and not known to the seat) or in the stock are permuted,
    and the same moves replayed (they name only cards the seat saw)."""
    record = state.record()
    full = state.state()
    view = state.view(seat)
    seen = set(view["hand"]) | set(view["dead"]) | {c for t in view["tables"] for m in t for c in m}
    seen |= {c for k in view["known"] for c in k}
    if view["face_up"]:
        seen.add(view["face_up"]["card"])
    hidden = [c for s, h in enumerate(full["hands"]) if s != seat for c in h if c not in seen]
    hidden += [c for c in full["stock"] if c not in seen] if isinstance(full["stock"], list) else []
    shuffled = hidden[:]
    rng.shuffle(shuffled)
    mapping = dict(zip(hidden, shuffled))
    deal = json.loads(json.dumps(initial_deal(state)))
    deal["hands"] = [[mapping.get(c, c) for c in h] for h in deal["hands"]]
    if "stock" in deal:
        deal["stock"] = [mapping.get(c, c) for c in deal["stock"]]
    twin = conquian.game_from_deal(state.ruleset, deal)
    for move in state.moves():
        twin.play(move)
    # A record writes no waive: a game that stopped right after one (the refusal stood) waives
    # here too.
    if twin.state()["phase"] == "force-window" and state.state()["phase"] != "force-window":
        twin.play({"seat": twin.current_player(), "waive": True})
    return twin, mapping


def initial_deal(state):
    return state.deal()


def test_no_hidden_card_in_what_a_seat_sees(american):
    rng = random.Random(5)
    checked = 0
    for seed in range(scaled(150)):
        rules = [american, conquian.ruleset("tiny")][seed % 2]
        state = play_some(rules.new_game(seed=seed), rng, rng.randrange(0, 60))
        for seat in range(rules.seats):
            twin, mapping = permuted_twin(state, seat, rng)
            if twin.state() == state.state():
                continue  # the hidden cards moved only within their places: nothing to compare
            checked += 1
            assert twin.view(seat) == state.view(seat)
            assert twin.information_state_string(seat) == state.information_state_string(seat)
            assert np.array_equal(twin.observation_tensor(seat), state.observation_tensor(seat))
    assert checked >= scaled(150) // 2


def test_observation_tensor_planes(american):
    state = american.new_game(seed=9)
    t = state.observation_tensor(1)
    d = len(american.deck)
    assert t.dtype == np.float32 and t.shape == (american.observation_tensor_size(),)
    hand = [american.deck[c] for c in range(d) if t[c] == 1]
    assert sorted(hand) == sorted(state.view(1)["hand"])
    unseen = t[(american.seats + 3) * d:(american.seats + 4) * d]
    assert unseen.sum() == d - len(hand)  # nothing on the table yet
    tail = t[(2 * american.seats + 4) * d:]
    assert tail[0] == state.view(1)["stock"]


def test_resampled_worlds_agree_with_the_view_and_are_uniform(american):
    rng = random.Random(8)
    state = play_some(american.new_game(seed=21), rng, 12)
    seat = state.current_player() if state.current_player() >= 0 else 0
    view = state.view(seat)
    other = 1 - seat
    unseen = sorted(set(american.deck) - set(view["hand"]) - set(view["dead"])
                    - {c for t in view["tables"] for m in t for c in m}
                    - {c for k in view["known"] for c in k}
                    - ({view["face_up"]["card"]} if view["face_up"] else set()))
    hidden = view["hand_counts"][other] - len(view["known"][other])
    counts = {c: 0 for c in unseen}
    draws = 4000
    source = random.Random(1234)
    for _ in range(draws):
        world = state.resample_from_view(seat, source)
        assert world.view(seat) == view
        whole = world.state()
        in_hand = [c for c in whole["hands"][other] if c not in view["known"][other]]
        assert len(in_hand) == hidden
        for c in in_hand:
            counts[c] += 1
    # Each unseen card lands in the hidden hand with probability hidden / len(unseen).
    expected = draws * hidden / len(unseen)
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    dof = len(unseen) - 1
    # The 99.9% point of chi-square is below dof + 4.5 sqrt(2 dof) for these sizes (dof ~ 20-30).
    assert chi2 < dof + 4.5 * (2 * dof) ** 0.5, (chi2, dof)
    assert min(counts.values()) > 0


def test_resample_is_seeded(american):
    state = american.new_game(seed=2)
    a = state.resample_from_view(0, 99).state()
    b = state.resample_from_view(0, 99).state()
    c = state.resample_from_view(0, 100).state()
    assert a == b and a != c
