"""How tests/data/workspace-v2.db was built: this script, run with the code at commit b882938
(schema version 2) as `python tests/data/make_workspace_v2.py OUT`; it does not run against later
code. The ANSER demo judged by its model, a second model's judgment on the first two items (v2
made it current: the newest ok one), and one accept of the first item."""
import shutil
import sys
from pathlib import Path

from anser_tui.demo import build_demo, build_demo_workspace
from anser_tui.review import ReviewSession
from anser_tui.workspace import (
                               Judgment,
                               JudgmentStatus,
                               WorkspaceStore,
                               add_judgments,
                               latest_judgment,
)

root = Path(sys.argv[1])
shutil.rmtree(root, ignore_errors=True)
paths = build_demo("anser", root / "data")
ws = root / "v2.db"
build_demo_workspace(paths, ws)
store = WorkspaceStore.open(ws)
s = ReviewSession.open(store, "alice", "alice-1")
items = s.items
first = latest_judgment(store, items[0].run, items[0].task_id)
s.accept(items[0], first, time_spent_s=3.0)
add_judgments(store, [Judgment(run=item.run, task_id=item.task_id, rubric_id=s.rubric(item).id,
                               status=JudgmentStatus.OK, marks={k: 1 for k in s.rubric(item).keys},
                               score=25.0, raw="", model="second-judge", source="judge:second")
                      for item in items[:2]])
store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
store.close()
print(ws, ws.stat().st_size)
