"""The command palette: one provider, entries named "area: verb".

Setting `AnserApp.COMMANDS` to this provider drops Textual's system commands, so the ones
this app keeps (quit, theme, keys) are listed here again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider

if TYPE_CHECKING:
    from anser_tui.app import AnserApp

Command = tuple[str, str, Callable[[], object]]


class AnserCommands(Provider):
    def _commands(self) -> Iterator[Command]:
        app = cast("AnserApp", self.app)
        yield ("judge: run current item", "Send the current item to the LLM judge",
               partial(app.judge, "current"))
        yield ("judge: run whole queue", "Judge every item of the queue not judged yet "
               "(cached, resumable)", partial(app.judge, "queue"))
        yield ("judge: stop", "Cancel the judge run; what arrived stays written",
               app.stop_judge)
        yield ("calibration: open", "Judge-human agreement, corrected scores and plots, "
               "recomputed as decisions arrive", app.open_calibration)
        yield ("calibration: compare judges", "Two judges on the same human labels: both "
               "judges' statistics, B - A with its interval, both against the human values",
               app.open_comparison)
        yield ("app: change theme", "Choose another colour theme", app.action_change_theme)
        yield ("app: help", "Every key by area, with its id, and how reviewing works",
               app.action_toggle_help)
        yield ("app: quit", "Quit the application", app.action_quit)

    async def discover(self) -> Hits:
        for name, help_text, command in self._commands():
            yield DiscoveryHit(name, command, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, command in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), command, help=help_text)
