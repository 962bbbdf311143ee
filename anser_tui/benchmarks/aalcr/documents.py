"""An AA-LCR question's document set, read from the extracted-text folder.

A question lists its documents in `data_source_filenames`, in the order they are to be read;
each is the text file `lcr/<document_category>/<document_set_id>/<name>` under the data folder,
where `<name>` is the entry as written when that file exists, else the entry + `.txt` (both
layouts occur: DESIGN 12); a missing document is named with both paths tried. Only the listed
files are read, in that order: a set's folder may hold documents that other questions list,
and those are never shown with this one (evalscope's adapter renders the whole folder; the
documented order is the list's).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from anser_tui.core.errors import InputError
from anser_tui.workspace.tasks import Task

TEXT_ROOT = "lcr"


@dataclass(frozen=True)
class SourceDocument:
    """One document of a question's set: the name its row lists, and its text."""

    filename: str
    text: str


def document_paths(data_dir: Path, task: Task, filename: str) -> tuple[Path, Path]:
    """Where the listed document `filename` of the task's set may lie: as written, and with
    `.txt` added."""
    folder = (Path(data_dir) / TEXT_ROOT / str(task.extra["document_category"])
              / str(task.extra["document_set_id"]))
    return folder / filename, folder / f"{filename}.txt"


def document_path(data_dir: Path, task: Task, filename: str) -> Path | None:
    """The listed document's file: the entry as written, else with `.txt`; None when neither
    is a file."""
    return next((p for p in document_paths(data_dir, task, filename) if p.is_file()), None)


def absent(task: Task, data_dir: Path, filename: str) -> str:
    """Why a listed document cannot be found: both paths tried."""
    written, with_txt = document_paths(data_dir, task, filename)
    return (f"question {task.id} lists {filename}, but neither {written} nor {with_txt} "
            "is a file")


def document_names(task: Task) -> list[str]:
    """The task's documents, as its row lists them, in reading order."""
    return list(task.extra["data_source_filenames"])


def read_document_set(data_dir: Path, task: Task) -> list[SourceDocument]:
    """The question's documents in `data_source_filenames` order, and nothing else; an
    InputError naming the file when one is missing or unreadable."""
    documents = []
    for name in document_names(task):
        path = document_path(data_dir, task, name)
        if path is None:
            raise InputError(absent(task, data_dir, name))
        try:
            text = path.read_text(encoding="utf-8-sig")
        except FileNotFoundError:
            raise InputError(absent(task, data_dir, name)) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(f"cannot read question {task.id}'s document {name} ({exc})",
                             path) from None
        documents.append(SourceDocument(name, text))
    return documents
