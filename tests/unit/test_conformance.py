"""Every registered benchmark through the whole protocol on its demo data (DESIGN 13): load,
init and import a run, score, judge against a local OpenAI-compatible server, the plain-text
review card (`show`), a decision committed and undone through ReviewSession, the report JSON
and the calibration JSON (the decision counted, then gone with the undo).

The parametrization is the registry's: a benchmark registered without a case here fails
(`test_every_registered_benchmark_has_a_case`), so a new one brings its demo and fake judge."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import judge_server
import pytest
from click.testing import CliRunner
from judge_server import JudgeServer

from anser_tui.benchmarks.registry import benchmark_named, registered
from anser_tui.cli import cli
from anser_tui.demo import build_demo
from anser_tui.review import ReviewSession
from anser_tui.workspace import WorkspaceStore, latest_judgment, latest_judgments
from anser_tui.workspace.rubric import Criterion, CriterionKind, Mark

RUN = "conformance-run"



def _lowest(criterion: Criterion) -> Mark:
    """A valid mark of any criterion: 0 on a 0-4 or binary one, a grade's last level, the low
    end of a number's range (marks are in the criterion's own values)."""
    if criterion.kind is CriterionKind.GRADE:
        return criterion.levels[-1].mark
    if criterion.kind is CriterionKind.NUMBER:
        assert criterion.low is not None
        return criterion.low
    return 0

def _prbench_grade(prompt: str, fault: str | None) -> str:
    title = prompt.split("# Rubric item\n", 1)[1].split("\n", 1)[0]
    return json.dumps({"explanation": "local", "criteria_met": len(title) % 2 == 0})


@dataclass(frozen=True)
class Case:
    """What the whole protocol gives on a benchmark's demo (`Benchmark.demo`, installed by
    `demo.build_demo`), and how the fake judge answers it."""

    reply: Callable[[str, str | None], str]  # the fake judge's text for a prompt
    n_tasks: int
    n_outputs: int
    n_judged: int  # tasks with a rubric: the judge's items and the session's queue
    n_calls: int | None  # requests the judge sends for them; None: judged by the source's
    # own scorer, the judgments imported from the demo's judgments file instead
    report_keys: set[str]
    report_counts: Callable[[dict[str, Any]], int]  # the tasks the JSON report counts


def _groups_n(report: dict[str, Any]) -> int:
    (run,) = report["runs"]
    assert run["run"] == RUN
    return sum(group["n"] for group in run["groups"])


def _samples(report: dict[str, Any]) -> int:
    splits = report["policies"]["official"]["splits"].values()
    return len({task for split in splits for task in split["samples"]})


def _verdicts(report: dict[str, Any]) -> int:
    (version,) = report["versions"].values()
    assert version["n_correct"] == version["n"]  # the fake judge says CORRECT throughout
    return int(version["n"])


def _scored(report: dict[str, Any]) -> int:
    (scorer,) = report["scorers"].values()
    return int(scorer["n"])


CASES = {
    "anser": Case(judge_server.judge_text, 78, 76, 30, 30, {"runs", "leaks"},
                  _groups_n),
    "prbench": Case(_prbench_grade, 5, 5, 5, 17,
                    {"benchmark", "policies"}, _samples),
    "aalcr": Case(lambda prompt, fault: '{"verdict": "CORRECT"}', 6, 6, 6, 6,
                  {"benchmark", "versions"}, _verdicts),
    "inspect": Case(lambda prompt, fault: "", 12, 12, 12, None,
                    {"benchmark", "log", "scorers"}, _scored),
}


def invoke(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def server(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
           ) -> Iterator[JudgeServer]:
    monkeypatch.setattr(judge_server, "judge_text", CASES[request.param].reply)
    srv = JudgeServer().start()
    yield srv
    srv.stop()


def test_every_registered_benchmark_has_a_case() -> None:
    assert set(registered()) <= set(CASES), "a registered benchmark without a conformance case"


def _calibration(ws: Path) -> dict[str, Any]:
    code, out, err = invoke("calibration", ws, "--format", "json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


@pytest.mark.parametrize(("name", "server"), [(n, n) for n in registered()],
                         indirect=["server"])
def test_the_whole_protocol_on_the_demo(name: str, server: JudgeServer,
                                        tmp_path: Path) -> None:
    case = CASES[name]
    benchmark = benchmark_named(name)
    demo = build_demo(name, tmp_path / "demo")
    options = [f for key, value in demo.options.items()
               for f in (f"--{key.replace('_', '-')}", value)]

    tasks = benchmark.load(demo.data_dir, demo.options)
    assert len(tasks) == case.n_tasks
    assert all(benchmark.splits(t) for t in tasks)
    judged = [t for t in tasks if benchmark.rubric(t) is not None]
    assert len(judged) == case.n_judged
    # told by the head (the queue's count) as by the whole task, or left to the task
    assert all(benchmark.judged(t.head) in (None, benchmark.rubric(t) is not None)
               for t in tasks)

    ws = tmp_path / "ws.db"
    assert invoke("init", ws, "--benchmark", name, "--data", demo.data_dir, *options)[:2] == (
        0, f"created {ws}: {case.n_tasks} tasks from {demo.data_dir}\n")
    with WorkspaceStore.open(ws) as store:  # a row's head is the loaded task's
        assert sorted(store.task_heads([*(t.id for t in reversed(tasks)), "no-such-task"])) \
            == sorted(t.head for t in tasks)
        store.task(tasks[0].id)  # a task read already gives its own head
        assert len(store.task_heads(t.id for t in tasks)) == len(tasks)
    code, out, err = invoke("import-run", ws, demo.run_file, "--name", RUN)
    assert code == 0, err
    assert out.startswith(f"imported run {RUN!r}: {case.n_outputs} outputs; scored "
                          f"{case.n_tasks} tasks")
    code, out, err = invoke("score", ws, "--run", RUN)
    assert code == 0, err
    assert out.startswith(f"scored run {RUN!r}: {case.n_tasks} tasks")

    if case.n_calls is None:  # the source's own scorer judged: nothing to send
        assert invoke("judge", ws, "--run", RUN, "--base-url", server.url, "--model",
                      "local-judge")[0] == 2
        assert demo.judgments_file is not None
        code, out, err = invoke("import-judgments", ws, demo.judgments_file, "--run", RUN)
        assert code == 0, err
        assert out.startswith(f"imported {case.n_judged} judgments for run {RUN!r}")
        assert server.requests == []
    else:
        code, out, err = invoke("judge", ws, "--run", RUN, "--base-url", server.url,
                                "--model", "local-judge")
        assert code == 0, err
        assert out.startswith(f"judged {case.n_judged} of {case.n_judged} (ok "
                              f"{case.n_judged}, parse_error 0, invalid 0, transport_error 0)")
        assert len(server.requests) == case.n_calls
    with WorkspaceStore.open(ws) as store:
        judgments = latest_judgments(store, RUN)
        assert set(judgments) == {t.id for t in judged}
        assert all(j.marks and j.score is not None for j in judgments.values())
        answers = {t.id: o.answer_text for t in judged
                   if (o := store.outputs(RUN).get(t.id)) is not None}

    shown = next(t for t in judged if answers.get(t.id))
    code, out, err = invoke("show", ws, shown.id, "--run", RUN)
    assert code == 0, err
    assert out.startswith(f"Task {shown.id}")
    assert answers[shown.id].splitlines()[0][:40] in out

    assert _calibration(ws)["rows"] == []
    with WorkspaceStore.open(ws) as store:
        session = ReviewSession.open(store, "conformance", "conformance-1")
        assert len(session.items) == case.n_judged
        item = session.items[0]
        judgment = latest_judgment(store, item.run, item.task_id)
        rubric = session.rubric(item)
        assert judgment is not None and rubric is not None
        before = session.state(item).verdict
        assert before is None and session.progress().decided == 0
        marks = {c.key: _lowest(c) for c in rubric.criteria}
        decision = session.override(item, marks, judgment)
        assert session.state(item).verdict == decision and decision.marks == marks
        assert session.progress().decided == 1
    rows = {(r["scope"], r["dimension"]): r["n"] for r in _calibration(ws)["rows"]}
    assert rows[("all", "score")] == 1
    with WorkspaceStore.open(ws) as store:
        session = ReviewSession.open(store, "conformance", "conformance-1")
        assert session.undo(item) is not None
        assert session.state(item).verdict == before
    with WorkspaceStore.open(ws) as store:  # the undo is in the file, not only in memory
        again = ReviewSession.open(store, "conformance", "conformance-1")
        assert again.state(item).verdict is None and again.progress().decided == 0
    assert _calibration(ws)["rows"] == []

    code, out, err = invoke("report", ws, "--format", "json")
    assert code == 0, err
    report = json.loads(out)
    assert set(report) == case.report_keys
    assert case.report_counts(report) == case.n_tasks
