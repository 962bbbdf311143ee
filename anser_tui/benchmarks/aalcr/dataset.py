"""The AA-LCR loader: `AA-LCR_Dataset.csv` and its extracted-text folder -> tasks.

The CSV is read with the csv module: a header (its first column may be pandas' unnamed index,
an empty name or "Unnamed: 0"), then one question a record (a quoted field may span lines; a
record's line is the one it starts on). Required columns: document_category, document_set_id,
question_id, question, answer, data_source_filenames (';'-separated, in reading order);
data_source_urls (';'-separated) and input_tokens are kept where present. A record with more
or fewer fields than the header, an empty required field, a question id twice, or a listed
document named with a path separator or missing from `lcr/<document_category>/<document_set_id>/`
(the entry as written, else with `.txt` added; both paths named) is bad input (CSV file and
line), and nothing is written.

The dataset version is the user's to state (both releases name the file the same): a load
option `dataset_version` ("1.1", the default, or "1.0.0"), kept in every task's extra; the
option `csv` names the CSV (relative to the folder, or absolute; default the folder's
`AA-LCR_Dataset.csv`). Task conventions: id = question_id; group = domain = the document
category; query = the question; ground_truth = the answer; form short, lang en.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from anser_tui.benchmarks.aalcr.documents import absent, document_path
from anser_tui.benchmarks.base import LoadOptions
from anser_tui.core.errors import InputError
from anser_tui.workspace.tasks import AnswerKey, Form, Task, TaskPrompt

CSV_NAME = "AA-LCR_Dataset.csv"
VERSIONS = ("1.0.0", "1.1")
DEFAULT_VERSION = "1.1"
REQUIRED = ("document_category", "document_set_id", "question_id", "question", "answer",
            "data_source_filenames")
INDEX_NAMES = ("", "Unnamed: 0")
OPTIONS = ("dataset_version", "csv")


def csv_path(data_dir: Path, options: LoadOptions | None) -> Path:
    given = (options or {}).get("csv")
    return Path(data_dir) / CSV_NAME if not given else Path(data_dir) / Path(given)


def dataset_version(options: LoadOptions | None) -> str:
    unknown = sorted(set(options or {}) - set(OPTIONS))
    if unknown:
        raise InputError(f"AA-LCR takes no {', '.join(unknown)} option")
    version = (options or {}).get("dataset_version") or DEFAULT_VERSION
    if version not in VERSIONS:
        raise InputError(f"unknown AA-LCR dataset version {version!r} "
                         f"(known: {', '.join(VERSIONS)})")
    return version


def _plain(name: str) -> bool:
    """A name that stays inside its folder (no separator, not "." or "..")."""
    return name not in (".", "..") and "/" not in name and "\\" not in name


def _records(path: Path) -> tuple[list[str], list[tuple[int, list[str]]]]:
    try:
        with path.open(encoding="utf-8-sig", newline="") as handle:
            reader = csv.reader(handle)
            header = next(reader, None)
            rows, start = [], reader.line_num + 1
            for fields in reader:
                if any(f.strip() for f in fields):
                    rows.append((start, fields))
                start = reader.line_num + 1
    except OSError as exc:
        raise InputError(f"cannot read ({exc.strerror})", path) from None
    except (csv.Error, UnicodeDecodeError) as exc:
        raise InputError(f"not a readable CSV ({exc})", path) from None
    if header is None:
        raise InputError("the CSV is empty", path)
    return header, rows


def _task(row: dict[str, str], version: str, seq: int, index: str | None, source: str,
          line: int) -> Task:
    names = [n.strip() for n in row["data_source_filenames"].split(";") if n.strip()]
    urls = [u.strip() for u in row.get("data_source_urls", "").split(";") if u.strip()]
    tokens = row.get("input_tokens", "").strip()
    extra: dict[str, Any] = {
        "dataset_version": version, "document_category": row["document_category"],
        "document_set_id": row["document_set_id"], "data_source_filenames": names,
        "data_source_urls": urls, "input_tokens": int(tokens) if tokens.isdigit() else None,
        "index": index}
    category = row["document_category"]
    return Task(id=row["question_id"], benchmark="aalcr", group=category, form=Form.SHORT,
                lang="en", domain=category, objective="", number=None, seq=seq,
                source=source, line=line,
                prompt=TaskPrompt(id=row["question_id"], query=row["question"]),
                key=AnswerKey(ground_truth=row["answer"]), extra=extra)


def load_aalcr(data_dir: Path, options: LoadOptions | None = None) -> list[Task]:
    """Every question of the CSV, in file order, each checked against its documents."""
    version = dataset_version(options)
    path = csv_path(data_dir, options)
    header, records = _records(path)
    columns = [h.strip() for h in header]
    indexed = columns[0] in INDEX_NAMES
    missing = [c for c in REQUIRED if c not in columns]
    if missing:
        raise InputError(f"the header lacks {', '.join(missing)}", path, 1)
    tasks: list[Task] = []
    first: dict[str, int] = {}
    for line, fields in records:
        if len(fields) != len(columns):
            raise InputError(f"{len(fields)} fields where the header has {len(columns)}",
                             path, line)
        row = dict(zip(columns, (f.strip() for f in fields), strict=True))
        empty = [c for c in REQUIRED if not row[c]]
        if empty:
            raise InputError(f"empty {', '.join(empty)}", path, line)
        qid = row["question_id"]
        if qid in first:
            raise InputError(f"question {qid} appears twice (first on line {first[qid]})",
                             path, line)
        first[qid] = line
        task = _task(row, version, len(tasks), row[columns[0]] if indexed else None,
                     path.name, line)
        parts = [row["document_category"], row["document_set_id"],
                 *task.extra["data_source_filenames"]]
        if not all(_plain(p) for p in parts):
            raise InputError("a document category, set id or file name holds a path "
                             "separator or is '.' or '..'", path, line)
        for name in task.extra["data_source_filenames"]:
            if document_path(data_dir, task, name) is None:
                raise InputError(absent(task, data_dir, name), path, line)
        tasks.append(task)
    if not tasks:
        raise InputError("the CSV holds no questions", path)
    return tasks
