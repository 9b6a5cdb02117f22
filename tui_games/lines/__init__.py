"""Every game as a conversation of plain lines (``tui-games --lines``): for screen readers,
braille displays and scripts. No escape sequence, no colour, no redraw; one line of input
at a time. Pure Python: no textual, no rich (an import-linter contract says so).
"""
