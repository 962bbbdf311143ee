"""Start-up: from a new process to an interactive review screen, as a ratio of a trivial
Textual app (header, two static panels, footer) painted through the same harness
(DESIGN 10: <= 1.3x); the review screen's peak RSS (<= 120 MB); the import-time breakdown.

    python -m bench.bench_startup /tmp/anser-full [--pairs 9]

Each child is a fresh Python process: the review child opens the full-scale workspace built by
`bench.bench_corpora` (2,235 tasks, 3 runs) through `build_app`, resumes a review session and
waits until the review screen has painted its first item; the trivial child paints its four
widgets. Both run `App.run_test` at 160x48 and print "ready" after the first paint; the parent
times each from spawn to that line (interpreter start-up and imports included, the exit
afterwards not). The two alternate, trivial then review, so a machine loaded by other work
slows both alike; the ratio is the median of the pairs' ratios. Peak RSS is the review child's
own high-water mark, which it prints after "ready" (bench.peak_rss: its ru_maxrss would start
from this parent's). One more review child runs under `python -X importtime`: its ten
costliest modules by own time, each with its cumulative time.
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.peak_rss import peak_rss_mb

RATIO_BUDGET = 1.3
RSS_BUDGET_MB = 120.0
SIZE = (160, 48)


async def _review_child(workspace: Path) -> None:
    from anser_tui.cli import build_app
    from anser_tui.core.settings import load_settings

    app = build_app(workspace, reviewer="bench-startup", session="bench-startup",
                    settings=load_settings())  # as the CLI reads them
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        print("ready", flush=True)
    print(f"peak {peak_rss_mb()}", flush=True)


async def _trivial_child() -> None:
    from textual.app import App, ComposeResult
    from textual.widgets import Footer, Header, Static

    class Trivial(App[None]):
        def compose(self) -> ComposeResult:
            yield Header()
            yield Static("left panel " * 200)
            yield Static("right panel " * 200)
            yield Footer()

    async with Trivial().run_test(size=SIZE) as pilot:
        await pilot.pause()
        print("ready", flush=True)


def _spawn(data: Path, kind: str, *flags: str) -> tuple[float, float, str]:
    """(seconds to "ready", peak RSS in MB, stderr) of one child."""
    with tempfile.TemporaryFile("w+") as errors:  # a file: a full pipe would stall the child
        started = time.perf_counter()
        child = subprocess.Popen([sys.executable, *flags, "-m", "bench.bench_startup",
                                  str(data), "--child", kind], stdout=subprocess.PIPE,
                                 stderr=errors, text=True)
        assert child.stdout is not None
        line = child.stdout.readline()
        elapsed = time.perf_counter() - started
        rest = child.stdout.read().split()  # the review child: "peak MB" as it exits
        child.returncode = child.wait()
        errors.seek(0)
        err = errors.read()
    if line.strip() != "ready":
        sys.exit(f"{kind} child failed:\n{err[-2000:]}")
    peak = float(rest[1]) if rest[:1] == ["peak"] else 0.0
    return elapsed, peak, err


def import_breakdown(importtime: str, top: int = 10) -> tuple[list[tuple[str, float, float]],
                                                               dict[str, float]]:
    """The `top` modules by own import time, (name, self ms, cumulative ms), and the
    cumulative ms of every module, from `python -X importtime`'s stderr."""
    rows: list[tuple[str, float, float]] = []
    for line in importtime.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own, cumulative, name = line.removeprefix("import time:").split("|")
        rows.append((name.strip(), int(own) / 1000, int(cumulative) / 1000))
    rows.sort(key=lambda row: -row[1])
    return rows[:top], {name: cumulative for name, _, cumulative in rows}


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f} (5 min {five:.1f}) on {os.cpu_count()} cores"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", type=Path, help="the folder bench.synthetic_corpora wrote")
    parser.add_argument("--pairs", type=int, default=9)
    parser.add_argument("--child", choices=["review", "trivial"], help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    workspace = args.data / "bench-workspace.db"
    if args.child:
        asyncio.run(_review_child(workspace) if args.child == "review" else _trivial_child())
        return
    if not workspace.exists():
        sys.exit(f"no {workspace}: run `python -m bench.bench_corpora {args.data}` first")
    # A user's install has the package's bytecode compiled (pip compiles it); with
    # PYTHONDONTWRITEBYTECODE set, as on some machines, every child would compile the
    # package's sources again and time that instead. Compile them once, as an install does.
    import anser_tui

    compileall.compile_dir(Path(anser_tui.__file__).parent, quiet=1)
    print(f"before: {_load()}")
    for kind in ("trivial", "review"):  # warm the page cache
        _spawn(args.data, kind)
    trivial: list[float] = []
    review: list[float] = []
    rss: list[float] = []
    for _ in range(args.pairs):
        trivial.append(_spawn(args.data, "trivial")[0])
        elapsed, peak, _ = _spawn(args.data, "review")
        review.append(elapsed)
        rss.append(peak)
    ratio = statistics.median(r / t for r, t in zip(review, trivial, strict=True))
    _, _, importtime = _spawn(args.data, "review", "-X", "importtime")
    top, cumulative = import_breakdown(importtime)
    print(f"after: {_load()}")
    _report(args.pairs, trivial, review, ratio, max(rss), top, cumulative)
    if ratio > RATIO_BUDGET or max(rss) > RSS_BUDGET_MB:
        sys.exit(1)


def _report(pairs: int, trivial: list[float], review: list[float], ratio: float, rss: float,
            top: list[tuple[str, float, float]], cumulative: dict[str, Any]) -> None:
    print(f"start-up to an interactive review screen: {pairs} alternated pairs, review median "
          f"{statistics.median(review):.3f} s (min {min(review):.3f}), trivial Textual app "
          f"median {statistics.median(trivial):.3f} s (min {min(trivial):.3f})")
    print(f"=> ratio {ratio:.2f}x, median of the pairs (budget <= {RATIO_BUDGET}x: "
          f"{'ok' if ratio <= RATIO_BUDGET else 'MISSED'})")
    print(f"=> peak RSS of the review screen {rss:.0f} MB (budget <= {RSS_BUDGET_MB:.0f} MB: "
          f"{'ok' if rss <= RSS_BUDGET_MB else 'MISSED'})")
    print("import time, one review child under -X importtime: "
          + ", ".join(f"{name} {cumulative[name]:.0f} ms" for name in
                      ("anser_tui.app", "textual.app", "anser_tui.cli") if name in cumulative))
    print("the ten costliest modules:   self ms   cumulative ms")
    for name, own, total in top:
        print(f"  {name:<40} {own:7.1f} {total:9.1f}")


if __name__ == "__main__":
    main()
