"""Issue 11, failure 10: Nebula refuses garbage actions with IllegalAction.

Every field of a Nebula action is an index. A hand-made or decoded action holding a float,
a bool (``True == 1``) or anything else is refused, and the table is left as it was.
"""

from __future__ import annotations

from typing import Any

import pytest
from nebula_helpers import RULES

from tui_games.engine.codec import to_json
from tui_games.engine.core import IllegalAction
from tui_games.games.nebula.state import (
    AdvanceValue,
    KeepPersonal,
    NebulaState,
    PositionStar,
    StepTime,
    TurnToChaos,
)


def _refused(s: NebulaState, action: Any) -> str:
    before = to_json(s)
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(s, action)
    assert to_json(s) == before, "a refused action changed the table"
    return caught.value.reason


def _collecting() -> NebulaState:
    s = RULES.setup(2, 3, {"mode": "intro"})
    assert s.phase == "collect"
    return s


@pytest.mark.parametrize(("cluster", "step"), [(True, 1), (0.0, 1), (0, True), (0, 1.0),
                                                (None, 1), ("0", -1), (0, (1,))])
def test_a_time_step_names_a_cluster_and_a_direction_by_number(cluster: Any, step: Any) -> None:
    reason = _refused(_collecting(), StepTime(cluster=cluster, step=step))
    assert reason == "that action names no star, space or token of this game"


@pytest.mark.parametrize("action", [TurnToChaos(star=0.0), TurnToChaos(star=False),
                                    PositionStar(star=0.0, space=0), AdvanceValue(token=True),
                                    KeepPersonal(card=1.0)])
def test_stars_spaces_tokens_and_cards_are_named_by_number(action: Any) -> None:
    assert _refused(_collecting(), action)


@pytest.mark.parametrize("action", [None, 0, "chaos", object()])
def test_something_that_is_no_action_at_all_is_refused(action: Any) -> None:
    assert _refused(_collecting(), action) == "that is not a Nebula action"
