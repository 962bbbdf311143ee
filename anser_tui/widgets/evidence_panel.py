"""Retrieved evidence against gold evidence: each row's title and its standing in the corpus.

An evidence list can hold thousands of ids, so both tables are virtual (EvidenceTable renders
only the lines on screen), only the first rows are looked up before the item shows, and the
rest are classified in a thread worker that posts its findings back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.worker import get_current_worker

from anser_tui.benchmarks.evidence import EvidenceSpace, EvidenceView
from anser_tui.core.text import neutralize
from anser_tui.corpora.documents import CorpusStatus, EvidenceNote
from anser_tui.corpora.library import CorpusLibrary
from anser_tui.widgets.evidence_table import EvidenceTable
from anser_tui.widgets.layout_ahead import Unscrolled, expect_vertical_scrollbar, laid_out_height

_NOTE_STYLE = {CorpusStatus.LEAKED: "tui.warning", CorpusStatus.NOT_IN_CORPUS: "tui.error",
               CorpusStatus.CROSS_CORPUS: "tui.accent", CorpusStatus.UNAVAILABLE: "dim"}
_PENDING = Text("…", style="dim")


class EvidenceEntry(NamedTuple):
    """One row of an evidence table, as the document screen steps through them."""

    id: str
    label: str  # "retrieved #3 · ✓ hit", "gold · ✗ missed"


class EvidencePanel(Horizontal, Unscrolled):
    """Two tables: what the system retrieved (ranked) and what it should have (gold). It
    draws blank lines in its background (`BLANK`): its two tables cover it whole."""

    BLANK = True

    DEFAULT_CSS = """
    EvidencePanel { height: 12; }
    EvidencePanel.-zoomed { height: 1fr !important; max-height: 100% !important; }
    EvidencePanel > EvidenceTable {
        width: 1fr;
        height: 1fr;
        border: round $panel-lighten-2;
        border-title-color: $text-accent;
        scrollbar-size-vertical: 1;
    }
    EvidencePanel > EvidenceTable:focus { border: heavy $accent; border-title-style: bold reverse; }
    """
    FIRST: ClassVar[int] = 20  # rows looked up before the item shows

    @dataclass
    class OpenRequested(Message):
        """Enter on an evidence row: open its document (and step through the table's rows)."""

        library: CorpusLibrary
        space: EvidenceSpace
        entries: list[EvidenceEntry]
        index: int
        query: str

    @dataclass
    class Classified(Message):
        """A worker looked up a batch of ids."""

        token: int
        notes: dict[str, EvidenceNote] = field(default_factory=dict)
        done: bool = False

    def __init__(self, library: CorpusLibrary | None = None, *, id: str | None = None,
                 classes: str | None = None):
        """`library`: the corpora the rows are looked up in (None: ids only)."""
        super().__init__(id=id, classes=classes)
        self.library = library
        self.diff: EvidenceView | None = None
        self.query_text = ""
        self.notes: dict[str, EvidenceNote] = {}
        self._token = 0
        self._complete = False

    def compose(self) -> ComposeResult:
        yield EvidenceTable([("rank", 4), ("id", 18), ("status", 22), ("title", 0)],
                            id="retrieved")
        yield EvidenceTable([("id", 18), ("status", 22), ("title", 0)], id="gold")

    @property
    def retrieved_table(self) -> EvidenceTable:
        return self.query_one("#retrieved", EvidenceTable)

    @property
    def gold_table(self) -> EvidenceTable:
        return self.query_one("#gold", EvidenceTable)

    # -- showing ---------------------------------------------------------------------------
    def show(self, diff: EvidenceView, query: str = "") -> None:
        self.diff = diff
        self.query_text = query
        self._token += 1
        self._complete = False
        self.notes = {}
        library = self.library
        if library is not None:
            first = [*(r.id for r in diff.retrieved[:self.FIRST]),
                     *(g.id for g in diff.gold[:self.FIRST])]
            self.notes = library.classify(diff.space, first)
            ids = dict.fromkeys([*(r.id for r in diff.retrieved), *diff.gold_ids])
            rest = [i for i in ids if i not in self.notes]
            if rest:  # after the first paint, so the worker does not slow it down
                self.call_after_refresh(self._classify, self._token, library, rest)
            else:
                self._complete = True
        self._fit_columns()
        # as tall as its longer table (a header and two borders too); the screen caps it
        rows = max(len(diff.retrieved), len(diff.gold), 2) + 3
        if self.styles.height is None or self.styles.height.value != rows:
            self.styles.height = rows
        self.retrieved_table.show(len(diff.retrieved), self._retrieved_cells)
        self.gold_table.show(len(diff.gold), self._gold_cells)
        height = laid_out_height(self)  # the tables' scroll bars decided for it now
        if height is not None:
            expect_vertical_scrollbar(self.retrieved_table, len(diff.retrieved) + 1, height)
            expect_vertical_scrollbar(self.gold_table, len(diff.gold) + 1, height)
        self._titles()

    def _fit_columns(self) -> None:
        """Id and status columns as wide as their first rows need (within limits), so the
        title column keeps the rest."""
        diff = self.diff
        assert diff is not None
        head = [*diff.retrieved[:200]]
        rank = max(4, len(str(len(diff.retrieved))))
        ids = [r.id for r in head] + diff.gold_ids[:200]
        id_width = min(24, max([4, *(cell_len(neutralize(i)) for i in ids)]))
        statuses = [self._retrieved_status(i).cell_len for i in range(len(head))]
        statuses += [self._gold_status(i).cell_len for i in range(min(200, len(diff.gold)))]
        status_width = min(24, max([14, *statuses]))
        self.retrieved_table.columns = [("rank", rank), ("id", id_width),
                                        ("status", status_width), ("title", 0)]
        self.gold_table.columns = [("id", id_width), ("status", status_width), ("title", 0)]

    def _retrieved_cells(self, index: int) -> list[Text]:
        assert self.diff is not None
        row = self.diff.retrieved[index]
        rank = Text("dup", style="dim") if row.rank is None else Text(str(row.rank))
        return [rank, Text(neutralize(row.id)), self._retrieved_status(index),
                self._title(row.id)]

    def _retrieved_status(self, index: int) -> Text:
        """A retrieved row's status cell (the columns are fitted to these alone)."""
        assert self.diff is not None
        row = self.diff.retrieved[index]
        if row.rank is None:
            return Text(f"repeat of #{row.duplicate_of}", "dim")
        base = ("✓ hit", "tui.success") if row.hit else ("✗ miss", "tui.error")
        return self._status(row.id, row.hit, base)

    def _gold_cells(self, index: int) -> list[Text]:
        assert self.diff is not None
        gold = self.diff.gold[index]
        return [Text(neutralize(gold.id)), self._gold_status(index), self._title(gold.id)]

    def _gold_status(self, index: int) -> Text:
        assert self.diff is not None
        gold = self.diff.gold[index]
        base = ((f"✓ retrieved @{gold.rank}", "tui.success") if gold.rank is not None
                else ("✗ missed", "tui.error"))
        return self._status(gold.id, gold.rank is not None, base)

    def _title(self, evidence: str) -> Text:
        note = self.notes.get(evidence)
        if note is None:
            return _PENDING
        if note.status is CorpusStatus.UNAVAILABLE:
            return Text(note.label, style="dim italic")
        return Text(neutralize(note.title),
                    style="dim" if note.status is CorpusStatus.CROSS_CORPUS else "")

    def _status(self, evidence: str, good: bool, base: tuple[str, str]) -> Text:
        """Hit or miss (retrieved or missed, for gold), unless the corpus has more to say: not
        in corpus and cross-corpus ids are misses, a leaked record is flagged whatever it is."""
        note = self.notes.get(evidence)
        if note is None or not note.label or note.status is CorpusStatus.UNAVAILABLE:
            return Text(*base)
        style = _NOTE_STYLE.get(note.status, "")
        if note.status is CorpusStatus.LEAKED:
            return Text(f"{note.label} {'✓' if good else '✗'}", style=style)
        return Text(f"{'✓' if good else '✗'} {note.label}", style=style)

    def _titles(self) -> None:
        diff = self.diff
        if diff is None:
            return
        found = sum(1 for g in diff.gold if g.rank is not None)
        counts = ""
        if self.notes:
            ranked = diff.ranked_ids
            parts = [f"{n} {what}" for n, what in (
                (self._count(ranked, CorpusStatus.LEAKED), "leaked"),
                (self._count(ranked, CorpusStatus.NOT_IN_CORPUS), "not in corpus"),
                (self._count(ranked, CorpusStatus.CROSS_CORPUS), "cross-corpus")) if n]
            counts = "".join(f", {p}" for p in parts) + ("" if self._complete else ", …")
        self.retrieved_table.border_title = (f"Retrieved ({len(diff.ranked_ids)}, "
                                             f"{diff.n_hits} hits{counts})")
        self.gold_table.border_title = (f"Gold ({len(diff.gold)}, {found} retrieved) · "
                                        f"{diff.space.corpus}")

    def _count(self, ids: list[str], status: CorpusStatus) -> int:
        return sum(1 for i in ids if (n := self.notes.get(i)) is not None and n.status is status)

    # -- background lookups ----------------------------------------------------------------
    @work(thread=True, exclusive=True, group="evidence")
    def _classify(self, token: int, library: CorpusLibrary, ids: list[str]) -> None:
        worker = get_current_worker()
        diff = self.diff
        assert diff is not None
        for start in range(0, len(ids), 500):
            if worker.is_cancelled:
                return
            notes = library.classify(diff.space, ids[start:start + 500])
            self.post_message(self.Classified(token, notes, start + 500 >= len(ids)))

    @on(Classified)
    def _classified(self, event: Classified) -> None:
        if event.token != self._token:
            return
        self.notes.update(event.notes)
        self._complete = event.done
        self.retrieved_table.invalidate()
        self.gold_table.invalidate()
        self._titles()

    # -- opening ---------------------------------------------------------------------------
    def entries(self, table_id: str) -> list[EvidenceEntry]:
        """The rows of a table as the document screen steps through them."""
        diff = self.diff
        if diff is None:
            return []
        if table_id == "retrieved":
            return [EvidenceEntry(r.id, f"retrieved #{r.rank} · {'✓ hit' if r.hit else '✗ miss'}"
                                  if r.rank is not None else f"retrieved, repeat of "
                                  f"#{r.duplicate_of}") for r in diff.retrieved]
        return [EvidenceEntry(g.id, f"gold · ✓ retrieved @{g.rank}" if g.rank is not None
                              else "gold · ✗ missed") for g in diff.gold]

    def focused_table(self) -> EvidenceTable | None:
        """The evidence table with focus if it has rows, else the first table that has rows
        (Enter on an empty retrieved list opens the gold evidence)."""
        focused = self.screen.focused
        tables = list(self.query(EvidenceTable))
        if isinstance(focused, EvidenceTable) and focused in tables and focused.count:
            return focused
        return next((t for t in tables if t.count), None)

    def open_highlighted(self) -> bool:
        """Ask for the document of the highlighted row (`OpenRequested`, which the screen
        answers by pushing the document screen); False when there is none to open."""
        table = self.focused_table()
        library = self.library
        if table is None or not table.count or self.diff is None or library is None:
            self.notify("No evidence row to open.", timeout=2)
            return False
        self.post_message(self.OpenRequested(library, self.diff.space,
                                             self.entries(table.id or ""), table.cursor,
                                             self.query_text))
        return True
