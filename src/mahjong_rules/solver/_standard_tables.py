"""The standard form's exact tables: every suit and honour pattern's distance vector, and the
min-plus products of those vectors, shipped as package data and loaded on first use.

A suit pattern (nine counts, 0 to 4) is numbered by its base-5 code, most significant rank first;
an honour pattern (seven counts) likewise. Every pattern of at most 14 tiles has one of only 126
suit distance vectors (55 for the honours), so the tables hold a byte per pattern (the vector's
number, or :data:`NOT_IN_TABLE` beyond 14 tiles), the vectors themselves, the vector numbers of
two suits together (180 distinct) and of a suit with the honours (165 distinct), and for each such
pair and each number of sets, the tiles away. A whole hand's distance is then four codes and three
table lookups.

``scripts/build_standard_tables.py`` generates ``standard_tables.bin`` from
:func:`~mahjong_rules.solver._vectors.part_distances` (the reference); a test regenerates a sample
and compares.
"""

from __future__ import annotations

import itertools
import struct
import zlib
from collections.abc import Callable, Iterable, Sequence
from importlib import resources
from typing import NamedTuple

from mahjong_rules.solver._vectors import MAX_SETS, VECTOR_LENGTH, combine, final_distance, part_distances

__all__ = [
    "DATA_FILE",
    "HONOR_WEIGHTS",
    "NOT_IN_TABLE",
    "SUIT_WEIGHTS",
    "StandardTables",
    "build",
    "decode",
    "encode",
    "load",
    "pattern_code",
]

DATA_FILE = "standard_tables.bin"
MAGIC = b"MRSTD\x01"
NOT_IN_TABLE = 255
LARGEST_PART = 14  # a concealed part of a hand never holds more tiles than a hand
SUIT_WEIGHTS = tuple(5 ** (8 - rank) for rank in range(9))
HONOR_WEIGHTS = tuple(5 ** (6 - rank) for rank in range(7))
SUIT_CODES = 5**9
HONOR_CODES = 5**7
_SECTIONS = (
    "suit_ids",
    "honor_ids",
    "suit_vectors",
    "honor_vectors",
    "suit_pairs",
    "mixed_pairs",
    "suit_pair_vectors",
    "mixed_pair_vectors",
    "final",
)


class StandardTables(NamedTuple):
    """The tables, as flat byte strings (see the module's description)."""

    suit_ids: bytes  # per suit code: its vector's number
    honor_ids: bytes  # per honour code: its vector's number
    suit_vectors: bytes  # VECTOR_LENGTH bytes per suit vector
    honor_vectors: bytes
    suit_pairs: bytes  # [a * suits + b]: the number of the vector of suits a and b together
    mixed_pairs: bytes  # [s * honours + h]: the number of the vector of suit s and honours h
    suit_pair_vectors: bytes
    mixed_pair_vectors: bytes
    final: bytes  # [(pair * mixed + mixed_pair) * (MAX_SETS + 1) + sets]: tiles away

    @property
    def suits(self) -> int:
        return len(self.suit_vectors) // VECTOR_LENGTH

    @property
    def honors(self) -> int:
        return len(self.honor_vectors) // VECTOR_LENGTH

    @property
    def mixed(self) -> int:
        return len(self.mixed_pair_vectors) // VECTOR_LENGTH

    def vector(self, vectors: bytes, number: int) -> tuple[int, ...]:
        return tuple(vectors[number * VECTOR_LENGTH : (number + 1) * VECTOR_LENGTH])


def pattern_code(counts: Sequence[int], weights: Sequence[int]) -> int:
    """The base-5 code of a pattern."""
    return sum(count * weight for count, weight in zip(counts, weights, strict=True))


def encode(tables: StandardTables) -> bytes:
    """The data file's bytes: a magic number, the section lengths, the zlib-compressed sections."""
    sections = [getattr(tables, name) for name in _SECTIONS]
    header = MAGIC + struct.pack(f"<{len(sections)}I", *(len(section) for section in sections))
    return header + zlib.compress(b"".join(sections), 9)


def decode(data: bytes) -> StandardTables:
    """The tables from the data file's bytes.

    Raises:
        ValueError: the bytes are not a tables file of this version.
    """
    if not data.startswith(MAGIC):
        raise ValueError("not a standard tables file of this version")
    size = struct.calcsize(f"<{len(_SECTIONS)}I")
    lengths = struct.unpack(f"<{len(_SECTIONS)}I", data[len(MAGIC) : len(MAGIC) + size])
    payload = zlib.decompress(data[len(MAGIC) + size :])
    if len(payload) != sum(lengths):
        raise ValueError("the standard tables file is truncated")
    sections, start = [], 0
    for length in lengths:
        sections.append(payload[start : start + length])
        start += length
    return StandardTables(*sections)


def load() -> StandardTables:
    """The tables shipped with the library."""
    data = resources.files("mahjong_rules.solver").joinpath(DATA_FILE).read_bytes()
    return decode(data)


# -- building (the script and the tests) -------------------------------------------------------------


def patterns(size: int) -> Iterable[tuple[int, ...]]:
    """Every pattern of ``size`` counts (0 to 4 each) of at most :data:`LARGEST_PART` tiles."""
    return (key for key in itertools.product(range(5), repeat=size) if sum(key) <= LARGEST_PART)


def suit_vector(key: Sequence[int]) -> tuple[int, ...]:
    return part_distances(tuple(key), chows=True)


def honor_vector(key: Sequence[int]) -> tuple[int, ...]:
    return part_distances(tuple(key), chows=False)


def _numbered(
    keys: list[tuple[int, ...]], vectors: list[tuple[int, ...]], weights: Sequence[int], codes: int
) -> tuple[bytes, list[tuple[int, ...]]]:
    distinct = sorted(set(vectors))
    number = {vector: position for position, vector in enumerate(distinct)}
    if len(distinct) >= NOT_IN_TABLE:
        raise ValueError("too many distinct vectors for one byte")
    ids = bytearray([NOT_IN_TABLE]) * codes
    for key, vector in zip(keys, vectors, strict=True):
        ids[pattern_code(key, weights)] = number[vector]
    return bytes(ids), distinct


def _pair_table(left: list[tuple[int, ...]], right: list[tuple[int, ...]]) -> tuple[bytes, list[tuple[int, ...]]]:
    products = [combine(a, b) for a in left for b in right]
    distinct = sorted(set(products))
    number = {vector: position for position, vector in enumerate(distinct)}
    if len(distinct) >= NOT_IN_TABLE:
        raise ValueError("too many distinct vectors for one byte")
    return bytes(number[vector] for vector in products), distinct


def _flat(vectors: list[tuple[int, ...]]) -> bytes:
    return bytes(value for vector in vectors for value in vector)


Mapper = Callable[[Callable[[tuple[int, ...]], tuple[int, ...]], list[tuple[int, ...]]], Iterable[tuple[int, ...]]]


def _serial(
    function: Callable[[tuple[int, ...]], tuple[int, ...]], keys: list[tuple[int, ...]]
) -> list[tuple[int, ...]]:
    return [function(key) for key in keys]


def build(mapper: Mapper = _serial) -> StandardTables:
    """Compute every table from the reference programme. ``mapper(function, keys)`` maps the
    vector function over the patterns (in this process by default; the build script passes a
    process pool's ``map``). Takes minutes: the script runs it once and the library ships the
    result."""
    suit_keys = list(patterns(9))
    honor_keys = list(patterns(7))
    suit_ids, suit_vectors = _numbered(suit_keys, list(mapper(suit_vector, suit_keys)), SUIT_WEIGHTS, SUIT_CODES)
    honor_ids, honor_vectors = _numbered(honor_keys, list(mapper(honor_vector, honor_keys)), HONOR_WEIGHTS, HONOR_CODES)
    suit_pairs, suit_pair_vectors = _pair_table(suit_vectors, suit_vectors)
    mixed_pairs, mixed_pair_vectors = _pair_table(suit_vectors, honor_vectors)
    final = bytes(
        final_distance(left, right, sets)
        for left in suit_pair_vectors
        for right in mixed_pair_vectors
        for sets in range(MAX_SETS + 1)
    )
    return StandardTables(
        suit_ids,
        honor_ids,
        _flat(suit_vectors),
        _flat(honor_vectors),
        suit_pairs,
        mixed_pairs,
        _flat(suit_pair_vectors),
        _flat(mixed_pair_vectors),
        final,
    )
