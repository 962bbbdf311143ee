"""Values: dataclasses declared without compiling any code for them.

Python 3.11's `@dataclass` compiles `__init__`, `__repr__`, `__eq__`, `__hash__`,
`__setattr__` and `__delattr__` for each class it decorates (~1-1.5 ms a class, ~40 of them on
the way to the review screen's first paint: DESIGN 10). A class that subclasses `Value` is a
dataclass all the same (`dataclasses.fields`, `replace`, `asdict` work; mypy reads it as one),
frozen unless declared `frozen=False`, whose methods are `Value`'s: they read the fields
instead of being compiled for them, and behave as the generated ones do (positional and keyword
arguments in field order, defaults and default factories, `__post_init__`; comparison, hash
and repr over the fields, `field(compare=False)` and `field(repr=False)` honoured;
FrozenInstanceError on assignment). `InitVar` and `field(init=False)` are not supported.
"""

from __future__ import annotations

import dataclasses
import reprlib
from typing import Any, ClassVar, dataclass_transform

Fields = tuple[tuple[str, Any, Any], ...]  # (name, default, default factory) of each field


class Declared:
    """What `Value` and `core.record.Record` share: the dataclass made when a subclass is
    declared, and the methods that read its fields."""

    _frozen: ClassVar[bool] = True
    _fields: ClassVar[Fields] = ()  # in declaration order
    _names: ClassVar[frozenset[str]] = frozenset()
    _compared: ClassVar[tuple[str, ...]] = ()
    _shown: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, *, frozen: bool = True, kw_only: bool = False,
                          base: bool = False, **kwargs: Any) -> None:
        """`base`: a base of such classes (`Value`, `Record`), not a dataclass itself."""
        super().__init_subclass__(**kwargs)
        if base:
            return
        dataclasses.dataclass(init=False, repr=False, eq=False, kw_only=kw_only)(cls)
        fields = dataclasses.fields(cls)  # type: ignore[arg-type]
        if any(not f.init for f in fields):
            raise TypeError(f"{cls.__qualname__}: field(init=False) is not supported")
        cls._frozen = frozen
        cls._fields = tuple((f.name, f.default, f.default_factory) for f in fields)
        cls._names = frozenset(f.name for f in fields)
        cls._compared = tuple(f.name for f in fields if f.compare)
        cls._shown = tuple(f.name for f in fields if f.repr)
        if not frozen:
            cls.__hash__ = None  # type: ignore[assignment]  # mutable: unhashable, as a dataclass

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._compared)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._shown)
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: Any) -> None:
        if self._frozen:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super().__setattr__(name, value)

    def __delattr__(self, name: str) -> None:
        if self._frozen:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super().__delattr__(name)


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
class Value(Declared, base=True):
    """Base of the value classes: each subclass is made a dataclass as it is declared."""

    _positional: ClassVar[tuple[str, ...]] = ()  # the fields that may be given by position

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "base" not in kwargs:
            cls._positional = tuple(f.name for f in dataclasses.fields(cls)  # type: ignore[arg-type]
                                    if not f.kw_only)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        cls = type(self)
        if len(args) > len(cls._positional):
            raise TypeError(f"{cls.__qualname__}.__init__() takes {len(cls._positional) + 1} "
                            f"positional arguments but {len(args) + 1} were given")
        given = dict(zip(cls._positional, args, strict=False))
        values: dict[str, Any] = {}
        for name, default, factory in cls._fields:
            if name in given:
                values[name] = given[name]
                if name in kwargs:
                    raise TypeError(f"{cls.__qualname__}.__init__() got multiple values for "
                                    f"argument {name!r}")
            elif name in kwargs:
                values[name] = kwargs.pop(name)
            elif default is not dataclasses.MISSING:
                values[name] = default
            elif factory is not dataclasses.MISSING:
                values[name] = factory()
            else:
                raise TypeError(f"{cls.__qualname__}.__init__() missing 1 required argument: "
                                f"{name!r}")
        if kwargs:
            raise TypeError(f"{cls.__qualname__}.__init__() got an unexpected keyword "
                            f"argument {next(iter(kwargs))!r}")
        object.__setattr__(self, "__dict__", values)
        post_init = getattr(self, "__post_init__", None)
        if post_init is not None:
            post_init()
