"""`recalibrate --method remap` (DESIGN 15): the salted-hash split by context, recorded; an
isotonic remap fitted on train items only, judged on held-out items only, without a request;
its gain over the base judge measured there."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from calibration_ws import SCIENCE, flat, judge, override_all, sci, science_workspace, session
from click.testing import CliRunner

from anser_tui.calibration.recalibrate import held_out, salt_of
from anser_tui.cli import cli
from anser_tui.scoring.isotonic import fit_isotonic
from anser_tui.workspace import Item, WorkspaceStore, current_judgments

RUN = "sys-a"
HUMAN = [0, 1, 2, 3, 1, 0, 2, 3, 1, 2, 0, 3, 2, 1, 0, 2, 3, 1, 2, 0]
N = len(HUMAN)


def test_remap_fits_on_train_and_judges_held_out_items_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANSER_CALIBRATION__RESAMPLES", "200")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)  # no client, no request: none needed
    store = science_workspace(tmp_path, N)
    judge(store, RUN, {sci(i + 1): flat(h + 1) for i, h in enumerate(HUMAN)})  # one too high
    items = [Item(RUN, sci(i + 1)) for i in range(N)]
    override_all(session(store, "alice", items),
                 {it: flat(h) for it, h in zip(items, HUMAN, strict=True)})
    path = Path(store.path)
    store.close()
    result = CliRunner().invoke(cli, ["recalibrate", str(path), "--run", RUN, "--judge",
                                      "judge-model", "--method", "remap", "--seed", "0",
                                      "--format", "json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    held = {sci(i + 1) for i in range(N) if held_out(sci(i + 1), salt_of(0), 0.5)}
    assert 0 < len(held) < N
    assert out["split"] == {"seed": 0, "n_train": N - len(held), "n_holdout": len(held),
                            "random_sample": False}  # a task-order session
    [candidate] = out["candidates"]
    assert candidate["judge"] == "judge-model+remap-s0" and candidate["n"] == len(held)
    train = [(SCIENCE.score(flat(h + 1)), SCIENCE.score(flat(h)))
             for i, h in enumerate(HUMAN) if sci(i + 1) not in held]
    fit = fit_isotonic([x for x, _ in train], [y for _, y in train])
    with WorkspaceStore.open(path) as store:
        made = current_judgments(store, RUN, "judge-model+remap-s0")
        assert set(made) == held  # no candidate judgment on a train item
        base = current_judgments(store, RUN, "judge-model")
        assert all(made[t].score == pytest.approx(fit(base[t].score or 0)) for t in held)
        assert json.loads(store.meta("recalibration:judge-model+remap-s0") or "{}")[
            "salt"] == salt_of(0)
    human = [SCIENCE.score(flat(HUMAN[i])) for i in range(N) if sci(i + 1) in held]
    base_mae = np.mean([abs(SCIENCE.score(flat(HUMAN[i] + 1)) - SCIENCE.score(flat(HUMAN[i])))
                        for i in range(N) if sci(i + 1) in held])
    new_mae = np.mean([abs(fit(SCIENCE.score(flat(HUMAN[i] + 1))) - h)
                       for h, i in zip(human, [i for i in range(N) if sci(i + 1) in held],
                                       strict=True)])
    assert candidate["delta"]["score"]["mae"] == pytest.approx(new_mae - base_mae)
    assert candidate["delta"]["score"]["mae"] < 0  # the remap helps on held-out items
    assert candidate["stats"]["score"]["n"] == len(held)


def test_the_output_says_when_held_out_items_are_not_a_random_sample(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANSER_CALIBRATION__RESAMPLES", "50")
    outs = {}
    for design in ({"order": "random", "random_sample": True, "seed": 3},
                   {"order": "disagreement", "random_sample": False}):
        root = tmp_path / design["order"]
        store = science_workspace(root, N)
        judge(store, RUN, {sci(i + 1): flat(h + 1) for i, h in enumerate(HUMAN)})
        items = [Item(RUN, sci(i + 1)) for i in range(N)]
        override_all(session(store, "alice", items, design=design),
                     {it: flat(h) for it, h in zip(items, HUMAN, strict=True)})
        path = Path(store.path)
        store.close()
        for fmt in ("json", "table"):
            result = CliRunner().invoke(cli, ["recalibrate", str(path), "--run", RUN,
                                              "--judge", "judge-model", "--format", fmt])
            assert result.exit_code == 0, result.output
            outs[design["order"], fmt] = result.stdout
    assert json.loads(outs["random", "json"])["split"]["random_sample"] is True
    assert "note" not in json.loads(outs["random", "json"])
    assert "not a random sample" not in outs["random", "table"]
    hand_picked = json.loads(outs["disagreement", "json"])
    assert hand_picked["split"]["random_sample"] is False
    assert hand_picked["note"].startswith("the held-out items are not a random sample")
    assert "note: the held-out items are not a random sample" in outs["disagreement", "table"]
