"""Retrieved evidence against gold evidence, each row a hit or a miss."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import DataTable

from anser_tui.scoring.evidence_diff import EvidenceDiff
from anser_tui.text import neutralize


class EvidencePanel(Horizontal):
    """Two tables: what the system retrieved (ranked) and what it should have (gold)."""

    DEFAULT_CSS = """
    EvidencePanel { height: 12; }
    EvidencePanel > DataTable {
        width: 1fr;
        height: 1fr;
        border: round $panel-lighten-2;
        border-title-color: $text-accent;
        scrollbar-size-vertical: 1;
    }
    EvidencePanel > DataTable:focus { border: round $accent; }
    """

    def compose(self) -> ComposeResult:
        retrieved: DataTable[Text] = DataTable(id="retrieved", cursor_type="row",
                                               zebra_stripes=True)
        retrieved.border_title = "Retrieved"
        gold: DataTable[Text] = DataTable(id="gold", cursor_type="row", zebra_stripes=True)
        gold.border_title = "Gold"
        yield retrieved
        yield gold

    def on_mount(self) -> None:
        self.query_one("#retrieved", DataTable).add_columns("rank", "id", "")
        self.query_one("#gold", DataTable).add_columns("id", "")

    def show(self, diff: EvidenceDiff) -> None:
        retrieved = self.query_one("#retrieved", DataTable)
        gold = self.query_one("#gold", DataTable)
        retrieved.clear()
        gold.clear()
        for row in diff.retrieved:
            if row.rank is None:
                rank = Text("dup", style="dim")
                mark = Text(f"repeat of #{row.duplicate_of}", style="dim")
            else:
                rank = Text(str(row.rank))
                mark = Text("✓ hit", style="bold green") if row.hit else Text("✗ miss", "red")
            retrieved.add_row(rank, Text(neutralize(row.id)), mark)
        for g in diff.gold:
            mark = (Text(f"✓ retrieved @{g.rank}", style="bold green") if g.rank is not None
                    else Text("✗ missed", style="red"))
            gold.add_row(Text(neutralize(g.id)), mark)
        n_gold = len(diff.gold)
        found = sum(1 for g in diff.gold if g.rank is not None)
        retrieved.border_title = f"Retrieved ({len(diff.ranked_ids)}, {diff.n_hits} hits)"
        gold.border_title = f"Gold ({n_gold}, {found} retrieved) · {diff.space.corpus}"
