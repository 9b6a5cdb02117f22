"""Which Nebular Colors keys do something now, and which legal action a key picks (pure).

The screen routes keys and shows their answers; the choices are made here from the
phase and the list of legal actions, so they can be checked without running the app.
A key never decides what is legal: it only looks among ``legal_actions``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from tui_games.engine.core import Action
from tui_games.games.nebular_colors.state import (
    Discard,
    Draw,
    EndTurn,
    Meld,
    Nova,
    Stop,
    Take,
)

# Keys whose binding is hidden outside its phase: pressed anyway, they get an explanation.
PHASE_KEYS = {"d": "draw", "t": "take", "1": "pile", "2": "pile", "m": "meld",
              "e": "end_turn", "S": "stop", "N": "nova", "enter": "confirm"}
SHOWN_IN = {
    "draw": {"choose"}, "take": {"choose"}, "pile": {"discard"}, "confirm": {"discard"},
    "meld": {"take_set", "meld"}, "end_turn": {"meld"}, "stop": {"stop_or_nova"},
    "nova": {"stop_or_nova"},
}
# What a key pressed out of its phase is tried as, so that ``why_not`` can say why not.
PROBES: dict[str, Action] = {
    "draw": Draw(), "take": Take(pile=0), "pile": Take(pile=0), "meld": Meld(cards=()),
    "end_turn": EndTurn(), "stop": Stop(), "nova": Nova(), "confirm": EndTurn(),
}


def key_shown(action: str, phase: str, *, mine: bool, picking: bool, can_meld: bool,
              can_take: bool) -> bool:
    """Whether the footer offers the game key bound to ``action`` (one of SHOWN_IN's).

    ``mine``: the keyboard decides now; ``picking``: a pile is being chosen (1 / 2 answer
    it in any phase); ``can_meld`` and ``can_take``: whether the legal actions hold a meld
    or a take.
    """
    if not mine:
        return False
    if action == "pile" and picking:
        return True
    if action == "meld" and phase == "meld":
        return can_meld
    if action == "take":
        return phase == "choose" and can_take
    return phase in SHOWN_IN[action]


def can_meld(legal: Sequence[Action]) -> bool:
    """Whether a meld can be made (m does something)."""
    return any(isinstance(a, Meld) for a in legal)


def can_take(legal: Sequence[Action]) -> bool:
    """Whether a pile can be taken (t does something)."""
    return any(isinstance(a, Take) for a in legal)


def take_piles(legal: Sequence[Action]) -> list[int]:
    """The piles that can be taken."""
    return [a.pile for a in legal if isinstance(a, Take)]


def discard_piles(legal: Sequence[Action], card: int | None) -> list[int]:
    """The piles ``card`` can be discarded on (none for no card)."""
    return [a.pile for a in legal if isinstance(a, Discard) and a.card == card]


def chosen_meld(legal: Sequence[Action], chosen: Collection[int]) -> Meld | None:
    """The legal meld of exactly the ``chosen`` cards, if there is one."""
    wanted = set(chosen)
    for action in legal:
        if isinstance(action, Meld) and set(action.cards) == wanted:
            return action
    return None
