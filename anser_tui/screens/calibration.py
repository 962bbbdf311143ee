"""The calibration screen (`K` on the review screen, "calibration: open" in the palette).

For one scope (all, group:..., run:..., reviewer:...) and one dimension (each criterion key and
"score"): the agreement statistics, the corrected scores with their intervals, the estimator and
its lambda, the reviews still needed for the target width and the interval after so many
reviews (how it narrowed as they came in), a judge-versus-human heat map, the signed bias by judge
value, and the agreement and its interval width over review order. `c` compares two judges on
the same human labels (`screens.judge_compare`). The report (with its
bootstrap) is computed in a thread worker (`screens.computed_screen`). It is computed again when
the screen comes back into view (after a review) and on `r`. Undefined statistics show "—".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Static
from textual_plotext import PlotextPlot

from anser_tui.calibration.view import CalibrationView, calibration_view
from anser_tui.scoring.corrected import Estimator, Method
from anser_tui.screens.computed_screen import ComputedScreen, choice_bindings
from anser_tui.widgets.key_bar import KeyBar
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace.store import WorkspaceStore

NONE = "—"
_STATS = [("n", "n"), ("exact_agreement", "exact agreement"),
          ("within_1_agreement", "within-1 agreement"), ("mae", "mean abs. error"),
          ("bias", "bias (judge − human)"), ("bias_ci", "bias 95% CI"),
          ("pearson", "Pearson r"), ("spearman", "Spearman ρ"),
          ("quadratic_kappa", "quadratic κ"), ("kappa", "Cohen κ"), ("kappa_ci", "κ 95% CI"),
          ("alpha", "Krippendorff α"), ("false_positive_rate", "false positive rate"),
          ("false_negative_rate", "false negative rate")]


def fmt(value: Any) -> str:
    """A statistic as shown: "—" when undefined, intervals as [lo, hi]."""
    if value is None:
        return NONE
    if isinstance(value, list | tuple):
        return f"[{fmt(value[0])}, {fmt(value[1])}]"
    if isinstance(value, int):
        return str(value)
    return f"{float(value):.3f}"


def stats_body(row: dict[str, Any] | None) -> Text:
    if row is None:
        return Text("No pairs yet for this scope and dimension: every statistic is —.",
                    style="tui.muted")
    out = Text()
    for key, label in _STATS:
        if key in row:
            out.append(f"{label:<22}", style="tui.muted")
            out.append(f"{fmt(row[key])}\n")
    return out


def corrected_body(view: CalibrationView) -> Text:
    out = Text()
    width = view.report.target_width
    out.append(f"target 95% width {width:g} points\n", style="tui.muted")
    for entry in view.report.corrected:
        data = entry.to_json()
        out.append(f"{entry.scope}\n", style="tui.accent")
        out.append(f"  judge {fmt(data['judge_mean'])} · corrected "
                   f"{fmt(data['corrected_mean'])} {fmt(data['ci'])}\n")
        needed = entry.reviews_needed
        out.append(f"  {data['n_reviewed']}/{data['n_items']} reviewed · width "
                   f"{fmt(entry.ci_width)} · reviews still needed "
                   f"{NONE if needed is None else needed}\n")
        lam = data["lambda"]
        if data["corrected_mean"] is not None:
            out.append(f"  {data['estimator']}, lambda {fmt_lambda(lam)}"
                       f"{', finite population' if data['finite_population'] else ''}\n",
                       style="tui.muted")
        narrowing = entry.narrowing()
        if narrowing:
            out.append("  interval by reviews: ", style="tui.muted")
            out.append(" · ".join(f"{k} {fmt(list(ci))}" for k, ci in narrowing) + "\n")
        if entry.note:
            out.append(f"  {entry.note}\n", style="tui.muted")
    return out


def fmt_lambda(lam: Any) -> str:
    """One lambda, or a stratified mean's per stratum ("a 0.812, b 1.000")."""
    if isinstance(lam, dict):
        return ", ".join(f"{name} {fmt(value)}" for name, value in lam.items())
    return fmt(lam)


def heat_map(labels: Sequence[str], counts: Sequence[Sequence[int]]) -> Text:
    """Rows: the human value (highest first); columns: the judge's (docs/calibration.md's
    `confusion[h][j]`); shaded by count. "human" heads the row labels, "← judge" ends the
    column labels' line, and a last line says it in words (the screen keeps the panel as wide
    as the table, so no label wraps away from its axis)."""
    top = max((c for row in counts for c in row), default=0)
    cell = max(5, *(len(lb) + 1 for lb in labels))
    side = max(7, *(len(lb) + 1 for lb in labels))
    out = Text()
    out.append(f"{'human':<{side}}" + "".join(f"{lb:>{cell}}" for lb in labels) +
               "  ← judge\n", style="tui.muted")
    for h in reversed(range(len(labels))):
        out.append(f"{labels[h]:<{side}}", style="tui.muted")
        for j, count in enumerate(counts[h]):
            level = 0 if not count or not top else 1 + round(3 * count / top)
            style = f"tui.heat{level}" + (" bold" if h == j else "")
            out.append(f"{count:>{cell}}", style=style)
        out.append("\n")
    out.append("rows: human value · columns: judge value", style="tui.muted")
    return out


class CalibrationScreen(ComputedScreen[CalibrationView]):
    TITLE, FAILED, STATUS = "Calibration", "Calibration failed", "cal-status"
    DEFAULT_CSS = """
    CalibrationScreen {
        layout: vertical;
    }
    #cal-status {
        height: 1;
        background: $panel;
        padding: 0 1;
    }
    #cal-top {
        height: 1fr;
    }
    #cal-plots {
        height: 1fr;
        min-height: 10;
    }
    #cal-stats, #cal-corrected, #cal-confusion, #cal-bias, #cal-order {
        width: 1fr;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="calibration.close"),
        *choice_bindings("calibration"),
        Binding("r", "recompute", "Recompute", id="calibration.recompute"),
        Binding("c", "app.open_comparison", "Compare judges",
                id="calibration.compare-judges"),
    ]

    def compose(self) -> ComposeResult:
        yield Static(id="cal-status", markup=False)
        with Horizontal(id="cal-top"):
            yield TextPanel("Statistics", id="cal-stats")
            yield TextPanel("Corrected scores", id="cal-corrected")
        with Horizontal(id="cal-plots"):
            yield TextPanel("Judge vs human", id="cal-confusion")
            yield PlotextPlot(id="cal-bias")
            yield PlotextPlot(id="cal-order")
        yield KeyBar()

    def on_screen_resume(self) -> None:
        if self.view is not None:  # back from another screen: decisions may have arrived
            self.recompute()

    def action_recompute(self) -> None:
        self.recompute()

    def computation(self) -> Callable[[WorkspaceStore], CalibrationView]:
        runs, settings = self.runs, self.settings
        return lambda store: calibration_view(
            store, runs, seed=settings.seed, resamples=settings.resamples,
            target_width=settings.target_width,
            method=Method(Estimator(settings.estimator), settings.finite_population))

    def chosen_text(self) -> str:
        return f"{self.store.path.name}  ·  scope {self.scope}  ·  dimension {self.dimension}"

    def held_text(self, view: CalibrationView) -> str:
        n = len(view.chosen(self.scope, self.dimension))
        return f"{n} pair{'s' * (n != 1)} here"

    def redraw(self) -> None:
        self.show_status()
        view = self.view
        if view is None:
            return
        scope, dim = self.scope, self.dimension
        self.query_one("#cal-stats", TextPanel).show(
            stats_body(view.row(scope, dim)), title=f"Statistics · {scope} · {dim}")
        self.query_one("#cal-corrected", TextPanel).show(corrected_body(view))
        labels, counts = view.confusion(scope, dim)
        confusion = self.query_one("#cal-confusion", TextPanel)
        body = heat_map(labels, counts)
        # as wide as the table (its border, padding and scroll bar too): no line wraps
        confusion.styles.width = max(cell_len(line) for line in body.plain.split("\n")) + 5
        confusion.show(body, title=f"Judge vs human · {dim}")
        self._plot_bias(view)
        self._plot_order(view)

    def _plot_bias(self, view: CalibrationView) -> None:
        plot = self.fresh_plot("cal-bias")
        plt = plot.plt
        bins = view.bias_by_bin(self.scope, self.dimension)
        plt.title("bias (judge − human) by judge")  # short: a narrow plot drops a long one
        plt.xlabel("judge value (bin middle)")
        plt.ylabel("bias")
        if bins:  # bars at each bin's middle value: plotext places string labels by hash order
            plt.bar([b[3] for b in bins], [b[2] for b in bins])
            if not all(_numeric(b[0]) for b in bins):  # a grade's levels name its values
                plt.xticks([b[3] for b in bins], [b[0] for b in bins])
        plot.refresh()

    def _plot_order(self, view: CalibrationView) -> None:
        plot = self.fresh_plot("cal-order")
        plt = plot.plt
        points = view.over_review_order(self.scope, self.dimension)
        error = view.measures_error(self.dimension)
        what = "mean abs. error" if error else "exact agreement"
        plt.title(f"{what}, 95% width")
        plt.xlabel("reviews so far")
        plt.ylabel("MAE" if error else "agreement")
        if points:
            plt.plot([p.n for p in points], [p.agreement for p in points], label=what)
            widths = [p for p in points if p.width is not None]
            if widths:
                plt.plot([p.n for p in widths], [p.width or 0.0 for p in widths],
                         label="95% width")
        plot.refresh()


def _numeric(label: str) -> bool:
    """A bin named by numbers ("3", "20-40"), not by a grade's levels ("I/N")."""
    return label.replace("-", "").replace(".", "").replace("e", "").isdigit()
