"""What one seat may see of a round: the value a bot is given (issue 21: the full round stays with
the referee).

>>> import mahjong_rules as mr
>>> from mahjong_rules.engine import new_round
>>> round_ = new_round("singapore", seed=1)
>>> view = round_.view("E")
>>> view.seat.name, view.to_act, [action.kind.name for action in view.legal][:1]
('EAST', (<Seat.EAST: 0>,), ['DISCARD'])
>>> sorted(view.concealed_counts.values())  # East, the dealer, holds one tile more
[13, 13, 13, 14]
>>> view.discards[mr.Seat.SOUTH], view.on_offer
((), None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import attrs

from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld
from mahjong_rules.ruleset import Ruleset
from mahjong_rules.tiles import Seat, Tile

if TYPE_CHECKING:
    from mahjong_rules.engine.core import Action, Round, RoundResult

__all__ = ["PlayerView", "view_of"]


def _frozen(mapping: Mapping[Seat, Any]) -> Mapping[Seat, Any]:
    """A read-only copy of ``mapping`` (a view's, a round result's): it does not pickle, so what
    holds one pickles it as a dict."""
    return MappingProxyType(dict(mapping))


@attrs.frozen
class PlayerView:
    """What ``seat`` may see of a round now, the same keys in every ruleset family.

    Attributes:
        ruleset: the ruleset played (its rules are public).
        seat: the seat looking.
        seats: the seats at the table, in turn order.
        phase: the round's phase (``"passing"``, ``"turn"``, ``"claims"``, ``"over"`` in American
            rounds; ``"turn"``, ``"response"``, ``"rob"``, ``"over"`` in Singapore).
        step: before play in American rounds, the step (a
            :class:`~mahjong_rules.engine.passing.Step`: a pass, a vote, the courtesy pass);
            ``None`` otherwise.
        turn: the seat whose turn it is (``None`` between turns).
        to_act: the seats that must choose now.
        legal: the seat's own legal actions now (empty when it has nothing to choose): an
            immutable sequence, worked out as it is read for the hundreds of passes of a
            Charleston step.
        hand: the seat's own hand (Singapore: its bonus tiles and declared sets too). After a
            Mahjong on a discard, an American winner's hand stays its 13 tiles and the discard
            stays among its discarder's ``discards`` (Flex's "More Than One Mahjong" lets several
            seats win on one discard); the whole winning hand is ``result.evaluation.hand``
            (ruling T2). A Singapore winner takes the discard into its hand.
        drawn: the tile the seat has just drawn, when the family says (Singapore), else ``None``.
        exposed: each seat's exposed sets.
        bonus: each seat's bonus tiles (Singapore's flowers and animals; empty in American rounds).
        discards: each seat's discards still on the table, oldest first (the tile offered now
            is ``on_offer``, not among them).
        concealed_counts: how many concealed tiles each seat holds.
        on_offer: the discard that may be called now, or ``None``.
        tiles_left: the tiles still to draw.
        prevailing: the prevailing wind (Singapore), or ``None``.
        payments: each seat's net payments so far (Singapore's instant payments; the settlement
            once the round is over).
        result: how the round ended, once it is over.
    """

    ruleset: Ruleset
    seat: Seat
    seats: tuple[Seat, ...]
    phase: str
    step: Any
    turn: Seat | None
    to_act: tuple[Seat, ...]
    legal: Sequence[Action] = attrs.field(hash=False)  # a tuple and the same passes listed lazily are equal
    hand: Hand
    drawn: Tile | None
    exposed: Mapping[Seat, tuple[Meld, ...]] = attrs.field(converter=_frozen, hash=False)
    bonus: Mapping[Seat, tuple[Tile, ...]] = attrs.field(converter=_frozen, hash=False)
    discards: Mapping[Seat, tuple[Tile, ...]] = attrs.field(converter=_frozen, hash=False)
    concealed_counts: Mapping[Seat, int] = attrs.field(converter=_frozen, hash=False)
    on_offer: Tile | None
    tiles_left: int
    prevailing: Seat | None
    payments: Mapping[Seat, int] = attrs.field(converter=_frozen, hash=False)
    result: RoundResult | None

    def __str__(self) -> str:
        """The view as text, from its seat: the table with the seat's own tiles and the others'
        counts (``*`` marks the seats to act), the tile on offer, the legal actions, the end.

        >>> from mahjong_rules.engine import new_round
        >>> print(new_round("singapore", seed=2).view("S"))
        South's view of a singapore round: turn, 75 tiles left
        * East  14 tiles  Cat  |
          South 1B 2B 3B 5B 7B 7B 4C 1D 1D 5D 5D RD W  |
          West  13 tiles  BF3 RF2 RF1  |
          North 13 tiles  Centipede  |
        nothing to choose now

        The round's own text (:meth:`~mahjong_rules.engine.rl.MahjongEnv.text`) shows every hand;
        a view shows only its seat's.
        """
        step = f" ({self.step.describe()})" if self.step is not None else ""
        lines = [
            f"{self.seat.name.title()}'s view of a {self.ruleset.name} round: {self.phase}{step}, "
            f"{self.tiles_left} tiles left"
        ]
        for seat in self.seats:
            if seat is self.seat:
                tiles = " ".join(str(tile) for tile in self.hand.concealed if not tile.is_bonus)
            else:
                tiles = f"{self.concealed_counts.get(seat, 0)} tiles"
            shown = [str(meld) for meld in self.exposed.get(seat, ())]
            shown += [str(tile) for tile in self.bonus.get(seat, ())]
            discards = " ".join(str(tile) for tile in self.discards.get(seat, ()))
            marker = "*" if seat in self.to_act else " "
            line = f"{marker} {seat.name.title():<5} {tiles}" + (f"  {' '.join(shown)}" if shown else "")
            lines.append(f"{line}  | {discards}".rstrip())
        if self.on_offer is not None:
            lines.append(f"on offer: {self.on_offer}")
        if self.result is not None:
            winner = self.result.winner
            net = ", ".join(f"{seat.name.title()} {amount:+d}" for seat, amount in self.payments.items())
            lines.append(f"over: {winner.name.title() + ' wins' if winner else 'a wall game'}; net {net}")
        elif self.legal:
            listed = ", ".join(str(action).split(" ", 1)[1] for action in self.legal[:6])
            more = f", ... ({len(self.legal)} in all)" if len(self.legal) > 6 else ""
            lines.append(f"legal: {listed}{more}")
        else:
            lines.append("nothing to choose now")
        return "\n".join(lines)

    def __reduce__(self) -> tuple[type[PlayerView], tuple[Any, ...]]:
        # A read-only mapping does not pickle: the view goes as its fields, the mappings as dicts
        # (frozen again when it is made), so a bot in another process can be sent its view.
        fields = attrs.astuple(self, recurse=False)
        return PlayerView, tuple(dict(value) if isinstance(value, MappingProxyType) else value for value in fields)


_Grouped = dict[Seat, tuple[Any, ...]]
_Pairs = tuple[tuple[Seat, Any], ...]
_last_grouped: tuple[_Pairs, tuple[Seat, ...], _Grouped] | None = None
"""The last American discards grouped (every pair, the tile offered among them), with the pairs
and seats they are of: a round's next discards are these and one more pair (a discard), or these
less the last (a call), so the next view groups one tile, not every discard of the round."""


def _grouped_pairs(pairs: _Pairs, seats: tuple[Seat, ...]) -> _Grouped:
    """``pairs`` (seat, tile) in order as each seat's tiles, carried on from the last grouped."""
    global _last_grouped
    last = _last_grouped
    grouped: _Grouped | None = None
    if last is not None and last[1] == seats:
        before, _, grouped_before = last
        if pairs is before:
            return grouped_before
        if len(pairs) == len(before) + 1 and pairs[:-1] == before:
            seat, tile = pairs[-1]
            grouped = dict(grouped_before)
            grouped[seat] = (*grouped[seat], tile)
        elif len(pairs) + 1 == len(before) and before[:-1] == pairs:
            seat, _ = before[-1]
            grouped = dict(grouped_before)
            grouped[seat] = grouped[seat][:-1]
    if grouped is None:
        found: dict[Seat, list[Any]] = {seat: [] for seat in seats}
        for seat, tile in pairs:
            found[seat].append(tile)
        grouped = {seat: tuple(tiles) for seat, tiles in found.items()}
    _last_grouped = (pairs, seats, grouped)
    return grouped


def _by_seat(value: object, seats: tuple[Seat, ...], offered: bool) -> _Grouped:
    """Discards as each seat's tiles: a mapping of seats to tiles (Singapore, the tile offered not
    among them), or (seat, tile) pairs in order (American rounds, the tile offered last while it
    is offered: it is left out, being ``on_offer``). What it returns may be shared: a view copies
    it."""
    if isinstance(value, Mapping):
        found = dict.fromkeys(seats, ())
        found.update((seat, tuple(tiles)) for seat, tiles in value.items())
        return found
    grouped = _grouped_pairs(tuple(value or ()), seats)  # type: ignore[arg-type]
    if offered and value:
        seat, _ = value[-1]  # type: ignore[index]
        grouped = {**grouped, seat: grouped[seat][:-1]}
    return grouped


def view_of(round_: Round, seat: Seat | str) -> PlayerView:
    """What ``seat`` may see of ``round_`` (:meth:`Round.view <mahjong_rules.engine.Round.view>`)."""
    seen = round_.observation(seat)
    own: Seat = seen["seat"]
    seats = tuple(seen["concealed_counts"])
    result = seen.get("result")
    payments = seen.get("payments") or {}
    if result is not None:
        payments = result.payments
    return PlayerView(
        ruleset=round_.ruleset,
        seat=own,
        seats=seats,
        phase=seen["phase"],
        step=getattr(round_, "step", None),
        turn=seen.get("turn"),
        to_act=tuple(seen["to_act"]),
        legal=round_.legal_actions(own) if own in seen["to_act"] else (),
        hand=seen["hand"],
        drawn=seen.get("drawn"),
        exposed={each: tuple(melds) for each, melds in seen["exposed"].items()},
        bonus={each: tuple(seen.get("bonus", {}).get(each, ())) for each in seats},
        discards=_by_seat(seen["discards"], seats, seen.get("last_discard") is not None),
        concealed_counts=seen["concealed_counts"],
        on_offer=seen.get("last_discard"),
        tiles_left=seen["tiles_left"],
        prevailing=seen.get("prevailing"),
        payments={each: payments.get(each, 0) for each in seats},
        result=result,
    )
