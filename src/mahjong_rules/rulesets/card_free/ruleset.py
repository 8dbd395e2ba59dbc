"""The Card-Free ruleset: Card-Free American Mah Jongg."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar

from mahjong_rules._coerce import as_tile
from mahjong_rules.errors import UnreachableError
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld
from mahjong_rules.ruleset import (
    Arrangement,
    DiscardOption,
    DiscardOptions,
    Evaluation,
    Reason,
    ScoreItem,
    WinContext,
)
from mahjong_rules.rulesets._american import MAHJONG_SIZE, AmericanRuleset, as_meld, missing_from_like_sets
from mahjong_rules.rulesets.card_free.blocks import Block, BlockKind, block_of_meld, read_group
from mahjong_rules.rulesets.card_free.distance import CardFreeDistance
from mahjong_rules.rulesets.card_free.options import CardFreeOptions
from mahjong_rules.rulesets.card_free.play import check_exposure, resolve_claims, swap_joker
from mahjong_rules.rulesets.card_free.restrictions import restriction_reasons
from mahjong_rules.rulesets.card_free.rules import Reading, ResolvedBlock, problems, readings
from mahjong_rules.rulesets.card_free.scoring import score
from mahjong_rules.solver import Grammar, GroupRule, arrangements, has_arrangement
from mahjong_rules.tiles import Seat, Tile

__all__ = ["CardFreeRuleset", "card_free_grammar"]

ANALYSED_SIZES = (MAHJONG_SIZE - 1, MAHJONG_SIZE)
_JOKER = Tile.JOKER.index
_WINDS = tuple(seat.wind.index for seat in Seat)
NEWS = tuple(seat.wind for seat in Seat)


def card_free_grammar(*, jokers_from: int = 3, largest: int = 5, any_flowers: bool = False) -> Grammar:
    """The blocks of a Card-Free hand as the solver sees them (the category, set and pattern are
    checked after).

    Number tiles, dragons and winds make blocks of 2 to 5 identical tiles, jokers in any block
    but a pair (ruling C4); Flowers make a Pair, or for Dragon's Love a Pung or two Pungs (six
    flowers, read as two); NEWS is a singles block (ruling C3); a block of jokers only stands for
    any block (ruling L4); each tile makes one block at most. The keyword arguments relax the
    rules, to explain why a hand fails.
    """
    ordinary = [tile for tile in Tile.all() if tile.is_number or tile.is_dragon or tile.is_wind]
    flower_sizes = range(2, MAHJONG_SIZE + 1) if any_flowers else (2, 3, 6)
    return Grammar(
        groups=(
            GroupRule.of(ordinary, sizes=range(2, largest + 1), jokers_from=jokers_from),
            GroupRule.of([Tile.FLOWER], sizes=flower_sizes, jokers_from=jokers_from),
        ),
        singles=(NEWS,),
        one_group_per_tile=True,
        all_joker_groups=True,
    )


def _split_flowers(block: Block) -> list[Meld]:
    """Six flowers (with their jokers) as Dragon's Love's two Pungs, naturals first."""
    tiles = [Tile.from_index(index) for index in block.group.tiles] + [Tile.JOKER] * block.jokers
    return [Meld(tiles[:3], exposed=block.exposed), Meld(tiles[3:], exposed=block.exposed)]


def _melds_of(resolved: ResolvedBlock, originals: dict[int, Meld]) -> list[Meld]:
    block = resolved.block
    original = originals.get(id(block))
    if resolved.count == 2:
        return _split_flowers(block)
    tiles = [Tile.from_index(index) for index in block.group.tiles] + [Tile.JOKER] * block.jokers
    represents = resolved.tile if block.kind is BlockKind.JOKERS else None
    called_from = original.called_from if original is not None else None
    return [Meld(tiles, exposed=block.exposed, called_from=called_from, represents=represents)]


def _exposure_problem(block: Block) -> tuple[str, str] | None:
    """The rule an exposed block breaks, as (code, the end of the message after the set)."""
    if block.kind is BlockKind.OTHER:
        return "not-a-block", " is not a block of identical tiles"
    if block.kind is BlockKind.NEWS:
        return "exposed-news", ": a NEWS block is called only for Mahjong"
    if block.kind is BlockKind.FLOWER:
        return "exposed-flowers", ": Flowers are called only for Mahjong"
    if block.size == 2:
        return "exposed-pair", " is a pair: a tile is called only for a block of 3 or more"
    if block.size == 1:
        return "exposed-single", " is one tile: a tile is called only for a block of 3 or more"
    if block.size > 5:
        return "block-too-large", f" has {block.size} tiles: a block has 2 to 5"
    return None


class CardFreeRuleset(AmericanRuleset):
    """Card-Free American Mah Jongg (``get_ruleset("card-free", **options)``; options:
    :class:`CardFreeOptions`).

    >>> import mahjong_rules as mr
    >>> card_free = mr.get_ruleset("card-free")
    >>> evaluation = card_free.evaluate("777B 888B 9999B RD RD RD RD")
    >>> evaluation.points, [item.name for item in evaluation.breakdown]
    (70, ['Mahjong', 'Concealed bonus', 'No jokers: doubled'])
    """

    name: ClassVar[str] = "card-free"
    Options: ClassVar[type[CardFreeOptions]] = CardFreeOptions
    options: CardFreeOptions

    def __init__(self, options: CardFreeOptions) -> None:
        self.options = options
        self._tileset = options.tileset
        self._grammar = card_free_grammar()
        self._distance = CardFreeDistance(options)

    def __repr__(self) -> str:
        return f"<CardFreeRuleset {self.options}>"

    # -- reading hands ---------------------------------------------------------------------------

    def _exposed_blocks(self, hand: Hand) -> tuple[list[Block], dict[int, Meld]]:
        blocks, originals = [], {}
        for meld in hand.melds:
            block = block_of_meld(meld)
            blocks.append(block)
            originals[id(block)] = meld
        return blocks, originals

    def _exposure_reasons(self, hand: Hand) -> list[Reason]:
        """Exposures are whole blocks of 3 to 5 tiles (ruling L6: a call completes a block of 3 or
        more); Flowers and NEWS are called only for Mahjong (rulings C3, C12), and the Mahjong tile
        stays among the concealed tiles (ruling T2)."""
        found = []
        for meld in hand.exposed:
            problem = _exposure_problem(block_of_meld(meld))
            if problem is not None:
                code, message = problem
                # Written only for a set that breaks a rule: most calls find none (play asks at
                # every turn), and writing out a set costs more than checking it.
                found.append(Reason(code, f"the exposed set {meld}{message}"))
        return found

    def _gate_reasons(self, hand: Hand) -> list[Reason]:
        reasons = []
        if len(hand) != MAHJONG_SIZE:
            reasons.append(Reason("wrong-size", f"a Mahjong hand has 14 tiles, not {len(hand)}"))
        return reasons + self._exposure_reasons(hand)

    def _valid_readings(self, hand: Hand) -> Iterator[tuple[Reading, Arrangement]]:
        """Every valid reading of a hand that passes the gates, each arrangement once."""
        if self._gate_reasons(hand):
            return
        exposed, originals = self._exposed_blocks(hand)
        seen: set[Arrangement] = set()
        for groups in arrangements(self._grammar, hand.concealed_counts):
            blocks = exposed + [read_group(group, exposed=False) for group in groups]
            for reading in readings(blocks):
                melds = [meld for resolved in reading.blocks for meld in _melds_of(resolved, originals)]
                arrangement = Arrangement(melds, reading.describe())
                if arrangement not in seen:
                    seen.add(arrangement)
                    yield reading, arrangement

    def _allowed(
        self, hand: Hand, context: WinContext
    ) -> Iterator[tuple[tuple[ScoreItem, ...], Arrangement, list[Reason]]]:
        for reading, arrangement in self._valid_readings(hand):
            yield (
                score(reading, hand, context, self.options),
                arrangement,
                restriction_reasons(reading, hand, context, self.options),
            )

    # -- the protocol ----------------------------------------------------------------------------

    def evaluate(self, hand: Hand | str, context: WinContext | Mapping[str, Any] | None = None) -> Evaluation:
        """Whether ``hand`` (14 tiles at Mahjong, ruling T2; a Hand or its notation) is a Card-Free
        Mah Jongg: a category's set and a pattern of blocks, or a Dragon hand; and its points, the
        best reading's (rulings T3, C10).

        Raises:
            TileSetError: the hand cannot exist in this game's tiles (ruling T5).
        """
        hand = self._checked_hand(hand)
        context = self._checked_context(hand, context)
        reasons = self._gate_reasons(hand)
        if reasons:
            return Evaluation(self.name, hand, context, is_winning=False, reasons=reasons, options=self.options)
        best: tuple[int, tuple[ScoreItem, ...], Arrangement] | None = None
        refused: list[Reason] | None = None
        for items, arrangement, restricted in self._allowed(hand, context):
            if restricted:
                refused = refused or restricted
                continue
            points = sum(item.points for item in items)
            if best is None or points > best[0]:
                best = (points, items, arrangement)
        if best is None:
            why = refused or self._why_not(hand)
            return Evaluation(self.name, hand, context, is_winning=False, reasons=why, options=self.options)
        points, items, arrangement = best
        return Evaluation(
            self.name,
            hand,
            context,
            is_winning=True,
            points=points,
            breakdown=items,
            arrangement=arrangement,
            options=self.options,
        )

    def decompositions(
        self, hand: Hand | str, context: WinContext | Mapping[str, Any] | None = None
    ) -> Iterator[Arrangement]:
        """Every reading of the hand under which :meth:`evaluate` calls it a Mah Jongg, lazily,
        each arrangement once; with a skill level or the minimum-requirement house rule, only the
        readings they allow when the hand is won as ``context`` says."""
        hand = self._checked_hand(hand)
        context = self._checked_context(hand, context)
        for _, arrangement, restricted in self._allowed(hand, context):
            if not restricted:
                yield arrangement

    def _why_no_arrangement(self, hand: Hand) -> list[Reason]:
        counts = hand.concealed_counts
        relaxed = [
            ("joker-in-pair", "a joker cannot stand in a pair", card_free_grammar(jokers_from=2)),
            (
                "flower-pung",
                "Flowers make only a Pair (or Dragon's Love's two Pungs)",
                card_free_grammar(any_flowers=True),
            ),
            ("block-too-large", "a block has at most 5 tiles", card_free_grammar(largest=MAHJONG_SIZE)),
        ]
        for code, message, grammar in relaxed:
            if has_arrangement(grammar, counts):
                if code == "flower-pung":
                    return self._flower_reasons(hand)
                return [Reason(code, message)]
        lonely = [str(tile) for tile in Tile.all() if counts[tile.index] == 1 and not tile.is_joker]
        if lonely:
            return [Reason("unmatched-tiles", f"not in any block of 2 to 5 identical tiles: {', '.join(lonely)}")]
        return [Reason("not-in-blocks", "the tiles cannot all be grouped into blocks")]

    @staticmethod
    def _flower_reasons(hand: Hand) -> list[Reason]:
        """The solver makes one block of a tile: say what the flowers would have to be."""
        flowers = hand.count(Tile.FLOWER)
        found = []
        if flowers >= 4:
            found.append(Reason("two-flower-blocks", "only one block of Flowers is allowed, and it is a Pair"))
        if flowers >= 3:  # a Pung, or a Kong of four (or two Pairs: the first reason)
            found.append(Reason("flower-pung", "Flowers can only make a Pair block (outside Dragon's Love)"))
        return found

    def _why_not(self, hand: Hand) -> list[Reason]:
        exposed, _ = self._exposed_blocks(hand)
        best: list[Reason] | None = None
        for groups in arrangements(self._grammar, hand.concealed_counts):
            found = problems(exposed + [read_group(group, exposed=False) for group in groups])
            if found and (best is None or _weight(found) < _weight(best)):
                best = found
        if best is None:
            return self._why_no_arrangement(hand)
        return best

    # -- analysis --------------------------------------------------------------------------------

    def tiles_away(self, hand: Hand | str) -> int:
        """The fewest tiles to exchange for ``hand`` (13 or 14 tiles) to become a valid Card-Free
        hand of 14 tiles, keeping its exposed sets (0: it is one; a 13-tile hand one tile short:
        1). Exact, jokers included; skill levels and the minimum requirement (which depend on how
        the hand is won) are not counted.

        Raises:
            HandSizeError: the hand does not have 13 or 14 tiles.
            TileSetError: the hand cannot exist in this game's tiles (ruling T5).
            UnreachableError: the exposed sets rule out every valid hand.
        """
        hand = self._analysed_hand(hand, "tiles away", ANALYSED_SIZES)
        away = self._away_of(hand)
        if away is None:
            raise UnreachableError(f"no valid Card-Free hand keeps the exposed sets of {hand}")
        return away

    def _away_of(self, hand: Hand) -> int | None:
        """:meth:`tiles_away` of a hand already checked (a game loop's), ``None`` when no valid
        hand keeps its exposed sets."""
        return None if self._exposure_reasons(hand) else self._distance.away(hand)

    def tiles_away_floor(self, hand: Hand | str) -> int:
        """A lower bound on :meth:`tiles_away`, from the hand's counts alone (about ten microseconds
        against a search's two hundred or so): what a bot or a game loop can rule a hand out with.

        Every block of a valid hand is of like tiles, but the NEWS block (ruling C3), which a hand
        has at most once. Say the concealed part must make ``T`` tiles (14 less the exposed ones).
        Without the NEWS block, every tile held two or more times can be kept and each other tile
        kept needs at least one missing tile beside it: with ``R`` slots left after those and
        ``s`` such tiles, at least ``max(ceil(R / 2), R - s)`` slots are missing. With it, it
        misses the winds not held, and the rest is counted the same way on ``T - 4`` slots
        without one of each wind held (putting a held wind in it never leaves more missing).
        Each joker fills at most one missing slot.

        Raises:
            HandSizeError: the hand does not have 13 or 14 tiles.
            TileSetError: the hand cannot exist in this game's tiles (ruling T5).
        """
        return self._floor_of(self._analysed_hand(hand, "tiles away", ANALYSED_SIZES))

    def _floor_of(self, hand: Hand) -> int:
        """:meth:`tiles_away_floor` of a hand already checked (a game loop's)."""
        counts = hand.concealed_counts
        tiles = MAHJONG_SIZE - sum(meld.size for meld in hand.melds) if hand.melds else MAHJONG_SIZE
        missing = missing_from_like_sets(counts, tiles)
        if tiles >= len(_WINDS):
            winds = [wind for wind in _WINDS if counts[wind]]
            # With the NEWS block, at least the winds not held are missing: the rest is counted
            # only when that could come to fewer than without it (for most hands it cannot).
            if len(_WINDS) - len(winds) < missing:
                held = list(counts)
                for wind in winds:
                    held[wind] -= 1
                missing = min(missing, len(_WINDS) - len(winds) + missing_from_like_sets(held, tiles - len(_WINDS)))
        return max(0, missing - counts[_JOKER])

    def waits(self, hand: Hand | str) -> frozenset[Tile]:
        """For a 13-tile hand, the tiles that would make it a valid Mah Jongg (a joker included,
        when drawing one would), leaving out tiles whose every copy the hand already holds. Like
        :meth:`tiles_away`, it does not count skill levels or the minimum requirement.

        Raises:
            HandSizeError: the hand does not have 13 tiles.
        """
        hand = self._analysed_hand(hand, "waits", (MAHJONG_SIZE - 1,))
        # Only a hand one tile away has waits: a search limited to 2 rules most hands out at once.
        if self._exposure_reasons(hand) or self._distance.away(hand, limit=2) != 1:
            return frozenset()
        return frozenset(
            tile
            for tile in self._tileset.tiles
            if hand.count(tile) < self._tileset.count(tile) and self._distance.away(hand.draw(tile), limit=1) == 0
        )

    def _passes_at_once(
        self, hand: Hand, passes: Sequence[tuple[int, ...]], limits: Sequence[int]
    ) -> list[tuple[tuple[int, ...], int, list[int]]] | None:
        # Exposures ruling out every valid hand rule out every choice.
        return [] if self._exposure_reasons(hand) else self._distance.passes(hand, passes, limits)

    def _kept_analysis(self, hand: Hand, drawable: Sequence[int]) -> tuple[int, list[int]] | None:
        return self._distance.helpful(hand, drawable)  # exposures outside the fast search only

    def discard_options(self, hand: Hand | str, seen: Iterable[Tile | str] | str = ()) -> list[DiscardOption]:
        """For a 14-tile hand, every concealed tile it could discard (each kind once), best first:
        fewest tiles away after the discard, then most unseen copies of the tiles that would then
        help, then tile order. A tile *helps* when drawing it lowers tiles away; only tiles with a
        copy left to draw count. ``seen`` holds the tiles seen elsewhere (discards, other players'
        exposed sets), as tiles or notation. Discards that leave no valid hand within reach are
        left out.

        Raises:
            HandSizeError: the hand does not have 14 tiles.
        """
        hand = self._analysed_hand(hand, "discard options", (MAHJONG_SIZE,))
        unseen = self._unseen(hand, seen)
        if self._exposure_reasons(hand):
            return DiscardOptions()
        return self._discard_options_from(hand, unseen, self._distance.discards)

    # -- play ------------------------------------------------------------------------------------

    def check_call(
        self,
        hand: Hand | str,
        discard: Tile | str,
        meld: Meld | str | None = None,
        context: WinContext | Mapping[str, Any] | None = None,
    ) -> Reason | None:
        """Why ``hand`` (13 tiles) may not call ``discard``, or ``None`` when it may: to expose
        ``meld`` (a whole block of 3 or more, the called tile included), or, with no meld, for
        Mah Jongg (the completed hand, won on this discard as ``context`` says, must win).

        Raises:
            ContextError: ``context`` says the win was self-drawn, which a called discard is not.
        """
        return self._call_problem(
            self._checked_hand(hand), as_tile(discard, "discard"), None if meld is None else as_meld(meld), context
        )

    def _call_problem(
        self, hand: Hand, discard: Tile, meld: Meld | None, context: WinContext | Mapping[str, Any] | None = None
    ) -> Reason | None:
        """:meth:`check_call` of a hand, tile and meld already checked (a game loop's)."""
        if meld is not None:
            return check_exposure(hand, discard, meld)
        uncallable = (
            Reason("uncallable-tile", "a discarded joker is dead: it cannot be called") if discard.is_joker else None
        )
        return self._mahjong_call(hand, discard, context, uncallable)

    resolve_claims = staticmethod(resolve_claims)

    def swap_joker(self, meld: Meld | str, give: Tile | str) -> tuple[Meld, Tile]:
        """A joker swap with an exposed block: the block after the swap and the joker taken.
        Guide: "If a player exposes a grouping of tiles that includes a joker ... and you have a
        tile in your hand that corresponds to the tile represented by the exposed joker(s), you
        may swap your tile for the joker when it is your turn."

        Raises:
            IllegalMoveError: the swap breaks a rule.
        """
        return swap_joker(as_meld(meld), as_tile(give, "give"))


# Reasons that explain a hand only in general weigh a little more, so that an arrangement naming
# the specific fault (two NEWS blocks) is preferred to one saying winds cannot join numbers.
_GENERAL = {"winds-with-numbers": 0.5, "not-a-pattern": 0.25}


def _weight(found: list[Reason]) -> float:
    return sum(1 + _GENERAL.get(reason.code, 0) for reason in found)
