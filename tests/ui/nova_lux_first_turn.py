"""The opening several Nova Lux table tests start from."""

from __future__ import annotations

from tui_games.engine.session import Seat, Session
from tui_games.games.nova_lux.rules import NovaLuxRules
from tui_games.games.nova_lux.state import NovaLuxState, PlaceShip

RULES = NovaLuxRules()


def first_turn(bo: str | None = "normal", offers: str = "off") -> Session:
    """Ann against Bo (``bo``: a bot level, None for a human), seed 5, the draft done by
    the first card each time and both Arks on D4: Ann's first turn."""
    session = Session.new(RULES, [Seat("Ann"), Seat("Bo", bo)], 5, {"offers": offers})
    state: NovaLuxState = session.state
    while state.phase == "draft":
        session.apply(RULES.legal_actions(state)[0])
    session.apply(PlaceShip(24))
    session.apply(PlaceShip(24))
    return session
