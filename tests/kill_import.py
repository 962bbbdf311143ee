"""Killing a process that imports a run, in the middle of the import's transaction."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

_KILLER = textwrap.dedent("""
    import os, signal, sys
    from pathlib import Path
    from anser_tui.exchange import import_run
    from anser_tui.workspace import WorkspaceStore

    store = WorkspaceStore.open(Path(sys.argv[1]))
    at = sys.argv[4]

    def kill_there(statement: str) -> None:
        # the transaction is open and part of the import written: die here
        if statement.startswith(at):
            os.kill(os.getpid(), signal.SIGKILL)

    store.conn.set_trace_callback(kill_there)
    import_run(store, Path(sys.argv[2]), "sys", Path(sys.argv[3]))
    print("not killed")
""")


def kill_import_at(statement: str, workspace: Path, run: Path, log: Path
                   ) -> subprocess.CompletedProcess[str]:
    """Import `run` (with `log`) into `workspace` in a child that SIGKILLs itself when the
    import executes a statement starting with `statement`."""
    return subprocess.run([sys.executable, "-c", _KILLER, str(workspace), str(run), str(log),
                           statement], capture_output=True, text=True, timeout=120,
                          check=False)
