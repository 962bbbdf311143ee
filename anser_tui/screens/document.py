"""The document screen: one evidence unit rendered from its corpus, the query's terms marked.

n/p step through the evidence rows of the table it was opened from, / searches the text,
Esc closes the search, then the screen.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Static

from anser_tui.benchmarks.evidence import EvidenceSpace
from anser_tui.core.text import neutralize
from anser_tui.corpora.documents import CorpusStatus, Document, EvidenceNote
from anser_tui.corpora.library import CorpusLibrary
from anser_tui.corpora.terms import query_terms, term_pattern
from anser_tui.widgets.evidence_panel import EvidenceEntry
from anser_tui.widgets.key_bar import KeyBar
from anser_tui.widgets.render import safe

TERM_STYLE = "tui.term"
MATCH_STYLE = "reverse bold"


def document_body(document: Document) -> Text:
    """A document's sections as one Text: headings bold, every string neutralised."""
    body = Text()
    for i, section in enumerate(document.sections):
        if i:
            body.append("\n\n")
        if section.heading:
            body.append(neutralize(section.heading), style="bold")
            body.append("\n")
        body.append(neutralize(section.text))
    return body


def fields_table(document: Document) -> Table:
    """The key fields, two label/value pairs a row (Text cells: a str cell would be markup)."""
    table = Table(box=None, show_header=False, pad_edge=False, expand=True)
    for _ in range(2):
        table.add_column(style="bold", no_wrap=True, ratio=None)
        table.add_column(ratio=1, overflow="fold")
    pairs = [(safe(k), safe(v)) for k, v in document.fields]
    for i in range(0, len(pairs), 2):
        row = [cell for pair in pairs[i:i + 2] for cell in pair]
        table.add_row(*row, *([""] * (4 - len(row))))
    return table


class DocumentScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "next_evidence", "Next evidence", id="document.next"),
        Binding("p", "previous_evidence", "Prev evidence", id="document.previous"),
        Binding("slash", "search", "Search", key_display="/", id="document.search"),
        Binding("escape", "back", "Back", id="document.back"),
    ]
    DEFAULT_CSS = """
    DocumentScreen { layout: vertical; }
    DocumentScreen #doc-header { height: auto; padding: 0 1; background: $panel; }
    DocumentScreen #doc-fields {
        height: auto; max-height: 12; padding: 0 1;
        border: round $panel-lighten-2; border-title-color: $text-accent;
    }
    DocumentScreen #doc-scroll {
        height: 1fr; padding: 0 1;
        border: round $panel-lighten-2; border-title-color: $text-accent;
    }
    DocumentScreen #doc-scroll:focus { border: heavy $accent; }
    DocumentScreen #doc-search { display: none; }
    DocumentScreen.searching #doc-search { display: block; }
    """

    NAME = "document"  # installed once and reused: mounting a screen costs more than a lookup

    def __init__(self, library: CorpusLibrary, space: EvidenceSpace,
                 entries: list[EvidenceEntry], index: int = 0, query: str = ""):
        super().__init__()
        self.load(library, space, entries, index, query)
        self.document: Document | None = None
        self.note: EvidenceNote | None = None
        self.body = Text()
        self.matches: list[int] = []
        self.match_index = -1

    def compose(self) -> ComposeResult:
        yield Static(id="doc-header", markup=False)
        yield Static(id="doc-fields", markup=False)
        with VerticalScroll(id="doc-scroll"):
            yield Static(id="doc-body", markup=False)
        yield Input(placeholder="search the document (Enter: next match, Esc: close)",
                    id="doc-search")
        yield KeyBar()

    def load(self, library: CorpusLibrary, space: EvidenceSpace, entries: list[EvidenceEntry],
             index: int = 0, query: str = "") -> None:
        """What to show: the rows of one evidence table, starting at `index`."""
        self.library = library
        self.space = space
        self.entries = entries
        self.index = index
        self.pattern = term_pattern(query_terms(query))
        if self.is_mounted:
            self.remove_class("searching")
            self.query_one("#doc-search", Input).value = ""
            self.show_entry()
            self.query_one("#doc-scroll").focus()

    @classmethod
    def open(cls, app: App[object], library: CorpusLibrary, space: EvidenceSpace,
             entries: list[EvidenceEntry], index: int = 0, query: str = "") -> None:
        """Push the app's document screen, installing it on first use."""
        if app.is_screen_installed(cls.NAME):
            screen = app.get_screen(cls.NAME)
            assert isinstance(screen, DocumentScreen)
            screen.load(library, space, entries, index, query)
        else:
            app.install_screen(cls(library, space, entries, index, query), cls.NAME)
        app.push_screen(cls.NAME)

    def on_mount(self) -> None:
        self.show_entry()
        self.query_one("#doc-scroll").focus()

    # -- showing ---------------------------------------------------------------------------
    @property
    def entry(self) -> EvidenceEntry:
        return self.entries[self.index]

    def show_entry(self) -> None:
        entry = self.entry
        self.note = self.library.classify(self.space, [entry.id]).get(entry.id)
        document = self.library.lookup(self.space, entry.id)
        shown_from = self.space.corpus
        if document is None and self.note is not None and self.note.other:
            document = self.library.lookup(self.note.other, entry.id)
            shown_from = self.note.other
        self.document = document
        self.query_one("#doc-header", Static).update(self._header(shown_from))
        fields = self.query_one("#doc-fields", Static)
        scroll = self.query_one("#doc-scroll", VerticalScroll)
        if document is None:
            fields.display = False
            self.body = Text(self._absent(), style="italic")
            scroll.border_title = "Text"
        else:
            fields.display = bool(document.fields)
            fields.border_title = f"{shown_from} · {document.records} record" + (
                "s" if document.records != 1 else "")
            fields.update(fields_table(document))
            self.body = document_body(document)
            scroll.border_title = "Text" + (" · query terms marked" if self.pattern else "")
        self._search_changed(self.query_one("#doc-search", Input).value)
        scroll.scroll_home(animate=False)

    def _header(self, shown_from: str) -> Group:
        entry = self.entry
        title = Text(no_wrap=True, overflow="ellipsis")
        title.append(neutralize(self.document.title if self.document else entry.id),
                     style="bold")
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(f"{self.space.corpus} · {self.space.key} ")
        line.append(neutralize(entry.id), style="bold")
        line.append(f" · {neutralize(entry.label)} · {self.index + 1}/{len(self.entries)}")
        parts: list[Text] = [title, line]
        note = self.note
        if note is not None and note.status is CorpusStatus.LEAKED:
            parts.append(Text("⚠ leaked ground_truth: a finance record with split = "
                              "\"ground_truth\" that a system must never retrieve",
                              style="tui.warning"))
        elif note is not None and note.status is CorpusStatus.CROSS_CORPUS:
            parts.append(Text(f"cross-corpus: not in {self.space.corpus}; this is the "
                              f"{shown_from} record with that id", style="tui.accent"))
        return Group(*parts)

    def _absent(self) -> str:
        note = self.note
        if note is not None and note.status is CorpusStatus.UNAVAILABLE:
            why = self.library.errors.get(self.space.corpus, "")
            return f"The {self.space.corpus} corpus cannot be read: {neutralize(why)}"
        return (f"not in corpus: {neutralize(self.entry.id)} is not a {self.space.key} in "
                f"{self.space.corpus} ({self.space.path}), nor in another key space. "
                "It counts as a miss at its rank.")

    def _render_body(self) -> None:
        text = self.body.copy()
        if self.pattern is not None:
            text.highlight_regex(self.pattern, TERM_STYLE)
        needle = self.query_one("#doc-search", Input).value
        for i, start in enumerate(self.matches):
            style = MATCH_STYLE if i != self.match_index else "reverse bold red"
            text.stylize(style, start, start + len(needle))
        self.query_one("#doc-body", Static).update(text)

    # -- stepping --------------------------------------------------------------------------
    def action_next_evidence(self) -> None:
        if self.index < len(self.entries) - 1:
            self.index += 1
            self.show_entry()
        else:
            self.notify("Last evidence row.", timeout=2)

    def action_previous_evidence(self) -> None:
        if self.index > 0:
            self.index -= 1
            self.show_entry()

    def action_back(self) -> None:
        if self.has_class("searching"):
            self.remove_class("searching")
            self.query_one("#doc-scroll").focus()
            return
        self.dismiss()

    # -- searching -------------------------------------------------------------------------
    def action_search(self) -> None:
        self.add_class("searching")
        self.query_one("#doc-search", Input).focus()

    @on(Input.Changed, "#doc-search")
    def _search_input(self, event: Input.Changed) -> None:
        self._search_changed(event.value)

    def _search_changed(self, needle: str) -> None:
        self.matches = []
        self.match_index = -1
        if needle:
            haystack = self.body.plain.casefold()
            folded = needle.casefold()
            start = haystack.find(folded)
            while start >= 0 and len(self.matches) < 10_000:
                self.matches.append(start)
                start = haystack.find(folded, start + max(1, len(folded)))
        self._render_body()
        self._search_subtitle(needle)

    @on(Input.Submitted, "#doc-search")
    def _next_match(self, event: Input.Submitted) -> None:
        if not self.matches:
            self.app.bell()
            return
        self.match_index = (self.match_index + 1) % len(self.matches)
        self._render_body()
        self._search_subtitle(event.value)
        scroll = self.query_one("#doc-scroll", VerticalScroll)
        scroll.scroll_to(y=max(0, self._line_of(self.matches[self.match_index]) - 2),
                         animate=False)

    def _search_subtitle(self, needle: str) -> None:
        scroll = self.query_one("#doc-scroll", VerticalScroll)
        if not needle:
            scroll.border_subtitle = ""
        elif not self.matches:
            scroll.border_subtitle = "no match"
        else:
            at = f"{self.match_index + 1}/" if self.match_index >= 0 else ""
            scroll.border_subtitle = f"match {at}{len(self.matches)}"

    def _line_of(self, offset: int) -> int:
        """The wrapped line (0-based) of a character offset in the body."""
        width = max(10, self.query_one("#doc-body", Static).content_region.width)
        line = 0
        position = 0
        for paragraph in self.body.plain.split("\n"):
            end = position + len(paragraph)
            wrapped = Text(paragraph).wrap(self.app.console, width) if paragraph else [Text()]
            if offset <= end:
                inside = offset - position
                for row in wrapped:
                    if inside < len(row.plain):
                        return line
                    inside -= len(row.plain)
                    line += 1
                return max(0, line - 1)
            line += len(wrapped)
            position = end + 1
        return line
