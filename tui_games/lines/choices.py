"""The numbered choices of a decision: grouped when there are many, picked by number or word.

Labels are the game's own ``describe`` of each legal action. Past GROUP_AT choices, the
choices that begin with the same words are gathered into one numbered group ("place a
craftsman on ... (20 choices)"), opened with ``more N``: a listener hears a handful of
lines, never sixty.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

GROUP_AT = 15  # more choices than this are grouped (a full Neptune hand is not)
MOST_WORDS = 8  # a group is named by at most this many leading words
FINER_AT_MOST = 8  # groups told apart by more words are preferred while at most this many

_WORD = re.compile(r"[a-z0-9]+")


def words_of(text: str) -> list[str]:
    """The lower-case words and numbers of ``text`` (what a typed word is matched with)."""
    return _WORD.findall(text.lower())


@dataclass(frozen=True)
class Choice:
    """One legal action and its words."""

    label: str
    action: Any


@dataclass(frozen=True)
class Group:
    """Choices that begin with the same words: ``title`` is those words."""

    title: str
    members: tuple[Choice, ...] = field(default_factory=tuple)

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
                else Group(_common_words([m.label for m in members]), tuple(members))
                for members in chosen.values()]
    # The words that tell the choices apart begin with a few letters ("A1" ... "G7"):
    # gathered by that first letter ("place the Ark on A...").
    shared = len(_common_words([c.label for c in choices]).split())
    by_letter: dict[str, list[Choice]] = {}
    for choice in choices:
        tokens = choice.label.split()
        key = " ".join(tokens[:shared] + ([tokens[shared][:1]] if len(tokens) > shared else []))
        by_letter.setdefault(key, []).append(choice)
    if 1 < len(by_letter) <= limit:
        return [members[0] if len(members) == 1 else Group(title, tuple(members))
                for title, members in by_letter.items()]
    size = -(-len(choices) // -(-len(choices) // limit))  # runs of even length
    runs = [tuple(choices[i:i + size]) for i in range(0, len(choices), size)]
    return [Group(f"{_common_words([c.label for c in run]) or 'choices'}, part {n + 1} "
                  f"of {len(runs)}", run) for n, run in enumerate(runs)]


def entry_line(number: int, entry: Entry) -> str:
    if isinstance(entry, Group):
        return f"{number}. {entry.line} - say 'more {number}'"
    return f"{number}. {entry.label}"


def flatten(entries: Sequence[Entry]) -> list[Choice]:
    out: list[Choice] = []
    for entry in entries:
        out.extend(entry.members if isinstance(entry, Group) else (entry,))
    return out


def matching(text: str, choices: Sequence[Choice]) -> list[Choice]:
    """The choices whose words include every word of ``text`` ("g9", "play g9"): a label
    said in full is that choice even when it is part of a longer one."""
    wanted = words_of(text)
    if not wanted:
        return []
    exact = [c for c in choices if words_of(c.label) == wanted]
    if exact:
        return exact
    return [c for c in choices if all(w in words_of(c.label) for w in wanted)]
