"""The one door to inspect-ai: its public API, imported when first needed, and the one clear
line (exit 2) when it is not installed.

.eval logs are zip files of zstd-compressed members that the standard library cannot read,
so every read and write goes through inspect-ai itself (>= 0.3.206)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

from anser_tui.core.errors import InputError

INSTALL = "pip install 'anser-tui[inspect]'"
SUFFIXES = (".eval", ".json")


def inspect_log_api() -> ModuleType:
    """`inspect_ai.log`; an InputError saying how to install it when it is missing."""
    try:
        import inspect_ai.log as api
    except ImportError:
        raise InputError(f"reading Inspect AI logs needs inspect-ai: {INSTALL}") from None
    return api


def score_edit_class() -> Any:
    """`inspect_ai.scorer.ScoreEdit`."""
    inspect_log_api()
    from inspect_ai.scorer import ScoreEdit

    return ScoreEdit


def read_log(path: Path) -> Any:
    """The whole log (samples and attachments resolved); InputError for anything that is not
    a readable .eval or .json Inspect log."""
    api = inspect_log_api()
    path = Path(path)
    if path.suffix not in SUFFIXES:
        raise InputError("an Inspect AI log is a .eval or .json file", path)
    if not path.is_file():
        raise InputError("no such file", path)
    try:
        log = api.read_eval_log(str(path), resolve_attachments=True)
    except Exception as exc:  # inspect-ai raises many kinds for a file it cannot read
        first = next(iter(str(exc).splitlines()), "")
        raise InputError(f"not a readable Inspect AI log ({type(exc).__name__}: {first})",
                         path) from None
    if not log.samples:
        raise InputError("the log holds no samples", path)
    return log
