"""Generate the standard form's tables, ``src/mahjong_rules/solver/standard_tables.bin``.

Usage: ``python scripts/build_standard_tables.py [--processes N]`` from the repository root.

Every suit pattern of at most 14 tiles (405,350) and every honour pattern (51,665) gets its exact
distance vector from the reference programme (``mahjong_rules.solver._vectors.part_distances``),
then the min-plus products of the distinct vectors and the final distances are tabled. It takes
a few minutes on two cores; the library ships the result, and ``tests/test_standard_tables.py``
regenerates a sample and compares.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from pathlib import Path

from mahjong_rules.solver._standard_tables import DATA_FILE, build, encode

TARGET = Path(__file__).resolve().parent.parent / "src" / "mahjong_rules" / "solver" / DATA_FILE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    start = time.perf_counter()
    with multiprocessing.Pool(args.processes) as pool:
        tables = build(lambda function, keys: pool.map(function, keys, chunksize=2048))
    data = encode(tables)
    TARGET.write_bytes(data)
    print(
        f"wrote {TARGET.name}: {len(data):,} bytes; {tables.suits} suit vectors, {tables.honors} honour "
        f"vectors, {tables.mixed} suit-and-honour products; {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
