"""AA-LCR: the dataset CSV and its extracted-text document sets, the equality checker of each
release (v1.1 system + user prompt with a JSON verdict; v1.0.0 user prompt with a bare word),
strict verdict reading, and accuracy per dataset version."""

from anser_tui.benchmarks.aalcr.dataset import CSV_NAME, VERSIONS, load_aalcr
from anser_tui.benchmarks.aalcr.documents import (
    SourceDocument,
    document_names,
    document_path,
    read_document_set,
)
from anser_tui.benchmarks.aalcr.verdicts import read_bare_verdict, read_json_verdict

__all__ = [
    "CSV_NAME",
    "VERSIONS",
    "SourceDocument",
    "document_names",
    "document_path",
    "load_aalcr",
    "read_bare_verdict",
    "read_document_set",
    "read_json_verdict",
]
