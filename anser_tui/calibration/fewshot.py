"""`recalibrate --method fewshot` (DESIGN 15): BASE's prompt with k examples from the train
items, judged on the held-out items only.

Examples: for each prompt (a call's user template) the calls of train items that use it, with
the settled human verdict on what the call judges (all the rubric's marks for a call judging
the whole rubric, the criterion's mark for a per-criterion call); those where the human
differs from BASE first (what BASE gets wrong is what an example can teach), then the rest,
each group in the order of a salted hash (the split's salt), the first k taken. Each example is
the call's own fields (what the judge sees of the train item), the human verdict as the reply
the call asks for, the reason code and the comment (`judge.examples`). Only train items are
read, so no held-out item, its context or its ground truth can reach an example.

The candidate `<BASE>+fewshot-k<k>-s<seed>` judges the held-out items BASE judged, each call
with its prompt's examples inserted at the benchmark's place for them. Its prompt file, one per
prompt (the template with the block in place, and where the block starts and ends), is kept in
the workspace's meta under `fewshot:<candidate>` with its sha256, so the candidate can be rerun
(the same requests, answered from the cache) and cited; the split record lists the examples.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from anser_tui.calibration.pairs import CalibrationInputs
from anser_tui.calibration.recalibrate import Split, compared
from anser_tui.judge.examples import Example, examples_block, fewshot_request, split_template
from anser_tui.judge.plan import JudgePlan
from anser_tui.judge.request import JudgeParams
from anser_tui.workspace.item import Item
from anser_tui.workspace.judgments import current_judgments
from anser_tui.workspace.records import Decision, JudgmentStatus
from anser_tui.workspace.store import WorkspaceStore

Send = Callable[[JudgePlan], object]  # judges a plan (the command line: the live runner)


@dataclass(frozen=True)
class Shot:
    """A train call that may serve as an example."""

    item: Item
    call: int
    example: Example
    disagrees: bool
    order: str  # the salted hash that orders it among its kind


def _shots(inputs: CalibrationInputs, split: Split, run: str) -> dict[str, list[Shot]]:
    """Every train call of `run` with a human verdict on what it judges, by user template."""
    outputs = inputs.store.outputs(run)
    judge = inputs.benchmark.judge
    pool: dict[str, list[Shot]] = {}
    for item, settlement in split.train:
        decision: Decision | None = settlement.decision
        task, rubric = inputs.tasks.get(item.task_id), inputs.rubric(item.task_id)
        if decision is None or task is None or rubric is None:
            continue
        output = outputs.get(item.task_id)
        base = inputs.judgments.get(item)
        for index, spec in enumerate(judge.calls(task, rubric, output.answer_text
                                                 if output else "")):
            keys = rubric.keys if spec.criterion is None else (spec.criterion,)
            marks = {k: decision.marks[k] for k in keys if k in decision.marks}
            if len(marks) != len(keys) or judge.examples_place(spec) is None:
                continue
            reply = judge.example_reply(rubric, spec, marks, decision.score
                                        if spec.criterion is None else None)
            disagrees = base is None or any(base.marks.get(k) != v for k, v in marks.items())
            order = hashlib.sha256(f"{split.salt}|{item.run}|{item.task_id}|{index}"
                                   .encode()).hexdigest()
            reason = decision.reason_code.value if decision.reason_code else None
            pool.setdefault(spec.user_template, []).append(Shot(
                item, index, Example(spec, reply, reason, decision.comment), disagrees, order))
    return pool


def choose_examples(inputs: CalibrationInputs, split: Split, run: str, k: int
                    ) -> dict[str, list[Shot]]:
    """The k examples of each prompt (see the module)."""
    return {template: sorted(shots, key=lambda s: (not s.disagrees, s.order))[:k]
            for template, shots in _shots(inputs, split, run).items()}


def prompt_files(inputs: CalibrationInputs, chosen: dict[str, list[Shot]],
                 params: JudgeParams) -> dict[str, dict[str, Any]]:
    """Per prompt: its examples block and the template with it in place."""
    files = {}
    for template, shots in chosen.items():
        head, tail, heading = split_template(inputs.benchmark, shots[0].example.spec,
                                             params.prompt_dir)
        block = examples_block(heading, [s.example for s in shots])
        files[template] = {"template": head + block + tail, "examples_at": len(head),
                           "examples_length": len(block), "block": block,
                           "examples": [{"run": s.item.run, "task_id": s.item.task_id,
                                         "call": s.call} for s in shots]}
    return files


def fewshot_plan(inputs: CalibrationInputs, split: Split, run: str, candidate: str,
                 params: JudgeParams, blocks: dict[str, str]) -> tuple[JudgePlan, int]:
    """The candidate's requests for the held-out items BASE judged (those whose prompts all
    have examples), minus those it already answered; and how many were left out for want of
    examples."""
    plan = JudgePlan(candidate, examples=dict(blocks))
    current = current_judgments(inputs.store, run, candidate)
    outputs = inputs.store.outputs(run)
    lacking = 0
    for item in split.held:
        task, rubric = inputs.tasks.get(item.task_id), inputs.rubric(item.task_id)
        if task is None or rubric is None or item not in inputs.judgments:
            continue
        specs = inputs.benchmark.judge.calls(task, rubric, "")
        if any(spec.user_template not in blocks for spec in specs):
            lacking += 1
            continue
        request = fewshot_request(inputs.benchmark, run, task, outputs.get(item.task_id),
                                  rubric, params, blocks)
        done = current.get(item.task_id)
        if done is not None and done.source == request.source and \
                done.status is not JudgmentStatus.TRANSPORT_ERROR:
            plan.already += 1
        else:
            plan.requests.append(request)
    return plan, lacking


def fewshot_candidate(store: WorkspaceStore, inputs: CalibrationInputs, split: Split, run: str,
                      base: str, *, k: int, params: JudgeParams, send: Send, resamples: int
                      ) -> dict[str, Any]:
    """Build, record, judge (through `send`) and compare the few-shot candidate."""
    candidate = f"{base}+fewshot-k{k}-s{split.seed}"
    chosen = choose_examples(inputs, split, run, k)
    files = prompt_files(inputs, chosen, params)
    record = json.dumps({"judge": candidate, "base": base, "k": k, "model": params.model,
                         "params": params.as_dict(), "prompts": files}, ensure_ascii=False,
                        sort_keys=True)
    digest = hashlib.sha256(record.encode("utf-8")).hexdigest()
    store.set_meta({f"fewshot:{candidate}": record})
    examples = [e for f in files.values() for e in f["examples"]]
    split.record(store, candidate, run, base, examples=examples, prompt_sha256=digest)
    plan, lacking = fewshot_plan(inputs, split, run, candidate, params,
                                 {t: f["block"] for t, f in files.items()})
    if plan.requests:
        send(plan)
    entry = compared(store, base, candidate, "fewshot", run, split.held, seed=split.seed,
                     resamples=resamples)
    entry.update(k=k, n_examples=len(examples), prompt_sha256=digest,
                 prompt_meta=f"fewshot:{candidate}")
    if lacking:
        entry["n_without_examples"] = lacking
    return entry
