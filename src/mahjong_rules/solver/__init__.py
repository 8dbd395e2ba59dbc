"""The one engine that splits tiles into sets, used by every ruleset.

It works on count vectors (sequences indexed by :attr:`Tile.index <mahjong_rules.Tile.index>`,
such as :attr:`Hand.counts <mahjong_rules.Hand.counts>`), never on tile objects, and memoizes on
small tuples of counts in bounded memos.

- A ruleset describes its sets with a :class:`Grammar` of :class:`GroupRule`.
- :func:`arrangements` lists every arrangement of concealed tiles, lazily;
  :func:`has_arrangement` says whether there is one.
- :func:`tiles_away`, :func:`waits` and :func:`discard_options` analyse a hand exactly;
  :func:`unseen` counts the tiles still to be seen in a tile set.
- :func:`target_away` measures the distance to one concrete target (a card line's tiles),
  matching exposed sets to whole groups.
- :mod:`mahjong_rules.solver.standard` holds the per-suit tables of the standard form
  (sets plus one eye), which the functions above use for :meth:`Grammar.standard`.
"""

from mahjong_rules.solver.analysis import (
    DiscardOption,
    discard_options,
    has_arrangement,
    tiles_away,
    unseen,
    waits,
)
from mahjong_rules.solver.distance import TargetGroup, grammar_away, target_away
from mahjong_rules.solver.grammar import Grammar, Group, GroupRule
from mahjong_rules.solver.search import arrangements

__all__ = [
    "DiscardOption",
    "Grammar",
    "Group",
    "GroupRule",
    "TargetGroup",
    "arrangements",
    "discard_options",
    "grammar_away",
    "has_arrangement",
    "target_away",
    "tiles_away",
    "unseen",
    "waits",
]
