"""The trades' dialogs over the Nova Lux table: an exchange composed (Trade Fleet's forced
trade, the Transmuters' conversion), an offer composed step by step, an offer answered.

``TradeDialogs`` is a part of NovaLuxScreen (mixed into it, as TableKeys is into
GameScreen): each dialog ends in a play through the screen's ``_play_and_return``, which
hands the keys back to the map. The dialogs only compose; the rules decide what is legal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui_games.engine.core import Action
from tui_games.games.nova_lux.dialogs import Exchange, ExchangeDialog
from tui_games.games.nova_lux.offer_dialog import OfferDialog
from tui_games.games.nova_lux.state import (
    AnswerTrade,
    DropOffer,
    FedConvert,
    ForceTrade,
    NovaLuxState,
    SendOffer,
)
from tui_games.games.nova_lux.view import trade_question
from tui_games.tui.screens.confirm import ConfirmScreen

if TYPE_CHECKING:
    from tui_games.games.nova_lux.screen import NovaLuxScreen


class TradeDialogs:
    """The trade dialogs of the Nova Lux table (see the module's docstring)."""

    @property
    def _table(self) -> NovaLuxScreen:
        return self  # type: ignore[return-value]

    def _compose_exchange(self, kind: str, target: int) -> None:
        table = self._table
        names = table.seat_names
        if kind == "force":
            title = f"Force {names[target]} to trade one for one (up to 7)."
            dialog = ExchangeDialog(title, one_count=True, max_count=7)
        else:
            title = "Convert one resource into another, as many as you like."
            dialog = ExchangeDialog(title, one_count=True, max_count=14)

        def chosen(exchange: Exchange | None) -> None:
            if exchange is None:
                return
            give, give_n, get, _ = exchange
            action: Action
            if kind == "force":
                action = ForceTrade(target, give, get, give_n)
            else:
                action = FedConvert(give, get, give_n)
            table._play_and_return(action)

        table.app.push_screen(dialog, chosen)

    def _compose_offer(self, view: NovaLuxState) -> None:
        """The offer in play is composed in its dialog, unit by unit (each a legal step);
        Enter sends it, Esc drops it."""
        table = self._table
        offer = view.offer
        assert offer is not None
        if table.closed:
            return
        table._composing = True
        other = table.seat_names[offer.target]

        def step(action: Action) -> str:
            if action in table.legal():
                table.play(action)
                return ""
            return table.why_not(action)

        def done(send: bool | None) -> None:
            table._composing = False
            table._play_and_return(SendOffer() if send else DropOffer())

        title = f"Offer {other} a trade: any amounts of any resources, each side something."
        table.app.push_screen(OfferDialog(title, other, table._nova_view, table.legal, step),
                              done)

    def _ask_trade(self, view: NovaLuxState) -> None:
        table = self._table
        offer = view.offer
        assert offer is not None
        question = trade_question(offer, table.seat_names)

        def answered(yes: bool | None) -> None:
            table._play_and_return(AnswerTrade(bool(yes)))

        if not table.closed:  # a bot's offer can land after the table was left
            table.app.push_screen(ConfirmScreen(question, "Accept", "Decline"), answered)
