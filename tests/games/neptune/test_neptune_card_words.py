"""How a Neptune card is named: its strength and its points read apart everywhere."""

from __future__ import annotations

from neptune_tables import card, play, table

from tui_games.games.neptune.card_words import card_face, card_name, face_legend
from tui_games.games.neptune.state import CP


def test_every_card_named_in_words_says_its_points_with_their_unit() -> None:
    # "G1 (10)" in the log, the status line and the lines' choices: the bracket was read
    # as strength. Each number now says what it is, in sentences and on the card's face.
    g1, b10 = card("G1"), card("B10")
    assert card_name(g1) == "Green 1 (worth 10 points)"
    assert card_name(b10) == "Blue 10 (worth 1 point)"
    assert card_face(g1) == "G1 10pt"
    assert face_legend(b10) == "B10 1pt is Blue, strength 10, worth 1 point"
    s = play(table(["G1", "G10"]), "G1", "G10")
    assert [e.text for e in s.log][:2] == [
        "Seat 1 leads Green 1 (worth 10 points).",
        "Seat 2 plays Green 10 (worth 1 point).",
    ]
    for c in range(30):
        assert "(" not in card_face(c) and card_face(c).endswith("pt")
        assert f"worth {11 - CP[c]} point" in card_name(c)
