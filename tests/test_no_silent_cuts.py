"""No text is cut to a width by hand (issue 19, item 4): a slice like ``text[:width]``
drops the end of a line with no mark, before any widget could add one. Text that must
fit a width goes through ``tui_games.engine.text.fit`` (an ellipsis marks the cut) or
to a widget that fits it (TextLines, StatusLine, ActionList).

What counts: a slice with only an upper bound (``x[:n]``) in tui_games/ where the bound
names a width or room, or the value sliced is text (a string, an f-string, or a name
such as ``name``, ``title``, ``label``). Slices of lists, and cuts that are not about
showing text, are listed in ALLOWED with the reason.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tui_games"
ROOM = re.compile(r"width|room|wide|cols|column")
TEXTY = re.compile(r"(^|_)(name|title|text|label|caption|line|legend|head|words?)s?$")

# (module, source of the slice): why it is not a silent cut of shown text.
ALLOWED = {
    ("engine/text.py", "text[:room]"): "fit itself",
    ("engine/text.py", "ELLIPSIS[:max(width, 0)]"): "fit itself, for a width of 0",
    ("engine/text.py", "line[:max(limit - 1, 0)]"): "one_line, followed by the ellipsis",
    ("tui/screens/save_name.py", "text[:max(room, 0)]"): "typed input kept to its maximum length",
    ("tui/screens/fields.py", "clean[:max(room, 0)]"): "typed input kept to its maximum length",
    ("tui/screens/load.py", "text[:max(width - 1, 0)]"): "load's own fit, followed by the ellipsis",
    ("tui/widgets/cell_map.py", "self._col_labels[:self.cols]"): "a list of column labels",
    ("games/neptune/screen.py", "name[:room - 1]"): "name_cell, followed by the ellipsis",
    ("games/nova_lux/view.py", "here[:room - 1]"): "a list of seats (a '+' marks the rest)",
    ("games/nova_lux/view.py", "colony.ljust(width - 3)[:width - 3]"):
        "a colony mark '(r)' padded to its cell: three characters at most",
    ("engine/grammar.py", "text[:start]"): "a sentence split where a name starts",
    ("games/nebular_colors/texts.py", "label[:9]"): "followed by the ellipsis",
    ("games/via_nebula/offers.py", "texts[:rows - 1]"):
        "a list of lines (the last says how many more)",
    ("games/via_nebula/view.py", "text[:left]"):
        "a map cell's marks cut to the cell (the info line under the map names the hex in full)",
    ("online/server.py", "name[:40]"): "a name sent by a client, kept to its maximum length",
    ("games/__init__.py", "lines[:3]"): "a list of lines (the rules' opening, compared)",
    ("tui/screens/new_game.py", "label[:OPTION_FITS - 1]"):
        "cut at a word, followed by the ellipsis, the whole label under the field",
    ("tui/widgets/status.py", "last[:width - len(ELLIPSIS)]"):
        "fit_lines, followed by the ellipsis",
}


def silent_cuts(path: Path) -> list[str]:
    """The hand-made cuts of shown text in one module, as source snippets."""
    tree = ast.parse(path.read_text(), filename=str(path))
    found: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Subscript) or not isinstance(node.slice, ast.Slice):
            continue
        cut = node.slice
        if cut.lower is not None or cut.upper is None or cut.step is not None:
            continue
        bound = cut.upper
        if isinstance(bound, ast.UnaryOp) or (isinstance(bound, ast.Constant)
                                              and bound.value in (0, 1)):
            continue  # text[:1] (a first letter), titles[:-1] (all but the last)
        value = node.value
        texty = (isinstance(value, ast.JoinedStr)
                 or (isinstance(value, ast.Constant) and isinstance(value.value, str))
                 or bool(TEXTY.search(ast.unparse(value).rsplit(".", 1)[-1])))
        if texty or ROOM.search(ast.unparse(cut.upper)):
            found.append(ast.unparse(node))
    return found


def test_no_text_is_cut_to_a_width_without_an_ellipsis() -> None:
    faults = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = path.relative_to(PACKAGE).as_posix()
        for snippet in silent_cuts(path):
            if (module, snippet) not in ALLOWED:
                faults.append(f"{module}: {snippet}")
    assert not faults, "cut with no mark (use engine.text.fit):\n" + "\n".join(faults)


def test_every_allowed_cut_is_still_there() -> None:
    """An allowance that no longer matches anything is dropped (it would hide a new cut)."""
    present = {(path.relative_to(PACKAGE).as_posix(), snippet)
               for path in PACKAGE.rglob("*.py") for snippet in silent_cuts(path)}
    assert not set(ALLOWED) - present
