"""Read-only readers of corpus files: a key -> a renderable document, for any benchmark.

A benchmark describes its corpora (`CorpusDescriptor`: table, columns, how keys compare) and
names the folder they are in; a `CorpusLibrary` reads them through a SQLite reader or a JSONL
offset index. Nothing here knows a benchmark. Names are imported on first use
(anser_tui.core.lazy); type checkers see the imports below.
"""

from typing import TYPE_CHECKING

from anser_tui.core.lazy import lazy_exports

if TYPE_CHECKING:
    from anser_tui.corpora.checks import check_corpora
    from anser_tui.corpora.descriptor import (
        CompositeKey,
        CorpusDescriptor,
        plain_key,
        with_override,
    )
    from anser_tui.corpora.documents import (
        CorpusStatus,
        Document,
        EvidenceNote,
        Section,
        Summary,
    )
    from anser_tui.corpora.jsonl_index import IndexStats, JsonlIndex
    from anser_tui.corpora.library import CorpusLibrary
    from anser_tui.corpora.sqlite_reader import CorpusError, connect_read_only
    from anser_tui.corpora.terms import query_terms, term_pattern

_EXPORTS = {
    "CompositeKey": "descriptor",
    "CorpusDescriptor": "descriptor",
    "CorpusError": "sqlite_reader",
    "CorpusLibrary": "library",
    "CorpusStatus": "documents",
    "Document": "documents",
    "EvidenceNote": "documents",
    "IndexStats": "jsonl_index",
    "JsonlIndex": "jsonl_index",
    "Section": "documents",
    "Summary": "documents",
    "check_corpora": "checks",
    "connect_read_only": "sqlite_reader",
    "plain_key": "descriptor",
    "query_terms": "terms",
    "term_pattern": "terms",
    "with_override": "descriptor",
}
__all__ = [
    "CompositeKey",
    "CorpusDescriptor",
    "CorpusError",
    "CorpusLibrary",
    "CorpusStatus",
    "Document",
    "EvidenceNote",
    "IndexStats",
    "JsonlIndex",
    "Section",
    "Summary",
    "check_corpora",
    "connect_read_only",
    "plain_key",
    "query_terms",
    "term_pattern",
    "with_override",
]
__getattr__ = lazy_exports(__name__, _EXPORTS)
