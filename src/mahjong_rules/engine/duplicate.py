"""Bots against each other in duplicate: every deal is played once for each seating, so each bot
sits at every seat of the same walls, and the luck of the deal cancels out of the comparison.

A bot author asking "is my bot better than the greedy one?" over random deals needs thousands of
rounds before the seats' and the walls' luck averages out; duplicate play (as card players and
mahjong bot authors compare players) asks the same question of far fewer deals.

>>> from mahjong_rules.engine import compare, random_agent
>>> from mahjong_rules.engine.bots import greedy_agent
>>> import random
>>> result = compare({"greedy": greedy_agent(), "random": random_agent(random.Random(1))}, "singapore", deals=3)
>>> result.seatings
(('greedy', 'random', 'greedy', 'random'), ('random', 'greedy', 'random', 'greedy'))
>>> [(standing.name, standing.rounds) for standing in result.standings]
[('greedy', 12), ('random', 12)]
>>> sum(standing.payments for standing in result.standings)
0
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Callable, Mapping

import attrs

from mahjong_rules._coerce import describe
from mahjong_rules._text import count_of
from mahjong_rules.engine.core import Round, _checked_seed
from mahjong_rules.engine.selfplay import Agent, play
from mahjong_rules.errors import ArgumentError
from mahjong_rules.registry import _as_ruleset
from mahjong_rules.ruleset import Ruleset
from mahjong_rules.tiles import Seat

__all__ = ["Comparison", "Standing", "compare"]


@attrs.frozen
class Standing:
    """One bot's figures in a :func:`compare`.

    Attributes:
        name: the bot's name.
        rounds: the seats it played, over every deal and seating (a bot at two seats of a round
            counts twice).
        payments: its seats' net payments, added up.
        mean: its mean payment a seat.
        stderr: the standard error of :attr:`mean`, from each deal's mean (the seatings of one
            deal share its walls, so they are one sample); ``nan`` with a single deal.
        wins: the rounds one of its seats won.
    """

    name: str
    rounds: int
    payments: int
    mean: float
    stderr: float
    wins: int


@attrs.frozen
class Comparison:
    """What :func:`compare` found.

    Attributes:
        ruleset: the ruleset played.
        deals: how many deals were played, each once a seating.
        seatings: the bots' names at the seats in turn order, a seating each; every deal was
            played once with each.
        standings: each bot's figures, the best mean payment first.
        wall_games: the rounds nobody won.
    """

    ruleset: Ruleset
    deals: int
    seatings: tuple[tuple[str, ...], ...]
    standings: tuple[Standing, ...]
    wall_games: int

    def __str__(self) -> str:
        rounds = self.deals * len(self.seatings)
        lines = [
            f"{self.ruleset.name}: {count_of(self.deals, 'deal')} x {count_of(len(self.seatings), 'seating')}"
            f" = {count_of(rounds, 'round')}, {count_of(self.wall_games, 'wall game')}",
            f"{'bot':<16} {'seats':>6} {'mean':>9} {'+/-':>8} {'wins':>6}",
        ]
        for standing in self.standings:
            error = "" if math.isnan(standing.stderr) else f"{standing.stderr:.2f}"
            lines.append(
                f"{standing.name:<16} {standing.rounds:>6} {standing.mean:>9.2f} {error:>8} {standing.wins:>6}"
            )
        return "\n".join(lines)


def seatings(names: tuple[str, ...], seats: int) -> tuple[tuple[str, ...], ...]:
    """The seatings of ``names`` at ``seats`` seats: the bots in turn around the table, the
    table turned one seat at a time, each seating once (two bots at four seats sit ABAB and BABA).
    Over them every bot sits at every seat equally often."""
    found: list[tuple[str, ...]] = []
    for turn in range(seats):
        seating = tuple(names[(seat + turn) % len(names)] for seat in range(seats))
        if seating not in found:
            found.append(seating)
    return tuple(found)


def compare(
    agents: Mapping[str, Agent],
    ruleset: Ruleset | str,
    deals: int = 100,
    *,
    seed: int = 0,
    check: bool = False,
    progress: Callable[[int, int], object] | None = None,
) -> Comparison:
    """Play ``deals`` deals of ``ruleset`` (a ruleset or its name), each once for every seating
    of ``agents`` (names to agents, two up to one a seat), and say how each bot did.

    Deal number ``d`` is ``new_round(ruleset, seed + d)``, the same walls for every seating; the
    rounds are played by :func:`~mahjong_rules.engine.play` (invariants checked when ``check``).
    ``progress``, when given, is called with the deals done and ``deals`` after each deal. An
    error raised while a round is played (a bot's choice the round refuses, say) is raised with a
    note of the deal, its seed and the seating.

    Raises:
        ArgumentError: fewer than two agents, more than the table's seats, a name that is not a
            string, ``deals`` not a whole number of 1 or more, or a bad seed.
        TypeError: an agent is not callable, or ``ruleset`` is neither a ruleset nor a name.
    """
    from mahjong_rules.engine import new_round  # the package imports this module

    built = _as_ruleset(ruleset, {})
    first_seed = _checked_seed(seed)
    if type(deals) is not int or deals < 1:
        raise ArgumentError(f"deals is a whole number of 1 or more, not {deals!r}")
    if not isinstance(agents, Mapping):
        raise TypeError(f"agents is a mapping of names to agents, not {describe(agents)}")
    for name, agent in agents.items():
        if not isinstance(name, str):
            raise ArgumentError(f"an agent's name is a string, not {name!r}")
        if not callable(agent):
            raise TypeError(f"the agent {name!r} is {describe(agent)}, not a callable taking a view")
    dealt: Round = new_round(built, seed=first_seed)
    table: tuple[Seat, ...] = dealt.view(dealt.to_act[0]).seats
    names = tuple(agents)
    if not 2 <= len(names) <= len(table):
        raise ArgumentError(f"compare takes 2 to {len(table)} agents (a seat each at most), not {len(names)}")
    arrangements = seatings(names, len(table))
    seats_a_deal = Counter(name for seating in arrangements for name in seating)  # the same for every bot
    totals = dict.fromkeys(names, 0)
    wins = dict.fromkeys(names, 0)
    deal_means: dict[str, list[float]] = {name: [] for name in names}
    wall_games = 0
    for deal in range(deals):
        deal_seed = first_seed + deal
        # A round is a value: the deal is dealt once and played from the same state by every seating.
        round_ = dealt if deal == 0 else new_round(built, seed=deal_seed)
        in_deal = dict.fromkeys(names, 0)
        for seating in arrangements:
            by_seat = {seat: agents[name] for seat, name in zip(table, seating, strict=True)}
            try:
                done = play(round_, by_seat, seed=deal_seed, check=check)
            except Exception as error:  # a bot's or the round's: said where it happened, and raised
                seated = ", ".join(f"{seat.name.title()} {name}" for seat, name in zip(table, seating, strict=True))
                error.add_note(f"in compare: deal {deal + 1} of {deals} (seed {deal_seed}), seated {seated}")
                raise
            result = done.result
            assert result is not None, "play plays a round to its end"
            for seat, name in zip(table, seating, strict=True):
                in_deal[name] += result.payments.get(seat, 0)
            if result.winner is None:
                wall_games += 1
            else:
                wins[seating[table.index(result.winner)]] += 1
        for name in names:
            totals[name] += in_deal[name]
            deal_means[name].append(in_deal[name] / seats_a_deal[name])
        if progress is not None:
            progress(deal + 1, deals)
    standings = [
        Standing(
            name=name,
            rounds=seats_a_deal[name] * deals,
            payments=totals[name],
            mean=totals[name] / (seats_a_deal[name] * deals),
            stderr=statistics.stdev(deal_means[name]) / math.sqrt(deals) if deals > 1 else math.nan,
            wins=wins[name],
        )
        for name in names
    ]
    standings.sort(key=lambda standing: -standing.mean)
    return Comparison(built, deals, arrangements, tuple(standings), wall_games)
