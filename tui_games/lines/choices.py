"""The numbered choices of a decision: grouped when there are many, picked by number or word.

Labels are the game's own ``describe`` of each legal action. Past GROUP_AT choices, the
choices that begin with the same words are gathered into one group ("place a craftsman
on ... (20 choices)"), opened with ``more N``: a listener hears a handful of lines,
never sixty.

Every choice has one number for the whole decision (``Listing``), the same in the full
list and inside any group: a number heard after ``more 3`` means the same choice when it
is typed later from anywhere. A group is shown as the range of its members' numbers
("3 to 22. place a craftsman on ...") and opened by its first number.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

GROUP_AT = 15  # more choices than this are grouped (a full Neptune hand is not)
MOST_WORDS = 8  # a group is named by at most this many leading words
FINER_AT_MOST = 8  # groups told apart by more words are preferred while at most this many
SAID_AT_MOST = 4  # an answer that fits more choices names this many of them

_WORD = re.compile(r"[a-z0-9]+")
_CELL = re.compile(r"^([A-Z])(\d+)\W*$")  # a grid cell's name: column letter, row number


def words_of(text: str) -> list[str]:
    """The lower-case words and numbers of ``text`` (what a typed word is matched with)."""
    return _WORD.findall(text.lower())


@dataclass(frozen=True)
class Choice:
    """One legal action and its words."""

    label: str
    action: Any


def distinct(choices: Sequence[Choice], prefer: Any = None) -> list[Choice]:
    """``choices`` with each label once: two legal actions said alike are the same move
    (twin cards of one name: the rules' words say whatever else differs), and a list
    read aloud must not offer the same words twice. ``prefer(action)`` picks which twin
    stands for the label (a guided step's own), else the first."""
    kept: dict[str, Choice] = {}
    for choice in choices:
        if choice.label not in kept or (prefer is not None and prefer(choice.action)
                                         and not prefer(kept[choice.label].action)):
            kept[choice.label] = choice
    return list(kept.values())


@dataclass(frozen=True)
class Group:
    """Choices that begin with the same words: ``title`` is those words; ``entries`` is
    how its members are listed once it is opened (grouped again when still many)."""

    title: str
    members: tuple[Choice, ...] = field(default_factory=tuple)
    entries: tuple[Entry, ...] = field(default_factory=tuple, compare=False)

    @property
    def line(self) -> str:
        count = len(self.members)
        return f"{self.title} ... ({count} choice{'' if count == 1 else 's'})"


Entry = Choice | Group


def _common_words(labels: Sequence[str]) -> str:
    split = [label.split() for label in labels]
    common: list[str] = []
    for column in zip(*split, strict=False):
        if len(set(column)) != 1 or len(common) >= MOST_WORDS:
            break
        common.append(column[0])
    return " ".join(common)


def _group(title: str, members: Sequence[Choice], limit: int) -> Group:
    return Group(title, tuple(members), tuple(arrange(members, limit)))


def _row_order(title: str) -> tuple[int, str]:
    last = title.rsplit(" ", 1)[-1]
    return (int(last), "") if last.isdigit() else (0, title)


def _column_order(choice: Choice) -> str:
    return next((word for word in choice.label.split() if _CELL.match(word)), "")


def arrange(choices: Sequence[Choice], limit: int = GROUP_AT) -> list[Entry]:
    """``choices`` as at most ``limit`` entries: as they are when few, else gathered by
    their first words (as few words as tell them apart), each group named by the words
    all its members share; when that still makes too many, in runs of ``limit``."""
    if len(choices) <= limit:
        return list(choices)
    chosen: dict[str, list[Choice]] | None = None
    for count in range(1, MOST_WORDS + 1):
        grouped: dict[str, list[Choice]] = {}
        for choice in choices:
            grouped.setdefault(" ".join(choice.label.split()[:count]), []).append(choice)
        if len(grouped) == 1:
            continue  # the same first words throughout: look one word further
        if len(grouped) > (limit if chosen is None else FINER_AT_MOST):
            break
        chosen = grouped  # a grouping; a finer one is kept while its lines stay few
    if chosen is not None:
        return [members[0] if len(members) == 1
                else _group(_common_words([m.label for m in members]), members, limit)
                for members in chosen.values()]
    # The words that tell the choices apart are names of a map's places: cells of a
    # grid ("A1" ... "G7", a column letter and a row number) are gathered by row ("place
    # the Ark on row 1", its cells A1 to G7 in order), other names by their first letter.
    shared = len(_common_words([c.label for c in choices]).split())
    common = " ".join(choices[0].label.split()[:shared])
    by_part: dict[str, list[Choice]] = {}
    for choice in choices:
        tokens = choice.label.split()
        place = tokens[shared] if len(tokens) > shared else ""
        cell = _CELL.match(place)
        key = f"{common} row {cell.group(2)}" if cell else f"{common} {place[:1]}".strip()
        by_part.setdefault(key, []).append(choice)
    if 1 < len(by_part) <= limit:
        rows = sorted(by_part.items(), key=lambda item: _row_order(item[0]))
        return [members[0] if len(members) == 1
                else _group(title, sorted(members, key=_column_order), limit)
                for title, members in rows]
    size = -(-len(choices) // -(-len(choices) // limit))  # runs of even length
    runs = [choices[i:i + size] for i in range(0, len(choices), size)]
    return [_group(f"{_common_words([c.label for c in run]) or 'choices'}, part {n + 1} "
                   f"of {len(runs)}", run, limit) for n, run in enumerate(runs)]


def flatten(entries: Sequence[Entry]) -> list[Choice]:
    """Every choice under ``entries``, in the order they are listed (groups opened)."""
    out: list[Choice] = []
    for entry in entries:
        out.extend(flatten(entry.entries) if isinstance(entry, Group) else (entry,))
    return out


class Listing:
    """A decision's choices arranged, each with its one number (1 to the count, in the
    order they are listed with every group opened)."""

    def __init__(self, choices: Sequence[Choice], limit: int = GROUP_AT) -> None:
        self.top = arrange(choices, limit)
        self.order = flatten(self.top)
        self._numbers = {id(choice): n for n, choice in enumerate(self.order, start=1)}

    def number(self, choice: Choice) -> int:
        return self._numbers[id(choice)]

    def first(self, entry: Entry) -> int:
        """The number an entry is said with: a group's is its first member's."""
        if isinstance(entry, Group):
            return min(self.number(member) for member in entry.members)
        return self.number(entry)

    def line(self, entry: Entry) -> str:
        if isinstance(entry, Group):
            first = self.first(entry)
            last = max(self.number(member) for member in entry.members)
            return f"{first} to {last}. {entry.line} - say 'more {first}'"
        return f"{self.number(entry)}. {entry.label}"

    def said(self, found: Sequence[Choice]) -> str:
        """A few of ``found`` with their numbers: "1. Nebula or 3. Nebular Colors"."""
        named = [f"{self.number(c)}. {c.label.split(': ')[0].rstrip('.')}"
                 for c in found[:SAID_AT_MOST]]
        if len(found) > SAID_AT_MOST:
            return f"{', '.join(named)} or {len(found) - SAID_AT_MOST} more"
        return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} or {named[-1]}"


def matching(text: str, choices: Sequence[Choice]) -> list[Choice]:
    """The choices that ``text`` names, the closest fits only, in this order: a label
    said in full; the labels that begin with the words typed; those holding every word
    typed; those whose words begin with the words typed, from the label's start ("neb"
    fits "Nebula" and "Nebular Colors"); those with a word beginning with each."""
    wanted = words_of(text)
    if not wanted:
        return []
    labels = [(choice, words_of(choice.label)) for choice in choices]
    tests = (
        lambda words: words == wanted,
        lambda words: len(words) >= len(wanted) and all(
            word == w for word, w in zip(words, wanted, strict=False)),
        lambda words: all(w in words for w in wanted),
        lambda words: len(words) >= len(wanted) and all(
            word.startswith(w) for word, w in zip(words, wanted, strict=False)),
        lambda words: all(any(word.startswith(w) for word in words) for w in wanted),
    )
    for fits in tests:
        found = [choice for choice, words in labels if fits(words)]
        if found:
            return found
    return []


def could_be(text: str, said: str) -> str:
    """The line for an answer that fits several choices, naming them (``said``)."""
    return f"'{text}' could be {said}: say more."
