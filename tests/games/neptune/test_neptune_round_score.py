"""The game over's breakdown of Neptune points speaks the table's words."""

from __future__ import annotations

from neptune_tables import table

from tui_games.games.neptune.round_score import PARTS, seat_breakdown


def test_the_breakdown_names_top_cards_as_the_table_does_never_system_cards() -> None:
    # Issue 31, played: the game over said "system cards on top", a term used nowhere else
    # at the table, whose cards read Red, Green and Blue.
    s = table(["R4 G2", "R6 B3"])
    s.round_scores = [[12, 3]]
    s.round_parts = [[[15, 0, -3, 0], [3, 0, 0, 0]]]
    s.scores = [12, 3]
    rows = seat_breakdown(s, 0)
    labels = [label.strip() for label, _ in rows]
    assert labels == ["Round 1", "Red/Green/Blue on top", "Asteroids on top"]
    assert not any("system" in label for label in PARTS)
