"""Seeded random Singapore hands that are Mahjongs by construction: four sets and an eye (some sets
declared: exposed chows and pungs called from a seat, exposed or concealed kongs), or 13 Wonders,
with flowers and animals among the loose tiles.

The tests and benchmarks use them where uniformly random tiles would almost never win.
"""

from __future__ import annotations

import random
from collections import Counter

import mahjong_rules as mr

SUITS = ("B", "C", "D")
HONOURS = ("E", "S", "W", "N", "RD", "GD", "WD")
BONUS = ("RF1", "RF2", "RF3", "RF4", "BF1", "BF2", "BF3", "BF4", "Cat", "Mouse", "Rooster", "Centipede")
SEATS = tuple(mr.Seat)


def _tile(text: str) -> mr.Tile:
    return mr.Tile.parse(text)


def _number_tiles() -> list[str]:
    return [f"{rank}{suit}" for suit in SUITS for rank in range(1, 10)]


def _set_tiles(rng: random.Random, used: Counter[str], kind: str, honours: float) -> list[str] | None:
    if kind == "chow":
        suit, low = rng.choice(SUITS), rng.randint(1, 7)
        tiles = [f"{low + step}{suit}" for step in range(3)]
    else:
        size = {"pung": 3, "kong": 4, "eye": 2}[kind]
        tile = rng.choice(HONOURS) if rng.random() < honours else rng.choice(_number_tiles())
        tiles = [tile] * size
    wanted = Counter(tiles)
    if any(used[tile] + count > 4 for tile, count in wanted.items()):
        return None
    used.update(wanted)
    return tiles


def _bonus(rng: random.Random) -> list[mr.Tile]:
    count = rng.choice([0, 0, 0, 1, 1, 2, 3, 4, 8])
    chosen = rng.sample(BONUS, min(count, len(BONUS))) if count < 8 else list(BONUS[:8])
    return [_tile(text) for text in chosen]


def random_mahjong(rng: random.Random, *, seat: mr.Seat = mr.Seat.EAST, one_suit: float = 0.2) -> mr.Hand:
    """A Singapore Mahjong for the player at ``seat``: 13 Wonders now and then, otherwise four sets
    and an eye, some declared (called from the other seats), with a few bonus tiles. ``one_suit``
    is the chance that every number tile is of one suit (the colour hands)."""
    others = [other for other in SEATS if other is not seat]
    if rng.random() < 0.03:
        wonders = [_tile(text) for text in ("1B", "9B", "1C", "9C", "1D", "9D", *HONOURS)]
        return mr.Hand([*wonders, rng.choice(wonders), *_bonus(rng)])
    honours = rng.choice([0.0, 0.2, 0.5, 0.9])
    while True:
        used: Counter[str] = Counter()
        kinds = [rng.choice(["chow", "chow", "pung", "pung", "kong"]) for _ in range(4)]
        found = [_set_tiles(rng, used, kind, honours) for kind in kinds]
        eye = _set_tiles(rng, used, "eye", honours)
        if eye is None or any(tiles is None for tiles in found):
            continue
        if rng.random() < one_suit:
            suit = rng.choice(SUITS)
            recoloured: list[list[str] | None] = [
                [text[:-1] + suit if text[0].isdigit() else text for text in tiles or []] for tiles in [*found, eye]
            ]
            counts = Counter(text for tiles in recoloured for text in tiles or [])
            if all(count <= 4 for count in counts.values()):
                *found, eye = recoloured
        break
    concealed: list[mr.Tile] = [_tile(text) for text in eye or []]
    melds: list[mr.Meld] = []
    for kind, tiles in zip(kinds, found, strict=True):
        assert tiles is not None
        as_tiles = [_tile(text) for text in tiles]
        if kind == "kong":
            exposed = rng.random() < 0.6
            called = rng.choice(others) if exposed and rng.random() < 0.7 else None
            melds.append(mr.Meld(as_tiles, exposed=exposed, called_from=called))
        elif rng.random() < 0.35:
            # Only the player to the right of the discarder may CHOW the tile.
            caller = SEATS[SEATS.index(seat) - 1] if kind == "chow" else rng.choice(others)
            melds.append(mr.Meld(as_tiles, exposed=True, called_from=caller))
        else:
            concealed += as_tiles
    concealed += _bonus(rng)
    rng.shuffle(concealed)
    return mr.Hand(concealed, melds)


def random_context(rng: random.Random, hand: mr.Hand, seat: mr.Seat = mr.Seat.EAST) -> mr.WinContext:
    """A win context that fits ``hand``, held at ``seat``: a winning tile among its concealed tiles (or none), self-
    drawn or not, random winds, and now and then a replacement, last tile or robbed kong."""
    concealed = [tile for tile in hand.concealed if not tile.is_bonus]
    has_bonus = any(tile.is_bonus for tile in hand.tiles)
    has_kong = any(meld.size == 4 for meld in hand.melds)
    self_drawn = rng.random() < 0.4
    special = rng.random()
    fields: dict[str, object] = {
        "self_drawn": self_drawn,
        "seat_wind": seat,
        "prevailing_wind": rng.choice(SEATS),
        "winning_tile": rng.choice(concealed) if concealed and rng.random() < 0.8 else None,
    }
    if self_drawn and special < 0.1 and has_bonus:
        fields["flower_replacement"] = True
    elif self_drawn and special < 0.2 and has_kong:
        fields["kong_replacement"] = True
    elif self_drawn and special < 0.3:
        fields["last_tile"] = True
    elif not self_drawn and special < 0.4:
        fields["robbing_kong"] = True
    return mr.WinContext(**fields)  # type: ignore[arg-type]
