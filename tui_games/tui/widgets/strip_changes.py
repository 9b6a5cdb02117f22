"""What changed between two rows of strips, cell by cell as a terminal shows them: the
columns to repaint (``changed_span``, ``changed_regions``) and a strip with its
alike-looking segments joined (``merged``). LineWidget and the cell maps repaint by these,
so that a key writes only the cells that changed (over SSH, bytes are what a player waits
for).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import repeat

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.cache import LRUCache
from textual.geometry import Region
from textual.strip import Strip

Look = tuple[Style, str | None] | None  # a style without its meta, and its link
Cell = tuple[str, Look] | None  # a character and its look; None: past the end


@lru_cache(maxsize=4096)
def look(style: Style | None) -> Look:
    """A style as the terminal shows it: without its meta (Textual puts the offset of
    each segment's first cell there, so the same look at another column compares
    unequal), with its link."""
    return None if style is None else (style.clear_meta_and_links(), style.link)


@lru_cache(maxsize=4096)
def blank_look(style: Style | None) -> Look:
    """How a blank cell in ``style`` shows: its background, and its colour only where
    something is drawn through it in that colour (a line, an inversion); never its
    weight (see _blank_shows_alike)."""
    if style is None:
        return None
    drawn = bool(style.reverse or style.underline or style.underline2 or style.strike
                 or style.overline)
    # ``or None``: an attribute set off (Textual pads a line with ``reverse=False``)
    # shows as one never set.
    return look(Style(bgcolor=style.bgcolor, reverse=style.reverse or None,
                      underline=style.underline or None,
                      underline2=style.underline2 or None, strike=style.strike or None,
                      overline=style.overline or None, conceal=style.conceal or None,
                      frame=style.frame or None, encircle=style.encircle or None,
                      color=style.color if drawn else None,
                      dim=style.dim if drawn else None, link=style.link))


_SINGLE: set[str] = set()  # characters known to take one cell each (see _one_cell_each)


def _one_cell_each(text: str) -> bool:
    """Whether every character of ``text`` takes exactly one cell: then its cells are its
    characters, built at C speed in ``cells`` (most segments are letters, digits, box and
    card symbols; a wide or zero-width character takes the slow path)."""
    if _SINGLE.issuperset(text):
        return True
    single = True
    for char in set(text).difference(_SINGLE):
        if cell_len(char) == 1:
            _SINGLE.add(char)
        else:
            single = False
    return single


def cells(strip: Strip) -> list[Cell]:
    """A strip cell by cell, each with its look: the second cell of a wide character is
    ("", look), and a zero-width character joins the cell before it. A blank's look is
    what shows of it (``blank_look``): a blank that only changed colour is not a change."""
    out: list[Cell] = []
    for text, style, control in strip:
        if control:
            continue
        shown = look(style)
        blank = blank_look(style)
        if _one_cell_each(text):
            # Each character its own cell; a blank takes the blank's look (dict.get with
            # ``shown`` as the default, character by character).
            looks = repeat(shown) if blank == shown else map({" ": blank}.get, text,
                                                             repeat(shown))
            out.extend(zip(text, looks, strict=False))  # looks may repeat without end
            continue
        for char in text:
            if char == " ":
                out.append((char, blank))
                continue
            size = cell_len(char)
            if size == 0 and out and out[-1] is not None:
                out[-1] = (out[-1][0] + char, out[-1][1])
            elif size:
                out.append((char, shown))
                out.extend([("", shown)] * (size - 1))
    return out


_kept_cells: LRUCache[int, tuple[Strip, list[Cell] | None]] = LRUCache(4096)


def _strip_cells(strip: Strip) -> list[Cell] | None:
    """``cells(strip)``, worked out once a strip (a strip is immutable, and the rows on
    screen are the cache's: a row compared on one key is compared again on the next); None
    when a cell of it is not one of its characters' own (a zero-width character joins the
    cell before it, a control segment has none): then its cells are not its segments'."""
    kept = _kept_cells.get(id(strip))
    if kept is not None and kept[0] is strip:  # the id of a strip still alive
        return kept[1]
    found: list[Cell] | None = cells(strip)
    if not all(_cells_are_characters(text, control) for text, _, control in strip):
        found = None
    _kept_cells.set(id(strip), (strip, found))
    return found


def _cells_are_characters(text: str, control: object) -> bool:
    """Whether ``text`` has a cell (or two) per character, as many as its cell length
    (Rich measures some sequences as one cluster), none joined to the cell before it."""
    if control:
        return False
    if _one_cell_each(text):
        return True
    sizes = [cell_len(char) for char in text]
    return 0 not in sizes and sum(sizes) == cell_len(text)


def changed_span(old: Strip, new: Strip) -> tuple[int, int] | None:
    """The columns [start, end) from the first cell where ``old`` and ``new`` differ to
    the last (None: they look the same). Past its end a strip is blank, which differs
    from any cell; a wide character is never cut in half. One span, not several: Textual
    writes each span of a row from the widget's left edge (it crops only the right end),
    so two spans on a row would write its start twice."""
    if old is new:
        return None
    before, after = list(old), list(new)
    # Whole segments first (most are shared: a cursor key changes one or two), cell by
    # cell only between the first and the last that differ.
    first, start = 0, 0
    while first < len(before) and first < len(after) and before[first] == after[first]:
        start += cell_len(before[first].text)
        first += 1
    if first == len(before) == len(after):
        return None
    last_old, last_new = len(before), len(after)
    tail = 0  # the cells of the segments both end with
    if old.cell_length == new.cell_length:  # the same end: the tails line up
        while (last_old > first and last_new > first
               and before[last_old - 1] == after[last_new - 1]):
            last_old -= 1
            last_new -= 1
            tail += cell_len(before[last_old].text)
    old_cells, new_cells = _strip_cells(old), _strip_cells(new)
    if old_cells is None or new_cells is None:
        span = _cell_span(cells(Strip(before[first:last_old])),
                          cells(Strip(after[first:last_new])))
    else:  # the same cells as the segments between, without building them again
        span = _cell_span(old_cells[start:len(old_cells) - tail],
                          new_cells[start:len(new_cells) - tail])
    return None if span is None else (start + span[0], start + span[1])


def _cell_span(before: list[Cell], after: list[Cell]) -> tuple[int, int] | None:
    """changed_span, cell by cell."""
    length = max(len(before), len(after))
    before = before + [None] * (length - len(before))
    after = after + [None] * (length - len(after))
    start = 0
    while start < length and before[start] == after[start]:
        start += 1
    if start == length:
        return None
    end = length
    while end > start and before[end - 1] == after[end - 1]:
        end -= 1
    while start > 0 and (_second_half(before[start]) or _second_half(after[start])):
        start -= 1
    while end < length and (_second_half(before[end]) or _second_half(after[end])):
        end += 1
    return start, end


def _second_half(cell: Cell) -> bool:
    return cell is not None and cell[0] == ""


def _blank_shows_alike(one: Style | None, other: Style | None) -> bool:
    """Whether blanks drawn in ``one`` look as in ``other`` (``blank_look``), with
    neither drawing anything through them: then a blank may take either look."""
    if one is None or other is None or blank_look(one) != blank_look(other):
        return False
    return not any(style.reverse or style.underline or style.underline2 or style.strike
                   or style.overline or style.link or style.conceal or style.frame
                   or style.encircle for style in (one, other))


def _clickless(style: Style | None) -> bool:
    """True when ``style`` carries no meta but the offset Textual puts there (no click)."""
    return style is None or set(style.meta) <= {"offset"}


def merged(strip: Strip) -> Strip:
    """``strip`` with neighbouring segments that look the same joined into one, and a
    blank segment joined to a neighbour whose look shows it alike (see
    _blank_shows_alike): the terminal is sent each segment with its own colour codes
    (about 25 bytes), so a row of many small segments costs several times its text.
    The cells look the same; the joined segment keeps the first one's offset, so a
    text selection still finds its columns."""
    texts: list[str] = []
    styles: list[Style | None] = []
    looks: list[Look] = []
    for text, style, control in strip:
        if control:
            return strip  # cursor moves and the like: left as they are
        shown = look(style)
        if texts and _clickless(style) and _clickless(styles[-1]):
            before = styles[-1]
            if looks[-1] == shown or (not text.strip(" ")
                                      and _blank_shows_alike(before, style)):
                texts[-1] += text
                continue
            if (not texts[-1].strip(" ") and style is not None and before is not None
                    and _blank_shows_alike(before, style)):
                # The blank before this segment takes its look, at the blank's offset.
                texts[-1] += text
                styles[-1] = style.clear_meta_and_links() + Style.from_meta(before.meta)
                looks[-1] = shown
                continue
        texts.append(text)
        styles.append(style)
        looks.append(shown)
    if len(texts) == len(strip):
        return strip
    return Strip([Segment(text, style) for text, style in zip(texts, styles, strict=True)],
                 strip.cell_length)


def changed_regions(old: Sequence[Strip], new: Sequence[Strip], width: int,
                    top: int = 0) -> list[Region]:
    """The regions to repaint when rows ``old`` become ``new`` (row ``top`` first): per
    row that changed, its changed columns; a row that came or went, the whole width."""
    regions: list[Region] = []
    for y in range(max(len(old), len(new))):
        if y >= len(old) or y >= len(new):
            regions.append(Region(0, top + y, width, 1))
        elif (old[y] is not new[y] and old[y] != new[y]
              and (span := changed_span(old[y], new[y])) is not None):
            start, end = span
            if start < width:
                regions.append(Region(start, top + y, min(end, width) - start, 1))
    return regions
