"""Two judges compared on the same human labels (`c` on the calibration screen, "calibration:
compare judges" in the palette): `calibration --compare A,B` on the screen.

For one scope, a row per dimension and compared statistic: judge A's value, judge B's, the
difference B - A and its paired bootstrap 95% interval (contexts resampled), McNemar's exact p
on binary dimensions; the chosen dimension's rows stand out. Beside it (below, on a narrow
screen), both judges against the human values on the chosen dimension: each judge's mean value
per human value (the 0-100 score in 20-point bins), and the line a judge agreeing with the
humans would follow. `a` and `b` choose judges A and B among the runs' judges (never the same
one), `s` and `d` the scope and dimension. The comparison (with its bootstrap) is computed in
a thread worker (`screens.computed_screen`), again whenever a judge changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container
from textual.widgets import Static
from textual_plotext import PlotextPlot

from anser_tui.calibration.compare_view import ComparisonView, comparison_view
from anser_tui.core.settings import CalibrationSettings
from anser_tui.screens.computed_screen import ComputedScreen, choice_bindings
from anser_tui.widgets.key_bar import KeyBar
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace.store import WorkspaceStore

NONE = "—"
LABELS = {"quadratic_kappa": "quad. κ", "kappa": "Cohen κ", "mae": "MAE",
          "exact_agreement": "exact agr.", "accuracy": "accuracy"}
ROW_KEY = {"accuracy": "exact_agreement"}  # a delta's statistic as a calibration row names it
DIMENSION_WIDTH = 24
VALUE_WIDTH = 8


def _value(value: float | None) -> str:
    return NONE if value is None else f"{value:.3f}"


def _signed(value: float | None) -> str:
    return NONE if value is None else f"{value:+.3f}"


def _interval(ci: Sequence[float] | None) -> str:
    return NONE if ci is None else f"[{ci[0]:+.3f}, {ci[1]:+.3f}]"


def _cut(name: str, width: int) -> str:
    return name if len(name) <= width else name[:width - 1] + "…"


def comparison_table(view: ComparisonView, scope: str, dimension: str) -> Text:
    """The scope's rows (see the module); the chosen dimension's in the accent style. The
    McNemar column only where a dimension is binary."""
    rows = view.rows(scope)
    if not rows:
        return Text("No item here was judged by both judges and settled by a human.",
                    style="tui.muted")
    binary = any(e["mcnemar_p"] is not None for e in rows)
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append(f"{'dimension':<{DIMENSION_WIDTH}} {'n':>4}  {'statistic':<10} "
               f"{'A':>{VALUE_WIDTH}} {'B':>{VALUE_WIDTH}} {'B − A':>{VALUE_WIDTH}}  "
               f"{'95% CI':<18}{' McNemar' if binary else ''}\n", style="tui.muted")
    for entry in rows:
        style = "tui.accent" if entry["dimension"] == dimension else ""
        for i, (statistic, delta) in enumerate(entry["delta"].items()):
            key = ROW_KEY.get(statistic, statistic)
            a, b = (entry["judges"][name].get(key) for name in (view.a, view.b))
            label = _cut(entry["dimension"], DIMENSION_WIDTH) if i == 0 else ""
            n = str(entry["n"]) if i == 0 else ""
            p = f" {_value(entry['mcnemar_p'])}" if i == 0 and binary else ""
            out.append(f"{label:<{DIMENSION_WIDTH}} {n:>4}  {LABELS.get(statistic, statistic):<10} "
                       f"{_value(a):>{VALUE_WIDTH}} {_value(b):>{VALUE_WIDTH}} "
                       f"{_signed(delta):>{VALUE_WIDTH}}  "
                       f"{_interval(entry['delta_ci'][statistic]):<18}{p}\n", style=style)
    out.append(f"A = {view.a} · B = {view.b} · on the items both judged and a human settled; "
               "intervals: paired bootstrap, contexts resampled", style="tui.muted")
    return out


class JudgeCompareScreen(ComputedScreen[ComparisonView]):
    TITLE, FAILED, STATUS = "Judges compared", "Comparison failed", "cmp-status"
    DEFAULT_CSS = """
    JudgeCompareScreen {
        layout: vertical;
    }
    #cmp-status {
        height: 1;
        background: $panel;
        padding: 0 1;
    }
    #cmp-body {
        height: 1fr;
        layout: vertical;
    }
    JudgeCompareScreen.-wide #cmp-body {
        layout: horizontal;
    }
    #cmp-table {
        height: auto;
        max-height: 60%;
    }
    JudgeCompareScreen.-wide #cmp-table {
        width: 104;
        height: 1fr;
        max-height: 100%;
    }
    #cmp-plot {
        height: 1fr;
        min-height: 8;
    }
    """
    # side by side from 140 wide; a list, as Textual's Screen declares it (not a ClassVar)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (140, "-wide")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="compare.close"),
        Binding("a", "judge('a')", "Judge A", id="compare.next-judge-a"),
        Binding("b", "judge('b')", "Judge B", id="compare.next-judge-b"),
        *choice_bindings("compare"),
    ]

    def __init__(self, store: WorkspaceStore, runs: Sequence[str] | None,
                 settings: CalibrationSettings, judges: Sequence[str]):
        super().__init__(store, runs, settings)
        self.judges = list(judges)
        self.a, self.b = self.judges[0], self.judges[1]

    def compose(self) -> ComposeResult:
        yield Static(id="cmp-status", markup=False)
        with Container(id="cmp-body"):
            yield TextPanel("Judges compared", id="cmp-table")
            yield PlotextPlot(id="cmp-plot")
        yield KeyBar()

    def computation(self) -> Callable[[WorkspaceStore], ComparisonView]:
        a, b, runs, settings = self.a, self.b, self.runs, self.settings
        return lambda store: comparison_view(store, a, b, runs, seed=settings.seed,
                                             resamples=settings.resamples)

    def chosen_text(self) -> str:
        return f"A {self.a}  ·  B {self.b}  ·  scope {self.scope}  ·  dimension {self.dimension}"

    def held_text(self, view: ComparisonView) -> str:
        entry = view.entry(self.scope, self.dimension)
        n = entry["n"] if entry else 0
        return f"{n} item{'s' * (n != 1)} here"

    # -- choosing ------------------------------------------------------------------------
    def action_judge(self, side: str) -> None:
        """The next judge for A or B, skipping the other side's."""
        current, other = (self.a, self.b) if side == "a" else (self.b, self.a)
        at = self.judges.index(current)
        for step in range(1, len(self.judges)):
            chosen = self.judges[(at + step) % len(self.judges)]
            if chosen != other:
                break
        else:
            return
        if side == "a":
            self.a = chosen
        else:
            self.b = chosen
        self.recompute()

    def redraw(self) -> None:
        self.show_status()
        view = self.view
        if view is None:
            return
        self.query_one("#cmp-table", TextPanel).show(
            comparison_table(view, self.scope, self.dimension),
            title=f"Judges compared · {self.scope}")
        self._plot(view)

    def _plot(self, view: ComparisonView) -> None:
        plot = self.fresh_plot("cmp-plot")
        plt = plot.plt
        bins = view.against_human(self.scope, self.dimension)
        plt.title(f"judges vs human · {self.dimension}")
        plt.xlabel("human value")
        plt.ylabel("judge mean")
        if bins:
            xs = [b.middle for b in bins]
            plt.plot(xs, xs, label="= human", color="gray")
            plt.plot(xs, [b.mean_a for b in bins], label=f"A {view.a}")
            plt.plot(xs, [b.mean_b for b in bins], label=f"B {view.b}")
            plt.xticks(xs, [b.label for b in bins])
        plot.refresh()
