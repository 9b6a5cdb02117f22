"""No Textual or Rich private names in tui_games/ beyond the ones listed here (issue 17).

Private names change without notice between Textual releases; tui_games keeps the few it
cannot do without in tui_games/tui/textual_private.py, and pyproject pins Textual to the minor
release they were tested with while any remain. A new one fails this test: use the
public API, or add it to textual_private.py and to ALLOWED with the reason there.

What counts (found in the code, not in comments or strings about it):
- an import of an underscore module of textual or rich (``textual._context``), or of an
  underscore name from one (``from textual.widgets._select import ...``,
  ``from textual.x import _y``);
- an attribute ``obj._name`` where ``_name`` is one Textual or Rich define and tui_games
  does not define itself (its own ``self._rows`` is its own business);
- any use or definition (an override) of the names in PRIVATE, even where tui_games
  defines the name too (``def _on_key`` overrides Textual's private handler).
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
import rich
import textual

PACKAGE = Path(__file__).resolve().parent.parent / "tui_games"

# Names that are Textual's internals whatever object they are reached through.
PRIVATE = {
    "_styles_cache", "_dirty_lines", "_exchange_repaint_regions", "_size_updated",
    "_get_component_classes", "key_to_bindings", "_bindings_ready", "_watch_compact",
    "_get_style", "background_screen", "render_bar", "_render_markup", "_gather_commands",
    "active_message_pump", "_screen_stacks", "_installed_screens", "_query_one_cache",
    "_driver", "UPDATE_PERIOD", "_on_mount", "_on_key", "_action_command_list",
    "_compositor", "_bindings",
}

# Modules of the standard library whose documented underscore names (os._exit) are fair.
STDLIB_MODULES = {"os", "sys"}

# (file under tui_games/, private name): how many times it may appear. Target: empty.
ALLOWED: dict[tuple[str, str], int] = {
    # Textual has no public way to avoid these crashes (see the module's docstring).
    ("tui/textual_private.py", "_context"): 1,
    ("tui/textual_private.py", "active_message_pump"): 2,
    ("tui/textual_private.py", "_gather_commands"): 2,
    ("tui/textual_private.py", "_GATHER_COMMANDS_GROUP"): 1,
    ("tui/textual_private.py", "_action_command_list"): 2,
    # The memory check's release of Textual's open leaks #6665 and #6666 (memory.py).
    ("tui/textual_private.py", "_styles_cache"): 1,
    ("tui/textual_private.py", "_query_one_cache"): 1,
    # A tool, not the game: the fuzz's frame-rate cap (TEXTUAL_FPS is read at import).
    ("tui/textual_private.py", "UPDATE_PERIOD"): 3,
}


@cache
def library_private_names() -> frozenset[str]:
    """Every underscore name Textual and Rich define (attributes, methods, globals)."""
    names: set[str] = set()
    for package in (textual, rich):
        for path in Path(package.__file__).parent.rglob("*.py"):
            names |= defined_names(ast.parse(path.read_text(encoding="utf-8")))
    return frozenset(name for name in names if is_private(name))


@cache
def own_names() -> frozenset[str]:
    """Every name tui_games defines itself."""
    names: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        names |= defined_names(ast.parse(path.read_text(encoding="utf-8")))
    return frozenset(names)


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def defined_names(tree: ast.AST) -> set[str]:
    """Names a module defines: functions, classes, globals, class and self attributes."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
    return names


def is_library(module: str | None) -> bool:
    return bool(module) and module.split(".")[0] in ("textual", "rich")  # type: ignore[union-attr]


def private_uses(tree: ast.AST) -> list[str]:
    """The private names of Textual and Rich that ``tree`` uses, one entry per use."""
    found: list[str] = []
    library, own = library_private_names(), own_names()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and is_library(node.module):
            found += [part for part in node.module.split(".")  # type: ignore[union-attr]
                      if is_private(part) or part in PRIVATE]
            found += [alias.name for alias in node.names
                      if is_private(alias.name) or alias.name in PRIVATE]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if is_library(alias.name):
                    found += [part for part in alias.name.split(".") if is_private(part)]
        elif isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id in STDLIB_MODULES:
                continue  # os._exit is the standard library's, not Textual's
            if node.attr in PRIVATE or (node.attr in library and node.attr not in own):
                found.append(node.attr)
        elif isinstance(node, ast.Name) and node.id in PRIVATE:
            found.append(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in PRIVATE:
            found.append(node.name)
    return found


def package_uses() -> Counter[tuple[str, str]]:
    uses: Counter[tuple[str, str]] = Counter()
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name in private_uses(tree):
            uses[(path.relative_to(PACKAGE).as_posix(), name)] += 1
    return uses


def test_tui_games_uses_no_private_textual_name_beyond_the_allowed_list() -> None:
    uses = package_uses()
    new = {key: count for key, count in uses.items() if count > ALLOWED.get(key, 0)}
    assert not new, f"Textual/Rich private names (file, name): uses: {new}"


def test_the_allowed_list_holds_nothing_that_is_gone() -> None:
    """A private name removed is taken off the list, so it cannot come back unseen."""
    uses = package_uses()
    stale = {key: count for key, count in ALLOWED.items() if uses.get(key, 0) < count}
    assert not stale, f"allowed but no longer used (lower or remove): {stale}"


def test_the_scan_finds_each_kind_of_private_use() -> None:
    """The scan itself: each form of private use is found, the public forms are not."""
    code = """
from textual._context import active_message_pump
from textual.widgets._select import SelectOverlay
from textual.renderables.background_screen import BackgroundScreen
import textual._compositor
from textual.widgets import Footer
widget._styles_cache.clear()
app._screen_stacks
self.refresh()
class F(Footer):
    def _on_key(self, event): ...
    def _watch_compact(self, compact): ...
"""
    found = private_uses(ast.parse(code))
    assert {"_context", "active_message_pump", "_select", "background_screen",
            "_compositor", "_styles_cache", "_screen_stacks", "_on_key",
            "_watch_compact"} <= set(found)
    assert "refresh" not in found and "Footer" not in found
    assert not re.search(r"\brefresh\b", " ".join(found))


def test_the_private_names_left_are_kept_in_one_module() -> None:
    """Whatever private name remains lives in textual_private.py, so a Textual upgrade has
    one module to read; pyproject pins Textual's minor release while any remain."""
    assert {path for path, _ in package_uses()} <= {"tui/textual_private.py"}
    pin = (PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8")
    if package_uses():
        assert re.search(r'"textual>=8\.2\.\d+,<8\.3"', pin), "pin Textual's minor release"


def test_the_ssh_doors_asyncssh_private_handlers_are_listed_and_still_exist() -> None:
    """The one place tui_games reaches into asyncssh: a session channel's agent and X11
    request handlers, which the door takes to say why it refuses ssh -A and -X (asyncssh
    has no callback for them). A release that renames them fails here; the door itself
    then refuses those requests without a reason line rather than failing to start."""
    asyncssh = pytest.importorskip("asyncssh")
    from tui_games.online.ssh import CHANNEL_REQUESTS

    assert set(CHANNEL_REQUESTS) == {
        "_process_auth_agent_req_at_openssh_dot_com_request", "_process_x11_req_request"}
    for name in CHANNEL_REQUESTS:
        assert callable(getattr(asyncssh.SSHServerChannel, name, None)), name
    used = {match for path in PACKAGE.rglob("*.py")
            for match in re.findall(r"_process_\w+_request", path.read_text(encoding="utf-8"))}
    assert used == set(CHANNEL_REQUESTS), used
