"""Nova Lux's rules: the Rules protocol, and ``apply`` handing each decision to its step.

A turn is a chain of small decisions in ``state.phase``. In ``turn`` the player does, in
any order and each at most once, Harvest, Move, Activate the Biosphere Engine and Establish
the Colony (plus faction abilities, a trade offer and an attack), then ends the turn by
taking 1 hydrogen from any star. Decisions by other seats are phases of their own: a full
engine (``store``), a ship on a collapsing neutron star (``escape``), a trade offer
(``answer``), an attack's spoils (``plunder``) and the abilities offered to the others at
the end of a turn (``react``). ``turns.next_phase`` picks the next phase from what is
pending.

The steps, one module each: opening.py (setup, the draft, the Arks placed), actions.py
(the four actions of a turn), abilities.py (faction and federation abilities, and every
gain), trades.py (composing an offer), meetings.py (an offer answered, an attack),
collapse.py (the grid dice, stars emptied or destroyed, cards turned over), turns.py (the
end of a turn and round, fulfilled factions, the end of the game), hidden.py (observe,
determinize, reveals) and final_score.py (the outcome).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from tui_games.engine.core import IllegalAction, Options, OptionSpec, Outcome
from tui_games.games.nova_lux import (
    abilities,
    actions,
    collapse,
    final_score,
    hidden,
    legal,
    meetings,
    opening,
    trades,
    turns,
)
from tui_games.games.nova_lux.board import DIE_FACES
from tui_games.games.nova_lux.describe import describe_action
from tui_games.games.nova_lux.fields import field_problem
from tui_games.games.nova_lux.state import (
    NONE,
    AdjustOffer,
    AnswerTrade,
    Attack,
    DropOffer,
    EndTurn,
    Escape,
    FedConvert,
    ForceTrade,
    FoundColony,
    Harvest,
    MoveTo,
    NovaLuxAction,
    NovaLuxState,
    Pass,
    Pick,
    PlaceShip,
    Plunder,
    SendOffer,
    StartTrade,
    StoreStar,
    TakeHydrogen,
    Teleport,
    UseAbility,
    UseEngine,
)
from tui_games.games.nova_lux.turns import next_phase, settle


class NovaLuxRules:
    """The Rules protocol for Nova Lux (1-6 players: standard, semi-cooperative, solo)."""

    id: ClassVar[str] = "nova_lux"
    title: ClassVar[str] = "Nova Lux"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 6
    state_type: ClassVar[type] = NovaLuxState
    action_type: ClassVar[Any] = NovaLuxAction
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("mode", "Mode", (("standard", "Standard (solo with 1 player)"),
                                    ("semi", "Semi-cooperative")), "standard"),
        OptionSpec("federations", "Federations", (("off", "Off"), ("on", "On")), "off"),
        OptionSpec("offers", "Ability offer",
                   (("on", "At the end of others' turns"), ("off", "Never")), "on"),
    )

    # ---- setup (opening.py) --------------------------------------------------------------

    def setup(self, players: int, seed: int, options: Options) -> NovaLuxState:
        """Space cards, the setup dice, stars, resources, factions and federations."""
        return opening.setup(self, players, seed, options)

    def _die(self, s: NovaLuxState) -> int:
        # Every die of the game comes here (the tests set their own dice on an instance)
        return 1 + s.rng.next64() % DIE_FACES     # Rng.randrange(DIE_FACES), one call less

    # ---- whose decision ------------------------------------------------------------------

    def to_move(self, s: NovaLuxState) -> int | None:
        """The seat deciding now."""
        phase = s.phase
        if phase == "turn":
            return s.current
        if phase == "over":
            return None
        if phase == "draft":
            return s.picked.index(False)
        if phase == "place":
            return s.ships.index(NONE)
        if phase == "store":
            return s.store_seat
        if phase == "escape":
            return s.escapes[0]
        if phase == "answer":
            assert s.offer is not None
            return s.offer.target
        if phase == "compose":
            return s.current
        if phase == "plunder":
            return s.plunder_seat
        return s.react_queue[0]

    def legal_actions(self, s: NovaLuxState) -> list[NovaLuxAction]:
        """Every legal decision now."""
        listed = legal.legal_actions(s)
        # Kept for the next apply, which then checks the action against this list instead
        # of listing its kind again (a playout asks for the list, then applies one of it).
        # Not part of the state's data: JSON, saves and clones drop it; apply consumes it.
        # Kept as a tuple (the caller may change its list): apply looks for the very
        # object, so an equal action with other field types (True for 1) is checked anew;
        # the listed actions are interned (interned.py), so one recurs in many lists.
        s.legal_cache = tuple(listed)
        return listed

    # ---- apply ---------------------------------------------------------------------------

    def apply(self, s: NovaLuxState, a: NovaLuxAction) -> None:
        """Play one decision; IllegalAction(reason) when it is not legal now."""
        known = s.__dict__.pop("legal_cache", None)
        try:        # the very object just listed (an equal one may hold True for 1)
            listed = known is not None and known[known.index(a)] is a
        except ValueError:
            listed = False
        if not listed:
            if s.phase == "over":
                raise IllegalAction("the game is over")
            problem = field_problem(s, a)
            if problem is not None:
                raise IllegalAction(problem)
            if a not in legal.legal_of_kind(s, a):
                raise IllegalAction(legal.why_not(s, a, self.to_move(s)))
        seat = s.current if s.phase == "turn" else self.to_move(s)
        assert seat is not None
        handler = _HANDLERS[type(a)]
        handler(self, s, a, seat)
        settle(s)
        next_phase(self, s)

    # ---- steps the other modules call back ------------------------------------------------

    gain = abilities.gain               # for the trade module's exchange
    resolve_attack = meetings.resolve_attack

    def upgrade_action(self, a: NovaLuxAction) -> list[NovaLuxAction]:
        """The actions of today that an action of an older save stands for (read by the
        save loader before the replay): an old one-resource offer is composed again."""
        return trades.upgrade_action(a)  # type: ignore[return-value]

    # ---- hidden information (hidden.py) ---------------------------------------------------

    def observe(self, s: NovaLuxState, player: int) -> NovaLuxState:
        """A copy without what ``player`` cannot see (hidden.observe)."""
        return hidden.observe(s, player)

    def determinize(self, view: NovaLuxState, player: int, rng: random.Random
                    ) -> NovaLuxState:
        """The unseen dealt again for a bot's guess (hidden.determinize)."""
        return hidden.determinize(view, player, rng)

    def reveals(self, s: NovaLuxState, a: NovaLuxAction) -> bool:
        """True when ``a`` rolls dice, turns a card up or passes draft hands."""
        return hidden.reveals(self, s, a)

    # ---- the end ---------------------------------------------------------------------------

    def outcome(self, s: NovaLuxState) -> Outcome | None:
        """Winners first; then factions completed, the colony, and total resources."""
        return final_score.outcome(s)

    def describe(self, s: NovaLuxState, a: NovaLuxAction) -> str:
        """A plain phrase for ``a`` in ``s``."""
        return describe_action(s, a)


# Each kind of decision to its step: f(rules, state, action, seat).
_HANDLERS: dict[type, Any] = {
    Pick: opening.pick,
    PlaceShip: opening.place,
    Harvest: actions.harvest,
    MoveTo: actions.move,
    Teleport: abilities.teleport,
    UseEngine: actions.activate_engine,
    FoundColony: actions.establish_colony,
    UseAbility: abilities.use_ability,
    FedConvert: abilities.fed_convert,
    ForceTrade: abilities.force_trade,
    StartTrade: trades.start,
    AdjustOffer: trades.adjust,
    SendOffer: trades.send,
    DropOffer: trades.drop,
    AnswerTrade: meetings.answer,
    Attack: meetings.attack,
    Plunder: meetings.plunder,
    StoreStar: collapse.store,
    Escape: collapse.escape,
    TakeHydrogen: turns.take_hydrogen,
    EndTurn: turns.end_turn,
    Pass: turns.pass_reaction,
}
