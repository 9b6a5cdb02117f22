"""The commands every game answers at a decision, listed by ``help``.

Each takes the table, the decision and the rest of the line, says its lines, and returns
what happened: "" (nothing changed, ask again), "changed" (undo), "played", "quit". A bad
argument is one line saying what was expected; nothing is lost.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tui_games.engine.grammar import speak_to
from tui_games.engine.tutorial import NO_UNDO
from tui_games.lines.choices import Group
from tui_games.lines.rules_text import rules_lines

if TYPE_CHECKING:
    from tui_games.lines.table import Decision, LinesTable

Handler = Callable[["LinesTable", "Decision", str], str]
LOG_LINES = 10  # `log` with no number

HELP = (
    "Say a choice's number, or words from it (like 'G9'), to play it. Commands:",
    "look: the whole table from your seat. look X: one place or player in detail. "
    "look near X: the places next to X.",
    "hand: what you hold. score: the scores so far. log or log N: the last 10 or N lines "
    "of the game log.",
    "more N: open the group of choices N. back: all your choices again. Enter alone: "
    "the choices again.",
    "rules: the topics of the rules. rules N or rules WORD: one topic.",
    "hint: the hard bot's move for you, from what you can see; then 'yes' plays it.",
    "undo: take back your last decision, if it revealed nothing. save or save NAME: "
    "save the game. quit: save and leave. The end of input saves and leaves too.",
)


def _help(table: LinesTable, decision: Decision, rest: str) -> str:
    table.console.say_all(list(HELP))
    return ""


def _look(table: LinesTable, decision: Decision, rest: str) -> str:
    words, view, seat, names = table.words, decision.view, decision.seat, table.names
    if not rest:
        table.console.say_all(words.table(view, seat, names))
        return ""
    first, _, place = rest.partition(" ")
    if first.lower() == "near" and place.strip():
        found = words.near(view, seat, names, place.strip())
        what = place.strip()
    else:
        found = words.place(view, seat, names, rest)
        what = rest
        if found is None:  # "bot" for "Bot 2": the one player whose name begins so
            players = [name for name in names if name.lower().startswith(rest.lower())]
            if len(players) > 1:
                table.say(f"'{rest}' could be {' or '.join(players)}: say more of the name.")
                return ""
            if players:
                found = words.place(view, seat, names, players[0])
    if found is None:
        known = ", ".join(words.places(view, names))
        table.say(f"Nothing here is called '{what}'. You can look at: {known}.")
    else:
        table.console.say_all(found)
    return ""


def _hand(table: LinesTable, decision: Decision, rest: str) -> str:
    if rest:
        table.say("'hand' takes nothing after it: say 'look NAME' for another player.")
        return ""
    table.console.say_all(table.words.hand(decision.view, decision.seat, table.names))
    return ""


def _score(table: LinesTable, decision: Decision, rest: str) -> str:
    if rest:
        table.say("'score' takes nothing after it.")
        return ""
    table.console.say_all(table.words.score(decision.view, decision.seat, table.names))
    return ""


def _log(table: LinesTable, decision: Decision, rest: str) -> str:
    if rest and not (rest.isdigit() and int(rest) > 0):
        table.say(f"'log' takes a number of lines, like 'log 20', not '{rest}'.")
        return ""
    count = int(rest) if rest else LOG_LINES
    lines = [speak_to(text, table.names, decision.seat) for event in decision.view.log
             if (text := event.for_viewer(decision.seat))][-count:]
    table.console.say_all(lines or ["Nothing has happened yet."])
    return ""


def _rules(table: LinesTable, decision: Decision, rest: str) -> str:
    table.console.say_all(rules_lines(table.info.rules_markdown(), rest))
    return ""


def _hint(table: LinesTable, decision: Decision, rest: str) -> str:
    if rest:
        table.say("'hint' takes nothing after it.")
        return ""
    table.say(table.hint(decision))
    return ""


def _undo(table: LinesTable, decision: Decision, rest: str) -> str:
    if rest:
        table.say("'undo' takes nothing after it: it takes back your last decision.")
        return ""
    if table.tutorial is not None and table.step < len(table.tutorial.steps):
        table.say(NO_UNDO)
        return ""
    if not table.session.can_undo():
        table.say("Nothing to undo: your last decision revealed something new, ended "
                  "your turn or came from another seat.")
        return ""
    view = decision.view
    action = table.session.undo()
    assert action is not None
    table.say(f"Taken back: {table.rules.describe(view, action)}.")
    table.reset_news(decision.seat, table.rules.observe(table.session.state, decision.seat))
    table.autosave()
    return "changed"


def _save(table: LinesTable, decision: Decision, rest: str) -> str:
    table.say(table.save(rest))
    return ""


def _quit(table: LinesTable, decision: Decision, rest: str) -> str:
    if rest:
        table.say("'quit' takes nothing after it: it saves the game and leaves.")
        return ""
    return "quit"


def _more(table: LinesTable, decision: Decision, rest: str) -> str:
    said = [decision.listing.first(entry) for entry in decision.shown
            if isinstance(entry, Group)]
    if not said:
        table.say("No choice is a group now: every choice is listed.")
        return ""
    group = table.shown_group(decision, int(rest)) if rest.isdigit() else None
    if group is None:
        listed = ", ".join(str(n) for n in said)
        table.say(f"'more' takes the number a group of choices is said with: {listed}.")
        return ""
    table.open_group(decision, group)
    return ""


def _back(table: LinesTable, decision: Decision, rest: str) -> str:
    decision.shown = decision.top
    table.show_choices(decision)
    return ""


def _play(table: LinesTable, decision: Decision, rest: str) -> str:
    """``play`` alone: as ``yes``; "play G9": the words of a choice, as without 'play'."""
    return table.by_words(decision, f"play {rest}") if rest else _yes(table, decision, "")


def _yes(table: LinesTable, decision: Decision, rest: str) -> str:
    """``yes``: the choice the last hint named."""
    if rest:
        table.say("'yes' takes nothing after it: it plays the choice the hint named.")
        return ""
    if decision.hinted is None:
        table.say("There is no hint to follow yet: say 'hint' for one, or a choice's "
                  "number.")
        return ""
    return table.play(decision, decision.hinted)


COMMANDS: dict[str, Handler] = {
    "help": _help, "look": _look, "hand": _hand, "score": _score, "log": _log,
    "rules": _rules, "hint": _hint, "undo": _undo, "save": _save, "quit": _quit,
    "more": _more, "back": _back, "yes": _yes, "play": _play,
}
