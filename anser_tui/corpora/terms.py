"""The terms of a task's query to highlight in a document: English words and CJK bigrams.

No segmenter: a Chinese query contributes every two-character window of its CJK runs (minus
question words), which finds the query's words in the document without a dictionary.
"""

from __future__ import annotations

import re
import unicodedata

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'-]{2,}|\d[\d.,]*\d")
_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_STOP_WORD_TEXT = """
about above after again against all also among and any are because been before being below
between both but can could did does doing down during each few for from further had has have
having her here hers him his how into its itself just more most much must not now off once
only other our out over own same shall she should some such than that the their them then
there these they this those through too under until very was were what when where which
while who whom why will with would you your within across per whether many given based
"""
_STOP_BIGRAM_TEXT = """
什么 如何 是否 哪些 多少 应当 可以 以下 哪家 请问 怎么 为什 么样 哪个 哪一 是多 少亿 元的 的是
请在 以内 回答 简要 并引 引用 相关 有哪 为多 是什 应如 何处 处理 一个 这个 那个
"""
_STOP_WORDS = frozenset(_STOP_WORD_TEXT.split())
_STOP_BIGRAMS = frozenset(_STOP_BIGRAM_TEXT.split())


def query_terms(query: str) -> list[str]:
    """The terms to highlight, longest first, each once (English lower-cased)."""
    text = unicodedata.normalize("NFKC", query)
    terms: dict[str, None] = {}
    for word in _WORD.findall(text):
        word = word.lower().strip("'-")
        if len(word) >= 2 and word not in _STOP_WORDS:
            terms[word] = None
    for run in _CJK_RUN.findall(text):
        if len(run) == 1:
            continue
        for i in range(len(run) - 1):
            bigram = run[i:i + 2]
            if bigram not in _STOP_BIGRAMS:
                terms[bigram] = None
    return sorted(terms, key=len, reverse=True)


def term_pattern(terms: list[str]) -> re.Pattern[str] | None:
    """One case-insensitive pattern matching any term; English terms at a word's start."""
    if not terms:
        return None
    parts = [(r"\b" + re.escape(t)) if t[0].isascii() else re.escape(t) for t in terms]
    return re.compile("|".join(parts), re.IGNORECASE)
