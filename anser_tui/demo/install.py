"""Writing a demo folder whole or not at all.

The folder is written into a staging folder beside the target, marked with its version, and
renamed into place; a folder already holding a complete demo of that version is left as it
is, and a non-empty folder that holds no demo is never touched.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

MARKER = ".anser-demo"


def complete(root: Path, version: str, files: Sequence[str]) -> bool:
    marker = root / MARKER
    return (marker.is_file() and marker.read_text(encoding="utf-8") == version
            and all((root / f).is_file() for f in files))


def install_demo(root: Path, version: str, files: Sequence[str],
                 write: Callable[[Path], None]) -> Path:
    """`root` holding the demo `write(folder)` writes (`files`: what a complete one holds,
    relative to it), built unless a complete one of `version` is there already."""
    root = Path(root)
    if complete(root, version, files):
        return root
    if root.exists() and not (root / MARKER).exists() and any(root.iterdir()):
        raise FileExistsError(f"{root} is not empty and holds no anser-tui demo")
    root.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{root.name}.", suffix=".building",
                                    dir=root.parent))
    staging.chmod(0o755)
    try:
        write(staging)
        (staging / MARKER).write_text(version, encoding="utf-8")
        with tempfile.TemporaryDirectory(prefix=f".{root.name}.", suffix=".old",
                                         dir=root.parent) as old:
            if root.exists():
                root.rename(Path(old) / "previous")
            try:
                staging.rename(root)
            except OSError:
                if not complete(root, version, files):  # another process may have won
                    raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return root
