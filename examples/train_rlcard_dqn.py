"""Train RLCard's DQN agent on a ruleset's rounds in RLCard's own loop, then compare it with
RLCard's random agent over the same seeded rounds.

The environment is RLCard's, made by ``rlcard.make`` from the id this library registers
(:mod:`mahjong_rules.engine.rlcard_env`); the loop, the agents and the training are RLCard's,
unchanged: what an RLCard user runs on RLCard's own mahjong. The other seats play RLCard's random
agent, or the library's greedy bot as an RLCard agent (``rlcard_agent``).

    pip install '.[rlcard,train]'      # from a clone: RLCard, with PyTorch for its DQN
    python examples/train_rlcard_dqn.py --episodes 200
    python examples/train_rlcard_dqn.py --ruleset flex --opponents greedy --episodes 200

It prints the DQN seat's average payoff (its payments) before and after training, against the same
opponents over the same seeded rounds. A few hundred episodes take a minute or two on a laptop; a
learner worth the name takes many thousands.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import sys
from typing import Any

import numpy as np

from mahjong_rules.engine.bots import greedy_agent
from mahjong_rules.engine.rlcard_env import rlcard_agent

try:
    import rlcard
    import torch
    from rlcard.agents import DQNAgent, RandomAgent
    from rlcard.utils import reorganize, tournament
except ImportError:
    sys.exit("this example needs RLCard and PyTorch: pip install '.[rlcard,train]'")


def evaluate(env: Any, learner: Any, opponents: list[Any], rounds: int, seed: int) -> float:
    """The first seat's average payoff over ``rounds`` rounds dealt from ``seed``."""
    env.seed(seed)
    np.random.seed(seed)  # RLCard's random agent draws from NumPy's global generator
    env.set_agents([learner, *opponents])
    return float(tournament(env, rounds)[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="singapore", help="flex, card-free, nmjl or singapore")
    parser.add_argument("--opponents", default="random", help="random or greedy")
    parser.add_argument("--episodes", type=int, default=200, help="rounds to train on")
    parser.add_argument("--rounds", type=int, default=20, help="rounds to evaluate on")
    parser.add_argument("--seed", type=int, default=0)
    arguments = parser.parse_args()

    env = rlcard.make(f"mahjong-rules-{arguments.ruleset}", config={"seed": arguments.seed})
    torch.manual_seed(arguments.seed)
    opponents = [
        RandomAgent(num_actions=env.num_actions) if arguments.opponents == "random" else rlcard_agent(greedy_agent())
        for _ in range(env.num_players - 1)
    ]
    learner = DQNAgent(
        num_actions=env.num_actions,
        state_shape=env.state_shape[0],
        mlp_layers=[128, 128],
        replay_memory_init_size=200,
        train_every=4,
        batch_size=32,
        device=torch.device("cpu"),
    )
    random_learner = RandomAgent(num_actions=env.num_actions)
    seed = arguments.seed + 1_000_000  # evaluation rounds: not among the training rounds
    before = evaluate(env, random_learner, opponents, arguments.rounds, seed)

    env.seed(arguments.seed)
    # The DQN explores with NumPy's global generator and samples its memory with Python's.
    np.random.seed(arguments.seed)
    random.seed(arguments.seed)
    env.set_agents([learner, *opponents])
    # RLCard's DQN prints its loss at every training step: kept quiet here.
    with contextlib.redirect_stdout(io.StringIO()):
        for _ in range(arguments.episodes):
            trajectories, payoffs = env.run(is_training=True)
            for transition in reorganize(trajectories, payoffs)[0]:
                learner.feed(transition)
    after = evaluate(env, learner, opponents, arguments.rounds, seed)

    print(f"{arguments.ruleset}, {arguments.opponents} opponents, {arguments.rounds} rounds:")
    print(f"  random learner   {before:+.2f} a round")
    print(f"  DQN ({arguments.episodes} episodes) {after:+.2f} a round")


if __name__ == "__main__":
    main()
