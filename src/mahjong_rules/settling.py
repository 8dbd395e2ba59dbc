"""What every ruleset's settlement checks before paying: that the evaluation is its own, made
under its options, winning, and that the winner and discarder agree with how the hand was won.

A settlement never asks again for a fact the evaluation holds, and refuses one that contradicts
it: the winner is the context's seat wind, and a discarder is named exactly when the context says
the hand was won on a discard. The library's rulesets call these functions first thing in
``settle``; a third-party ruleset should too, so that its settlements keep the same contract.

>>> import mahjong_rules as mr
>>> flex = mr.get_ruleset("flex")
>>> won = flex.evaluate("333C 44B 555C 666C 777C", mr.WinContext(seat_wind=mr.Seat.WEST))
>>> settlement_seats(check_evaluation(won, "flex", flex.options), None, "N", tuple(mr.Seat))
(<Seat.WEST: 2>, <Seat.NORTH: 3>)
>>> settlement_seats(won, None, None, tuple(mr.Seat))  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
mahjong_rules.errors.SettlementError: the hand was won on a discard (...): name the discarder, ...
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import attrs

from mahjong_rules._coerce import as_optional_seat, describe
from mahjong_rules.errors import SettlementError
from mahjong_rules.hand import Hand
from mahjong_rules.ruleset import Evaluation, WinContext
from mahjong_rules.tiles import Seat

__all__ = ["check_evaluation", "settlement_seats", "several_winners", "verify_evaluation"]


def _seat_names(seats: Iterable[Seat]) -> str:
    return ", ".join(seat.name.title() for seat in seats)


def _option_differences(given: object, own: object) -> str:
    if attrs.has(type(given)) and type(given) is type(own):
        mine, theirs = attrs.asdict(own, recurse=False), attrs.asdict(given, recurse=False)  # type: ignore[arg-type]
        changed = [f"{name}={theirs[name]!r} there, {mine[name]!r} here" for name in mine if mine[name] != theirs[name]]
        if changed:
            return "; ".join(changed)
    return f"{given!r} there, {own!r} here"


_VERIFIED = ("is_winning", "points", "breakdown", "arrangement")
"""What a settlement pays on: the fields of an evaluation checked against the ruleset's own."""


def check_evaluation(
    evaluation: object,
    ruleset: str,
    options: object,
    evaluate: Callable[[Hand, WinContext], Evaluation] | None = None,
) -> Evaluation:
    """The evaluation, once it is known to be a winning one of ``ruleset`` under ``options`` and,
    given the ruleset's ``evaluate``, once that agrees: an evaluation read back with
    :func:`~mahjong_rules.from_dict` (from storage, another program, another version) is never
    paid for more than its hand is worth.

    Raises:
        TypeError: ``evaluation`` is not an :class:`~mahjong_rules.Evaluation`.
        SettlementError: it was made by another ruleset or under other options (when it records
            them), the hand is not winning, or the ruleset's own evaluation of the hand in its
            context differs (the message names what differs).
    """
    if not isinstance(evaluation, Evaluation):
        raise TypeError(f"evaluation is an Evaluation (from the ruleset's evaluate), not {describe(evaluation)}")
    if evaluation.ruleset != ruleset:
        raise SettlementError(
            f"this is the {ruleset!r} ruleset: it does not settle an evaluation by {evaluation.ruleset!r}"
        )
    if evaluation.options is not None and evaluation.options != options:
        raise SettlementError(
            f"the hand was evaluated under other options ({_option_differences(evaluation.options, options)}): "
            "settle with the ruleset that evaluated it"
        )
    if not evaluation.is_winning:
        why = "; ".join(reason.message for reason in evaluation.reasons)
        raise SettlementError(f"only a winning hand is settled, and {evaluation.hand} is not Mahjong: {why}")
    if evaluate is not None:
        verify_evaluation(evaluation, evaluate)
    return evaluation


def verify_evaluation(given: Evaluation, evaluate: Callable[[Hand, WinContext], Evaluation]) -> None:
    """Raise a :class:`SettlementError` naming the first of the fields a settlement pays on that
    differs from the ruleset's own evaluation of the hand in its context."""
    fresh = evaluate(given.hand, given.context)
    for name in _VERIFIED:
        ours, theirs = getattr(given, name), getattr(fresh, name)
        if ours != theirs:
            raise SettlementError(
                f"the evaluation does not agree with the ruleset's own of {given.hand} in its context: its "
                f"{name} is {_shown(ours)}, the ruleset's {_shown(theirs)} (settle what the ruleset's evaluate "
                "returns)"
            )


def _shown(value: object) -> str:
    text = ("; ".join(str(item) for item in value) or "empty") if isinstance(value, tuple) else str(value)
    return text if len(text) <= 120 else text[:117] + "..."


def settlement_seats(
    evaluation: Evaluation, winner: object, discarder: object, seats: Sequence[Seat]
) -> tuple[Seat, Seat | None]:
    """The winner and the discarder, checked against the evaluation's context and the ``seats``
    at the table. ``winner`` and ``discarder`` are seats, their letters or names, or ``None``; the
    winner defaults to the context's seat wind.

    Raises:
        TypeError: a seat of the wrong type.
        SettlementError: a winner other than the context's seat wind, a discarder for a
            self-drawn win or none for a win on a discard, a seat not at the table, a winner
            discarding to themselves, or an exposed set the hand called from the winner's own seat
            or from a seat not at the table.
    """
    context = evaluation.context
    # ruling L2: the winner is the context's seat wind; a discarder exactly for a discard win.
    won_by = as_optional_seat(winner, "winner")
    if won_by is None:
        won_by = context.seat_wind
    elif won_by is not context.seat_wind:
        raise SettlementError(
            f"the evaluation's context says the winner sits {context.seat_wind.name.title()} (seat_wind): "
            f"to settle a win by {won_by.name.title()}, evaluate with WinContext(seat_wind=Seat.{won_by.name})"
        )
    thrown_by = as_optional_seat(discarder, "discarder")
    if context.self_drawn and thrown_by is not None:
        raise SettlementError(
            f"the hand was self-drawn (the context says self_drawn=True): nobody discarded the winning tile, "
            f"so {thrown_by.name.title()} cannot pay as the discarder"
        )
    if not context.self_drawn and thrown_by is None:
        raise SettlementError(
            "the hand was won on a discard (the context says self_drawn=False): name the discarder, "
            "or evaluate with WinContext(self_drawn=True) for a self-drawn win"
        )
    for role, seat in (("winner", won_by), ("discarder", thrown_by)):
        if seat is not None and seat not in seats:
            raise SettlementError(
                f"the {role} {seat.name.title()} is not at the table: the seats are {_seat_names(seats)}"
            )
    if thrown_by is won_by:
        raise SettlementError(f"{won_by.name.title()} cannot win on their own discard")
    for meld in evaluation.hand.melds:
        caller = meld.called_from
        if caller is not None and (caller is won_by or caller not in seats):
            where = "the winner's own seat" if caller is won_by else f"a seat not at the table ({_seat_names(seats)})"
            raise SettlementError(
                f"{meld} is called from {caller.name.title()}, {where}: a player calls another player's discard"
            )
    return won_by, thrown_by


def several_winners(
    wins: Sequence[Evaluation | tuple[Evaluation, Seat]],
    discarder: object,
    ruleset: str,
    options: object,
    seats: Sequence[Seat],
    evaluate: Callable[[Hand, WinContext], Evaluation] | None = None,
) -> tuple[list[tuple[Evaluation, Seat]], Seat]:
    """Several wins on one discard (each an evaluation, or an (evaluation, winner) pair), each
    checked as :func:`check_evaluation` and :func:`settlement_seats` do, with their winners, and
    the discarder.

    Raises:
        TypeError: ``wins`` is not a sequence of wins.
        SettlementError: no wins, no discarder, a win that contradicts its evaluation, or a seat
            winning twice.
    """
    if isinstance(wins, Evaluation | str) or not isinstance(wins, Sequence):
        raise TypeError(f"wins is a sequence of evaluations (or of (evaluation, winner) pairs), not {describe(wins)}")
    if not wins:
        raise SettlementError("several winners need at least one win: wins is empty")
    thrown_by = as_optional_seat(discarder, "discarder")
    if thrown_by is None:
        raise SettlementError("several players win on one discard: name its discarder")
    checked: list[tuple[Evaluation, Seat]] = []
    for win in wins:
        evaluation, winner = (win, None) if isinstance(win, Evaluation) else _pair(win)
        evaluation = check_evaluation(evaluation, ruleset, options, evaluate)
        won_by, _ = settlement_seats(evaluation, winner, thrown_by, seats)
        checked.append((evaluation, won_by))
    winners = [winner for _, winner in checked]
    if len(set(winners)) < len(winners):
        raise SettlementError(f"each winner wins once: {_seat_names(winners)}")
    return checked, thrown_by


def _pair(win: object) -> tuple[object, object]:
    if isinstance(win, tuple) and len(win) == 2:
        return win[0], win[1]
    raise TypeError(f"each win is an Evaluation or an (evaluation, winner) pair, not {describe(win)}")
