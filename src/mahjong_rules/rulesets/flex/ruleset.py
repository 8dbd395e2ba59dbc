"""The Flex ruleset: American Flex Mahjong, with its Flextra house rules."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar

from mahjong_rules._coerce import as_tile
from mahjong_rules._text import count_of
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
from mahjong_rules.rulesets.flex.distance import FlexDistance
from mahjong_rules.rulesets.flex.options import FlexOptions
from mahjong_rules.rulesets.flex.play import check_blank_swap, check_exposure, resolve_claims, swap_joker
from mahjong_rules.rulesets.flex.rules import Reading, ResolvedSet, problems, readings
from mahjong_rules.rulesets.flex.scoring import score
from mahjong_rules.rulesets.flex.sets import FlexSet, FlexSuit, SetKind, group_of_meld, read_group
from mahjong_rules.solver import Grammar, GroupRule, arrangements, has_arrangement
from mahjong_rules.tiles import Seat, Suit, Tile

__all__ = ["FlexRuleset", "flex_grammar"]

ANALYSED_SIZES = (MAHJONG_SIZE - 1, MAHJONG_SIZE)


def _year_tiles(year: int, suit: Suit) -> tuple[Tile, ...]:
    # Ruling F14: the year's digits in one suit, its 0 digits being that suit's dragon.
    return tuple(suit.dragon if digit == "0" else suit.tile(int(digit)) for digit in str(year))


def flex_grammar(
    options: FlexOptions, *, jokers_from: int = 3, flower_jokers: bool = False, largest: int = 4
) -> Grammar:
    """The sets of a Flex hand as the solver sees them (the Three S rules are applied after).

    Number tiles and dragons (and winds) make groups of 2 to 4 identical tiles, jokers only in
    triples and quads; flowers make one group of 2 or more, no jokers (ruling F4); all-joker
    triples and quads stand for anything (ruling F2); Flextra singles sets per the options
    (ruling F13). A dragon may make two groups, as 0 and as 10 (ruling F1). The keyword arguments
    relax the rules, to explain why a hand fails.
    """
    ordinary = [tile for tile in Tile.all() if tile.is_number or tile.is_dragon or (tile.is_wind and options.winds)]
    rules = [GroupRule.of(ordinary, sizes=range(2, largest + 1), jokers_from=jokers_from)]
    if options.flowers:
        rules.append(
            GroupRule.of(
                [Tile.FLOWER], sizes=range(2, options.flowers + 1), jokers_from=jokers_from if flower_jokers else None
            )
        )
    singles: list[tuple[Tile, ...]] = []
    if options.news:
        singles.append(tuple(seat.wind for seat in Seat))
    for suit in Suit:
        if options.year:
            singles.append(_year_tiles(options.year_digits, suit))
        if options.sequence_quints:
            singles.append(tuple(suit.tile(rank) for rank in (1, 3, 5, 7, 9)))
            singles.append((*(suit.tile(rank) for rank in (2, 4, 6, 8)), suit.dragon))
    return Grammar(groups=tuple(rules), singles=singles, all_joker_groups=True)


def _resolved_tile(resolved: ResolvedSet) -> Tile | None:
    """The tile an all-joker set stands for in a reading."""
    if resolved.wind is not None:
        return resolved.wind.wind
    if resolved.number is None or resolved.suit not in (FlexSuit.BAMS, FlexSuit.CRAKS, FlexSuit.DOTS):
        return None
    suit = Suit([FlexSuit.BAMS, FlexSuit.CRAKS, FlexSuit.DOTS].index(resolved.suit))
    return suit.dragon if resolved.number in (0, 10) else suit.tile(resolved.number)


def _meld_of(resolved: ResolvedSet, originals: dict[int, Meld]) -> Meld:
    flex_set = resolved.set
    original = originals.get(id(flex_set))
    tiles = [Tile.from_index(index) for index in flex_set.group.tiles] + [Tile.JOKER] * flex_set.jokers
    represents = _resolved_tile(resolved) if flex_set.kind is SetKind.JOKERS else None
    called_from = original.called_from if original is not None else None
    return Meld(tiles, exposed=flex_set.exposed, called_from=called_from, represents=represents)


class FlexRuleset(AmericanRuleset):
    """American Flex Mahjong (``get_ruleset("flex", **options)``; options: :class:`FlexOptions`).

    >>> import mahjong_rules as mr
    >>> flex = mr.get_ruleset("flex")
    >>> evaluation = flex.evaluate(mr.Hand.parse("333C 44B 555C 666C 777C"))
    >>> evaluation.is_winning, evaluation.points, [item.name for item in evaluation.breakdown]
    (True, 3, ['Mahjong', 'Concealed', 'Jokerless'])
    """

    name: ClassVar[str] = "flex"
    Options: ClassVar[type[FlexOptions]] = FlexOptions
    options: FlexOptions

    def __init__(self, options: FlexOptions) -> None:
        self.options = options
        self._tileset = options.tileset
        self._grammar = flex_grammar(options)
        self._distance = FlexDistance(options, self._grammar)

    def __repr__(self) -> str:
        return f"<FlexRuleset {self.options}>"

    # -- reading hands ---------------------------------------------------------------------------

    def _exposed_sets(self, hand: Hand) -> tuple[list[FlexSet], dict[int, Meld]]:
        sets, originals = [], {}
        for meld in hand.melds:
            flex_set = read_group(group_of_meld(meld), exposed=meld.exposed)
            sets.append(flex_set)
            originals[id(flex_set)] = meld
        return sets, originals

    def _valid_readings(self, hand: Hand) -> Iterator[tuple[Reading, Arrangement]]:
        exposed, originals = self._exposed_sets(hand)
        seen: set[Arrangement] = set()
        for groups in arrangements(self._grammar, hand.concealed_counts):
            sets = exposed + [read_group(group, exposed=False) for group in groups]
            for reading in readings(sets, self.options):
                arrangement = Arrangement(
                    tuple(_meld_of(resolved, originals) for resolved in reading.sets), reading.describe()
                )
                if arrangement not in seen:
                    seen.add(arrangement)
                    yield reading, arrangement

    def _exposure_reasons(self, hand: Hand) -> list[Reason]:
        found: list[Reason] = []
        for meld in hand.melds:
            problem = self._exposure_problem(meld)
            if problem is not None:
                code, message = problem
                # Written only for a set that breaks a rule: most calls find none (play asks at
                # every turn), and writing out a set costs more than checking it.
                found.append(Reason(code, f"the exposed set {meld}{message}"))
        return found

    def _exposure_problem(self, meld: Meld) -> tuple[str, str] | None:
        """The rule an exposed set breaks, as (code, the end of the message after the set)."""
        if meld.is_chow:
            return "exposed-run", " is a run of different numbers, not a Flex set"
        if meld.is_singles:
            pattern = tuple(sorted(tile.index for tile in meld.tiles))
            if pattern not in {tuple(pattern) for pattern in self._grammar.singles}:
                return "not-a-set", " is not a set of identical tiles"
            # "You can't call a discarded tile for a Singles set unless it is the last tile
            # needed for Mahjong" (ruling F13): it is never exposed before the win, and the
            # set a winning call completes is written among the concealed tiles.
            return (
                "exposed-singles",
                " is a singles set: one is called only with the last tile for Mahjong, so it is never an exposed "
                "set (write the set the winning call completes among the concealed tiles)",
            )
        if meld.size == 2:
            return "exposed-pair", " is a pair: a pair cannot be exposed"
        if meld.represents is not None and meld.represents.is_flower and meld.joker_count:
            return "joker-in-flowers", ": a joker cannot stand in a flower set"
        if meld.size > 4 and not (meld.represents is not None and meld.represents.is_flower):
            return "set-too-large", f" has {meld.size} tiles: a set has 2 to 4"
        return None

    def _why_no_arrangement(self, hand: Hand) -> list[Reason]:
        counts = hand.concealed_counts
        relaxed = [
            ("joker-in-pair", "a joker cannot stand in a pair", flex_grammar(self.options, jokers_from=2)),
            (
                "joker-in-flowers",
                "a joker cannot stand in a flower set",
                flex_grammar(self.options, flower_jokers=True),
            ),
            (
                "set-too-large",
                "a set has at most 4 identical tiles",
                flex_grammar(self.options, largest=MAHJONG_SIZE),
            ),
        ]
        for code, message, grammar in relaxed:
            if has_arrangement(grammar, counts):
                return [Reason(code, message)]
        lonely = [str(tile) for tile in Tile.all() if counts[tile.index] == 1 and not tile.is_joker]
        if lonely:
            listed = ", ".join(lonely)
            return [Reason("unmatched-tiles", f"not in any set of 2 to 4 identical tiles: {listed}")]
        return [Reason("not-in-sets", "the tiles cannot all be grouped into sets")]

    def _why_not(self, hand: Hand) -> list[Reason]:
        exposed, _ = self._exposed_sets(hand)
        best: list[Reason] | None = None
        for groups in arrangements(self._grammar, hand.concealed_counts):
            found = problems(exposed + [read_group(group, exposed=False) for group in groups])
            if found and (best is None or len(found) < len(best)):
                best = found
        if best is None:
            return self._why_no_arrangement(hand)
        return best

    # -- the protocol ----------------------------------------------------------------------------

    def _gate_reasons(self, hand: Hand) -> list[Reason]:
        """What makes a hand lose before its sets are looked at: its size, blanks, exposures."""
        reasons: list[Reason] = []
        if len(hand) != MAHJONG_SIZE:
            reasons.append(Reason("wrong-size", f"a Mahjong hand has 14 tiles, not {len(hand)}"))
        if hand.count(Tile.BLANK):
            reasons.append(Reason("blank", "blanks cannot be part of a Mahjong hand: swap or discard them"))
        return reasons + self._exposure_reasons(hand)

    def _gated_readings(self, hand: Hand) -> Iterator[tuple[Reading, Arrangement]]:
        """Every valid reading of a hand that passes the gates (the minimum value not applied)."""
        if not self._gate_reasons(hand):
            yield from self._valid_readings(hand)

    def _scored_readings(self, hand: Hand, context: WinContext) -> Iterator[tuple[tuple[ScoreItem, ...], Arrangement]]:
        """Every valid reading of a hand that passes the gates, with its score (minimum not applied)."""
        for reading, arrangement in self._gated_readings(hand):
            yield score(reading, hand, context, self.options), arrangement

    def _meets_minimum(self, items: tuple[ScoreItem, ...]) -> bool:
        minimum = self.options.minimum_value
        return minimum is None or len(items) >= minimum

    def evaluate(self, hand: Hand | str, context: WinContext | Mapping[str, Any] | None = None) -> Evaluation:
        """Whether ``hand`` (14 tiles at Mahjong, ruling T2; a Hand or its notation) follows the
        Three S rules, and its points: the best reading's scoring factors (ruling T3).

        Raises:
            TileSetError: the hand cannot exist in this game's tiles (ruling T5).
        """
        hand = self._checked_hand(hand)
        context = self._checked_context(hand, context)
        reasons = self._gate_reasons(hand)
        if reasons:
            return Evaluation(self.name, hand, context, is_winning=False, reasons=reasons, options=self.options)
        best: tuple[tuple[ScoreItem, ...], Arrangement] | None = None
        for items, arrangement in self._scored_readings(hand, context):
            if best is None or len(items) > len(best[0]):
                best = (items, arrangement)
        if best is None:
            return Evaluation(
                self.name, hand, context, is_winning=False, reasons=self._why_not(hand), options=self.options
            )
        items, arrangement = best
        if not self._meets_minimum(items):
            worth, minimum = count_of(len(items), "point"), self.options.minimum_value
            reason = Reason("below-minimum", f"the hand is worth {worth}, less than the minimum of {minimum}")
            return Evaluation(self.name, hand, context, is_winning=False, reasons=[reason], options=self.options)
        return Evaluation(
            self.name,
            hand,
            context,
            is_winning=True,
            points=len(items),
            breakdown=items,
            arrangement=arrangement,
            options=self.options,
        )

    def decompositions(
        self, hand: Hand | str, context: WinContext | Mapping[str, Any] | None = None
    ) -> Iterator[Arrangement]:
        """Every reading of the hand as Flex sets under which :meth:`evaluate` calls it a
        Mahjong, lazily, each arrangement once: none for a hand of the wrong size, with a blank
        or an impossible exposure, and, with a minimum hand value, only the readings worth it when
        won as ``context`` says."""
        hand = self._checked_hand(hand)
        context = self._checked_context(hand, context)
        for items, arrangement in self._scored_readings(hand, context):
            if self._meets_minimum(items):
                yield arrangement

    def tiles_away(self, hand: Hand | str) -> int:
        """The fewest tiles to exchange for ``hand`` (13 or 14 tiles) to become a valid Flex hand
        of 14 tiles, keeping its exposed sets (0: it is one; a 13-tile hand one tile short: 1).
        Exact, jokers included; the minimum hand value (which depends on how the hand is won) is
        not counted.

        Raises:
            HandSizeError: the hand does not have 13 or 14 tiles.
            TileSetError: the hand cannot exist in this game's tiles (ruling T5).
            UnreachableError: the exposed sets rule out every valid hand.
        """
        hand = self._analysed_hand(hand, "tiles away", ANALYSED_SIZES)
        away = self._away_of(hand)
        if away is None:
            raise UnreachableError(f"no valid Flex hand keeps the exposed sets of {hand}")
        return away

    def _away_of(self, hand: Hand) -> int | None:
        """:meth:`tiles_away` of a hand already checked (a game loop's), ``None`` when no valid
        hand keeps its exposed sets."""
        return None if self._exposure_reasons(hand) else self._distance.away(hand)

    def tiles_away_floor(self, hand: Hand | str) -> int:
        """A lower bound on :meth:`tiles_away`, from the hand's counts alone (about ten microseconds
        against a search's hundred or more): what a bot or a game loop can rule a hand out with.

        With no Flextra singles sets in the options, every set of a Flex hand is of like tiles
        (ruling F4). Say the concealed part of the hand must make ``T`` tiles (14 less the exposed
        ones). Every tile held two or more times can be kept; each other tile kept needs at least one
        missing tile beside it in its set, so with ``R`` slots left after those and ``s`` such tiles,
        at least ``max(ceil(R / 2), R - s)`` slots are missing, and each joker fills at most one.
        With singles sets (Year, NEWS, Sequence Quints), whose tiles all differ, the bound is 0.

        Raises:
            HandSizeError: the hand does not have 13 or 14 tiles.
            TileSetError: the hand cannot exist in this game's tiles (ruling T5).
        """
        return self._floor_of(self._analysed_hand(hand, "tiles away", ANALYSED_SIZES))

    def _floor_of(self, hand: Hand) -> int:
        """:meth:`tiles_away_floor` of a hand already checked (a game loop's)."""
        if self._grammar.singles:
            return 0
        held = hand.concealed_counts
        tiles = MAHJONG_SIZE - sum(meld.size for meld in hand.melds)
        return max(0, missing_from_like_sets(held, tiles) - held[Tile.JOKER.index])

    def _passes_at_once(
        self, hand: Hand, passes: Sequence[tuple[int, ...]], limits: Sequence[int]
    ) -> list[tuple[tuple[int, ...], int, list[int]]] | None:
        # Exposures ruling out every valid hand rule out every choice.
        return [] if self._exposure_reasons(hand) else self._distance.passes(hand, passes, limits)

    def discard_options(self, hand: Hand | str, seen: Iterable[Tile | str] | str = ()) -> list[DiscardOption]:
        """For a 14-tile hand, every concealed tile it could discard (each kind once), best first:
        fewest tiles away after the discard, then most unseen copies of the tiles that would then
        help, then tile order. A tile *helps* when drawing it lowers tiles away; only tiles with a
        copy left to draw count (not every copy in the hand, its exposed sets, or the discard).
        ``seen`` holds the tiles seen elsewhere (discards, other players' exposed sets), as tiles,
        their notation, or one string of notation: the unseen copies leave them out. Discards that
        leave no valid hand within reach (the exposed sets rule them all out) are left out; like
        :meth:`tiles_away`, the minimum hand value is not counted.

        >>> import mahjong_rules as mr
        >>> flex = FlexRuleset(FlexOptions())
        >>> best = flex.discard_options("333C 44B 555C 666C 77C 9D")[0]
        >>> print(best)
        discard 9D: 1 tile away, helped by 4B 3C 5C 6C 7C J (15 unseen copies)
        >>> flex.discard_options("333C 44B 555C 666C 77C 9D", seen=["7C", "7C"])[0].helpful_unseen
        13

        Raises:
            HandSizeError: the hand does not have 14 tiles.
            TileSetError: the hand cannot exist in this game's tiles (ruling T5).
        """
        hand = self._analysed_hand(hand, "discard options", (MAHJONG_SIZE,))
        unseen = self._unseen(hand, seen)
        if self._exposure_reasons(hand):
            return DiscardOptions()
        # A blank never helps.
        return self._discard_options_from(hand, unseen, self._distance.discards, blanks_help=False)

    def waits(self, hand: Hand | str) -> frozenset[Tile]:
        """For a 13-tile hand, the tiles that would make it a valid Mahjong (a joker included, when
        drawing one would), leaving out tiles whose every copy the hand already holds. Like
        :meth:`tiles_away`, it does not count the minimum hand value, which depends on how the
        hand is won.

        Raises:
            HandSizeError: the hand does not have 13 tiles.
        """
        hand = self._analysed_hand(hand, "waits", (MAHJONG_SIZE - 1,))
        # Only a hand one tile away has waits: the fast distance rules out most hands at once.
        if self._exposure_reasons(hand) or self._distance.away(hand, limit=2) != 1:
            return frozenset()
        found = set()
        for tile in self._tileset.tiles:
            if hand.count(tile) >= self._tileset.count(tile) or tile.is_blank:
                continue
            # Tiles away is 0 exactly when evaluate finds a valid reading (the minimum aside); a
            # blank in the hand keeps it above 0, as evaluate's gate refuses blanks.
            if self._distance.away(hand.draw(tile), limit=1) == 0:
                found.add(tile)
        return frozenset(found)

    # -- play ------------------------------------------------------------------------------------

    @property
    def tiles_in_play(self) -> int:
        """How many of the game's tiles are used in a round: all of them with four players; with
        three, 30 are removed ("after shuffling remove 30 tiles setting them aside"); with two,
        half are set aside ("set aside roughly half of the tiles", rounded down here)."""
        total = self._tileset.total
        return {4: total, 3: total - 30, 2: total - total // 2}[self.options.players]

    def dealt_tiles(self, seat: Seat) -> int:
        """How many tiles ``seat`` starts the round with: 13 ("Each player randomly selects 13
        tiles"), or 14 for East with the house rule "Give the East player 14 tiles during the
        initial deal" (option ``east_starts_with_14``)."""
        return 14 if self.options.east_starts_with_14 and seat is Seat.EAST else 13

    def draws_first(self, seat: Seat) -> bool:
        """Whether ``seat``'s first turn starts with a draw: always, except East when dealt 14
        tiles, who starts by discarding (or declares Mahjong on the deal)."""
        return self.dealt_tiles(seat) == 13

    def check_call(
        self,
        hand: Hand | str,
        discard: Tile | str,
        meld: Meld | str | None = None,
        context: WinContext | Mapping[str, Any] | None = None,
    ) -> Reason | None:
        """Why ``hand`` (13 tiles) may not call ``discard``, or ``None`` when it may: to expose
        ``meld`` (the called tile included), or, with no meld, for Mahjong (the completed hand,
        won on this discard as ``context`` says, must be a valid Mahjong). Hands, tiles and melds
        may be given as notation.

        Raises:
            ContextError: ``context`` says the win was self-drawn, which a called discard is not.

        >>> import mahjong_rules as mr
        >>> flex = FlexRuleset(FlexOptions())
        >>> hand = mr.Hand.parse("333C 44B 555C 666C 77C")
        >>> flex.check_call(hand, mr.Tile.parse("7C")) is None
        True
        >>> flex.check_call(hand, mr.Tile.parse("4B"), mr.Meld.parse("[444B]")) is None
        True
        >>> flex.check_call(hand, mr.Tile.parse("4B"), mr.Meld.parse("[44B]")).code
        'exposed-pair'
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
        uncallable = None
        if discard.is_joker or discard.is_blank:
            uncallable = Reason("uncallable-tile", f"a discarded {discard.name.lower()} cannot be called")
        return self._mahjong_call(hand, discard, context, uncallable)

    resolve_claims = staticmethod(resolve_claims)

    def swap_joker(self, meld: Meld | str, give: Tile | str) -> tuple[Meld, Tile]:
        """A Joker Swap with an exposed set: the set after the swap and the tile the swapper takes.

        Rules: "1. Swap a matching tile from your hand with a joker in any player's exposed set.
        2. Swap a joker from your hand with any tile in any player's exposed set except for flower
        tiles." With the option ``joker_swap_from_hand_only`` only the second way is allowed.

        Raises:
            IllegalMoveError: the swap breaks a rule.
        """
        return swap_joker(as_meld(meld), as_tile(give, "give"), from_hand_only=self.options.joker_swap_from_hand_only)

    def check_blank_swap(self, hand: Hand | str, discard: Tile | str) -> Reason | None:
        """Why ``hand`` may not swap a blank for ``discard``, or ``None`` when it may."""
        hand = self._checked_hand(hand)
        discard = as_tile(discard, "discard")
        if not self.options.blanks:
            return Reason("no-blanks", "this game is played without blanks")
        return check_blank_swap(hand, discard)
