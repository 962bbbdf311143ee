"""`recalibrate --method fewshot` (DESIGN 15): k examples from the train items inserted at the
benchmark's one place in BASE's prompt (the official prompt otherwise byte for byte), the
candidate judged on the held-out items only by a local server whose replies follow the
examples, its gain over BASE measured there; every request the server received read back,
and no held-out item's query, context or ground truth found in any example."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import batch_server
import judge_server
import pytest
from batch_server import BatchServer
from calibration_ws import SCIENCE, flat, override_all, sci, session
from click.testing import CliRunner
from judge_server import WEIGHTS, FailingServer, JudgeServer, dimensions
from judge_workspace import judge_workspace, science_tasks
from sklearn.metrics import cohen_kappa_score

from anser_tui.benchmarks.base import CallSpec
from anser_tui.benchmarks.registry import benchmark_named, registered
from anser_tui.calibration.recalibrate import held_out, salt_of
from anser_tui.cli import cli
from anser_tui.core.errors import InputError
from anser_tui.core.text import ground_truth_text
from anser_tui.demo import build_demo
from anser_tui.judge.examples import END, fewshot_messages
from anser_tui.judge.prompts import fill_prompt, prompt_template
from anser_tui.judge.request import JudgeParams, build_request, call_messages
from anser_tui.workspace import Item, JudgmentStatus, WorkspaceStore, current_judgments

RUN, BASE, MODEL = "sys-a", "judge-model", "judge-model"
WORTH = [3, 1, 4, 2, 0, 4, 3, 1, 2, 4, 1, 3, 0, 2, 4, 3, 2, 1, 4, 2]  # what the judge sees
N = len(WORTH)
HUMAN = [max(w - 1, 0) for w in WORTH]  # the reviewers: one lower than the judge, floor 0
TASKS = {t["id"]: t for t in science_tasks(N)}
_WORTH = re.compile(r"worth (\d)")


def worth(text: str) -> int:
    found = _WORTH.findall(text)
    return int(found[0]) if found else 0  # the mini bench's other tasks: no answer in the run


def _reply(marks: dict[str, int]) -> str:
    weights = WEIGHTS[tuple(marks)]
    score = round(100 * sum(w * d / 4 for w, d in zip(weights, marks.values(), strict=True)), 2)
    return json.dumps({"score_0_100": score, **marks, "reason": "follows the examples"})


def follows_examples(prompt: str, fault: str | None) -> str:
    """The fake judge: without examples it gives every dimension the answer's worth; with
    examples, the worth moved by the mean gap between the human verdicts they show and the
    worth of their answers (rounded), as a judge that learns from its examples would."""
    own = worth(prompt.rsplit("\nANSWER:\n", 1)[1])
    shift = 0
    if END in prompt:
        examples = prompt.split(END, 1)[0].split("--- example ")[1:]
        gaps = [json.loads(e.split("HUMAN VERDICT:\n", 1)[1].split("\n", 1)[0])["conclusion"]
                - worth(e.split("\nANSWER:\n", 1)[1]) for e in examples]
        shift = round(sum(gaps) / len(gaps))
    mark = min(max(own + shift, 0), 4)
    return _reply(dict.fromkeys(dimensions(prompt), mark))


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[JudgeServer]:
    monkeypatch.setattr(judge_server, "judge_text", follows_examples)
    srv = JudgeServer().start()
    yield srv
    srv.stop()


def invoke(*args: str | Path) -> Any:
    return CliRunner().invoke(cli, [str(a) for a in args])


def reviewed_workspace(tmp_path: Path, server: JudgeServer) -> Path:
    """BASE judged live by the server (no examples: the worth), every item overridden by
    alice in a task-order session (not a random sample)."""
    answers = {sci(i + 1): f"answer {i + 1}: worth {w}" for i, w in enumerate(WORTH)}
    path = judge_workspace(tmp_path, answers, n_science=N)  # the answers say their worth
    result = invoke("judge", path, "--run", RUN, "--base-url", server.url, "--model", MODEL)
    assert result.exit_code == 0, result.output
    with WorkspaceStore.open(path) as store:
        base = current_judgments(store, RUN, BASE)
        assert {sci(i + 1): base[sci(i + 1)].marks["conclusion"] for i in range(N)} == {
            sci(i + 1): w for i, w in enumerate(WORTH)}
        items = [Item(RUN, sci(i + 1)) for i in range(N)]
        override_all(session(store, "alice", items),
                     {it: flat(h) for it, h in zip(items, HUMAN, strict=True)}, base)
    return path


def test_fewshot_improves_held_out_agreement_and_no_held_out_item_reaches_an_example(
        tmp_path: Path, server: JudgeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANSER_CALIBRATION__RESAMPLES", "200")
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    path = reviewed_workspace(tmp_path, server)
    sent_before = len(server.requests)
    result = invoke("recalibrate", path, "--run", RUN, "--judge", BASE, "--method", "fewshot",
                    "--k", "4", "--seed", "0", "--base-url", server.url, "--format", "json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    held = [i for i in range(N) if held_out(sci(i + 1), salt_of(0), 0.5)]
    train = [i for i in range(N) if i not in held]
    assert 0 < len(held) < N
    assert out["split"] == {"seed": 0, "n_train": len(train), "n_holdout": len(held),
                            "random_sample": False}
    assert "not a random sample" in out["note"]
    [candidate] = out["candidates"]
    name = f"{BASE}+fewshot-k4-s0"
    assert candidate["judge"] == name and candidate["n"] == len(held)
    assert candidate["n_examples"] == 4

    # every request the server received for the candidate, read back
    requests = server.requests[sent_before:]
    assert len(requests) == len(held)  # the held-out items, one call each, nothing else
    benchmark = benchmark_named("anser")
    head, tail = prompt_template(SCIENCE.id, benchmark.judge.prompts).split("\n\nQUERY:\n", 1)
    tail = "\n\nQUERY:\n" + tail  # the documented place: right before the fields
    with WorkspaceStore.open(path) as store:
        outputs = store.outputs(RUN)
        base_prompts = {build_request(benchmark, RUN, store.task(sci(i + 1)),
                                      outputs[sci(i + 1)], SCIENCE,
                                      JudgeParams(MODEL)).calls[0].prompt: i for i in range(N)}
        record = json.loads(store.meta(f"fewshot:{name}") or "{}")
    judged, blocks = [], set()
    for request in requests:
        prompt = request["body"]["messages"][-1]["content"]
        found = [i for p, i in base_prompts.items()
                 if prompt.startswith(p[:len(head)]) and prompt.endswith(p[len(head):])]
        assert len(found) == 1
        i = found[0]
        fields = {"query": TASKS[sci(i + 1)]["query"], "instruction": "One sentence.",
                  "ground_truth": ground_truth_text(TASKS[sci(i + 1)]["ground_truth"]),
                  "answer": f"answer {i + 1}: worth {WORTH[i]}"}
        before, after = fill_prompt(head, **fields), fill_prompt(tail, **fields)
        block = prompt[len(before):len(prompt) - len(after)]
        assert prompt == before + block + after and block.endswith(END)
        assert before + after in base_prompts  # without the block: the official prompt, byte for byte
        judged.append(i)
        blocks.add(block)
        for j in held:  # no held-out item, its context or its ground truth in the examples
            task = TASKS[sci(j + 1)]
            assert task["query"] not in block
            assert ground_truth_text(task["ground_truth"]) not in block
            assert not re.search(rf"\b{sci(j + 1)}\b", block)
            assert f"answer {j + 1}: " not in block
    assert sorted(judged) == held
    [block] = blocks  # one prompt, one block
    shown = [int(n) for n in re.findall(r"answer (\d+): worth", block)]
    assert len(shown) == 4 and all(n - 1 in train for n in shown)
    assert sorted(e["task_id"] for e in record["prompts"][SCIENCE.id]["examples"]) == sorted(
        sci(n) for n in shown)

    # the prompt file kept in the workspace: the official template with the block in place
    kept = record["prompts"][SCIENCE.id]
    at, length = kept["examples_at"], kept["examples_length"]
    assert kept["template"][:at] + kept["template"][at + length:] == prompt_template(
        SCIENCE.id, benchmark.judge.prompts)
    assert kept["template"][at:at + length] == block

    # the gain on held-out items, against scikit-learn on the same pairs
    human = [HUMAN[i] for i in held]
    base_marks, new_marks = [WORTH[i] for i in held], [min(max(WORTH[i] - 1, 0), 4) for i in held]
    labels = [0, 1, 2, 3, 4]
    kappa_base = cohen_kappa_score(base_marks, human, weights="quadratic", labels=labels)
    kappa_new = cohen_kappa_score(new_marks, human, weights="quadratic", labels=labels)
    delta = candidate["delta"]["conclusion"]
    assert delta["quadratic_kappa"] == pytest.approx(kappa_new - kappa_base)
    assert candidate["stats"]["conclusion"]["exact_agreement"] == 1.0
    base_exact = sum(b == h for b, h in zip(base_marks, human, strict=True)) / len(held)
    assert delta["exact_agreement"] == pytest.approx(1.0 - base_exact) and base_exact < 1.0
    lo, hi = candidate["delta_ci"]["conclusion"]["exact_agreement"]
    assert lo <= delta["exact_agreement"] <= hi

    with WorkspaceStore.open(path) as store:  # judged on held-out items only
        assert set(current_judgments(store, RUN, name)) == {sci(i + 1) for i in held}
    # the corrected score under the candidate uses no item that served as an example
    result = invoke("calibration", path, "--judge", name, "--format", "json")
    assert result.exit_code == 0, result.output
    [corrected] = [c for c in json.loads(result.stdout)["corrected"]
                   if c["scope"] == f"run:{RUN}"]
    assert corrected["n_items"] == len(held) == corrected["n_reviewed"]

    again = invoke("recalibrate", path, "--run", RUN, "--judge", BASE, "--method", "fewshot",
                   "--k", "4", "--base-url", server.url, "--format", "json")
    assert again.exit_code == 0, again.output
    assert len(server.requests) == sent_before + len(held)  # rerun: nothing sent again
    assert json.loads(again.stdout)["candidates"][0]["delta"] == candidate["delta"]


@pytest.mark.parametrize("name", registered())
def test_every_benchmark_names_one_place_and_writes_a_verdict_its_parser_reads(
        name: str, tmp_path: Path) -> None:
    """On each benchmark's demo: the place for examples occurs once in every prompt its calls
    use; the prompt with a block inserted there is the official one plus the block, byte for
    byte, even when a field holds a placeholder or the place's own text; the human verdict an
    example shows is a reply the benchmark's own parser reads back as those marks."""
    benchmark = benchmark_named(name)
    demo = build_demo(name, tmp_path / "demo")
    tasks = [t for t in benchmark.load(demo.data_dir, demo.options)
             if benchmark.rubric(t) is not None]
    tricky = "an answer quoting {answer}, {query} and\n\nQUERY:\n# Conversation\n"
    checked = 0
    for task in tasks:
        rubric = benchmark.rubric(task)
        assert rubric is not None
        try:
            specs = benchmark.judge.calls(task, rubric, tricky)
        except InputError:  # judged by its source's own scorer: no prompt, no place
            assert benchmark.judge.examples_place(CallSpec(None, "none", {})) is None
            continue
        for spec in specs:
            place = benchmark.judge.examples_place(spec)
            assert place is not None and place.heading
            template = prompt_template(spec.user_template, benchmark.judge.prompts)
            assert template.count(place.before) == 1
            block = f"\n\n{place.heading}\n\n--- example 1 ---\n\n{{answer}}\n\n{END}"
            official = call_messages(spec, benchmark.judge.prompts)
            with_block = fewshot_messages(benchmark, spec, block)
            assert with_block[:-1] == official[:-1]  # a system message untouched
            sent, plain = with_block[-1]["content"], official[-1]["content"]
            at = sent.index(block)
            assert sent[:at] + sent[at + len(block):] == plain
            assert sent.count(block) == 1
            keys = rubric.keys if spec.criterion is None else (spec.criterion,)
            marks = {k: c.max_value // 2 + 1 for c in rubric.criteria for k in keys
                     if c.key == k}
            reply = benchmark.judge.example_reply(rubric, spec, marks, None)
            parsed = benchmark.judge.parse(rubric, spec, reply)
            assert parsed.status is JudgmentStatus.OK and parsed.marks == marks
            checked += 1
    assert checked or name == "inspect"


def test_a_candidate_whose_every_request_failed_exits_3(
        tmp_path: Path, server: JudgeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANSER_CALIBRATION__RESAMPLES", "50")
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    monkeypatch.setenv("ANSER_JUDGE__MAX_RETRIES", "0")
    path = reviewed_workspace(tmp_path, server)
    failing = FailingServer().start()
    try:
        result = invoke("recalibrate", path, "--run", RUN, "--judge", BASE, "--method",
                        "fewshot", "--k", "2", "--base-url", failing.url)
    finally:
        failing.stop()
    assert result.exit_code == 3, result.output
    assert f"every request of {BASE}+fewshot-k2-s0 failed" in result.stderr
    assert len(failing.requests) == sum(held_out(sci(i + 1), salt_of(0), 0.5) for i in range(N))
    with WorkspaceStore.open(path) as store:  # failed attempts kept, no good judgment made
        made = current_judgments(store, RUN, f"{BASE}+fewshot-k2-s0")
        assert made and all(j.status is JudgmentStatus.TRANSPORT_ERROR for j in made.values())


def test_a_fewshot_candidate_through_the_batch_api_equals_the_live_one(
        tmp_path: Path, server: JudgeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANSER_CALIBRATION__RESAMPLES", "100")
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    monkeypatch.setattr(batch_server, "judge_text", follows_examples)
    args = ("--run", RUN, "--judge", BASE, "--method", "fewshot", "--k", "3", "--format",
            "json")
    live = reviewed_workspace(tmp_path / "live", server)
    by_live = invoke("recalibrate", live, *args, "--base-url", server.url)
    assert by_live.exit_code == 0, by_live.output
    batches = BatchServer(polls_to_finish=2).start()
    try:
        path = reviewed_workspace(tmp_path / "batch", server)
        sent = len(server.requests)
        by_batch = invoke("recalibrate", path, *args, "--base-url", batches.url, "--batch",
                          "--poll", "0")
        assert by_batch.exit_code == 0, by_batch.output
        again = invoke("recalibrate", path, *args, "--base-url", batches.url, "--batch",
                       "--poll", "0")
        assert again.exit_code == 0, again.output
    finally:
        batches.stop()
    assert len(server.requests) == sent  # nothing live
    assert batches.calls["batches.create"] == 1  # the rerun submits nothing
    held = [i for i in range(N) if held_out(sci(i + 1), salt_of(0), 0.5)]
    input_file = batches.files[batches.batches["batch_1"]["input_file_id"]]
    lines = [json.loads(line) for line in input_file.decode().splitlines()]
    assert len(lines) == len(held)
    for line in lines:
        block = line["body"]["messages"][-1]["content"].split(END, 1)[0]
        assert END in line["body"]["messages"][-1]["content"]
        for j in held:
            assert TASKS[sci(j + 1)]["query"] not in block
            assert ground_truth_text(TASKS[sci(j + 1)]["ground_truth"]) not in block
    live_out, batch_out = json.loads(by_live.stdout), json.loads(by_batch.stdout)
    assert batch_out["candidates"][0]["delta"] == live_out["candidates"][0]["delta"]
    assert batch_out["candidates"][0]["stats"]["conclusion"]["exact_agreement"] == 1.0
    assert json.loads(again.stdout)["candidates"][0]["delta"] == live_out["candidates"][0][
        "delta"]


GRADES = {"prbench": lambda prompt, fault: json.dumps(
              {"explanation": "local", "criteria_met": len(prompt) % 2 == 0}),
          "aalcr": lambda prompt, fault: '{"verdict": "CORRECT"}'}


@pytest.mark.parametrize("name", sorted(GRADES))
def test_fewshot_on_each_benchmark_demo_sends_no_held_out_field_in_an_example(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Per-criterion calls (PRBench) and a system prompt with shared contexts (AA-LCR): every
    example block a local server received holds no held-out item's field as an example writes
    it (one a train item shares word for word is no leak), and only held-out items are
    judged."""
    monkeypatch.setenv("ANSER_CALIBRATION__RESAMPLES", "50")
    monkeypatch.setattr(judge_server, "judge_text", GRADES[name])
    srv = JudgeServer().start()
    try:
        demo = build_demo(name, tmp_path / "demo")
        options = [f for key, value in demo.options.items()
                   for f in (f"--{key.replace('_', '-')}", value)]
        ws = tmp_path / "ws.db"
        for args in (["init", ws, "--benchmark", name, "--data", demo.data_dir, *options],
                     ["import-run", ws, demo.run_file, "--name", RUN],
                     ["judge", ws, "--run", RUN, "--base-url", srv.url, "--model", MODEL]):
            result = invoke(*args)
            assert result.exit_code == 0, result.output
        benchmark = benchmark_named(name)
        with WorkspaceStore.open(ws) as store:
            base = current_judgments(store, RUN, MODEL)
            items = [Item(RUN, t) for t in base]
            review = session(store, "alice", items)
            for item in items:  # the human flips every mark the judge gave
                review.override(item, {k: 1 - v for k, v in base[item.task_id].marks.items()},
                                base[item.task_id])
            fields = {}
            for task_id in base:
                task = store.task(task_id)
                rubric = benchmark.rubric(task)
                assert rubric is not None
                output = store.outputs(RUN).get(task_id)
                for spec in benchmark.judge.calls(task, rubric, output.answer_text
                                                  if output else ""):
                    fields.setdefault(task_id, set()).update(
                        f"{key.upper()}:\n{value}" for key, value in spec.fields.items())
            contexts = {t: benchmark.context_id(store.task(t)) for t in base}
        # the first seed that puts items on both sides of the demo's few contexts
        seed = next(s for s in range(50) if 0 < sum(held_out(c, salt_of(s), 0.5)
                                                   for c in contexts.values()) < len(base))
        sent = len(srv.requests)
        result = invoke("recalibrate", ws, "--run", RUN, "--judge", MODEL, "--method",
                        "fewshot", "--k", "2", "--seed", str(seed), "--base-url", srv.url,
                        "--format", "json")
        assert result.exit_code == 0, result.output
        out = json.loads(result.stdout)
    finally:
        srv.stop()
    held = {t for t in base if held_out(contexts[t], salt_of(seed), 0.5)}
    train = set(base) - held
    assert held and train and out["split"]["n_holdout"] == len(held)
    shared = set().union(*(fields[t] for t in train))
    assert all(fields[t] - shared for t in held)  # each held-out item has fields of its own
    blocks = [r["body"]["messages"][-1]["content"] for r in srv.requests[sent:]]
    assert blocks and all(END in b for b in blocks)
    for prompt in blocks:
        block = prompt[:prompt.index(END)]
        for t in held:
            assert not [f for f in fields[t] - shared if f in block]
    with WorkspaceStore.open(ws) as store:
        judged = set(current_judgments(store, RUN, out["candidates"][0]["judge"]))
    assert judged == held
