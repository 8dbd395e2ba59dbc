"""Batch work: evaluate_many and iter_evaluations on one and two processes, the progress bar,
bad hands, read_hands, the pickling every executor relies on, and the process-pool and Dask code
of docs/batch.rst run as written."""

from __future__ import annotations

import collections
import io
import itertools
import pickle
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import mahjong_rules as mr
from mahjong_rules.batch import FailedHand, HandFileError, read_hands
from mahjong_rules.rulesets.flex import FlexOptions
from mahjong_rules.rulesets.nmjl import NmjlRuleset
from tests.flex_reference import random_case
from tests.nmjl_hands import nmjl_mahjong
from tests.singapore_hands import random_context, random_mahjong

DOCS = Path(__file__).resolve().parent.parent / "docs"
RULESETS = ("flex", "card-free", "nmjl", "singapore")
WINNING_FLEX = "333C 44B 555C 666C 777C"
CARD_TEXT = """
format = 1
name = "My card"
[[section]]
name = "2468"
lines = [ { hand = "222x 4444x 666x 8888x", value = 25 } ]
"""

Hands = list[mr.Hand | str]
Contexts = list[mr.WinContext | dict[str, Any] | None]


def _american_random(rng: random.Random) -> mr.Hand:
    return random_case(rng).hand


def seeded(name: str, count: int = 36, seed: int = 2026) -> tuple[Hands, Contexts]:
    """Hands for ``name`` (winning and not, some as notation) with contexts (some as mappings or
    ``None``)."""
    rng = random.Random(seed)
    hands: Hands = []
    contexts: Contexts = []
    for index in range(count):
        context: mr.WinContext | None
        if name == "singapore":
            hand = random_mahjong(rng)
            if rng.random() < 0.3:
                hand = mr.Hand(rng.sample(list(hand.concealed), len(hand.concealed) - 1), hand.melds)
            context = random_context(rng, hand) if rng.random() < 0.8 else None
        elif name == "nmjl":
            hand = nmjl_mahjong(rng) if rng.random() < 0.7 else _american_random(rng)
            context = mr.WinContext(self_drawn=rng.random() < 0.5)
        else:
            case = random_case(rng)
            hand, context = case.hand, case.context
        item: mr.Hand | str = str(hand) if index % 3 == 0 else hand
        hands.append(item)
        contexts.append({"self_drawn": True} if context is None and index % 2 else context)
    return hands, contexts


def expected(ruleset: mr.Ruleset, hands: Hands, contexts: Contexts) -> list[mr.Evaluation]:
    """One ``evaluate`` call a hand (the library's rulesets also take a hand's notation)."""
    evaluate: Callable[..., mr.Evaluation] = ruleset.evaluate
    return [evaluate(hand, mr.as_context(context)) for hand, context in zip(hands, contexts, strict=True)]


# -- results ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", RULESETS)
def test_results_equal_evaluate_on_one_and_two_processes(name: str) -> None:
    ruleset = mr.get_ruleset(name)
    hands, contexts = seeded(name)
    wanted = expected(ruleset, hands, contexts)
    assert any(evaluation.is_winning for evaluation in wanted)
    assert any(not evaluation.is_winning for evaluation in wanted)
    assert mr.evaluate_many(ruleset, hands, contexts) == wanted
    in_two = mr.evaluate_many(ruleset, hands, contexts, processes=2, chunksize=5)
    assert in_two == wanted
    # The evaluations crossed without the ruleset's options and got back this ruleset's object.
    options = getattr(ruleset, "options", None)
    assert all(evaluation.options is options for evaluation in in_two)


def test_a_ruleset_by_name_and_one_context_for_every_hand() -> None:
    singapore = mr.get_ruleset("singapore")
    rng = random.Random(7)
    hands = [random_mahjong(rng) for _ in range(6)]
    context = mr.WinContext(self_drawn=True, seat_wind="S")
    wanted = [singapore.evaluate(hand, context) for hand in hands]
    assert mr.evaluate_many("Singapore", hands, context) == wanted
    assert mr.evaluate_many("singapore", hands, {"self_drawn": True, "seat_wind": "S"}) == wanted
    assert mr.evaluate_many("singapore", hands) == [singapore.evaluate(hand) for hand in hands]


def test_options_of_the_ruleset_given_are_used() -> None:
    flex = mr.get_ruleset("flex", news=True)
    (evaluation,) = mr.evaluate_many(flex, [WINNING_FLEX])
    assert evaluation.options == FlexOptions(news=True)


def test_order_is_kept_with_many_small_chunks_and_a_lazy_input() -> None:
    hands, contexts = seeded("flex", count=30, seed=11)
    flex = mr.get_ruleset("flex")
    stream = mr.iter_evaluations(flex, iter(hands), iter(contexts), processes=2, chunksize=1)
    assert [evaluation.hand for evaluation in stream] == [mr.Hand.parse(str(hand)) for hand in hands]


def test_iter_evaluations_reads_the_input_as_it_goes() -> None:
    for processes in (1, 2):
        read = 0

        def endless() -> Iterator[str]:
            nonlocal read
            for hand in itertools.cycle([WINNING_FLEX, "111B 222C 333D 44B 555B"]):
                read += 1
                yield hand

        stream = mr.iter_evaluations("flex", endless(), processes=processes, chunksize=3)
        first = list(itertools.islice(stream, 5))
        stream.close()  # stops the worker processes
        assert [evaluation.is_winning for evaluation in first] == [True, False, True, False, True]
        # One process reads a hand at a time; two keep at most 2 chunks a process in flight.
        assert read == 5 if processes == 1 else 5 <= read <= 3 * 2 * 2 + 3


def test_contexts_must_match_the_hands() -> None:
    with pytest.raises(ValueError, match="2 hands but 1 contexts"):
        mr.evaluate_many("flex", [WINNING_FLEX] * 2, [None])
    with pytest.raises(ValueError, match="ran out at hand 1"):
        mr.evaluate_many("flex", iter([WINNING_FLEX] * 2), iter([None]))
    with pytest.raises(ValueError, match="more contexts than hands"):
        mr.evaluate_many("flex", iter([WINNING_FLEX]), iter([None, None]))


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"errors": "ignore"}, ValueError, "errors is 'raise' or 'return'"),
        ({"processes": 0}, ValueError, "processes is 1 or more"),
        ({"processes": True}, TypeError, "processes is a whole number"),
        ({"chunksize": 0}, ValueError, "chunksize is 1 or more"),
        ({"progress": "yes"}, TypeError, "progress is True, False or None"),
        ({"contexts": 5}, TypeError, "contexts is a WinContext"),
        ({"hands": WINNING_FLEX}, TypeError, "hands is an iterable"),
        ({"ruleset": 5}, TypeError, "ruleset is a Ruleset"),
        ({"ruleset": "riichi"}, mr.UnknownRulesetError, "unknown ruleset"),
    ],
)
def test_bad_arguments_are_refused_at_the_call(arguments: dict[str, Any], error: type[Exception], message: str) -> None:
    call: dict[str, Any] = {"ruleset": "flex", "hands": [WINNING_FLEX], **arguments}
    with pytest.raises(error, match=message):
        mr.iter_evaluations(**call)  # not even iterated


# -- bad hands --------------------------------------------------------------------------------------

BAD_BATCH: list[Any] = [WINNING_FLEX, "1B 2B Sopa", WINNING_FLEX, "1B 1B 1B 1B 1B Cat", 5, WINNING_FLEX]


@pytest.mark.parametrize("processes", [1, 2])
def test_errors_return_puts_a_failure_in_place_and_carries_on(processes: int) -> None:
    results = mr.evaluate_many("flex", BAD_BATCH, errors="return", processes=processes, chunksize=2)
    assert [type(result).__name__ for result in results] == [
        "Evaluation",
        "FailedHand",
        "Evaluation",
        "FailedHand",
        "FailedHand",
        "Evaluation",
    ]
    failures = [result for result in results if isinstance(result, FailedHand)]
    assert [(failure.index, failure.hand) for failure in failures] == [
        (1, "1B 2B Sopa"),
        (3, "1B 1B 1B 1B 1B Cat"),
        (4, 5),
    ]
    notation, tileset, wrong_type = (failure.error for failure in failures)
    assert isinstance(notation, mr.NotationError)
    assert (notation.token, notation.position, notation.suggestion) == ("Sopa", 6, "Soap")
    assert isinstance(tileset, mr.TileSetError)
    assert len(tileset.problems) == 2
    assert isinstance(wrong_type, TypeError)
    assert str(failures[0]) == (
        "hand 1 ('1B 2B Sopa'): NotationError: unknown token 'Sopa' at position 6; did you mean 'Soap'?"
    )


@pytest.mark.parametrize("processes", [1, 2])
def test_errors_raise_stops_at_the_first_bad_hand_with_a_note(processes: int) -> None:
    with pytest.raises(mr.NotationError, match="Sopa") as caught:
        mr.evaluate_many("flex", BAD_BATCH, processes=processes, chunksize=2)
    assert caught.value.__notes__ == ["while evaluating hand 1 of the batch: '1B 2B Sopa'"]
    assert caught.value.position == 6


def test_a_bad_context_of_one_hand_is_that_hands_failure() -> None:
    contexts = [None, {"self_drawn": True, "robbing_kong": True}, {"colour": "red"}]
    results = mr.evaluate_many("flex", [WINNING_FLEX] * 3, contexts, errors="return")
    assert isinstance(results[0], mr.Evaluation)
    assert [type(result.error).__name__ for result in results[1:] if isinstance(result, FailedHand)] == [
        "ContextError",
        "ContextError",
    ]


# -- the progress bar -------------------------------------------------------------------------------


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_no_progress_bar_when_standard_error_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    mr.evaluate_many("flex", [WINNING_FLEX] * 3)
    assert capsys.readouterr() == ("", "")


def test_a_forced_progress_bar_goes_to_standard_error(capsys: pytest.CaptureFixture[str]) -> None:
    mr.evaluate_many("flex", [WINNING_FLEX] * 3, progress=True)
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("\r[")
    assert err.endswith("\n")
    final = err.rstrip().rsplit("\r", 1)[-1]
    assert re.fullmatch(r"\[#{24}\] 3/3 hands 100%, [\d,]+ hands/s", final), final


def test_the_progress_bar_of_an_input_of_unknown_length(capsys: pytest.CaptureFixture[str]) -> None:
    list(mr.iter_evaluations("flex", iter([WINNING_FLEX] * 4), progress=True, processes=2))
    final = capsys.readouterr().err.rstrip().rsplit("\r", 1)[-1]
    assert re.fullmatch(r"4 hands, [\d,]+ hands/s", final), final


def test_a_progress_bar_on_a_terminal_unless_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    mr.evaluate_many("flex", [WINNING_FLEX] * 2, progress=False)
    assert terminal.getvalue() == ""
    mr.evaluate_many("flex", [WINNING_FLEX] * 2)
    assert "2/2 hands 100%" in terminal.getvalue()


def test_the_progress_bar_ends_its_line_when_a_hand_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with pytest.raises(mr.NotationError):
        mr.evaluate_many("flex", [WINNING_FLEX, "Sopa"])
    assert terminal.getvalue().endswith("\n")


# -- pickling -----------------------------------------------------------------------------------------


def round_trip(value: object) -> Any:
    return pickle.loads(pickle.dumps(value))


def test_every_tile_unpickles_as_the_one_shared_object() -> None:
    for tile in mr.Tile.all():
        assert round_trip(tile) is tile
    hand = mr.Hand.parse("222B 55B 333444C [77C J@W]")
    assert all(copy is tile for copy, tile in zip(round_trip(hand).tiles, hand.tiles, strict=True))


def _rulesets() -> Iterator[tuple[str, mr.Ruleset, str]]:
    yield "flex", mr.get_ruleset("flex", news=True), WINNING_FLEX
    yield "card-free", mr.get_ruleset("card-free"), "333D 5555D 7777D 999D"
    yield "nmjl (sample card)", mr.get_ruleset("nmjl"), "222C 4444C 666C 8888C FF"
    yield "nmjl (parsed card)", mr.get_ruleset("nmjl", card=mr.parse_card(CARD_TEXT)), "222C 4444C J 66C 8888C"
    yield "singapore", mr.get_ruleset("singapore", players=3), "123C 456C 789C 234D 55B RF1 Cat"


@pytest.mark.parametrize(("label", "ruleset", "hand"), list(_rulesets()), ids=[label for label, *_ in _rulesets()])
def test_rulesets_pickle_and_evaluate_alike(label: str, ruleset: Any, hand: str) -> None:
    copy = round_trip(ruleset)
    # Loaded as the process's own ruleset of those options, memos and all (``ruleset``, built when
    # the tests were collected, may have left the registry's cache since: ``copy`` is in it).
    assert round_trip(copy) is copy
    assert type(copy) is type(ruleset)
    assert copy.name == ruleset.name
    assert copy.options == ruleset.options
    assert copy.tileset == ruleset.tileset
    assert copy.evaluate(hand) == ruleset.evaluate(hand)
    assert ruleset.evaluate(hand).is_winning or label.startswith("nmjl (sample")


def test_a_default_ruleset_unpickles_as_itself_after_many_others_were_built() -> None:
    """The registry keeps the last 64 rulesets built with options, and each family's defaults
    always: after 70 others, the default ruleset still loads as itself."""
    default = mr.get_ruleset("flex")
    for year in range(1950, 2020):
        mr.get_ruleset("flex", year=True, year_digits=year)
    assert round_trip(default) is default
    assert round_trip(mr.get_ruleset("flex", year=True, year_digits=2019)).options.year_digits == 2019


def test_a_ruleset_unpickles_in_another_process_as_that_process_s_own() -> None:
    """Sent to a new process (a worker, a bot server), a ruleset comes back as what
    ``get_ruleset`` gives there for the same name and options."""
    ruleset = mr.get_ruleset("flex", year=True, blanks=2)
    script = (
        "import pickle, sys\n"
        "import mahjong_rules as mr\n"
        "copy = pickle.loads(sys.stdin.buffer.read())\n"
        "print(copy is mr.get_ruleset('flex', year=True, blanks=2), copy.options.blanks)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], input=pickle.dumps(ruleset), capture_output=True, check=True)
    assert done.stdout.decode().split() == ["True", "2"]


def test_the_card_ruleset_pickles_its_card_and_compiles_it_again() -> None:
    ruleset = mr.get_ruleset("nmjl")
    assert isinstance(ruleset, NmjlRuleset)
    data = pickle.dumps(ruleset)
    assert len(data) < 2 * len(pickle.dumps(ruleset.card))  # not the compiled card, 7 times larger
    copy = pickle.loads(data)
    assert copy.card == ruleset.card
    assert copy._table is ruleset._table  # compiled once per card and process


def _records() -> list[object]:
    flex: Any = mr.get_ruleset("flex")
    won = flex.evaluate(WINNING_FLEX, mr.WinContext(seat_wind="S"))
    singapore: Any = mr.get_ruleset("singapore")
    context = mr.WinContext(winning_tile="5B", self_drawn=True, tiles_left=20)
    won_singapore = singapore.evaluate("123C 456C 789C 234D 55B RF1 Cat", context)
    return [
        mr.Hand.parse("222B 55B 333444C [77C J@W] {5555D}"),
        mr.Meld.parse("[777C @W]"),
        mr.Meld.parse("{5555D}"),
        context,
        won,
        won_singapore,
        flex.evaluate("111B 222C 333D 44B 555B"),
        mr.get_ruleset("nmjl").evaluate(mr.Hand.parse("222C 4444C 666C 8888C FF")),
        flex.settle(won, discarder=mr.Seat.EAST),
        singapore.settle(won_singapore),
        mr.Settlement([mr.Transfer(mr.Seat.SOUTH, mr.Seat.EAST, 6, "discarder")], seats=list(mr.Seat)[:3]),
        mr.parse_card(CARD_TEXT),
        mr.sample_card("sample"),
        mr.Seat.NORTH,
    ]


@pytest.mark.parametrize("record", _records(), ids=lambda record: type(record).__name__)
def test_records_round_trip_equal(record: object) -> None:
    copy = round_trip(record)
    assert type(copy) is type(record)
    assert copy == record
    if isinstance(record, mr.Settlement):
        assert isinstance(copy, mr.Settlement)
        assert dict(copy.payments) == dict(record.payments)


def _errors() -> list[Exception]:
    found: list[Exception] = []
    attempts: list[Callable[[], object]] = [
        lambda: mr.Hand.parse("1B 2B Sopa"),
        lambda: mr.Hand.parse("1B 1B 1B 1B 1B Cat", tileset=mr.TileSet.american()),
        lambda: mr.get_ruleset("flex").tiles_away(mr.Hand.parse("1B 2B")),
        lambda: mr.parse_card("format = 2"),
        lambda: mr.get_ruleset("flex", colour=1),
        lambda: mr.get_ruleset("riichi"),
        lambda: mr.WinContext(kong_replacement=True),
    ]
    for attempt in attempts:
        with pytest.raises(mr.MahjongError) as caught:
            attempt()
        found.append(caught.value)
    return found


def test_the_librarys_errors_pickle_with_their_attributes_and_notes() -> None:
    for error in _errors():
        error.add_note("a note")
        copy = round_trip(error)
        assert type(copy) is type(error)
        assert copy.args == error.args
        assert str(copy) == str(error)
        assert vars(copy) == vars(error)
        assert copy.__notes__ == ["a note"]


def test_a_failed_hand_pickles() -> None:
    (failure,) = mr.evaluate_many("flex", ["1B 2B Sopa"], errors="return")
    assert isinstance(failure, FailedHand)
    copy = round_trip(failure)
    assert isinstance(copy, FailedHand)
    assert (copy.index, copy.hand, str(copy.error)) == (0, "1B 2B Sopa", str(failure.error))


# -- reading a file of hands ------------------------------------------------------------------------


def test_read_hands_skips_blank_lines_and_comments_and_reads_json_lines(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(
        "# my hands\n"
        f"{WINNING_FLEX}\n"
        "\n"
        "   # an indented comment\n"
        '{"hand": "111B 222C 333D 44B 555B", "player": "Ann"}\n'
        "  1B 2B Sopa  \n",
        encoding="utf-8",
    )
    hands = read_hands(path)
    assert isinstance(hands, Iterator)
    assert list(hands) == [WINNING_FLEX, "111B 222C 333D 44B 555B", "1B 2B Sopa"]
    assert list(mr.read_hands(str(path))) == [WINNING_FLEX, "111B 222C 333D 44B 555B", "1B 2B Sopa"]
    results = mr.evaluate_many("flex", mr.read_hands(path), errors="return")
    assert [getattr(result, "is_winning", None) for result in results] == [True, False, None]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"hand": 5}', 'a JSON line is an object whose "hand"'),
        ('{"player": "Ann"}', 'a JSON line is an object whose "hand"'),
        ('{"hand": "1B"', "not valid JSON"),
    ],
)
def test_read_hands_names_the_line_of_a_bad_json_line(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "hands.jsonl"
    path.write_text(f'{{"hand": "{WINNING_FLEX}"}}\n\n{line}\n', encoding="utf-8")
    hands = mr.read_hands(path)
    assert next(hands) == WINNING_FLEX  # read lazily: the fault is found when reached
    with pytest.raises(HandFileError, match=re.escape(f"{path}:3: {message}")) as caught:
        next(hands)
    assert (caught.value.path, caught.value.line) == (str(path), 3)
    assert isinstance(caught.value, ValueError)


# -- the code of docs/batch.rst, run as written --------------------------------------------------


def _docs_script(name: str) -> str:
    """The code block of docs/batch.rst that starts with the docstring naming ``name``."""
    text = (DOCS / "batch.rst").read_text(encoding="utf-8")
    for block in re.findall(r"\.\. code-block:: python\n\n((?:(?:   .*)?\n)+)", text):
        code = "\n".join(line[3:] for line in block.splitlines()).strip() + "\n"
        if code.startswith(f'"""{name}:'):
            return code
    raise AssertionError(f"no code block {name} in docs/batch.rst")


def _expected_output(hands: list[str]) -> str:
    singapore: Any = mr.get_ruleset("singapore")
    points = collections.Counter(
        evaluation.points for evaluation in map(singapore.evaluate, hands) if evaluation.is_winning
    )
    return "".join(f"{value} points: {count} hands\n" for value, count in sorted(points.items()))


def _write_hands(folder: Path) -> list[str]:
    rng = random.Random(2026)
    hands = [str(random_mahjong(rng)) for _ in range(60)]
    lines = ["# seeded Singapore hands", *hands[:30], "", *(f'{{"hand": "{hand}"}}' for hand in hands[30:])]
    (folder / "hands.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return hands


def test_the_process_pool_example_of_the_docs_runs(tmp_path: Path) -> None:
    hands = _write_hands(tmp_path)
    (tmp_path / "winning.py").write_text(_docs_script("winning.py"), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "winning.py"], cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == _expected_output(hands)


def test_the_dask_example_of_the_docs_runs(tmp_path: Path) -> None:
    hands = _write_hands(tmp_path)
    (tmp_path / "winning_dask.py").write_text(_docs_script("winning_dask.py"), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "winning_dask.py"], cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == _expected_output(hands) * 2  # dask.bag, then Client.submit
