"""Letting go of closed tables: what Textual 8 keeps of widgets after they are gone.

A long session (issue 11: 50 games in one app) climbed from 48 MB after the first game to
86 MB after the fiftieth. What grew was not the games but widgets already removed, kept
by two places in Textual 8.2 (both reported upstream and open):

- ``StylesCache.get_inner_outer`` is an ``lru_cache`` on a method, so its key holds the
  StylesCache of the widget that called it, and with it every strip that widget last
  drew. Up to 1024 of them stay after their widgets are gone: every table, dialog and
  card face of the last games (Textualize/textual#6665).
- ``watch(node, ...)`` and ``data_bind`` store (watcher, callback) on the watched node,
  and Textual drops the entries of closed watchers only when the watched value next
  changes. A Footer's ``compact`` never changes, and each time its screen's keys change
  it makes new key widgets bound to it: the menu's Footer kept every key it ever showed,
  ten more with every game (Textualize/textual#6666).

A node's ``query_one`` cache, too, keeps the nodes it found after they are removed (its
key changes with the node's children, so their entries are never used again); on a node
that lives long (the menu screen), they would pile up.

``release_closed_widgets(app)`` lets go of all three. The app calls it whenever a game closes
(``GamesApp.back_to_menu``): what a session keeps then stays bounded by one game's worth.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from textual.app import App
from textual.dom import DOMNode
from textual.screen import Screen

from tui_games.tui.textual_private import clear_inner_outer_cache, forget_query_cache

WATCHERS = "__watchers"  # where textual.reactive keeps a node's watchers (not name-mangled)


def live_nodes(app: App[Any]) -> Iterator[DOMNode]:
    """The app and every node of every screen on its stack, each once (the app uses no
    modes and installs no screens: its screen stack is every screen it holds)."""
    screens: list[Screen[Any]] = list(app.screen_stack)
    seen: set[int] = set()
    for root in (app, *screens):
        for node in root.walk_children(with_self=True):
            if id(node) not in seen:
                seen.add(id(node))
                yield node


def prune_watchers(app: App[Any]) -> int:
    """Drop the watchers of closed nodes from every live node, and empty every live
    node's ``query_one`` cache; how many watchers were dropped."""
    dropped = 0
    for node in live_nodes(app):
        forget_query_cache(node)
        watchers: dict[str, list[tuple[DOMNode, Any]]] | None = vars(node).get(WATCHERS)
        for entries in (watchers or {}).values():
            # A removed widget is no longer attached to the app's DOM (the app itself
            # is its root, never "attached" to anything).
            alive = [(watcher, callback) for watcher, callback in entries
                     if watcher is app or watcher.is_attached]
            dropped += len(entries) - len(alive)
            entries[:] = alive
    return dropped


def clear_style_caches() -> None:
    """Empty the cache that holds the styles caches of removed widgets (see the module)."""
    clear_inner_outer_cache()


def release_closed_widgets(app: App[Any]) -> int:
    """Let go of what Textual keeps of closed widgets (see the module): the styles
    caches, closed watchers and query results on live nodes. Returns how many watchers
    were dropped."""
    clear_style_caches()
    return prune_watchers(app)
