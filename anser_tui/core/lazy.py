"""Lazy re-exports for package `__init__` modules.

A package's `__init__` names its public objects and the module each lives in; the module is
imported the first time one of its names is asked for. Importing one submodule of a package
(say one benchmark's evidence diff, for the review screen) then no longer imports every
sibling, which kept the review screen's start-up waiting on modules it does not use.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(package: str, exports: Mapping[str, str]) -> Callable[[str], Any]:
    """A module `__getattr__` that imports `package.<exports[name]>` on first use."""

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{package}.{module}"), name)

    return __getattr__
