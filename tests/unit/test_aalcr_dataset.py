"""The AA-LCR loader and document reader: the CSV with its unnamed index column, the dataset
version the user states, bad rows and absent documents named by file and line, and documents
read in `data_source_filenames` order, never a file the row does not list."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from anser_tui.benchmarks.aalcr.dataset import load_aalcr
from anser_tui.benchmarks.aalcr.documents import read_document_set
from anser_tui.core.errors import InputError

HEADER = ["", "document_category", "document_set_id", "question_id", "question", "answer",
          "data_source_filenames", "data_source_urls", "input_tokens"]
ROWS = [
    ["0", "Legal", "Legal_1", "1", "Which clause governs?", "Clause 7", "b_contract;a_memo",
     "u1;u2", "9100"],
    ["1", "Legal", "Legal_1", "2", "What is the cap,\nin GBP?", "0.658", "a_memo", "u2", "4000"],
]


def write(root: Path, rows: list[list[str]], header: list[str] = HEADER,
          documents: dict[str, str] | None = None, name: str = "AA-LCR_Dataset.csv") -> Path:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerows([header, *rows])
    (root / name).parent.mkdir(parents=True, exist_ok=True)
    (root / name).write_text(out.getvalue(), encoding="utf-8")
    folder = root / "lcr" / "Legal" / "Legal_1"
    folder.mkdir(parents=True, exist_ok=True)
    for doc, text in (documents if documents is not None else {
            "a_memo": "MEMO TEXT", "b_contract": "CONTRACT TEXT",
            "z_unlisted": "NOT LISTED BY ANY QUESTION"}).items():
        (folder / f"{doc}.txt").write_text(text, encoding="utf-8")
    return root


def test_rows_become_tasks_with_the_stated_version(tmp_path: Path) -> None:
    data = write(tmp_path / "d", ROWS)
    first, second = load_aalcr(data, {"dataset_version": "1.0.0"})
    assert (first.id, first.group, first.query, first.ground_truth, first.line) == (
        "1", "Legal", "Which clause governs?", "Clause 7", 2)
    assert second.line == 3 and second.query == "What is the cap,\nin GBP?"
    assert first.extra == {"dataset_version": "1.0.0", "document_category": "Legal",
                           "document_set_id": "Legal_1",
                           "data_source_filenames": ["b_contract", "a_memo"],
                           "data_source_urls": ["u1", "u2"], "input_tokens": 9100, "index": "0"}
    assert load_aalcr(data)[0].extra["dataset_version"] == "1.1"  # the default


def test_a_header_without_the_index_column_and_a_csv_elsewhere(tmp_path: Path) -> None:
    data = write(tmp_path / "d", [r[1:] for r in ROWS], HEADER[1:], name="v1.0/keys.csv")
    tasks = load_aalcr(data, {"csv": "v1.0/keys.csv"})
    assert [t.extra["index"] for t in tasks] == [None, None]


def test_documents_in_list_order_and_never_an_unlisted_file(tmp_path: Path) -> None:
    data = write(tmp_path / "d", ROWS)
    first, second = load_aalcr(data)
    assert [(d.filename, d.text) for d in read_document_set(data, first)] == [
        ("b_contract", "CONTRACT TEXT"), ("a_memo", "MEMO TEXT")]
    assert [d.filename for d in read_document_set(data, second)] == ["a_memo"]
    (data / "lcr/Legal/Legal_1/a_memo.txt").unlink()
    with pytest.raises(InputError) as err:
        read_document_set(data, second)
    docs = data / "lcr/Legal/Legal_1"
    assert err.value.message == (f"question 2 lists a_memo, but neither {docs / 'a_memo'} nor "
                                 f"{docs / 'a_memo.txt'} is a file")


@pytest.mark.parametrize(("rows", "line", "reason"), [
    ([ROWS[0], ROWS[1][:-1]], 3, "8 fields where the header has 9"),
    ([ROWS[0], [*ROWS[1], "extra"]], 3, "10 fields where the header has 9"),
    ([ROWS[0], ["1", "Legal", "Legal_1", "2", "Q?", "", "a_memo", "", ""]], 3, "empty answer"),
    ([ROWS[0], ["1", "Legal", "Legal_1", "1", "Q?", "A", "a_memo", "", ""]], 3,
     "question 1 appears twice (first on line 2)"),
    ([ROWS[0], ["1", "Legal", "Legal_1", "2", "Q?", "A", "a_memo;c_gone", "", ""]], 3,
     "question 2 lists c_gone, but neither {docs}/c_gone nor {docs}/c_gone.txt is a file"),
    ([["0", "Legal", "Legal_1", "1", "Q?", "A", "../../secret", "", ""]], 2,
     "a document category, set id or file name holds a path separator or is '.' or '..'"),
])
def test_bad_rows_name_the_csv_and_line(tmp_path: Path, rows: list[list[str]], line: int,
                                        reason: str) -> None:
    data = write(tmp_path / "d", rows)
    with pytest.raises(InputError) as err:
        load_aalcr(data)
    reason = reason.format(docs=data / "lcr/Legal/Legal_1")
    assert err.value.message == f"{data / 'AA-LCR_Dataset.csv'}:{line}: {reason}"


def test_a_row_after_a_multiline_field_is_named_by_its_own_line(tmp_path: Path) -> None:
    bad = ["2", "Legal", "Legal_1", "3", "Q?", "A", "gone", "", ""]
    data = write(tmp_path / "d", [*ROWS, bad])
    with pytest.raises(InputError) as err:
        load_aalcr(data)
    assert err.value.message.startswith(f"{data / 'AA-LCR_Dataset.csv'}:5: question 3 lists")


def test_bad_header_version_and_options(tmp_path: Path) -> None:
    data = write(tmp_path / "d", [r[:4] + r[5:] for r in ROWS],
                 HEADER[:4] + HEADER[5:])
    with pytest.raises(InputError) as err:
        load_aalcr(data)
    assert err.value.message == f"{data / 'AA-LCR_Dataset.csv'}:1: the header lacks question"
    with pytest.raises(InputError, match=r"unknown AA-LCR dataset version '2\.0'"):
        load_aalcr(data, {"dataset_version": "2.0"})
    with pytest.raises(InputError, match="AA-LCR takes no split option"):
        load_aalcr(data, {"split": "x"})
    with pytest.raises(InputError, match="cannot read"):
        load_aalcr(data, {"csv": "missing.csv"})
