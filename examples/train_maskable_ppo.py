"""Train a learner seat with sb3-contrib's MaskablePPO, then compare it with a random learner.

The environment is :class:`mahjong_rules.engine.single_agent.SingleAgentEnv`: the learner plays one
seat, the other seats play a policy, and ``action_masks()`` tells MaskablePPO which actions are
legal, with no glue. Rewards are the learner seat's payments; for the American families, whose
random rounds seldom end in a win, ``--shaping`` adds a reward for coming closer to Mahjong.

    pip install '.[rl,train]'          # from a clone: the environment and the trainer
    python examples/train_maskable_ppo.py --steps 4000
    python examples/train_maskable_ppo.py --ruleset flex --shaping 0.1 --steps 4000

It prints, for a random learner and for the trained one over the same seeded rounds, the mean
payment per round, the rounds won, and how far the learner's hand was from Mahjong when each round
ended (``info["tiles_away"]`` of an episode's last step: the figure shaping rewards, which moves
long before payments do in the American families), then lets the trained model play every seat of a round
(``model_policy``: the model as an agent, as self-play's opponents are). A few thousand steps take
a minute on a laptop; a learner worth the name takes hundreds of thousands.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from mahjong_rules.engine import new_round, play
from mahjong_rules.engine.single_agent import SingleAgentEnv, model_policy

Chooser = Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], int]

try:
    from sb3_contrib import MaskablePPO
except ImportError:
    sys.exit("this example needs the trainer: pip install '.[rl,train]' (sb3-contrib, with PyTorch)")


@dataclass
class Results:
    """How a learner did over some rounds."""

    payment: float
    """The mean payment per round."""
    wins: int
    away: float | None
    """The mean tiles away of the learner's hand when a round ended, over the rounds whose hand
    could still make Mahjong (``None`` if none could)."""


def play_rounds(env: SingleAgentEnv, choose: Chooser, rounds: int, seed: int) -> Results:
    """The learner's results over ``rounds`` rounds dealt from ``seed``."""
    payments: list[float] = []
    aways: list[int] = []
    wins = 0
    for number in range(rounds):
        observation, _ = env.reset(seed=seed + number)
        done = truncated = False
        total = 0.0
        while not (done or truncated):
            action = choose(observation, env.action_masks())
            observation, _, done, truncated, info = env.step(action)
            total += info["payment"]
        payments.append(total)
        result = env.round.result if env.round is not None else None
        wins += result is not None and result.winner == env.learner
        if info["tiles_away"] is not None:  # the episode's last step says how far the hand ended
            aways.append(info["tiles_away"])
    return Results(statistics.mean(payments), wins, statistics.mean(aways) if aways else None)


def shown(results: Results) -> str:
    away = "-" if results.away is None else f"{results.away:.2f}"
    return f"payment {results.payment:+.2f}, {results.wins} won, {away} tiles away at the end"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="singapore", help="flex, card-free, nmjl or singapore")
    parser.add_argument("--opponents", default="random", help="random or greedy")
    parser.add_argument("--shaping", type=float, default=0.0, help="reward per tile closer to Mahjong")
    parser.add_argument("--steps", type=int, default=4000, help="learner actions to train on")
    parser.add_argument("--rounds", type=int, default=50, help="rounds to compare on")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    env = SingleAgentEnv(args.ruleset, opponents=args.opponents, shaping=args.shaping)
    model = MaskablePPO("MlpPolicy", env, n_steps=256, batch_size=64, seed=args.seed, verbose=0)
    model.learn(total_timesteps=args.steps)

    rng = random.Random(args.seed)
    evaluation = SingleAgentEnv(args.ruleset, opponents=args.opponents)

    def random_choice(observation: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
        return int(rng.choice(list(mask.nonzero()[0])))

    def trained_choice(observation: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    before = play_rounds(evaluation, random_choice, args.rounds, args.seed + 1)
    after = play_rounds(evaluation, trained_choice, args.rounds, args.seed + 1)
    print(f"{args.ruleset}, {args.steps} training steps against {args.opponents} opponents, {args.rounds} rounds:")
    print(f"  random learner: {shown(before)}")
    print(f"  trained:        {shown(after)}")

    # The trained model at every seat of one round: each seat sees only its own view, as the
    # learner did. For self-play training, give a frozen copy as the opponents:
    # SingleAgentEnv(args.ruleset, opponents=model_policy(MaskablePPO.load(path))).
    model_seat = model_policy(model)
    finished = play(new_round(args.ruleset, seed=args.seed), dict.fromkeys("ESWN", model_seat))
    result = finished.result
    assert result is not None
    winner = result.winner.name.title() if result.winner is not None else "no one (a wall game)"
    print(f"the trained model at every seat: {len(finished.actions)} actions, won by {winner}")


if __name__ == "__main__":
    main()
