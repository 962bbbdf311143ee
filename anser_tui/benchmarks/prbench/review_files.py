"""Finding evalscope's PRBench review files: `outputs/<timestamp>/reviews/<model>/
prbench_<subset>.jsonl`, from the file itself or any folder on that path.

A folder is read as: one model's folder (it holds the files), a `reviews/` folder, an
`outputs/<timestamp>/` folder (it holds `reviews/`), or an `outputs/` folder holding exactly one
evaluation. The files must all be one model's: several models (or several evaluations) are
bad input, naming them, so the user can point at the one meant. Files are returned in split
order; a subset outside the known splits is bad input.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from anser_tui.core.errors import InputError

PREFIX = "prbench_"


def _subset(file: Path, splits: Sequence[str]) -> str | None:
    if not (file.name.startswith(PREFIX) and file.suffix == ".jsonl"):
        return None
    subset = file.stem[len(PREFIX):]
    if subset not in splits:
        raise InputError(f"subset {subset!r} is not a PRBench split ({', '.join(splits)})",
                         file)
    return subset


def _reviews_dir(folder: Path) -> Path | None:
    if folder.name == "reviews":
        return folder
    if (folder / "reviews").is_dir():
        return folder / "reviews"
    runs = sorted(d for d in folder.iterdir() if (d / "reviews").is_dir())
    if len(runs) > 1:
        raise InputError(f"several evaluations here ({', '.join(d.name for d in runs)}); "
                         "give the outputs/<timestamp>/ folder meant", folder)
    return runs[0] / "reviews" if runs else None


def review_files(path: Path, splits: Sequence[str]) -> list[tuple[str | None, str | None, Path]]:
    """(model, subset, file) of each review file at `path`, in split order. The model is the
    file's folder name under `reviews/` (None where the file lies elsewhere); the subset
    comes from the file name (None when it does not follow the pattern)."""
    path = Path(path)
    if path.is_file():
        model = path.parent.name if path.parent.parent.name == "reviews" else None
        return [(model, _subset(path, splits), path)]
    if not path.is_dir():
        raise InputError("no such file or folder", path)
    reviews = _reviews_dir(path)
    if reviews is None:
        folders = [path]
    else:
        folders = sorted(d for d in reviews.iterdir()
                         if d.is_dir() and any(d.glob(f"{PREFIX}*.jsonl")))
    folders = [d for d in folders if any(d.glob(f"{PREFIX}*.jsonl"))]
    if not folders:
        raise InputError(f"no evalscope PRBench review file ({PREFIX}<subset>.jsonl) here",
                         path)
    if len(folders) > 1:
        raise InputError(f"reviews of several models here ({', '.join(d.name for d in folders)})"
                         "; give the reviews/<model>/ folder meant", path)
    folder = folders[0]
    model = folder.name if folder.parent.name == "reviews" else None
    found = [(s, f) for f in folder.glob(f"{PREFIX}*.jsonl")
             if (s := _subset(f, splits)) is not None]
    found.sort(key=lambda sf: splits.index(sf[0]))
    return [(model, subset, file) for subset, file in found]
