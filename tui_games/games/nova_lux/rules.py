"""Nova Lux's rules: setup, the draft, the free-order turn, meetings, the end.

A turn is a chain of small decisions in ``state.phase``. In ``turn`` the player does, in
any order and each at most once, Harvest, Move, Activate the Biosphere Engine and Establish
the Colony (plus faction abilities, a trade offer and an attack), then ends the turn by
taking 1 hydrogen from any star. Decisions by other seats are phases of their own: a full
engine (``store``), a ship on a collapsing neutron star (``escape``), a trade offer
(``answer``), an attack's spoils (``plunder``) and the abilities offered to the others at
the end of a turn (``react``). ``_continue`` picks the next phase from what is pending.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from tui_games.engine.core import Event, IllegalAction, Options, OptionSpec, Outcome
from tui_games.engine.grammar import plural, seat_ref
from tui_games.engine.rng import Rng
from tui_games.games.nova_lux import (
    abilities,
    actions,
    collapse,
    hidden,
    legal,
    meetings,
    trades,
    turns,
)
from tui_games.games.nova_lux.board import (
    CARDS,
    CELL_NAMES,
    DESTROYED_AT_SETUP,
    DIE_FACES,
    FACE_DECK,
    FACE_PHRASES,
    card_name,
)
from tui_games.games.nova_lux.cards import (
    COMPARES_PLAYERS,
    DRAFT_HAND,
    FACTIONS,
    FACTIONS_KEPT,
    FEDERATIONS,
    RED_IDS,
    RESOURCES,
    STARS,
    TRACK_START,
    YELLOW_IDS,
)
from tui_games.games.nova_lux.collapse import collapse_roll, grid_roll
from tui_games.games.nova_lux.describe import describe_action
from tui_games.games.nova_lux.fields import field_problem
from tui_games.games.nova_lux.final_score import outcome
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
from tui_games.games.nova_lux.turns import begin_turn, next_phase, settle


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

    # ---- setup ---------------------------------------------------------------------------

    def setup(self, players: int, seed: int, options: Options) -> NovaLuxState:
        """Space cards, the setup dice, stars, resources, factions and federations."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Nova Lux is for 1 to 6 players, not {players}")
        mode = options.get("mode", "standard")
        if mode not in ("standard", "semi"):
            raise ValueError(f"unknown Nova Lux mode {mode!r}")
        if players == 1:
            mode = "solo"
        rng = Rng.seeded(seed)
        s = NovaLuxState(players=players, rng=rng, mode=mode,
                         federations_on=options.get("federations", "off") == "on",
                         reactions_on=options.get("offers", "on") == "on")
        faces = list(FACE_DECK)
        rng.shuffle(faces)
        s.face = faces
        s.flipped = [False] * CARDS
        s.red = [NONE] * CARDS
        s.yellow = [NONE] * CARDS
        s.hydrogen = [0] * CARDS
        s.colony_at = [NONE] * CARDS
        mode_name = {"solo": "solo", "semi": "semi-cooperative", "standard": "standard"}[mode]
        s.log.append(Event(f"A {mode_name} game for {plural(players, 'player')}."))
        for _ in range(DESTROYED_AT_SETUP[players]):
            while True:
                card = grid_roll(self, s)
                if not s.flipped[card]:
                    break
                s.log.append(Event(f"{card_name(card)} is already destroyed: roll again."))
            s.flipped[card] = True
            face = FACE_PHRASES[s.face[card]]
            s.log.append(Event(f"{card_name(card)} is destroyed: {face}."))
        reds, yellows = list(RED_IDS), list(YELLOW_IDS)
        rng.shuffle(reds)
        rng.shuffle(yellows)
        for card in range(CARDS):
            if not s.flipped[card]:
                s.red[card] = reds.pop()
                s.yellow[card] = yellows.pop()
                s.hydrogen[card] = STARS[s.yellow[card]].hydrogen
        s.ships = [NONE] * players
        s.res = [[TRACK_START] * RESOURCES for _ in range(players)]
        s.colony = [NONE] * players
        s.colony_kind = [""] * players
        s.engine = [[] for _ in range(players)]
        s.used = [False] * players
        s.left_game = [False] * players
        s.done = [[False] * FACTIONS_KEPT for _ in range(players)]
        if players == 1:
            deck = [f for f in range(len(FACTIONS)) if f not in COMPARES_PLAYERS]
            rng.shuffle(deck)
            s.factions = [sorted(deck[:FACTIONS_KEPT])]
            s.phase = "place"
        else:
            deck = list(range(len(FACTIONS)))
            rng.shuffle(deck)
            s.hands = [sorted(deck[DRAFT_HAND * p: DRAFT_HAND * (p + 1)])
                       for p in range(players)]
            s.factions = [[] for _ in range(players)]
            s.picked = [False] * players
            s.phase = "draft"
        if s.federations_on:
            feds = list(range(len(FEDERATIONS)))
            rng.shuffle(feds)
            s.federation = feds[:players]
        return s

    def _die(self, s: NovaLuxState) -> int:
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

    # ---- the handlers --------------------------------------------------------------------

    def _pick(self, s: NovaLuxState, a: Pick, seat: int) -> None:
        s.hands[seat].remove(a.faction)
        s.factions[seat].append(a.faction)
        s.picked[seat] = True
        s.log.append(Event(f"{seat_ref(seat)} keeps the {FACTIONS[a.faction].name}.", (seat,),
                           f"{seat_ref(seat)} keeps a faction card."))
        if not all(s.picked):
            return
        if len(s.factions[0]) == FACTIONS_KEPT:
            s.hands = [[] for _ in range(s.players)]
            for p in range(s.players):
                s.factions[p].sort()
                names = ", ".join(FACTIONS[f].name for f in s.factions[p])
                s.log.append(Event(f"{seat_ref(p)}'s factions: {names}."))
            s.phase = "place"
        else:
            s.hands = [s.hands[(p - 1) % s.players] for p in range(s.players)]
            s.picked = [False] * s.players

    def _place(self, s: NovaLuxState, a: PlaceShip, seat: int) -> None:
        s.ships[seat] = a.cell
        s.log.append(Event(f"{seat_ref(seat)} places the Ark on {CELL_NAMES[a.cell]}."))
        if NONE not in s.ships:
            s.phase = "turn"
            s.current = 0
            begin_turn(s)
            if s.mode == "semi":
                collapse_roll(self, s)

    # ---- shared steps ---------------------------------------------------------------------

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
        return outcome(s)

    def describe(self, s: NovaLuxState, a: NovaLuxAction) -> str:
        """A plain phrase for ``a`` in ``s``."""
        return describe_action(s, a)


_HANDLERS: dict[type, Any] = {
    Pick: NovaLuxRules._pick,
    PlaceShip: NovaLuxRules._place,
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
