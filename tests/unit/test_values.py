"""`core.value.Value` classes behave as the `@dataclass` they replace (the reference: the same
fields declared under `dataclasses.dataclass`): construction by position and keyword with
defaults and factories, `__post_init__`, the errors of a wrong call, comparison, hash, repr
(recursive ones too), frozen assignment, and the dataclasses functions; and declaring one
compiles no method for it."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import pytest

from anser_tui.core.value import Value


class Point(Value):
    x: int
    y: int = 0
    tags: list[str] = field(default_factory=list)
    note: str = field(default="", repr=False, compare=False)


@dataclass(frozen=True)
class PointReference:
    x: int
    y: int = 0
    tags: list[str] = field(default_factory=list)
    note: str = field(default="", repr=False, compare=False)


class Counter(Value, frozen=False):
    n: int = 0

    def __post_init__(self) -> None:
        self.n += 1


@dataclass
class CounterReference:
    n: int = 0

    def __post_init__(self) -> None:
        self.n += 1


CALLS: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    ((1,), {}), ((1, 2), {}), ((), {"x": 1, "y": 2}), ((1,), {"tags": ["a"], "note": "n"}),
    ((1, 2, ["t"], "n"), {})]
BAD_CALLS: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    ((), {}), ((1, 2, [], "n", 5), {}), ((1,), {"x": 2}), ((1,), {"z": 2})]


def _fields(obj: Any) -> dict[str, Any]:
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}


@pytest.mark.parametrize(("args", "kwargs"), CALLS)
def test_made_as_the_dataclass_is(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    made, reference = Point(*args, **kwargs), PointReference(*args, **kwargs)
    assert _fields(made) == _fields(reference)
    assert repr(made) == repr(reference).replace("PointReference", "Point")
    assert dataclasses.asdict(made) == dataclasses.asdict(reference)


@pytest.mark.parametrize(("args", "kwargs"), BAD_CALLS)
def test_a_wrong_call_is_refused_as_the_dataclass_refuses_it(
        args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    with pytest.raises(TypeError):
        PointReference(*args, **kwargs)
    with pytest.raises(TypeError):
        Point(*args, **kwargs)


def test_comparison_hash_and_frozen_fields() -> None:
    a, b = Point(1, 2, note="one"), Point(1, 2, note="other")
    assert a == b and hash(Point(1, 2, ("t",), "x")) == hash(Point(1, 2, ("t",)))  # type: ignore[arg-type]
    assert Point(1) != Point(2) and Point(1) != PointReference(1)
    with pytest.raises(TypeError):
        hash(Point(1, tags=["a"]))  # a list field: unhashable, as in the dataclass
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.x = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del a.x  # type: ignore[misc]
    assert dataclasses.replace(a, y=5) == Point(1, 5)
    assert [f.name for f in dataclasses.fields(Point)] == ["x", "y", "tags", "note"]


def test_a_mutable_value_runs_post_init_and_is_unhashable() -> None:
    counter, reference = Counter(), CounterReference()
    assert counter.n == reference.n == 1
    counter.n = 5
    assert counter == Counter(4) and counter.n == 5
    with pytest.raises(TypeError):
        hash(counter)
    with pytest.raises(TypeError):
        hash(reference)


def test_a_recursive_repr_is_cut_as_the_dataclass_cuts_it() -> None:
    made, reference = Point(1, tags=[]), PointReference(1, tags=[])
    made.tags.append(made)  # type: ignore[arg-type]
    reference.tags.append(reference)  # type: ignore[arg-type]
    assert repr(made) == repr(reference).replace("PointReference", "Point")


def test_declaring_a_value_compiles_no_method() -> None:
    assert all(name not in Point.__dict__ for name in (
        "__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"))
