"""AA-LCR document names that already end in `.txt` (DESIGN 12): the entry as written, else
with `.txt` added; a missing document named with both paths tried."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from anser_tui.benchmarks.aalcr.dataset import load_aalcr
from anser_tui.benchmarks.aalcr.documents import read_document_set
from anser_tui.cli import cli
from anser_tui.core.errors import InputError

WRITTEN = "Northwind Renewables FY2023 Annual Report (extract).txt"
HEADER = ["", "document_category", "document_set_id", "question_id", "question", "answer",
          "data_source_filenames", "data_source_urls", "input_tokens"]


def dataset(root: Path, names: str, files: dict[str, str]) -> Path:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([
        HEADER, ["0", "Company_Documents", "Company_Documents_1", "1",
                 "What was FY2023 revenue?", "EUR 412m", names, "u1;u2", "900"]])
    root.mkdir(parents=True)
    (root / "AA-LCR_Dataset.csv").write_text(out.getvalue(), encoding="utf-8")
    folder = root / "lcr" / "Company_Documents" / "Company_Documents_1"
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return root


def test_entries_with_and_without_the_extension_load_and_are_read(tmp_path: Path) -> None:
    data = dataset(tmp_path / "d", f"{WRITTEN};Northwind Investor Day",
                   {WRITTEN: "REPORT TEXT", "Northwind Investor Day.txt": "DAY TEXT"})
    [task] = load_aalcr(data)
    assert [(d.filename, d.text) for d in read_document_set(data, task)] == [
        (WRITTEN, "REPORT TEXT"), ("Northwind Investor Day", "DAY TEXT")]


def test_a_missing_document_names_both_paths(tmp_path: Path) -> None:
    data = dataset(tmp_path / "d", WRITTEN, {})
    folder = data / "lcr" / "Company_Documents" / "Company_Documents_1"
    with pytest.raises(InputError) as err:
        load_aalcr(data)
    assert err.value.message == (
        f"{data / 'AA-LCR_Dataset.csv'}:2: question 1 lists {WRITTEN}, but neither "
        f"{folder / WRITTEN} nor {folder / (WRITTEN + '.txt')} is a file")


def test_the_txt_dataset_inits_and_scores(tmp_path: Path) -> None:
    data = dataset(tmp_path / "d", WRITTEN, {WRITTEN: "REPORT TEXT"})
    run = tmp_path / "run.jsonl"
    run.write_text(json.dumps({"question_id": "1", "answer": "EUR 412m"}) + "\n")
    verdicts = tmp_path / "verdicts.jsonl"
    verdicts.write_text(json.dumps({"question_id": "1", "dataset_version": "1.1",
                                    "reply": '{"verdict": "CORRECT"}'}) + "\n")
    ws = tmp_path / "ws.db"
    steps = [["init", ws, "--benchmark", "aalcr", "--data", data],
             ["import-run", ws, run, "--name", "sys"], ["score", ws],
             ["import-judgments", ws, verdicts, "--run", "sys"]]
    for args in steps:
        result = CliRunner().invoke(cli, [str(a) for a in args])
        assert result.exit_code == 0, result.stderr
    result = CliRunner().invoke(cli, ["report", str(ws), "--format", "json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["versions"]["1.1"]["accuracy"] == 1.0
