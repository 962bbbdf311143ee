"""ANSER's `judged`: whether the judge scores a task, told by its group's form where every
range of that form agrees; the same answer as `rubric_for(...) is not None` for every group,
form and number of the benchmark's ranges (and the numbers just outside them), and the same
error for a form the group does not have."""

from __future__ import annotations

import pytest

from anser_tui.benchmarks.anser.groups import GROUPS, _judged_every, judged_task, rubric_for
from anser_tui.workspace.tasks import Form


def test_judged_task_is_rubric_for_at_every_number_of_every_range() -> None:
    seen = 0
    for group in GROUPS:
        for form in Form:
            if not any(r.form is form for r in group.ranges):
                continue
            numbers = {None} | {n for r in group.ranges
                                for n in (r.first - 1, r.first, r.last, r.last + 1)}
            for number in numbers:
                assert judged_task(group.name, form, number) is \
                    (rubric_for(group.name, form, number) is not None), (group.name, form, number)
                seen += 1
    assert seen > 100  # every group's forms, not an empty loop


def test_a_form_whose_ranges_disagree_is_told_by_number() -> None:
    mixed = [(g.name, form) for g in GROUPS for form in Form
             if len({bool(r.rubric) for r in g.ranges if r.form is form}) == 2]
    for name, form in mixed:
        assert _judged_every(name, form) is None
    uniform = [(g.name, r.form, bool(r.rubric)) for g in GROUPS for r in g.ranges
               if len({bool(x.rubric) for x in g.ranges if x.form is r.form}) == 1]
    assert uniform
    for name, form, judged in uniform:
        assert _judged_every(name, form) is judged


def test_a_form_the_group_lacks_is_refused_as_rubric_for_refuses_it() -> None:
    group = next(g for g in GROUPS if any(all(r.form is not f for r in g.ranges) for f in Form))
    absent = next(f for f in Form if all(r.form is not f for r in group.ranges))
    with pytest.raises(KeyError):
        rubric_for(group.name, absent, 1)
    with pytest.raises(KeyError):
        judged_task(group.name, absent, 1)
