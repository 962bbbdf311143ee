"""How a review queue is drawn: the order of its items and each item's chance of being drawn.

Pure functions over any hashable keys (the queue passes (run, task) items). Every draw is
seeded with `random.Random`, so one seed gives one queue on every machine.

- `simple_random_sample`: N of the M keys without replacement (all M, shuffled, without a
  limit); each key's inclusion probability is N/M (1 without a limit). Any prefix of the order
  is itself a simple random sample, so a pass stopped half-way is still one.
- `stratified_sample`: the limit shared across strata in proportion to their sizes (largest
  remainder), each stratum sampled at random on its own seed; a key's probability is n_h/N_h.
  The strata are interleaved, each spread evenly along the queue, so a prefix of the queue
  is (nearly) a proportional stratified sample too.
- `active_sample`: an order drawn with unequal chances, successively: key i gets the size p_i
  (`active_sizes`: a predicted |human - judge|, mixed with uniform mass; they add up to 1 over
  every eligible key), and each next key is one of those not yet drawn, key i with probability
  p_i / (1 - P), P the sizes of the keys drawn before it. Drawn at once as an exponential race
  (each key's clock E_i / p_i, E_i seeded exponential, in increasing order; the earliest of the
  keys left is key i with exactly that probability, and the order of any subset of keys is
  itself such a draw over the subset). Each key's recorded probability is its size p_i, from
  which every draw's probability follows (`scoring.active_ppi`).
- `ranked` and `first`: orders that are not random draws (probability None).
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Mapping, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Generic, TypeVar

from anser_tui.core.value import Value

if TYPE_CHECKING:  # only the active order reads one; the first paint imports none
    from anser_tui.review.disagreement import Disagreement

K = TypeVar("K", bound=Hashable)


class Order(StrEnum):
    TASK = "task"  # benchmark order, runs in import order
    RANDOM = "random"  # seeded shuffle; with a limit, a simple random sample
    STRATIFIED = "stratified"  # by split (say a task's group), proportional allocation
    DISAGREEMENT = "disagreement"  # judge and automatic metrics disagree most, first
    ACTIVE = "active"  # seeded, the likelier disagreements likelier first; weighted back

    @property
    def random(self) -> bool:
        """Whether the queue is a random draw, valid for a corrected score."""
        return self in (Order.RANDOM, Order.STRATIFIED, Order.ACTIVE)


UNIFORM_SHARE = 0.2  # the active order's uniform mass (DESIGN section 8: at least 10%)
ERROR_FLOOR = 0.05  # the least |human - judge| the active order predicts, a fraction of the scale
SUCCESSIVE = "successive"  # an active design's draw: each next key with chance p_i / (1 - P)


class Draw(Value, Generic[K]):
    """The keys in queue order, each one's inclusion probability (None: not a random draw),
    and for a stratified draw each stratum's size and sample size {stratum: (N_h, n_h)}."""

    keys: list[K]
    probabilities: list[float | None]
    strata: dict[str, tuple[int, int]] | None = None


def _size(limit: int | None, population: int) -> int:
    if limit is not None and limit < 1:
        raise ValueError("the limit must be at least 1")
    return population if limit is None else min(limit, population)


def simple_random_sample(keys: Sequence[K], seed: int, limit: int | None = None) -> Draw[K]:
    """`limit` keys drawn at random without replacement, in the order drawn."""
    n = _size(limit, len(keys))
    drawn = random.Random(seed).sample(list(keys), n)
    probability = n / len(keys) if keys else 1.0
    return Draw(drawn, [probability] * n)


def proportional_allocation(sizes: Mapping[str, int], n: int) -> dict[str, int]:
    """`n` shared across strata in proportion to their sizes by the largest-remainder rule:
    each stratum gets the whole part of n * N_h / N, and the units left over go to the largest
    fractional parts (ties: the larger stratum, then the name). Never more than N_h."""
    total = sum(sizes.values())
    n = min(n, total)
    if total == 0:
        return {name: 0 for name in sizes}
    allocation = {name: n * size // total for name, size in sizes.items()}
    left = n - sum(allocation.values())
    by_remainder = sorted(sizes, key=lambda name: (-(n * sizes[name] % total), -sizes[name],
                                                   name))
    for name in by_remainder[:left]:
        allocation[name] += 1
    return allocation


def interleave(strata: Mapping[str, Sequence[K]]) -> list[K]:
    """The strata's keys merged so each stratum is spread evenly: the i-th of a stratum of n
    keys sits at (i + 1/2) / n along the queue (ties: stratum name order)."""
    placed = [((i + 0.5) / len(keys), name, i, key)
              for name, keys in strata.items() for i, key in enumerate(keys)]
    return [key for *_, key in sorted(placed, key=lambda p: (p[0], p[1], p[2]))]


def stratified_sample(strata: Mapping[str, Sequence[K]], seed: int,
                      limit: int | None = None) -> Draw[K]:
    """A proportional stratified random sample of `limit` keys (every key without a limit):
    stratum h of N_h keys gives n_h drawn at random (seed `"{seed}:{h}"`), each with
    probability n_h / N_h; the strata interleaved."""
    sizes = {name: len(keys) for name, keys in strata.items()}
    total = sum(sizes.values())
    allocation = proportional_allocation(sizes, _size(limit, total))
    drawn = {name: random.Random(f"{seed}:{name}").sample(list(keys), allocation[name])
             for name, keys in sorted(strata.items())}
    probability = {name: allocation[name] / sizes[name] for name in strata if sizes[name]}
    stratum_of = {key: name for name, keys in drawn.items() for key in keys}
    order = interleave({name: keys for name, keys in drawn.items() if keys})
    return Draw(order, [probability[stratum_of[key]] for key in order],
                {name: (sizes[name], allocation[name]) for name in sorted(strata)})


def ranked(keys: Sequence[K], scores: Sequence[float], limit: int | None = None) -> Draw[K]:
    """The keys by score, highest first (ties keep the given order); the first `limit`."""
    order = sorted(range(len(keys)), key=lambda i: -scores[i])
    chosen = [keys[i] for i in order[:_size(limit, len(keys))]]
    return Draw(chosen, [None] * len(chosen))


def first(keys: Sequence[K], limit: int | None = None) -> Draw[K]:
    """The keys in the given order; the first `limit`."""
    chosen = list(keys[:_size(limit, len(keys))])
    return Draw(chosen, [None] * len(chosen))


def predicted_error(found: Disagreement) -> float:
    """An item's predicted |human - judge| as a fraction of the scale: its disagreement score
    (the largest of the benchmark's signals, 1 for a reply that did not parse, 1/2 for an
    arithmetic mismatch), at least ERROR_FLOOR: no judge is predicted exactly right (the
    signals compare it with metrics that have errors of their own)."""
    return max(found.score, ERROR_FLOOR)


def active_sizes(predicted: Sequence[float], uniform: float = UNIFORM_SHARE) -> list[float]:
    """Each key's size: uniform / M + (1 - uniform) * predicted_i / sum(predicted) (uniform
    alone when nothing is predicted); they add up to 1."""
    if not 0.1 <= uniform <= 1:
        raise ValueError("the uniform share must be between 0.1 and 1")
    total, m = sum(predicted), len(predicted)
    if total <= 0:
        return [1 / m] * m
    return [uniform / m + (1 - uniform) * max(v, 0.0) / total for v in predicted]


def active_sample(keys: Sequence[K], sizes: Sequence[float], seed: int,
                  limit: int | None = None) -> Draw[K]:
    """The keys drawn successively with chances proportional to their (positive) sizes: by
    E_i / p_i ascending, E_i = -log(1 - u_i) with u_i seeded uniform; the first `limit`, each
    with its size p_i as its probability."""
    if any(not p > 0 for p in sizes):
        raise ValueError("every size must be positive")
    rng = random.Random(seed)
    clocks = [-math.log1p(-rng.random()) / p for p in sizes]
    ranks = sorted(range(len(keys)), key=lambda i: clocks[i])
    chosen = ranks[:_size(limit, len(keys))]
    return Draw([keys[i] for i in chosen], [sizes[i] for i in chosen])
