"""What the Nebular Colors table shows, worked out from the view (pure, no UI).

The suit colours of the cards, each seat's scoring area in numbers, how many cards the
opponent holds face down, and which table a look back shows: the widgets are only handed
these and lay them out.
"""

from __future__ import annotations

from dataclasses import dataclass

from tui_games.engine.session import Session, replay
from tui_games.games.nebular_colors.melds import ScoreBreakdown
from tui_games.games.nebular_colors.rules import NebularColorsRules
from tui_games.games.nebular_colors.state import CARD_SUIT, SCORING, SUIT_NAMES, SUITS, NCState


@dataclass(frozen=True, slots=True)
class SuitTally:
    """One suit of a scoring area.

    ``count`` cards against ``threshold``; ``points`` earned by passing it (0 before) and
    ``bonus`` earned by the cards beyond it. ``style`` is a component class on an ancestor.
    """

    label: str
    style: str
    count: int
    threshold: int
    points: int = 0
    bonus: int = 0

    @property
    def passed(self) -> bool:
        """Whether the threshold has been reached."""
        return self.count >= self.threshold


def suit_style(card: int) -> str:
    """The component class that colours ``card``'s suit."""
    return f"suit-{CARD_SUIT[card].lower()}"


def suit_tallies(parts: ScoreBreakdown) -> list[SuitTally]:
    """A seat's scoring area by suit, from its score breakdown: the points for passing a
    threshold apart from the bonus for the cards beyond it."""
    tallies = []
    for suit in SUITS:
        count, threshold, earned = parts.suits[suit]
        base = SCORING[suit][1] if count >= threshold else 0
        tallies.append(SuitTally(SUIT_NAMES[suit], f"suit-{suit.lower()}", count,
                                 threshold, base, earned - base))
    return tallies


def held_face_down(view: NCState, seat: int) -> int:
    """How many cards ``seat`` holds, the ones drawn this turn included."""
    return len(view.hands[seat]) + (len(view.drawn) if view.current == seat else 0)


def hand_end_held(session: Session) -> NCState | None:
    """The last hand's final table when the session's latest action ended a hand (a look
    back that stops there shows it: ``apply`` deals the next hand in the same step that
    ends one), else None."""
    rules = session.rules
    assert isinstance(rules, NebularColorsRules)
    if not session.actions:
        return None
    before = replay(rules, len(session.seats), session.seed, session.options,
                    session.actions[:-1])
    assert isinstance(before, NCState) and isinstance(session.state, NCState)
    if len(before.results) < len(session.state.results):
        return rules.hand_end_table(before, session.actions[-1])
    return None
