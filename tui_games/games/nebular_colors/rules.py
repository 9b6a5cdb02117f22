"""Nebular Colors rules: the turn phases, Stop or Nova, the hand's end and the match.

Melds and scoring live in melds.py. The rulebook (shared/rulebooks/nebular_colors.txt) is
the law, the spec settles its gaps, and rules.md's edition notes list what we decided
beyond both. Random playouts run this module tens of thousands of times a second, so the
hot paths use the lookup tables of state.py and validate an action directly instead of
rebuilding the legal list.
"""

from __future__ import annotations

import random
from typing import ClassVar

import msgspec

from tui_games.engine.codec import clone
from tui_games.engine.core import (
    SPECTATOR,
    Event,
    IllegalAction,
    Options,
    OptionSpec,
    Outcome,
    redacted_log,
)
from tui_games.engine.grammar import plural, seat_ref
from tui_games.engine.rng import Rng
from tui_games.engine.verdict import decided_by
from tui_games.games.nebular_colors.match_score import match_breakdown
from tui_games.games.nebular_colors.melds import (
    ScoreBreakdown,
    can_take,
    is_meld,
    is_run,
    is_set,
    meld_problem,
    melds_in,
    points_for,
    score,
    score_breakdown,
    suit_counts,
    suit_points,
    take_sets,
)
from tui_games.games.nebular_colors.state import (
    CARD_NUMBER,
    DECK_SIZE,
    HIDDEN,
    Discard,
    Draw,
    EndTurn,
    HandResult,
    Meld,
    NCAction,
    NCState,
    Nova,
    Phase,
    Stop,
    Take,
    card_name,
)

STOP_AT = 5    # the first player to reach this score chooses Stop or Nova
NOVA_AT = 10   # the score a Nova bets on reaching first
PILE_NAMES = ("left", "right")

_NUM = CARD_NUMBER

# Actions without arguments are immutable values: share one instance of each.
DRAW, END_TURN, STOP, NOVA = Draw(), EndTurn(), Stop(), Nova()
_TAKES = (Take(pile=0), Take(pile=1))
_DISCARDS = tuple((Discard(card=c, pile=0), Discard(card=c, pile=1)) for c in range(DECK_SIZE))


def seat_name(player: int) -> str:
    """How the log names a seat ("Seat 1", "Seat 2"); the screen puts the names in."""
    return seat_ref(player)


def cards_text(cards: list[int] | tuple[int, ...]) -> str:
    """Card names separated by spaces (`P1 P1 P1`)."""
    return " ".join(card_name(c) for c in cards)


# ---- sampling hidden cards ------------------------------------------------------------

_RESAMPLES = 200  # rejection tries before building a consistent hand directly


def _with(hand: list[int], slots: list[int], cards: list[int]) -> list[int]:
    """``hand`` with its hidden ``slots`` filled from ``cards``."""
    filled = list(hand)
    for i, card in zip(slots, cards, strict=False):
        filled[i] = card
    return filled


def _promise_a_set(hand: list[int], slots: list[int], taken: list[int], unseen: list[int],
                   rng: random.Random) -> None:
    """Reorder ``unseen`` so its first cards give ``hand`` a set with ``taken`` (rare path)."""
    known = [c for c in hand if c != HIDDEN]
    options: list[list[int]] = []
    for n in sorted({_NUM[c] for c in taken}):
        have = sum(1 for c in known if _NUM[c] == n)
        need = max(1 - have, 3 - have - sum(1 for c in taken if _NUM[c] == n), 0)
        pool = [c for c in unseen if _NUM[c] == n]
        if need <= min(len(pool), len(slots)):
            options.append(rng.sample(pool, need))
    if not options:
        return  # the view itself is inconsistent: keep the plain sample
    chosen = rng.choice(options)
    unseen[:] = chosen + [c for c in unseen if c not in chosen]


# ---- the game -------------------------------------------------------------------------

_WAIT_FOR = {
    "choose": "draw 2 cards or take a pile first",
    "discard": "discard one of the cards you drew first",
    "take_set": "make a set with a card from the pile you took first",
    "meld": "you have already drawn this turn: meld or end your turn",
    "stop_or_nova": "choose Stop or Nova first",
    "over": "the game is over",
}


def _not_now(s: NCState) -> IllegalAction:
    return IllegalAction(_WAIT_FOR[s.phase])


def _card_ids(cards: object) -> list[int]:
    """A meld's card ids, sorted; IllegalAction unless they are distinct ints (a hand-made
    action may hold anything; a list reads as the tuple it encodes to)."""
    if type(cards) not in (tuple, list) or any(type(c) is not int for c in cards):
        raise IllegalAction("a meld is a list of cards")
    if len(set(cards)) != len(cards):
        raise IllegalAction("each card can be used only once")
    return sorted(cards)


class NebularColorsRules:
    """Two-player Nebular Colors (the Rules protocol of engine/core.py)."""

    id: ClassVar[str] = "nebular_colors"
    title: ClassVar[str] = "Nebular Colors"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    state_type: ClassVar[type] = NCState
    action_type: ClassVar[object] = NCAction
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("match", "Match length",
                   (("4", "To 4 star fragments"), ("2", "Short game: to 2")), "4"),
        OptionSpec("first", "Who starts",
                   (("random", "Random"), ("0", "Seat 1"), ("1", "Seat 2")), "random"),
    )

    # ---- setup and dealing -------------------------------------------------------------

    def setup(self, players: int, seed: int, options: Options) -> NCState:
        """A new match: shuffle, deal 1 card each, reveal the two discard piles."""
        if players != 2:
            raise ValueError("Nebular Colors is a game for 2 players")
        match = options.get("match", "4")
        first = options.get("first", "random")
        if match not in ("4", "2"):
            raise ValueError(f"match length must be 4 or 2, not {match!r}")
        if first not in ("random", "0", "1"):
            raise ValueError(f"first player must be random, 0 or 1, not {first!r}")
        s = NCState(players=2, rng=Rng.seeded(seed), target=int(match))
        starter = s.rng.randrange(2) if first == "random" else int(first)
        self._deal(s, starter)
        return s

    def _deal(self, s: NCState, first: int) -> None:
        deck = list(range(DECK_SIZE))
        s.rng.shuffle(deck)
        hands: list[list[int]] = [[], []]
        hands[first].append(deck.pop())
        hands[1 - first].append(deck.pop())
        s.piles = [[deck.pop()], [deck.pop()]]
        s.hands = hands
        s.deck = deck
        s.melds = [[], []]
        s.penalties = [[], []]
        s.drawn = []
        s.taken = []
        s.nova = None
        s.first_player = s.current = s.decider = first
        s.phase = "choose"
        s.log.append(Event(
            f"Hand {s.hand_no}: {seat_name(first)} starts; the piles show "
            f"{card_name(s.piles[0][0])} and {card_name(s.piles[1][0])}."))

    # ---- who moves and what they may do ------------------------------------------------

    def to_move(self, s: NCState) -> int | None:
        """The player to act: the decider during Stop or Nova, else the turn's owner."""
        if s.phase == "over":
            return None
        return s.decider if s.phase == "stop_or_nova" else s.current

    def legal_actions(self, s: NCState) -> list[NCAction]:
        """Every legal action in the current phase."""
        phase = s.phase
        if phase == "meld":
            pool = s.hands[s.current] + s.taken if s.taken else s.hands[s.current]
            actions: list[NCAction] = [Meld(cards=m) for m in melds_in(pool)]
            actions.append(END_TURN)
            return actions
        if phase == "choose":
            hand = s.hands[s.current]
            actions = [DRAW]
            actions.extend(_TAKES[i] for i in (0, 1) if can_take(hand, s.piles[i]))
            return actions
        if phase == "discard":
            empty = [i for i in (0, 1) if not s.piles[i]]
            piles = empty or (0, 1)
            return [_DISCARDS[c][i] for c in s.drawn for i in piles]
        if phase == "take_set":
            return [Meld(cards=m) for m in take_sets(s.hands[s.current], s.taken)]
        if phase == "stop_or_nova":
            return [STOP, NOVA]
        return []

    # ---- apply -------------------------------------------------------------------------

    def apply(self, s: NCState, a: NCAction) -> None:
        """Play ``a``; IllegalAction with a player-facing reason when it is not legal now."""
        kind = type(a)
        if kind is Meld:
            self._meld(s, a)  # type: ignore[arg-type]
        elif kind is Discard:
            self._discard(s, a)  # type: ignore[arg-type]
        elif kind is EndTurn:
            self._end_turn(s)
        elif kind is Draw:
            self._draw(s)
        elif kind is Take:
            self._take(s, a)  # type: ignore[arg-type]
        elif kind is Stop:
            self._stop(s)
        elif kind is Nova:
            self._nova(s)
        else:
            raise IllegalAction("that is not a Nebular Colors action")

    def _draw(self, s: NCState) -> None:
        if s.phase != "choose":
            raise _not_now(s)
        p = s.current
        name = seat_name(p)
        if len(s.deck) == 1:
            card = s.deck.pop()
            s.hands[p].append(card)
            s.phase = "meld"
            s.log.append(Event(f"{name} drew the last card, {card_name(card)}.", (p,),
                               f"{name} drew the last card."))
            return
        first, second = s.deck.pop(), s.deck.pop()
        s.drawn = [first, second]
        s.phase = "discard"
        s.log.append(Event(f"{name} drew {card_name(first)} and {card_name(second)}.", (p,),
                           f"{name} drew 2 cards."))

    def _discard(self, s: NCState, a: Discard) -> None:
        if s.phase != "discard":
            raise _not_now(s)
        if type(a.card) is not int or a.card not in s.drawn:
            raise IllegalAction("discard one of the two cards you drew")
        if type(a.pile) is not int or a.pile not in (0, 1):
            raise IllegalAction("there are only the left and right piles")
        if s.piles[a.pile] and not (s.piles[0] and s.piles[1]):
            raise IllegalAction("discard onto the empty pile first")
        p = s.current
        s.drawn.remove(a.card)
        s.hands[p].extend(s.drawn)
        s.drawn = []
        s.piles[a.pile].append(a.card)
        s.phase = "meld"
        s.log.append(Event(
            f"{seat_name(p)} discarded {card_name(a.card)} on the {PILE_NAMES[a.pile]} pile."))

    def _take(self, s: NCState, a: Take) -> None:
        if s.phase != "choose":
            raise _not_now(s)
        if type(a.pile) is not int or a.pile not in (0, 1):
            raise IllegalAction("there are only the left and right piles")
        pile = s.piles[a.pile]
        if not pile:
            raise IllegalAction("that pile is empty")
        if not can_take(s.hands[s.current], pile):
            raise IllegalAction("you cannot make a set with that pile")
        s.taken = pile
        s.piles[a.pile] = []
        s.phase = "take_set"
        s.log.append(Event(f"{seat_name(s.current)} took the {PILE_NAMES[a.pile]} pile: "
                           f"{cards_text(pile)}."))

    def _meld(self, s: NCState, a: Meld) -> None:
        phase = s.phase
        if phase != "meld" and phase != "take_set":
            raise _not_now(s)
        p = s.current
        hand, taken = s.hands[p], s.taken
        cards = _card_ids(a.cards)
        for c in cards:
            if c not in hand and c not in taken:
                if any(c in meld for meld in s.melds[p]):
                    raise IllegalAction("a meld already down cannot be extended")
                raise IllegalAction("meld only cards from your hand or the pile you took")
        if not is_meld(cards):
            raise IllegalAction(meld_problem(cards) or "that is not a meld")
        if phase == "take_set":
            if not is_set(cards):
                raise IllegalAction("first make a set (one number) with the pile you took")
            if not any(c in taken for c in cards):
                raise IllegalAction("the set must use a card from the pile you took")
            if not any(c in hand for c in cards):
                raise IllegalAction("the set must use a card from your hand")
        for c in cards:
            if c in hand:
                hand.remove(c)
            else:
                taken.remove(c)
        s.melds[p].append(cards)
        now = score(s, p)
        name = seat_name(p)
        s.log.append(Event(f"{name} melded {cards_text(cards)} (score {now})."))
        s.phase = "meld"
        if s.nova is None:
            if now >= STOP_AT:
                s.phase = "stop_or_nova"
                s.decider = p
                s.resume_phase = "meld"
                s.log.append(Event(f"{name} reached {now} points first: Stop or Nova?"))
        elif s.nova == p:
            if now >= NOVA_AT:
                self._end_hand(s, p, 2, "nova",
                               f"{name} reached {now} points and the Nova came true")
        elif now >= STOP_AT:
            self._end_hand(s, p, 1, "nova_failed",
                           f"{name} reached {now} points before {seat_name(s.nova)}'s Nova "
                           "came true")

    def _end_turn(self, s: NCState) -> None:
        if s.phase != "meld":
            raise _not_now(s)
        p = s.current
        if s.taken:
            what = "a penalty card" if len(s.taken) == 1 else "penalty cards"
            s.log.append(Event(f"{seat_name(p)} kept {cards_text(s.taken)} as {what}."))
            s.penalties[p].extend(s.taken)
            s.taken = []
        s.current = 1 - p
        s.phase = "choose"
        if s.deck:
            s.turn += 1
        else:
            self._deck_ran_out(s)

    def _deck_ran_out(self, s: NCState) -> None:
        if s.nova is not None:
            winner = 1 - s.nova
            self._end_hand(s, winner, 1, "nova_failed",
                           f"the deck ran out before {seat_name(s.nova)}'s Nova came true")
            return
        scores = [score(s, 0), score(s, 1)]
        if scores[0] != scores[1]:
            winner = 0 if scores[0] > scores[1] else 1
            why = f"the deck ran out with {seat_name(winner)} ahead"
        else:
            winner = s.first_player
            why = (f"the deck ran out with the scores tied; {seat_name(winner)} "
                   "took the first turn")
        self._end_hand(s, winner, 1, "deck", why)

    def _stop(self, s: NCState) -> None:
        if s.phase != "stop_or_nova":
            raise IllegalAction("you can call Stop only when you first reach 5 points")
        p = s.decider
        s.log.append(Event(f"{seat_name(p)} called Stop."))
        self._end_hand(s, p, 1, "stop",
                       f"{seat_name(p)} reached {score(s, p)} points first and called Stop")

    def _nova(self, s: NCState) -> None:
        if s.phase != "stop_or_nova":
            raise IllegalAction("you can call Nova only when you first reach 5 points")
        p = s.decider
        s.nova = p
        s.log.append(Event(f"{seat_name(p)} called Nova: 10 points before the opponent's 5!"))
        now = score(s, p)
        if now >= NOVA_AT:  # already there: the bet is won on the spot
            self._end_hand(s, p, 2, "nova",
                           f"{seat_name(p)} called Nova with {now} points already")
            return
        s.phase = s.resume_phase

    def _end_hand(self, s: NCState, winner: int, fragments: int, kind: str, why: str) -> None:
        """Score the hand, record it, and deal the next one (or end the match)."""
        p = s.current
        if s.taken:  # the hand ended mid-turn: unmelded taken cards still become penalties
            s.penalties[p].extend(s.taken)
            s.taken = []
        s.drawn = []
        scores = [score(s, 0), score(s, 1)]
        s.fragments[winner] += fragments
        reason = (f"Hand {s.hand_no}: {why}; {seat_name(winner)} earns "
                  f"{plural(fragments, 'star fragment')} (scores {scores[0]} to {scores[1]}).")
        s.results.append(HandResult(hand_no=s.hand_no, winner=winner, fragments=fragments,
                                    reason=reason, scores=scores, kind=kind))  # type: ignore[arg-type]
        if len(s.hand_penalties) == len(s.results) - 1:  # kept since the first hand
            s.hand_penalties.append([len(s.penalties[q]) // 3 for q in (0, 1)])
        s.log.append(Event(reason))
        s.turn += 1
        if s.fragments[winner] >= s.target:
            s.phase = "over"
            s.log.append(Event(f"{seat_name(winner)} wins the match with "
                               f"{plural(s.fragments[winner], 'star fragment')}."))
            return
        self._next_hand(s, winner)

    def _next_hand(self, s: NCState, winner: int) -> None:
        """Deal the next hand, started by the player who did not earn the fragment."""
        s.hand_no += 1
        self._deal(s, 1 - winner)

    def hand_end_table(self, before: NCState, a: NCAction) -> NCState:
        """The table right after ``a`` ends a hand, before the next deal (a copy).

        ``apply`` deals the next hand in the same step that ends one; a player looking back
        wants the last hand's final melds and penalties. For an ``a`` that does not end the
        hand this is simply the state after ``a``.
        """
        after = clone(before)
        _HoldDeal().apply(after, a)
        return after

    # ---- information -------------------------------------------------------------------

    def observe(self, s: NCState, player: int) -> NCState:
        """A copy without the deck's order, the opponent's hand or their drawn cards.

        A spectator (``SPECTATOR``) sees neither hand, and the cards just drawn only once
        the game is over.
        """
        # copy everything but the log (the longest part), which is rebuilt redacted anyway
        view = clone(msgspec.structs.replace(s, log=[], rng=Rng(0)))
        view.deck = [HIDDEN] * len(s.deck)
        others = [1 - player] if player != SPECTATOR else [0, 1]
        for other in others:
            view.hands[other] = [HIDDEN] * len(s.hands[other])
        if s.current in others and (player != SPECTATOR or s.phase != "over"):
            view.drawn = [HIDDEN] * len(s.drawn)
        view.log = redacted_log(s.log, player)
        return view

    def determinize(self, view: NCState, player: int, rng: random.Random) -> NCState:
        """Fill every hidden card with a card ``player`` has not seen, uniformly at random.

        While the opponent is in the middle of a take, their hand must still hold the set
        that the take promised: samples without it are drawn again, which keeps the choice
        uniform among the deals consistent with what ``player`` saw.
        """
        s = clone(view)
        seen: set[int] = set(c for c in s.deck if c != HIDDEN)
        for group in (*s.hands, *s.piles, *s.penalties, s.drawn, s.taken):
            seen.update(c for c in group if c != HIDDEN)
        for area in s.melds:
            for meld in area:
                seen.update(meld)
        unseen = [c for c in range(DECK_SIZE) if c not in seen]
        other = 1 - player
        hidden_hand = [i for i, c in enumerate(s.hands[other]) if c == HIDDEN]
        must_take = s.phase == "take_set" and s.current == other and bool(hidden_hand)
        k = len(hidden_hand)
        for _ in range(_RESAMPLES):
            rng.shuffle(unseen)
            if not must_take or can_take(_with(s.hands[other], hidden_hand, unseen[:k]),
                                         s.taken):
                break
        else:
            _promise_a_set(s.hands[other], hidden_hand, s.taken, unseen, rng)
        for i, card in zip(hidden_hand, unseen, strict=False):
            s.hands[other][i] = card
        rest = iter(unseen[k:])
        for cards in (s.deck, *s.hands, s.drawn):
            for i, c in enumerate(cards):
                if c == HIDDEN:
                    cards[i] = next(rest)
        s.rng = Rng(rng.getrandbits(64))
        return s

    def outcome(self, s: NCState) -> Outcome | None:
        """Star fragments as scores, with a per-player summary of the hands."""
        if s.phase != "over":
            return None
        rows = [match_breakdown(s, p) for p in (0, 1)]
        winner = 0 if s.fragments[0] > s.fragments[1] else 1
        last = s.results[-1].reason if s.results else ""
        reason = (f"{last} {seat_name(winner)} collected "
                  f"{plural(s.fragments[winner], 'star fragment')} "
                  f"in {plural(len(s.results), 'hand')}.").lstrip()
        # The rulebook: "When either player has earned 4 or more star fragments, that
        # player wins the game": the first to the target wins, so there is no tie.
        decided = (f"{decided_by(s.fragments, [winner], 'star fragment')}, the first to "
                   f"{plural(s.target, 'star fragment')}")
        return Outcome.from_scores(list(s.fragments), reason, rows, decided)

    def describe(self, s: NCState, a: NCAction) -> str:
        """A short phrase for menus and hints."""
        if isinstance(a, Draw):
            return "Draw the last card" if len(s.deck) == 1 else "Draw 2 cards"
        if isinstance(a, Take):
            size = len(s.piles[a.pile]) if a.pile in (0, 1) else 0
            return f"Take the {PILE_NAMES[a.pile % 2]} pile ({plural(size, 'card')})"
        if isinstance(a, Discard):
            return f"Discard {card_name(a.card)} on the {PILE_NAMES[a.pile % 2]} pile"
        if isinstance(a, Meld):
            # Cards from the pile taken must be melded and a twin in hand need not: a meld
            # says which of its cards come from the pile, or two melds could read alike.
            taken = [c for c in sorted(a.cards) if c in s.taken]
            where = f" ({cards_text(taken)} from the pile taken)" if taken else ""
            return f"Meld {cards_text(sorted(a.cards))}{where}"
        if isinstance(a, EndTurn):
            return "End turn"
        if isinstance(a, Stop):
            return "Stop"
        return "Nova"

    def reveals(self, s: NCState, a: NCAction) -> bool:
        """Draws reveal cards; so does any action that ends a hand and deals the next."""
        if isinstance(a, Draw):
            return True
        if isinstance(a, (Discard, Take)):
            return False
        after = clone(s)
        try:
            self.apply(after, a)
        except IllegalAction:
            return False
        return after.hand_no != s.hand_no


class _HoldDeal(NebularColorsRules):
    """The rules, except that a hand's end leaves the table as it is (see hand_end_table)."""

    def _next_hand(self, s: NCState, winner: int) -> None:
        s.phase = "over"


__all__ = [  # the melds and scoring helpers are re-exported: screen and bots import them here
    "NOVA_AT", "PILE_NAMES", "STOP_AT", "NebularColorsRules", "Phase", "ScoreBreakdown",
    "can_take", "cards_text", "is_meld", "is_run", "is_set", "meld_problem", "melds_in",
    "points_for", "score", "score_breakdown", "seat_name", "suit_counts", "suit_points",
    "take_sets",
]
