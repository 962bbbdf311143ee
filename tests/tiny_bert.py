"""A tiny randomly initialised BERT saved as a local model folder (nothing downloaded)."""

from __future__ import annotations

from pathlib import Path

WORDS = ["exercise", "reduces", "depressive", "symptoms", "in", "older", "adults", "the", "risk",
         "of", "falls", "increases", "with", "age", "revenue", "grew", "margins", "fell",
         "company", "is", "compliant", "not", ".", ",", "a", "an"]
HANZI = list("甲应返还借款本金并支付逾期利息依据民法典第条可以解除合规不")
LAYERS = 2


def build_tiny_bert(folder: Path) -> Path:
    """Write a 2-layer BERT (hidden size 32) and its WordPiece vocabulary into `folder`."""
    import torch
    from transformers import BertConfig, BertModel, BertTokenizer

    folder.mkdir(parents=True, exist_ok=True)
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *dict.fromkeys(WORDS + HANZI)]
    (folder / "vocab.txt").write_text("\n".join(vocab) + "\n", encoding="utf-8")
    torch.manual_seed(0)
    config = BertConfig(vocab_size=len(vocab), hidden_size=32, num_hidden_layers=LAYERS,
                        num_attention_heads=2, intermediate_size=64,
                        max_position_embeddings=64)
    BertModel(config).save_pretrained(folder)
    BertTokenizer(str(folder / "vocab.txt"), do_lower_case=True,
                  model_max_length=64).save_pretrained(folder)
    return folder
