"""The Nebula widgets on their own: the Galaxy drawing and cursor, the Star Clusters'
Time planning, the reserve row, the Values board, the cards and the score pad."""

from __future__ import annotations

import re
from collections import deque
from itertools import pairwise

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.message import Message
from textual.widget import Widget

from tui_games.games.nebula.board import (
    CENTRE,
    COMPACT_LAYOUT,
    DIRECT_LINKS,
    HIGHLIGHTED,
    INDEX,
    INDIRECT_LINKS,
    LARGE_LAYOUT,
    ORBITS,
    SPACE_COUNT,
    SPACES,
    space_in_direction,
)
from tui_games.games.nebula.clusters import ARROWS, StarClusters, indicator_track
from tui_games.games.nebula.final_score import final_breakdown
from tui_games.games.nebula.galaxy import SHORT_LEGEND, GalaxyBoard, art, black_zone
from tui_games.games.nebula.galaxy_canvas import Art
from tui_games.games.nebula.nebula_view import constellation_values
from tui_games.games.nebula.objective_cards import CardsShown, ObjectiveCards
from tui_games.games.nebula.objectives import (
    ADVANCED_DECK,
    ADVANCED_NAME_WIDTH,
    CARD_NAME_WIDTH,
    CAREER_DECK,
    PERSONAL_DECK,
    advanced_short,
    career_done,
    career_short,
    career_spaces,
)
from tui_games.games.nebula.reserve import StarRow, group_text
from tui_games.games.nebula.rules import NebulaRules
from tui_games.games.nebula.score_pad import ScorePad
from tui_games.games.nebula.state import BLACK, EMPTY
from tui_games.games.nebula.table import PANE_TITLES
from tui_games.games.nebula.table_model import INDICATOR_KEY, INDICATOR_LABEL, boosted_line
from tui_games.games.nebula.tutorial import TUTORIAL
from tui_games.games.nebula.values_board import ValuesBoard

UP, DOWN, LEFT, RIGHT = 1, 2, 4, 8
GLYPH_WAYS = {
    "│": UP | DOWN, "┆": UP | DOWN, "─": LEFT | RIGHT, "┄": LEFT | RIGHT,
    "╭": DOWN | RIGHT, "╮": DOWN | LEFT, "╰": UP | RIGHT, "╯": UP | LEFT,
    "├": UP | DOWN | RIGHT, "┤": UP | DOWN | LEFT, "┬": DOWN | LEFT | RIGHT,
    "┴": UP | LEFT | RIGHT, "┼": UP | DOWN | LEFT | RIGHT,
}
MOVES = {UP: (-1, 0, DOWN), DOWN: (1, 0, UP), LEFT: (0, -1, RIGHT), RIGHT: (0, 1, LEFT)}


class Lab(App[None]):
    """One widget under test, and every message it posts."""

    def __init__(self, widget: Widget) -> None:
        super().__init__()
        self.widget = widget
        self.messages: list[Message] = []

    def compose(self) -> ComposeResult:
        yield self.widget

    def on_mount(self) -> None:
        self.widget.focus()

    def on_star_clusters_step_wanted(self, message: StarClusters.StepWanted) -> None:
        self.messages.append(message)


# ---- the Galaxy drawing ------------------------------------------------------------------

def _cell_chars(drawing: Art, space: int) -> set[tuple[int, int]]:
    row, col = drawing.cells[space]
    return {(row, col + k) for k in range(drawing.cell_width)}


def _reaches(drawing: Art, start: int, goal: int, glyphs: str) -> bool:
    """Whether line characters among ``glyphs`` join the cells of two spaces."""
    lines = drawing.lines
    goal_chars = _cell_chars(drawing, goal)
    frontier: deque[tuple[int, int]] = deque()
    for r, c in _cell_chars(drawing, start):
        for dr, dc, back in MOVES.values():
            nr, nc = r + dr, c + dc
            if 0 <= nr < len(lines) and 0 <= nc < len(lines[nr]):
                ch = lines[nr][nc]
                if ch in glyphs and GLYPH_WAYS[ch] & back:
                    frontier.append((nr, nc))
    seen = set(frontier)
    while frontier:
        r, c = frontier.popleft()
        for way, (dr, dc, back) in MOVES.items():
            if not GLYPH_WAYS[lines[r][c]] & way:
                continue
            nr, nc = r + dr, c + dc
            if (nr, nc) in goal_chars:
                return True
            if not (0 <= nr < len(lines) and 0 <= nc < len(lines[nr])):
                continue
            ch = lines[nr][nc]
            if ch in glyphs and GLYPH_WAYS[ch] & back and (nr, nc) not in seen:
                seen.add((nr, nc))
                frontier.append((nr, nc))
    return False


@pytest.mark.parametrize("large", [False, True], ids=["compact", "large"])
def test_every_direct_link_is_a_solid_line_between_its_two_spaces(large: bool) -> None:
    drawing = art(large)
    for a, b in DIRECT_LINKS:
        assert _reaches(drawing, a, b, "│─╭╮╰╯├┤┬┴┼"), (a, b)


@pytest.mark.parametrize("large", [False, True], ids=["compact", "large"])
def test_every_indirect_link_is_a_dotted_line_between_its_two_spaces(large: bool) -> None:
    drawing = art(large)
    for a, b in INDIRECT_LINKS:
        assert _reaches(drawing, a, b, "┆┄╭╮╰╯"), (a, b)
    assert sum(line.count("┆") for line in drawing.lines) > 0


@pytest.mark.parametrize("large", [False, True], ids=["compact", "large"])
def test_each_orbit_is_one_row_joined_left_to_right_and_marked_as_a_ring(large: bool) -> None:
    drawing = art(large)
    for number, ring in enumerate(ORBITS, start=1):
        row = drawing.cells[ring[0]][0]
        line = drawing.lines[row]
        assert line[0] == str(number) and line.rstrip().endswith("↺")
        cols = [drawing.cells[s][1] for s in ring]
        assert all(drawing.cells[s][0] == row for s in ring) and cols == sorted(cols)
        for left, right in pairwise(cols):
            between = line[left + drawing.cell_width: right]
            assert between.strip() and set(between) <= {"─", " ", "┆"}, between


@pytest.mark.parametrize("large", [False, True], ids=["compact", "large"])
def test_no_link_is_drawn_over_a_space(large: bool) -> None:
    drawing = art(large)
    for space in range(SPACE_COUNT):
        for r, c in _cell_chars(drawing, space):
            assert drawing.lines[r][c] == " "
    assert len({len(line) for line in drawing.lines}) == 1


# ---- the Galaxy widget -------------------------------------------------------------------

async def test_arrow_keys_move_the_galaxy_cursor_to_the_nearest_space_that_way() -> None:
    board = GalaxyBoard()
    async with Lab(board).run_test(size=(80, 24)) as pilot:
        assert board.cursor == CENTRE and board.show_cursor
        expected = CENTRE
        for key, (dr, dc) in [("up", (-1, 0)), ("up", (-1, 0)), ("right", (0, 1)),
                              ("l", (0, 1)), ("k", (-1, 0)), ("left", (0, -1)),
                              ("down", (1, 0)), ("j", (1, 0)), ("h", (0, -1))]:
            await pilot.press(key)
            expected = space_in_direction(COMPACT_LAYOUT, expected, dr, dc)
            assert board.cursor == expected
        assert board.cursor != CENTRE


async def test_the_cursor_stays_put_at_the_edge_and_follows_the_large_layout() -> None:
    board = GalaxyBoard()
    async with Lab(board).run_test(size=(120, 40)) as pilot:
        board.move_cursor_to(INDEX["N5"])
        await pilot.press("up", "left")
        assert board.cursor == INDEX["N5"]
        board.large = True
        await pilot.pause()
        await pilot.press("right")
        assert board.cursor == space_in_direction(LARGE_LAYOUT, INDEX["N5"], 0, 1)
        assert board.size.width == len(art(True).lines[0])


async def test_the_cursor_only_shows_while_the_board_has_the_keys() -> None:
    board = GalaxyBoard()
    async with Lab(board).run_test(size=(80, 24)) as pilot:
        assert "[" in board.render().plain.splitlines()[11]
        board.blur()
        await pilot.pause()
        assert not board.show_cursor


async def test_the_board_shows_stars_highlights_legal_spaces_and_the_black_zone() -> None:
    board = GalaxyBoard()
    async with Lab(board).run_test(size=(80, 24)) as pilot:
        stars = [EMPTY] * SPACE_COUNT
        stars[CENTRE], stars[INDEX["N1"]], stars[INDEX["E1"]] = 0, 2, 4
        board.show_galaxy(stars, 3, "Ann's Galaxy (you)")
        board.mark([INDEX["N2"], INDEX["E2"]], black_target=True)
        board.blur()
        await pilot.pause()
        text = board.render().plain
        lines = text.splitlines()
        assert lines[0].startswith("Ann's Galaxy (you)")
        # issue 31: the zone is named, not "black" like the clusters' indicator
        assert lines[0].endswith(" zone " + black_zone(3, True)) and "●●●+○○○○ 4 VP" in lines[0]
        drawing = art(False)

        def cell(space: int) -> str:
            row, col = drawing.cells[space]
            return lines[row + 1][col: col + 3]

        assert cell(CENTRE) == " R*" and cell(INDEX["N1"]) == " Y " and cell(INDEX["E1"]) == " B "
        assert cell(INDEX["N2"]) == "+· " and cell(INDEX["E2"]) == "+· "
        assert all(cell(h)[2] == "*" for h in HIGHLIGHTED)
        assert "centre" in lines[drawing.cells[CENTRE][0] + 1]


async def test_the_large_board_names_its_empty_spaces() -> None:
    board = GalaxyBoard()
    async with Lab(board).run_test(size=(120, 40)) as pilot:
        board.large = True
        await pilot.pause()
        text = board.render().plain
        assert "N3b" in text and "W4b" in text and "[ C ]" in text


@pytest.mark.parametrize("large", [False, True], ids=["compact", "large"])
async def test_the_board_names_the_cursor_space_and_can_name_every_space(large: bool) -> None:
    board = GalaxyBoard()
    async with Lab(board).run_test(size=(120, 40) if large else (80, 24)) as pilot:
        board.large = large
        stars = [EMPTY] * SPACE_COUNT
        stars[CENTRE], stars[INDEX["N3b"]] = 0, 2
        board.show_galaxy(stars, 0, "Your Galaxy")
        board.move_cursor_to(INDEX["E2b"])
        await pilot.pause()
        drawing = art(large)
        lines = board.render().plain.splitlines()
        assert lines[drawing.cells[CENTRE][0] + 1].endswith("at E2b")
        board.names = True
        lines = board.render().plain.splitlines()

        def cell(space: int) -> str:
            row, col = drawing.cells[space]
            return lines[row + 1][col: col + drawing.cell_width].strip()

        assert all(cell(INDEX[name]) == name for name in INDEX)
        board.names = False
        lines = board.render().plain.splitlines()
        assert cell(INDEX["N3b"]) == "Y"
        board.blur()
        await pilot.pause()
        assert "at E2b" not in board.render().plain  # no cursor shown, no name for it


# ---- the Star Clusters -------------------------------------------------------------------

RINGS = ((0, 1, 2, 3, 4, 5, 6, 2), (3, 3, 4, 0, 1, EMPTY, 2, 5), (5, 4, 3, 2, 1, 0, BLACK, 1))


def clusters_lab() -> tuple[Lab, StarClusters]:
    clusters = StarClusters()
    return Lab(clusters), clusters


async def test_investing_time_shows_the_steps_taken_and_counts_the_points_left() -> None:
    lab, clusters = clusters_lab()
    async with lab.run_test(size=(80, 24)):
        clusters.show_board(RINGS, (0, 0, 0), (0, 0, 0), 5, 1, 4, 100, plan=(2, 0, 0))
        clusters.planning = True
        assert clusters.points_left == 3 and clusters.preview() == [2, 3, 5]
        clusters.show_board(RINGS, (0, 0, 0), (0, 0, 0), 5, 1, 4, 100, plan=(2, -3, 0))
        assert clusters.points_left == 0 and clusters.preview() == [2, EMPTY, 5]
        text = clusters.render().plain
        assert "Time ○○○○○ 0 steps left" in text and "↻2" in text and "↺3" in text
        assert "take Y · O" in text


async def test_arrows_ask_to_step_the_selected_marker_only_while_planning() -> None:
    lab, clusters = clusters_lab()
    async with lab.run_test(size=(80, 24)) as pilot:
        clusters.show_board(RINGS, (0, 0, 0), (0, 0, 0), 5, 1, 4, 100)
        clusters.planning = True
        await pilot.press("right", "down", "left", "h", "up", "up", "l")
        await pilot.pause()
        asked = [(m.cluster, m.step) for m in lab.messages
                 if isinstance(m, StarClusters.StepWanted)]
        assert asked == [(0, 1), (1, -1), (1, -1), (2, 1)]
        assert clusters.plan == (0, 0, 0)  # the widget never moves a marker itself
        clusters.planning = False
        await pilot.press("right")
        await pilot.pause()
        assert len(lab.messages) == 4


async def test_the_rings_show_the_markers_their_moons_and_what_they_face() -> None:
    lab, clusters = clusters_lab()
    async with lab.run_test(size=(80, 24)) as pilot:
        clusters.show_board(RINGS, (3, 0, 6), (1, 0, 6), 5, 1, 7, 88)
        clusters.planning = False
        await pilot.press("right")  # not planning: nothing moves
        assert clusters.plan == (0, 0, 0)
        lines = clusters.render().plain.splitlines()
        top = lines[2:5]
        assert top[0][:9] == " R (P) Y " and top[1][:9] == " Y  → [W]"
        assert ARROWS[3] in top[1] and ARROWS[6] in lines[3]
        # issue 31: the boosted star and the indicator say what they are and do
        assert "bag 88" in lines[-4]
        assert lines[-3] == boosted_line(1) == "boosted P: place 3 if one is P"
        assert lines[-2] == f"{INDICATOR_LABEL} {indicator_track(7)} 7/15"
        assert lines[-1] == INDICATOR_KEY
        assert indicator_track(7) == "●●◆●●◆●○◇○○◇○○□"


# ---- the reserve, the Values board, the cards, the score pad -----------------------------

async def test_the_reserve_row_moves_between_the_colours_held() -> None:
    row = StarRow()
    async with Lab(row).run_test(size=(80, 24)) as pilot:
        row.set_stars([2, 0, 1, 0, 0, 4, 1], dimmed=[6])
        row.show_cursor = True
        row.label = "Your reserve:"
        assert row.cursor == 0
        await pilot.press("right", "l")
        assert row.cursor == 5
        await pilot.press("right", "right")
        assert row.cursor == 0
        await pilot.press("left")
        assert row.cursor == 6
        assert row.render().plain == "Your reserve:  RR  Y  O×4 [K]"
        row.set_stars([0, 0, 1, 0, 0, 0, 0])
        assert row.cursor == 2
        assert group_text("B", 3) == "BBB"


async def test_the_values_board_cursor_walks_the_tracks() -> None:
    board = ValuesBoard()
    async with Lab(board).run_test(size=(80, 24)) as pilot:
        board.show_values([3, 0, 5, 1, 0, 0, 2, 0, 0, 0, 0, 1, 0, 10], {2: 0, 0: 1, 3: 2},
                          blocked=[13])
        board.choosing = True
        await pilot.press("down", "down")
        assert board.cursor == 2
        await pilot.press("right")
        assert board.cursor == 8  # South, same row of the constellation track
        await pilot.press("right", "down")
        assert board.cursor == 13
        await pilot.press("down")
        assert board.cursor == 0  # wraps to the first token
        await pilot.press("left")
        assert board.cursor == 10
        text = board.render().plain
        assert "Y  5 1st" in text and "R  3 2nd" in text and "▸A1" in text


async def test_the_values_board_titles_its_tracks_in_whole_words_above_their_tokens() -> None:
    """Issue 31: the compact board's middle title read "Constell.". Each title is a whole
    word, stands over its column's tokens, and the widest row (values of 10, a place and
    the cursor) still fits the 34 columns the pane has at 80x24."""
    board = ValuesBoard()
    async with Lab(board).run_test(size=(80, 24)):
        board.show_values([10] * 14, {0: 0, 6: 1, 10: 2})
        board.choosing = True
        rows = board.render().plain.splitlines()
        assert rows[0].split() == ["Colours", "Constellations", "Advanced"]
        first = rows[1]
        for title, label in (("Colours", "▸R 10 1st"), ("Constellations", "North 10 2nd"),
                             ("Advanced", "A1 10 3rd")):
            assert label in first, first
            assert abs(rows[0].index(title) - first.index(label.lstrip("▸"))) <= 1
        assert max(len(row.rstrip()) for row in rows) <= 34
        assert board.size.width <= 34


def test_the_cards_show_markers_progress_and_the_personal_objective() -> None:
    cards = ObjectiveCards()
    cards.shown = CardsShown(career=(0, 6), career_marks=(("Ann", "Bob"), ()),
                             career_ready=(False, True), advanced=(0, 28),
                             advanced_counts=(2, 1), personal=4, personal_holds=True)
    text = cards.render().plain
    assert "North in 3 colours" in text and "16/10 Ann Bob" in text
    assert "Orbit 3 in 3 colours" in text and "✓now" in text
    assert "Advanced  VP from Values · you have" in text
    assert " A1 each R linked to a P          2" in text
    assert " A2 each Career completed         1" in text
    assert "✓ holds" in text


CARDS_PANE = 35, 13  # the Cards pane at 80x24: its width, and the rows it has


def cards_rows(shown: CardsShown) -> list[str]:
    """The rows the cards take in the pane at 80x24 (a long line wraps at words)."""
    cards = ObjectiveCards()
    cards.shown = shown
    return [row.plain for row in cards.render().wrap(CARDS_PANE[0])]


def test_every_objective_is_said_in_words_that_fit_the_cards_pane() -> None:
    """Issue 19: the Cards tab read "8 orbit-next to *" and cut "R on all 4 indirect links
    ✗ not". Each card is plain words (no "*"): a Career card with two players' markers
    and an Advanced card with its count, the Personal card with its progress, each take
    one row of the pane at 80x24, and a full game's cards fit the pane's rows."""
    for career in range(len(CAREER_DECK)):
        rows = cards_rows(CardsShown(career=(career,), career_marks=(("Ann", "Bob"),)))
        assert len(rows) == 2 and "*" not in rows[1], rows
    for advanced in range(len(ADVANCED_DECK)):
        rows = cards_rows(CardsShown(advanced=(advanced,), advanced_counts=(9,)))
        assert len(rows) == 3 and "*" not in rows[2], rows
    for personal in range(len(PERSONAL_DECK)):
        rows = cards_rows(CardsShown(personal=personal))
        assert len(rows) == 3 and "*" not in rows[2], rows  # the Career title, its own
        full = cards_rows(CardsShown(career=(0, 1, 2, 3), advanced=(0, 1, 2, 3),
                                     advanced_counts=(9, 9, 9, 9), personal=personal))
        assert len(full) <= CARDS_PANE[1], full


def test_the_score_pad_marks_the_viewer_and_the_leader() -> None:
    pad = ScorePad()
    pad.show_pad(["Ann", "Bob"], [("Career", ("16", "10")), ("Personal", ("0", "?"))],
                 [16, 10], you=0, note="so far")
    lines = pad.render().plain.splitlines()
    assert "▸Ann" in lines[0] and "Bob" in lines[0]
    assert lines[2].split() == ["Personal", "0", "?"]
    assert lines[3].split() == ["Total", "★16", "10"] and lines[4] == "so far"


def test_the_score_pad_says_where_a_constellations_value_comes_from() -> None:
    s = NebulaRules().setup(2, 1, {"mode": "full"})
    assert constellation_values(s)[-1] == "Each complete constellation: 6 VP"
    s.values = [0] * 6 + [3, 0, 5, 0] + [0] * 4          # South 1st, North 2nd
    s.value_stamps = list(range(14))
    wordings = constellation_values(s)
    assert wordings[0] == "Constellations: S 14 (1st) · N 12 (2nd) · E W 6 (not ranked)"
    pad = ScorePad()
    pad.show_pad(["Ann", "Bob"], [("Constellations", ("20", "6"))], [20, 6], you=0,
                 legend=wordings)
    legend = pad.render().plain.splitlines()[-1]     # at the default width of 35
    assert legend == "Constellation VP: S 14, N 12, E W 6"
    intro = NebulaRules().setup(2, 1, {"mode": "intro"})
    assert constellation_values(intro) == ("Each complete constellation: 6 VP.",)


# ---- cheap keys: no needless restyle or redraw ----------------------------------------------

async def test_a_marker_key_redraws_one_line_of_the_clusters() -> None:
    """Choosing another marker changes the title line alone: the other lines' strips are
    reused (LineWidget), so the key costs one line of drawing, not eight."""
    lab, clusters = clusters_lab()
    async with lab.run_test(size=(80, 24)) as pilot:
        clusters.show_board(RINGS, (0, 0, 0), (0, 0, 0), 5, 1, 4, 100)
        clusters.planning = True
        await pilot.pause()
        before = clusters.lines_rendered
        await pilot.press("down")
        assert clusters.selected == 1
        assert clusters.lines_rendered - before == 1


# ---- drawing only what changed -----------------------------------------------------------

def repaints(monkeypatch: pytest.MonkeyPatch, widget: Widget) -> list[tuple[Region, ...]]:
    """The regions each repaint of ``widget`` asks Textual for (its own refresh may
    narrow a plain refresh to the rows that changed)."""
    repainted: list[tuple[Region, ...]] = []
    refresh = Widget.refresh

    def recording(self: Widget, *regions: Region, **kwargs: bool) -> Widget:
        if self is widget:
            repainted.append(regions)
        return refresh(self, *regions, **kwargs)

    monkeypatch.setattr(Widget, "refresh", recording)
    return repainted


async def test_a_cursor_move_repaints_the_rows_of_the_two_cells_and_the_label_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    board = GalaxyBoard()
    async with Lab(board).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        repainted = repaints(monkeypatch, board)
        before = board.cursor
        await pilot.press("right")
        drawing = art(False)
        rows = {drawing.cells[s][0] + 1 for s in (before, board.cursor, CENTRE)}
        assert len(repainted) == 1
        assert {r.y for r in repainted[0]} == rows  # the row of C holds "at E1"
        # Of each row only the cells up to its last change (the marks, the label's end).
        assert all(r.height == 1 and r.width > 0 and r.right <= board.size.width
                   for r in repainted[0])
        assert any(r.width < board.size.width for r in repainted[0])
        assert f"at {SPACES[board.cursor]}" in board.render().plain


async def test_showing_a_galaxy_repaints_only_the_rows_that_read_differently(
        monkeypatch: pytest.MonkeyPatch) -> None:
    board = GalaxyBoard()
    async with Lab(board).run_test(size=(80, 24)) as pilot:
        stars = [EMPTY] * SPACE_COUNT
        stars[CENTRE] = 0
        board.show_galaxy(stars, 0, "Your Galaxy")
        await pilot.pause()
        repainted = repaints(monkeypatch, board)
        board.show_galaxy(stars, 0, "Your Galaxy")  # nothing new: nothing repainted
        assert repainted == []
        stars[INDEX["N1"]] = 2
        board.show_galaxy(stars, 0, "Your Galaxy")
        row = art(False).cells[INDEX["N1"]][0] + 1
        assert [[(r.y, r.height) for r in regions] for regions in repainted] == [[(row, 1)]]
        assert board.render().plain.splitlines()[row].count("Y") == 1


async def test_a_board_repaint_redraws_only_the_rows_that_changed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A new value on the Values board asks for its one changed row again (the other rows
    stay as drawn), and the screen shows the new row."""
    board = ValuesBoard()
    async with Lab(board).run_test(size=(80, 24)) as pilot:
        board.show_values([3] + [0] * 13, {})
        await pilot.pause()
        repainted = repaints(monkeypatch, board)
        board.show_values([4] + [0] * 13, {0: 0})
        await pilot.pause()
        assert all(repainted)  # no whole repaint: rows only
        assert {r.y for regions in repainted for r in regions} == {1}  # row 0 is kept
        assert "R  4 1st" in board.render_line(1).text
        board.large = True  # a new size: every row is drawn again
        await pilot.pause()
        assert repainted[-1] == ()


async def test_a_new_marker_on_the_cards_repaints_them_without_a_layout_pass(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Placing a star that fulfils a card adds "✓now" to its line: the cards keep their
    height, so the screen is not laid out again (a pass over every widget, the slow
    'place a star' keys); a card more, a line more, is."""
    cards = ObjectiveCards()
    async with Lab(cards).run_test(size=(80, 24)) as pilot:
        cards.shown = CardsShown(career=(0, 6), career_ready=(False, False))
        await pilot.pause()
        asked: list[bool] = []
        refresh = Widget.refresh

        def recording(self: Widget, *regions: Region, **kwargs: bool) -> Widget:
            if self is cards:
                asked.append(bool(kwargs.get("layout")))
            return refresh(self, *regions, **kwargs)

        monkeypatch.setattr(Widget, "refresh", recording)
        cards.shown = CardsShown(career=(0, 6), career_ready=(False, True))
        assert asked == [False]
        await pilot.pause()
        assert "✓now" in cards.render().plain
        cards.shown = CardsShown(career=(0, 6, 7), career_ready=(False, True, False))
        assert asked[-1] is True
        await pilot.pause()
        cards.styles.height = 12  # as in the table's side pane: a card more moves nothing
        await pilot.pause()
        cards.shown = CardsShown(career=(0, 6))
        assert asked[-1] is False


def test_learn_names_each_pane_by_the_title_its_tab_shows() -> None:
    # Issue 31, played: Learn sent the newcomer to the "Objectives pane"; the tabs read
    # Clusters, Values, Cards, Scores.
    said = " ".join([step.text for step in TUTORIAL.steps] + [TUTORIAL.farewell])
    named = re.findall(r"(\w+) pane", said)
    assert named and set(named) <= set(PANE_TITLES.values()), named


def test_the_career_cards_say_their_spaces_must_all_be_filled_in_the_score_sheets_words() -> None:
    # Issue 31, played: "South: 3 colours 16/10" did not say the South Constellation must
    # be full (in exactly 3 colours); the hint called it "Career South Constellation" and
    # the final score "South in 3 colours".
    for card_id, card in enumerate(CAREER_DECK):
        text = cards_rows(CardsShown(career=(card_id,)))
        assert text[0].startswith("Career  fill all"), text
        if "colours" in card.kind:
            assert career_short(card) in text[1], text
    size = len(NebulaRules().setup(2, 1, {}).galaxies[0])
    for card in CAREER_DECK:  # what "fill all" stands for: its spaces, every one occupied
        spaces = career_spaces(card)
        galaxy = [EMPTY] * size
        for k, space in enumerate(spaces):
            galaxy[space] = k % 3  # exactly 3 colours
        assert career_done(card, galaxy)
        for space in spaces:
            assert not career_done(card, [EMPTY if x == space else c for x, c in
                                          enumerate(galaxy)])


def test_each_objective_card_has_one_name_in_the_cards_pane_and_the_score_sheet() -> None:
    # Issue 31: a hint named a card "Career South Constellation" where the Cards pane and
    # the score sheet said "South in 3 colours"; the Advanced card "highlights fully
    # linked" read as shorthand. The hints use the same career_short
    # (test_nebula_hint_words).
    s = NebulaRules().setup(2, 1, {"mode": "full"})
    s.values = [0] * 10 + [1, 0, 0, 0]  # the first Advanced card ranked: it pays
    s.value_stamps = list(range(14))
    for first in range(0, len(CAREER_DECK), 4):
        s.career = [(first + k) % len(CAREER_DECK) for k in range(4)]
        s.career_marks = [[0], [0], [0], [0]]
        sheet = [label.strip() for label, _ in final_breakdown(s, 0)]
        pane = cards_rows(CardsShown(career=tuple(s.career)))
        for n, card_id in enumerate(s.career):
            name = career_short(CAREER_DECK[card_id])
            assert len(name) <= CARD_NAME_WIDTH and pane[n + 1].startswith(f" {name} "), pane
            assert f"{name} (first)" in sheet, sheet
    done = next(i for i, c in enumerate(ADVANCED_DECK) if c.kind == "completed_careers")
    s.advanced[0] = done
    sheet = [label.strip() for label, _ in final_breakdown(s, 0)]
    assert f"{advanced_short(ADVANCED_DECK[done])}: 4 VP" in sheet, sheet  # "each" once
    for card_id, card in enumerate(ADVANCED_DECK):
        name = advanced_short(card)
        assert len(name) <= ADVANCED_NAME_WIDTH and "fully linked" not in name, name
        row = cards_rows(CardsShown(advanced=(card_id,), advanced_counts=(10,)))[2]
        assert row == f" A1 {name}".ljust(CARDS_PANE[0] - 2) + "10", row


def test_the_compact_galaxy_legend_says_a_row_is_an_orbit_and_fits() -> None:
    """Issue 31, played: Career cards and hints name "Orbit 5"; at 80x24 the legend named
    no orbit, so nothing tied Orbit 5 to the row numbered 5."""
    assert "─orbit" in SHORT_LEGEND
    # a column to spare: the Scores pane's text starts right after the galaxy
    assert len(SHORT_LEGEND) < len(art(False).lines[0])
