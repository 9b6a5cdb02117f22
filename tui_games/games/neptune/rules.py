"""Neptune's rules: deal, play tricks, let the winner use the special, score five rounds."""

from __future__ import annotations

import random
from typing import ClassVar

import msgspec

from tui_games.engine.codec import clone
from tui_games.engine.core import Event, IllegalAction, Options, OptionSpec, Outcome, redacted_log
from tui_games.engine.grammar import plural, seat_ref
from tui_games.engine.rng import Rng
from tui_games.engine.verdict import decided_by
from tui_games.games.neptune.card_words import card_name, card_said
from tui_games.games.neptune.determinize import fill_hidden
from tui_games.games.neptune.round_score import round_parts, seat_breakdown
from tui_games.games.neptune.state import (
    BLACK_HOLE,
    DEFAULT_SPECIALS,
    HIDDEN,
    IS_ASTEROID,
    JUMP_GATE,
    PLASMA_SHIELD,
    PROXIMITY_MINES,
    SPACE_BANDIT,
    SPECIAL_IDS,
    SPECIAL_KEYS,
    SPECIAL_NAMES,
    SPECIALS,
    STATIONFALL,
    SUIT_NAMES,
    Cover,
    Keep,
    NeptuneAction,
    NeptuneState,
    OnTop,
    Pile,
    Play,
    Shield,
    Swap,
    card_value,
)
from tui_games.games.neptune.tricks import (
    is_playable,
    playable,
    stationfall_succeeds,
    top_asteroid,
    voids_revealed,
    winning_position,
)

ROUNDS = 5
TARGET = 50
_PLAY = tuple(Play(card) for card in range(39))
_ON_TOP = tuple(OnTop(card) for card in range(39))
_KEEP = Keep()

SPECIAL_PRESETS: tuple[tuple[str, str], ...] = (
    ("default", "Default: Black Hole, Stationfall, Jump Gate, Space Bandit, Asteroids 5, 7"),
    ("random", "Random 6"),
    ("black_hole+stationfall+jump_gate+space_bandit+proximity_mines+plasma_shield", "No Asteroids"),
    (
        "space_bandit+proximity_mines+plasma_shield+asteroid_3+asteroid_5+asteroid_7",
        "Cutters and Asteroids",
    ),
    (
        "black_hole+stationfall+jump_gate+asteroid_3+asteroid_5+asteroid_7",
        "Wild cards and Asteroids",
    ),
)


def points(n: int) -> str:
    """``"1 point"``, ``"-5 points"``, ``"0 points"``."""
    return f"{'-' if n < 0 else ''}{plural(abs(n), 'point')}"


def join_and(items: list[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def parse_specials(value: str) -> tuple[int, ...] | None:
    """The six special card ids an option value names; None means "random".

    Accepts "default", "random", or six distinct special ids joined by "+".
    """
    if value == "default":
        return DEFAULT_SPECIALS
    if value == "random":
        return None
    names = value.split("+")
    unknown = [n for n in names if n not in SPECIAL_IDS]
    if unknown:
        raise ValueError(
            f"unknown special card {unknown[0]!r}; choose from " + ", ".join(SPECIAL_IDS)
        )
    if len(set(names)) != len(names):
        raise ValueError(f"special cards must be distinct: {value!r}")
    if len(names) != 6:
        raise ValueError(f"choose exactly 6 special cards, not {len(names)}: {value!r}")
    return tuple(sorted(SPECIAL_IDS[n] for n in names))


def specials_value(cards: list[int]) -> str:
    """The option string naming these six specials."""
    return "+".join(SPECIAL_KEYS[c] for c in sorted(cards))


class NeptuneRules:
    """Neptune for 2-4 players: trick taking with trumps, Asteroids and special cards."""

    id: ClassVar[str] = "neptune"
    title: ClassVar[str] = "Neptune"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    state_type: ClassVar[type] = NeptuneState
    action_type: ClassVar[object] = NeptuneAction
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "specials",
            "Special cards",
            SPECIAL_PRESETS,
            "default",
            pick=6,
            items=tuple((SPECIAL_KEYS[c], SPECIAL_NAMES[c]) for c in SPECIALS),
        ),
    )

    # ---- setup and dealing ---------------------------------------------------------------

    def setup(self, players: int, seed: int, options: Options) -> NeptuneState:
        """A new game: pick the six specials, seat the first dealer, deal round 1."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Neptune is for 2 to 4 players, not {players}")
        chosen = parse_specials(options.get("specials", "default"))
        rng = Rng.seeded(seed)
        if chosen is None:
            pool = list(SPECIALS)
            rng.shuffle(pool)
            chosen = tuple(sorted(pool[:6]))
        s = NeptuneState(
            players=players,
            rng=rng,
            specials=list(chosen),
            dealer=players - 1,
            scores=[0] * players,
        )
        names = ", ".join(card_name(c) for c in s.specials)
        s.log.append(Event(f"Special cards in play: {names}."))
        self._deal(s)
        return s

    def _deal(self, s: NeptuneState) -> None:
        """Shuffle all cards, set six aside with 2 players, deal the rest evenly."""
        n = s.players
        deck = list(range(30)) + s.specials
        s.rng.shuffle(deck)
        s.removed = deck[:6] if n == 2 else []
        deck = deck[6:] if n == 2 else deck
        size = len(deck) // n
        s.hands = [sorted(deck[i * size : (i + 1) * size]) for i in range(n)]
        s.round += 1
        s.hand_size = size
        s.leader = s.current = (s.dealer + 1) % n
        s.trick, s.follow, s.phase, s.winner = [], -1, "play", -1
        s.tricks_done = 0
        s.piles = []
        s.voids = [0] * n
        aside = " Six cards are set aside face down." if n == 2 else ""
        s.log.append(
            Event(
                f"Round {s.round}: {seat_ref(s.dealer)} deals "
                f"{plural(size, 'card')} each.{aside} {seat_ref(s.leader)} leads."
            )
        )

    # ---- whose move, and what is legal -------------------------------------------------

    def to_move(self, s: NeptuneState) -> int | None:
        """The player to play a card, or the trick's winner while a special asks them."""
        if s.phase == "over":
            return None
        return s.current if s.phase == "play" else s.winner

    def legal_actions(self, s: NeptuneState) -> list[NeptuneAction]:
        """Every legal action now."""
        phase = s.phase
        if phase == "play":
            return [_PLAY[c] for c in playable(s.hands[s.current], s.trick, s.follow)]
        if phase == "top":
            return [_ON_TOP[c] for c in dict.fromkeys(s.trick)]
        if phase == "bandit":
            return [_KEEP, *(Swap(i) for i in self.stealable(s))]
        if phase == "shield":
            return [_KEEP, *(Shield(i) for i, p in enumerate(s.piles) if not p.destroyed)]
        if phase == "cover":
            return [_KEEP, *(Cover(i) for i in self.damaged(s, s.winner))]
        return []

    @staticmethod
    def stealable(s: NeptuneState) -> list[int]:
        """Piles the Space Bandit winner may swap for: others', not shielded or destroyed."""
        return [
            i
            for i, p in enumerate(s.piles)
            if p.owner != s.winner and not p.shielded and not p.destroyed
        ]

    @staticmethod
    def damaged(s: NeptuneState, player: int) -> list[int]:
        """``player``'s piles with an Asteroid on top (a Black Hole may cover them)."""
        return [
            i
            for i, p in enumerate(s.piles)
            if p.owner == player and not p.destroyed and IS_ASTEROID[p.top]
        ]

    def is_last_trick(self, s: NeptuneState) -> bool:
        """True while the round's final trick is in play."""
        return s.tricks_done == s.hand_size - 1

    # ---- playing -------------------------------------------------------------------------

    def apply(self, s: NeptuneState, a: NeptuneAction) -> None:
        """Play ``a``; IllegalAction with the reason if it is not legal now."""
        if s.phase == "play":
            if type(a) is not Play:
                raise IllegalAction("play a card from your hand")
            self._play(s, a.card)
            return
        if s.phase == "over":
            raise IllegalAction("the game is over")
        # ``==`` takes Swap(pile=1.0) for Swap(pile=1): the fields must be real ints too.
        if a not in self.legal_actions(s) or any(
            type(value) is not int for value in msgspec.structs.astuple(a)
        ):
            raise IllegalAction(self._decision_prompt(s))
        self._decide(s, a)

    def _play(self, s: NeptuneState, card: int) -> None:
        p = s.current
        hand = s.hands[p]
        if type(card) is not int or card not in hand:
            known = type(card) is int and 0 <= card < len(_PLAY)
            raise IllegalAction(f"{card_name(card) if known else 'that card'} is not in your hand")
        if not is_playable(hand, s.trick, s.follow, card):
            raise IllegalAction(self.why_illegal(s, card))
        s.voids[p] |= voids_revealed(card, s.trick, s.follow)
        hand.remove(card)
        verb = "plays" if s.trick else "leads"
        s.trick.append(card)
        if s.follow == -1 and card < 30:
            s.follow = card // 10
        s.log.append(Event(f"{seat_ref(p)} {verb} {card_name(card)}."))
        if len(s.trick) < s.players:
            s.current = (p + 1) % s.players
            return
        s.turn += 1
        self._complete_trick(s)

    def why_illegal(self, s: NeptuneState, card: int) -> str:
        """Why ``card`` may not be played now (for the status line)."""
        if not s.trick:
            return "you may not lead an Asteroid while you hold a Red, Green or Blue card"
        if IS_ASTEROID[s.trick[0]] and any(IS_ASTEROID[c] for c in s.hands[s.current]):
            return "an Asteroid was led: you must play an Asteroid"
        return f"you must follow {SUIT_NAMES[s.follow]}"

    def _complete_trick(self, s: NeptuneState) -> None:
        """Find the winner; resolve the trick now or ask the winner about the special."""
        pos = winning_position(s.trick, self.is_last_trick(s))
        winner = (s.leader + pos) % s.players
        card = s.trick[pos]
        s.winner = winner
        s.log.append(Event(f"{seat_ref(winner)} wins the trick with {card_name(card)}."))
        asteroid = top_asteroid(s.trick)
        won_by_black_hole = card == BLACK_HOLE and not self.is_last_trick(s)
        if card == JUMP_GATE and asteroid is None:
            s.phase = "top"
        elif card == SPACE_BANDIT and asteroid is None and self.stealable(s):
            s.phase = "bandit"
        elif card == PLASMA_SHIELD and any(not p.destroyed for p in s.piles):
            s.phase = "shield"
        elif won_by_black_hole and self.damaged(s, winner):
            s.phase = "cover"
        else:
            self._keep(s)

    def _winning_card(self, s: NeptuneState) -> int:
        return s.trick[(s.winner - s.leader) % s.players]

    def _new_pile(self, s: NeptuneState, top: int | None = None) -> Pile:
        """The won trick as a pile, with the card on top that the rules put there."""
        cards = s.trick
        winner_card = self._winning_card(s)
        asteroid = top_asteroid(cards)
        doubled = False
        if top is None:
            if winner_card == BLACK_HOLE or asteroid is None:
                top = winner_card
            else:
                top, doubled = asteroid, winner_card == JUMP_GATE
        value = card_value(top, s.players)
        if top == STATIONFALL and not stationfall_succeeds(cards) and winner_card == top:
            value = 0  # a failed Stationfall took a trick nobody could win
        if doubled:
            value *= 2
        return Pile(
            owner=s.winner,
            trick_no=s.tricks_done + 1,
            cards=list(cards),
            top=top,
            value=value,
            doubled=doubled,
        )

    def _keep(self, s: NeptuneState, top: int | None = None) -> None:
        """The winner keeps the trick as its own pile (or it is destroyed)."""
        pile = self._new_pile(s, top)
        if self._winning_card(s) == PROXIMITY_MINES:
            pile.destroyed = True
            s.log.append(Event("Proximity Mines: the trick is destroyed and scores nothing."))
        elif IS_ASTEROID[pile.top]:
            # "wins the trick with R3" alone hides that the trick now costs points
            doubled = ", doubled by the Jump Gate" if pile.doubled else ""
            s.log.append(
                Event(
                    f"{card_name(pile.top)} goes on top{doubled}: the trick scores "
                    f"{points(pile.score)}."
                )
            )
        s.piles.append(pile)
        self._finish_trick(s)

    def _decide(self, s: NeptuneState, a: NeptuneAction) -> None:
        """Carry out the winner's choice about the special card that won the trick."""
        who = seat_ref(s.winner)
        if type(a) is OnTop:
            s.log.append(Event(f"{who} puts {card_name(a.card)} on top."))
            self._keep(s, top=a.card)
        elif type(a) is Keep:
            s.log.append(Event(f"{who} keeps the trick as it is."))
            self._keep(s)
        elif type(a) is Swap:
            pile = self._new_pile(s)
            victim = s.piles[a.pile]
            pile.owner, victim.owner = victim.owner, s.winner
            s.piles.append(pile)
            s.log.append(
                Event(
                    f"{who} swaps the Space Bandit trick for "
                    f"{seat_ref(pile.owner)}'s trick topped by "
                    f"{card_name(victim.top)}."
                )
            )
            self._finish_trick(s)
        elif type(a) is Shield:
            target = s.piles[a.pile]
            target.cards.extend(s.trick)
            target.shielded = True
            s.log.append(
                Event(
                    f"{who} puts the Plasma Shield trick under "
                    f"{seat_ref(target.owner)}'s trick topped by "
                    f"{card_name(target.top)}: it now scores "
                    f"{points(target.score)}."
                )
            )
            self._finish_trick(s)
        elif type(a) is Cover:
            target = s.piles[a.pile]
            s.log.append(
                Event(
                    f"{who} covers the damaged trick topped by "
                    f"{card_name(target.top)} with the Black Hole trick: it now "
                    "scores 0 points."
                )
            )
            target.cards.extend(s.trick)
            target.top, target.value, target.covered = BLACK_HOLE, 0, True
            target.doubled = False
            self._finish_trick(s)

    def _decision_prompt(self, s: NeptuneState) -> str:
        return {
            "top": "Jump Gate: choose the card to put on top of the trick",
            "bandit": "Space Bandit: keep the trick for 5 points or swap it for another",
            "shield": "Plasma Shield: choose a trick to shield, or keep this one",
            "cover": "Black Hole: choose a damaged trick to cover, or keep this one",
        }.get(s.phase, "")

    def _finish_trick(self, s: NeptuneState) -> None:
        """Clear the table; the winner leads the next trick, or the round is scored."""
        s.last_trick, s.last_leader, s.last_winner = s.trick, s.leader, s.winner
        s.trick, s.follow = [], -1
        s.tricks_done += 1
        s.leader = s.current = s.winner
        s.phase, s.winner = "play", -1
        if s.tricks_done == s.hand_size:
            self._end_round(s)

    def _end_round(self, s: NeptuneState) -> None:
        """Score every pile's top card; totals never drop below 0; deal or end the game."""
        round_points = [0] * s.players
        for pile in s.piles:
            round_points[pile.owner] += pile.score
        s.round_scores.append(round_points)
        if len(s.round_parts) == len(s.round_scores) - 1:  # kept since the first round
            s.round_parts.append(round_parts(s.piles, s.players))
        s.scores = [max(0, total + pts) for total, pts in zip(s.scores, round_points, strict=True)]
        parts = ", ".join(
            f"{seat_ref(i)} scores {points(pts)} (total {s.scores[i]})"
            for i, pts in enumerate(round_points)
        )
        s.log.append(Event(f"Round {s.round} is over: {parts}."))
        s.prev_piles = list(s.piles)
        if s.round >= ROUNDS or max(s.scores) >= TARGET:
            s.phase = "over"  # the last round's piles stay on the table
            return
        s.dealer = (s.dealer + 1) % s.players
        self._deal(s)

    # ---- views, descriptions, results --------------------------------------------------

    def observe(self, s: NeptuneState, player: int) -> NeptuneState:
        """A copy with the other hands and the set-aside cards hidden, RNG zeroed, log redacted."""
        view = clone(s)
        view.rng = Rng(0)
        view.hands = [
            hand if i == player else [HIDDEN] * len(hand) for i, hand in enumerate(view.hands)
        ]
        view.removed = [HIDDEN] * len(view.removed)
        view.log = redacted_log(view.log, player)
        return view

    def determinize(self, view: NeptuneState, player: int, rng: random.Random) -> NeptuneState:
        """A full state consistent with ``view``: unseen cards dealt respecting known voids."""
        return fill_hidden(view, player, rng)

    def reveals(self, s: NeptuneState, a: NeptuneAction) -> bool:
        """True when ``a`` ends a round and so deals new, unseen hands."""
        if s.phase == "over" or s.tricks_done < s.hand_size - 1:
            return False
        after = clone(s)
        self.apply(after, a)
        return after.round != s.round

    def describe(self, s: NeptuneState, a: NeptuneAction) -> str:
        """A plain phrase for ``a``: the status line, menus and hints use it."""
        if type(a) is Play:
            return f"play {card_name(a.card)}"
        if type(a) is OnTop:
            if a.card < 30:
                return f"put {card_name(a.card)} on top"
            return f"put {card_name(a.card)} on top ({points(card_value(a.card, s.players))})"
        if type(a) is Keep:
            return {
                "bandit": "keep the trick for 5 points",
                "shield": "keep the shield trick as its own pile",
                "cover": "keep the Black Hole trick as its own pile",
            }.get(s.phase, "keep the trick")
        pile = s.piles[a.pile]  # type: ignore[union-attr]
        whose = (
            f"{seat_ref(pile.owner)}'s trick topped by {card_said(pile.top)}"  # as the log says it
        )
        if type(a) is Swap:
            return f"swap for {whose} ({points(pile.score)})"
        if type(a) is Shield:
            return f"shield {whose} (from {pile.score} to {pile.value * 2} points)"
        return f"cover {whose} (it scores {points(pile.score)} now)"

    def outcome(self, s: NeptuneState) -> Outcome | None:
        """Totals, ranks and a per-round breakdown once the game is over."""
        if s.phase != "over":
            return None
        best = max(s.scores)
        if best >= TARGET:
            reached = [seat_ref(i) for i, v in enumerate(s.scores) if v >= TARGET]
            reason = f"{join_and(reached)} reached {TARGET} points in round {s.round}."
        else:
            reason = f"All {ROUNDS} rounds played; nobody reached {TARGET} points."
        breakdown = [seat_breakdown(s, i) for i in range(s.players)]
        # The rulebook: "the player with the highest score wins"; it names no tie-break,
        # so equal totals share the win.
        decided = decided_by(s.scores, [i for i, v in enumerate(s.scores) if v == best], "point")
        return Outcome.from_scores(s.scores, reason, breakdown, decided)
