"""Check the standard-form solver against the `mahjong` package (PyPI, MIT) on seeded hands.

    python benchmarks/agreement.py [--hands 100000] [--seed 2026]

For complete, random and one-short hands it compares: the winning shape (`Agari.is_agari`, whose
seven-pairs and thirteen-orphans readings are accounted for), the number of decompositions
(`HandDivider.divide_hand`, its seven-pairs division set aside), and tiles away with
`Shanten.calculate_shanten` (regular form plus thirteen orphans, no seven pairs) plus one. It prints
every mismatch and exits non-zero if there is one.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _hands import TO_PEER, complete_hands, one_short, random_hands, to_peer
from mahjong.agari import Agari
from mahjong.hand_calculating.divider import HandDivider
from mahjong.shanten import Shanten

from mahjong_rules.solver import standard


def seven_pairs(peer: list[int]) -> bool:
    return sum(1 for count in peer if count == 2) == 7


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands of each kind / 4")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    quarter = args.hands // 4
    complete = complete_hands(rng, quarter)
    random14 = random_hands(rng, quarter, 14)
    short = one_short(rng, complete)
    random13 = random_hands(rng, quarter, 13)
    shanten = Shanten()
    mismatches: list[str] = []
    checked = {"winning shape": 0, "decompositions": 0, "tiles away": 0, "waits": 0}

    for counts in complete + random14:
        peer = to_peer(counts)
        thirteen = standard.thirteen_wonders_away(counts) == 0
        ours = standard.is_complete(counts) or thirteen or seven_pairs(peer)
        checked["winning shape"] += 1
        if ours != Agari.is_agari(peer):
            mismatches.append(f"winning shape {counts[:34]}: ours {ours}")
        if standard.is_complete(counts):
            theirs = [d for d in HandDivider.divide_hand(peer) if len(d) != 7]
            ours_count = sum(1 for _ in standard.decompositions(counts))
            checked["decompositions"] += 1
            if ours_count != len(theirs):
                mismatches.append(f"decompositions {counts[:34]}: ours {ours_count}, theirs {len(theirs)}")

    for counts in complete + random14 + short + random13:
        peer = to_peer(counts)
        ours_away = standard.tiles_away(counts, thirteen_wonders=True)
        theirs_away = shanten.calculate_shanten(peer, use_chiitoitsu=False, use_kokushi=True) + 1
        checked["tiles away"] += 1
        if ours_away != theirs_away:
            mismatches.append(f"tiles away {counts[:34]}: ours {ours_away}, theirs {theirs_away}")

    for counts in short + random13:
        peer = to_peer(counts)
        ours_waits = set(standard.waits(counts, thirteen_wonders=True))
        theirs_waits = set()
        for index, peer_index in enumerate(TO_PEER):
            if peer[peer_index] < 4:
                peer[peer_index] += 1
                if Agari.is_agari(peer) and not (seven_pairs(peer) and not _regular_or_thirteen(peer)):
                    theirs_waits.add(index)
                peer[peer_index] -= 1
        checked["waits"] += 1
        if ours_waits != theirs_waits:
            mismatches.append(f"waits {counts[:34]}: ours {sorted(ours_waits)}, theirs {sorted(theirs_waits)}")

    for line in mismatches[:50]:
        print(line)
    for name, number in checked.items():
        print(f"{name}: {number} hands checked")
    print(f"mismatches: {len(mismatches)}")
    return 1 if mismatches else 0


def _regular_or_thirteen(peer: list[int]) -> bool:
    """Whether a seven-pairs-shaped peer hand also reads as a regular hand (the peer says yes to
    both shapes; ours has no seven pairs)."""
    ours = [0] * 49
    for index, peer_index in enumerate(TO_PEER):
        ours[index] = peer[peer_index]
    return standard.is_complete(ours)


if __name__ == "__main__":
    sys.exit(main())
