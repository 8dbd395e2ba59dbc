"""The ``mahjong-rules`` command (also ``python -m mahjong_rules``): a thin layer over the API.

Subcommands:

- ``demo``: the library's main job on built-in example hands: print each hand in every notation
  and evaluate it in every available ruleset.
- ``parse HAND``: print a hand in every notation, its tile counts, and its problems in a tile set.
- ``rulesets``: list the available rulesets and their options.
- ``evaluate RULESET HAND``: evaluate a hand in a ruleset.
- ``settle``, ``analyse``: payments; tiles away, waits, discards, card lines and Singapore's
  pay-all discards.
- ``instant RULESET EVENT --receiver SEAT``: Singapore's instant payments.
- ``batch RULESET FILE``: every hand of a file, JSON lines out, a progress bar on a terminal.
- ``serve``: the JSON-lines protocol (:mod:`mahjong_rules.service`).
- ``card validate FILE``, ``card show FILE``, ``card rank HAND [--card FILE]``: check a card file,
  print its lines, and rank a card's lines by how far a hand is from each.

Each subcommand takes ``--json`` for machine-readable output. Bad input exits with status 2 and a
message naming what was wrong.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
import time
from collections import Counter, deque
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import attrs

from mahjong_rules import _options, service
from mahjong_rules._text import count_of
from mahjong_rules._version import __version__
from mahjong_rules.errors import ArgumentError, MahjongError, NotationError
from mahjong_rules.hand import Hand
from mahjong_rules.registry import available_rulesets, get_ruleset, ruleset_class
from mahjong_rules.ruleset import Evaluation, points_unit
from mahjong_rules.serialize import from_dict, json_schema, to_dict
from mahjong_rules.tiles import Seat, Tile
from mahjong_rules.tilesets import TileSet

__all__ = ["main"]

DEMO_HANDS: tuple[tuple[str, str], ...] = (
    ("Flex-style run in two suits", "333C 44B 555C 666C 777C"),
    ("Threes in Dots, with dragons as 0", "WD WD WD 3333D 666D 9999D"),
    ("Consecutive Odds in Dots, Two Pungs & Two Kongs", "333D 5555D 7777D 999D"),
    ("Dragon's Breath", "GD GD RD RD WD WD NN EE WW SS"),
    ("Winds and flowers", "FFF NN EEEE WWW SS"),
    ("Jokers in an exposure", "222B 4444B 666C [888C J @W]"),
    ("Singapore pure straight with bonus tiles", "123m456m789m 234p 55s RF1 Cat"),
    ("Singapore concealed kong and a seat flower", "123m 456p 789s 22z {5555C} RF1"),
    ("Thirteen Wonders, mpsz", "19m19p19s12345677z"),
    ("Sample card: evens with their dragon, a joker in a kong", "22B 4444B 66B 888B J GD GD"),
)

_TILESETS = {"american": TileSet.american, "singapore": TileSet.singapore, "flex": TileSet.flex}


def _hand_summary(hand: Hand, tileset: TileSet | None) -> dict[str, Any]:
    summary: dict[str, Any] = {
        "canonical": str(hand),
        "tokens": hand.format("tokens"),
        "unicode": hand.format("unicode"),
        "tiles": len(hand),
        "concealed": [str(tile) for tile in hand.concealed],
        "melds": [
            {
                "notation": str(meld),
                "kind": meld.kind_name,
                "exposed": meld.exposed,
                "represents": None if meld.represents is None else str(meld.represents),
                "called_from": None if meld.called_from is None else meld.called_from.name,
            }
            for meld in hand.melds
        ],
        "counts": {str(tile): hand.count(tile) for tile in Tile.all() if hand.count(tile)},
    }
    notes = [
        f"{meld}: braces declare a concealed kong of four like tiles, as in Singapore; the rulesets "
        "refuse other declared sets (write concealed tiles loose, or an exposed set in brackets)"
        for meld in hand.melds
        if not meld.exposed and not (meld.size == 4 and meld.is_identical)
    ]
    if notes:
        summary["notes"] = notes
    if tileset is not None:
        summary["tileset"] = tileset.name
        summary["problems"] = [str(problem) for problem in tileset.problems(hand)]
    return summary


def _print_summary(summary: dict[str, Any]) -> None:
    print(f"  canonical: {summary['canonical']}")
    print(f"  unicode:   {summary['unicode']}")
    melds = ", ".join(f"{m['notation']} {m['kind']}" for m in summary["melds"]) or "none"
    print(f"  {count_of(summary['tiles'], 'tile')}; {len(summary['concealed'])} concealed; melds: {melds}")
    for note in summary.get("notes", ()):
        print(f"  note: {note}")
    if "problems" in summary:
        problems = "; ".join(summary["problems"]) or "none"
        print(f"  in the {summary['tileset']} tile set: {problems}")


def _evaluation_dict(evaluation: Evaluation) -> dict[str, Any]:
    return {
        "ruleset": evaluation.ruleset,
        "hand": str(evaluation.hand),
        "is_winning": evaluation.is_winning,
        "points": evaluation.points,
        "breakdown": [{"name": item.name, "points": item.points} for item in evaluation.breakdown],
        "arrangement": None if evaluation.arrangement is None else str(evaluation.arrangement),
        "reasons": [{"code": r.code, "message": r.message} for r in evaluation.reasons],
    }


def _cmd_demo(args: argparse.Namespace) -> int:
    rulesets = [get_ruleset(name) for name in available_rulesets()]
    report: list[dict[str, Any]] = []
    for title, text in DEMO_HANDS:
        hand = Hand.parse(text)
        entry: dict[str, Any] = {"title": title, "hand": _hand_summary(hand, None), "evaluations": []}
        for ruleset in rulesets:
            if ruleset.tileset.problems(hand):
                continue
            entry["evaluations"].append(_evaluation_dict(ruleset.evaluate(hand)))
        report.append(entry)
    if args.json:
        print(json.dumps({"rulesets": [r.name for r in rulesets], "hands": report}, indent=2, ensure_ascii=False))
        return 0
    names = ", ".join(r.name for r in rulesets) or "none registered yet"
    print(f"mahjong_rules demo: rulesets: {names}\n")
    for entry in report:
        print(f"{entry['title']}: {entry['hand']['canonical']}")
        _print_summary(entry["hand"])
        for evaluation in entry["evaluations"]:
            verdict = (
                f"Mahjong, {count_of(evaluation['points'], points_unit(evaluation['ruleset']))}"
                if evaluation["is_winning"]
                else "not Mahjong: " + "; ".join(r["message"] for r in evaluation["reasons"])
            )
            print(f"  {evaluation['ruleset']}: {verdict}")
        print()
    return 0


def _cmd_parse(args: argparse.Namespace) -> int:
    tileset = None if args.tileset is None else _TILESETS[args.tileset]()
    hand = Hand.parse(args.hand)
    summary = _hand_summary(hand, tileset)
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        _print_summary(summary)
    return 1 if summary.get("problems") else 0


def _cmd_rulesets(args: argparse.Namespace) -> int:
    if args.json:
        specs = {name: _options.option_specs(ruleset_class(name).Options) for name in available_rulesets()}
        print(json.dumps(specs, indent=2, ensure_ascii=False))
        return 0
    listing = {}
    for name in available_rulesets():
        listing[name] = _options.describe_options(ruleset_class(name).Options)
    if not listing:
        print("no rulesets are available yet")
    else:
        for name, options in listing.items():
            print(name)
            for option in options:
                print(f"  {option}")
    return 0


def _convert_option(ruleset: str, text: str) -> tuple[str, Any]:
    name, sep, raw = text.partition("=")
    if not sep:
        raise ValueError(f"option {text!r} is not NAME=VALUE")
    return name, _options.option_from_text(ruleset, ruleset_class(ruleset).Options, name, raw)


class FlagError(MahjongError, ValueError):
    """A command-line flag given a value it does not take; the message names the flag."""


def _seat_flag(flag: str, value: str) -> str:
    try:
        return Seat.parse(value).name
    except NotationError as error:
        hint = f"; did you mean {error.suggestion!r}?" if error.suggestion else ""
        seats = "write E, S, W or N (or East, South, West, North)"
        raise FlagError(f"{flag} {value!r} is not a seat: {seats}{hint}") from None


def _tile_flag(flag: str, value: str) -> str:
    try:
        return Tile.parse(value).token
    except NotationError as error:
        hint = f"; did you mean {error.suggestion!r}?" if error.suggestion else ""
        raise FlagError(f"{flag} {value!r} is not one tile: {error.problem}{hint}") from None


# Advice the library gives Python callers, said the command line's way.
_SHELL_ADVICE = (
    (re.compile(r"evaluate with WinContext\(self_drawn=True\)"), "give --self-drawn"),
    (re.compile(r"evaluate with WinContext\(seat_wind=Seat\.(\w)\w*\)"), r"give --seat-wind \1 (or --winner alone)"),
    (re.compile(r"\(the context says self_drawn=False\)"), "(no --self-drawn)"),
    (re.compile(r"\(the context says self_drawn=True\)"), "(--self-drawn)"),
    (re.compile(r"name the discarder,"), "name the discarder with --discarder,"),
    (re.compile(r"\(seat_wind\)"), "(--seat-wind)"),
    (re.compile(r"name it as the context's winning_tile"), "name it with --winning-tile"),
)


def for_the_shell(message: str) -> str:
    """``message`` with the library's advice to Python callers (``WinContext(...)``, context
    fields) turned into the flags of the command line."""
    for pattern, replacement in _SHELL_ADVICE:
        message = pattern.sub(replacement, message)
    return message


def _request(args: argparse.Namespace, command: str) -> dict[str, Any]:
    """The protocol request (:mod:`mahjong_rules.service`) a command line asks for."""
    options = dict(_convert_option(args.ruleset, text) for text in args.option)
    winner = getattr(args, "winner", None)
    winner = None if winner is None else _seat_flag("--winner", winner)
    # The winner sits at the seat wind: either flag alone says both.
    seat_wind = _seat_flag("--seat-wind", args.seat_wind) if args.seat_wind is not None else (winner or "EAST")
    context = {
        "self_drawn": args.self_drawn,
        "first_turn": args.first_turn,
        "last_tile": args.last_tile,
        "seat_wind": seat_wind,
        "prevailing_wind": _seat_flag("--prevailing-wind", args.prevailing_wind),
        "winning_tile": None if args.winning_tile is None else _tile_flag("--winning-tile", args.winning_tile),
        "kong_replacement": args.kong_replacement,
        "flower_replacement": args.flower_replacement,
        "robbing_kong": args.robbing_kong,
        "tiles_left": args.tiles_left,
        "fresh_discard": args.fresh_discard,
    }
    request: dict[str, Any] = {
        "command": command,
        "ruleset": args.ruleset,
        "options": options,
        "hand": args.hand,
        "context": context,
    }
    if winner is not None:
        request["winner"] = winner
    if getattr(args, "discarder", None) is not None:
        request["discarder"] = _seat_flag("--discarder", args.discarder)
    return request


def _print_json(result: Any) -> None:
    print(json.dumps({"id": None, "ok": True, "result": result}, indent=2, ensure_ascii=False))


def _print_evaluation(evaluation: Evaluation) -> None:
    print(evaluation)
    print(f"  tiles: {evaluation.hand.format('unicode')}")
    if evaluation.arrangement is not None:
        print(f"  arrangement: {evaluation.arrangement.format(evaluation.hand.melds)}")
    for item in evaluation.breakdown:
        print(f"  {item}")
    for reason in evaluation.reasons:
        print(f"  {reason.code}: {for_the_shell(reason.message)}")


def _cmd_evaluate(args: argparse.Namespace) -> int:
    if args.settle:
        return _cmd_settle(args)
    result = service.COMMANDS["evaluate"](_request(args, "evaluate"))
    if args.json:
        _print_json(result)
    else:
        evaluation = from_dict(result)
        _print_evaluation(evaluation)
        if len(evaluation.hand) == 13:
            print(f"  a hand of 13 tiles waits for its 14th: mahjong-rules analyse {args.ruleset} '{args.hand}'")
            print("  says how far it is from Mahjong and which tiles complete it")
    return 0 if result["is_winning"] else 1


def _cmd_settle(args: argparse.Namespace) -> int:
    result = service.COMMANDS["settle"](_request(args, "settle"))
    if args.json:
        _print_json(result)
    else:
        _print_evaluation(from_dict(result["evaluation"]))
        if result["settlement"] is not None:
            print(from_dict(result["settlement"]))
        else:
            print("  no payments: the hand is not winning")
    return 0 if result["settlement"] is not None else 1


def _cmd_analyse(args: argparse.Namespace) -> int:
    request = _request(args, "analyse")
    request["seen"] = args.seen or ""
    request["limit"] = args.limit
    request["discarded"] = args.discarded or ""
    result = service.COMMANDS["analyse"](request)
    if args.json:
        _print_json(result)
        return 0
    hand = from_dict(result["hand"])
    print(f"{hand} ({hand.format('unicode')}) in {args.ruleset}:")
    if result["tiles_away"] is None:
        print(f"  tiles away: none ({result.get('unreachable', 'no winning hand within reach')})")
    else:
        print(f"  tiles away: {result['tiles_away']}")
    if result["waits"] is not None:
        print(f"  waits: {' '.join(result['waits']) or 'none'}")
    for arrangement in result.get("decompositions", []):
        print(f"  arrangement: {arrangement}")
    for option in result.get("discard_options", [])[: args.limit]:
        helpful = " ".join(option["helpful"]) or "none"
        copies = count_of(option["helpful_unseen"], "unseen copy", "unseen copies")
        print(f"  discard {option['discard']}: {option['tiles_away']} away, helped by {helpful} ({copies})")
    for line in result.get("closest_lines", []):
        needed = " ".join(line["needed"]) or "nothing"
        away = "ruled out" if line["tiles_away"] is None else f"{line['tiles_away']} away"
        filled = f" (the hand's jokers fill {line['jokers_used']})" if line["jokers_used"] else ""
        dead = ", dead" if line["dead"] else ""
        kind = "C" if line["concealed"] else "X"
        print(f"  {line['line']}: {line['pattern']} ({kind} {line['value']}): {away}, needs {needed}{filled}{dead}")
    if "pay_all_discards" in result:
        warnings = result["pay_all_discards"]
        print("  pay-all discards:" + ("" if warnings else " none"))
        for tile, scenario in warnings.items():
            print(f"    {tile}: {scenario}")
    return 0


def _cmd_instant(args: argparse.Namespace) -> int:
    request = {
        "command": "instant",
        "ruleset": args.ruleset,
        "options": dict(_convert_option(args.ruleset, text) for text in args.option),
        "event": args.event,
        "receiver": args.receiver,
        "initial": args.initial,
    }
    result = service.COMMANDS["instant"](request)
    if args.json:
        _print_json(result)
    else:
        print(from_dict(result))
    return 0


def _cmd_batch(args: argparse.Namespace) -> int:
    from mahjong_rules.batch import FailedHand, HandFileError, iter_evaluations, read_hands

    options = dict(_convert_option(args.ruleset, text) for text in args.option)
    ruleset = get_ruleset(args.ruleset, **options)
    counts = Counter(isinstance(item, str) for item in read_hands(args.file, errors="return"))
    total = counts[True] + counts[False]
    # The file is read again as the hands are evaluated (it may not fit in memory). A line that
    # is no hand is recorded in its place, and the hands around it are evaluated.
    places: deque[int] = deque()  # the index of each hand handed to the evaluation, in order
    bad_lines: deque[tuple[int, HandFileError]] = deque()

    def hands_of_the_file() -> Iterator[str]:
        for index, item in enumerate(read_hands(args.file, errors="return")):
            if isinstance(item, HandFileError):
                bad_lines.append((index, item))
            else:
                places.append(index)
                yield item

    hands = _Counted(hands_of_the_file(), counts[True])
    progress = None if args.progress is None else args.progress == "on"
    output = sys.stdout if args.output is None else open(args.output, "w", encoding="utf-8")  # noqa: SIM115
    started = time.perf_counter()
    winning = failed = 0

    def write_bad_lines_before(place: int) -> None:
        nonlocal failed
        while bad_lines and bad_lines[0][0] < place:
            index, error = bad_lines.popleft()
            failed += 1
            record = {"index": index, "line": error.line, "error": {"type": "HandFileError", "message": str(error)}}
            output.write(json.dumps(record, ensure_ascii=False) + "\n")

    try:
        results = iter_evaluations(ruleset, hands, processes=args.processes, progress=progress, errors="return")
        for result in results:
            index = places.popleft()
            write_bad_lines_before(index)
            if isinstance(result, FailedHand):
                failed += 1
                error = {"type": type(result.error).__name__, "message": str(result.error)}
                record: dict[str, Any] = {"index": index, "hand": str(result.hand), "error": error}
            elif args.full:
                record = {"index": index, **to_dict(result)}
            else:
                winning += result.is_winning
                record = {
                    "index": index,
                    "hand": str(result.hand),
                    "is_winning": result.is_winning,
                    "points": result.points,
                    "reasons": [reason.code for reason in result.reasons],
                }
            if args.full and not isinstance(result, FailedHand):
                winning += result.is_winning
            output.write(json.dumps(record, ensure_ascii=False) + "\n")
        write_bad_lines_before(total)
    finally:
        if output is not sys.stdout:
            output.close()
    elapsed = time.perf_counter() - started
    rate = total / elapsed if elapsed > 0 else 0.0
    print(
        f"{count_of(total, 'line')} in {elapsed:.1f} s ({rate:,.0f} a second): {winning} winning, "
        f"{failed} that could not be evaluated",
        file=sys.stderr,
    )
    return 0


class _Counted:
    """An iterable with a known length, so that the progress bar can show the whole."""

    def __init__(self, items: Iterable[str], total: int) -> None:
        self._items = items
        self._total = total

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return self._total


def _cmd_sample(args: argparse.Namespace) -> int:
    from mahjong_rules.batch import sample_hands

    options = dict(_convert_option(args.ruleset, text) for text in args.option)
    for hand in sample_hands(get_ruleset(args.ruleset, **options), args.count, seed=args.seed):
        print(hand)
    return 0


def _cmd_compare(args: argparse.Namespace) -> int:
    from mahjong_rules.engine import compare

    options = dict(_convert_option(args.ruleset, text) for text in args.option)
    ruleset = get_ruleset(args.ruleset, **options)
    agents: dict[str, Any] = {}
    for number, spec in enumerate(args.bots, start=1):
        name = spec if spec not in agents else f"{spec} #{number}"
        agents[name] = _bot(spec, args.seed + number)
    from mahjong_rules.batch import _progress_stream, _ProgressBar

    stream = _progress_stream(None if args.progress is None else args.progress == "on")
    bar = None if stream is None else _ProgressBar(stream, args.deals, "deals")

    def advance(done: int, total: int) -> None:
        if bar is not None:
            bar.advance()

    try:
        result = compare(agents, ruleset, args.deals, seed=args.seed, progress=advance)
    except (MahjongError, TypeError) as error:  # a bot's: where it happened is in the notes
        where = "; ".join(getattr(error, "__notes__", ()))
        print(f"mahjong-rules: error: {error}" + (f" ({where})" if where else ""), file=sys.stderr)
        return 2
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        standings = [
            {**attrs.asdict(standing), "stderr": None if math.isnan(standing.stderr) else standing.stderr}
            for standing in result.standings
        ]
        report = {
            "ruleset": ruleset.name,
            "deals": result.deals,
            "seatings": [list(seating) for seating in result.seatings],
            "wall_games": result.wall_games,
            "standings": standings,
        }
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print(result)
    return 0


def _bot(spec: str, seed: int) -> Any:
    """The agent of a bot named on the command line: ``greedy``, ``random`` (seeded with ``seed``),
    or ``module:factory``, a function of a module (found from the working directory too) making
    an agent when called with no argument."""
    import importlib
    import random

    from mahjong_rules.engine import random_agent
    from mahjong_rules.engine.bots import greedy_agent

    if spec == "greedy":
        return greedy_agent()
    if spec == "random":
        return random_agent(random.Random(seed))
    module_name, colon, attribute = spec.partition(":")
    if not colon or not module_name or not attribute:
        raise ArgumentError(f"a bot is greedy, random or module:factory (a function making an agent), not {spec!r}")
    if os.getcwd() not in sys.path:  # a bot of the working directory, as python -m finds it
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ArgumentError(f"the bot {spec!r}: no module {module_name!r} ({error})") from None
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise ArgumentError(f"the bot {spec!r}: {module_name} has no function {attribute!r}")
    agent = factory()
    if not callable(agent):
        raise ArgumentError(f"the bot {spec!r}: {attribute}() made {agent!r}, not an agent (a callable taking a view)")
    return agent


def _cmd_schema(args: argparse.Namespace) -> int:
    print(json.dumps(json_schema(args.name), indent=2, ensure_ascii=False))
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    service.serve(sys.stdin, sys.stdout)
    return 0


def _spread(count: int, wanted: int) -> list[int]:
    """``wanted`` places spread evenly over ``count`` (all of them when there are fewer)."""
    if wanted >= count:
        return list(range(count))
    return [place * count // wanted for place in range(wanted)]


def _line_summary(line: Any, examples: int, every: bool = False) -> dict[str, Any]:
    from mahjong_rules.rulesets.nmjl.card import format_concrete_hand

    hands = line.concrete_hands
    shown = range(len(hands)) if every else _spread(len(hands), examples)
    return {
        "label": line.label,
        "hand": line.hand,
        "value": line.value,
        "kind": line.kind,
        "numbers": None if line.numbers is None else list(line.numbers),
        "suits": None if line.suits is None else list(line.suits),
        "number_variables": {letter: list(values) for letter, values in line.number_variables.items()},
        "note": line.note,
        "concrete_hands": len(hands),
        "hands" if every else "examples": [format_concrete_hand(hands[place]) for place in shown],
    }


def _card_summary(card: Any, examples: int) -> dict[str, Any]:
    return {
        "name": card.name,
        "source": card.source,
        "sections": [
            {"name": section.name, "lines": [_line_summary(line, examples) for line in section.lines]}
            for section in card.sections
        ],
    }


def _line_settings(line: Any) -> str:
    """The keys of a line besides its pattern, as a short text (``numbers 1-5; suits 1 or 2``)."""
    parts = []
    if line.numbers is not None:
        parts.append(f"numbers {_values_text(line.numbers)}")
    if line.suits is not None:
        parts.append(f"suits {' or '.join(str(count) for count in line.suits)}")
    parts += [f"{letter} = {_values_text(values)}" for letter, values in line.number_variables.items()]
    return "; ".join(parts)


def _values_text(values: tuple[int, ...]) -> str:
    from mahjong_rules.rulesets.nmjl.card import written_numbers

    written = written_numbers(values)
    return written if isinstance(written, str) else ", ".join(str(value) for value in written)


def _cmd_card_validate(args: argparse.Namespace) -> int:
    from mahjong_rules.rulesets.nmjl.card import as_card

    card = as_card(args.file)
    variants = sum(len(line.variants) for line in card.lines)
    if args.json:
        print(json.dumps({"valid": True, "name": card.name, "lines": len(card.lines), "concrete_hands": variants}))
    else:
        print(
            f"{args.file}: a valid card, {card.name!r}: {count_of(len(card.sections), 'section')}, "
            f"{count_of(len(card.lines), 'line')}, {count_of(variants, 'concrete hand')}"
        )
    return 0


def _cmd_card_show(args: argparse.Namespace) -> int:
    from mahjong_rules.rulesets.nmjl.card import as_card, format_concrete_hand

    card = as_card(args.file)
    if args.examples < 0:
        raise ValueError(f"--examples is a number of hands (0 or more), not {args.examples}")
    if args.line is not None:
        line = card.line(args.line)
        if args.json:
            print(json.dumps(_line_summary(line, 0, every=True), indent=2))
            return 0
        settings = _line_settings(line)
        print(f"{line}{f'  ({line.note})' if line.note else ''}")
        if settings:
            print(f"  {settings}")
        print(f"  {count_of(len(line.variants), 'concrete hand')}:")
        for hand in line.concrete_hands:
            print(f"    {format_concrete_hand(hand)}")
        return 0
    if args.json:
        print(json.dumps(_card_summary(card, args.examples), indent=2))
        return 0
    print(card.name)
    for section in card.sections:
        print(f"\n{section.name}")
        for line in section.lines:
            settings = _line_settings(line)
            extra = (f"  [{settings}]" if settings else "") + (f"  ({line.note})" if line.note else "")
            name = line.given_label or f"#{line.number}"
            print(f"  {name:<4} {line.hand:<32} {line.kind} {line.value:>4}{extra}")
            if args.examples:
                hands = line.concrete_hands
                examples = "; ".join(format_concrete_hand(hands[place]) for place in _spread(len(hands), args.examples))
                more = ", e.g." if len(hands) > args.examples else ":"
                print(f"       {count_of(len(hands), 'concrete hand')}{more} {examples}")
    return 0


def _cmd_card_rank(args: argparse.Namespace) -> int:
    from mahjong_rules.rulesets.nmjl import NmjlRuleset

    ruleset = get_ruleset("nmjl", card=args.card)
    assert isinstance(ruleset, NmjlRuleset)
    hand = Hand.parse(args.hand, ruleset.tileset)
    ranked = ruleset.closest_lines(hand, seen=args.seen, limit=args.limit)
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "label": found.line.label,
                        "hand": found.line.hand,
                        "value": found.value,
                        "tiles_away": found.tiles_away,
                        "needed": [str(tile) for tile in found.needed],
                        "joker_fillable": [str(tile) for tile in found.joker_fillable],
                        "jokers_used": found.jokers_used,
                        "unseen": {str(tile): count for tile, count in found.unseen.items()},
                        "dead": found.dead,
                    }
                    for found in ranked
                ],
                indent=2,
            )
        )
        return 0
    print(f"{hand} on {ruleset.card.name!r}:")
    for found in ranked:
        print(f"  {found}")
    return 0


def _hand_arguments(parser: argparse.ArgumentParser, hand_help: str) -> None:
    parser.add_argument("ruleset", help="a ruleset name (see 'mahjong-rules rulesets')")
    parser.add_argument("hand", help=hand_help + " (quote it; put -- before it if it starts with -)")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE", help=_OPTION_HELP)
    parser.add_argument("--self-drawn", action="store_true", help="the winning tile was drawn")
    parser.add_argument("--first-turn", action="store_true", help="won on the first turn")
    parser.add_argument("--last-tile", action="store_true", help="won on the last tile")
    parser.add_argument("--seat-wind", help="the winner's seat wind (default: the --winner, else E)")
    parser.add_argument("--prevailing-wind", default="E", help="the round wind (default E)")
    parser.add_argument("--winning-tile", help="the tile the hand was won on, for example 5C")
    parser.add_argument("--kong-replacement", action="store_true", help="won on a kong's replacement tile")
    parser.add_argument("--flower-replacement", action="store_true", help="won on a flower's replacement tile")
    parser.add_argument("--robbing-kong", action="store_true", help="won by robbing a kong")
    parser.add_argument("--tiles-left", type=int, help="tiles still to be drawn when the hand was won")
    parser.add_argument("--fresh-discard", action="store_true", help="won on a discard no one had made before")
    parser.add_argument("--winner", help="the winner's seat (default: the seat wind); alone, it sets the seat wind")
    parser.add_argument("--discarder", help="the seat that discarded the winning tile (a win on a discard)")
    parser.add_argument("--json", action="store_true", help="print JSON")


_OPTION_HELP = "a ruleset option, repeatable (-o minimum_value=2); 'mahjong-rules rulesets' lists them"

_HAND_COMMANDS = ("evaluate", "settle", "analyse", "analyze", "parse", "card")


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """``argv`` parsed, with a hint where a shell user goes wrong most: a hand left unquoted
    arrives as several arguments."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        message = f"unrecognized arguments: {' '.join(extra)}"
        if getattr(args, "command", None) in _HAND_COMMANDS:
            message += '\n  a hand has spaces: quote it as one argument, like "333C 44B 555C 666C 777C"'
        parser.error(message)
    return args


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mahjong-rules", description="Validate, score and analyse mahjong hands.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command")

    demo = commands.add_parser("demo", help="evaluate the built-in example hands in every ruleset")
    demo.add_argument("--json", action="store_true", help="print JSON")
    demo.set_defaults(run=_cmd_demo)

    parse = commands.add_parser("parse", help="print a hand in every notation")
    parse.add_argument("hand", help="the hand, for example '123B 55C [777D]'")
    parse.add_argument("--tileset", choices=sorted(_TILESETS), help="check the hand against a tile set")
    parse.add_argument("--json", action="store_true", help="print JSON")
    parse.set_defaults(run=_cmd_parse)

    rulesets = commands.add_parser("rulesets", help="list the available rulesets and their options")
    rulesets.add_argument("--json", action="store_true", help="print JSON")
    rulesets.set_defaults(run=_cmd_rulesets)

    evaluate = commands.add_parser("evaluate", help="evaluate a hand in a ruleset (exit 0 winning, 1 not)")
    _hand_arguments(evaluate, "the hand at Mahjong, for example '333C 44B 555C 666C 777C'")
    evaluate.add_argument("--settle", action="store_true", help="print the payments of a winning hand too")
    evaluate.set_defaults(run=_cmd_evaluate)

    settle = commands.add_parser("settle", help="evaluate a winning hand and print its payments")
    _hand_arguments(settle, "the hand at Mahjong")
    settle.set_defaults(run=_cmd_settle)

    analyse = commands.add_parser(
        "analyse", aliases=["analyze"], help="tiles away, waits, best discards, arrangements and closest card lines"
    )
    _hand_arguments(analyse, "a hand of 13 or 14 tiles")
    analyse.add_argument("--seen", help="tiles seen elsewhere (discards, other players' exposures)")
    analyse.add_argument(
        "--limit", type=int, default=10, help="how many discards, arrangements and card lines to list (10)"
    )
    analyse.add_argument(
        "--discarded", help="tiles discarded so far (Singapore: a fresh tile at the end of the game pays for all)"
    )
    analyse.set_defaults(run=_cmd_analyse)

    instant = commands.add_parser("instant", help="the instant payment for an event (Singapore)")
    instant.add_argument("ruleset", help="a ruleset with instant payments: singapore")
    instant.add_argument(
        "event", help="the event, for example 'exposed kong' or 'cat and mouse' (an unknown one lists them all)"
    )
    instant.add_argument("--receiver", required=True, help="the seat that receives the payment")
    instant.add_argument("--initial", action="store_true", help="the tiles were among the player's first 13")
    instant.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE", help=_OPTION_HELP)
    instant.add_argument("--json", action="store_true", help="print JSON")
    instant.set_defaults(run=_cmd_instant)

    batch = commands.add_parser("batch", help="evaluate every hand of a file; JSON lines out, a progress bar")
    batch.add_argument("ruleset", help="a ruleset name (see 'mahjong-rules rulesets')")
    batch.add_argument("file", help='one hand a line (notation, or JSON lines with a "hand" field)')
    batch.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE", help=_OPTION_HELP)
    batch.add_argument("--processes", type=int, default=1, help="worker processes (default 1)")
    batch.add_argument("--output", help="write the results to this file instead of standard output")
    batch.add_argument("--full", action="store_true", help="write each evaluation's whole JSON document")
    batch.add_argument(
        "--progress", choices=("on", "off"), help="a progress bar on standard error (default: on a terminal)"
    )
    batch.set_defaults(run=_cmd_batch)

    sample = commands.add_parser("sample", help="print random hands, one a line: a file for 'batch' to try")
    sample.add_argument("ruleset", help="a ruleset name (see 'mahjong-rules rulesets')")
    sample.add_argument("--count", type=int, default=1000, help="how many hands (default 1000)")
    sample.add_argument("--seed", type=int, default=0, help="the seed of the shuffles (default 0)")
    sample.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE", help=_OPTION_HELP)
    sample.set_defaults(run=_cmd_sample)

    compare = commands.add_parser(
        "compare", help="bots against each other in duplicate: every deal played once a seating"
    )
    compare.add_argument("ruleset", help="a ruleset name (see 'mahjong-rules rulesets')")
    compare.add_argument(
        "bots", nargs="+", help="two bots or more, one a seat at most: greedy, random, or module:factory"
    )
    compare.add_argument("--deals", type=int, default=20, help="deals to play, each once a seating (default 20)")
    compare.add_argument("--seed", type=int, default=0, help="the first deal's seed (default 0)")
    compare.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE", help=_OPTION_HELP)
    compare.add_argument("--json", action="store_true", help="print JSON")
    compare.add_argument(
        "--progress", choices=("on", "off"), help="a progress bar on standard error (default: on a terminal)"
    )
    compare.set_defaults(run=_cmd_compare)

    schema = commands.add_parser("schema", help="print a published JSON Schema: the protocol's or the values'")
    schema.add_argument(
        "name",
        nargs="?",
        default="protocol",
        choices=("protocol", "values"),
        help="protocol: serve's requests and responses (default); values: the documents of --json and to_dict",
    )
    schema.set_defaults(run=_cmd_schema)

    serve = commands.add_parser("serve", help="answer JSON requests, one per line, on standard input and output")
    serve.set_defaults(run=_cmd_serve, json=True)

    card = commands.add_parser("card", help="validate, show and rank the lines of a card file")
    card_commands = card.add_subparsers(dest="card_command", required=True)
    validate = card_commands.add_parser("validate", help="check a card file (errors name the line and column)")
    validate.add_argument(
        "file", help="the card file (TOML, see the card format in the docs), or a sample card's name: sample, tutorial"
    )
    validate.add_argument("--json", action="store_true", help="print JSON")
    validate.set_defaults(run=_cmd_card_validate)
    show = card_commands.add_parser(
        "show", help="print a card's lines, each with its count of concrete hands and a few of them"
    )
    show.add_argument("file", help="the card file, or a sample card's name: sample, tutorial")
    show.add_argument(
        "--examples", type=int, default=2, metavar="N", help="concrete hands to print for each line (default 2)"
    )
    show.add_argument("--line", metavar="LABEL", help="print every concrete hand of one line ('2468 #3')")
    show.add_argument("--json", action="store_true", help="print JSON")
    show.set_defaults(run=_cmd_card_show)
    rank = card_commands.add_parser("rank", help="rank a card's lines by how far a hand is from each")
    rank.add_argument("hand", help="a hand of 13 or 14 tiles, for example '22B 4444B 66B 888B J GD'")
    rank.add_argument("--card", help="the card file, or a sample card's name (default: sample, the invented card)")
    rank.add_argument("--seen", help="tiles seen elsewhere (discards, exposures): dead lines go last")
    rank.add_argument("--limit", type=int, default=10, help="how many lines to print (default 10)")
    rank.add_argument("--json", action="store_true", help="print JSON")
    rank.set_defaults(run=_cmd_card_rank)
    return parser


BROKEN_PIPE = 141
"""The exit status when the reader of the output went away (``mahjong-rules ... | head``): 128 plus
SIGPIPE, as a shell reports a program stopped by a closed pipe; never 1, which says "not winning"."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    parser = _parser()
    args = _parse(parser, argv)
    if args.command is None:  # no command at all: say what there is
        parser.print_help()
        return 0
    try:
        return _run(args)
    except BrokenPipeError:
        # The reader closed the pipe: say nothing more (Python would complain when flushing
        # standard output at exit, so point it at nothing).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return BROKEN_PIPE


def _run(args: argparse.Namespace) -> int:
    try:
        status: int = args.run(args)
    except (MahjongError, service.BadRequest, ValueError, KeyError) as error:
        message = for_the_shell(error.args[0] if isinstance(error, KeyError) and error.args else str(error))
        if getattr(args, "json", False):
            response = service.error_response(None, "bad-input", error)
            response["error"]["message"] = message
            print(json.dumps(response, indent=2, ensure_ascii=False))
        print(f"mahjong-rules: error: {message}", file=sys.stderr)
        return 2
    return status
