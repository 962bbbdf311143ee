"""Make the Inspect AI fixture logs by running real `inspect eval`s against a fake OpenAI server.

Run it with a venv holding inspect-ai (never the project's own venv: inspect-ai pulls other
releases of packages the project pins):

    python3.11 -m venv .venv-inspect
    .venv-inspect/bin/pip install 'inspect-ai>=0.3.206' openai
    .venv-inspect/bin/python tests/data/inspect/make_fixtures.py

It writes, beside itself:
- qa12.eval: 12 samples (integer ids 1..12), model_graded_qa with partial credit: the fake
  grader answers GRADE: C for 7, P for 2, I for 3 of them.
- qa6.json: the same kind of task in the JSON log format, 6 samples with string ids.
- epochs2.eval: 4 samples, 2 epochs (the solver's answer changes from one epoch to the next).
- transcript.eval: 2 samples whose input is a conversation with a tool call, its tool result and
  an image; scored by model_graded_qa, match (C/I) and a scorer with dict values.
- unscored.eval: 3 samples, the grader gives sample 2 no grade (Inspect leaves it unscored).
- rating8.eval: 8 samples and two custom scorers: `rating`, a number (the grader model's
  "RATING: k" out of 10, as k / 10: 0.9 right, 0.5 partial, 0.2 wrong, 0.0 no answer; metrics
  mean and stderr), and `verdict`, grade letters without a model (C the sum, I another number,
  N no number: sample 8's solver answers "I cannot tell.").

`make(folder, names)` writes some of them elsewhere (the tests run a real eval through it).

The solver and the grader are both the model under evaluation (`openai/fake`, base URL the
fake server on 127.0.0.1); the server tells them apart by the grading template's
"[BEGIN DATA]" (the rating scorer's prompt begins "[RATE]").
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from fake_openai import FakeOpenAI  # noqa: E402

# Sample n of qa12: the solver's answer is right, roughly right (partial) or wrong.
WRONG = {3, 7, 11}
PARTIAL = {5, 10}
PNG = ("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQ"
       "DwAEhQGAhKmMIQAAAABJRU5ErkJggg==")

_seen: dict[str, int] = {}


def _solver_reply(prompt: str) -> str:
    found = re.search(r"Question (\d+): What is (\d+) \+ (\d+)\?", prompt)
    if found is None or ("(rating)" in prompt and found.group(1) == "8"):
        return "I cannot tell."
    n, a, b = (int(g) for g in found.groups())
    _seen[prompt] = _seen.get(prompt, 0) + 1
    if "epochs" in prompt and _seen[prompt] == 2 and n % 2 == 0:
        return f"The sum is {a + b + 1}."
    if n in WRONG:
        return f"The sum is {a + b + 10}."
    if n in PARTIAL:
        return f"The sum is roughly {a + b}, give or take one."
    return f"The sum is {a + b}."


def _grader_reply(prompt: str) -> str:
    if "Question 2: What is 2 + 6? (unscored)" in prompt:
        return "I cannot decide."  # no grade: Inspect records the sample as unscored
    submission = re.search(r"\[Submission\]: (.*?)\n\*\*\*", prompt, re.S)
    criterion = re.search(r"\[Criterion\]: (.*?)\n\*\*\*", prompt, re.S)
    said = submission.group(1) if submission else ""
    wanted = criterion.group(1).strip() if criterion else ""
    numbers = re.findall(r"\d+", said)
    if "roughly" in said:
        return f"The submission hedges around {wanted}.\nGRADE: P"
    if numbers and numbers[-1] == wanted:
        return f"The submission states {wanted}, as the criterion asks.\nGRADE: C"
    return f"The submission does not state {wanted}.\nGRADE: I"


def _rating_reply(prompt: str) -> str:
    answer = prompt.split("[Answer]: ", 1)[-1]
    wanted = re.search(r"\[Target\]: (\d+)", prompt)
    numbers = re.findall(r"\d+", answer)
    if not numbers:
        return "No number is given.\nRATING: 0"
    if "roughly" in answer:
        return "Close, but hedged.\nRATING: 5"
    if wanted is not None and numbers[-1] == wanted.group(1):
        return "Right.\nRATING: 9"
    return "Wrong sum.\nRATING: 2"


def reply(prompt: str) -> str:
    if prompt.startswith("[RATE]"):
        return _rating_reply(prompt)
    return _grader_reply(prompt) if "[BEGIN DATA]" in prompt else _solver_reply(prompt)


def _sums(n: int, tag: str, string_ids: bool = False) -> list:
    from inspect_ai.dataset import Sample

    return [Sample(id=f"s{i}" if string_ids else i,
                   input=f"Question {i}: What is {i} + {i * 3}? ({tag})",
                   target=str(i + i * 3)) for i in range(1, n + 1)]


def _tasks() -> dict[str, tuple]:
    from inspect_ai import Task
    from inspect_ai.model import (
        ChatMessageAssistant,
        ChatMessageSystem,
        ChatMessageTool,
        ChatMessageUser,
        ContentImage,
        ContentText,
        get_model,
    )
    from inspect_ai.scorer import (
        Score,
        Target,
        accuracy,
        match,
        mean,
        model_graded_qa,
        scorer,
        stderr,
    )
    from inspect_ai.solver import TaskState, generate
    from inspect_ai.tool import ToolCall

    @scorer(metrics={"mentions_sum": [accuracy()], "length": [mean()]})
    def style():
        async def score(state: TaskState, target: Target) -> Score:
            text = state.output.completion
            return Score(value={"mentions_sum": "C" if "sum" in text else "I",
                                "length": len(text)}, answer=text)

        return score

    @scorer(metrics=[mean(), stderr()])
    def rating():
        async def score(state: TaskState, target: Target) -> Score:
            prompt = (f"[RATE] [Question]: {state.input_text}\n[Target]: {target.text}\n"
                      f"[Answer]: {state.output.completion}")
            graded = await get_model().generate(prompt)
            found = re.search(r"RATING: (\d+)", graded.completion)
            value = int(found.group(1)) / 10 if found else float("nan")
            return Score(value=value, answer=state.output.completion,
                         explanation=graded.completion)

        return score

    @scorer(metrics=[accuracy(), stderr()])
    def verdict():
        async def score(state: TaskState, target: Target) -> Score:
            numbers = re.findall(r"\d+", state.output.completion)
            grade = "N" if not numbers else "C" if numbers[-1] == target.text else "I"
            return Score(value=grade, answer=state.output.completion)

        return score

    from inspect_ai.dataset import Sample

    conversation = [
        Sample(id=i, target=str(i + i * 3), input=[
            ChatMessageSystem(content="You are a careful calculator."),
            ChatMessageUser(content=[ContentText(text="What does this picture show?"),
                                     ContentImage(image=PNG)]),
            ChatMessageAssistant(content="Let me compute it.", tool_calls=[ToolCall(
                id=f"call_{i}", function="add", arguments={"a": i, "b": i * 3})]),
            ChatMessageTool(content=str(i + i * 3), tool_call_id=f"call_{i}", function="add"),
            ChatMessageUser(content=f"Question {i}: What is {i} + {i * 3}? (transcript)")])
        for i in (1, 3)]
    graded = model_graded_qa(partial_credit=True)
    return {
        "qa12": (Task(name="qa12", dataset=_sums(12, "qa12"), solver=generate(),
                      scorer=graded), "eval", 1),
        "qa6": (Task(name="qa6", dataset=_sums(6, "qa6", string_ids=True), solver=generate(),
                     scorer=graded), "json", 1),
        "epochs2": (Task(name="epochs2", dataset=_sums(4, "epochs"), solver=generate(),
                         scorer=graded), "eval", 2),
        "transcript": (Task(name="transcript", dataset=conversation, solver=generate(),
                            scorer=[graded, match(), style()]), "eval", 1),
        "unscored": (Task(name="unscored", dataset=_sums(3, "unscored"), solver=generate(),
                          scorer=graded), "eval", 1),
        "rating8": (Task(name="rating8", dataset=_sums(8, "rating"), solver=generate(),
                         scorer=[rating(), verdict()]), "eval", 1),
    }


def make(folder: Path, names: list[str] | None = None) -> dict[str, Path]:
    """Run the evals named (default: all) and write their logs into `folder`."""
    from inspect_ai import eval as inspect_eval

    os.environ["OPENAI_API_KEY"] = "dummy"
    written: dict[str, Path] = {}
    with FakeOpenAI(reply) as url, tempfile.TemporaryDirectory() as tmp:
        for name, (task, fmt, epochs) in _tasks().items():
            if names is not None and name not in names:
                continue
            out = Path(tmp) / name
            [log] = inspect_eval(task, model="openai/fake", model_base_url=url,
                                 model_args={"responses_api": False}, log_dir=str(out),
                                 log_format=fmt, epochs=epochs, display="none",
                                 max_connections=1)
            assert log.status == "success", (name, log.status, log.error)
            [found] = list(out.glob(f"*.{fmt}"))
            written[name] = Path(shutil.copyfile(found, folder / f"{name}.{fmt}"))
    return written


def main() -> None:
    for name, path in make(HERE).items():
        print(f"{name}: {path.name}")


if __name__ == "__main__":
    main()
