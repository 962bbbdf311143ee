"""An item of review: one (run, task) pair.

A named tuple, not a frozen dataclass: a queue makes thousands at once (2,754 at every resume
of a full-scale session), and a tuple is made and hashed in C, where a frozen dataclass sets each
field through `object.__setattr__` and hashes a tuple it builds each time; the class itself is
made without compiling the six methods a frozen dataclass generates at import.
"""

from __future__ import annotations

from typing import NamedTuple


class Item(NamedTuple):
    run: str
    task_id: str
