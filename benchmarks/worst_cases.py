"""The slowest inputs of every analysis call of every ruleset, with every house rule on: a list of
named worst cases (found by searching, kept here so that a regression shows), and a seeded search
of stress hands new in every run (most jokers, flowers, exposures, sets of jokers alone), each
call timed warm (after its tables have loaded; the first call of a process is reported apart).

    python benchmarks/worst_cases.py [--hands 300] [--seed 2026]

Target (issue 20): every call answers any hand of at most 14 tiles plus exposures in 50 ms or
less; ``pass_options`` (issue 21: every choice of three tiles to pass in the Charleston, a search
each, a few times a game) in 500 ms. A seat's view to JSON and back, at every moment of new seeded
rounds of each family, in 50 ms too, and the protocol's round requests (which replay the
round's record) on the longest records. The script prints each call's slowest input and time, MET or
MISSED, and exits 1 if a call misses.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import random
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import mahjong_rules as mr

TARGET_MS = 50.0
TARGETS_MS = {"pass_options": 500.0}  # the calls with a target of their own
PASS_HANDS = 30

CONFIGURATIONS: list[tuple[str, dict[str, Any]]] = [
    ("flex", {}),
    (
        "flex",
        {
            "year": True,
            "sequence_quints": True,
            "news": True,
            "like_numbers": True,
            "double_sequence": True,
            "opposite_winds": True,
            "blanks": 2,
        },
    ),
    ("card-free", {}),
    ("card-free", {"skill_level": 5, "minimum_requirement": True}),
    ("nmjl", {}),
    ("singapore", {}),
]

# Inputs found slowest by earlier searches (invented hands): each configuration's list is timed
# on every call that takes its size.
NAMED: dict[str, list[str]] = {
    "flex": [
        "1D 9D GD N F JJJJJJJJ",
        "3B 78B 7C 33D 78D GD W N F JJ",
        "6B 89B 3C 56C 1D 678D RD SS F",
        "1B 4B 6B 3C 67C 2D 45678D GD GD",
        "2C 56C 6D RD JJJJJJJJ",
        "5B 6C 8C GD WD [8C JJ] [JJJ] [JJJ]",
        # Found by discard_speed.py among the hands of play: 26-37 ms with every house rule.
        "2B 6B 89B 2C 6C 233D WD E NN F",
    ],
    "card-free": [
        "1D 9D GD N F JJJJJJJJ",
        "223B 8B 1C 55C 899C 3D 7D GD N",
        "2333B 5B 788B 4C 7C 6D 9D RD F",
        "4B 22C 8D GD JJJJJJJJ",
        "333D 5555D 7777D 99D [5C]",
        "345B 5C 7C RD WD F JJJJJJ",
    ],
    "nmjl": [
        "2B 5B 9B 4C 6D E JJJJJJJJ",
        "6B 6B 6B F F [5B 5B J] [J J J] [J J J]",
        "3B 5B 4C 9C 67D WD WD [2C JJ] [1B JJ]",
        "1C 2D W F [7C JJJJ] [4C JJJJ]",
    ],
    "singapore": [
        "1B 4B 3C 6C 99C 2D 4D 7D 9D RD WD W Mouse",
        "3B 5B 89B 11C 5C 889C 12D 4D S",
        "45B 9B 33C 6C 9C 5D 8D GD RD RD S N",
        "1B 9B 1C 9C 1D 9D E S W N RD GD WD RF1 RF2 RF3 RF4 BF1 BF2 BF3 BF4 Cat Mouse",
        "{1111B} {2222C} {3333D} {4444B} 55C",
    ],
}


def calls(ruleset: mr.Ruleset) -> dict[str, Callable[[mr.Hand], object]]:
    found: dict[str, Callable[[mr.Hand], object]] = {
        "evaluate": ruleset.evaluate,
        "decompositions": lambda hand: list(ruleset.decompositions(hand)),
        "tiles_away": ruleset.tiles_away,
        "waits": ruleset.waits,
    }
    for name in (
        "tiles_away_floor",
        "discard_options",
        "pass_options",
        "closest_lines",
        "dead_hand_reasons",
        "pay_all_discards",
    ):
        method = getattr(ruleset, name, None)
        if method is not None:
            found[name] = method
    return found


def stress_hand(rng: random.Random, ruleset: mr.Ruleset) -> mr.Hand | None:
    """A hand of 13 or 14 tiles heavy with what makes searches long: up to 8 jokers, flowers and
    bonus tiles, and up to 3 exposed sets (some of jokers alone)."""
    tileset = ruleset.tileset
    pool = [tile for tile in tileset.tiles for _ in range(tileset.count(tile))]
    rng.shuffle(pool)
    jokers = [tile for tile in pool if tile.is_joker][: rng.choice([0, 2, 4, 6, 8])]
    bonus = [tile for tile in pool if tile.is_bonus][: rng.choice([0, 0, 2, 8])]
    plain = [tile for tile in pool if not tile.is_joker and not tile.is_bonus]
    size = rng.choice([13, 14])
    melds: list[mr.Meld] = []
    for _ in range(rng.choice([0, 0, 1, 2, 3])):
        if len(jokers) >= 3 and rng.random() < 0.3:
            melds.append(mr.Meld([jokers.pop(), jokers.pop(), jokers.pop()], exposed=True))
        elif plain:
            tile = plain.pop()
            melds.append(mr.Meld([tile, *[mr.Tile.JOKER] * min(len(jokers), 2)], exposed=True, represents=tile))
            del jokers[: min(len(jokers), 2)]
    melds = [meld for meld in melds if meld.size >= 3]
    room = size - sum(meld.size for meld in melds)
    concealed = (jokers + plain)[:room]
    hand = mr.Hand(concealed + bonus, melds)
    return None if tileset.problems(hand) else hand


def timed(call: Callable[[mr.Hand], object], hand: mr.Hand) -> float:
    started = time.perf_counter()
    with contextlib.suppress(mr.MahjongError, TypeError):
        call(hand)
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    missed = []
    own = ", ".join(f"{name} {target:.0f} ms" for name, target in TARGETS_MS.items())
    print(f"target: every call <= {TARGET_MS:.0f} ms ({own}); {args.hands} new stress hands a configuration")
    print(f"(seed {args.seed}; pass_options on the named hands and the first {PASS_HANDS} stress hands)")
    for name, options in CONFIGURATIONS:
        ruleset = mr.get_ruleset(name, **options)
        named = [mr.Hand.parse(text, ruleset.tileset) for text in NAMED[name]]
        first: dict[str, float] = {}  # the first pass over the named hands: tables load on first use
        for hand in named:
            for call_name, call in calls(ruleset).items():
                first[call_name] = max(first.get(call_name, 0.0), timed(call, hand))
        hands = named + [hand for hand in (stress_hand(rng, ruleset) for _ in range(args.hands)) if hand is not None]
        worst: dict[str, tuple[float, mr.Hand]] = {}
        for number, hand in enumerate(hands):
            for call_name, call in calls(ruleset).items():
                if call_name == "pass_options" and number >= len(named) + PASS_HANDS:
                    continue
                elapsed = timed(call, hand)
                if elapsed > worst.get(call_name, (0.0, hand))[0]:
                    worst[call_name] = (elapsed, hand)
        shown = ", ".join(f"{key}={value}" for key, value in options.items()) or "defaults"
        print(f"\n{name} ({shown}):")
        for call_name, (elapsed, hand) in worst.items():
            verdict = "MET" if elapsed * 1e3 <= TARGETS_MS.get(call_name, TARGET_MS) else "MISSED"
            if verdict == "MISSED":
                missed.append(f"{name} {call_name}")
            print(
                f"  {call_name:<18} {elapsed * 1e3:8.1f} ms {verdict:<6}  cold {first[call_name] * 1e3:6.1f} ms"
                f"  slowest on {hand}"
            )
    # What the hands above left (the rulesets' memos, the hands) is frozen out of later
    # collections, as a long-running server would after its warm-up: a full collection of it
    # takes 40-60 ms, and fell deterministically in one card view's timing (the same call alone:
    # 5 ms). The sections below time the engine's calls, not the collector.
    gc.collect()
    gc.freeze()
    missed += views_as_json(rng)
    missed += protocol_rounds(rng)
    missed += rlcard_states(rng)
    print(f"\n{'every call met the target' if not missed else 'missed: ' + ', '.join(missed)}")
    return 1 if missed else 0


def _moments(rng: random.Random, family: str, rounds: int) -> Iterator[tuple[int, Any]]:
    """Every moment of ``rounds`` new rounds of ``family``, each seeded from ``rng`` and played
    with random legal actions: (seed, round)."""
    from mahjong_rules.engine import new_round

    for _ in range(rounds):
        seed = rng.randrange(2**31)
        round_ = new_round(family, seed=seed)
        draw = random.Random(seed)
        while True:
            yield seed, round_
            if round_.is_over:
                break
            round_ = round_.apply(draw.choice(round_.legal_actions(round_.to_act[0])))


class _Slowest:
    """A section's first timing of a family (cold), and the slowest after it with what it was of."""

    def __init__(self) -> None:
        self.cold: float | None = None
        self.elapsed = 0.0
        self.size = 0
        self.detail = ""

    def add(self, elapsed: float, size: int, detail: str) -> None:
        if self.cold is None:
            self.cold = elapsed
        elif elapsed > self.elapsed:
            self.elapsed, self.size, self.detail = elapsed, size, detail


def views_as_json(rng: random.Random, rounds: int = 3) -> list[str]:
    """A seat's view to JSON and back (``to_dict``, ``json.dumps``, ``json.loads``,
    ``from_dict``), at every moment of a few new seeded rounds of each family: the largest views
    are a card's Charleston steps (hundreds of passes, the card in the options). The first read
    of a card (cold) is reported apart: later views of it reuse it."""
    import json

    print(f"\nviews as JSON (every seat at every moment of {rounds} new rounds a family):")
    missed: list[str] = []
    for family in ("flex", "card-free", "nmjl", "singapore"):
        slowest = _Slowest()
        for seed, round_ in _moments(rng, family, rounds):
            for seat in round_.seats:
                view = round_.view(seat)  # the round's work, not the JSON's: untimed
                started = time.perf_counter()
                text = json.dumps(mr.to_dict(view))
                mr.from_dict(json.loads(text))
                elapsed = time.perf_counter() - started
                slowest.add(elapsed, len(text), f"seed {seed}, {len(round_.actions)} actions in, {seat.name}")
        detail = f"slowest {slowest.size:,} bytes ({slowest.detail})"
        _report(missed, family, "view JSON", slowest.elapsed, slowest.cold or 0.0, detail)
    return missed


def _report(missed: list[str], family: str, what: str, elapsed: float, cold: float, detail: str) -> None:
    """One family's line of a timed section, its verdict against the target added to ``missed``."""
    verdict = "MET" if elapsed * 1e3 <= TARGET_MS else "MISSED"
    if verdict == "MISSED":
        missed.append(f"{family} {what}")
    print(f"  {family:<10} {elapsed * 1e3:8.1f} ms {verdict:<6}  cold {cold * 1e3:6.1f} ms  {detail}")


def protocol_rounds(rng: random.Random, rounds: int = 5) -> list[str]:
    """The JSON-lines protocol's ``view`` and ``act`` requests, which replay the round's record
    each time: timed on the longest records, a round's last moment, of new seeded rounds."""
    from mahjong_rules.engine import Replay, new_round, play
    from mahjong_rules.service import handle

    print(f"\nprotocol requests on a round's last moment ({rounds} new rounds a family):")
    missed: list[str] = []
    for family in ("flex", "card-free", "nmjl", "singapore"):
        worst = (0.0, 0, "")
        started = time.perf_counter()
        # The first requests: the family's tables load, and a card ruleset's card is read from
        # the record once (then kept).
        dealt = handle({"id": 0, "command": "deal", "ruleset": family})["result"]["round"]
        handle({"id": 0, "command": "view", "round": dealt, "seat": "E"})
        cold = time.perf_counter() - started
        for _ in range(rounds):
            seed = rng.randrange(2**31)
            finished = play(new_round(family, seed=seed), seed=seed, check=False)
            record = Replay.of(finished).to_dict()
            last = record["actions"].pop()
            for request in (
                {"id": 1, "command": "view", "round": record, "seat": last["seat"]},
                {"id": 2, "command": "act", "round": record, "action": last},
            ):
                started = time.perf_counter()
                answer = handle(request)
                elapsed = time.perf_counter() - started
                assert answer["ok"], answer
                if elapsed > worst[0]:
                    worst = (elapsed, len(record["actions"]), f"{request['command']}, seed {seed}")
        _report(missed, family, "protocol", worst[0], cold, f"slowest {worst[2]} ({worst[1]} actions)")
    return missed


def rlcard_states(rng: random.Random, rounds: int = 3) -> list[str]:
    """A state of the RLCard environments (``mahjong_rules.engine.rlcard_env``): ``get_state``
    of every seat at every moment of new seeded rounds, its raw legal actions read through (an
    agent pairing them with the indexes, as RLCard's do): the largest are a Charleston seat's
    hundreds of passes. The first state of a family (cold) is reported apart. Skipped without
    RLCard."""
    try:
        import rlcard

        import mahjong_rules.engine.rlcard_env  # noqa: F401 - registers the ids
    except ImportError:
        print("\nRLCard states: RLCard is not installed, not timed")
        return []
    print(f"\nRLCard states (every seat at every moment of {rounds} new rounds a family):")
    missed: list[str] = []
    for family in ("flex", "card-free", "nmjl", "singapore"):
        slowest = _Slowest()
        env = rlcard.make(f"mahjong-rules-{family}", config={"seed": 0})
        for seed, round_ in _moments(rng, family, rounds):
            env.game.round = round_
            for player in range(env.num_players):
                started = time.perf_counter()
                state = env.get_state(player)
                list(state["raw_legal_actions"])
                elapsed = time.perf_counter() - started
                detail = f"seed {seed}, {len(round_.actions)} actions in, player {player}"
                slowest.add(elapsed, len(state["legal_actions"]), detail)
        detail = f"slowest {slowest.size} legal ({slowest.detail})"
        _report(missed, family, "RLCard state", slowest.elapsed, slowest.cold or 0.0, detail)
    return missed


if __name__ == "__main__":
    sys.exit(main())
