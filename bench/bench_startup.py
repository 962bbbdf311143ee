"""Startup: from a new process to an interactive review screen (budget <= 0.8 s median).

    python -m bench.bench_startup /tmp/anser-full [--runs 7]

Each run starts a fresh Python process that imports anser-tui, opens the full-scale workspace
built by `bench.bench_corpora` (2,235 tasks, 3 runs), resumes a review session and waits until
the review screen has painted its first item; the parent times the whole process from spawn to
the moment the child's "ready" line arrives, interpreter start-up and imports included (the
child's exit afterwards is not counted).
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import statistics
import subprocess
import sys
import time
from pathlib import Path

BUDGET_S = 0.8


async def _child(workspace: Path) -> None:
    from anser_tui.cli import build_app
    from anser_tui.core.settings import Settings

    app = build_app(workspace, reviewer="bench-startup", session="bench-startup",
                    settings=Settings())
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        print("ready", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", type=Path, help="the folder bench.synthetic_corpora wrote")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    workspace = args.data / "bench-workspace.db"
    if args.child:
        asyncio.run(_child(workspace))
        return
    if not workspace.exists():
        sys.exit(f"no {workspace}: run `python -m bench.bench_corpora {args.data}` first")
    # A user's install has the package's bytecode compiled (pip compiles it); with
    # PYTHONDONTWRITEBYTECODE set, as on some machines, every child would compile the
    # package's sources again and time that instead. Compile them once, as an install does.
    import anser_tui

    compileall.compile_dir(Path(anser_tui.__file__).parent, quiet=1)
    times = []
    for _ in range(args.runs + 1):  # the first run warms the page cache and is not counted
        started = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-m", "bench.bench_startup", str(args.data),
                                  "--child"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True)
        assert child.stdout is not None
        line = child.stdout.readline()
        elapsed = time.perf_counter() - started
        _, err = child.communicate()
        if line.strip() != "ready":
            sys.exit(f"startup child failed:\n{err[-2000:]}")
        times.append(elapsed)
    counted = times[1:]
    median = statistics.median(counted)
    print(f"open workspace to interactive review screen: {len(counted)} runs, median "
          f"{median:.2f} s, min {min(counted):.2f} s, max {max(counted):.2f} s "
          f"(budget <= {BUDGET_S} s: {'ok' if median <= BUDGET_S else 'MISSED'})")
    if median > BUDGET_S:
        sys.exit(1)


if __name__ == "__main__":
    main()
