"""conquian.openspiel: the conquian engine as a pyspiel Python game (specs/python.md).

Importing it registers the game "python_conquian" with pyspiel when pyspiel is importable
(register() does it for a pyspiel imported later). Parameters: "ruleset" (a shipped name,
default "american") and "players" (the seats: a Conquian ruleset's own, a Panguingue ruleset's
seats_min to seats). Every call goes to conquian.State: the actions, chance nodes, returns,
information state and resampled worlds are the module's own (specs/python.md, "The OpenSpiel
shape"); nothing of the game is decided here.
"""
import random

import conquian

SHORT_NAME = "python_conquian"
_DEFAULTS = {"ruleset": "american", "players": 0}


def _rules_of(params):
    rules = conquian.ruleset(str(params.get("ruleset", _DEFAULTS["ruleset"])))
    players = int(params.get("players", 0)) or (rules.seats_min if rules.game == "panguingue" else rules.seats)
    return rules, players


def _max_utility(rules, players):
    """The most a seat can win in one deal: the engine's stakes (Conquian: one from each other
    seat; Panguingue: no closed bound the engine states, so a generous one from the pack)."""
    if rules.game == "conquian":
        return float(players - 1)
    return float(100 * len(rules.deck) * players)


def define(pyspiel):
    """The game's classes for this pyspiel (real, or a stand-in holding the same names)."""
    T = pyspiel.GameType

    def game_type(rules, players):
        return T(short_name=SHORT_NAME, long_name="Conquian and Panguingue (conquian engine)",
                 dynamics=T.Dynamics.SEQUENTIAL, chance_mode=T.ChanceMode.EXPLICIT_STOCHASTIC,
                 information=T.Information.IMPERFECT_INFORMATION,
                 utility=T.Utility.ZERO_SUM if rules.game == "conquian" else T.Utility.GENERAL_SUM,
                 reward_model=T.RewardModel.TERMINAL, max_num_players=max(players, rules.seats),
                 min_num_players=rules.seats_min, provides_information_state_string=True,
                 provides_information_state_tensor=False, provides_observation_string=False,
                 provides_observation_tensor=True,
                 parameter_specification=dict(_DEFAULTS))

    def game_info(rules, players):
        top = _max_utility(rules, players)
        return pyspiel.GameInfo(num_distinct_actions=rules.num_distinct_actions,
                                max_chance_outcomes=len(rules.deck), num_players=players,
                                min_utility=-top, max_utility=top,
                                utility_sum=0.0 if rules.game == "conquian" else None,
                                max_game_length=100_000)

    class ConquianGame(pyspiel.Game):
        def __init__(self, params=None):
            params = dict(params or {})
            rules, players = _rules_of(params)
            super().__init__(game_type(rules, players), game_info(rules, players), params)
            self.rules, self.players = rules, players
            self.rng = random.Random(int(params.get("seed", 0)))

        def new_initial_state(self):
            seed = self.rng.getrandbits(63)
            # The stock's order unknown: every turn is a chance node, as no seat knows the stock.
            if self.rules.game == "panguingue":
                inner = self.rules.new_game(seed=seed, seats=self.players, stock="unknown")
            else:
                inner = self.rules.new_game(seed=seed, stock="unknown")
            return ConquianState(self, inner)

        def make_py_observer(self, iig_obs_type=None, params=None):
            return ConquianObserver(self.rules.observation_tensor_size(seats=self.players))

    class ConquianState(pyspiel.State):
        def __init__(self, game, inner):
            super().__init__(game)
            self.inner = inner

        def current_player(self):
            p = self.inner.current_player()
            if p == conquian.CHANCE_PLAYER:
                return pyspiel.PlayerId.CHANCE
            if p == conquian.TERMINAL_PLAYER:
                return pyspiel.PlayerId.TERMINAL
            return p

        def _legal_actions(self, player):
            return self.inner.legal_actions()

        def chance_outcomes(self):
            return self.inner.chance_outcomes()

        def _apply_action(self, action):
            self.inner.apply_action(int(action))

        def _action_to_string(self, player, action):
            return self.inner.action_to_string(int(action))

        def is_terminal(self):
            return self.inner.is_terminal()

        def returns(self):
            return self.inner.returns()

        def information_state_string(self, player=None):
            return self.inner.information_state_string(self.current_player() if player is None else player)

        def observation_tensor(self, player=None):
            return self.inner.observation_tensor(self.current_player() if player is None else player)

        def resample_from_infostate(self, player, probability_sampler=None):
            world = self.inner.resample_from_view(player, random.Random(self.get_game().rng.getrandbits(63)))
            return ConquianState(self.get_game(), world)

        def clone(self):
            return ConquianState(self.get_game(), self.inner.clone())

        def __deepcopy__(self, memo):
            return self.clone()

        def __str__(self):
            return repr(self.inner)

    class ConquianObserver:
        def __init__(self, size):
            import numpy as np
            self.tensor = np.zeros(size, np.float32)
            self.dict = {"observation": self.tensor}

        def set_from(self, state, player):
            self.tensor[:] = state.inner.observation_tensor(player)

        def string_from(self, state, player):
            return state.inner.information_state_string(player)

    return game_type(*_rules_of(_DEFAULTS)), ConquianGame, ConquianState


def register(pyspiel=None):
    """Registers the game with pyspiel (imported here when not given); returns the game class."""
    if pyspiel is None:
        import pyspiel
    game_type, game_class, _ = define(pyspiel)
    pyspiel.register_game(game_type, game_class)
    return game_class


try:
    import pyspiel as _pyspiel
except ImportError:
    _pyspiel = None
if _pyspiel is not None:
    register(_pyspiel)
