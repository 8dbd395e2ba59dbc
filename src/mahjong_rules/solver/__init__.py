"""The one engine that splits tiles into sets, used by every ruleset.

It works on count vectors (sequences indexed by :attr:`Tile.index <mahjong_rules.Tile.index>`,
such as :attr:`Hand.counts <mahjong_rules.Hand.counts>`), never on tile objects, and memoizes on
small tuples of counts with bounded memos.

- :mod:`mahjong_rules.solver.standard`: sets (chows, pungs) plus one eye, as in Singapore.
"""
