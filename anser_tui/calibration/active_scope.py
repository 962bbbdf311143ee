"""An active session's draws as one scope's sample (DESIGN section 8; `scoring.active_ppi`).

An active queue (`review --order active`) records every eligible item's size: the queued
items' as their probabilities, in the order drawn, and those a limit left out in the design's
`"unqueued"`. A scope (a run's items, a group's) is a subset of the eligible items, so its
items in queue order are themselves drawn successively with the sizes restricted to it. The
reviewed items are those with a settled human value, in queue order; an item the queue drew
before the last reviewed one but that has none (skipped, or in dispute) is left out of the
scope's population, as if it had not been eligible (like a skipped item of a random queue, it
is taken to be missing by chance).

A queue drawn before the draw was successive (no `"draw"` in its design: the order sorted u/p,
sequential Poisson sampling, whose inclusion probabilities are only approximate) gives no
corrected value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from anser_tui.review.sampling import SUCCESSIVE
from anser_tui.scoring.active_ppi import active_ppi_mean
from anser_tui.scoring.corrected import CorrectedMean, Method
from anser_tui.workspace.item import Item

OLD_ACTIVE = ("the only random session covering this scope is an active queue drawn before "
              "its draws were successive (its inclusion probabilities are approximate): no "
              "corrected value; start a new active session")


def successive(design: Mapping[str, Any]) -> bool:
    """Whether an active design's draws were successive (exact per-draw probabilities)."""
    return design.get("draw") == SUCCESSIVE


def recorded_sizes(drawn: Mapping[Item, float | None], design: Mapping[str, Any]
                   ) -> dict[Item, float]:
    """Every eligible item's size: the queued ones' (`drawn`, in queue order first) and the
    ones a limit left out (the design's `"unqueued"`)."""
    sizes = {it: float(p) for it, p in drawn.items() if p is not None}
    for entry in design.get("unqueued") or ():
        run, task_id, size = entry
        sizes.setdefault(Item(str(run), str(task_id)), float(size))
    return sizes


@dataclass(frozen=True)
class ActiveSample:
    """A scope's population (judge score and size per item) and its reviewed items in the
    order drawn: (position in the population, human)."""

    judged: list[float]
    sizes: list[float]
    reviewed: list[tuple[int, float]]

    def at(self, k: int, method: Method) -> CorrectedMean:
        """The corrected mean on the first k items drawn and reviewed."""
        return active_ppi_mean(self.judged, self.sizes, self.reviewed[:k], method)


def active_sample(items: Sequence[Item], judge: Mapping[Item, float],
                  human: Mapping[Item, float], drawn: Sequence[Item],
                  sizes: Mapping[Item, float]) -> ActiveSample:
    """The sample of the scope `items` (every one with a size) drawn in the order `drawn`."""
    scope = set(items)
    order = [it for it in drawn if it in scope]
    reviewed_at = [k for k, it in enumerate(order) if it in human]
    last = reviewed_at[-1] if reviewed_at else -1
    skipped = {it for it in order[:last + 1] if it not in human}
    population = [it for it in items if it not in skipped]
    position = {it: k for k, it in enumerate(population)}
    return ActiveSample([judge[it] for it in population], [sizes[it] for it in population],
                        [(position[it], human[it]) for it in order if it in human])
