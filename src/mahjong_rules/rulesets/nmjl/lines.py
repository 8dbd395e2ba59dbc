"""How far a hand is from each line of the card: :class:`LineDistance`, with the tiles still
needed, which of them a joker may fill, how many of each are unseen, and whether the line is dead.

The ranking itself (:class:`~mahjong_rules.rulesets.nmjl.ranking.CompiledCard`) gives every
variant's tiles away; the details of a line are worked out only when asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

from mahjong_rules.hand import Hand
from mahjong_rules.ruleset import TableList
from mahjong_rules.rulesets.nmjl.card import Line
from mahjong_rules.rulesets.nmjl.ranking import VariantSlots, best_fitting, slots_of
from mahjong_rules.rulesets.nmjl.variants import Variant
from mahjong_rules.solver.grammar import JOKER
from mahjong_rules.tiles import Tile

__all__ = ["LineDistance", "LineDistances", "Ranking", "shortfall"]


def shortfall(slots: VariantSlots, counts: Sequence[int]) -> tuple[dict[int, int], dict[int, int]]:
    """The tiles a variant still lacks: per tile index, those only a natural tile can fill and
    those a joker may fill (naturals fill joker-free slots first)."""
    no_jokers, with_jokers = slots
    naturals: dict[int, int] = {}
    fillable: dict[int, int] = {}
    for index in no_jokers.keys() | with_jokers.keys():
        held = counts[index]
        pair_slots = no_jokers.get(index, 0)
        if pair_slots > held:
            naturals[index] = pair_slots - held
        left = max(held - pair_slots, 0)
        if with_jokers.get(index, 0) > left:
            fillable[index] = with_jokers[index] - left
    return naturals, fillable


class Ranking:
    """What the lines ranked for one hand share: the hand, the card's lines and each one's tiles
    away (255: ruled out), the fitting variants of each line with their tiles away, and (worked out
    when first asked) how many of each tile nobody has shown; also what each line's record has
    worked out, so that the records themselves stay small."""

    __slots__ = ("_unseen", "_unseen_of", "candidates", "chosen", "hand", "lines", "minimums", "shortfalls")

    def __init__(
        self,
        hand: Hand,
        lines: Sequence[Line],
        minimums: Sequence[int],
        candidates: Callable[[int], Sequence[tuple[int, Variant]]],
        unseen_of: Callable[[], Sequence[int]],
    ) -> None:
        self.hand = hand
        self.lines = lines
        self.minimums = minimums
        self.candidates = candidates  # gives (tiles away, variant) for the fitting variants of a line
        self._unseen_of = unseen_of
        self._unseen: Sequence[int] | None = None
        self.chosen: dict[int, tuple[Variant | None, int | None, bool]] = {}
        self.shortfalls: dict[int, tuple[dict[int, int], dict[int, int]]] = {}

    @property
    def unseen(self) -> Sequence[int]:
        if self._unseen is None:
            self._unseen = self._unseen_of()
        return self._unseen


_RULED_OUT = 255


class LineDistances(TableList["LineDistance"]):
    """Card lines by how far a hand is from each, closest first: a list that Jupyter shows as a
    table (:func:`mahjong_rules.pictures.line_distances_html`)."""

    def _repr_html_(self) -> str:
        from mahjong_rules.pictures import line_distances_html

        return line_distances_html(self)


class LineDistance:
    """One line of the card and how far a hand is from it (made by
    :meth:`~mahjong_rules.rulesets.nmjl.NmjlRuleset.closest_lines`): :attr:`line`,
    :attr:`tiles_away`, and the details worked out when asked for."""

    __slots__ = ("_position", "_ranking")

    def __init__(self, ranking: Ranking, position: int) -> None:
        self._ranking = ranking  # the hand, its lines' distances, the unseen tiles: shared by the lines
        self._position = position

    @property
    def line(self) -> Line:
        """The card line."""
        return self._ranking.lines[self._position]

    @property
    def tiles_away(self) -> int | None:
        """The fewest tiles to exchange to complete the line, exact, or ``None`` when the hand's
        exposures rule the line out (an exposed set that is not a whole group of it, ruling N4, or
        any exposure on a concealed line)."""
        away = self._ranking.minimums[self._position]
        return None if away == _RULED_OUT else away

    @property
    def _hand(self) -> Hand:
        return self._ranking.hand

    @property
    def _unseen(self) -> Sequence[int]:
        return self._ranking.unseen

    @property
    def value(self) -> int:
        """The line's value."""
        return self.line.value

    def _repr_html_(self) -> str:
        """The line, its distance and the tiles it needs, which Jupyter shows."""
        from mahjong_rules.pictures import line_distances_html

        return line_distances_html([self])

    def __repr__(self) -> str:
        away = "ruled out" if self.tiles_away is None else f"{self.tiles_away} away"
        return f"<LineDistance {self.line.label} {away}{', dead' if self.dead else ''}>"

    def __str__(self) -> str:
        if self.tiles_away is None:
            return f"{self.line}: ruled out ({self.dead_reason})"
        needed = " ".join(str(tile) for tile in self.needed) or "nothing"
        filled = f" (the hand's jokers fill {self.jokers_used})" if self.jokers_used else ""
        dead = f"; dead: {self.dead_reason}" if self.dead else ""
        return f"{self.line}: {self.tiles_away} away, needs {needed}{filled}{dead}"

    def _slots_left(self, variant: Variant) -> VariantSlots:
        counts = self._hand.concealed_counts
        found = best_fitting(variant, self._hand.exposed, counts, counts[JOKER])
        assert found is not None  # candidates fit the exposures
        return slots_of(found[1])

    def _live(self, variant: Variant) -> bool:
        """The variant can still be made from the tiles nobody has shown (the hand's, and the
        ``seen`` tiles given)."""
        naturals, fillable = shortfall(self._slots_left(variant), self._hand.concealed_counts)
        jokers_short = 0
        for index, missing in naturals.items():
            if missing > self._unseen[index]:
                return False
        for index, missing in fillable.items():
            spare = max(self._unseen[index] - naturals.get(index, 0), 0)
            jokers_short += max(missing - spare, 0)
        return jokers_short <= self._hand.concealed_counts[JOKER] + self._unseen[JOKER]

    @property
    def _chosen(self) -> tuple[Variant | None, int | None, bool]:
        """The closest live variant (fewest tiles away, then the card's order), or the closest
        one when none is live."""
        found = self._ranking.chosen.get(self._position)
        if found is None:
            found = self._ranking.chosen[self._position] = self._choose()
        return found

    def _choose(self) -> tuple[Variant | None, int | None, bool]:
        ordered = sorted(self._ranking.candidates(self._position), key=lambda candidate: candidate[0])
        for away, variant in ordered:
            if self._live(variant):
                return variant, away, True
        return (ordered[0][1] if ordered else None), None, False

    @property
    def dead(self) -> bool:
        """No hand of the line can be completed any more: the exposures rule it out, or a tile
        it needs has no copy left unseen (with the jokers that could stand in)."""
        return not self._chosen[2]

    @property
    def live_tiles_away(self) -> int | None:
        """Tiles away from the closest hand of the line that can still be completed with the
        tiles nobody has shown; ``None`` when the line is dead."""
        return self._chosen[1]

    @property
    def dead_reason(self) -> str:
        """Why the line is dead (``""`` when it is not)."""
        if self.tiles_away is None:
            if self.line.concealed and self._hand.exposed:
                return "a concealed line allows no exposures"
            return "an exposed set is not a whole group of the line"
        if self.dead:
            return "a tile it needs has no copy left to draw"
        return ""

    @property
    def _shortfall(self) -> tuple[dict[int, int], dict[int, int]]:
        found = self._ranking.shortfalls.get(self._position)
        if found is None:
            variant = self._chosen[0]
            found = ({}, {}) if variant is None else shortfall(self._slots_left(variant), self._hand.concealed_counts)
            self._ranking.shortfalls[self._position] = found
        return found

    @property
    def target(self) -> tuple[tuple[Tile, ...], ...]:
        """The concrete hand of the line aimed at (the closest live one), group by group, as
        natural tiles; empty when the line is ruled out."""
        variant = self._chosen[0]
        if variant is None:
            return ()
        return tuple(tuple(Tile.from_index(index) for index in group.tiles) for group in variant)

    @property
    def needed(self) -> tuple[Tile, ...]:
        """Every tile the closest live hand of the line still lacks, before the hand's jokers
        are counted (sorted)."""
        naturals, fillable = self._shortfall
        counts: dict[int, int] = {}
        for part in (naturals, fillable):
            for index, missing in part.items():
                counts[index] = counts.get(index, 0) + missing
        return tuple(Tile.from_index(index) for index in sorted(counts) for _ in range(counts[index]))

    @property
    def jokers_used(self) -> int:
        """How many of the needed tiles the hand's own jokers fill: the needed tiles less the tiles
        still to draw, for the closest live hand of the line."""
        return min(len(self.joker_fillable), self._hand.concealed_counts[JOKER])

    @property
    def joker_fillable(self) -> tuple[Tile, ...]:
        """The needed tiles a joker may fill (those in groups of 3 or more identical tiles)."""
        _, fillable = self._shortfall
        return tuple(Tile.from_index(index) for index in sorted(fillable) for _ in range(fillable[index]))

    @property
    def unseen(self) -> Mapping[Tile, int]:
        """For each needed tile, how many copies nobody has shown (not in the hand, not among the
        ``seen`` tiles given)."""
        return MappingProxyType({tile: self._unseen[tile.index] for tile in dict.fromkeys(self.needed)})
