"""Latency and Token Usage of a report row (DESIGN section 5).

Latency: seconds per task from the reproducibility log; mean, median and p95, percentiles by
linear interpolation between closest ranks (numpy's default method). Token Usage: input, output
and total per task; means and the total's sum. Tasks with no log record are left out of both;
a row where no task has a figure reports null.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from anser_tui.workspace.records import LogRecord


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) with linear interpolation, as numpy.percentile by default."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("percentile of no values")
    h = (len(ordered) - 1) * q / 100.0
    low = math.floor(h)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (h - low) * (ordered[high] - ordered[low])


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def latency_summary(records: Iterable[LogRecord]) -> dict[str, float] | None:
    """{"mean", "median", "p95"} of the records' latencies; None when none has one."""
    values = [r.latency_s for r in records if r.latency_s is not None]
    if not values:
        return None
    return {"mean": sum(values) / len(values), "median": percentile(values, 50),
            "p95": percentile(values, 95)}


def token_summary(records: Iterable[LogRecord]) -> dict[str, float | None] | None:
    """{"input_mean", "output_mean", "total_mean", "total_sum"}; None when no record has tokens."""
    kept = [r for r in records if r.total_tokens is not None]
    if not kept:
        return None
    inputs = [float(r.input_tokens) for r in kept if r.input_tokens is not None]
    outputs = [float(r.output_tokens) for r in kept if r.output_tokens is not None]
    totals = [float(r.total_tokens) for r in kept if r.total_tokens is not None]
    return {"input_mean": _mean(inputs), "output_mean": _mean(outputs),
            "total_mean": _mean(totals), "total_sum": sum(totals)}
