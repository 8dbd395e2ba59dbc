"""The ruleset registry: names, typed options, run-time registration and entry points."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets.flex import FlexRuleset
from tests.toy_ruleset import SevenPairsOptions, SevenPairsRuleset


@pytest.fixture
def registered() -> Iterator[type[SevenPairsRuleset]]:
    mr.register_ruleset(SevenPairsRuleset)
    yield SevenPairsRuleset
    mr.unregister_ruleset(SevenPairsRuleset.name)


def test_no_placeholder_rulesets_are_registered() -> None:
    # A ruleset is registered only once it works: every listed name must build and evaluate.
    for name in mr.available_rulesets():
        ruleset = mr.get_ruleset(name)
        assert isinstance(ruleset, mr.Ruleset)
        assert ruleset.name == name


def test_registered_ruleset_is_listed_and_built_with_defaults(registered: type[SevenPairsRuleset]) -> None:
    assert "seven-pairs" in mr.available_rulesets()
    ruleset = mr.get_ruleset("seven-pairs")
    assert isinstance(ruleset, SevenPairsRuleset)
    assert ruleset.options == SevenPairsOptions(pair_value=1)


def test_options_are_passed_through(registered: type[SevenPairsRuleset]) -> None:
    ruleset = mr.get_ruleset("seven-pairs", pair_value=3)
    hand = mr.Hand.parse("11B 22B 33B 44C 55C 66D 77D")
    assert ruleset.evaluate(hand).points == 21


def test_unknown_ruleset_lists_the_available_ones(registered: type[SevenPairsRuleset]) -> None:
    with pytest.raises(mr.UnknownRulesetError) as caught:
        mr.get_ruleset("seven-pair")
    assert isinstance(caught.value, ValueError)
    assert caught.value.name == "seven-pair"
    assert "seven-pairs" in caught.value.available
    assert "'seven-pairs'" in str(caught.value)


def test_unknown_option_names_the_nearest_and_lists_the_options(registered: type[SevenPairsRuleset]) -> None:
    with pytest.raises(mr.OptionError) as caught:
        mr.get_ruleset("seven-pairs", pair_valu=2)
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.option == "pair_valu"
    assert error.valid == ("pair_value (int, default 1)", "label (str, default 'seven pairs')")
    assert str(error) == (
        "unknown option 'pair_valu' for ruleset 'seven-pairs'; did you mean 'pair_value'? "
        "(its options: pair_value, label)"
    )


@pytest.mark.parametrize(
    ("option", "value", "expected"),
    [
        pytest.param("pair_value", "2", "must be int, not str '2'", id="str-for-int"),
        pytest.param("pair_value", True, "must be int, not bool True", id="bool-for-int"),
        pytest.param("pair_value", 2.0, "must be int, not float 2.0", id="float-for-int"),
        pytest.param("label", 7, "must be str, not int 7", id="int-for-str"),
    ],
)
def test_option_types_are_checked(
    registered: type[SevenPairsRuleset], option: str, value: object, expected: str
) -> None:
    with pytest.raises(mr.OptionError, match=expected) as caught:
        mr.get_ruleset("seven-pairs", **{option: value})
    assert caught.value.option == option


def test_option_validators_of_the_ruleset_are_reported_as_option_errors(
    registered: type[SevenPairsRuleset],
) -> None:
    with pytest.raises(mr.OptionError, match="pair_value") as caught:
        mr.get_ruleset("seven-pairs", pair_value=0)
    assert caught.value.option == "pair_value"


def test_registering_twice_needs_replace(registered: type[SevenPairsRuleset]) -> None:
    with pytest.raises(mr.RulesetError, match="already registered"):
        mr.register_ruleset(SevenPairsRuleset)
    assert mr.register_ruleset(SevenPairsRuleset, replace=True) is SevenPairsRuleset


def test_register_refuses_what_is_not_a_ruleset_class() -> None:
    class NoOptions:
        name = "no-options"

    @attrs.frozen
    class EmptyOptions:
        pass

    class NoName:
        Options = EmptyOptions

    with pytest.raises(mr.RulesetError, match="Options must be an attrs class"):
        mr.register_ruleset(NoOptions)
    with pytest.raises(mr.RulesetError, match="non-empty string 'name'"):
        mr.register_ruleset(NoName)
    assert "no-options" not in mr.available_rulesets()


def test_unregister_unknown_name() -> None:
    with pytest.raises(mr.UnknownRulesetError):
        mr.unregister_ruleset("never-registered")


def test_unregister_refuses_built_in_rulesets_and_names_that_are_no_strings() -> None:
    """A built-in ruleset is not one of register_ruleset's: unregistering it says so (it said the
    ruleset was unknown); a name that is not a string is a TypeError, not an AttributeError."""
    for name in ("flex", "Singapore"):
        with pytest.raises(mr.RulesetError, match="cannot be unregistered"):
            mr.unregister_ruleset(name)
    assert "flex" in mr.available_rulesets()
    wrongs: list[object] = [[], None, b"flex"]
    for wrong in wrongs:
        with pytest.raises(TypeError, match="a ruleset name is a string"):
            mr.unregister_ruleset(wrong)  # type: ignore[arg-type]


def test_a_class_that_does_not_provide_the_protocol_is_refused() -> None:
    @attrs.frozen
    class Options:
        pass

    class Incomplete:
        name = "incomplete"

        def __init__(self, options: Options) -> None:
            self.options = options

    Incomplete.Options = Options  # type: ignore[attr-defined]
    mr.register_ruleset(Incomplete)
    try:
        with pytest.raises(mr.RulesetError, match="does not provide the Ruleset protocol"):
            mr.get_ruleset("incomplete")
    finally:
        mr.unregister_ruleset("incomplete")


def _install_distribution(root: Path, name: str, entry_points: str) -> None:
    dist_info = root / f"{name}-1.0.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (dist_info / "entry_points.txt").write_text(entry_points)


def test_third_party_ruleset_through_the_entry_point(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _install_distribution(
        tmp_path,
        "toy_pairs",
        "[mahjong_rules.rulesets]\nseven-pairs = tests.toy_ruleset:SevenPairsRuleset\n",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "seven-pairs" in mr.available_rulesets()
    ruleset = mr.get_ruleset("seven-pairs", pair_value=2)
    assert ruleset.name == "seven-pairs"
    assert ruleset.evaluate(mr.Hand.parse("11B 22B 33B 44C 55C 66D 77D")).points == 14


def test_broken_entry_point_reports_the_import_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _install_distribution(
        tmp_path,
        "broken_pairs",
        "[mahjong_rules.rulesets]\nbroken = no_such_module_anywhere:Ruleset\n",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "broken" in mr.available_rulesets()
    with pytest.raises(mr.RulesetError, match="could not be loaded") as caught:
        mr.get_ruleset("broken")
    assert isinstance(caught.value.__cause__, ImportError)
    assert "no_such_module_anywhere" not in sys.modules


def test_entry_point_name_must_match_the_class_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _install_distribution(
        tmp_path,
        "misnamed_pairs",
        "[mahjong_rules.rulesets]\npairs = tests.toy_ruleset:SevenPairsRuleset\n",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(mr.RulesetError, match="its name is 'seven-pairs'"):
        mr.get_ruleset("pairs")


def test_ruleset_name_must_be_a_string() -> None:
    with pytest.raises(TypeError):
        mr.get_ruleset(3)  # type: ignore[arg-type]


def test_the_same_options_give_the_same_ruleset() -> None:
    # Rulesets are immutable and load tables: the registry builds one per class and options, so a
    # loop that names its ruleset for every round keeps the tables and memos warm.
    assert mr.get_ruleset("flex") is mr.get_ruleset("FLEX")
    assert mr.get_ruleset("flex", year=True) is mr.get_ruleset("flex", year=True)
    assert mr.get_ruleset("flex", year=True) is not mr.get_ruleset("flex")
    with_year, plain = mr.get_ruleset("flex", year=True), mr.get_ruleset("flex")
    assert isinstance(with_year, FlexRuleset)
    assert isinstance(plain, FlexRuleset)
    assert with_year.options.year
    assert not plain.options.year


def test_unregister_reads_the_name_as_get_ruleset_does() -> None:
    """Names are case-insensitive everywhere: what ``get_ruleset("Seven-Pairs")`` finds,
    ``unregister_ruleset("Seven-Pairs")`` forgets."""
    mr.register_ruleset(SevenPairsRuleset)
    assert mr.get_ruleset("Seven-Pairs").name == "seven-pairs"
    mr.unregister_ruleset("Seven-Pairs")
    assert "seven-pairs" not in mr.available_rulesets()
