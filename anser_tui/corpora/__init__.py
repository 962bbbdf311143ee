"""Read-only corpus access: an evidence id -> a renderable document.

Names are imported on first use (anser_tui.core.lazy); type checkers see the imports below.
"""

from typing import TYPE_CHECKING

from anser_tui.core.lazy import lazy_exports

if TYPE_CHECKING:
    from anser_tui.corpora.descriptor import DEFAULTS, CorpusDescriptor, descriptor_for
    from anser_tui.corpora.documents import (
        CorpusStatus,
        Document,
        EvidenceNote,
        Section,
        Summary,
    )
    from anser_tui.corpora.jsonl_index import IndexStats, JsonlIndex
    from anser_tui.corpora.leaks import Leak, add_leaks, find_leaks
    from anser_tui.corpora.resolver import CorpusLibrary
    from anser_tui.corpora.sqlite_reader import CorpusError, connect_read_only
    from anser_tui.corpora.terms import query_terms, term_pattern

_EXPORTS = {
    "CorpusDescriptor": "descriptor",
    "CorpusError": "sqlite_reader",
    "CorpusLibrary": "resolver",
    "CorpusStatus": "documents",
    "DEFAULTS": "descriptor",
    "Document": "documents",
    "EvidenceNote": "documents",
    "IndexStats": "jsonl_index",
    "JsonlIndex": "jsonl_index",
    "Leak": "leaks",
    "Section": "documents",
    "Summary": "documents",
    "add_leaks": "leaks",
    "connect_read_only": "sqlite_reader",
    "descriptor_for": "descriptor",
    "find_leaks": "leaks",
    "query_terms": "terms",
    "term_pattern": "terms",
}
__all__ = [
    "DEFAULTS",
    "CorpusDescriptor",
    "CorpusError",
    "CorpusLibrary",
    "CorpusStatus",
    "Document",
    "EvidenceNote",
    "IndexStats",
    "JsonlIndex",
    "Leak",
    "Section",
    "Summary",
    "add_leaks",
    "connect_read_only",
    "descriptor_for",
    "find_leaks",
    "query_terms",
    "term_pattern",
]
__getattr__ = lazy_exports(__name__, _EXPORTS)
