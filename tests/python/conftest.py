"""Shared fixtures of the module's tests: the binary, the source tree, the scale."""
import json
import os
import pathlib
import subprocess

import pytest

import conquian

SOURCE = pathlib.Path(os.environ.get("CONQUIAN_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
BINARY = os.environ.get("CONQUIAN_BINARY", str(SOURCE / "build" / "conquian"))
# As the C++ suite: CONQUIAN_TEST_SCALE multiplies the counts of the long tests (default 1).
SCALE = float(os.environ.get("CONQUIAN_TEST_SCALE", "1"))


def scaled(n):
    return max(1, int(n * SCALE))


def conquian_cli(*args, stdin=None):
    """Runs the binary; returns (exit status, stdout, stderr)."""
    p = subprocess.run([BINARY, *args], input=stdin, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def engine_session(requests):
    """Sends JSON requests to one `conquian engine` process; returns its answers in order."""
    text = "".join(json.dumps(r) + "\n" for r in requests) + '{"cmd": "quit"}\n'
    status, out, err = conquian_cli("engine", stdin=text)
    assert status == 0, err
    return [json.loads(line) for line in out.splitlines()][:-1]


def random_step(state, rng):
    """One action: a chance outcome drawn by its probability, or a legal action at random."""
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, probs)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def random_playout(state, rng):
    """Plays to the end through legal_actions/apply_action, chance sampled by its probabilities."""
    while not state.is_terminal():
        random_step(state, rng)
    return state


@pytest.fixture(scope="session")
def american():
    return conquian.ruleset("american")
