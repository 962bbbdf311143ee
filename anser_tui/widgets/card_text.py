"""A benchmark's card blocks as rich Text: the widgets' side of `benchmarks.card`.

Each `Tone` maps to a theme style; inline sections read "Heading: body", others put the heading
on its own line; a folded section is one line saying how long it is until unfolded, and a paged
body has a rule between its pages so a reader knows where they are. The text is already safe
(the card neutralised it); nothing here is markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from anser_tui.benchmarks.card import Block, Section, Tone

PAGE_LINES = 40
STYLES = {Tone.PLAIN: "", Tone.BOLD: "bold", Tone.ITALIC: "italic", Tone.MUTED: "tui.muted",
          Tone.ACCENT: "tui.accent", Tone.SUCCESS: "tui.success",
          Tone.WARNING: "tui.warning", Tone.ERROR: "tui.error"}


def _folded(section: Section, unfold_key: str) -> Text:
    text = section.body
    count = text.count("\n") + 1
    label = section.heading.rstrip(":")
    return Text(f"▸ {label} folded ({count} line{'s' * (count != 1)}, {len(text):,} "
                f"characters; {unfold_key} unfolds)", style="tui.muted")


def _paged(text: str, style: str) -> list[Text]:
    cut = text.split("\n")
    pages = ["\n".join(cut[i:i + PAGE_LINES]) for i in range(0, len(cut), PAGE_LINES)]
    if len(pages) <= 1:
        return [Text(text, style=style)]
    out: list[Text] = []
    for number, page in enumerate(pages, start=1):
        out += [Text(f"── page {number}/{len(pages)} ──", style="tui.muted"),
                Text(page, style=style)]
    return out


def section_texts(section: Section, unfolded: bool = False, unfold_key: str = "e") -> list[Text]:
    if section.folded and not unfolded:
        return [_folded(section, unfold_key)]
    style = STYLES[section.tone]
    if section.inline:
        line = Text()
        line.append(f"{section.heading}: ", style=STYLES[section.heading_tone])
        line.append(section.body, style=style)
        return [line]
    heading = [Text(section.heading, style=STYLES[section.heading_tone])] \
        if section.heading else []
    if not section.body:
        return heading
    body = _paged(section.body, style) if section.paged else [Text(section.body, style=style)]
    return heading + body


def sections_text(sections: Sequence[Section], unfolded: bool = False,
                  unfold_key: str = "e") -> Text:
    """The sections one after another; a blank line before a heading on its own line, but
    under a heading that stands alone (a turn's role over its reference texts)."""
    parts: list[Text] = []
    above: Section | None = None
    for section in sections:
        under_heading = above is not None and above.heading and not above.body
        if parts and section.heading and not section.inline and not under_heading:
            parts.append(Text())
        parts += section_texts(section, unfolded, unfold_key)
        above = section
    return Text("\n").join(parts)


def block_text(block: Block, unfolded: bool = False, unfold_key: str = "e") -> Text:
    return sections_text(block.sections, unfolded, unfold_key)
