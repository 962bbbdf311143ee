"""What the calibration and judge-comparison screens share: a view computed in a thread worker,
shown for one scope and one dimension chosen with `s`/`S` and `d`/`D`.

`recompute` asks for the view again: the subclass's `computation` is called on the screen's
thread and returns what the worker runs on its own store connection (sqlite objects belong to
the thread that made them), so that what it computes is what was asked at that moment. The
worker posts `Computed`; an answer to an older request than the latest is dropped, an error
is shown in a toast and never raised into the screen. The status line names the screen, what
the subclass says is chosen, and "computing…" or what the chosen scope and dimension hold.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from rich.text import Text
from textual import on, work
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static
from textual_plotext import PlotextPlot

from anser_tui.core.settings import CalibrationSettings
from anser_tui.workspace.store import WorkspaceStore


class ScopedView(Protocol):
    @property
    def scopes(self) -> Sequence[str]: ...

    @property
    def dimensions(self) -> Sequence[str]: ...


V = TypeVar("V", bound=ScopedView)


def next_choice(choices: Sequence[str], current: str, step: int) -> str | None:
    """The choice `step` places from `current` (round the list; from its first or last when
    `current` is not among them); None when there is none."""
    if not choices:
        return None
    at = choices.index(current) if current in choices else -step
    return choices[(at + step) % len(choices)]


def choice_bindings(screen: str) -> list[BindingType]:
    """`s`/`S` and `d`/`D`: the next and previous scope and dimension (`action_cycle`), with
    ids under the screen's name."""
    return [
        Binding("s", "cycle('scope', 1)", "Scope", id=f"{screen}.next-scope"),
        Binding("S", "cycle('scope', -1)", "Prev scope", show=False,
                id=f"{screen}.previous-scope"),
        Binding("d", "cycle('dimension', 1)", "Dimension", id=f"{screen}.next-dimension"),
        Binding("D", "cycle('dimension', -1)", "Prev dimension", show=False,
                id=f"{screen}.previous-dimension"),
    ]


class ComputedScreen(Screen[None], Generic[V]):
    TITLE: ClassVar[str]  # the status line's name of the screen
    FAILED: ClassVar[str]  # the toast's title when the computation fails
    STATUS: ClassVar[str]  # the id of the status line's Static

    @dataclass
    class Computed(Message):
        """The worker finished a view (`generation`: which request it answers)."""

        generation: int
        view: Any
        error: str | None = None

    def __init__(self, store: WorkspaceStore, runs: Sequence[str] | None,
                 settings: CalibrationSettings):
        super().__init__()
        self.store, self.runs, self.settings = store, list(runs) if runs else None, settings
        self.scope, self.dimension = "all", "score"
        self.view: V | None = None
        self.computing = False
        self._generation = 0

    # -- what a subclass gives -----------------------------------------------------------
    def computation(self) -> Callable[[WorkspaceStore], V]:
        """What the worker computes, given its own store (called on the screen's thread)."""
        raise NotImplementedError

    def chosen_text(self) -> str:
        """What is chosen, for the status line."""
        raise NotImplementedError

    def held_text(self, view: V) -> str:
        """What the chosen scope and dimension hold ("12 pairs here")."""
        raise NotImplementedError

    def redraw(self) -> None:
        raise NotImplementedError

    # -- computing -----------------------------------------------------------------------
    def on_mount(self) -> None:
        self.recompute()

    def recompute(self) -> None:
        self._generation += 1
        self.computing = True
        self.show_status()
        self._compute(self._generation, self.computation())

    @work(thread=True, exclusive=True, group="computed", exit_on_error=False)
    def _compute(self, generation: int, compute: Callable[[WorkspaceStore], V]) -> None:
        store = self.store.reopen()
        try:
            view = compute(store)
        except Exception as exc:  # shown on the screen, never raised into it
            self.post_message(self.Computed(generation, None, str(exc)))
            return
        finally:
            store.close()
        self.post_message(self.Computed(generation, view))

    @on(Computed)
    def _computed(self, message: Computed) -> None:
        if message.generation != self._generation:
            return  # an older request's answer: a newer one is on its way
        self.computing = False
        if message.error is not None:
            self.notify(message.error, title=self.FAILED, severity="error", markup=False)
        else:
            self.view = message.view
        self.redraw()

    # -- choosing ------------------------------------------------------------------------
    def action_cycle(self, what: str, step: int) -> None:
        view = self.view
        if view is None:
            return
        chosen = next_choice(view.scopes if what == "scope" else view.dimensions,
                             getattr(self, what), step)
        if chosen is not None:
            setattr(self, what, chosen)
            self.redraw()

    def action_close(self) -> None:
        self.dismiss()

    # -- showing -------------------------------------------------------------------------
    def show_status(self) -> None:
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(f" {self.TITLE} ", style="bold reverse")
        line.append(f"  {self.chosen_text()}")
        if self.computing:
            line.append("  ·  computing…", style="tui.warning")
        elif self.view is not None:
            line.append(f"  ·  {self.held_text(self.view)}", style="tui.muted")
        self.query_one(f"#{self.STATUS}", Static).update(line)

    def fresh_plot(self, plot_id: str) -> PlotextPlot:
        """The plot of that id, emptied of its data and figure settings."""
        plot = self.query_one(f"#{plot_id}", PlotextPlot)
        plot.plt.clear_data()
        plot.plt.clear_figure()
        return plot
