"""A tour of the tile notation: parse hands written in different ways and print them back.

Run it with ``python examples/notation_tour.py`` after installing the library.
"""

from __future__ import annotations

import mahjong_rules as mr

EXAMPLES = [
    "222B 333C 444C 55B [777C@W]",
    "0B 0B 0B 3333D 666D 9999D",
    "123m456p789s11z",
    "NEWS FFFF [J 5C 5C] [JJJ=9D]",
    "123m 456p 789s 22z {5555C} RF1 Cat",
]


def main() -> None:
    american, singapore = mr.TileSet.american(), mr.TileSet.singapore()
    for text in EXAMPLES:
        hand = mr.Hand.parse(text)
        fits = [tileset.name for tileset in (american, singapore) if not tileset.problems(hand)]
        print(f"{text!r}")
        print(f"  canonical: {hand}")
        print(f"  unicode:   {hand.format('unicode')}")
        print(f"  {len(hand)} tiles, {len(hand.melds)} melds; fits the {' and '.join(fits) or 'no'} tile set")
    try:
        mr.Hand.parse("1B 1B 1B 1B 1B", american)
    except mr.TileSetError as error:
        print(f"refused: {error}")


if __name__ == "__main__":
    main()
