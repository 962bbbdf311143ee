"""Exchange: workspaces made and filled (init, import-run, scoring), merged, exported, and
labels imported. Plain Python (no Textual); above calibration."""

from typing import TYPE_CHECKING

from anser_tui.core.lazy import lazy_exports

if TYPE_CHECKING:
    from anser_tui.exchange.merge import merge_workspaces
    from anser_tui.exchange.setup import import_run, init_workspace

_EXPORTS = {"import_run": "setup", "init_workspace": "setup", "merge_workspaces": "merge"}
__all__ = ["import_run", "init_workspace", "merge_workspaces"]
__getattr__ = lazy_exports(__name__, _EXPORTS)
