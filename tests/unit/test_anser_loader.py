"""The ANSER-Bench loader: layout, group and form assignment, malformed files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mini_bench import write_mini_bench

from anser_tui.benchmarks.anser import GROUPS_BY_NAME, load_anser, task_number
from anser_tui.core.errors import InputError
from anser_tui.workspace import Form


def test_loads_every_task_file_present_in_readme_order(tmp_path: Path) -> None:
    tasks = load_anser(write_mini_bench(tmp_path))
    assert [t.id for t in tasks] == [
        "legal_zh_prescriptive_1", "legal_zh_prescriptive_2",
        "finance_zh_descriptive_12", "finance_zh_descriptive_13",
        "finance_zh_descriptive_104", "finance_zh_descriptive_201",
        "science_en_predictive_1",
    ]
    assert [t.seq for t in tasks] == list(range(7))
    first = tasks[0]
    assert (first.group, first.form, first.lang, first.domain, first.objective) == (
        "legal_zh_prescriptive", Form.SHORT, "zh", "legal", "prescriptive")
    assert first.source == "benchmark/legal/zh/prescriptive.json"
    assert first.line == 2


@pytest.mark.parametrize(("task_id", "form"), [
    ("finance_zh_descriptive_12", Form.NUMERIC),
    ("finance_zh_descriptive_13", Form.CHOICE),
    ("finance_zh_descriptive_104", Form.SHORT),
    ("finance_zh_descriptive_201", Form.STATISTIC),
])
def test_form_follows_question_number(tmp_path: Path, task_id: str, form: Form) -> None:
    tasks = {t.id: t for t in load_anser(write_mini_bench(tmp_path))}
    assert tasks[task_id].form is form


@pytest.mark.parametrize(("group", "number", "form"), [
    ("finance_zh_descriptive", 1, Form.NUMERIC), ("finance_zh_descriptive", 103, Form.CHOICE),
    ("finance_zh_descriptive", 200, Form.SHORT), ("finance_zh_descriptive", 300, Form.STATISTIC),
    ("finance_zh_predictive", 60, Form.CHOICE), ("finance_zh_predictive", 61, Form.NUMERIC),
    ("finance_zh_predictive", 88, Form.NUMERIC), ("finance_zh_predictive", 89, Form.CHOICE),
    ("finance_zh_predictive", 100, Form.CHOICE), ("finance_zh_predictive", 101, Form.SHORT),
    ("finance_en_descriptive", 47, Form.NUMERIC), ("finance_en_descriptive", 48, Form.CHOICE),
    ("finance_en_descriptive", 99, Form.CHOICE), ("finance_en_descriptive", 100, Form.SHORT),
    ("finance_en_descriptive", 201, Form.STATISTIC),
    ("finance_en_predictive", 60, Form.NUMERIC), ("finance_en_predictive", 61, Form.CHOICE),
    ("finance_en_predictive", 120, Form.CHOICE), ("finance_en_predictive", 121, Form.SHORT),
    ("finance_en_prescriptive", 200, Form.SHORT),
    ("finance_en_prescriptive", 201, Form.STRUCTURED),
    ("legal_zh_descriptive", 150, Form.STATISTIC), ("legal_en_predictive", 95, Form.STRUCTURED),
    ("legal_en_prescriptive", 57, Form.SHORT), ("science_en_descriptive", 20, Form.SHORT),
])
def test_group_ranges(group: str, number: int, form: Form) -> None:
    found = GROUPS_BY_NAME[group].range_for(number)
    assert found is not None and found.form is form


def test_form_field_overrides_number(tmp_path: Path) -> None:
    extra = {"finance/en/predictive.json": [
        {"id": "finance_en_predictive_5", "form": "short", "query": "q", "ground_truth": "x"}]}
    tasks = {t.id: t for t in load_anser(write_mini_bench(tmp_path, extra))}
    assert tasks["finance_en_predictive_5"].form is Form.SHORT


def test_system_and_scorer_fields_kept_apart(tmp_path: Path) -> None:
    task = load_anser(write_mini_bench(tmp_path))[2]
    assert task.prompt.model_dump() == {
        "id": "finance_zh_descriptive_12", "type": "numeric_fact",
        "query": "贵州茅台2023年营业收入是多少亿元？", "instruction": "只填数字。"}
    assert task.key.model_dump() == {"ground_truth": 1476.94, "evidence": ["600519_2023_annual"]}
    assert "ground_truth" not in task.prompt.model_dump()


def test_task_number() -> None:
    assert task_number("finance_zh_descriptive_13") == 13
    assert task_number("legal_en_prescriptive_057") == 57
    assert task_number("no-number") is None


def _write(tmp_path: Path, rel: str, text: str) -> Path:
    root = write_mini_bench(tmp_path)
    path = root / "benchmark" / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return root


def test_malformed_json_names_file_and_line(tmp_path: Path) -> None:
    root = _write(tmp_path, "legal/en/descriptive.json",
                  '[\n  {"id": "legal_en_descriptive_1", "query": "q"},\n  {"id": oops}\n]\n')
    with pytest.raises(InputError) as err:
        load_anser(root)
    assert err.value.path is not None and err.value.path.endswith("legal/en/descriptive.json")
    assert err.value.line == 3
    assert "invalid JSON" in err.value.reason


def test_task_without_query_names_its_line(tmp_path: Path) -> None:
    tasks = [{"id": "legal_en_descriptive_1", "query": "q"}, {"id": "legal_en_descriptive_2"}]
    root = _write(tmp_path, "legal/en/descriptive.json", json.dumps(tasks, indent=1))
    with pytest.raises(InputError) as err:
        load_anser(root)
    assert err.value.line == 6  # "[", " {", id, query, " },", " {"
    assert err.value.reason == "task legal_en_descriptive_2 has no string 'query'"


def test_not_an_array(tmp_path: Path) -> None:
    root = _write(tmp_path, "science/descriptive.json", '{"id": 1}')
    with pytest.raises(InputError, match="expected a JSON array"):
        load_anser(root)


def test_number_outside_ranges_without_form_is_an_error(tmp_path: Path) -> None:
    root = _write(tmp_path, "finance/en/descriptive.json",
                  json.dumps([{"id": "finance_en_descriptive_301", "query": "q"}]))
    with pytest.raises(InputError, match="outside finance_en_descriptive's ranges"):
        load_anser(root)


def test_duplicate_id(tmp_path: Path) -> None:
    dup = [{"id": "legal_zh_prescriptive_1", "query": "q"}]
    root = _write(tmp_path, "legal/zh/predictive.json", json.dumps(dup))
    with pytest.raises(InputError, match="duplicate task id legal_zh_prescriptive_1"):
        load_anser(root)


def test_empty_folder(tmp_path: Path) -> None:
    (tmp_path / "benchmark").mkdir()
    with pytest.raises(InputError, match="no ANSER-Bench task files"):
        load_anser(tmp_path)


def test_benchmark_folder_itself_is_refused(tmp_path: Path) -> None:
    root = write_mini_bench(tmp_path)
    with pytest.raises(InputError, match="holds benchmark/ and corpora/"):
        load_anser(root / "benchmark")
