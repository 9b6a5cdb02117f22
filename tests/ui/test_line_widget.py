"""LineWidget: a changed line repaints only its row, a restyle to a new look or a new width
repaints every row, a restyle to the same look (a focus change) keeps them, a cursor move
redraws two rows, repaint_once lays the rows out once."""

from __future__ import annotations

import random

import pytest
from rich.segment import Segment
from rich.style import Style
from textual.app import App, ComposeResult
from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from tui_games.tui.widgets import line_widget
from tui_games.tui.widgets.line_widget import Line, LineWidget, repaint_once
from tui_games.tui.widgets.strip_changes import cells, changed_span, merged


class Rows(LineWidget):
    """Eight rows of text, one of them under a cursor."""

    COMPONENT_CLASSES = {"rows--mark"}

    DEFAULT_CSS = """
    Rows { height: 8; }
    Rows.-framed { height: 10; border: round white; }
    Rows.-red { color: red; }
    Rows.-marked > .rows--mark { color: green; }
    Rows.-right { text-align: right; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.words = [f"row {i}" for i in range(8)]
        self.cursor = 0

    def content_lines(self, width: int) -> list[Line]:
        return [Content.styled(word, "reverse") if y == self.cursor else Content(word)
                for y, word in enumerate(self.words)]


class RowsApp(App[None]):
    def __init__(self, rows: Rows) -> None:
        super().__init__()
        self.rows = rows

    def compose(self) -> ComposeResult:
        yield self.rows


def repaints(monkeypatch: pytest.MonkeyPatch, widget: Widget) -> list[tuple[Region, ...]]:
    """The regions each repaint of ``widget`` asks Textual for."""
    asked: list[tuple[Region, ...]] = []
    refresh = Widget.refresh

    def recording(self: Widget, *regions: Region, **kwargs: bool) -> Widget:
        if self is widget:
            asked.append(regions)
        return refresh(self, *regions, **kwargs)

    monkeypatch.setattr(Widget, "refresh", recording)
    return asked


async def test_a_changed_line_repaints_only_its_row(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = Rows()
    async with RowsApp(rows).run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        asked = repaints(monkeypatch, rows)
        drawn = rows.lines_rendered
        rows.words[5] = "five"
        rows.refresh()
        assert asked == [(Region(0, 5, 5, 1),)]  # "row 5" became "five": five cells
        await pilot.pause()
        assert rows.render_line(5).text.rstrip() == "five"
        assert rows.lines_rendered == drawn + 1  # the other rows came from the cache
        rows.refresh()  # nothing changed: nothing repainted
        assert asked == [(Region(0, 5, 5, 1),)]


async def test_a_one_cell_change_repaints_only_that_cell(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the changed columns of a row are repainted, so the compositor writes only
    them to the terminal (the budget: at most 400 bytes per cursor key)."""
    rows = Rows()
    async with RowsApp(rows).run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        asked = repaints(monkeypatch, rows)
        rows.words[6] = "row 7"
        rows.refresh()
        assert asked == [(Region(4, 6, 1, 1),)]
        await pilot.pause()
        assert rows.render_line(6).text.rstrip() == "row 7"


async def test_a_shorter_line_repaints_the_cells_it_leaves_blank(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rows = Rows()
    async with RowsApp(rows).run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        asked = repaints(monkeypatch, rows)
        rows.words[2] = "row"
        rows.refresh()
        assert asked == [(Region(3, 2, 2, 1),)]


def test_a_changed_span_never_cuts_a_wide_character() -> None:
    before = Strip([Segment("ab大c")])
    after = Strip([Segment("ab小c")])
    assert changed_span(before, after) == (2, 4)
    assert changed_span(Strip([Segment("x大")]), Strip([Segment("x大", Style(bold=True))])) \
        == (0, 3)
    assert changed_span(before, Strip([Segment("ab大c")])) is None


def test_a_changed_span_sees_a_new_style_on_the_same_text() -> None:
    assert changed_span(Strip([Segment("abc")]),
                        Strip([Segment("a"), Segment("b", Style(reverse=True)),
                               Segment("c")])) == (1, 2)


def test_a_changed_span_ends_at_the_last_cell_that_looks_different() -> None:
    """A lit label that moves one column right: the dim run after it now starts later,
    and Textual's meta puts each run's start column in its style. The cells after the
    two labels look the same, so they are not repainted (they were: a whole ruler)."""
    dim, lit = Style(dim=True), Style(reverse=True)

    def at(text: str, style: Style, x: int) -> Segment:
        return Segment(text, style + Style.from_meta({"offset": (x, 0)}))

    before = Strip([at("A ", dim, 0), at("B", lit, 2), at(" C D E", dim, 3)])
    after = Strip([at("A B ", dim, 0), at("C", lit, 4), at(" D E", dim, 5)])
    assert changed_span(before, after) == (2, 5)
    # A link is part of what the terminal shows: a cell that gains one is repainted.
    linked = Strip([at("A ", dim, 0), at("B", lit, 2),
                    at(" C D E", dim + Style(link="https://example.org"), 3)])
    assert changed_span(before, linked) == (3, 9)


def test_a_blank_that_only_changed_colour_is_not_a_change() -> None:
    """Issue 17: a blank joined to the card before it took the card's colour, and the
    row was repainted up to its end, where the cells showed the same."""
    grey, red = Style(color="grey50", bgcolor="black"), Style(color="red", bgcolor="black")
    before = Strip([Segment("R5", red), Segment("    ", grey), Segment("B7", grey)])
    after = Strip([Segment("R5    ", red), Segment("B7", red)])
    assert changed_span(before, after) == (6, 8)
    # Where a line is drawn through the blanks, their colour shows.
    assert changed_span(Strip([Segment("  ", grey + Style(underline=True))]),
                        Strip([Segment("  ", red + Style(underline=True))])) == (0, 2)


def _span_cell_by_cell(old: Strip, new: Strip) -> tuple[int, int] | None:
    """changed_span as defined: every cell of both strips compared, nothing skipped."""
    before, after = cells(old), cells(new)
    length = max(len(before), len(after))
    before += [None] * (length - len(before))
    after += [None] * (length - len(after))
    differ = [x for x in range(length) if before[x] != after[x]]
    if not differ:
        return None
    start, end = differ[0], differ[-1] + 1
    while start > 0 and any(c is not None and c[0] == "" for c in (before[start], after[start])):
        start -= 1
    while end < length and any(c is not None and c[0] == "" for c in (before[end], after[end])):
        end += 1
    return start, end


def test_a_changed_span_is_the_one_cell_by_cell() -> None:
    """Issue 17: changed_span skips the segments both strips share and compares the cells
    it keeps per strip; it finds what comparing every cell finds, wide characters, blanks,
    links and a strip compared on the next key again (its cells kept) included."""
    rnd = random.Random(17)
    texts = ["ab", "  ", " x ", "大", "▸a", "──", "é c", ""]
    looks = [None, Style(bold=True), Style(color="red"), Style(bgcolor="blue"),
             Style(reverse=True), Style(color="red", bgcolor="blue"), Style(link="x"),
             Style(underline=True, color="red")]

    def strip() -> Strip:
        return Strip([Segment(rnd.choice(texts), rnd.choice(looks))
                      for _ in range(rnd.randint(0, 5))])

    rows = [strip() for _ in range(60)]
    for _ in range(3000):
        old, new = rnd.choice(rows), rnd.choice(rows)
        if rnd.random() < 0.3:  # one segment changed
            segments = list(old) or [Segment("a")]
            segments[rnd.randrange(len(segments))] = Segment(rnd.choice(texts),
                                                              rnd.choice(looks))
            new = Strip(segments)
        assert changed_span(old, new) == _span_cell_by_cell(old, new), (old, new)


def test_a_changed_span_joins_a_zero_width_character_to_its_cell() -> None:
    """A combining accent is part of the cell before it: a new accent changes that cell,
    and a control segment takes no cell."""
    accent = "\u0301"
    assert changed_span(Strip([Segment("ae" + accent + "x")]),
                        Strip([Segment("ae" + accent + "y")])) == (2, 3)
    assert changed_span(Strip([Segment("ab"), Segment("", None, [(1,)]), Segment("c")]),
                        Strip([Segment("ab"), Segment("d")])) == (2, 3)


async def test_a_row_of_pieces_that_did_not_change_is_the_strip_on_screen() -> None:
    """Issue 17: a row of pieces is kept whole, so a refresh that changed nothing in it
    finds the very strip on screen and compares nothing."""

    class Pieces(Rows):
        def content_lines(self, width: int) -> list[Line]:
            return [[Content(word), Content.styled(" *", "bold")] for word in self.words]

    rows = Pieces()
    async with RowsApp(rows).run_test(size=(20, 10)) as pilot:
        await pilot.pause()
        shown = [rows.render_line(y) for y in range(8)]
        rows.words[3] = "three"
        rows.refresh()
        again = [rows.render_line(y) for y in range(8)]
        assert [a is b for a, b in zip(shown, again, strict=True)] == [
            y != 3 for y in range(8)]
        assert again[3].text.startswith("three *")


async def test_lines_kept_by_the_widget_are_found_by_identity(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17: a widget that keeps its lines until what they show changes (a refresh
    for a focus change lays them out again) has them found by identity, without working
    out what each shows; a new line is drawn, and a new look draws them all anew."""

    class Kept(Rows):
        def __init__(self) -> None:
            super().__init__()
            self.kept: list[Line] = [Content(word) for word in self.words]
            self.kept[2] = [Content("two"), Content.styled(" *", "bold")]

        def content_lines(self, width: int) -> list[Line]:
            return self.kept

    rows = Kept()
    async with RowsApp(rows).run_test(size=(20, 10)) as pilot:
        await pilot.pause()
        seen: list[Content] = []
        shows = line_widget.shows

        def counted(content: Content) -> object:
            seen.append(content)
            return shows(content)

        monkeypatch.setattr(line_widget, "shows", counted)
        rows.refresh()
        assert seen == []
        rows.kept[5] = Content("five")
        rows.refresh()
        assert [content.plain for content in seen] == ["five"]
        assert rows.render_line(5).text.startswith("five")
        assert rows.render_line(2).text.startswith("two *")
        rows.add_class("-red")
        await pilot.pause()
        assert {str(segment.style.color.triplet) for segment in rows.render_line(0)
                if segment.text.strip() and segment.style and segment.style.color} == {
            str(Style.parse("#ff0000").color.triplet)}  # type: ignore[union-attr]


def test_segments_that_look_alike_are_sent_as_one() -> None:
    """Issue 17: each segment is sent with its own colour codes (~25 bytes): neighbours
    of one look are joined, and a blank joins a neighbour it shows alike beside."""
    grey, red = Style(color="grey50", bgcolor="black"), Style(color="red", bgcolor="black")
    strip = Strip([Segment(" ", grey), Segment("R5", red), Segment("  ", grey),
                   Segment("(", grey), Segment("·", grey), Segment(")", grey)])
    joined = merged(strip)
    assert [segment.text for segment in joined] == [" R5  ", "(·)"]
    assert cells(joined) == cells(strip) and joined.cell_length == strip.cell_length
    # The blank takes the look after it at its own offset: a selection still starts there.
    at = Style.from_meta({"offset": (3, 0)})
    first = next(iter(merged(Strip([Segment(" ", grey + at), Segment("R", red)])))).style
    assert first is not None and first.meta == {"offset": (3, 0)} and first.color == red.color
    # An attribute set off (Textual's padding has reverse=False) shows as one never set.
    assert len(merged(Strip([Segment("A", grey), Segment(" ", grey + Style(reverse=False))]))) == 1
    # What a blank shows beside a line, an inversion or a click stays apart.
    for other in (Style(underline=True), Style(reverse=True),
                  Style.from_meta({"@click": "app.bell"})):
        kept = Strip([Segment("A", red + other), Segment(" ", grey)])
        assert len(merged(kept)) == 2


async def test_a_widget_that_merges_looks_keeps_its_lines_joined() -> None:
    class Joined(Rows):
        MERGE_LOOKS = True

        def content_lines(self, width: int) -> list[Line]:
            return [Content.assemble(("a", "red"), ("b", "red"), " ", ("c", "blue"))
                    ] * 8

    rows = Joined()
    async with RowsApp(rows).run_test(size=(20, 10)) as pilot:
        await pilot.pause()
        # The blanks that pad the line to the width join it too (one run, not Textual's
        # own padding segment after it).
        assert [segment.text for segment in rows.render_line(0)] == ["ab ", "c" + " " * 16]


async def test_a_cursor_move_redraws_two_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = Rows()
    async with RowsApp(rows).run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        asked = repaints(monkeypatch, rows)
        rows.cursor = 3
        rows.refresh()
        assert [{r.y for r in regions} for regions in asked] == [{0, 3}]
        await pilot.pause()
        rows.cursor = 0  # back: both rows' strips are in the cache
        drawn = rows.lines_rendered
        rows.refresh()
        await pilot.pause()
        assert rows.lines_rendered == drawn
        assert [{r.y for r in regions} for regions in asked][-1] == {0, 3}


async def test_a_restyle_to_a_new_look_repaints_every_row(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rows = Rows()
    async with RowsApp(rows).run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        drawn = rows.lines_rendered
        asked = repaints(monkeypatch, rows)
        rows.add_class("-red")
        await pilot.pause()
        assert () in asked  # the whole widget, box and all
        assert rows.lines_rendered >= drawn + 8  # every line drawn (again) in the new colour
        (segment, *_) = list(rows.render_line(1))
        assert segment.style is not None and segment.style.color is not None
        assert segment.style.color.triplet == (255, 0, 0)  # red


async def test_a_restyle_to_the_same_look_keeps_the_rows(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual restyles a widget on every focus change: when nothing it draws by changed,
    no row is drawn or repainted again; and the strips of a look that comes back (a
    :focus tint off and on) are still kept."""
    rows = Rows()
    async with RowsApp(rows).run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        drawn = rows.lines_rendered
        asked = repaints(monkeypatch, rows)
        rows.add_class("-plain")  # no rule for it: the same look
        await pilot.pause()
        assert asked == [] and rows.lines_rendered == drawn
        rows.add_class("-red")
        await pilot.pause()
        assert () in asked and rows.lines_rendered == drawn + 8
        rows.remove_class("-red")  # back to the first look: every strip is kept
        await pilot.pause()
        assert rows.lines_rendered == drawn + 8
        assert rows.render_line(1).text.rstrip() == "row 1"


async def test_a_component_class_restyled_repaints_the_rows_that_use_it() -> None:
    """A component class's new style reaches the rows that name it in a span (Textual
    restyles the classes after the widget, then refreshes it)."""
    rows = Rows()
    async with RowsApp(rows).run_test(size=(30, 10)) as pilot:
        rows.words[2] = "mark"
        original = rows.content_lines

        def marked(width: int) -> list[Line]:
            lines = original(width)
            lines[2] = Content.styled("mark", ".rows--mark")
            return lines

        rows.content_lines = marked  # type: ignore[method-assign]
        rows.refresh()
        await pilot.pause()
        rows.add_class("-marked")
        await pilot.pause()
        (segment, *_) = list(rows.render_line(2))
        assert segment.style is not None and segment.style.color is not None
        assert segment.style.color.triplet == (0, 128, 0)  # green


async def test_repaint_once_lays_the_rows_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Refreshes inside repaint_once wait for its end: one lay-out, one repaint of the
    rows that changed, however many refreshes were asked for."""
    rows = Rows()
    async with RowsApp(rows).run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        laid_out: list[int] = []
        lay_out = Rows.lay_out

        def counting(self: Rows, width: int) -> list[Strip]:
            laid_out.append(width)
            return lay_out(self, width)

        monkeypatch.setattr(Rows, "lay_out", counting)
        asked = repaints(monkeypatch, rows)
        with repaint_once():
            for y in (1, 4, 6):
                rows.words[y] = "new"
                rows.refresh()
            with repaint_once():  # nested: the outer one repaints
                rows.refresh()
            assert laid_out == [] and asked == []
        assert len(laid_out) == 1
        assert [{r.y for r in regions} for regions in asked] == [{1, 4, 6}]
        await pilot.pause()
        assert rows.render_line(4).text.rstrip() == "new"


async def test_a_new_way_of_drawing_clears_the_cache() -> None:
    """A rule the visual style does not hold (here the alignment) draws every line anew."""
    rows = Rows()
    async with RowsApp(rows).run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        drawn = rows.lines_rendered
        rows.add_class("-right")
        await pilot.pause()
        assert rows.lines_rendered >= drawn + 8
        assert rows.render_line(1).text.rstrip().endswith("row 1")
        assert rows.render_line(1).text.startswith(" ")


async def test_a_new_width_clears_the_cache_and_repaints_every_row() -> None:
    rows = Rows()
    app = RowsApp(rows)
    async with app.run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        drawn = rows.lines_rendered
        await pilot.resize_terminal(40, 10)
        await pilot.pause()
        assert rows.size.width == 40
        assert rows.lines_rendered == drawn + 8
        await pilot.resize_terminal(30, 10)  # the strips of width 30 went with the resize
        await pilot.pause()
        assert rows.lines_rendered == drawn + 16


async def test_a_new_border_title_repaints_the_whole_widget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The rows alone would leave the old title in the border (a pile's hint, cleared)."""
    rows = Rows()
    rows.add_class("-framed")
    async with RowsApp(rows).run_test(size=(30, 12)) as pilot:
        rows.border_title = "hint"
        await pilot.pause()
        asked = repaints(monkeypatch, rows)
        rows.border_title = ""
        assert asked == [()]
