"""Many hands at once: evaluate a batch of hands in one ruleset, in order, with a progress bar on
a terminal and worker processes on request, and read a file of hands.

>>> import mahjong_rules as mr
>>> [evaluation.points for evaluation in mr.evaluate_many("flex", ["333C 44B 555C 666C 777C"] * 2)]
[3, 3]

Rulesets, hands, contexts, evaluations and the library's errors all pickle, so any executor can
also map a ruleset's ``evaluate`` over hands (see the batch page of the documentation).
"""

from __future__ import annotations

import io
import itertools
import os
import pickle
import sys
import time
from collections import deque
from collections.abc import Generator, Iterable, Iterator, Mapping, Sized
from typing import IO, TYPE_CHECKING, Any, Literal, TypeAlias, overload

import attrs

from mahjong_rules._coerce import describe
from mahjong_rules._json_text import JsonProblem, loads, read_line
from mahjong_rules.errors import MahjongError
from mahjong_rules.hand import Hand, as_hand
from mahjong_rules.registry import _as_ruleset
from mahjong_rules.ruleset import Evaluation, Ruleset, WinContext, as_context

if TYPE_CHECKING:
    from concurrent.futures import Future

__all__ = ["FailedHand", "HandFileError", "evaluate_many", "iter_evaluations", "read_hands", "sample_hands"]

ContextLike: TypeAlias = WinContext | Mapping[str, Any] | None
"""A win context, a mapping of its fields, or ``None`` (the plain case)."""

Contexts: TypeAlias = WinContext | Mapping[str, Any] | Iterable[ContextLike] | None
"""One context for every hand, or an iterable of one context per hand."""

ErrorMode: TypeAlias = Literal["raise", "return"]

_MAX_CHUNK = 250  # hands sent to a worker at a time, at most, when the chunk size is automatic
_STREAM_CHUNK = 100  # the automatic chunk size when the number of hands is not known
_REDRAW_SECONDS = 0.1  # the progress bar is redrawn at most this often
_BAR_WIDTH = 24


@attrs.frozen
class FailedHand:
    """A hand that could not be evaluated, in place of its evaluation (``errors="return"``).

    >>> import mahjong_rules as mr
    >>> failed = mr.evaluate_many("flex", ["1B 2B Sopa"], errors="return")[0]
    >>> print(failed)
    hand 0 ('1B 2B Sopa'): NotationError: unknown token 'Sopa' at position 6; did you mean 'Soap'?

    Attributes:
        index: the hand's position in the input, from 0.
        hand: the hand as it was given (a :class:`~mahjong_rules.Hand`, its notation, or the
            wrong value).
        error: the exception evaluating it raised.
    """

    index: int
    hand: object
    error: Exception

    def __str__(self) -> str:
        shown = self.hand if isinstance(self.hand, str) else str(self.hand)
        return f"hand {self.index} ({shown!r}): {type(self.error).__name__}: {self.error}"


MAX_LINE = 64 * 1024
"""The longest line :func:`read_hands` reads, in characters: a hand is a few dozen."""


class HandFileError(MahjongError, ValueError):
    """A line of a file of hands that :func:`read_hands` cannot read: a JSON line that is not an
    object with a ``"hand"`` text.

    Attributes:
        path: the file's path.
        line: the 1-based line of the fault.
        problem: what is wrong, without the location.
    """

    def __init__(self, problem: str, *, path: str, line: int) -> None:
        self.path = path
        self.line = line
        self.problem = problem
        super().__init__(f"{path}:{line}: {problem}")


# -- reading a file of hands ----------------------------------------------------------------------


@overload
def read_hands(path: str | os.PathLike[str], *, errors: Literal["raise"] = "raise") -> Iterator[str]: ...


@overload
def read_hands(path: str | os.PathLike[str], *, errors: Literal["return"]) -> Iterator[str | HandFileError]: ...


def read_hands(
    path: str | os.PathLike[str], *, errors: Literal["raise", "return"] = "raise"
) -> Iterator[str] | Iterator[str | HandFileError]:
    """The hands of a text file, one a line, as notation, lazily (the file is read as the hands
    are used, so a file larger than memory can be evaluated with :func:`iter_evaluations`).
    With ``errors="return"``, a line that is not a hand (a JSON line without a ``"hand"`` text,
    a line too long) comes as its :class:`HandFileError` in its place, and the reading goes on;
    ``mahjong-rules batch`` records such lines and counts them.

    A line is a hand's notation (``333C 44B 555C 666C 777C``), or a JSON object (a line starting
    with ``{``, as in JSON Lines) whose ``"hand"`` field is a hand's notation; its other fields
    are ignored. Blank lines and lines starting with ``#`` are skipped. The file is UTF-8. The
    hands are not parsed here: :func:`evaluate_many` parses them (in the worker processes, when
    there are several), so that a bad hand is reported like any other.

    Raises:
        OSError: the file cannot be opened.
        HandFileError: a JSON line that is not an object with a ``"hand"`` text (with
            ``errors="raise"``).
    """
    if errors not in ("raise", "return"):
        raise ValueError(f"errors is 'raise' or 'return', not {describe(errors)}")
    return _read_hands(path, errors == "return")


def _read_hands(path: str | os.PathLike[str], keep_going: bool) -> Iterator[str | HandFileError]:
    shown = os.fspath(path)

    def bad(problem: str, number: int) -> HandFileError:
        error = HandFileError(problem, path=shown, line=number)
        if not keep_going:
            raise error
        return error

    with open(path, encoding="utf-8") as lines:
        number = 0
        while True:
            line, long = read_line(lines, MAX_LINE)
            if not line:
                return
            number += 1
            if long:
                yield bad(f"a line longer than {MAX_LINE:,} characters", number)
                continue
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            if not text.startswith("{"):
                yield text
                continue
            try:
                record = loads(text)
            except JsonProblem as error:
                yield bad(str(error), number)
                continue
            hand = record.get("hand") if isinstance(record, dict) else None
            if not isinstance(hand, str):
                yield bad('a JSON line is an object whose "hand" is a hand\'s notation', number)
                continue
            yield hand


def sample_hands(ruleset: Ruleset | str, count: int, *, seed: int = 0) -> Iterator[str]:
    """``count`` hands of 14 tiles dealt from ``ruleset``'s shuffled tiles (a new shuffle for each,
    seeded with ``seed``), as notation: a file of hands to try :func:`read_hands`, the batch
    command and :func:`evaluate_many` on (``mahjong-rules sample flex > hands.txt``). Dealt at
    random, few of them are winning hands.

    >>> hands = list(sample_hands("flex", 2, seed=1))
    >>> len(hands), all(len(Hand.parse(hand)) == 14 for hand in hands)
    (2, True)

    Raises:
        ArgumentError: ``count`` is negative.
    """
    import random

    from mahjong_rules.errors import ArgumentError

    if type(count) is not int or count < 0:
        raise ArgumentError(f"count is a number of hands (0 or more), not {describe(count)}")
    built = _as_ruleset(ruleset)
    tileset = built.tileset
    tiles = [tile for tile in tileset.tiles for _ in range(tileset.count(tile))]
    rng = random.Random(seed)
    for _ in range(count):
        yield str(Hand(rng.sample(tiles, 14)))


# -- a progress bar -------------------------------------------------------------------------------


class _ProgressBar:
    """A one-line progress bar redrawn in place on ``stream``, at most every 0.1 s."""

    def __init__(self, stream: IO[str], total: int | None, unit: str = "hands") -> None:
        self.stream = stream
        self.total = total
        self.unit = unit
        self.done = 0
        self.started = time.monotonic()
        self.drawn = -_REDRAW_SECONDS
        self.width = 0

    def advance(self) -> None:
        self.done += 1
        now = time.monotonic()
        if now - self.drawn >= _REDRAW_SECONDS:
            self._draw(now)

    def close(self) -> None:
        self._draw(time.monotonic())
        self.stream.write("\n")
        self.stream.flush()

    def _draw(self, now: float) -> None:
        self.drawn = now
        elapsed = now - self.started
        rate = self.done / elapsed if elapsed > 0 else 0.0
        if self.total:
            filled = min(_BAR_WIDTH, _BAR_WIDTH * self.done // self.total)
            bar = "#" * filled + "-" * (_BAR_WIDTH - filled)
            text = f"[{bar}] {self.done:,}/{self.total:,} {self.unit} {100 * self.done // self.total:3d}%"
            if self.done < self.total and elapsed >= 1 and rate > 0:
                left = round((self.total - self.done) / rate)
                text += f", {left // 60}:{left % 60:02d} left"
        else:
            text = f"{self.done:,} {self.unit}"
        text += f", {rate:,.{0 if rate >= 10 else 1}f} {self.unit}/s"
        padding = " " * max(0, self.width - len(text))
        self.width = len(text)
        self.stream.write(f"\r{text}{padding}")
        self.stream.flush()


def _progress_stream(progress: bool | None) -> IO[str] | None:
    """Where the progress bar goes: standard error, when forced or when it is a terminal."""
    if progress is not None and type(progress) is not bool:
        raise TypeError(f"progress is True, False or None (automatic), not {describe(progress)}")
    stream = sys.stderr
    if stream is None or progress is False:
        return None
    if progress is None:
        try:
            return stream if stream.isatty() else None
        except (AttributeError, ValueError, io.UnsupportedOperation):
            return None
    return stream


# -- evaluating one hand --------------------------------------------------------------------------


def _evaluate_one(ruleset: Ruleset, index: int, item: object, context: object) -> Evaluation | FailedHand:
    """The evaluation of one input, or the failure (with its exception) in its place."""
    try:
        hand = as_hand(item, ruleset.tileset)
        return ruleset.evaluate(hand, None if context is None else as_context(context))
    except Exception as error:
        return FailedHand(index, item, error)


def _raised(failure: FailedHand) -> Exception:
    """The failure's exception, with a note naming the hand, to raise."""
    shown = failure.hand if isinstance(failure.hand, str) else str(failure.hand)
    failure.error.add_note(f"while evaluating hand {failure.index} of the batch: {shown!r}")
    return failure.error


# -- worker processes -----------------------------------------------------------------------------

_worker_ruleset: Ruleset | None = None


def _start_worker(ruleset: Ruleset) -> None:
    global _worker_ruleset
    _worker_ruleset = ruleset


def _picklable(error: Exception) -> Exception:
    """The error, or a RuntimeError restating it when it cannot cross to the parent process."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


def _set_options(results: list[Evaluation | FailedHand], positions: list[int], options: object) -> None:
    for position in positions:
        object.__setattr__(results[position], "options", options)


def _evaluate_chunk(start: int, chunk: list[tuple[object, object]]) -> bytes:
    """In a worker: the chunk's results pickled, with the positions of the evaluations that
    recorded the ruleset's own options object, pickled without it (:func:`_unpickle_chunk`).

    Every evaluation records the ruleset's options (the whole card, for ``nmjl``): otherwise they
    would be pickled with every chunk, and the parent would hold a copy of them per chunk. The
    evaluations get their options back once pickled (a ruleset may keep them in a memo).
    """
    ruleset = _worker_ruleset
    if ruleset is None:  # pragma: no cover - the initializer always runs first
        raise RuntimeError("the worker process has no ruleset")
    shared = getattr(ruleset, "options", None)
    results: list[Evaluation | FailedHand] = []
    stripped = []
    for position, (item, context) in enumerate(chunk):
        result = _evaluate_one(ruleset, start + position, item, context)
        if isinstance(result, FailedHand):
            result = FailedHand(result.index, result.hand, _picklable(result.error))
        elif shared is not None and result.options is shared:
            stripped.append(position)
        results.append(result)
    _set_options(results, stripped, None)
    try:
        return pickle.dumps((results, stripped), pickle.HIGHEST_PROTOCOL)
    finally:
        _set_options(results, stripped, shared)


def _unpickle_chunk(data: bytes, shared: object) -> list[Evaluation | FailedHand]:
    """In the parent: a chunk's results, with the parent's own options object put back where the
    worker took it out (the evaluations are new, seen by no one yet)."""
    results: list[Evaluation | FailedHand]
    results, stripped = pickle.loads(data)
    _set_options(results, stripped, shared)
    return results


def _in_processes(
    ruleset: Ruleset, pairs: Iterator[tuple[object, object]], processes: int, chunksize: int
) -> Generator[Evaluation | FailedHand, None, None]:
    """The results of ``pairs`` evaluated by ``processes`` worker processes, in input order, with
    a bounded number of chunks in flight (the input is read as the results are used)."""
    from concurrent.futures import ProcessPoolExecutor

    shared = getattr(ruleset, "options", None)
    in_flight = 2 * processes
    with ProcessPoolExecutor(processes, initializer=_start_worker, initargs=(ruleset,)) as pool:
        pending: deque[Future[bytes]] = deque()
        try:
            start = 0
            while True:
                chunk = list(itertools.islice(pairs, chunksize))
                if chunk:
                    pending.append(pool.submit(_evaluate_chunk, start, chunk))
                    start += len(chunk)
                if pending and (len(pending) >= in_flight or not chunk):
                    yield from _unpickle_chunk(pending.popleft().result(), shared)
                elif not chunk:
                    return
        finally:
            for future in pending:
                future.cancel()


# -- the batch functions --------------------------------------------------------------------------


_MISSING = object()


def _pairs(hands: Iterable[object], contexts: Contexts) -> Iterator[tuple[object, object]]:
    """Each hand with its context: the same one for every hand, or the next of ``contexts``
    (checked here, and their number as far as it is known before the iteration)."""
    if isinstance(hands, str | bytes) or not isinstance(hands, Iterable):
        raise TypeError(f"hands is an iterable of hands or their notation, not {describe(hands)}")
    if contexts is None or isinstance(contexts, WinContext | Mapping):
        single = None if contexts is None else as_context(contexts)
        return ((hand, single) for hand in hands)
    if isinstance(contexts, str | bytes) or not isinstance(contexts, Iterable):
        raise TypeError(
            "contexts is a WinContext, a mapping of its fields, an iterable of one per hand, or None, "
            f"not {describe(contexts)}"
        )
    if isinstance(hands, Sized) and isinstance(contexts, Sized) and len(hands) != len(contexts):
        raise ValueError(f"{len(hands)} hands but {len(contexts)} contexts: give one context per hand")
    return _zipped(hands, iter(contexts))


def _zipped(hands: Iterable[object], contexts: Iterator[object]) -> Iterator[tuple[object, object]]:
    for index, hand in enumerate(hands):
        context = next(contexts, _MISSING)
        if context is _MISSING:
            raise ValueError(f"the contexts ran out at hand {index}: give one context per hand")
        yield hand, context
    if next(contexts, _MISSING) is not _MISSING:
        raise ValueError("more contexts than hands: give one context per hand")


def _count(value: object, name: str) -> int | None:
    if value is None:
        return None
    if type(value) is not int:
        raise TypeError(f"{name} is a whole number, 1 or more, or None, not {describe(value)}")
    if value < 1:
        raise ValueError(f"{name} is 1 or more, not {value}")
    return value


def _cpu_count() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - platforms without affinity
        return os.cpu_count() or 1


@overload
def iter_evaluations(
    ruleset: Ruleset | str,
    hands: Iterable[Hand | str],
    contexts: Contexts = None,
    *,
    processes: int | None = 1,
    chunksize: int | None = None,
    progress: bool | None = None,
    errors: Literal["raise"] = "raise",
) -> Generator[Evaluation, None, None]: ...


@overload
def iter_evaluations(
    ruleset: Ruleset | str,
    hands: Iterable[Hand | str],
    contexts: Contexts = None,
    *,
    processes: int | None = 1,
    chunksize: int | None = None,
    progress: bool | None = None,
    errors: Literal["return"],
) -> Generator[Evaluation | FailedHand, None, None]: ...


def iter_evaluations(
    ruleset: Ruleset | str,
    hands: Iterable[Hand | str],
    contexts: Contexts = None,
    *,
    processes: int | None = 1,
    chunksize: int | None = None,
    progress: bool | None = None,
    errors: ErrorMode = "raise",
) -> Generator[Evaluation, None, None] | Generator[Evaluation | FailedHand, None, None]:
    """The evaluations of :func:`evaluate_many`, one at a time as they are ready, in input order;
    the arguments are the same.

    The hands are read as the evaluations are used (with worker processes, a few chunks ahead),
    so a file larger than memory streams through (:func:`read_hands`). Closing the iterator early
    (``close()``, or leaving a ``for`` loop over it and dropping it) stops the worker processes.
    The arguments are checked at the call, the hands as they are evaluated.

    >>> import mahjong_rules as mr
    >>> evaluations = mr.iter_evaluations("singapore", ["123C 456C 789C 234D 55B"], {"self_drawn": True})
    >>> next(evaluations).points
    4
    """
    return _start(ruleset, hands, contexts, processes, chunksize, progress, errors)


def _start(
    ruleset: Ruleset | str,
    hands: Iterable[object],
    contexts: Contexts,
    processes: int | None,
    chunksize: int | None,
    progress: bool | None,
    errors: ErrorMode,
) -> Generator[Any, None, None]:
    """The checked arguments' results, as a generator."""
    if errors not in ("raise", "return"):
        raise ValueError(f"errors is 'raise' or 'return', not {errors!r}")
    workers = _count(processes, "processes")
    size = _count(chunksize, "chunksize")
    built = _as_ruleset(ruleset)
    total = len(hands) if isinstance(hands, Sized) else None
    pairs = _pairs(hands, contexts)
    stream = _progress_stream(progress)
    return _iterate(built, pairs, total, workers or _cpu_count(), size, stream, errors)


def _iterate(
    ruleset: Ruleset,
    pairs: Iterator[tuple[object, object]],
    total: int | None,
    processes: int,
    chunksize: int | None,
    stream: IO[str] | None,
    errors: ErrorMode,
) -> Generator[Any, None, None]:
    if processes == 1:
        results: Generator[Evaluation | FailedHand, None, None] = (
            _evaluate_one(ruleset, index, item, context) for index, (item, context) in enumerate(pairs)
        )
    else:
        if chunksize is None:
            chunksize = _STREAM_CHUNK if total is None else max(1, min(_MAX_CHUNK, -(-total // (4 * processes))))
        results = _in_processes(ruleset, pairs, processes, chunksize)
    bar = None if stream is None else _ProgressBar(stream, total)
    try:
        for result in results:
            if bar is not None:
                bar.advance()
            if isinstance(result, FailedHand) and errors == "raise":
                raise _raised(result)
            yield result
    finally:
        results.close()
        if bar is not None:
            bar.close()


@overload
def evaluate_many(
    ruleset: Ruleset | str,
    hands: Iterable[Hand | str],
    contexts: Contexts = None,
    *,
    processes: int | None = 1,
    chunksize: int | None = None,
    progress: bool | None = None,
    errors: Literal["raise"] = "raise",
) -> list[Evaluation]: ...


@overload
def evaluate_many(
    ruleset: Ruleset | str,
    hands: Iterable[Hand | str],
    contexts: Contexts = None,
    *,
    processes: int | None = 1,
    chunksize: int | None = None,
    progress: bool | None = None,
    errors: Literal["return"],
) -> list[Evaluation | FailedHand]: ...


def evaluate_many(
    ruleset: Ruleset | str,
    hands: Iterable[Hand | str],
    contexts: Contexts = None,
    *,
    processes: int | None = 1,
    chunksize: int | None = None,
    progress: bool | None = None,
    errors: ErrorMode = "raise",
) -> list[Evaluation] | list[Evaluation | FailedHand]:
    """The evaluation of every hand by ``ruleset``, in input order: the same as
    ``[ruleset.evaluate(hand, context) for ...]``, on one or more processes.

    Args:
        ruleset: a ruleset, or a ruleset's name (built with its default options).
        hands: hands or their notation (parsed with the ruleset's tile set, ruling T5).
        contexts: how the hands were won: ``None`` (the plain case), one
            :class:`~mahjong_rules.WinContext` (or a mapping of its fields) for every hand, or an
            iterable of one per hand (each a context, a mapping or ``None``).
        processes: how many processes evaluate: 1 (this one, the default), more for a
            :class:`concurrent.futures.ProcessPoolExecutor` of that many worker processes, or
            ``None`` for one per CPU this process may use. The ruleset is sent to each worker
            once, and the hands in chunks.
        chunksize: how many hands go to a worker at a time; by default a quarter of each
            worker's share, at most 250 (100 when the number of hands is not known).
        progress: ``None`` (the default) draws a progress bar on standard error when it is a
            terminal; ``True`` draws it anyway, ``False`` never.
        errors: ``"raise"`` (the default) raises the first error in input order, with a note
            naming the hand; ``"return"`` puts a :class:`FailedHand` in the failed hand's place
            and carries on.

    >>> import mahjong_rules as mr
    >>> results = mr.evaluate_many("flex", ["333C 44B 555C 666C 777C", "1B 2B Sopa"], errors="return")
    >>> [type(result).__name__ for result in results]
    ['Evaluation', 'FailedHand']

    Raises:
        UnknownRulesetError: no ruleset has that name.
        ValueError: a bad argument, or as many contexts as hands were not given; with
            ``errors="raise"``, any error a hand raises (a :class:`~mahjong_rules.NotationError`,
            a :class:`~mahjong_rules.TileSetError`...).
        TypeError: an argument of the wrong type; with ``errors="raise"``, a hand that is
            neither a Hand nor text.
    """
    return list(_start(ruleset, hands, contexts, processes, chunksize, progress, errors))
