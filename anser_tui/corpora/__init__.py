"""Read-only corpus access: an evidence id -> a renderable document."""

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
from anser_tui.corpora.rule_keys import rule_key_map
from anser_tui.corpora.sqlite_reader import CorpusError, connect_read_only
from anser_tui.corpora.terms import query_terms, term_pattern

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
    "rule_key_map",
    "term_pattern",
]
