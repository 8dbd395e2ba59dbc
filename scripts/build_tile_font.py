"""Build ``docs/_static/mahjong-tiles.woff2``: the 44 mahjong tile glyphs (U+1F000 to U+1F02B) of
Noto Sans Symbols 2, so that the documentation's code blocks (the real output of
``format("unicode")``) show tiles on machines without a mahjong font.

    apt-get download fonts-noto-core && dpkg-deb -x fonts-noto-core_*.deb noto
    pip install fonttools brotli
    python scripts/build_tile_font.py noto/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf

Noto Sans Symbols 2 is Copyright 2017 Google Inc. and licensed under the SIL Open Font License,
version 1.1 (no reserved font names); the licence travels with the subset as
``docs/_static/mahjong-tiles-OFL.txt``. The built file is committed: building the docs needs
neither the font nor fonttools.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from fontTools import subset  # type: ignore[import-untyped]

OUTPUT = Path(__file__).resolve().parent.parent / "docs" / "_static" / "mahjong-tiles.woff2"
TILES = range(0x1F000, 0x1F02C)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("font", type=Path, help="NotoSansSymbols2-Regular.ttf")
    args = parser.parse_args()
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = []
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    font = subset.load_font(str(args.font), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=list(TILES))
    subsetter.subset(font)
    missing = [hex(code) for code in TILES if code not in font.getBestCmap()]
    if missing:
        raise SystemExit(f"the font lacks the tiles {', '.join(missing)}")
    subset.save_font(font, str(OUTPUT), options)
    print(f"{OUTPUT}: {OUTPUT.stat().st_size} bytes, {len(TILES)} tiles")


if __name__ == "__main__":
    main()
