"""A game's rules (its rules.md, as the rules screen shows it) as topics of plain lines.

``rules`` lists the topics (the level-two headings), numbered; ``rules N`` or ``rules
WORD`` says one topic, its sub-headings and paragraphs each a line, with the markdown's
marks taken out: a screen reader would otherwise read out every star and bar. What the
rules say of the screen's keys (a "Keys:" item, "←/→ pick a card", "Draw 2 (d)", "f ends
the turn") is left out too: lines are played by words, with no key to press.
"""

from __future__ import annotations

import re

_MARKS = re.compile(r"\*\*|\*(?=\S)|(?<=\S)\*|`|(?<!\w)_(?=\w)|(?<=\w)_(?!\w)")
# A clause about the screen's keys: an arrow or key symbol, a key's name, a key in
# backticks ("`r` looks back"), or a one-letter key opening it ("f ends the turn").
_KEY_CLAUSE = re.compile(r"[←→↑↓⏎↵⇥␣▸]|\b(?:Enter|Esc|Tab|arrows?|press(?:es)?|keys?|"
                         r"left/right|up/down)\b|`[^`\s]`|^(?!a )[a-z] [a-z]")
# "Draw 2 (d)", "(1/2)": a key in brackets (a capital may be a card's or star's letter)
_KEY_MARK = re.compile(r" \((?:[a-z]|\d/\d)\)")
_ITEM = re.compile(r"^(?:\d+\.|-|\*)\s+")
_CLAUSE_END = re.compile(r"(?<=[;:,.?!])\s+")
_RULE_ROW = re.compile(r"^\|?\s*-{3,}")


SCREEN_ONLY = ("Keys",)  # topics about the screen's keys (their heading's first word)


def topics(markdown: str) -> list[tuple[str, list[str]]]:
    """(heading, its source lines) for every level-two section, in order, but those
    about the screen's keys: lines are played by words, with no key to press."""
    found: list[tuple[str, list[str]]] = []
    skipping = False
    for line in markdown.splitlines():
        if line.startswith("## "):
            heading = line[3:].strip()
            skipping = heading.split(" ")[0] in SCREEN_ONLY
            if not skipping:
                found.append((heading, []))
        elif found and not skipping:
            found[-1][1].append(line)
    return found


def keys_left_out(line: str) -> str:
    """``line`` without its clauses about the screen's keys ("" when nothing else is
    left, or when it is a "Keys:" item); its list number or dash is kept. A clause that
    leads into one left out ("when both do," before "choose with the arrows") goes too.
    """
    head = _ITEM.match(line)
    prefix = head.group(0) if head else ""
    body = _KEY_MARK.sub("", line[len(prefix):])
    if body.startswith("Keys:"):
        return ""
    parts = _CLAUSE_END.split(body)
    drop = [bool(_KEY_CLAUSE.search(part)) for part in parts]
    for at in range(len(parts) - 2, -1, -1):
        if drop[at + 1] and parts[at].endswith(","):
            drop[at] = True
    if not any(drop):
        return prefix + body
    kept: list[str] = []
    for part, gone in zip(parts, drop, strict=True):
        if not gone:
            kept.append(part)
        elif part.endswith((".", "?", "!")) and kept and kept[-1][-1] in ",;:":
            kept[-1] = kept[-1][:-1] + "."  # a sentence left out: the one before ends
    if not kept or (len(kept) == 1 and kept[0].endswith(":")):  # a heading of nothing
        return ""
    text = " ".join(kept)
    if text[-1] in ",;:":
        text = text[:-1] + "."
    return prefix + text[0].upper() + text[1:]


def _plain(line: str) -> str:
    text = _MARKS.sub("", line.strip())
    if text.startswith("|"):  # a table row: its cells as a list
        return "; ".join(cell.strip() for cell in text.strip("|").split("|") if cell.strip())
    return text.lstrip("#").strip()


def topic_lines(lines: list[str]) -> list[str]:
    """A section's paragraphs, list items and table rows, one line each."""
    out: list[str] = []
    paragraph: list[str] = []

    def close() -> None:
        if paragraph:
            out.append(" ".join(paragraph))
            paragraph.clear()

    for raw in lines:
        stripped = raw.strip()
        if not stripped or _RULE_ROW.match(stripped):
            close()
            continue
        starts_item = stripped.startswith(("- ", "* ", "#", "|")) or \
            re.match(r"^\d+\. ", stripped) is not None
        if starts_item:
            close()
        paragraph.append(_plain(stripped))
        if stripped.startswith(("#", "|")):
            close()
    close()
    return [kept for line in out if (kept := keys_left_out(line))]


def rules_lines(markdown: str, asked: str) -> list[str]:
    """What ``rules`` (``asked`` empty), ``rules N`` or ``rules WORD`` says."""
    sections = topics(markdown)
    asked = asked.strip()
    if not asked:
        named = "; ".join(f"{n}. {title}" for n, (title, _) in enumerate(sections, start=1))
        return [f"The rules' topics: {named}.", "Say 'rules N' or 'rules WORD' for one."]
    if asked.isdigit():
        number = int(asked)
        if not 1 <= number <= len(sections):
            return [f"There is no topic {number}: the rules have topics 1 to {len(sections)}."]
        chosen = sections[number - 1]
    else:
        fits = [s for s in sections if asked.lower() in s[0].lower()]
        fits = fits or [s for s in sections if asked.lower() in " ".join(s[1]).lower()]
        if not fits:
            return [f"No topic of the rules mentions '{asked}': say 'rules' for the topics."]
        chosen = fits[0]
    title, body = chosen
    return [f"{title}:", *topic_lines(body)]
