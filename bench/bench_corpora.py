"""Corpus budgets on full-scale synthetic data (DESIGN section 10).

    python -m bench.synthetic_corpora /tmp/anser-full       # once: corpora, tasks, runs
    python -m bench.bench_corpora /tmp/anser-full [--lookups 1000] [--items 600]

Prints four figures against their budgets:
  1. JSONL index build rate (all JSONL corpora, sidecars removed first)   >= 200 MB/s
  2. lookup latency p50/p95 per corpus (a whole document rendered)        (reported)
  3. next item rendered in the review screen, with evidence, p95          <= 25 ms
     (600 queue items spread over every group and run, each timed until the last frame it
     paints that changes the screen, bench.paint_clock; the same items with the evidence
     panel left out are printed beside it for reference)
  4. peak memory (RSS) of the process while reviewing                     <= 120 MB
Figures 3 and 4 come from a child process that only opens the workspace and reviews (a headless
Pilot at 160x48), so the generator and the index build do not count towards its memory (its peak
is read from its own VmHWM, bench.peak_rss: ru_maxrss would start from this parent's). Beside
figure 3, a second child times the floor: a bare Textual app with the review screen's frame of
bordered panels, given new text of the same sizes each step through the same clock, so the
next item's p95 is also printed as a ratio of what Textual itself needs to repaint that frame.
Exits 1 when a budget is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.paint_clock import PaintClock
from bench.peak_rss import peak_rss_mb

INDEX_BUDGET_MB_S = 200.0
RENDER_BUDGET_MS = 25.0
RSS_BUDGET_MB = 120.0


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def bench_index(corpora: Path) -> tuple[float, list[str]]:
    from anser_tui.benchmarks.anser.evidence import evidence_library

    lines = []
    total_bytes, total_s, total_cpu = 0, 0.0, 0.0
    for index in evidence_library(corpora).jsonl_indexes():
        index.sidecar().unlink(missing_ok=True)
        cpu = time.process_time()
        stats = index.build()
        cpu = time.process_time() - cpu
        total_bytes += stats.bytes
        total_s += stats.seconds
        total_cpu += cpu
        lines.append(f"    {index.jsonl.name:<26} {stats.records:>9,} records "
                     f"{stats.bytes / 1e6:>8,.1f} MB {stats.seconds:>6.2f} s "
                     f"{stats.mb_per_s:>7,.0f} MB/s (CPU time {stats.bytes / 1e6 / cpu:,.0f})")
    lines.append(f"    all, by CPU time: {total_bytes / 1e6 / total_cpu:,.0f} MB/s (what the wall "
                 "clock nears when the process has a core to itself)")
    return total_bytes / 1e6 / total_s, lines


def _sample_ids(library: Any, space: Any, n: int) -> list[str]:
    from anser_tui.corpora import connect_read_only
    from anser_tui.corpora.jsonl_reader import JsonlReader

    reader = library.reader(space)
    if isinstance(reader, JsonlReader):
        reader.ensure_index()
        sidecar = reader.index.fresh_sidecar()
        conn = connect_read_only(sidecar)
        sql = "SELECT key FROM records ORDER BY random() LIMIT ?"
    else:
        conn = connect_read_only(reader.path)
        d = reader.descriptor
        sql = f'SELECT DISTINCT "{d.key}" FROM "{d.table}" ORDER BY random() LIMIT ?'
    try:
        return [str(r[0]) for r in conn.execute(sql, (n,))]
    finally:
        conn.close()


def bench_lookups(corpora: Path, n: int) -> list[str]:
    from anser_tui.benchmarks.anser.evidence import evidence_library
    from anser_tui.benchmarks.anser.groups import EVIDENCE_SPACES

    library = evidence_library(corpora)
    lines = []
    for space in EVIDENCE_SPACES:
        ids = _sample_ids(library, space, n)
        random.Random(1).shuffle(ids)
        times = []
        for evidence in ids:
            started = time.perf_counter()
            document = library.lookup(space, evidence)
            times.append((time.perf_counter() - started) * 1000)
            assert document is not None, (space.corpus, evidence)
        classify = []
        for start in range(0, len(ids), 50):
            started = time.perf_counter()
            library.classify(space, ids[start:start + 50])
            classify.append((time.perf_counter() - started) * 1000)
        lines.append(f"    {space.corpus:<22} p50 {_p(times, .5):6.2f} ms  p95 "
                     f"{_p(times, .95):6.2f} ms   (title+status of 50 ids: p95 "
                     f"{_p(classify, .95):5.1f} ms)")
    library.close()
    return lines


def build_workspace(data: Path) -> Path:
    from anser_tui.exchange import import_run, init_workspace
    from anser_tui.judge import import_judgments

    workspace = data / "bench-workspace.db"
    if workspace.exists():
        return workspace
    building = data / "bench-workspace.building.db"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{building}{suffix}").unlink(missing_ok=True)
    started = time.perf_counter()
    store = init_workspace(building, "anser", data)
    for run_file in sorted((data / "runs").glob("*.run.jsonl")):
        name = run_file.name.split(".")[0]
        import_run(store, run_file, name, run_file.with_name(f"{name}.log.jsonl"))
        import_judgments(store, run_file.with_name(f"{name}.judgments.jsonl"), name)
    store.close()
    building.rename(workspace)
    print(f"    built {workspace} in {time.perf_counter() - started:.1f} s")
    return workspace


async def _review(workspace: Path, items: int) -> dict[str, Any]:
    """In the child: step through the queue, timing each next item until it is painted."""
    from anser_tui.benchmarks.anser.evidence_diff import evidence_diff
    from anser_tui.cli import build_app
    from anser_tui.core.settings import Settings
    from anser_tui.screens.document import DocumentScreen
    from anser_tui.screens.review import ReviewScreen
    from anser_tui.widgets.evidence_panel import EvidencePanel
    from anser_tui.widgets.evidence_table import EvidenceTable

    app = build_app(workspace, reviewer="bench", session="bench-walk", settings=Settings())
    clock = PaintClock(app)
    textual_cpu = _textual_share()
    invalidate = EvidenceTable.invalidate

    def titles_found(self: EvidenceTable) -> None:  # the worker's titles: not the step's
        clock.background()
        invalidate(self)

    EvidenceTable.invalidate = titles_found  # type: ignore[method-assign]
    cpu: list[float] = []
    total_cpu: list[float] = []
    frames: list[int] = []
    layout_cpu: list[float] = []  # Textual's layout and paint of the step, CPU ms

    async def painted(action: Any) -> float:
        textual_cpu[0] = 0.0
        wall, cpu_ms, painted_frames = await clock.step(action)
        layout_cpu.append(textual_cpu[0])
        cpu.append(cpu_ms)
        total_cpu.append(clock.total_cpu)
        frames.append(painted_frames)
        return wall

    async def open_document(panel: EvidencePanel) -> float:
        """Enter on an evidence row until the document screen has painted (the panel asks,
        the review screen pushes the document screen: two hops of the message loop)."""
        started = time.perf_counter()
        panel.open_highlighted()
        while not isinstance(app.screen, DocumentScreen):
            await asyncio.sleep(0)
        done = asyncio.Event()
        app.call_after_refresh(done.set)
        await done.wait()
        return (time.perf_counter() - started) * 1000

    def jump(screen: ReviewScreen, position: int) -> None:
        screen.position = position  # the same path as n/p: watch_position -> show_item

    async with app.run_test(size=(160, 48)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.pause()
        total = len(screen.session.items)
        # items spread over the whole queue (every group and run), each shown fresh
        order = random.Random(3).sample(range(1, total), min(items, total - 1))
        render = [await painted(lambda p=p: jump(screen, p)) for p in order]
        render_cpu, render_total, render_frames = cpu[:], total_cpu[:], frames[:]
        render_layout = layout_cpu[:]
        await app.workers.wait_for_complete()
        show = EvidencePanel.show
        EvidencePanel.show = lambda self, diff, query="": None  # type: ignore[method-assign]
        baseline = [await painted(lambda p=p: jump(screen, p)) for p in order]
        EvidencePanel.show = show  # type: ignore[method-assign]

        panel = screen.query_one(EvidencePanel)
        store = screen.session.store
        big = sorted((t for t in store.tasks() if t.form.value in ("statistic", "structured")),
                     key=lambda t: -len(t.evidence))[:20]
        set_times, sizes, background = [], [], []
        for task in big:
            output = store.output("sys-a", task.id)
            diff = evidence_diff(task, output.retrieved if output else [])
            sizes.append(len(diff.retrieved) + len(diff.gold))
            set_times.append(await painted(lambda d=diff, q=task.query: panel.show(d, q)))
            await app.workers.wait_for_complete()
            background.append((clock.background_last - clock.started) * 1000)
        screen.query_one("#retrieved").focus()
        opened = []
        for _ in range(30):
            opened.append(await open_document(panel))
            assert isinstance(app.screen, DocumentScreen)
            await painted(app.screen.action_next_evidence)
            app.pop_screen()
            await pilot.pause()
        rss = peak_rss_mb()
    return {"items": len(order), "render": render, "render_cpu": render_cpu,
            "frames": render_frames, "render_total_cpu": render_total,
            "render_layout_cpu": render_layout,
            "baseline": baseline, "set": set_times,
            "set_ids": sizes,
            "background": background, "document": opened, "rss_mb": rss}


async def _floor(items: int) -> dict[str, Any]:
    """In the child: the floor, a bare Textual app with the review screen's frame (a two-line
    header, task, answer and metrics over ground truth and judge in two columns of bordered
    panels, two bordered evidence panels, a three-line bar and a key line) whose panels are
    given new text of the same sizes on each step, painted through the same harness."""
    from textual.app import App, ComposeResult
    from textual.containers import Horizontal, Vertical
    from textual.widgets import Static

    words = ["the", "court", "held", "that", "the", "contract", "must", "be", "performed",
             "合同", "应当", "按照", "约定", "履行", "2,235", "14.86%", "revenue", "营业收入"]
    sizes = {"task": 25, "answer": 180, "metrics": 20, "truth": 150, "judge": 70,
             "retrieved": 60, "gold": 60}

    class Panel(Static):
        DEFAULT_CSS = "Panel { border: round $panel-lighten-2; padding: 0 1; height: 1fr; }"

    class Floor(App[None]):
        CSS = """#head { height: 2; } #evidence { height: 11; } #bar { height: 3; }
        #keys { height: 1; } #answer, #truth { height: 2fr; }"""

        def compose(self) -> ComposeResult:
            yield Static(id="head")
            with Horizontal():
                with Vertical():
                    for name in ("task", "answer", "metrics"):
                        yield Panel(id=name)
                with Vertical():
                    for name in ("truth", "judge"):
                        yield Panel(id=name)
            with Horizontal(id="evidence"):
                yield Panel(id="retrieved")
                yield Panel(id="gold")
            yield Static(id="bar")
            yield Static(id="keys")

    rng = random.Random(5)
    app = Floor()
    clock = PaintClock(app)
    textual_cpu = _textual_share()
    times: list[float] = []
    cpu: list[float] = []
    layout_cpu: list[float] = []

    def step(i: int) -> None:
        app.query_one("#head", Static).update(f" {i}/2235 " + " ".join(rng.sample(words, 8)))
        for name, count in sizes.items():
            app.query_one(f"#{name}", Static).update(
                " ".join(rng.choice(words) for _ in range(count)))
        app.query_one("#bar", Static).update(" ".join(rng.sample(words, 10)))

    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        for i in range(items):
            textual_cpu[0] = 0.0
            wall, cpu_ms, _frames = await clock.step(functools.partial(step, i))
            times.append(wall)
            cpu.append(cpu_ms)
            layout_cpu.append(textual_cpu[0])
    return {"floor": times, "floor_cpu": cpu, "floor_layout_cpu": layout_cpu}


def _textual_share() -> list[float]:
    """Count the CPU ms of Textual's layout and paint of the screen (`Screen._refresh_layout`:
    arranging the widgets, rendering their lines, cutting the frame) into the list's one
    element, which the caller zeroes before each step: the part of a step no widget of the
    app's own can make cheaper (it is the same code in the floor)."""
    from textual.screen import Screen

    spent = [0.0]
    refresh_layout = Screen._refresh_layout

    def timed(self: Screen[Any], *args: Any, **kwargs: Any) -> None:
        started = time.process_time()
        try:
            refresh_layout(self, *args, **kwargs)
        finally:
            spent[0] += (time.process_time() - started) * 1000

    Screen._refresh_layout = timed  # type: ignore[method-assign]
    return spent


def bench_review(workspace: Path, items: int) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for mode in ("--review-child", "--floor-child"):
        child = subprocess.run([sys.executable, "-m", "bench.bench_corpora", mode,
                                str(workspace), "--items", str(items)],
                               capture_output=True, text=True, check=False)
        if child.returncode != 0:
            sys.exit(f"{mode[2:]} failed:\n{child.stderr[-3000:]}")
        result.update(json.loads(child.stdout.strip().splitlines()[-1]))
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", type=Path, help="the folder bench.synthetic_corpora wrote")
    parser.add_argument("--lookups", type=int, default=1000, help="lookups per corpus")
    parser.add_argument("--items", type=int, default=600, help="queue items to show")
    parser.add_argument("--review-child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--floor-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.review_child:
        print(json.dumps(asyncio.run(_review(args.data, args.items))))
        return
    if args.floor_child:
        print(json.dumps(asyncio.run(_floor(args.items))))
        return

    corpora = args.data / "corpora"
    print("1. JSONL index build")
    rate, lines = bench_index(corpora)
    print("\n".join(lines))
    print(f"   => {rate:,.0f} MB/s (budget >= {INDEX_BUDGET_MB_S:.0f} MB/s; page cache warm)")
    print(f"2. lookup latency per corpus ({args.lookups} random ids, whole document)")
    print("\n".join(bench_lookups(corpora, args.lookups)))
    print("3-4. review screen (child process, headless 160x48)")
    result = bench_review(build_workspace(args.data), args.items)
    render = result["render"]
    p95 = _p(render, .95)
    base = result["baseline"]
    print(f"    next item: {result['items']} items, p50 {statistics.median(render):.1f} ms, "
          f"p95 {p95:.1f} ms, max {max(render):.1f} ms, timed until the last frame each "
          f"painted ({sum(1 for f in result['frames'] if f > 1)} painted more than one)")
    print(f"    CPU time of this process per item: p50 "
          f"{statistics.median(result['render_cpu']):.1f} ms, p95 "
          f"{_p(result['render_cpu'], .95):.1f} ms until painted (the rest: frame timer, other "
          f"processes); p50 {statistics.median(result['render_total_cpu']):.1f} ms with what "
          "follows the frame until the screen is idle")
    print(f"    reference, same items with the evidence panel not updated: p50 "
          f"{statistics.median(base):.1f} ms, p95 {_p(base, .95):.1f} ms")
    print(f"    set-metric evidence panel ({min(result['set_ids']):,}-{max(result['set_ids']):,} "
          f"ids): p95 {_p(result['set'], .95):.1f} ms to paint, background titles p95 "
          f"{_p(result['background'], .95):.0f} ms")
    print(f"    open a document: p95 {_p(result['document'], .95):.1f} ms")
    floor = result["floor"]
    print(f"    floor, a bare Textual app with the same frame given new text each step: p50 "
          f"{statistics.median(floor):.1f} ms, p95 {_p(floor, .95):.1f} ms; next item p95 = "
          f"{p95 / _p(floor, .95):.2f}x the floor's")
    print(f"    CPU ms per step, p50 / p95: next item {statistics.median(result['render_cpu']):.1f}"
          f" / {_p(result['render_cpu'], .95):.1f}, floor "
          f"{statistics.median(result['floor_cpu']):.1f} / {_p(result['floor_cpu'], .95):.1f}; "
          "of which Textual's layout and paint (Screen._refresh_layout): next item "
          f"{statistics.median(result['render_layout_cpu']):.1f} / "
          f"{_p(result['render_layout_cpu'], .95):.1f}, floor "
          f"{statistics.median(result['floor_layout_cpu']):.1f} / "
          f"{_p(result['floor_layout_cpu'], .95):.1f}")
    print(f"3. => next-item render p95 {p95:.1f} ms (budget <= {RENDER_BUDGET_MS:.0f} ms)")
    print(f"4. => peak RSS while reviewing {result['rss_mb']:.0f} MB "
          f"(budget <= {RSS_BUDGET_MB:.0f} MB)")
    ok = rate >= INDEX_BUDGET_MB_S and p95 <= RENDER_BUDGET_MS and \
        result["rss_mb"] <= RSS_BUDGET_MB
    print("all budgets met" if ok else "BUDGET MISSED")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
