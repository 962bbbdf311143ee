"""What a user reads stands alone: README.md, docs/ and bench/README.md cite no design notes,
no numbered sections of a document users do not have, no file outside the repository; every
relative link points at a file of the repository; the command line's help says no such thing
either."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from anser_tui.cli import cli

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", ROOT / "bench" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
CITATION = re.compile(r"DESIGN|\b[Ss]ection \d|spec/|(?<!\.)\.\./")
LINK = re.compile(r"\]\(([^)#]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_document_cites_nothing_outside_the_repository(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    assert [m.group(0) for m in CITATION.finditer(text)] == []
    for target in LINK.findall(text):
        if not target.startswith(("http://", "https://")):
            assert (doc.parent / target).is_file(), f"{doc.name} links to {target}"


def test_the_metrics_are_documented_in_the_repository() -> None:
    text = (ROOT / "docs" / "metrics.md").read_text(encoding="utf-8")
    for name in ("MAE", "Accuracy@10%", "SMAPE", "Accuracy", "Relation Accuracy", "MAE(log OR)",
                 "MAE(median difference)", "Rule Accuracy", "Token-F1", "BERTScore-F1",
                 "LLM Judge", "Set Precision", "Set Recall", "Set F1", "Recall@5",
                 "Precision@5", "R-Precision", "MRR", "Latency", "Token Usage"):
        assert f"**{name}**" in text, name
    assert "[docs/metrics.md](docs/metrics.md)" in (ROOT / "README.md").read_text("utf-8")


COMMANDS = ["demo", "init", "import-run", "score", "judge", "import-judgments", "review",
            "report", "show", "index-corpus"]


def test_help_cites_no_design_notes() -> None:
    for args in ([], *([c] for c in COMMANDS)):
        result = CliRunner().invoke(cli, [*args, "--help"])
        assert result.exit_code == 0, args
        assert CITATION.search(result.output) is None, (args, result.output)
