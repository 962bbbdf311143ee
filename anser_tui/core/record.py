"""Records: dataclasses that validate as pydantic models do, with pydantic loaded only when a
record is validated (DESIGN 10: the review screen's start-up imports no pydantic).

A record class subclasses `Record` and declares its fields as a dataclass does (`field(...)`
for a default factory); it is a frozen dataclass, or a mutable one with `frozen=False`.
Making one from values, `Cls(field=value, ...)` or `Cls.model_validate(mapping)`, validates
them as a pydantic model would: lax ("3" for an int, an int for a float, a string for its
enum), values for no field ignored, a bad or missing one a pydantic ValidationError naming
the field. `Cls.model_construct(...)` takes the values as they are, for rows the workspace
wrote from validated records. `model_dump` and `model_copy` are pydantic's: the fields as a
dict (records inside as dicts), and a shallow copy with some fields replaced, not validated.

A class sets pydantic's config (say `allow_inf_nan`) in `__pydantic_config__`, bounds a number
with `Annotated[int, Bound(ge=1)]` (pydantic's `Field(ge=1)`), and may prepare the values
given before they are validated (`_prepare`, a "before" model validator); `Cls.model_fields`
describes the fields as pydantic does. The first validation of a class builds its validator
(~1 ms), after importing pydantic (~150 ms, once per process).
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self, dataclass_transform

from anser_tui.core.value import Declared

if TYPE_CHECKING:
    from pydantic import TypeAdapter
    from pydantic.fields import FieldInfo

# Per record class, made on first use: its fields' types and its validator.
_TYPES: dict[type, dict[str, Any]] = {}
_ADAPTERS: dict[type, TypeAdapter[Any]] = {}


class Bound:
    """A number's bound, as pydantic's `Field(gt=...)` or `Field(ge=...)` states it, given in
    a field's `Annotated` metadata: read when the field is validated, not before."""

    __slots__ = ("ge", "gt")

    def __init__(self, *, gt: float | None = None, ge: float | None = None):
        self.gt = gt
        self.ge = ge

    def __repr__(self) -> str:
        return f"Bound(gt={self.gt!r}, ge={self.ge!r})"

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        schema = handler(source)
        schema.update({k: v for k, v in (("gt", self.gt), ("ge", self.ge)) if v is not None})
        return schema


class _ModelFields:
    """`Cls.model_fields`: {name: pydantic's FieldInfo} of the record's fields."""

    def __get__(self, record: object, owner: type[Record]) -> dict[str, FieldInfo]:
        return _model_fields(owner)


@dataclass_transform(kw_only_default=True, frozen_default=True,
                     field_specifiers=(dataclasses.field,))
class Record(Declared, base=True):
    """Base of the record classes: each subclass is made a dataclass as it is declared, its
    methods `Declared`'s (`core.value`: nothing compiled for it)."""

    model_fields: ClassVar[_ModelFields] = _ModelFields()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(kw_only=True, **kwargs)

    def __init__(self, **values: Any) -> None:
        self.__dict__.update(self.model_validate(values).__dict__)

    @classmethod
    def _prepare(cls, values: dict[str, Any]) -> dict[str, Any]:
        """The values given, as they go to validation (a subclass may fill some in)."""
        return values

    @classmethod
    def model_validate(cls, obj: Any) -> Self:
        """A record of `cls` from a mapping of field values (or a record, kept as it is)."""
        if isinstance(obj, Mapping):
            obj = cls._prepare(dict(obj))
        return _adapter(cls).validate_python(obj)  # type: ignore[no-any-return]

    @classmethod
    def model_construct(cls, **values: Any) -> Self:
        """A record of `cls` from values taken as they are; fields not given get defaults."""
        if values.keys() != cls._names:
            values = {name: values[name] if name in values
                      else default if factory is dataclasses.MISSING else factory()
                      for name, default, factory in cls._fields}
        record = object.__new__(cls)
        object.__setattr__(record, "__dict__", values)
        return record

    def model_dump(self, *, exclude: set[str] | None = None) -> dict[str, Any]:
        """The fields (but `exclude`) as a dict; records inside as dicts, containers copied."""
        return {name: _dumped(getattr(self, name)) for name, _, _ in type(self)._fields
                if not exclude or name not in exclude}

    def model_copy(self, *, update: Mapping[str, Any] | None = None) -> Self:
        """A shallow copy, with the fields in `update` replaced (not validated)."""
        record = object.__new__(type(self))
        record.__dict__.update(self.__dict__)
        record.__dict__.update(update or {})
        return record


def _dumped(value: Any) -> Any:
    if isinstance(value, Record):
        return value.model_dump()
    if isinstance(value, dict):
        return {k: _dumped(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return type(value)(_dumped(v) for v in value)
    return value


def field_types(cls: type[Record]) -> dict[str, Any]:
    """{name: type} of the record's fields, `Annotated` metadata left out."""
    found = _TYPES.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = _TYPES[cls] = {name: hints[name] for name, _, _ in cls._fields}
    return found


def _model_fields(cls: type[Record]) -> dict[str, FieldInfo]:
    from pydantic.fields import FieldInfo

    hints = typing.get_type_hints(cls, include_extras=True)
    out: dict[str, FieldInfo] = {}
    for name, default, factory in cls._fields:
        if factory is not dataclasses.MISSING:
            out[name] = FieldInfo.from_annotated_attribute(
                hints[name], FieldInfo(default_factory=factory))
        elif default is not dataclasses.MISSING:
            out[name] = FieldInfo.from_annotated_attribute(hints[name], default)
        else:
            out[name] = FieldInfo.from_annotation(hints[name])
    return out


def _adapter(cls: type[Record]) -> TypeAdapter[Any]:
    found = _ADAPTERS.get(cls)
    if found is None:
        from pydantic import TypeAdapter

        found = _ADAPTERS[cls] = TypeAdapter(cls)
    return found
