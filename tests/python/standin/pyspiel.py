"""A stand-in for OpenSpiel's pyspiel holding only the names conquian.openspiel and OpenSpiel's
Python search algorithms (ismcts.py, mcts.py) use, with the meanings pyspiel gives them: a
Python game subclasses Game and State, implements _legal_actions and _apply_action, and is
registered by its GameType. OpenSpiel itself cannot be installed here."""
import copy
import enum

INVALID_ACTION = -1


class SpielError(Exception):
    pass


class PlayerId:
    INVALID = -3
    TERMINAL = -4
    CHANCE = -1


class GameType:
    class Dynamics(enum.Enum):
        SEQUENTIAL = 1
        SIMULTANEOUS = 2

    class ChanceMode(enum.Enum):
        DETERMINISTIC = 1
        EXPLICIT_STOCHASTIC = 2
        SAMPLED_STOCHASTIC = 3

    class Information(enum.Enum):
        ONE_SHOT = 1
        PERFECT_INFORMATION = 2
        IMPERFECT_INFORMATION = 3

    class Utility(enum.Enum):
        ZERO_SUM = 1
        CONSTANT_SUM = 2
        GENERAL_SUM = 3
        IDENTICAL = 4

    class RewardModel(enum.Enum):
        REWARDS = 1
        TERMINAL = 2

    def __init__(self, **fields):
        self.__dict__.update(fields)


class GameInfo:
    def __init__(self, num_distinct_actions, max_chance_outcomes, num_players, min_utility, max_utility,
                 utility_sum=None, max_game_length=0):
        self.num_distinct_actions = num_distinct_actions
        self.max_chance_outcomes = max_chance_outcomes
        self.num_players = num_players
        self.min_utility = min_utility
        self.max_utility = max_utility
        self.utility_sum = utility_sum
        self.max_game_length = max_game_length


class Game:
    def __init__(self, game_type, game_info, params):
        self._type, self._info, self._params = game_type, game_info, dict(params)

    def get_type(self):
        return self._type

    def get_parameters(self):
        return dict(self._params)

    def num_players(self):
        return self._info.num_players

    def num_distinct_actions(self):
        return self._info.num_distinct_actions

    def min_utility(self):
        return self._info.min_utility

    def max_utility(self):
        return self._info.max_utility


class State:
    def __init__(self, game):
        self._game = game

    def get_game(self):
        return self._game

    def legal_actions(self, player=None):
        if self.is_terminal():
            return []
        if player is not None and player != self.current_player():
            return []
        return list(self._legal_actions(self.current_player()))

    def apply_action(self, action):
        self._apply_action(action)

    def is_chance_node(self):
        return self.current_player() == PlayerId.CHANCE

    def is_simultaneous_node(self):
        return False

    def is_player_node(self):
        return self.current_player() >= 0

    def action_to_string(self, player, action):
        return self._action_to_string(player, action)

    def clone(self):
        return copy.deepcopy(self)

    def num_players(self):
        return self._game.num_players()


class Bot:
    def __init__(self):
        pass


class UniformProbabilitySampler:
    def __init__(self, low=0.0, high=1.0):
        self.low, self.high = low, high


_GAMES = {}


def register_game(game_type, game_class):
    _GAMES[game_type.short_name] = (game_type, game_class)


def registered_names():
    return list(_GAMES)


def load_game(name, params=None):
    if name not in _GAMES:
        raise SpielError(f"Unknown game '{name}'")
    return _GAMES[name][1](params or {})
