"""Unit tests of the card widgets used by Nebular Colors (and later by the other card games).

Each widget runs in a small App of its own: the widgets never need the game or a screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App, ComposeResult
from textual.message import Message
from textual.widget import Widget

from tui_games.games.nebular_colors.pile import CardGroups, SplayedPile
from tui_games.games.nebular_colors.scoring import ScoringArea, SuitTally
from tui_games.games.nebular_colors.tracker import FragmentTracker
from tui_games.tui.widgets.card import Card, CardFace, card_content, sort_faces
from tui_games.tui.widgets.hand import Hand, HiddenHand

GROUP = {"G": 0, "Y": 1, "B": 2, "P": 3}


def face(key: int, label: str, caption: str = "") -> CardFace:
    """A face like Nebular Colors builds: suit letter + number, suit style and sort keys."""
    return CardFace(key=key, label=label, style=f"suit-{label[0].lower()}",
                    group=GROUP[label[0]], rank=int(label[1:]), caption=caption)


HAND = [face(0, "P9"), face(1, "G3"), face(2, "Y12"), face(3, "P1"), face(4, "B9")]


class WidgetApp(App[None]):
    """Hosts the widgets under test."""

    def __init__(self, *widgets: Widget) -> None:
        super().__init__()
        self._widgets = widgets

    def compose(self) -> ComposeResult:
        yield from self._widgets


def recorder(kind: type[Message], record: Callable[[Any], object]) -> Callable[[Message], None]:
    """A message hook that passes the messages of one kind to ``record``."""

    seen: list[Message] = []

    def hook(message: Message) -> None:
        # the hook sees a message at every node it bubbles through: record it once
        if isinstance(message, kind) and not any(m is message for m in seen):
            seen.append(message)
            record(message)

    return hook


def labels(hand: Hand) -> list[str]:
    return [f.label for f in hand.faces]


def render_lines(widget: Widget) -> list[str]:
    """What the widget draws, as plain lines."""
    return str(widget.render()).split("\n")


# ---- CardFace and Card ----------------------------------------------------------------

def test_sort_by_suit_then_number_and_by_number_then_suit() -> None:
    assert [f.label for f in sort_faces(HAND, "suit")] == ["G3", "Y12", "B9", "P1", "P9"]
    assert [f.label for f in sort_faces(HAND, "number")] == ["P1", "G3", "B9", "P9", "Y12"]


def test_card_marks_read_without_colour() -> None:
    f = face(7, "Y12")
    assert card_content(f).plain == " Y12 "
    assert card_content(f, cursor=True).plain == "[Y12]"
    assert card_content(f, selected=True).plain == "*Y12*"
    # the suit style is a component class named by the face, looked up on an ancestor
    assert any(span.style == ".suit-y" for span in card_content(f).spans)


def test_cursor_on_a_selected_card_shows_both_states_without_colour() -> None:
    f = face(7, "Y12")
    both = card_content(f, cursor=True, selected=True).plain
    assert both == "{Y12}"
    assert both not in {card_content(f, cursor=True).plain,
                        card_content(f, selected=True).plain}
    assert len(both) == len(card_content(f).plain)  # the hand's cells keep their width


async def test_card_shows_its_caption_under_the_label() -> None:
    card = Card(face(5, "B8", caption="new"), captions=True)
    app = WidgetApp(card)
    async with app.run_test(size=(20, 4)):
        assert card.size.height == 2
        assert str(card.render()).splitlines() == [" B8 ", "new "]


# ---- Hand -----------------------------------------------------------------------------

async def test_hand_cursor_moves_and_stops_at_the_ends() -> None:
    hand = Hand(HAND, sort="number")
    app = WidgetApp(hand)
    moved: list[int | None] = []
    async with app.run_test(size=(60, 6)) as pilot:
        # Owners follow the cursor with a watcher: it runs within the move, no message.
        hand.watch(hand, "cursor_key", lambda key: moved.append(key), init=False)
        hand.focus()
        assert hand.cursor_key == 3  # P1, the first card by number
        await pilot.press("right", "l")
        assert hand.cursor_face is not None and hand.cursor_face.label == "B9"
        await pilot.press("left")
        assert hand.cursor_face.label == "G3"
        await pilot.press("h", "h", "h")
        assert hand.cursor_face.label == "P1"
        await pilot.press("end")
        assert hand.cursor_face.label == "Y12"
        await pilot.press("right")
        assert hand.cursor_face.label == "Y12"
        await pilot.pause()
    assert moved[:3] == [1, 4, 1]


async def test_hand_space_selects_several_cards_in_display_order() -> None:
    hand = Hand(HAND, sort="number")
    app = WidgetApp(hand)
    selections: list[tuple[int, ...]] = []
    hook = recorder(Hand.Selected, lambda m: selections.append(m.keys))
    async with app.run_test(size=(60, 6), message_hook=hook) as pilot:
        hand.focus()
        await pilot.press("end", "space", "home", "space", "right", "right", "space")
        assert hand.selection == (3, 4, 2)  # P1 B9 Y12, in display order
        await pilot.press("home", "space")
        assert hand.selection == (4, 2)
        await pilot.pause()
        # the selected cards read *B9* (and in reverse video); the cursor's card [P1]
        assert render_lines(hand)[0].split() == ["[P1]", "G3", "*B9*", "P9", "*Y12*"]
    assert selections[-1] == (4, 2)


async def test_hand_sort_key_switches_order_and_keeps_the_cursor_card() -> None:
    hand = Hand(HAND, sort="suit")
    app = WidgetApp(hand)
    async with app.run_test(size=(60, 6)) as pilot:
        hand.focus()
        assert labels(hand) == ["G3", "Y12", "B9", "P1", "P9"]
        await pilot.press("right")  # Y12
        await pilot.press("s")
        assert hand.sort_mode == "number"
        assert labels(hand) == ["P1", "G3", "B9", "P9", "Y12"]
        assert hand.cursor_face is not None and hand.cursor_face.label == "Y12"
        shown = [label.strip("[]*·") for label in render_lines(hand)[0].split()]
        assert shown == labels(hand)
        await pilot.press("s")
        assert hand.sort_mode == "suit"


async def test_hand_set_cards_keeps_cursor_and_selection_on_their_cards() -> None:
    hand = Hand(HAND, sort="number")
    app = WidgetApp(hand)
    async with app.run_test(size=(60, 6)) as pilot:
        hand.focus()
        await pilot.press("right", "right", "space")  # B9 selected, cursor on B9
        hand.set_cards([*HAND, face(9, "G9", caption="new")])
        await pilot.pause()
        assert hand.cursor_key == 4 and hand.selection == (4,)
        assert len(hand.faces) == 6
        assert render_lines(hand)[1].split() == ["new"]  # G9's caption, under it
        hand.set_cards([f for f in HAND if f.key != 4])  # B9 melded away
        await pilot.pause()
        assert hand.selection == ()
        assert hand.cursor_face is not None and hand.cursor_face.label == "P9"
        assert render_lines(hand)[0].split() == ["P1", "G3", "[P9]", "Y12"]


async def test_hand_shows_the_selected_card_under_the_cursor_as_selected() -> None:
    hand = Hand(HAND, sort="number")
    app = WidgetApp(hand)
    async with app.run_test(size=(60, 6)) as pilot:
        hand.focus()
        await pilot.press("right", "right", "space")  # B9 selected, cursor on B9
        assert render_lines(hand)[0].split() == ["P1", "G3", "{B9}", "P9", "Y12"]
        await pilot.press("right")
        assert render_lines(hand)[0].split() == ["P1", "G3", "*B9*", "[P9]", "Y12"]


async def test_hand_wraps_onto_more_rows_when_narrow() -> None:
    many = [face(i, f"P{i % 7 + 1}") for i in range(13)]
    hand = Hand(many)
    app = WidgetApp(hand)
    async with app.run_test(size=(24, 12)) as pilot:
        await pilot.pause()
        lines = render_lines(hand)  # 24 columns: 4 cards (5 wide) a row, captions under
        assert hand.size.height == 8 and len(lines) == 8
        assert len(lines[0].split()) == 4 and len(lines[6].split()) == 1
        assert all(len(line) <= 24 for line in lines)


async def test_clicking_a_card_moves_the_cursor_and_selects_it() -> None:
    hand = Hand(HAND, sort="number")
    app = WidgetApp(hand)
    async with app.run_test(size=(60, 6)) as pilot:
        column = labels(hand).index("B9") * 6 + 1  # cells fit [Y12] and a gap: 6 wide
        await pilot.click(hand, offset=(column, 0))
        assert hand.cursor_key == 4 and hand.selection == (4,)
        await pilot.click(hand, offset=(30, 1))  # beyond the last card: nothing
        assert hand.cursor_key == 4 and hand.selection == (4,)


async def test_hidden_hand_shows_a_count_of_face_down_cards() -> None:
    hidden = HiddenHand(7)
    app = WidgetApp(hidden)
    async with app.run_test(size=(40, 3)):
        assert str(hidden.render()) == "▮▮▮▮▮▮▮ 7"
        hidden.set_count(0)
        assert str(hidden.render()) == "no cards"


# ---- SplayedPile and CardGroups -------------------------------------------------------

async def test_splayed_pile_shows_every_card_oldest_first() -> None:
    cards = [face(i, label) for i, label in enumerate(
        ["P1", "B6", "Y12", "G3", "B9", "P7", "Y2", "P13", "B8", "G11", "Y10", "P5"])]
    pile = SplayedPile("left pile", cards)
    app = WidgetApp(pile)
    async with app.run_test(size=(22, 10)) as pilot:
        await pilot.pause()
        text = str(pile.render())
        assert text.split() == [f.label for f in cards]  # all of them, in order
        assert len(text.splitlines()) > 1  # wrapped between cards, never inside one
        assert pile.outer_size.height == len(text.splitlines()) + 2  # plus the border
        assert pile.border_title == "left pile · 12 cards"


async def test_splayed_pile_is_chosen_with_enter_and_steps_to_the_other_pile() -> None:
    left = SplayedPile("left pile", [face(0, "P1")])
    right = SplayedPile("right pile", [])
    app = WidgetApp(left, right)
    chosen: list[str] = []
    hook = recorder(SplayedPile.Chosen, lambda m: chosen.append(m.pile.title))
    async with app.run_test(size=(30, 10), message_hook=hook) as pilot:
        assert (left.border_title, right.border_title) == ("left pile · 1 card",
                                                           "right pile · 0 cards")
        left.focus()
        await pilot.press("right")
        assert app.focused is right
        assert str(right.render()) == "(empty)"
        await pilot.press("l", "enter")
        assert app.focused is left
        await pilot.pause()
    assert chosen == ["left pile"]


async def test_card_groups_bracket_each_meld_and_wrap_between_melds() -> None:
    melds = CardGroups([[face(0, "Y10"), face(1, "Y11"), face(2, "Y12")],
                        [face(3, "P4"), face(4, "Y4"), face(5, "B4")]], empty="no melds")
    app = WidgetApp(melds)
    async with app.run_test(size=(16, 5)) as pilot:
        await pilot.pause()
        assert str(melds.render()).splitlines() == ["[Y10 Y11 Y12]", "[P4 Y4 B4]"]
        melds.set_groups([])
        await pilot.pause()
        assert str(melds.render()) == "no melds"


# ---- ScoringArea and FragmentTracker --------------------------------------------------

async def test_scoring_area_reads_as_words_counts_thresholds_points_penalty_total() -> None:
    area = ScoringArea()
    app = WidgetApp(area)
    async with app.run_test(size=(120, 3)) as pilot:
        area.set_score([SuitTally("Green", "suit-g", 4, 3, 4, 2),
                        SuitTally("Yellow", "suit-y", 1, 4), SuitTally("Blue", "suit-b", 0, 5),
                        SuitTally("Purple", "suit-p", 6, 6, 1)],
                       penalty_cards=4, penalty=1, total=6)
        await pilot.pause()
        assert str(area.render()) == (
            "Green 4 of 3 +6  Yellow 1 of 4  Blue 0 of 5  Purple 6 of 6 +1  "
            "· 4 penalty cards cost 1  · score 6")
        assert area.total == 6
        area.set_score(area.tallies, penalty_cards=1, penalty=0, total=6)
        await pilot.pause()
        assert "· 1 penalty card costs 0  · score 6" in str(area.render())


async def test_scoring_area_wraps_between_cells_when_narrow() -> None:
    area = ScoringArea()
    app = WidgetApp(area)
    async with app.run_test(size=(30, 6)) as pilot:
        area.set_score([SuitTally("Green", "", 0, 3), SuitTally("Yellow", "", 0, 4)], 0, 0, 0)
        await pilot.pause()
        lines = str(area.render()).splitlines()
        assert lines == ["Green 0 of 3  Yellow 0 of 4", "· no penalty cards  · score 0"]
        assert area.size.height == 2


async def test_fragment_tracker_shows_filled_and_empty_fragments() -> None:
    tracker = FragmentTracker("Ada", 2, 4)
    app = WidgetApp(tracker)
    async with app.run_test(size=(30, 3)):
        assert str(tracker.render()) == "Ada ●●○○"
        tracker.set_progress(5, 4)  # a Nova can overshoot the target
        assert tracker.marks == "●●●●●"
        tracker.set_progress(0, 2, label="Bot")
        assert str(tracker.render()) == "Bot ○○"


async def test_a_cursor_key_draws_only_the_two_cards_it_changes() -> None:
    """The hand keeps each card's drawing (LineWidget): moving the cursor draws the card
    it leaves and the card it reaches, never the whole hand again."""
    hand = Hand(HAND, captions=False)
    app = WidgetApp(hand)
    async with app.run_test(size=(60, 6)) as pilot:
        hand.focus()
        await pilot.pause()
        before = hand.lines_rendered
        await pilot.press("right")
        assert hand.lines_rendered - before == 2
        await pilot.press("left")  # both drawings are known by now
        assert hand.lines_rendered - before == 2
