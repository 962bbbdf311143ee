"""Token-F1 as the SQuAD v1.1 evaluation script computes it (DESIGN section 5).

normalize_answer: lower-case, ASCII punctuation deleted (nothing put in its place), the English
articles a/an/the removed, whitespace collapsed; tokens split on whitespace; F1 over the bags of
tokens. One difference, fixed by DESIGN: both sides empty after normalisation score 1 (the v1.1
script gives 0). Text is NFKC-folded first (formatting only; ASCII text is unchanged).
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections import Counter

_PUNCTUATION = frozenset(string.punctuation)
_ARTICLES = re.compile(r"\b(a|an|the)\b")


def normalize_answer(text: str) -> str:
    """SQuAD v1.1's normalize_answer, after NFKC."""
    text = unicodedata.normalize("NFKC", text).lower()
    text = "".join(ch for ch in text if ch not in _PUNCTUATION)
    text = _ARTICLES.sub(" ", text)
    return " ".join(text.split())


def token_f1(prediction: str, ground_truth: str) -> float:
    """Bag-of-tokens F1 of the normalised texts; 1 when both are empty, 0 when one is."""
    predicted = normalize_answer(prediction).split()
    truth = normalize_answer(ground_truth).split()
    if not predicted and not truth:
        return 1.0
    common = Counter(predicted) & Counter(truth)
    same = sum(common.values())
    if same == 0:
        return 0.0
    precision = same / len(predicted)
    recall = same / len(truth)
    return 2 * precision * recall / (precision + recall)
