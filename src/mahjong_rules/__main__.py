"""``python -m mahjong_rules``: the same as the ``mahjong-rules`` command."""

import sys

from mahjong_rules.cli import main

if __name__ == "__main__":
    sys.exit(main())
