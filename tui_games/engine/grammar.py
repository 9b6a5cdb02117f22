"""Plain-English helpers shared by every game's log, descriptions and summaries.

The rules layer writes its log lines in the third person and names seats with
``seat_ref`` ("Seat 2 draws 2 cards."). The UI turns those references into names with
``speak_to``: other seats by their names, the viewer's own seat as "you", with the verb
that follows made to agree ("You draw 2 cards."). Counts and articles agree through
``plural``, ``agree`` and ``a_or_an`` so that no game writes "1 cards" or "a orange star".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

SEAT_REF = re.compile(r"\b(?:Seat|Player) ([1-9])\b")
"""How rule texts name a seat ("Seat 2"; older logs say "Player 2")."""

# Third-person verbs whose second-person form is not the word without its "s".
_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go",
              "hasn't": "haven't", "isn't": "aren't", "wasn't": "weren't",
              "doesn't": "don't"}
_ES_ENDINGS = ("sses", "shes", "ches", "xes", "zes", "oes")
_VOWEL_SOUND_EXCEPTIONS = {"one", "once", "unit", "unique", "use", "user", "usual", "uni"}
_WORD = re.compile(r"[A-Za-z']+")


def seat_ref(seat: int) -> str:
    """How a rule text names seat ``seat`` (0-based): "Seat 1"; the UI puts names in."""
    return f"Seat {seat + 1}"


_CLAUSE_STARTS = {"you", "your", "the", "no", "a", "an", "this", "that", "there", "it",
                  "wait:", "only", "first", "draw", "take", "discard"}


def as_clause(sentence: str) -> str:
    """A sentence to go inside another one: "You cannot ..." -> "you cannot ...". Only a
    common opening word is lowered, never a name ("Bo's turn" stays as it is)."""
    first = sentence.split(" ", 1)[0]
    if first.lower() in _CLAUSE_STARTS and first[:1].isupper():
        return first[:1].lower() + sentence[1:]
    return sentence


def possessive(name: str) -> str:
    """``"Ann's"`` for a name, ``"your"`` for the viewer's seat (named "You" in the UI)."""
    return "your" if name.lower() == "you" else f"{name}'s"


def plural(count: int, noun: str, plural_form: str | None = None) -> str:
    """``"1 card"``, ``"2 cards"``, ``"0 cards"``; irregular plurals via ``plural_form``."""
    return f"{count} {noun if count == 1 else plural_form or noun + 's'}"


def agree(count: int, singular: str, plural_form: str) -> str:
    """The verb form agreeing with ``count`` things: ``agree(1, "becomes", "become")``."""
    return singular if count == 1 else plural_form


def a_or_an(phrase: str) -> str:
    """``phrase`` with its indefinite article: "an orange star", "a blue star"."""
    first = phrase.split(" ", 1)[0].lower()
    vowel = first[:1] in "aeiou" and not any(first.startswith(w) for w in
                                              _VOWEL_SOUND_EXCEPTIONS)
    if first[:1].isdigit():
        vowel = first.startswith(("8", "11", "18"))
    return f"{'an' if vowel else 'a'} {phrase}"


def second_person(verb: str) -> str:
    """The form of a third-person verb after "you": "draws" -> "draw", "has" -> "have".

    Words that are not third-person verbs (past tense "drew", "took"; "can", "must") are
    returned unchanged.
    """
    lower = verb.lower()
    if lower in _IRREGULAR:
        form = _IRREGULAR[lower]
    elif lower.endswith("ies") and len(lower) > 4:
        form = lower[:-3] + "y"
    elif lower.endswith(_ES_ENDINGS):
        form = lower[:-2]
    elif lower.endswith("s") and not lower.endswith(("ss", "us", "is")) and len(lower) > 2:
        form = lower[:-1]
    else:
        return verb
    return form.capitalize() if verb[:1].isupper() else form


def speak_to(text: str, names: Sequence[str], viewer: int | None = None) -> str:
    """``text`` with seat references replaced: the viewer's seat by "you", others by name.

    "Seat 1 keeps 2 cards; Seat 2's turn." read by seat 0 with names ("Ada", "Bo") becomes
    "You keep 2 cards; Bo's turn.". A seat whose name is "You" is treated the same way
    when nobody in particular reads (``viewer`` None: a single human named You reads
    grammatical lines too); while another seat reads, it is "Player N": in hot-seat,
    "You start" on Player 2's screen must not mean Player 1.
    """

    def name_of(index: int) -> str:
        if index == viewer:
            return "You"
        name = names[index] if 0 <= index < len(names) else f"Seat {index + 1}"
        if viewer is not None and name.strip().lower() == "you":
            return f"Player {index + 1}"
        return name

    out: list[str] = []
    pos = 0
    for match in SEAT_REF.finditer(text):
        index = int(match.group(1)) - 1
        if not 0 <= index < len(names):
            continue
        out.append(text[pos:match.start()])
        name = name_of(index)
        pos = match.end()
        if name.lower() != "you":
            out.append(name)
            continue
        so_far = "".join(out).rstrip(" \"'(")
        sentence_start = not so_far or so_far[-1] in ".!?:\n"
        rest = text[pos:]
        if rest.startswith("'s"):
            out.append("Your" if sentence_start else "your")
            pos += 2
            continue
        out.append("You" if sentence_start else "you")
        word = _WORD.match(rest[1:]) if rest.startswith(" ") else None
        if word is not None and _is_subject_position(text, match.start()):
            out.append(" " + second_person(word.group(0)))
            pos += 1 + word.end()
    out.append(text[pos:])
    return "".join(out)


def _is_subject_position(text: str, start: int) -> bool:
    """True when the seat reference at ``start`` begins a clause (so a verb follows it)."""
    before = text[:start].rstrip()
    if not before:
        return True
    if before[-1] in ".!?:;,(\"'":
        return True
    last = before.rsplit(" ", 1)[-1].lower()
    return last in {"and", "but", "then", "so", "while", "when", "as", "until", "before",
                    "after", "because", "if", "unless", "since", "once", "that", "—", "-"}
