"""engine.text.fit: a line cut to a width always says so with "…" (issue 19, item 4)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tui_games.engine.text import ELLIPSIS, fit


def test_a_line_that_fits_is_left_as_it_is() -> None:
    assert fit("Colony none", 11) == "Colony none"
    assert fit("", 0) == ""


def test_a_cut_ends_after_a_whole_word_with_an_ellipsis() -> None:
    """'Air Thieves: win attack: take 1O | needs' lost the requirement with no mark."""
    assert fit("Air Thieves: win attack: take 1O | needs A4 L2", 40) == (
        "Air Thieves: win attack: take 1O…")
    assert fit("B Bot 2  W7 A6 L4 O2 H8 · no colony · 0/3 done", 44) == (
        "B Bot 2  W7 A6 L4 O2 H8 · no colony · 0/3…")


def test_a_long_word_is_cut_inside_it_with_the_ellipsis() -> None:
    assert fit("Architect's Palace", 8) == "Archite…"
    assert fit("abcdef", 1) == ELLIPSIS


@given(st.text(alphabet="ab ,|·-", max_size=40), st.integers(min_value=0, max_value=45))
def test_the_result_fits_and_is_the_text_or_ends_in_an_ellipsis(text: str, width: int) -> None:
    shown = fit(text, width)
    assert len(shown) <= width
    assert shown == text or shown.endswith(ELLIPSIS) or width == 0
    assert text.startswith(shown.removesuffix(ELLIPSIS))  # what is shown is the text's start
