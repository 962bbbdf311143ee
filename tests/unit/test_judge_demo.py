"""The demo workspace judged against a local server: every short answer, then nothing sent."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from judge_server import JudgeServer

from anser_tui.benchmarks.anser.groups import rubric_for
from anser_tui.cli import cli
from anser_tui.demo import demo_files, ensure_demo_workspace
from anser_tui.workspace import JudgmentStatus, WorkspaceStore, latest_judgments

DEMO_RUN = demo_files("anser").run


def test_demo_judged_for_every_short_answer_then_zero_requests(tmp_path: Path) -> None:
    workspace = ensure_demo_workspace("anser", tmp_path / "demo")
    server = JudgeServer().start()
    try:
        command = ["judge", str(workspace), "--run", DEMO_RUN, "--base-url", server.url,
                   "--model", "local-judge", "--concurrency", "8"]
        first = CliRunner().invoke(cli, command)
        assert first.exit_code == 0, first.stderr
        sent = len(server.requests)
        second = CliRunner().invoke(cli, command)
        assert second.exit_code == 0, second.stderr
        assert len(server.requests) == sent
    finally:
        server.stop()
    store = WorkspaceStore.open(workspace)
    short = [t.id for t in store.tasks() if rubric_for(t.group, t.form, t.number) is not None]
    judged = latest_judgments(store, DEMO_RUN)
    store.close()
    assert short and sent == len(short)
    assert all(judged[tid].source.startswith("judge:") for tid in short)
    assert all(judged[tid].status is JudgmentStatus.OK for tid in short)
    assert first.stdout.startswith(f"judged {len(short)} of {len(short)} (ok {len(short)},")
    assert f"already judged {len(short)}; requests sent 0; cache hits 0" in second.stdout
