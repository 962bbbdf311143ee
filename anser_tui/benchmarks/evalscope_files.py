"""evalscope's output files, found and read the same way for every benchmark evalscope runs.

evalscope writes `outputs/<timestamp>/predictions/<model>/<bench>_<subset>.jsonl` (one
generated answer a line: `{index, model, model_output, messages, agent_trace, metadata}`, in
completion order) and `outputs/<timestamp>/reviews/<model>/<bench>_<subset>.jsonl` (one judged
sample a line). A path is read as the file itself or any folder on that path: one model's
folder, the `predictions/` or `reviews/` folder, an `outputs/<timestamp>/` folder, or an
`outputs/` folder holding exactly one evaluation. Several models or several evaluations are
bad input, named, so the user can point at the one meant. Files come in subset order.

The answer of a prediction is `model_output.choices[0].message.content`: text as is, or of a
list of parts the text parts only, joined by newlines (reasoning parts are not the answer,
as in evalscope's own `score.prediction`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from anser_tui.core.errors import InputError
from anser_tui.core.json_input import decode_plain

Found = list[tuple[str | None, str, Path]]  # (model, subset, file)


def looks_like(path: Path, key: str) -> bool:
    """Whether `path` is a folder, or a JSONL file whose first line is an object with `key`
    (`model_output` for predictions, `sample_score` for reviews)."""
    path = Path(path)
    if path.is_dir():
        return True
    try:
        with path.open(encoding="utf-8") as handle:
            first = handle.readline()
        record = decode_plain(first)
    except (OSError, ValueError):
        return False
    return isinstance(record, dict) and key in record


def _run_dir(folder: Path, part: str) -> Path | None:
    if folder.name == part:
        return folder
    if (folder / part).is_dir():
        return folder / part
    runs = sorted(d for d in folder.iterdir() if (d / part).is_dir())
    if len(runs) > 1:
        raise InputError(f"several evaluations here ({', '.join(d.name for d in runs)}); "
                         "give the outputs/<timestamp>/ folder meant", folder)
    return runs[0] / part if runs else None


def _subset(file: Path, bench: str, subsets: Sequence[str]) -> str | None:
    prefix = f"{bench}_"
    if not (file.name.startswith(prefix) and file.suffix == ".jsonl"):
        return None
    subset = file.stem[len(prefix):]
    if subset not in subsets:
        raise InputError(f"subset {subset!r} is not one of {bench}'s ({', '.join(subsets)})",
                         file)
    return subset


def output_files(path: Path, part: str, bench: str, subsets: Sequence[str]) -> Found:
    """Each (model, subset, file) of `part` ("predictions" or "reviews") for `bench`."""
    path = Path(path)
    if path.is_file():
        model = path.parent.name if path.parent.parent.name == part else None
        subset = _subset(path, bench, subsets)
        if subset is None:
            raise InputError(f"not an evalscope {bench}_<subset>.jsonl file", path)
        return [(model, subset, path)]
    if not path.is_dir():
        raise InputError("no such file or folder", path)
    top = _run_dir(path, part)
    folders = [path] if top is None else sorted(d for d in top.iterdir() if d.is_dir())
    folders = [d for d in folders if any(d.glob(f"{bench}_*.jsonl"))]
    if not folders:
        raise InputError(f"no evalscope {part} file ({bench}_<subset>.jsonl) here", path)
    if len(folders) > 1:
        raise InputError(f"{part} of several models here ({', '.join(d.name for d in folders)}"
                         f"); give the {part}/<model>/ folder meant", path)
    folder = folders[0]
    model = folder.name if folder.parent.name == part else None
    found = [(model, s, f) for f in folder.glob(f"{bench}_*.jsonl")
             if (s := _subset(f, bench, subsets)) is not None]
    return sorted(found, key=lambda msf: subsets.index(msf[1]))


def _parts_text(content: Any) -> str | None:
    if isinstance(content, str):
        return content
    if isinstance(content, list) and all(isinstance(p, dict) for p in content):
        return "\n".join(p["text"] for p in content
                         if p.get("type") == "text" and isinstance(p.get("text"), str))
    return None


def prediction_answer(record: dict[str, Any], path: Path, line: int) -> str:
    """The answer of a prediction row (see above); InputError when it has none readable."""
    try:
        content = record["model_output"]["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        raise InputError("missing model_output.choices[0].message.content", path,
                         line) from None
    text = _parts_text(content)
    if text is None:
        raise InputError("the message content is neither text nor a list of parts", path, line)
    return text


def prediction_index(record: dict[str, Any], path: Path, line: int) -> int:
    index = record.get("index")
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise InputError("missing integer 'index'", path, line)
    return index
