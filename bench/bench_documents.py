"""AA-LCR's document set: open a 100k-token set (about 400 KB of text) in the review app and
scroll it, timing each until painted. Budget (the PRBench/AA-LCR issue): open <= 150 ms.

    python -m bench.bench_documents
"""

from __future__ import annotations

import asyncio
import statistics
import time

from textual.app import App

from anser_tui.screens.document_set import DocumentSetScreen, DocumentView

BUDGET_MS = 150.0
SENTENCE = ("The committee approved a management overlay of 17.4% on the stressed scenarios "
            "after the validation finding, with a remediation plan due in the next cycle. ")


def document_set(total_chars: int = 420_000, documents: int = 8) -> list[tuple[str, str]]:
    per = total_chars // documents
    paragraph = SENTENCE * 6
    body = "\n\n".join([paragraph] * (per // len(paragraph) + 1))[:per]
    return [(f"Annual_Report_{i}", body) for i in range(documents)]


class _Bench(App[None]):
    pass


async def _run(rounds: int) -> tuple[list[float], list[float], int]:
    docs = document_set()
    size = sum(len(t) for _, t in docs)
    app = _Bench()
    opened, scrolled = [], []
    async with app.run_test(size=(160, 48)) as pilot:
        for _ in range(rounds):
            done = asyncio.Event()
            started = time.perf_counter()
            app.push_screen(DocumentSetScreen("bench", docs))
            await pilot.pause()
            app.call_after_refresh(done.set)
            await done.wait()
            opened.append((time.perf_counter() - started) * 1000)
            view = app.screen.query_one(DocumentView)
            for step in range(20):
                done = asyncio.Event()
                started = time.perf_counter()
                view.scroll_to(y=step * 500, animate=False)
                app.call_after_refresh(done.set)
                await done.wait()
                scrolled.append((time.perf_counter() - started) * 1000)
            app.pop_screen()
            await pilot.pause()
    return opened, scrolled, size


def main() -> None:
    opened, scrolled, size = asyncio.run(_run(10))
    median = statistics.median(opened)
    p95 = sorted(scrolled)[int(len(scrolled) * 0.95) - 1]
    print(f"document set of {size:,} characters: open median {median:.1f} ms, max "
          f"{max(opened):.1f} ms (budget <= {BUDGET_MS:.0f} ms: "
          f"{'ok' if median <= BUDGET_MS else 'MISSED'}); scroll jump p95 {p95:.1f} ms")
    if median > BUDGET_MS:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
