"""Check the standard-form solver against the `mahjong` package (PyPI, MIT) on seeded hands.

    python benchmarks/agreement.py [--hands 100000] [--seed 2026]

Hands of eight kinds, an eighth each: complete (four sets and a pair), random 14, complete less
one tile, random 13, several pairs (three to seven, all pairs included) in 14 and in 13 tiles, a
tile held four times in 14 and in 13 tiles. It compares: the winning shape with the peer's regular
hand alone (`Shanten.calculate_shanten_for_regular_hand(...) == -1`) and Thirteen Wonders with its
thirteen orphans, each on its own (its seven pairs is no shape of ours, and adding it to either
side would hide a solver that took several pairs for one); the number of decompositions
(`HandDivider.divide_hand`, its seven-pairs division set aside); tiles away with
`Shanten.calculate_shanten` (regular form plus thirteen orphans, no seven pairs) plus one; the
waits of 13-tile hands with the tiles (never a fifth copy, ruling S14) after which the peer's
regular hand or thirteen orphans is complete. It prints every mismatch and exits non-zero if
there is one.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _hands import TO_PEER, complete_hands, four_hands, one_short, pair_hands, random_hands, to_peer
from mahjong.agari import Agari
from mahjong.hand_calculating.divider import HandDivider
from mahjong.shanten import Shanten

from mahjong_rules.solver import standard


def regular(peer: list[int]) -> bool:
    """The peer's verdict on four sets and a pair alone."""
    return Shanten.calculate_shanten_for_regular_hand(peer) == Shanten.AGARI_STATE


def thirteen_orphans(peer: list[int]) -> bool:
    return Shanten.calculate_shanten_for_kokushi_hand(peer) == Shanten.AGARI_STATE


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands in all, an eighth of each kind")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    eighth = args.hands // 8
    complete = complete_hands(rng, eighth)
    random14 = random_hands(rng, eighth, 14)
    short = one_short(rng, complete)
    random13 = random_hands(rng, eighth, 13)
    pairs14 = pair_hands(rng, eighth, 14)
    pairs13 = pair_hands(rng, eighth, 13)
    fours14 = four_hands(rng, eighth, 14)
    fours13 = four_hands(rng, eighth, 13)
    fourteen = complete + random14 + pairs14 + fours14
    thirteen = short + random13 + pairs13 + fours13
    shanten = Shanten()
    mismatches: list[str] = []
    checked = {"winning shape": 0, "decompositions": 0, "tiles away": 0, "waits": 0}
    seven_pairs_only = 0

    for counts in fourteen:
        peer = to_peer(counts)
        ours_regular = standard.is_complete(counts)
        theirs_regular = regular(peer)
        ours_thirteen = standard.thirteen_wonders_away(counts) == 0
        theirs_thirteen = thirteen_orphans(peer)
        checked["winning shape"] += 1
        if ours_regular != theirs_regular:
            mismatches.append(f"regular shape {counts[:34]}: ours {ours_regular}")
        if ours_thirteen != theirs_thirteen:
            mismatches.append(f"thirteen wonders {counts[:34]}: ours {ours_thirteen}")
        if Agari.is_agari(peer) and not theirs_regular and not theirs_thirteen:
            seven_pairs_only += 1
        if ours_regular:
            theirs = [d for d in HandDivider.divide_hand(peer) if len(d) != 7]
            ours_count = sum(1 for _ in standard.decompositions(counts))
            checked["decompositions"] += 1
            if ours_count != len(theirs):
                mismatches.append(f"decompositions {counts[:34]}: ours {ours_count}, theirs {len(theirs)}")

    for counts in fourteen + thirteen:
        peer = to_peer(counts)
        ours_away = standard.tiles_away(counts, thirteen_wonders=True)
        theirs_away = shanten.calculate_shanten(peer, use_chiitoitsu=False, use_kokushi=True) + 1
        checked["tiles away"] += 1
        if ours_away != theirs_away:
            mismatches.append(f"tiles away {counts[:34]}: ours {ours_away}, theirs {theirs_away}")

    for counts in thirteen:
        peer = to_peer(counts)
        ours_waits = set(standard.waits(counts, thirteen_wonders=True))
        theirs_waits = set()
        for index, peer_index in enumerate(TO_PEER):
            if peer[peer_index] < 4:
                peer[peer_index] += 1
                # `is_agari` accepts every regular hand (and seven pairs): it spares the slower check.
                if Agari.is_agari(peer) and (regular(peer) or thirteen_orphans(peer)):
                    theirs_waits.add(index)
                peer[peer_index] -= 1
        checked["waits"] += 1
        if ours_waits != theirs_waits:
            mismatches.append(f"waits {counts[:34]}: ours {sorted(ours_waits)}, theirs {sorted(theirs_waits)}")

    for line in mismatches[:50]:
        print(line)
    for name, number in checked.items():
        print(f"{name}: {number} hands checked")
    print(f"hands the peer wins only as seven pairs (ours: not complete): {seven_pairs_only}")
    print(f"mismatches: {len(mismatches)}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
