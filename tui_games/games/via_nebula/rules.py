"""Via Nebula's rules: setup, the two-action turn, contract powers, the end and the score.

A turn is a run of small decisions: in phase ``act`` each action spends one of the turn's
actions (a petrified forest spends both); erecting a building whose contract has a power
opens phase ``power``, one use per decision until the uses run out or the player stops.
The 5th building of a seat ends its turn at once and starts the last turns; when they are
played (or when a whole round of seats could do nothing), resources left on sites and on
the craftsmen's exploitations go to storage and the game is over.
"""

from __future__ import annotations

import random
from itertools import repeat
from operator import is_
from typing import Any, ClassVar

import msgspec

from tui_games.engine.codec import clone
from tui_games.engine.core import Event, IllegalAction, Options, OptionSpec, Outcome, redacted_log
from tui_games.engine.grammar import plural, seat_ref
from tui_games.engine.rng import Rng
from tui_games.engine.verdict import decided_by
from tui_games.games.via_nebula import legal
from tui_games.games.via_nebula.board import (
    EXPLOITATIONS,
    HEX_COUNT,
    KIND,
    NAME,
)
from tui_games.games.via_nebula.components import (
    CONTRACTS,
    DISPLAY_SIZE,
    END_CARD_VP,
    EXPLORER_VP,
    NEUTRAL_IDS,
    NORMAL_TOKENS,
    PRIVATE_DEAL,
    PRIVATE_IDS,
    RESOURCES,
    SPECIAL_TOKENS,
    SUPPLY_PER_TYPE,
    contract_text,
    special_amount,
    token_amount,
    token_type,
    token_vp,
)
from tui_games.games.via_nebula.describe import describe_action, narrate, setup_line
from tui_games.games.via_nebula.final_score import final_breakdown
from tui_games.games.via_nebula.state import (
    ACTIONS_PER_TURN,
    BUILDINGS_PER_SEAT,
    CRAFTSMEN_BY_PLAYERS,
    FREE,
    HIDDEN,
    SITES_PER_SEAT,
    STACKS,
    TILES,
    TILES_PER_STACK,
    UNUSED,
    Convert,
    Discard,
    Erect,
    Explore,
    FreeExplore,
    MoveResource,
    Pass,
    PlaceCraftsman,
    PlaceSite,
    SkipPower,
    TakeFromSupply,
    Transport,
    ViaNebulaAction,
    ViaNebulaState,
)

SLOT_COUNT = legal.SLOT_COUNT
_SKIP = SkipPower()
_PASS = Pass()
FIRST_PLAYER_STREAM = 0x5EA7_F125  # seeds the first-player pick apart from the deal


class ViaNebulaRules:
    """The Rules protocol for Via Nebula (2-4 players, the beginner side of the map)."""

    id: ClassVar[str] = "via_nebula"
    title: ClassVar[str] = "Via Nebula"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    state_type: ClassVar[type] = ViaNebulaState
    action_type: ClassVar[Any] = ViaNebulaAction
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "first", "First player", (("random", "Picked at random"), ("seat1", "Seat 1")), "random"
        ),
    )

    # ---- setup ---------------------------------------------------------------------------

    def setup(self, players: int, seed: int, options: Options) -> ViaNebulaState:
        """Map, tokens, contracts and guild boards for ``players`` seats.

        The first player is picked at random from the seed (option ``first``); a game set up
        without that option (older saves, the arena) keeps seat 1 first, so it replays as
        it was played.
        """
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Via Nebula is for 2 to 4 players, not {players}")
        rng = Rng.seeded(seed)
        s = ViaNebulaState(players=players, rng=rng)
        s.explored = [False] * HEX_COUNT
        s.tokens = [FREE] * HEX_COUNT
        s.res_kind = [FREE] * HEX_COUNT
        s.res_count = [0] * HEX_COUNT
        s.craftsman = [FREE] * HEX_COUNT
        s.slot_owner = [
            FREE if players > 2 or slot % 2 == 0 else UNUSED for slot in range(SLOT_COUNT)
        ]
        s.slot_built = [False] * SLOT_COUNT
        s.slot_res = [[0] * 5 for _ in range(SLOT_COUNT)]
        s.supply = [SUPPLY_PER_TYPE] * 5
        s.storage = [[0] * 5 for _ in range(players)]
        s.craftsmen = [CRAFTSMEN_BY_PLAYERS[players]] * players
        s.sites = [SITES_PER_SEAT] * players
        s.stacks = [[TILES_PER_STACK[players]] * STACKS for _ in range(players)]
        s.reserve = TILES - STACKS * TILES_PER_STACK[players] * players
        s.tokens_won = [[] for _ in range(players)]
        s.built = [[] for _ in range(players)]
        privates = list(PRIVATE_IDS)
        rng.shuffle(privates)
        s.hands = [
            sorted(privates[PRIVATE_DEAL * p : PRIVATE_DEAL * (p + 1)]) for p in range(players)
        ]
        deck = list(NEUTRAL_IDS)
        rng.shuffle(deck)
        s.display = [deck.pop() for _ in range(DISPLAY_SIZE)]
        s.deck = deck
        specials = list(SPECIAL_TOKENS)
        removed = specials.pop(rng.randrange(len(specials)))
        tokens = list(range(NORMAL_TOKENS)) + specials
        rng.shuffle(tokens)
        for hex_, token in zip(EXPLOITATIONS, tokens, strict=True):
            if token >= NORMAL_TOKENS:  # a special token becomes its resources at once
                kind = token_type(token)
                amount = min(special_amount(players), s.supply[kind])
                s.supply[kind] -= amount
                s.res_kind[hex_], s.res_count[hex_] = kind, amount
            else:
                s.tokens[hex_] = token
        if options.get("first") == "random":
            # A stream of its own, so that the deal of a seed is the same whoever begins.
            s.current = Rng.seeded(seed ^ FIRST_PLAYER_STREAM).randrange(players)
        out = RESOURCES[token_type(removed)]
        s.log.append(Event(setup_line(players, out, seat_ref(s.current))))
        return s

    # ---- whose decision, and which ---------------------------------------------------------

    def to_move(self, s: ViaNebulaState) -> int | None:
        """The seat whose turn it is (powers included); None once the game is over."""
        return None if s.phase == "over" else s.current

    def legal_actions(self, s: ViaNebulaState) -> list[ViaNebulaAction]:
        """Every legal decision now (never empty while the game goes on)."""
        # The hex masks the last apply brought up to date (see apply), if it was the
        # last change: keyed by the log's last event, a new object at every apply.
        kept = (d := s.__dict__).pop("masks", None)
        masks = kept[1] if kept is not None and s.log and kept[0] is s.log[-1] else None
        if s.phase == "act":
            if masks is None:
                masks = legal.board_masks(s)
            listed = legal.actions(s, masks) or [_PASS]
        else:
            listed = _listed(s)
        if not listed:
            return listed
        # Kept for apply, which then checks the action against this list instead of
        # working out its legality again (a playout asks for the list, then applies one
        # of it). Not part of the state's data: a save, a clone or a determinization
        # drops it; apply consumes it, and every action adds to the log besides.
        # A copy is kept (the caller may change its list); apply accepts only one of
        # these very objects (an equal one, say with True for 1, is checked in full).
        d["legal_cache"] = (len(s.log), tuple(listed), masks)
        return listed

    # ---- apply -----------------------------------------------------------------------------

    def apply(self, s: ViaNebulaState, a: ViaNebulaAction) -> None:
        """Play one decision; IllegalAction(reason) when it is not legal now."""
        known = (d := s.__dict__).pop("legal_cache", None)
        d.pop("masks", None)
        kind = type(a)
        # One of the very objects listed (found by identity in C: equality would compare
        # fields, and an equal one, say with True for 1, must be checked in full).
        if (
            known is not None
            and known[0] == len(s.log)
            and kind in _HANDLERS
            and any(map(is_, known[1], repeat(a)))
        ):
            me = s.current
            _HANDLERS[kind](self, s, a)  # one of the actions just listed
            masks = known[2]
            if masks is not None and s.phase != "over":
                # The masks of the state before, brought up to date for the next
                # legal_actions: an action changes the hex lists at one hex at most.
                if kind is Transport:
                    if not s.res_count[a.source]:  # type: ignore[union-attr]
                        # A source with resources left keeps all its bits: only one
                        # that ran dry (an empty meadow now) needs them again.
                        masks = legal.masks_after(s, masks, a.source)  # type: ignore[union-attr]
                elif kind in _HEX_ACTIONS:
                    masks = legal.masks_after(s, masks, a.hex)  # type: ignore[union-attr]
                elif kind is PlaceSite:
                    masks = legal.masks_after_slots(s, masks, me, a.hex)  # type: ignore[union-attr]
                elif kind is Erect:
                    masks = legal.masks_after_slots(s, masks, me)
                d["masks"] = (s.log[-1], masks)
            return
        handler = _HANDLERS.get(type(a))
        if handler is None:
            raise IllegalAction(f"{a!r} is not a Via Nebula action")
        if s.phase == "over":
            raise IllegalAction("the game is over")
        if any(type(v) is not int for v in msgspec.structs.astuple(a)):
            raise IllegalAction("that action names no hex, site, card or resource of this game")
        is_power = type(a) in _POWER_TYPES
        if is_power != (s.phase == "power"):
            raise IllegalAction(
                "finish using the contract's power first"
                if s.phase == "power"
                else "no contract power is waiting to be used"
            )
        listed = _listed(s) if s.phase == "power" or type(a) is Pass else []
        if not legal.is_legal(s, a, listed):
            raise IllegalAction(legal.why_not(s, a))
        handler(self, s, a)

    def _spend(self, s: ViaNebulaState, cost: int) -> None:
        s.actions_left -= cost
        s.passes = 0
        if s.actions_left <= 0:
            self._end_turn(s)

    def _place_craftsman(self, s: ViaNebulaState, a: PlaceCraftsman) -> None:
        me = s.current
        token = s.tokens[a.hex]
        kind = token_type(token)
        amount = min(token_amount(token, s.players), s.supply[kind])
        s.log.append(Event(narrate(s, a, me)))
        s.tokens[a.hex] = FREE
        s.tokens_won[me].append(token)
        s.craftsmen[me] -= 1
        s.supply[kind] -= amount
        s.res_kind[a.hex], s.res_count[a.hex] = kind, amount
        if amount:
            s.craftsman[a.hex] = me
        else:  # the supply ran dry: nothing to work, the craftsman comes home
            s.res_kind[a.hex] = FREE
            s.craftsmen[me] += 1
            s.log.append(
                Event(
                    f"The supply has no {RESOURCES[kind]} left: the craftsman "
                    f"returns to {seat_ref(me)}'s guild board."
                )
            )
        self._spend(s, 1)

    def _place_site(self, s: ViaNebulaState, a: PlaceSite) -> None:
        me = s.current
        n = legal.RUIN_OF_HEX[a.hex]
        slot = 2 * n if s.slot_owner[2 * n] == FREE else 2 * n + 1
        s.log.append(Event(narrate(s, a, me)))
        s.slot_owner[slot] = me
        s.sites[me] -= 1
        self._spend(s, 1)

    def _take_tile(self, s: ViaNebulaState, me: int, hex_: int) -> None:
        stacks = s.stacks[me]
        s.explored[hex_] = True
        for i, left in enumerate(stacks):
            if left:
                stacks[i] -= 1
                if stacks[i] == 0:
                    s.log.append(
                        Event(
                            # One verb only: "You empty ... and reveals" is what
                            # speak_to makes of a second one.
                            f"{seat_ref(me)} empties meadow stack {i + 1}: an explorer "
                            f"is revealed ({EXPLORER_VP} VP)."
                        )
                    )
                return
        s.reserve -= 1

    def _explore(self, s: ViaNebulaState, a: Explore) -> None:
        me = s.current
        s.log.append(Event(narrate(s, a, me)))
        self._take_tile(s, me, a.hex)
        self._spend(s, 2 if KIND[a.hex] == "forest" else 1)

    def _transport(self, s: ViaNebulaState, a: Transport) -> None:
        me = s.current
        source = a.source
        kind = s.res_kind[source]
        s.log.append(Event(narrate(s, a, me)))
        left = s.res_count[source] - 1
        s.res_count[source] = left
        s.slot_res[a.slot][kind] += 1
        if left == 0:
            s.res_kind[a.source] = FREE
            owner = s.craftsman[a.source]
            text = f"{NAME[a.source]} is empty and becomes an empty meadow"
            if owner != FREE:
                s.craftsman[a.source] = FREE
                s.craftsmen[owner] += 1
                text += f"; the craftsman returns to {seat_ref(owner)}'s guild board"
            s.log.append(Event(text + "."))
        s.actions_left -= 1  # _spend(s, 1), written out: the commonest action
        s.passes = 0
        if s.actions_left <= 0:
            self._end_turn(s)

    def _erect(self, s: ViaNebulaState, a: Erect) -> None:
        me = s.current
        card = CONTRACTS[a.card]
        pile = s.slot_res[a.slot]
        s.log.append(Event(narrate(s, a, me)))
        surplus = [have - want for have, want in zip(pile, card.needs, strict=True)]
        for kind in range(5):
            s.supply[kind] += card.needs[kind]
            s.storage[me][kind] += surplus[kind]
        s.slot_res[a.slot] = [0] * 5
        s.slot_built[a.slot] = True
        s.sites[me] += 1
        s.built[me].append(a.card)
        if a.card in s.hands[me]:
            s.hands[me].remove(a.card)
        else:
            at = s.display.index(a.card)
            s.display[at] = s.deck.pop() if s.deck else FREE
            if s.display[at] != FREE:
                s.log.append(Event(f"A new contract is revealed: {contract_text(s.display[at])}."))
        fifth = len(s.built[me]) == BUILDINGS_PER_SEAT
        if fifth and s.end_card == FREE:
            s.end_card = me
            s.last_turns = s.players  # this turn's end counts as the first of them
            s.log.append(
                Event(
                    # No verb after the seat, which speak_to would leave as "takes"
                    # after "You"; "player" because a listener knows no seats.
                    f"The End-of-Game card ({END_CARD_VP} VP) goes to {seat_ref(me)} "
                    "for a 5th building: every other player plays one last turn."
                )
            )
        if card.power == "extra":
            if not fifth:
                s.actions_left += card.uses
                s.log.append(Event(f"{seat_ref(me)} gains {plural(card.uses, 'extra action')}."))
        elif card.power:
            s.phase = "power"
            s.power_card = a.card
            s.power_left = card.uses
            if legal.power_uses(s):
                s.actions_left = 0 if fifth else s.actions_left - 1
                s.passes = 0
                return
            s.phase = "act"
            s.power_card = FREE
            s.power_left = 0
        if fifth:
            s.actions_left = 0
        self._spend(s, 1 if not fifth else 0)

    def _used_power(self, s: ViaNebulaState) -> None:
        s.power_left -= 1
        if s.power_left == 0 or not legal.power_uses(s):
            self._close_power(s)

    def _close_power(self, s: ViaNebulaState) -> None:
        s.phase = "act"
        s.power_card = FREE
        s.power_left = 0
        if s.actions_left <= 0:
            self._end_turn(s)

    def _convert(self, s: ViaNebulaState, a: Convert) -> None:
        s.log.append(Event(narrate(s, a, s.current)))
        s.slot_res[a.slot][a.old] -= 1
        s.supply[a.old] += 1
        s.slot_res[a.slot][a.new] += 1
        s.supply[a.new] -= 1
        self._used_power(s)

    def _take_from_supply(self, s: ViaNebulaState, a: TakeFromSupply) -> None:
        s.log.append(Event(narrate(s, a, s.current)))
        s.supply[a.kind] -= 1
        s.slot_res[a.slot][a.kind] += 1
        self._used_power(s)

    def _discard(self, s: ViaNebulaState, a: Discard) -> None:
        s.log.append(Event(narrate(s, a, s.current)))
        s.storage[s.current][a.kind] -= 1
        s.supply[a.kind] += 1
        self._used_power(s)

    def _free_explore(self, s: ViaNebulaState, a: FreeExplore) -> None:
        s.log.append(Event(narrate(s, a, s.current)))
        self._take_tile(s, s.current, a.hex)
        self._used_power(s)

    def _move(self, s: ViaNebulaState, a: MoveResource) -> None:
        s.log.append(Event(narrate(s, a, s.current)))
        s.slot_res[a.source][a.kind] -= 1
        s.slot_res[a.target][a.kind] += 1
        self._used_power(s)

    def _skip(self, s: ViaNebulaState, a: SkipPower) -> None:
        s.log.append(Event(narrate(s, a, s.current)))
        self._close_power(s)

    def _pass(self, s: ViaNebulaState, a: Pass) -> None:
        s.log.append(Event(narrate(s, a, s.current)))
        s.passes += 1
        s.actions_left = 0
        self._end_turn(s, passed=True)

    # ---- the end of a turn and of the game --------------------------------------------------

    def _end_turn(self, s: ViaNebulaState, passed: bool = False) -> None:
        if not passed:
            s.passes = 0
        s.turn += 1
        if s.end_card != FREE:
            s.last_turns -= 1
            if s.last_turns == 0:
                self._finish(s, "the last turns after the End-of-Game card were played")
                return
        elif s.passes >= s.players:
            self._finish(s, "no seat could act for a whole round")
            return
        s.current = (s.current + 1) % s.players
        s.actions_left = ACTIONS_PER_TURN

    def _finish(self, s: ViaNebulaState, why: str) -> None:
        """Resources left on sites and on the craftsmen's exploitations go to storage."""
        for slot, owner in enumerate(s.slot_owner):
            if owner >= 0 and not s.slot_built[slot] and any(s.slot_res[slot]):
                for kind in range(5):
                    s.storage[owner][kind] += s.slot_res[slot][kind]
                s.slot_res[slot] = [0] * 5
        for hex_, owner in enumerate(s.craftsman):
            if owner != FREE:
                s.storage[owner][s.res_kind[hex_]] += s.res_count[hex_]
                s.res_count[hex_] = 0
                s.res_kind[hex_] = FREE
                s.craftsman[hex_] = FREE
                s.craftsmen[owner] += 1
        s.phase = "over"
        s.actions_left = 0
        s.ended_by = why
        outcome = self.outcome(s)
        assert outcome is not None
        s.log.append(Event(f"Game over: {outcome.reason}"))

    # ---- hidden information ---------------------------------------------------------------

    def observe(self, s: ViaNebulaState, player: int) -> ViaNebulaState:
        """A copy without the RNG, rivals' private contracts or the deck's order."""
        view = clone(s)
        view.rng = Rng()
        for seat in range(s.players):
            if seat != player:
                view.hands[seat] = [HIDDEN] * len(s.hands[seat])
        view.deck = sorted(s.deck)
        view.log = redacted_log(s.log, player)
        return view

    def determinize(self, view: ViaNebulaState, player: int, rng: random.Random) -> ViaNebulaState:
        """Shuffle the deck and deal rivals private contracts ``player`` has not seen."""
        full = clone(view)
        full.rng = Rng.seeded(rng.getrandbits(64))
        rng.shuffle(full.deck)
        seen = set(view.hands[player]).union(*view.built)
        unseen = [c for c in PRIVATE_IDS if c not in seen]
        rng.shuffle(unseen)
        for seat in range(view.players):
            if seat != player:
                full.hands[seat] = sorted(unseen.pop() for _ in view.hands[seat])
        return full

    def reveals(self, s: ViaNebulaState, a: ViaNebulaAction) -> bool:
        """True when ``a`` turns up a new contract from the deck."""
        return type(a) is Erect and a.card in s.display and bool(s.deck)

    # ---- the score -------------------------------------------------------------------------

    def score_rows(self, s: ViaNebulaState, seat: int) -> list[tuple[str, int]]:
        """The score so far, line by line, as the final scoring counts it."""
        stored = sum(s.storage[seat])
        return [
            ("exploitation tokens", sum(token_vp(t) for t in s.tokens_won[seat])),
            ("contracts", sum(CONTRACTS[c].vp for c in s.built[seat])),
            ("explorers", EXPLORER_VP * s.explorers(seat)),
            ("End-of-Game card", END_CARD_VP if s.end_card == seat else 0),
            ("resources in storage", -stored),
        ]

    def outcome(self, s: ViaNebulaState) -> Outcome | None:
        """Scores; ties go to fewer resources in storage, then the win is shared."""
        if s.phase != "over":
            return None
        lines = [self.score_rows(s, p) for p in range(s.players)]
        scores = [sum(v for _, v in rows) for rows in lines]
        breakdown = [final_breakdown(s, p, lines[p]) for p in range(s.players)]
        keys = [(scores[p], -sum(s.storage[p])) for p in range(s.players)]
        ranks = [1 + sum(1 for other in keys if other > key) for key in keys]
        winners = [p for p, r in enumerate(ranks) if r == 1]
        names = " and ".join(seat_ref(p) for p in winners)
        verb = "share the victory" if len(winners) > 1 else "wins"
        reason = f"{names} {verb} with {max(scores)} VP"
        tied = sum(1 for v in scores if v == max(scores))
        if tied > len(winners):
            reason += " (the tie is broken by fewer resources in storage)"
        reason += f"; the game ended because {s.ended_by}."
        # The rulebook: "In case of a tie, the player with the least resources in storage
        # will be declared the winner. If there is still a tie, the tied players will
        # share the win".
        stored = sorted({sum(s.storage[p]) for p in range(s.players) if scores[p] == max(scores)})
        tie_break = (
            f"fewer resources in storage ({stored[0]} against {stored[1]})"
            if len(stored) > 1
            else f"fewer resources in storage ({stored[0]} each)"
        )
        decided = decided_by(scores, winners, "VP", tie_break, "VP")
        return Outcome(
            scores=scores,
            ranks=ranks,
            winners=winners,
            reason=reason,
            breakdown=breakdown,
            decided_by=decided,
        )

    def describe(self, s: ViaNebulaState, a: ViaNebulaAction) -> str:
        """A plain phrase for ``a`` in ``s`` (menus, hints, the log)."""
        return describe_action(s, a)


def _listed(s: ViaNebulaState) -> list[ViaNebulaAction]:
    if s.phase == "act":
        return legal.actions(s) or [_PASS]
    if s.phase == "power":
        return [*legal.power_uses(s), _SKIP]
    return []


# The actions that change the hex lists (tokens, resources, craftsmen, tiles) at a.hex.
_HEX_ACTIONS = {PlaceCraftsman, Explore, FreeExplore}
_POWER_TYPES = {Convert, TakeFromSupply, Discard, FreeExplore, MoveResource, SkipPower}
_HANDLERS: dict[type, Any] = {
    PlaceCraftsman: ViaNebulaRules._place_craftsman,
    PlaceSite: ViaNebulaRules._place_site,
    Explore: ViaNebulaRules._explore,
    Transport: ViaNebulaRules._transport,
    Erect: ViaNebulaRules._erect,
    Convert: ViaNebulaRules._convert,
    TakeFromSupply: ViaNebulaRules._take_from_supply,
    Discard: ViaNebulaRules._discard,
    FreeExplore: ViaNebulaRules._free_explore,
    MoveResource: ViaNebulaRules._move,
    SkipPower: ViaNebulaRules._skip,
    Pass: ViaNebulaRules._pass,
}
