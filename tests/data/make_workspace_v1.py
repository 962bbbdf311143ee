"""How tests/data/workspace-v1.db was built: this script, run with the code at commit da81fa1
(schema version 1) as `python tests/data/make_workspace_v1.py OUT`; it does not run against later code."""
import shutil
import sys
from pathlib import Path

from anser_tui.demo import build_demo, build_demo_workspace
from anser_tui.review import ReviewSession
from anser_tui.workspace import (
    DecisionKind,
    Judgment,
    JudgmentStatus,
    ReasonCode,
    WorkspaceStore,
    add_judgments,
    latest_judgment,
)

root = Path(sys.argv[1])
shutil.rmtree(root, ignore_errors=True)
paths = build_demo("anser", root / "data")
ws = root / "v1.db"
build_demo_workspace(paths, ws)
store = WorkspaceStore.open(ws)
# a transport error after a good judgment on one item (the v1 code let it replace the good one)
s = ReviewSession.open(store, "alice", "alice-1")
items = s.items
j0 = latest_judgment(store, items[0].run, items[0].task_id)
s.accept(items[0], j0, time_spent_s=4.5)
j1 = latest_judgment(store, items[1].run, items[1].task_id)
rub = s.rubric(items[1])
marks = {k: 2 for k in rub.keys}
s.override(items[1], marks, j1, reason_code=ReasonCode.RUBRIC_MISAPPLIED, comment="too generous", time_spent_s=12.0)
s.mark(items[2], DecisionKind.FLAG)
s.mark(items[2], DecisionKind.COMMENT, comment="check the ground truth")
s.mark(items[3], DecisionKind.SKIP)
j4 = latest_judgment(store, items[4].run, items[4].task_id)
s.accept(items[4], j4)
s.undo(items[4])
b = ReviewSession.open(store, "bob", "bob-1", blind=True)
jb = latest_judgment(store, b.items[0].run, b.items[0].task_id)
b.override(b.items[0], {k: 4 for k in b.rubric(b.items[0]).keys}, jb, judge_visible=False)
b.accept(b.items[0], jb)
add_judgments(store, [Judgment(run=items[5].run, task_id=items[5].task_id, rubric_id=s.rubric(items[5]).id,
    status=JudgmentStatus.TRANSPORT_ERROR, raw="", error="connection: refused (3 attempts)", model="local-judge", source="judge:abc")])
store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
store.close()
print(ws, ws.stat().st_size)
