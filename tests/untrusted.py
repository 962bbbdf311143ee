"""Untrusted text for the property tests: escapes, controls, bidi controls and Rich markup
mixed into ordinary text, and a benchmark whose every text field carries it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from corpus_fixtures import LAWS, write_corpora
from hypothesis import strategies as st
from mini_bench import LEGAL_ZH_PRESCRIPTIVE, write_jsonl, write_mini_bench

from anser_tui.exchange import import_run, init_workspace
from anser_tui.judge import import_judgments

PIECES = ["\x1b[31m", "\x1b[2J", "\x1b]0;pwned\x07", "\x1b]8;;http://evil\x1b\\", "\x9b31m",
          "\x1bP", "\x07", "\x08", "\r", "\x00", "\x7f", "\x85", "\x0b", "\u202e", "\u202a",
          "\u2066", "\u2067", "\u2068", "\u2069", "\u200f", "[bold]x[/]", "[/]",
          "[link=http://evil]y[/link]", "[red on white]", "[@click=app.quit]q[/]", "甲", "a b"]
# What a terminal would act on: C0 but tab and newline, DEL, C1, bidi controls and marks.
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")

untrusted = st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=4)),
                     min_size=1, max_size=6).map("".join)
TASK = "legal_zh_prescriptive_1"


def evil_workspace(root: Path, text: str) -> Path:
    """A workspace whose task fields, corpus record, answer, evidence id and judge reason all
    carry `text`; one run, sys-a."""
    task = {**LEGAL_ZH_PRESCRIPTIVE[0], "type": f"t{text}", "query": f"q{text}",
            "instruction": f"i{text}", "ground_truth": f"g{text}"}
    bench = write_mini_bench(root / "bench", {"legal/zh/prescriptive.json": [task]})
    write_corpora(bench / "corpora")
    laws = [{**law, "law_name": f"L{text}", "content": f"c{text}"} if law["id"] == "law_675"
            else law for law in LAWS]
    write_jsonl(bench / "corpora" / "legal/zh/law_corpus.jsonl", laws)
    ws = root / "ws.db"
    store = init_workspace(ws, "anser", bench)
    import_run(store, write_jsonl(root / "run.jsonl", [
        {"id": TASK, "answer": f"a{text}", "retrieved_evidence": ["law_675", f"x{text}"]}]),
        "sys-a")
    reason = json.dumps({"score_0_100": 74, "conclusion": 3, "rule_citation": 3,
                         "rule_application": 3, "ground_truth_consistency": 2, "format": 4,
                         "reason": f"r{text}"}, ensure_ascii=False)
    import_judgments(store, write_jsonl(root / "judge.jsonl", [
        {"id": TASK, "model": "m", "output": f"{reason}{text}"}]), "sys-a")
    store.close()
    return ws
