"""The review card of one item as benchmark-neutral view models (no rich, no Textual).

A benchmark hands the review screen and `anser-tui show` what to show for one (run, task): the
task, the answer, the reference (ground truth or answer key; with a criterion list, each
criterion's details), what the judge said, the marks form and the keys it adds. Everything is
safe text: every string passes `neutralize` on the way in, and styles are hints (`Tone`) that
the widgets map to their theme. The screens lay out what they are handed and never ask which
benchmark handed it.

A section is a heading and a body. `inline` sections read "Heading: body" on screen; others put
the heading on its own line. A `folded` section is drawn as one line saying how long it is
until the reviewer unfolds it (`CardKey.UNFOLD`); plain text always shows it whole.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field
from enum import StrEnum

from anser_tui.core.text import neutralize
from anser_tui.core.value import Value
from anser_tui.workspace.records import Judgment, RunOutput
from anser_tui.workspace.tasks import Task


class Tone(StrEnum):
    """How a stretch of text is meant to look; the widgets map each to a theme style."""

    PLAIN = "plain"
    BOLD = "bold"
    ITALIC = "italic"
    MUTED = "muted"
    ACCENT = "accent"
    SUCCESS = "success"
    WARNING = "warning"
    ERROR = "error"


class Section(Value):
    """A heading and its body (safe text, kept whole; a widget wraps and pages it)."""

    heading: str
    body: str
    inline: bool = False  # "Heading: body" on one line
    folded: bool = False  # drawn folded until unfolded
    paged: bool = False  # a long body is drawn in pages, a rule between them
    tone: Tone = Tone.PLAIN  # the body's
    heading_tone: Tone = Tone.BOLD

    @classmethod
    def of(cls, heading: str, body: str, *, inline: bool = False, folded: bool = False,
           paged: bool = False, tone: Tone = Tone.PLAIN) -> Section:
        """A section of untrusted text, neutralised."""
        return cls(neutralize(heading), neutralize(body), inline, folded, paged, tone)


class Block(Value):
    """A titled panel's content: its sections in order."""

    title: str
    sections: tuple[Section, ...]
    subtitle: str = ""

    @classmethod
    def of(cls, title: str, sections: tuple[Section, ...], subtitle: str = "") -> Block:
        """A block whose title and subtitle (task ids, run names) are neutralised."""
        return cls(neutralize(title), sections, neutralize(subtitle))


class FormKind(StrEnum):
    """How the reviewer types marks: digits filling the criteria in order (Enter commits), or a
    list of criteria marked one at a time (met or not met, Enter commits when all are)."""

    SEQUENCE = "sequence"
    CRITERIA = "criteria"


class CardKey(StrEnum):
    """What a benchmark's card adds to the review keys (the screen binds each, by id)."""

    UNFOLD = "unfold"  # show folded sections whole
    FLIP = "flip"  # commit the judge's single verdict turned over
    DOCUMENTS = "documents"  # Enter with nothing typed opens the item's documents


class CardItem(Value):
    """What a card is built from: the task, the run's output and the current judgment."""

    task: Task
    run: str
    output: RunOutput | None
    judgment: Judgment | None


class ReviewCard(Value):
    """Every panel of one item, and how it is marked."""

    task: Block
    answer: Block
    reference: Block | None  # None: the benchmark has no reference answer (a criterion list)
    judge_said: tuple[Section, ...]  # what the judge's reply says, read; () when no judgment
    form: FormKind = FormKind.SEQUENCE
    keys: frozenset[CardKey] = frozenset()
    criteria: Mapping[str, Block] = field(default_factory=dict)  # a criterion list's details
    metric_units: Mapping[str, str] = field(default_factory=dict)  # {metric: "s"}

    def offers(self, key: CardKey) -> bool:
        return key in self.keys


def judge_reason(judgment: Judgment | None, explained: str | None = None) -> tuple[Section, ...]:
    """The judge's reason, or (none parsed) its raw output; `explained` says where the reason
    is instead (a benchmark whose judge explains each criterion)."""
    if judgment is None:
        return ()
    if judgment.reason:
        return (Section.of("Reason", judgment.reason),)
    if explained is not None and judgment.calls:
        return (Section("Reason", explained, tone=Tone.MUTED),)
    return (Section("Reason", "(none parsed) raw output:", tone=Tone.ITALIC),
            Section.of("", judgment.raw))


def plain_lines(sections: Sequence[Section]) -> list[str]:
    """Sections as plain text: each heading, its body indented two spaces, a blank line (a
    heading alone is one line; a body without heading continues the text above)."""
    lines: list[str] = []
    for section in sections:
        body = section.body.rstrip()
        if section.heading and not body:
            lines.append(section.heading)
            continue
        lines += [*([section.heading] if section.heading else []),
                  *("  " + line for line in (body or "(empty)").split("\n")), ""]
    return lines
