"""Keep the garbage collector's full collections short while the player waits for frames.

CPython's cyclic collector walks every object of the generation it collects. A full
(generation 2) collection over what an open table holds - its widgets, styles, cached
strips, the session - took about 70 ms, and it lands whenever enough objects have been
made since the last one: often during the busiest key of all, the one that opens a
summary or game-over dialog. ``gc.freeze`` moves every object alive into a generation
the collector never walks (reference counting still frees them).

The app freezes what start-up made once the menu is drawn, and what a table holds once
the table is drawn: later collections walk only what was made since. Even so, a full
collection over what a game makes as it goes (log lines, dialogs, cached drawing) took
11-37 ms, one or two in 40 keys of a Neptune game, as often during a dialog's opening as
not: while a table is open, full collections wait for many more young ones
(FULL_EVERY), and the young generations still free what dies young. A frozen object is
never collected as a cycle, so when the last table closes everything is unfrozen and,
after the next frame, collected once and frozen again: a closed table's widgets go (a
long session must not grow with every game) and the menu's stay out of the walks.

From a dialog's opening over a table to its first frame no collection runs at all
(``hold``): it made 10-17 young and one or two middle collections, 3-7 ms, while the
player waited. They run as soon as the frame is out (``release``).

The app tells of those moments from tui_games/tui/heap_tables.py.
"""

from __future__ import annotations

import gc

# gc's third threshold while a table is open: how many middle-generation collections
# come before a full one (CPython's default is 10: about every 70,000 objects made).
FULL_EVERY = 1000


def collect_and_freeze() -> None:
    """Collect what is garbage now, then keep every object alive out of later walks."""
    gc.collect()
    gc.freeze()


class HeapFreezer:
    """Whether a table's objects are frozen (and full collections rare), and the two
    steps around a table's life."""

    def __init__(self) -> None:
        self.table_frozen = False
        self._thresholds: tuple[int, ...] = ()  # gc's, from before the table opened
        self.holding = False  # True from hold() to release(): the collector is off

    def table_shown(self) -> None:
        """After a table's first frame: collect once (startup's objects are frozen
        already, so this walks only what came since) and freeze what the table holds."""
        if not self.table_frozen:
            self.table_frozen = True
            collect_and_freeze()
            self._thresholds = gc.get_threshold()
            young, middle, *_ = self._thresholds
            gc.set_threshold(young, middle, FULL_EVERY)

    def table_closed(self) -> bool:
        """The last table closed: unfreeze everything, so that the closed table's cycles
        can be collected. True when the caller should ``collect_and_freeze`` after the
        next frame (the collection walks the whole heap: not while a frame waits)."""
        self.release()
        if not self.table_frozen:
            return False
        self.table_frozen = False
        gc.set_threshold(*self._thresholds)
        gc.unfreeze()
        return True

    def hold(self) -> bool:
        """Turn the collector off until ``release`` (False if it is off already: then
        whoever turned it off turns it on)."""
        if self.holding or not gc.isenabled():
            return False
        gc.disable()
        self.holding = True
        return True

    def release(self) -> None:
        """Turn the collector back on if ``hold`` turned it off: the collections put off
        run at the next allocation."""
        if self.holding:
            self.holding = False
            gc.enable()
