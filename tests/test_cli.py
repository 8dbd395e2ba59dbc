"""The mahjong-rules command line."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import mahjong_rules as mr
from mahjong_rules import Hand
from mahjong_rules.cli import DEMO_HANDS, main


def test_demo_prints_every_example_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    for title, _ in DEMO_HANDS:
        assert title in out
    assert "🀇🀈🀉" in out  # the unicode rendering of 1-2-3 Craks from the Singapore example


def test_demo_json_round_trips_the_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert len(report["hands"]) == len(DEMO_HANDS)
    thirteen_wonders = next(entry["hand"] for entry in report["hands"] if entry["title"].startswith("Thirteen"))
    assert thirteen_wonders["tiles"] == 14
    assert thirteen_wonders["counts"]["RD"] == 2


def test_parse_json_reports_melds_and_tileset_problems(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["parse", "1B 1B 1B 1B 1B Cat [J 5C 5C @W]", "--tileset", "american", "--json"])
    assert status == 1  # the hand cannot exist in the American set
    summary = json.loads(capsys.readouterr().out)
    assert summary["canonical"] == "11111B Cat [55C J@W]"
    assert summary["melds"] == [
        {"notation": "[55C J@W]", "kind": "pung", "exposed": True, "represents": "5C", "called_from": "WEST"}
    ]
    assert summary["problems"] == ["5 of 1B, the set has 4", "Cat is not in the set"]


def test_parse_plain_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "123m 11z", "--tileset", "singapore"]) == 0
    out = capsys.readouterr().out
    assert "canonical: 123C EE" in out
    assert "in the Singapore tile set: none" in out


def test_bad_input_exits_2_with_the_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "1B 2B XB"]) == 2
    err = capsys.readouterr().err
    assert "unknown token 'XB' at position 6" in err


def test_unknown_ruleset_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["evaluate", "no-such-ruleset", "1B"]) == 2
    assert "unknown ruleset 'no-such-ruleset'" in capsys.readouterr().err


def test_rulesets_json_is_a_mapping(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulesets", "--json"]) == 0
    assert isinstance(json.loads(capsys.readouterr().out), dict)


def test_python_dash_m_runs_the_same_command() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mahjong_rules", "parse", "soap 0B"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0
    assert "canonical: GD WD" in result.stdout


def test_option_without_a_value_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    import mahjong_rules as mr
    from tests.toy_ruleset import SevenPairsRuleset

    mr.register_ruleset(SevenPairsRuleset)
    try:
        assert main(["evaluate", "seven-pairs", "11B 22B 33B 44C 55C 66D 77D", "-o", "pair_value"]) == 2
        assert "option 'pair_value' is not NAME=VALUE" in capsys.readouterr().err
        assert main(["evaluate", "seven-pairs", "11B 22B 33B 44C 55C 66D 77D", "-o", "pair_value=2", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["result"]["points"] == 14
    finally:
        mr.unregister_ruleset("seven-pairs")


def test_evaluate_flex_with_typed_options(capsys: pytest.CaptureFixture[str]) -> None:
    # Run 3-7 in Bams and Craks, concealed: Mahjong + Concealed (+ Jokerless only in a game with
    # jokers, ruling F9): 2 points without jokers, under a minimum of 3 (ruling F11).
    hand = "333C 44B 555C 666C 777C"
    assert main(["evaluate", "flex", hand, "-o", "jokers=0", "-o", "minimum_value=3", "--json"]) == 1  # not winning
    result = json.loads(capsys.readouterr().out)["result"]
    assert result["is_winning"] is False
    assert [reason["code"] for reason in result["reasons"]] == ["below-minimum"]
    assert main(["evaluate", "flex", hand, "-o", "minimum_value=none", "-o", "news=yes", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["result"]["points"] == 3


def test_evaluate_flex_refuses_an_option_of_the_wrong_type(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["evaluate", "flex", "333C 44B 555C 666C 777C", "-o", "minimum_value=three"]) == 2
    assert "option 'minimum_value' of 'flex' must be int or None, not 'three'" in capsys.readouterr().err


def test_evaluate_singapore_and_settle_on_a_discard(capsys: pytest.CaptureFixture[str]) -> None:
    """Singapore line 291-295: each double doubles the point; the discarder pays double. The hand
    holds the Cat and East's flower RF1 at East: 2 doubles, 4 points; South threw the winning tile
    and pays 8, the others 4."""
    hand = "123C 456C 789C 234D 55B RF1 Cat"
    status = main(["evaluate", "singapore", hand, "--winning-tile", "5B", "--settle", "--discarder", "S", "--json"])
    assert status == 0
    report = json.loads(capsys.readouterr().out)["result"]
    assert report["evaluation"]["points"] == 2
    amounts = {(transfer["payer"], transfer["amount"]) for transfer in report["settlement"]["transfers"]}
    assert amounts == {("SOUTH", 8), ("WEST", 4), ("NORTH", 4)}


def test_evaluate_passes_every_win_context_flag(capsys: pytest.CaptureFixture[str]) -> None:
    """Singapore line 254-257: the replacement and robbing doubles come from the command line's
    context flags; a contradiction (robbing the kong self-drawn) exits 2 with the error."""
    hand = "123C 456C 789C 234D 55B RF1 Cat"
    assert main(["evaluate", "singapore", hand, "--self-drawn", "--flower-replacement"]) == 0
    assert "Flower replacement: +1" in capsys.readouterr().out
    assert main(["evaluate", "singapore", hand, "--self-drawn", "--robbing-kong"]) == 2
    assert "robbing_kong" in capsys.readouterr().err


# -- card commands (issue 12) ---------------------------------------------------------------------

CARD_TEXT = """format = 1
name = "CLI card"

[[section]]
name = "2468"
lines = [
  { hand = "222x 4444x 666x 8888x", value = 25 },
  { hand = "FF 2222x 44y 66y 8888z", value = 30, concealed = true },
]
"""


def test_card_validate_reports_a_valid_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    card = tmp_path / "card.toml"
    card.write_text(CARD_TEXT, encoding="utf-8")
    assert main(["card", "validate", str(card)]) == 0
    # 222x 4444x 666x 8888x: 3 suits; FF 2222x 44y 66y 8888z: 3 x 2 x 1 suit assignments
    assert "a valid card, 'CLI card': 1 section, 2 lines, 9 concrete hands" in capsys.readouterr().out


def test_card_validate_names_the_line_and_column_of_a_fault(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    card = tmp_path / "card.toml"
    card.write_text(CARD_TEXT.replace("666x 8888x", "666x 8888"), encoding="utf-8")
    assert main(["card", "validate", str(card)]) == 2
    # line 7, `  { hand = "222x 4444x 666x 8888",`: the pattern starts at column 13, the group 8888 at 29
    assert (
        f"{card}:7:29: the number 8 needs a suit variable (x, y or z) after it in its group" in capsys.readouterr().err
    )


def test_card_show_json_lists_the_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    card = tmp_path / "card.toml"
    card.write_text(CARD_TEXT, encoding="utf-8")
    assert main(["card", "show", str(card), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    lines = shown["sections"][0]["lines"]
    assert [(line["label"], line["kind"], line["value"]) for line in lines] == [
        ("2468 #1", "X", 25),
        ("2468 #2", "C", 30),
    ]


def test_card_rank_puts_the_closest_line_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    card = tmp_path / "card.toml"
    card.write_text(CARD_TEXT, encoding="utf-8")
    # 222C 444C 666C 8888C F: one 4C short of 2468 #1 (a joker may fill it)
    assert main(["card", "rank", "222C 444C 666C 8888C F", "--card", str(card), "--json"]) == 0
    ranked = json.loads(capsys.readouterr().out)
    assert ranked[0]["label"] == "2468 #1"
    assert ranked[0]["tiles_away"] == 1
    assert ranked[0]["needed"] == ["4C"]
    assert ranked[0]["joker_fillable"] == ["4C"]
    assert ranked[0]["unseen"] == {"4C": 1}


def test_card_rank_with_seen_tiles_marks_dead_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    card = tmp_path / "card.toml"
    card.write_text(CARD_TEXT, encoding="utf-8")
    # the line 2468 #2 needs a pair of flowers; with all 8 flowers seen it is dead
    flowers = " ".join(["F"] * 8)
    assert main(["card", "rank", "222C 444C 666C 8888C 1B", "--card", str(card), "--seen", flowers, "--json"]) == 0
    ranked = {entry["label"]: entry for entry in json.loads(capsys.readouterr().out)}
    assert ranked["2468 #2"]["dead"] is True
    assert ranked["2468 #1"]["dead"] is False


def test_evaluate_nmjl_with_settle(capsys: pytest.CaptureFixture[str]) -> None:
    """The sample card's 2468 #1 (22x 4444x 66x 8888x DDx), a joker in the kong of 8s: 25 points;
    the discarder pays double (ruling N5)."""
    assert main(["evaluate", "nmjl", "22B 4444B 66B 888B J GD GD", "--settle", "--discarder", "S", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)["result"]
    assert report["evaluation"]["points"] == 25
    transfers = report["settlement"]["transfers"]
    assert {(t["payer"], t["amount"]) for t in transfers} == {("SOUTH", 50), ("WEST", 25), ("NORTH", 25)}


# -- settle, analyse, exit codes, JSON errors, serve (issue 13) ----------------------------------


def test_exit_codes_winning_not_winning_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    """Documented exit codes: 0 winning, 1 not winning, 2 bad input."""
    assert main(["evaluate", "flex", "333C 44B 555C 666C 777C"]) == 0
    assert main(["evaluate", "flex", "111B 222C 333D 44B 555B"]) == 1
    assert main(["evaluate", "flex", "1B 2B XB"]) == 2
    assert main(["settle", "flex", "111B 222C 333D 44B 555B", "--discarder", "S"]) == 1


def test_json_errors_are_an_object_on_stdout_and_a_message_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["evaluate", "flex", "1B 2B XB", "--json"]) == 2
    captured = capsys.readouterr()
    response = json.loads(captured.out)
    assert response["ok"] is False
    assert response["error"]["code"] == "bad-input"
    assert response["error"]["type"] == "NotationError"
    assert "unknown token 'XB' at position 6" in response["error"]["message"]
    assert "unknown token 'XB' at position 6" in captured.err


def test_a_hand_after_double_dash_is_read(capsys: pytest.CaptureFixture[str]) -> None:
    """``--`` ends the options, so that a hand written after it is read as the hand even if it
    started with '-'; the hand's spaces are kept by quoting (one argument)."""
    assert main(["evaluate", "--json", "flex", "--", "333C 44B 555C 666C 777C"]) == 0
    assert json.loads(capsys.readouterr().out)["result"]["points"] == 3


def test_settle_command_pays_as_the_evaluation_says(capsys: pytest.CaptureFixture[str]) -> None:
    """Flex: the hand is worth 3 (Mahjong, Concealed, Jokerless); the discarder pays double (F12)."""
    assert main(["settle", "flex", "333C 44B 555C 666C 777C", "--discarder", "S", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)["result"]
    assert result["settlement"]["payments"] == {"EAST": 12, "SOUTH": -6, "WEST": -3, "NORTH": -3}
    assert main(["settle", "flex", "333C 44B 555C 666C 777C", "--discarder", "S"]) == 0
    out = capsys.readouterr().out
    assert "South pays East 6 (discarded the winning tile: double)" in out
    assert Hand.parse("333C 44B 555C 666C 777C").format("unicode") in out  # readable output shows tile glyphs


def test_analyse_lists_tiles_away_waits_discards_and_card_lines(capsys: pytest.CaptureFixture[str]) -> None:
    # Flex: 333C 44B 555C 666C 7C J 9D is one tile away (ruling checked in the Flex tests).
    assert main(["analyse", "flex", "333C 44B 555C 666C 7C J 9D", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)["result"]
    assert result["tiles_away"] == 1
    assert result["discard_options"][0]["discard"] == "9D"
    # The card ruleset: one 8B short of 2468 #1 of the sample card (22x 4444x 66x 8888x DDx).
    assert main(["analyse", "nmjl", "22B 4444B 66B 888B GD GD", "--json", "--limit", "1"]) == 0
    result = json.loads(capsys.readouterr().out)["result"]
    assert result["waits"] == ["8B", "J"]
    assert result["closest_lines"][0]["line"] == "2468 #1"
    assert result["closest_lines"][0]["needed"] == ["8B"]


def test_analyse_singapore_prints_waits_and_pay_all_discards(capsys: pytest.CaptureFixture[str]) -> None:
    """A Singapore hand of 13 tiles besides its bonus tiles waits (the hand has a kong and two bonus
    tiles); with two dragon pongs showing, the third dragon is a pay-all discard (ruling S9)."""
    assert main(["analyse", "singapore", "{5555B} 123C 456C 789C 1D RF1 Cat"]) == 0
    assert "  waits: 1D\n" in capsys.readouterr().out
    hand = "[RD RD RD@S] [GD GD GD@W] 234C 56C WD WD"
    assert main(["analyse", "singapore", hand, "--tiles-left", "3", "--discarded", "4C"]) == 0
    out = capsys.readouterr().out
    assert "  pay-all discards:\n    1C: a fresh tile at the end of the game\n    7C: a fresh" in out
    assert "    WD: the Dragon tile set" in out
    assert "4C:" not in out


def test_instant_prints_the_payment(capsys: pytest.CaptureFixture[str]) -> None:
    """Ruling S8: an exposed kong, 2 from each player; S19: both seat flowers in the first 13
    tiles, 4 from each; options change the amounts."""
    assert main(["instant", "singapore", "exposed kong", "--receiver", "W"]) == 0
    assert "net: East -2, South -2, West +6, North -2" in capsys.readouterr().out
    assert main(["instant", "singapore", "seat flowers", "--receiver", "N", "--initial", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["result"]["payments"] == {
        "EAST": -4,
        "SOUTH": -4,
        "WEST": -4,
        "NORTH": 12,
    }
    assert main(["instant", "singapore", "concealed kong", "--receiver", "E", "-o", "concealed_kong=1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["result"]["payments"] == {
        "EAST": 3,
        "SOUTH": -1,
        "WEST": -1,
        "NORTH": -1,
    }


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["instant", "flex", "exposed kong", "--receiver", "W"], "the flex ruleset has no instant payments"),
        (["instant", "singapore", "exposed pong", "--receiver", "W"], "no instant payment for 'exposed pong'"),
        (["instant", "singapore", "exposed kong", "--receiver", "N", "-o", "players=3"], "North is not at the table"),
    ],
)
def test_instant_refuses_what_is_not_paid(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_serve_answers_each_line_and_never_crashes() -> None:
    """The JSON-lines protocol through the real command: one response per request line, in
    order, errors as responses, the process ending normally at the end of input."""
    requests = [
        {"id": 1, "command": "evaluate", "ruleset": "flex", "hand": "333C 44B 555C 666C 777C"},
        {"id": 2, "command": "settle", "ruleset": "flex", "hand": "333C 44B 555C 666C 777C", "discarder": "S"},
        {"id": 3, "command": "evaluate", "ruleset": "flex", "hand": "1B 2B XB"},
        {"id": 4, "command": "dance"},
    ]
    text = "\n".join(json.dumps(request) for request in requests) + "\nnot json\n\n"
    result = subprocess.run(
        [sys.executable, "-m", "mahjong_rules", "serve"], input=text, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0
    responses = [json.loads(line) for line in result.stdout.splitlines()]
    assert [response["id"] for response in responses] == [1, 2, 3, 4, None]
    assert [response["ok"] for response in responses] == [True, True, False, False, False]
    assert responses[0]["result"]["points"] == 3
    assert responses[1]["result"]["settlement"]["payments"]["SOUTH"] == -6
    assert [response["error"]["code"] for response in responses[2:]] == ["bad-input", "bad-request", "bad-request"]


def test_batch_writes_one_json_line_per_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``mahjong-rules batch``: every hand of a file (notation or JSON lines, comments skipped),
    one result line each in order, bad hands reported in their place, a summary on stderr."""
    hands = tmp_path / "hands.txt"
    hands.write_text(
        '# three hands\n333C 44B 555C 666C 777C\n{"hand": "111B 222C 333D 44B 555B"}\n\n1B 2B XB\n', encoding="utf-8"
    )
    assert main(["batch", "flex", str(hands), "--progress", "off"]) == 0
    captured = capsys.readouterr()
    lines = [json.loads(line) for line in captured.out.splitlines()]
    assert [line["index"] for line in lines] == [0, 1, 2]
    assert (lines[0]["is_winning"], lines[0]["points"]) == (True, 3)
    assert lines[1]["is_winning"] is False
    assert lines[2]["error"]["type"] == "NotationError"
    assert "3 lines in" in captured.err
    assert "1 winning, 1 that could not be evaluated" in captured.err
    assert main(["batch", "flex", str(hands), "--progress", "off", "--full", "--processes", "2"]) == 0
    full = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert full[0]["type"] == "evaluation"
    assert full[0]["points"] == 3


_FUZZ_HANDS = [
    "333C 44B 555C 666C 777C",
    "123C 456C 789C 234D 55B RF1 Cat",
    "1B",
    "",
    "[RD RD RD@S] 234C 56C WD WD",
    "{5555B} 123C 456C 789C 1D",
    "1C 9C 1B 9B 1D 9D E S W N RD GD WD WD",
    "xx",
    "[",
    "22B 4444B 66B 888B J GD GD",
]
_FUZZ_FLAGS = ["--self-drawn", "--last-tile", "--kong-replacement", "--robbing-kong", "--fresh-discard", "--json"]
_FUZZ_OPTIONS = ["--seat-wind", "--winning-tile", "--tiles-left", "--discarder", "--winner", "--seen", "--limit"]
_FUZZ_OPTIONS += ["--discarded", "-o", "--receiver"]
_FUZZ_VALUES = ["E", "N", "X", "5C", "RD", "-1", "0", "3", "limit=8", "jokers=9", "players=3", "bogus=1", "", "Cat"]


def test_random_command_lines_exit_0_1_or_2_and_never_crash(capsys: pytest.CaptureFixture[str]) -> None:
    """Fuzz: seeded random command lines (every command, good and bad rulesets, hands, flags and
    values) end with status 0, 1 or 2; no exception escapes ``main``."""
    rng = random.Random(11)
    for _ in range(400):
        command = rng.choice(["evaluate", "settle", "analyse", "instant", "parse"])
        argv = [command]
        if command == "parse":
            argv.append(rng.choice(_FUZZ_HANDS))
        else:
            argv.append(rng.choice(["flex", "card-free", "nmjl", "singapore", "nope"]))
            argv.append(rng.choice(["exposed kong", "seat flowers", *_FUZZ_VALUES]) if command == "instant" else "")
            if command != "instant":
                argv[-1] = rng.choice(_FUZZ_HANDS)
        for _ in range(rng.randint(0, 3)):
            if rng.random() < 0.4:
                argv.append(rng.choice(_FUZZ_FLAGS))
            else:
                argv += [rng.choice(_FUZZ_OPTIONS), rng.choice(_FUZZ_VALUES)]
        status: object
        try:
            status = main(argv)
        except SystemExit as exit_:  # argparse: a flag the command does not take
            status = exit_.code
        assert status in (0, 1, 2), argv
    capsys.readouterr()


def test_batch_records_a_line_that_is_no_hand_and_goes_on(tmp_path: Any, capsys: Any) -> None:
    """Issue 22: a malformed JSON line is recorded in its place with its line number, the hands
    around it are evaluated, and the summary counts it."""
    hands = tmp_path / "hands.txt"
    hands.write_text(
        '333C 44B 555C 666C 777C\n{"hand": 5}\n\n{"hand": "333C 44B 555C 666C 777C"}\n{"hand": \n', "utf-8"
    )
    for processes in ("1", "2"):
        assert main(["batch", "flex", str(hands), "--progress", "off", "--processes", processes]) == 0
        captured = capsys.readouterr()
        lines = [json.loads(line) for line in captured.out.splitlines()]
        assert [line["index"] for line in lines] == [0, 1, 2, 3]
        assert [line.get("is_winning") for line in lines] == [True, None, True, None]
        assert (lines[1]["line"], lines[1]["error"]["type"]) == (2, "HandFileError")
        assert '"hand" is a hand' in lines[1]["error"]["message"]
        assert lines[3]["line"] == 5
        assert "4 lines in" in captured.err
        assert "2 winning, 2 that could not be evaluated" in captured.err


def test_sample_prints_seeded_hands_of_the_ruleset(capsys: Any) -> None:
    """Issue 22: `mahjong-rules sample` makes the file of hands the batch docs start from: the
    same hands for the same seed, each 14 tiles the ruleset's tile set can deal."""
    assert main(["sample", "singapore", "--count", "5", "--seed", "3"]) == 0
    first = capsys.readouterr().out.splitlines()
    assert main(["sample", "singapore", "--count", "5", "--seed", "3"]) == 0
    assert capsys.readouterr().out.splitlines() == first
    assert len(first) == 5
    tileset = mr.get_ruleset("singapore").tileset
    for text in first:
        hand = mr.Hand.parse(text, tileset)
        assert len(hand) == 14
    assert main(["sample", "flex", "--count", "-1"]) == 2
    assert "count is a number of hands" in capsys.readouterr().err


def test_errors_speak_in_flags_not_python(capsys: Any) -> None:
    """Issue 22: the command line's errors name its flags, not WinContext fields; a seat or tile
    flag that is wrong is named with its value."""
    hand = "333C 44B 555C 666C 777C"
    assert main(["settle", "flex", hand]) == 2
    err = capsys.readouterr().err
    assert "--discarder" in err
    assert "--self-drawn" in err
    assert "WinContext" not in err
    assert main(["settle", "flex", hand, "--winner", "S", "--seat-wind", "W"]) == 2
    err = capsys.readouterr().err
    assert "--seat-wind S" in err
    assert "WinContext" not in err
    assert "Seat." not in err
    assert main(["settle", "flex", hand, "--discarder", "X"]) == 2
    err = capsys.readouterr().err
    assert "--discarder 'X' is not a seat" in err
    assert "position" not in err
    assert main(["evaluate", "singapore", "123C 456C 789C 234D 55B", "--winning-tile", "5X"]) == 2
    assert "--winning-tile '5X' is not one tile" in capsys.readouterr().err


def test_winner_alone_settles_for_that_seat(capsys: Any) -> None:
    """Issue 22: the help says the winner defaults to the seat wind; given alone, the winner is
    the seat wind too."""
    assert main(["settle", "flex", "333C 44B 555C 666C 777C", "--winner", "S", "--self-drawn"]) == 0
    out = capsys.readouterr().out
    assert "net: East -4, South +12, West -4, North -4" in out


def test_command_line_niceties(capsys: Any) -> None:
    """Issue 22: --version; a bare command prints the help; the American spelling analyze; an
    unquoted hand is told to quote it; a 13-tile evaluation points to analyse; -o has help."""
    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out.strip() == f"mahjong-rules {mr.__version__}"
    assert main([]) == 0
    assert "usage: mahjong-rules" in capsys.readouterr().out
    assert main(["analyze", "flex", "333C 44B 555C 666C 77C"]) == 0
    assert "waits: 3C 4B 5C 6C 7C J" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["evaluate", "flex", "333C", "44B"])
    assert "quote it as one argument" in capsys.readouterr().err
    assert main(["evaluate", "flex", "333C 44B 555C 666C 77C"]) == 1
    assert "mahjong-rules analyse flex" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["settle", "--help"])
    assert "a ruleset option, repeatable" in capsys.readouterr().out


def test_rulesets_json_gives_each_option_as_data(capsys: Any) -> None:
    """Issue 22: other languages read each option's name, type, default, choices and
    description, not a line of text; the schema command prints the published schemas."""
    assert main(["rulesets", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    flowers = next(option for option in listing["flex"] if option["name"] == "flowers")
    assert flowers == {
        "name": "flowers",
        "type": "int",
        "default": 8,
        "default_computed": False,
        "choices": [0, 6, 7, 8],
        "description": "how many flowers are in the game: 6 to 8, or 0 for none.",
    }
    year = next(option for option in listing["flex"] if option["name"] == "year_digits")
    assert (year["default"], year["default_computed"]) == (None, True)
    players = next(option for option in listing["singapore"] if option["name"] == "players")
    assert players["choices"] == [3, 4]
    assert main(["schema"]) == 0
    protocol = json.loads(capsys.readouterr().out)
    assert protocol == mr.json_schema("protocol")
    assert main(["schema", "values"]) == 0
    assert json.loads(capsys.readouterr().out) == mr.json_schema("values")


def test_a_reader_that_stops_early_ends_the_command_quietly() -> None:
    """Issue 22: ``mahjong-rules ... | head -1`` ends with the closed pipe's status (141), no
    traceback, and never 1 (which says "not winning")."""
    command = [sys.executable, "-m", "mahjong_rules", "sample", "flex", "--count", "200000"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None
        assert process.stderr is not None
        first = process.stdout.readline()
        process.stdout.close()  # what head does after its line
        errors = process.stderr.read()
        status = process.wait(timeout=60)
    assert len(mr.Hand.parse(first.decode())) == 14
    assert status == 141
    assert b"Traceback" not in errors


def test_parse_notes_braces_that_are_no_concealed_kong(capsys: Any) -> None:
    """Issue 22: ``{RD RD RD}`` reads as a declared concealed set of three, which no ruleset
    accepts: parse says so; a concealed kong gets no note."""
    assert main(["parse", "{RD RD RD} 5B"]) == 0
    out = capsys.readouterr().out
    assert "note: {RD RD RD}: braces declare a concealed kong of four like tiles" in out
    assert main(["parse", "{5555C} 5B"]) == 0
    assert "note:" not in capsys.readouterr().out


def test_compare_prints_the_duplicate_table_and_its_json(capsys: pytest.CaptureFixture[str]) -> None:
    """``compare`` on the command line: the library's ``compare`` of the bots named, as a table
    or as JSON."""
    import random as random_module

    from mahjong_rules.engine import compare, random_agent
    from mahjong_rules.engine.bots import greedy_agent

    assert main(["compare", "singapore", "greedy", "random", "--deals", "2", "--seed", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    # The same comparison in Python: the bots by name, random seeded with the seed plus its place.
    expected = compare(
        {"greedy": greedy_agent(), "random": random_agent(random_module.Random(3 + 2))}, "singapore", 2, seed=3
    )
    assert report["seatings"] == [list(seating) for seating in expected.seatings]
    assert [(row["name"], row["payments"], row["wins"]) for row in report["standings"]] == [
        (standing.name, standing.payments, standing.wins) for standing in expected.standings
    ]
    assert sum(row["payments"] for row in report["standings"]) == 0
    assert main(["compare", "singapore", "greedy", "random", "--deals", "2", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    walls = f"{expected.wall_games} wall game" + ("" if expected.wall_games == 1 else "s")
    assert lines[0] == f"singapore: 2 deals x 2 seatings = 4 rounds, {walls}"
    assert lines[1].split() == ["bot", "seats", "mean", "+/-", "wins"]
    assert [line.split()[0] for line in lines[2:]] == [standing.name for standing in expected.standings]


def test_compare_takes_a_bot_of_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "first_legal.py").write_text(
        "def make():\n    return lambda view: view.legal[0]\n\ndef broken():\n    return lambda view: None\n"
        "\ndef not_an_agent():\n    return 3\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    assert main(["compare", "flex", "first_legal:make", "greedy", "--deals", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert {row["name"] for row in report["standings"]} == {"first_legal:make", "greedy"}
    assert main(["compare", "flex", "first_legal:broken", "greedy", "--deals", "1"]) == 2
    error = capsys.readouterr().err
    assert "agent returned None" in error
    assert "(in compare: deal 1 of 1 (seed 0), seated East first_legal:broken" in error
    for spec, message in [
        ("first_legal:not_an_agent", "not_an_agent() made 3, not an agent"),
        ("first_legal:missing", "first_legal has no function 'missing'"),
        ("no_such_module:make", "no module 'no_such_module'"),
        ("first_legal", "a bot is greedy, random or module:factory"),
        (":make", "a bot is greedy, random or module:factory"),
    ]:
        assert main(["compare", "flex", spec, "greedy"]) == 2
        assert message in capsys.readouterr().err
    assert main(["compare", "flex", "greedy"]) == 2
    assert "compare takes 2 to 4 agents" in capsys.readouterr().err
    assert main(["compare", "flex", "greedy", "random", "--deals", "0"]) == 2
    assert "deals is a whole number of 1 or more" in capsys.readouterr().err


def test_compare_draws_a_progress_bar_of_deals_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "singapore", "greedy", "random", "--deals", "2", "--progress", "on"]) == 0
    captured = capsys.readouterr()
    assert "2/2 deals 100%" in captured.err
    assert captured.out.startswith("singapore: 2 deals x 2 seatings")
    assert main(["compare", "singapore", "greedy", "random", "--deals", "1", "--progress", "off"]) == 0
    assert capsys.readouterr().err == ""
