"""GameFooter: the keys change only when the bindings shown really change."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.geometry import Region
from textual.screen import ModalScreen, Screen

from tui_games.tui.widgets.footer import GameFooter, KeySpec
from tui_games.tui.widgets.footer_fit import fit


class Table(Screen[None]):
    """A screen with one key that can be switched on and off."""

    BINDINGS = [Binding("d", "draw", "Draw"), Binding("m", "menu", "Menu")]

    def __init__(self) -> None:
        super().__init__()
        self.can_draw = True

    def compose(self) -> ComposeResult:
        yield GameFooter(show_command_palette=False)  # as the game screens have it

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.can_draw if action == "draw" else True

    def action_draw(self) -> None:
        """Nothing to draw in this test."""

    def action_menu(self) -> None:
        """No menu in this test."""


SCROLL = Binding.Group("Scroll")


class GroupedTable(Screen[None]):
    """Two keys of one group, and one alone."""

    BINDINGS = [Binding("pageup", "scroll(1)", "Back", key_display="PgUp/Dn", group=SCROLL),
                Binding("pagedown", "scroll(-1)", "On", group=SCROLL),
                Binding("m", "menu", "Menu")]

    def __init__(self) -> None:
        super().__init__()
        self.scrolled: list[int] = []

    def compose(self) -> ComposeResult:
        yield GameFooter(show_command_palette=False)

    def action_scroll(self, by: int) -> None:
        self.scrolled.append(by)

    def action_menu(self) -> None:
        """No menu in this test."""


class FooterApp(App[None]):
    def __init__(self, table: type[Screen[None]] = Table) -> None:
        super().__init__()
        self.table = table

    def on_mount(self) -> None:
        self.push_screen(self.table())


def descriptions(footer: GameFooter) -> list[str]:
    return [key.description for key in footer.keys]


async def test_footer_repaints_only_when_its_bindings_change() -> None:
    app = FooterApp()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, Table)
        footer = table.query_one(GameFooter)
        assert descriptions(footer) == ["Draw", "Menu"]
        assert " d Draw " in str(footer.render())
        shown = footer.updates

        table.refresh_bindings()  # nothing changed: no repaint
        await pilot.pause()
        assert footer.updates == shown

        table.can_draw = False  # a key switched off: the footer follows
        table.refresh_bindings()
        await pilot.pause()
        assert footer.updates == shown + 1
        assert descriptions(footer) == ["Menu"]
        assert "Draw" not in str(footer.render())

        table.can_draw = True
        table.refresh_bindings()
        await pilot.pause()
        assert descriptions(footer) == ["Draw", "Menu"]


async def test_under_a_dialog_the_footer_shows_no_keys_and_they_come_back() -> None:
    """Issue 17: the dimmed table under a dialog showed the table's keys on its bottom
    row, keys that do not work while the dialog is open."""
    app = FooterApp()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        table = app.screen
        footer = table.query_one(GameFooter)
        assert descriptions(footer) == ["Draw", "Menu"]
        app.push_screen(ModalScreen[None]())
        await pilot.pause()
        assert descriptions(footer) == []
        assert "Draw" not in str(footer.render())
        app.pop_screen()
        await pilot.pause()
        assert descriptions(footer) == ["Draw", "Menu"]


async def test_the_footer_never_asks_the_screen_for_a_layout_pass() -> None:
    app = FooterApp()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, Table)
        footer = table.query_one(GameFooter)
        layouts: list[bool] = []
        original = footer.refresh

        def spy(*args: object, layout: bool = False, **kwargs: object) -> object:
            layouts.append(layout)
            return original(*args, layout=layout, **kwargs)  # type: ignore[arg-type]

        footer.refresh = spy  # type: ignore[method-assign]
        table.can_draw = False
        table.refresh_bindings()
        await pilot.pause()
        assert layouts and not any(layouts)
        assert not footer.children  # no key widgets to mount, style and lay out


async def test_a_key_dimmed_repaints_only_the_columns_up_to_it() -> None:
    """Issue 17: a key switched off (or dimmed) made the footer repaint all its line,
    ~800 bytes to the terminal; only the cells that look different are repainted."""
    app = FooterApp()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, Table)
        footer = table.query_one(GameFooter)
        asked: list[tuple[object, ...]] = []
        original = footer.refresh

        def spy(*regions: object, **kwargs: object) -> object:
            asked.append(regions)
            return original(*regions, **kwargs)  # type: ignore[arg-type]

        footer.refresh = spy  # type: ignore[method-assign]
        table.can_draw = None  # type: ignore[assignment]  # shown, dimmed
        table.refresh_bindings()
        await pilot.pause()
        assert [key.disabled for key in footer.keys] == [True, False]
        menu = str(footer.render()).index(" m Menu")  # the key after it, unchanged
        assert asked and all(len(regions) == 1 for regions in asked)
        region = asked[0][0]
        assert isinstance(region, Region)
        assert region.width and region.right <= menu


async def test_a_click_on_a_key_presses_it() -> None:
    app = FooterApp()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, Table)
        pressed: list[str] = []
        table.action_menu = lambda: pressed.append("menu")  # type: ignore[method-assign]
        footer = table.query_one(GameFooter)
        text = str(footer.render())
        await pilot.click(GameFooter, offset=(text.index("Menu"), 0))
        await pilot.pause()
        assert pressed == ["menu"]


async def test_a_group_of_keys_is_one_entry_named_by_its_first_key() -> None:
    """Issue 19: four log keys did not fit 80 columns one by one."""
    app = FooterApp(GroupedTable)
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, GroupedTable)
        footer = table.query_one(GameFooter)
        assert descriptions(footer) == ["Scroll", "Menu"]
        assert [key.covers for key in footer.keys] == [("pageup", "pagedown"), ("m",)]
        text = str(footer.render())
        assert "PgUp/Dn Scroll" in text and "Back" not in text
        await pilot.click(GameFooter, offset=(text.index("Scroll"), 0))
        await pilot.press("pagedown")
        assert table.scrolled == [1, -1]  # a click presses the group's first key


SHARED = ("save", "undo", "rules", "hint")


def entry(key: str, description: str, action: str = "") -> KeySpec:
    return KeySpec(key, key, description, False, (key,), action or description.lower())


GAME_KEYS = [entry("d", "Draw", "draw"), entry("e", "End turn", "end")]
TABLE_KEYS = [entry("^s", "Save"), entry("^z", "Undo"), entry("?", "Rules"),
              entry("PgUp/Dn", "Log", "hint")]


def test_keys_that_fit_keep_their_words() -> None:
    fitted = fit([*GAME_KEYS, *TABLE_KEYS], 80, shrinkable=SHARED)
    assert fitted.line.plain == "d Draw e End turn ^s Save ^z Undo ? Rules PgUp/Dn Log"
    assert fitted.folded == 0


def test_shared_keys_give_up_their_words_one_at_a_time_best_known_first() -> None:
    """Issue 19: at 80 columns the last keys were cut. Now the shared keys fold, one at a
    time and only as many as needed, into one entry at the end; game keys keep words."""
    keys = [*GAME_KEYS, *TABLE_KEYS]
    steps = ["d Draw e End turn ^z Undo ? Rules PgUp/Dn Log ^s",
             "d Draw e End turn ? Rules PgUp/Dn Log ^s^z",
             "d Draw e End turn PgUp/Dn Log ^s^z?",
             "d Draw e End turn ^s^z? PgUp/Dn"]
    widths = [len(line) for line in steps]
    assert [fit(keys, width, shrinkable=SHARED).line.plain for width in widths] == steps
    assert [fit(keys, width - 1, shrinkable=SHARED).folded for width in widths] == [2, 3, 4, 4]
    # every key is on each line, where a click presses it
    for width in widths:
        fitted = fit(keys, width, shrinkable=SHARED)
        assert {spec for _start, _end, spec in fitted.spans} == set(keys)
        for start, end, spec in fitted.spans:
            assert fitted.line.plain[start:end].startswith(spec.display)


def test_keys_not_named_shrinkable_are_cut_rather_than_folded() -> None:
    fitted = fit([*GAME_KEYS, *TABLE_KEYS], 20, shrinkable=())
    assert fitted.line.plain == "d Draw e End turn"
    assert [spec.description for _s, _e, spec in fitted.spans] == ["Draw", "End turn"]
