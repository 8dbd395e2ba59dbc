"""A simple game loop: four greedy bots play one hand of American mah jongg from a card.

The wall is shuffled from the ruleset's tile set with a seeded random generator, so a seed always
plays the same game. Each turn a player draws; the ruleset says whether the 14 tiles are Mahjong;
if not, the bot discards the tile that leaves its hand closest to a line of the card
(``discard_options``), and the other players, the next in turn first, may claim the discard for
Mahjong. The game ends at a win, settled, or with an empty wall.

This is a teaching example, not a game engine: there is no Charleston, East draws like everyone
else instead of starting with 14 tiles, and a discard is claimed only for Mahjong (no exposures).
A discarded joker is dead: nobody may claim it.

    python examples/game_loop.py --seed 7
    python examples/game_loop.py --seed 7 --verbose   # every turn
"""

from __future__ import annotations

import argparse
import random

import mahjong_rules as mr
from mahjong_rules.rulesets.nmjl import NmjlRuleset


def shuffled_wall(tileset: mr.TileSet, rng: random.Random) -> list[mr.Tile]:
    """Every tile of the set (each as many times as the set has it), shuffled."""
    wall = [tile for tile in tileset.tiles for _ in range(tileset.count(tile))]
    rng.shuffle(wall)
    return wall


def choose_discard(ruleset: NmjlRuleset, tiles: list[mr.Tile]) -> mr.DiscardOption:
    """The greedy bot: the first of the ruleset's ranked discards (fewest tiles away, then the most
    unseen tiles that would help)."""
    return ruleset.discard_options(mr.Hand(tiles))[0]


def claim_for_mahjong(
    ruleset: NmjlRuleset, hands: dict[mr.Seat, list[mr.Tile]], discarder: mr.Seat, discard: mr.Tile, tiles_left: int
) -> mr.Evaluation | None:
    """The first player after the discarder whose hand the discard makes Mahjong, evaluated."""
    if discard.is_joker:
        return None
    seat = discarder.next
    while seat is not discarder:
        context = mr.WinContext(winning_tile=discard, seat_wind=seat, tiles_left=tiles_left)
        evaluation = ruleset.evaluate(mr.Hand([*hands[seat], discard]), context)
        if evaluation.is_winning:
            return evaluation
        seat = seat.next
    return None


def play(seed: int, verbose: bool = False) -> mr.Settlement | None:
    """Play one hand; return its settlement, or ``None`` for a wall game."""
    ruleset = mr.get_ruleset("nmjl")  # the invented sample card
    assert isinstance(ruleset, NmjlRuleset)  # discard_options is the card ruleset's, beyond the protocol
    wall = shuffled_wall(ruleset.tileset, random.Random(seed))
    hands = {seat: [wall.pop() for _ in range(13)] for seat in mr.Seat}
    print(f"seed {seed}: {len(wall)} tiles in the wall after the deal")
    for seat, tiles in hands.items():
        print(f"  {seat.name.title():<5} {mr.Hand(tiles)}")

    seat, turn = mr.Seat.EAST, 0
    while wall:
        turn += 1
        drawn = wall.pop()
        tiles = [*hands[seat], drawn]
        context = mr.WinContext(self_drawn=True, winning_tile=drawn, seat_wind=seat, tiles_left=len(wall))
        evaluation = ruleset.evaluate(mr.Hand(tiles), context)
        if evaluation.is_winning:
            print(f"turn {turn}: {seat.name.title()} draws {drawn}: Mahjong!")
            return announce(ruleset, evaluation, discarder=None)

        option = choose_discard(ruleset, tiles)
        tiles.remove(option.discard)
        hands[seat] = tiles
        if verbose:
            away = option.tiles_away
            print(f"turn {turn}: {seat.name.title()} draws {drawn}, discards {option.discard} ({away} away)")

        won = claim_for_mahjong(ruleset, hands, seat, option.discard, len(wall))
        if won is not None:
            winner = won.context.seat_wind.name.title()
            print(f"turn {turn}: {seat.name.title()} discards {option.discard}: Mahjong for {winner}!")
            return announce(ruleset, won, discarder=seat)
        seat = seat.next

    print(f"turn {turn}: the wall is empty: a wall game, nobody pays")
    return None


def announce(ruleset: NmjlRuleset, evaluation: mr.Evaluation, discarder: mr.Seat | None) -> mr.Settlement:
    """Print the winning hand and its settlement."""
    print(evaluation)
    print(f"  {evaluation.arrangement}")
    settlement = ruleset.settle(evaluation, discarder=discarder)
    print(settlement)
    return settlement


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=7, help="the seed of the shuffle (default 7)")
    parser.add_argument("--verbose", action="store_true", help="print every turn")
    args = parser.parse_args()
    play(args.seed, args.verbose)


if __name__ == "__main__":
    main()
