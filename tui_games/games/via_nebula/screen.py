"""The Via Nebula table: the hex map on the left; on the right what can be done at the
hex under the cursor, the contracts on display and in hand, and every guild board.

Play is by keyboard: move the cursor over the map (arrows, y u b n), Tab jumps to the next
hex where the player can act, Enter opens that hex's actions in the list on the right,
Enter again plays the highlighted one. While a transport is highlighted its chain of
empty meadows is drawn on the map (``*``), and ``o`` shows another chain. During a
contract's power the list holds the power's uses and gets the focus by itself.

The screen never decides what is legal: the list holds exactly the rules' legal actions
for the hex, and a refused choice is explained with the rules' own reason.
"""

from __future__ import annotations

import textwrap
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widget import Widget
from textual.widgets import Footer

from tui_games.engine.core import Action, GameState
from tui_games.engine.grammar import plural
from tui_games.games.via_nebula.board import (
    CELL,
    INDEX_OF_CELL,
    MAP_HEIGHT,
    MAP_WIDTH,
    NAME,
    RUINS,
)
from tui_games.games.via_nebula.components import CONTRACTS, power_text
from tui_games.games.via_nebula.network import chains
from tui_games.games.via_nebula.state import (
    Convert,
    Erect,
    Explore,
    FreeExplore,
    MoveResource,
    PlaceCraftsman,
    PlaceSite,
    TakeFromSupply,
    Transport,
    ViaNebulaState,
    slot_ruin,
)
from tui_games.games.via_nebula.view import (
    COMPACT_LEGEND,
    LARGE_LEGEND,
    board_lines,
    caption,
    contract_line,
    map_cells,
    seat_letter,
)
from tui_games.screens.game import GameScreen
from tui_games.widgets.boxes import Column, Row
from tui_games.widgets.hexmap import HexMap
from tui_games.widgets.own_keys import OwnKeys
from tui_games.widgets.steady_focus import SteadyFocus

LARGE = (110, 36)  # from this terminal size on, two-line hexes with their names
TEXT_STRIPS = 256  # lines kept per text widget: a cursor goes back and forth over a few
Drawn = tuple[str, str, str]  # a line of ActionLines: text, look, scroll bar look


def action_hexes(a: Action) -> tuple[int, ...]:
    """The hexes an action is about (where the list offers it)."""
    if isinstance(a, PlaceCraftsman | PlaceSite | Explore | FreeExplore):
        return (a.hex,)
    if isinstance(a, Transport):
        return (a.source, RUINS[slot_ruin(a.slot)])
    if isinstance(a, Erect | Convert | TakeFromSupply):
        return (RUINS[slot_ruin(a.slot)],)
    if isinstance(a, MoveResource):
        return (RUINS[slot_ruin(a.source)], RUINS[slot_ruin(a.target)])
    return ()


def capitalised(text: str) -> str:
    """``Place a craftsman...`` from ``place a craftsman...``."""
    return text[:1].upper() + text[1:]


class TextLines(Widget):
    """Plain lines of text, each cut to the width with an ellipsis. A new text repaints
    only the lines that differ; it asks for a layout (a pass over the whole screen) only
    when the line count changes and the height follows the content. Each line is drawn
    straight into a strip (no wrapping to work out) and kept while it is shown.

    Textual draws every widget beside a repainted one again (through its styles, line by
    line): a cursor key on the map redraws the contracts and boards this way, unchanged.
    Until the widget is refreshed or restyled, its last drawing is handed back as it is.
    """

    DEFAULT_CSS = """
    TextLines { height: auto; }
    """

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)
        self._lines: list[str] = []
        self._strips: dict[tuple[str, int], Strip] = {}
        self._style: object = None  # the style the strips were drawn in
        self._painted: tuple[Region, list[Strip]] | None = None  # see the class

    def refresh(self, *regions: Any, **kwargs: Any) -> Any:
        """Repaint (the last drawing is no longer good)."""
        self._painted = None
        return super().refresh(*regions, **kwargs)

    def notify_style_update(self) -> None:
        """Restyled: draw again."""
        self._painted = None
        super().notify_style_update()

    def render_lines(self, crop: Region) -> list[Strip]:
        """The widget's drawing in ``crop``: the last one while nothing changed."""
        painted = self._painted
        if painted is not None and painted[0] == crop:
            return painted[1]
        strips = super().render_lines(crop)
        self._painted = (crop, strips)
        return strips

    @property
    def text(self) -> str:
        """The text shown (lines joined by newlines)."""
        return "\n".join(self._lines)

    def show(self, text: str) -> None:
        """Show ``text``, a line per newline."""
        lines = text.split("\n") if text else []
        old = self._lines
        if lines == old:
            return
        self._lines = lines
        height = self.styles.height
        if len(lines) != len(old) and (height is None or height.is_auto):
            self.refresh(layout=True)
            return
        width = self.size.width
        self.refresh(*[Region(0, y, width, 1) for y in range(max(len(lines), len(old)))
                       if y >= len(lines) or y >= len(old) or lines[y] != old[y]])

    def render(self) -> Content:
        """The whole text (measuring, text extraction)."""
        return Content(self.text)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """A line per line of text."""
        return len(self._lines)

    def render_line(self, y: int) -> Strip:
        """Line ``y``, cut to the width."""
        width = self.size.width
        style = self.visual_style
        if style != self._style:  # focus, theme or class: draw every line again
            self._style = style
            self._strips.clear()
        line = self._lines[y] if 0 <= y < len(self._lines) else ""
        if len(line) > width:
            line = line[: max(0, width - 1)] + "…"
        key = (line, width)
        strip = self._strips.get(key)
        if strip is None:
            if len(self._strips) >= TEXT_STRIPS:
                self._strips.clear()
            content = Content(line)
            strip = Strip(content.render_segments(style), content.cell_length)
            strip = strip.extend_cell_length(width, style.rich_style).crop(0, width)
            self._strips[key] = strip
        return strip


class ActionLines(OwnKeys, SteadyFocus, Widget, can_focus=True):
    """What can be done at the cursor's hex: a title line, then the actions.

    Without the focus it is a preview (each action on one line, cut to the width); with
    the focus a list to choose from, each action wrapped in full, the highlighted one in
    the cursor's colours, scrolled to keep it in view (a scroll bar on the right says
    there is more). Its height never changes, so
    opening and closing the list costs no layout pass (a whole-screen rearrangement).
    """

    COMPONENT_CLASSES = {"action-lines--title", "action-lines--highlighted",
                         "action-lines--track", "action-lines--thumb"}

    DEFAULT_CSS = """
    ActionLines > .action-lines--title { text-style: bold; }
    ActionLines > .action-lines--track { background: $scrollbar-background; }
    ActionLines > .action-lines--thumb { background: $scrollbar; }
    """

    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("home", "move_to(0)", "First", show=False),
        Binding("end", "move_to(-1)", "Last", show=False),
        Binding("enter", "select", "Play", show=False),
    ]

    highlighted: reactive[int | None] = reactive(None, repaint=False)

    class Selected(Message):
        """Enter (or a click) chose the action at ``index``."""

        def __init__(self, lines: ActionLines, index: int) -> None:
            super().__init__()
            self.lines = lines
            self.index = index

        @property
        def control(self) -> ActionLines:
            """The list that sent the message."""
            return self.lines

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)
        self._title = ""
        self._entries: list[str] = []
        self._rows = 5
        self._top = 0  # first line of the entries shown while open (scrolling)
        self._open = False
        self._drawn: list[Drawn] = []  # (text, look, scroll bar look) of each line shown
        self._strips: dict[tuple[str, str, int], Strip] = {}
        self._looks: dict[str, VisualStyle] = {}  # each look's style, while _style holds
        self._style: object = None

    @property
    def is_open(self) -> bool:
        """Whether it is a list to choose from (rather than a preview)."""
        return self._open

    def show(self, title: str, entries: list[str], rows: int) -> None:
        """The ``title`` line and the actions' texts, in ``rows`` lines under it."""
        if entries != self._entries:
            self._top = 0
        self._title, self._entries, self._rows = title, entries, rows
        self._redraw()

    def open(self, highlighted: int | None) -> None:
        """Become the list (the caller gives the focus)."""
        self._open = True
        self._top = 0
        self.set_reactive(ActionLines.highlighted, highlighted)
        self._redraw()

    def close(self) -> None:
        """Back to the preview."""
        self._open = False
        self.set_reactive(ActionLines.highlighted, None)
        self._redraw()

    def watch_highlighted(self) -> None:
        """Show the newly highlighted action."""
        self._redraw()

    def action_move(self, step: int) -> None:
        """Highlight the action above (-1) or below (+1)."""
        if self._entries:
            index = 0 if self.highlighted is None else self.highlighted + step
            self.highlighted = min(max(index, 0), len(self._entries) - 1)

    def action_move_to(self, index: int) -> None:
        """Highlight the first (0) or the last (-1) action."""
        if self._entries:
            self.highlighted = index % len(self._entries)

    def action_select(self) -> None:
        """Choose the highlighted action."""
        if self._open and self.highlighted is not None:
            self.post_message(self.Selected(self, self.highlighted))

    def on_click(self, event: events.Click) -> None:
        """A click on an action highlights and chooses it."""
        if not self._open or event.y < 1:
            return
        index = self._entry_at(event.y - 1 + self._top)
        if index is not None:
            self.highlighted = index
            self.post_message(self.Selected(self, index))

    def _wrapped(self, width: int) -> list[tuple[int, str]]:
        """Every line of the open list: (action index, text), each action wrapped."""
        lines: list[tuple[int, str]] = []
        for index, text in enumerate(self._entries):
            lines += [(index, part) for part in textwrap.wrap(text, max(width, 1)) or [""]]
        return lines

    def _list_lines(self, width: int) -> list[tuple[int, str]]:
        """The open list's lines, wrapped a column narrower when a scroll bar is needed."""
        lines = self._wrapped(width)
        return self._wrapped(width - 1) if len(lines) > self._rows else lines

    def _entry_at(self, line: int) -> int | None:
        lines = self._list_lines(self.size.width)
        return lines[line][0] if 0 <= line < len(lines) else None

    def _lines(self, width: int) -> list[Drawn]:
        """(text, look, bar) of each line: the title, then the preview or the list."""
        out: list[Drawn] = [(self._title, "title", "")]
        rows = self._rows
        if not self._open:
            texts = self._entries
            if len(texts) > rows:
                texts = [*texts[: rows - 1], f"... and {len(texts) - rows + 1} more"]
            out += [(text, "", "") for text in texts]
        else:
            lines = self._list_lines(width)
            chosen = [n for n, (index, _) in enumerate(lines) if index == self.highlighted]
            if chosen:  # scroll the least that shows all of the highlighted action
                self._top = min(max(self._top, chosen[-1] - rows + 1), chosen[0])
            self._top = top = max(0, min(self._top, len(lines) - rows))
            bars = [""] * rows
            if len(lines) > rows:
                size = max(1, round(rows * rows / len(lines)))
                start = min(rows - size, round(top * rows / len(lines)))
                bars = ["thumb" if start <= n < start + size else "track" for n in range(rows)]
            out += [(text, "highlighted" if index == self.highlighted else "", bar)
                    for (index, text), bar in zip(lines[top: top + rows], bars, strict=False)]
        return out + [("", "", "")] * (rows + 1 - len(out))

    def _redraw(self) -> None:
        """Repaint the lines that changed."""
        width = self.size.width
        drawn = self._lines(width)
        old = self._drawn
        self._drawn = drawn
        self.refresh(*[Region(0, y, width, 1) for y in range(max(len(drawn), len(old)))
                       if y >= len(drawn) or y >= len(old) or drawn[y] != old[y]])

    def on_resize(self) -> None:
        """Lay the lines out again for the new width."""
        self._drawn = self._lines(self.size.width)
        self.refresh()

    def render(self) -> Content:
        """The lines as text (measuring, text extraction)."""
        return Content("\n".join(line[0] for line in self._lines(self.size.width)))

    def render_line(self, y: int) -> Strip:
        """Line ``y``: the title, an action, or blank."""
        width = self.size.width
        style = self.visual_style
        if style != self._style:  # focus, theme or class: draw every line again
            self._style = style
            self._strips.clear()
            self._looks.clear()
            self._drawn = self._lines(width)
        text, look, bar = self._drawn[y] if 0 <= y < len(self._drawn) else ("", "", "")
        strip = self._strip(text, look, width - 1 if bar else width)
        return Strip.join([strip, self._strip("", bar, 1)]) if bar else strip

    def _strip(self, text: str, look: str, width: int) -> Strip:
        """``text`` cut or padded to ``width`` in the ``look`` component's style."""
        if len(text) > width:
            text = text[: max(0, width - 1)] + "…"
        key = (text, look, width)
        strip = self._strips.get(key)
        if strip is None:
            if len(self._strips) >= TEXT_STRIPS:
                self._strips.clear()
            drawn = self._looks.get(look)
            if drawn is None:
                drawn = self._looks[look] = (self.get_visual_style(f"action-lines--{look}")
                                             if look else self.visual_style)
            content = Content(text)
            strip = Strip(content.render_segments(drawn), content.cell_length)
            strip = strip.extend_cell_length(width, drawn.rich_style).crop(0, width)
            self._strips[key] = strip
        return strip


class ViaNebulaScreen(GameScreen, inherit_bindings=False):
    """Via Nebula against bots or hot-seat, all by keyboard (see the Footer)."""

    LARGE_AT = LARGE
    BLANK = True  # the screen's own area is plain background (see widgets/boxes.py)

    BINDINGS = [
        Binding("tab", "next_spot", "Next", key_display="⇥"),
        Binding("o", "other_chain", "Other way"),
        Binding("escape", "back", "Back"),
        *[b for b in GameScreen.BINDINGS if b.key != "escape"],
        *Screen.BINDINGS,
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._options: list[Action] = []
        self._chain_choice = 0
        self._chain_for: Action | None = None
        self._texts: dict[str, TextLines] = {}
        self._hexmap = HexMap(MAP_HEIGHT, MAP_WIDTH, CELL, id="via-map")
        self._action_list = ActionLines(id="via-actions")
        self._side = Column(id="via-side")
        self._decision: tuple[int, str, int | None, int] | None = None
        self._view_key: tuple[int, int, int] | None = None
        self._view: ViaNebulaState | None = None
        # Per observation: the legal actions by hex, their texts and the map's cells (a
        # cursor key reuses them all).
        self._legal_for: tuple[ViaNebulaState, bool, list[Action]] | None = None
        self._by_hex: dict[int, list[Action]] = {}
        self._described: dict[Action, str] = {}
        self._cells_for: tuple[ViaNebulaState, bool, frozenset[int], dict[Any, Any]] | None = (
            None)

    # ---- layout ------------------------------------------------------------------------

    def compose_table(self) -> ComposeResult:
        """Top line; the map on the left; actions, contracts and boards on the right."""
        texts = self._texts
        for name in ("via-top", "via-contracts", "via-boards"):
            texts[name] = TextLines(id=name)
        # As few boxes as the layout needs, and blank ones (widgets/boxes.py): a cursor
        # key's key and repaint pass through each box around the map.
        with Column(id="via-top-box"):  # its own clip: a repaint below leaves it alone
            yield texts["via-top"]
        with Row(id="via-main"):
            yield self._hexmap
            with self._side:
                yield self._action_list
                yield texts["via-contracts"]
                yield texts["via-boards"]

    def on_mount(self) -> None:
        """Compact footer and the size's layout; then the base shows all."""
        footer = self.query_one(Footer)
        footer.compact = True
        footer.show_command_palette = False
        self.fit_table(self.app.size.width, self.app.size.height)
        hexmap = self.hexmap
        hexmap.focus()
        # A watcher, not HexMap.Moved: the side and the caption change in the same frame
        # as the cursor (a message would arrive after the map's rows were painted).
        self.watch(hexmap, "cursor", self._cursor_moved, init=False)
        self.watch(self.action_list, "highlighted", self._highlighted, init=False)

    @property
    def hexmap(self) -> HexMap:
        """The map widget."""
        return self._hexmap

    @property
    def action_list(self) -> ActionLines:
        """The list of what can be done at the cursor's hex."""
        return self._action_list

    def view(self) -> GameState:
        """The viewer's observation, kept until the game moves on."""
        state = self.session.state
        key = (len(self.session.actions), self.viewer, len(state.log))
        if self._view is None or self._view_key != key:
            self._view_key = key
            view = super().view()
            assert isinstance(view, ViaNebulaState)
            self._view = view
        return self._view

    def _text(self, widget_id: str, text: str) -> None:
        """Show ``text`` in a line widget (it repaints only the lines that changed)."""
        self._texts[widget_id].show(text)

    # ---- whose decision ----------------------------------------------------------------

    def _mine(self, view: ViaNebulaState) -> bool:
        mover = self.rules.to_move(view)
        return (mover == self.viewer and self.session.seats[self.viewer].is_human
                and not self.reviewing)

    def _legal(self, view: ViaNebulaState) -> list[Action]:
        mine = self._mine(view)
        known = self._legal_for
        if known is None or known[0] is not view or known[1] != mine:
            known = (view, mine, self.rules.legal_actions(view) if mine else [])
            self._legal_for = known
            self._described = {}
            by_hex: dict[int, list[Action]] = {}
            for action in known[2]:
                for hex_ in dict.fromkeys(action_hexes(action)):
                    by_hex.setdefault(hex_, []).append(action)
            self._by_hex = by_hex
        return known[2]

    def _describe(self, view: ViaNebulaState, action: Action) -> str:
        """The rules' text of one of the legal ``action``s, capitalised (kept per view)."""
        self._legal(view)
        text = self._described.get(action)
        if text is None:
            text = self._described[action] = capitalised(self.rules.describe(view, action))
        return text

    def _cursor_hex(self) -> int:
        return INDEX_OF_CELL[self.hexmap.cursor]

    def _here(self, view: ViaNebulaState) -> list[Action]:
        """The legal actions at the cursor's hex (all of them during a power or a pass)."""
        legal = self._legal(view)
        if view.phase == "power":
            return legal
        here = self._by_hex.get(self._cursor_hex())
        return list(here) if here else [a for a in legal if not action_hexes(a)]

    # ---- refreshing from the view ------------------------------------------------------

    def refresh_table(self, view: GameState) -> None:
        """Update every widget from ``view``; each repaints only if its data changed."""
        assert isinstance(view, ViaNebulaState)
        mover = self.rules.to_move(view)
        decision = (view.turn, view.phase, mover, len(self.session.actions))
        new_decision = decision != self._decision
        self._decision = decision
        self._refresh_top(view, mover)
        self._refresh_side(view)
        self._refresh_actions(view, reset=new_decision)
        if new_decision:
            if view.phase == "power" and self._mine(view):
                self._open_list()
            elif self.list_open:
                self._close_list()
        self._refresh_map(view)

    def _names(self) -> list[str]:
        return [seat.name for seat in self.session.seats]

    def _refresh_top(self, view: ViaNebulaState, mover: int | None) -> None:
        names = self._names()
        if mover is None:
            who = "game over"
        else:
            who = f"{names[mover]}'s turn" if mover != self.viewer else "your turn"
            if view.phase == "power":
                who += f", using the {CONTRACTS[view.power_card].name}'s power"
            else:
                who += f", {plural(view.actions_left, 'action')} left"
        scores = "  ".join(f"{seat_letter(p)} {self._score(view, p)}"
                           for p in range(view.players))
        last = " · last turns" if view.end_card >= 0 and mover is not None else ""
        self._text("via-top", f"Via Nebula · turn {view.turn + 1} · {who}{last} · VP {scores}")

    def _side_width(self) -> int:
        """The right column's width (known before the first layout too)."""
        width = self._side.size.width
        if width:
            return width
        map_width = 9 * 8 + 4 + 3 if self.large else 9 * 5 + 2 + 1
        return max(24, self.app.size.width - map_width)

    def _score(self, view: ViaNebulaState, seat: int) -> int:
        return sum(v for _, v in self.rules.score_rows(view, seat))

    def _refresh_side(self, view: ViaNebulaState) -> None:
        width = self._side_width()
        lines = [contract_line(c, width) if c >= 0 else "(empty)" for c in view.display]
        hand = view.hands[self.viewer]
        lines += [f"hand {contract_line(c, width - 5)}" for c in hand]
        self._text("via-contracts", "\n".join(lines))
        names = self._names()
        rows: list[str] = []
        order = [self.viewer] + [p for p in range(view.players) if p != self.viewer]
        for seat in order:
            score = self._score(view, seat)
            wide = self.large or seat == self.viewer
            rows += board_lines(view, seat, names[seat], score, wide, width)
        self._text("via-boards", "\n".join(rows))

    def _refresh_actions(self, view: ViaNebulaState, reset: bool) -> None:
        """The title and preview of what can be done at the cursor (the list if open)."""
        options = self._here(view)
        hex_ = self._cursor_hex()
        if view.phase == "power" and self._mine(view):
            title = f"The {CONTRACTS[view.power_card].name}'s power:"
        elif self.list_open:
            title = f"At {NAME[hex_]}: ⏎ plays, esc goes back"
        elif options and not any(hex_ in action_hexes(a) for a in options):
            title = "No action is possible anywhere:"
        elif self._mine(view):
            title = f"At {NAME[hex_]}: " + (f"{plural(len(options), 'action')}, ⏎ to choose"
                                            if options else "nothing to do")
        else:
            title = "Actions (on your turn)"
        changed = options != self._options
        self._options = options
        listing = self.action_list
        listing.show(title, [self._describe(view, a) for a in options], self._preview_rows())
        if self.list_open and (changed or reset):
            listing.open(0 if options else None)

    def _preview_rows(self) -> int:
        return 8 if self.large else 5

    @property
    def offered(self) -> list[Action]:
        """The actions offered at the cursor's hex (in the list's order)."""
        return list(self._options)

    @property
    def list_open(self) -> bool:
        """Whether the action list (rather than the preview) is shown."""
        return self.action_list.is_open

    def _open_list(self) -> None:
        """Show the cursor hex's actions as a list to choose from, and focus it."""
        view = self.view()
        assert isinstance(view, ViaNebulaState)
        self.action_list.open(0 if self._options else None)
        self.action_list.focus()
        self._refresh_actions(view, reset=False)

    def _close_list(self) -> None:
        """Back to the preview; the map has the focus."""
        self.action_list.close()
        self.hexmap.focus()
        if self._view is not None:
            self._refresh_actions(self._view, reset=False)
            self._refresh_map(self._view)  # now: the focus event comes a frame later

    def _chain_marks(self, view: ViaNebulaState) -> tuple[int, ...]:
        """The chain of the highlighted transport (while the list has the focus)."""
        listing = self.action_list
        index = listing.highlighted
        if not self.list_open or index is None or index >= len(self._options):
            return ()
        action = self._options[index]
        if not isinstance(action, Transport):
            return ()
        found = chains(view, action.source, action.slot)
        if action != self._chain_for:
            self._chain_for = action
            self._chain_choice = 0
        if not found:
            return ()
        return tuple(found[self._chain_choice % len(found)])

    def _refresh_map(self, view: ViaNebulaState) -> None:
        chain = self._chain_marks(view)
        marked: set[tuple[int, int]] = {CELL[h] for h in chain}
        index = self.action_list.highlighted
        if self.list_open and index is not None and index < len(self._options):
            marked |= {CELL[h] for h in action_hexes(self._options[index])}
        hexmap = self.hexmap
        legend = LARGE_LEGEND if self.large else COMPACT_LEGEND
        text = caption(view, self._cursor_hex(), self._names())
        if chain:
            text += f" · chain {'-'.join(NAME[h] for h in chain)}"
        hexmap.show(self._map_cells(view, frozenset(chain)), marked=marked, caption=text,
                    legend=legend)

    def _map_cells(self, view: ViaNebulaState, chain: frozenset[int]) -> dict[Any, Any]:
        """The map's cells, drawn again only when the view, size or chain changes."""
        known = self._cells_for
        if (known is None or known[0] is not view or known[1] != self.large
                or known[2] != chain):
            known = (view, self.large, chain, map_cells(view, self.large, chain))
            self._cells_for = known
        return known[3]

    def status_text(self, view: GameState) -> str:
        """Whose turn it is and what the viewer can do now (at most two lines)."""
        assert isinstance(view, ViaNebulaState)
        mover = self.rules.to_move(view)
        if mover is None:
            return "The game is over."
        if not self._mine(view):
            return f"Seat {mover + 1} is playing."
        if view.phase == "power":
            card = CONTRACTS[view.power_card]
            uses = plural(view.power_left, "use")
            return (f"{card.name} ({uses} left): {power_text(card)}. Enter uses the "
                    "highlighted line; the last line stops.")
        left = f"{plural(view.actions_left, 'action')} left"
        return (f"Your turn, {left}. Tab: next hex where you can act; Enter: its actions; "
                "Enter again plays the highlighted one.")

    # ---- keys --------------------------------------------------------------------------

    def _cursor_moved(self, place: tuple[int, int]) -> None:
        """The cursor moved: what can be done there, and the line naming the hex."""
        view = self.view()
        assert isinstance(view, ViaNebulaState)
        self._refresh_actions(view, reset=False)
        self._refresh_map(view)

    @on(HexMap.Chosen)
    def _chosen(self, event: HexMap.Chosen) -> None:
        view = self.view()
        assert isinstance(view, ViaNebulaState)
        if not self._mine(view):
            mover = self.rules.to_move(view)
            self.show_status("The game is over." if mover is None
                             else f"Wait: it is Seat {mover + 1}'s turn.", error=True)
            return
        if not self._options:
            self.show_status(f"Nothing to do at {NAME[self._cursor_hex()]}: Tab finds a hex "
                             "where you can act.", error=True)
            return
        self._open_list()
        self._refresh_map(view)

    def _highlighted(self, index: int | None) -> None:
        """Another action is highlighted: its hexes (and chain) on the map."""
        view = self.view()
        assert isinstance(view, ViaNebulaState)
        self._refresh_map(view)

    @on(ActionLines.Selected, "#via-actions")
    def _selected(self, event: ActionLines.Selected) -> None:
        if event.index >= len(self._options):
            return
        action = self._options[event.index]
        if self.play(action):
            view = self.view()
            assert isinstance(view, ViaNebulaState)
            if view.phase != "power" or not self._mine(view):
                self._close_list()
                self._refresh_map(view)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Redraw the map's marks when the focus moves between map and list; a click on
        the closed preview opens the list (or, with nothing to choose, gives the focus
        back to the map: the preview itself takes no keys)."""
        if event.widget is self.action_list and not self.list_open:
            view = self.view()
            assert isinstance(view, ViaNebulaState)
            if self._options and self._mine(view):
                self._open_list()
            else:
                self.hexmap.focus()
        if self._view is not None:
            self._refresh_map(self._view)

    def action_next_spot(self) -> None:
        """Move the cursor to the next hex (in reading order) where the player can act."""
        view = self.view()
        assert isinstance(view, ViaNebulaState)
        self._legal(view)
        spots = sorted(self._by_hex)
        if not spots:
            self.show_status("There is no hex to act on now" + (
                ": Enter opens the list to pass." if self._legal(view) else "."), error=True)
            return
        here = self._cursor_hex()
        later = [h for h in spots if h > here]
        if self.list_open:
            self._close_list()
        self.hexmap.move_to(CELL[(later or spots)[0]])

    def action_other_chain(self) -> None:
        """Show another chain of empty meadows for the highlighted transport."""
        view = self.view()
        assert isinstance(view, ViaNebulaState)
        index = self.action_list.highlighted
        action = (self._options[index] if self.list_open and index is not None
                  and index < len(self._options) else None)
        if not isinstance(action, Transport):
            self.show_status("Highlight a transport in the list first (Enter on a hex with "
                             "resources or on your site).", error=True)
            return
        if len(chains(view, action.source, action.slot)) < 2:
            self.show_status("This resource has only one way to the site.", error=True)
            return
        self._chain_choice += 1
        self._refresh_map(view)

    def action_back(self) -> None:
        """From the list back to the map; from the map back to the menu."""
        if self.list_open and self.view().phase != "power":
            self._close_list()
            return
        self.action_menu()
