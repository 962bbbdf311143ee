"""An AA-LCR question's document set, read from the extracted-text folder.

A question lists its documents in `data_source_filenames`, in the order they are to be read;
each is the text file `lcr/<document_category>/<document_set_id>/<filename>.txt` under the data
folder. Only the listed files are read, in that order: a set's folder may hold documents that
other questions list, and those are never shown with this one (evalscope's adapter renders the
whole folder; the documented order is the list's).
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


def document_path(data_dir: Path, task: Task, filename: str) -> Path:
    """Where the listed document `filename` of the task's set lies."""
    return (Path(data_dir) / TEXT_ROOT / str(task.extra["document_category"])
            / str(task.extra["document_set_id"]) / f"{filename}.txt")


def document_names(task: Task) -> list[str]:
    """The task's documents, as its row lists them, in reading order."""
    return list(task.extra["data_source_filenames"])


def read_document_set(data_dir: Path, task: Task) -> list[SourceDocument]:
    """The question's documents in `data_source_filenames` order, and nothing else; an
    InputError naming the file when one is missing or unreadable."""
    documents = []
    for name in document_names(task):
        path = document_path(data_dir, task, name)
        try:
            text = path.read_text(encoding="utf-8-sig")
        except FileNotFoundError:
            raise InputError(f"question {task.id} lists {name}, but the file is absent",
                             path) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(f"cannot read question {task.id}'s document {name} ({exc})",
                             path) from None
        documents.append(SourceDocument(name, text))
    return documents
