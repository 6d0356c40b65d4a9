"""conquian.openspiel, the pyspiel game compiled into the module, against a stand-in pyspiel
(tests/python/standin/pyspiel.py: only the names the game and OpenSpiel's searches use), and an
information-set search of the tests' own run on it: resample at the root, walk by information
state, never meet a key whose actions differ."""
import importlib
import math
import pathlib
import random
import sys

import pytest

import conquian
from conftest import random_step, scaled

sys.path.insert(0, str(pathlib.Path(__file__).parent / "standin"))
import pyspiel  # noqa: E402  the stand-in

import conquian.openspiel  # noqa: E402  registers the game, pyspiel being importable


def test_the_game_is_registered_with_its_shape():
    assert "python_conquian" in pyspiel.registered_names()
    game = pyspiel.load_game("python_conquian", {"ruleset": "american"})
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_players() == 2
    assert game.num_distinct_actions() == conquian.ruleset("american").num_distinct_actions
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE


def test_pan_game_has_n_players():
    game = pyspiel.load_game("python_conquian", {"ruleset": "panguingue", "players": 6})
    assert game.num_players() == 6
    state = game.new_initial_state()
    assert state.current_player() >= 0 and len(state.returns()) == 6


def test_random_games_reach_the_end_with_returns_summing_to_zero():
    rng = random.Random(2)
    for name in ("american", "tiny"):
        game = pyspiel.load_game("python_conquian", {"ruleset": name})
        for _ in range(scaled(20)):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, probs = zip(*state.chance_outcomes())
                    state.apply_action(rng.choices(actions, probs)[0])
                else:
                    legal = state.legal_actions()
                    assert legal == state.legal_actions(state.current_player())
                    assert all(0 <= a < game.num_distinct_actions() for a in legal)
                    state.apply_action(rng.choice(legal))
            assert math.isclose(sum(state.returns()), 0.0)
            assert state.current_player() == pyspiel.PlayerId.TERMINAL


def random_state(game, rng, depth):
    state = game.new_initial_state()
    for _ in range(depth):
        if state.is_terminal():
            break
        random_step(state, rng)
    while state.is_chance_node():
        random_step(state, rng)
    return state


class InformationSetSearch:
    """ISMCTS in its plainest form: every simulation draws a world from the root player's
    information state, then walks it choosing by UCT at nodes keyed by (player, information
    state); a key met again must offer the same actions, or the game is inconsistent."""

    def __init__(self, rng, simulations=4, depth=24):
        self.rng, self.simulations, self.depth = rng, simulations, depth

    def key(self, state):
        return state.current_player(), state.information_state_string()

    def search(self, state):
        self.nodes = {}
        root = self.key(state)
        for _ in range(self.simulations):
            world = state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0., 1.))
            assert self.key(world) == root, "the world's information state is not the state's"
            self.simulate(world, 0)
        visits = self.nodes[root]["visits"]
        return max(visits, key=visits.get)

    def simulate(self, state, depth):
        if state.is_terminal():
            return state.returns()
        if depth >= self.depth:
            return [0.0] * state.num_players()
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(self.rng.choices(actions, probs)[0])
            return self.simulate(state, depth + 1)
        legal = state.legal_actions()
        player = state.current_player()
        node = self.nodes.setdefault(self.key(state), {"actions": legal, "visits": {}, "value": {}})
        assert node["actions"] == legal, "one information state, two sets of actions"
        unvisited = [a for a in legal if a not in node["visits"]]
        if unvisited:
            action = self.rng.choice(unvisited)
        else:
            total = sum(node["visits"].values())
            action = max(legal, key=lambda a: node["value"][a] / node["visits"][a] +
                         1.4 * math.sqrt(math.log(total) / node["visits"][a]))
        state.apply_action(action)
        returns = self.simulate(state, depth + 1)
        node["visits"][action] = node["visits"].get(action, 0) + 1
        node["value"][action] = node["value"].get(action, 0.0) + returns[player]
        return returns


def test_a_thousand_searches_meet_no_inconsistency():
    rng = random.Random(11)
    search = InformationSetSearch(rng)
    games = [pyspiel.load_game("python_conquian", {"ruleset": n}) for n in ("american", "tiny", "nine-card")]
    done = 0
    while done < scaled(1000):
        game = games[done % len(games)]
        state = random_state(game, rng, rng.randrange(0, 80))
        if state.is_terminal():
            continue
        action = search.search(state)
        assert action in state.legal_actions()
        done += 1


def test_import_without_pyspiel_registers_nothing(monkeypatch):
    """With no pyspiel to import, the module still loads and register() says what is missing."""
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.delitem(sys.modules, "conquian.openspiel")
    module = importlib.import_module("conquian.openspiel")
    with pytest.raises(ImportError):
        module.register()
