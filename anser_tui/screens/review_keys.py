"""The review screen's keys, each with an id (remapped under [keymap]) and a description.

DESIGN 7: n/p next/prev, a accept, digits fill the dimensions in order then Enter commits, r
reason, c comment, f flag, s skip, u undo, / filter, g go to; z gives the focused panel the
screen and back. Where the item's rubric has a number criterion, the digits 5-9, "." and "-"
are bound too (a number is typed as text, and Enter ends it). A benchmark's card adds its own
(e unfold, x flip); a criterion list has its own keys (widgets.criterion_list), and none of
them takes n or p, so next/prev stay reachable in every context.
"""

from __future__ import annotations

from textual.binding import Binding, BindingType

from anser_tui.benchmarks.card import CardKey, ReviewCard
from anser_tui.widgets.criterion_list import CriterionList
from anser_tui.widgets.evidence_table import EvidenceTable
from anser_tui.workspace.rubric import CriterionKind, Rubric

MARKS_SHOWN = "0-4"  # how the key bar shows the digit marks until an item's rubric says
MARKS = [Binding(str(d), f"mark({d})", "Marks", show=d == 0, key_display=MARKS_SHOWN,
                  id=f"review.mark-{d}") for d in range(5)]
NUMBER_KEYS = [*(Binding(str(d), f"number_key('{d}')", "Number", show=False,
                         id=f"review.number-{d}") for d in range(5, 10)),
               Binding("full_stop", "number_key('.')", "Decimal point", show=False,
                       key_display=".", id="review.number-point"),
               Binding("minus", "number_key('-')", "Minus sign", show=False, key_display="-",
                       id="review.number-minus")]


def marks_shown(rubric: Rubric | None) -> str:
    """The digits the rubric's marks take, as the key bar shows them: "0-4" for 0-4
    criteria, "0/1" for binary ones, "1-4" for grades of four levels, "0-9" with a number."""
    digits: set[int] = set()
    for criterion in rubric.criteria if rubric is not None else ():
        if criterion.kind is CriterionKind.SCALE_0_4:
            digits.update(range(5))
        elif criterion.kind is CriterionKind.BINARY:
            digits.update((0, 1))
        elif criterion.kind is CriterionKind.GRADE:
            digits.update(range(1, min(len(criterion.levels), len(MARKS) - 1) + 1))
        else:
            digits.update(range(10))
    if not digits:
        return MARKS_SHOWN
    low, high = min(digits), max(digits)
    return f"{low}/{high}" if len(digits) == 2 else f"{low}-{high}" if high > low else str(low)


# the actions a benchmark's card adds, by the key it names
CARD_ACTIONS = {"unfold": CardKey.UNFOLD, "flip": CardKey.FLIP}
SEQUENCE_ACTIONS = {"mark", "unmark"}  # digits typed in order: not with a criterion list
NUMBER_ACTION = "number_key"  # only where the rubric has a number criterion

REVIEW_BINDINGS: tuple[BindingType, ...] = (
    Binding("n", "next", "Next", id="review.next"),
    Binding("p", "previous", "Prev", id="review.previous"),
    Binding("a", "accept", "Accept", id="review.accept"),
    *MARKS,
    *NUMBER_KEYS,
    Binding("y", "mark(1)", "Met", show=False, id="review.mark-yes"),
    Binding("enter", "commit", "Commit", priority=True, id="review.commit"),
    Binding("backspace", "unmark", "Del mark", show=False, id="review.unmark"),
    Binding("escape", "clear_marks", "Clear", show=False, id="review.clear"),
    Binding("e", "unfold", "Unfold", id="review.unfold"),
    Binding("x", "flip", "Flip verdict", id="review.flip"),
    Binding("f", "flag", "Flag", id="review.flag"),
    Binding("s", "skip", "Skip", id="review.skip"),
    Binding("u", "undo", "Undo", id="review.undo"),
    Binding("r", "reason", "Reason", id="review.reason"),
    Binding("c", "comment", "Comment", id="review.comment"),
    Binding("g", "go_to", "Go to", id="review.go-to"),
    Binding("l", "toggle_queue", "Queue", id="review.queue"),
    Binding("z", "zoom", "Zoom", id="review.zoom"),
    Binding("slash", "filter", "Filter", key_display="/", show=False, id="review.filter"),
    Binding("N", "jump('undecided')", "Next undecided", show=False,
            id="review.next-undecided"),
    Binding("F", "jump('flagged')", "Next flagged", show=False, id="review.next-flagged"),
    Binding("S", "jump('skipped')", "Next skipped", show=False, id="review.next-skipped"),
    Binding("D", "jump('disagreement')", "Next disagreement", show=False,
            id="review.next-disagreement"),
    Binding("K", "app.open_calibration", "Calibration", show=False,
            id="review.calibration"),
)


def bound(action: str, card: ReviewCard | None, criteria_form: bool,
          numbers: bool = False) -> bool:
    """Whether `action` is bound on an item with `card`: a card's own keys where it offers
    them, digits typed in order unless its criteria are a list, a number's keys where its
    rubric has a number criterion (`numbers`)."""
    if action in CARD_ACTIONS:
        return card is not None and card.offers(CARD_ACTIONS[action])
    if action in SEQUENCE_ACTIONS:
        return not criteria_form
    if action == NUMBER_ACTION:
        return numbers and not criteria_form
    return True


def key_areas(card: ReviewCard | None, criteria_form: bool, evidence: bool,
              numbers: bool = False) -> list[tuple[str, list[BindingType]]]:
    """The review keys an item binds, by area, for the help screen."""
    review = [b for b in REVIEW_BINDINGS
              if isinstance(b, Binding)
              and bound(b.action.split("(")[0], card, criteria_form, numbers)]
    areas: list[tuple[str, list[BindingType]]] = [("Review", list(review))]
    if criteria_form:
        areas.append(("Criteria", list(CriterionList.BINDINGS)))
    if evidence:
        from anser_tui.screens.document import DocumentScreen

        areas += [("Evidence tables", list(EvidenceTable.BINDINGS)),
                  ("Document", list(DocumentScreen.BINDINGS))]
    return areas
