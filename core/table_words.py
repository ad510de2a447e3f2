"""The table in words, for a screen reader: a card, a pile, the whole table, and what changed from one table to
the next. Built from a :class:`~core.table.Table` alone, so it says only what the seat may see: a face-down card
is "face down", never its name.

The shell says the whole table when the player presses T (:func:`table_words`), the card under the keyboard cursor
as it moves (:func:`cursor_words`) and the table button Tab reaches (:func:`choice_words`), and, once a changed
table has been still a moment, what changed (:func:`news`): cards that came face up in a pile, a bid said,
cards picked up or hinted and where they may go, a seat's new tag, a score sheet's new line, a hint's reason, a
held trick or hand's result, the new parts of the line under the table.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.cards import JOKER_TEXT, RANK_LETTERS, SUIT_LETTERS, Card, Suit
from core.table import CardFace, Choice, Label, Mark, Pile, Style, Table
from core.text import SEPARATOR, Text, counted

_RANKS = (("ace", "エース"), ("two", "2"), ("three", "3"), ("four", "4"), ("five", "5"), ("six", "6"),
          ("seven", "7"), ("eight", "8"), ("nine", "9"), ("ten", "10"), ("jack", "ジャック"), ("queen", "クイーン"),
          ("king", "キング"))
_MARKS = {  # in the order they are said
    Mark.SELECTED: Text("picked up", "持ち上げ中"),
    Mark.HINTED: Text("suggested by the hint", "ヒントの札"),
    Mark.TARGET: Text("the picked cards may go here", "持ち上げた札を置けます"),
    Mark.WINNING: Text("winning", "勝ち札"),
    Mark.PLAYABLE: Text("playable", "出せます"),
    Mark.DIMMED: Text("not playable now", "今は出せません"),
    Mark.SITTING_OUT: Text("sitting out", "休み"),
}
W = {
    "face_down": Text("face down", "裏向き"),
    "down_one": Text("1 card face down", "裏向き1枚"),
    "down_many": Text("{n} cards face down", "裏向き{n}枚"),
    "empty": Text("empty", "空"),
    "named": Text("{name}: {what}", "{name}: {what}"),
    "badge": Text("with the {suit} sign", "{suit}の印付き"),
    "place": Text("{card} — {name}, card {i} of {n}", "{card} — {name}、{n}枚中{i}枚目"),
    "run": Text("{first} to {last}, {n} cards", "{first}から{last}まで{n}枚"),
    "button": Text("{text} button", "{text} ボタン"),
    "key": Text("key {key}", "キー {key}"),
    "on": Text("on", "オン"),
    "unavailable": Text("unavailable", "使えません"),
    "buttons": Text("Buttons: {list}", "ボタン: {list}"),
    "dealt": Text("Cards dealt.", "札が配られました。"),
}
SPOKEN_MARKS = frozenset({Mark.SELECTED, Mark.HINTED, Mark.TARGET})  # marks that come and go by the player's doing
_ALL_CARDS = [rank + suit for suit in SUIT_LETTERS for rank in RANK_LETTERS] + [JOKER_TEXT]
DEALT_CARDS = 12  # a fresh deal's cards read out when this many or fewer face up (a hand, not a Yukon tableau)


def _listed(parts: Sequence[Text]) -> Text:
    return Text(", ".join(p.en for p in parts), "、".join(p.get("ja") for p in parts))


def sentences(parts: Sequence[Text]) -> Text:
    """Texts said one after another, each closed by a full stop unless it ends in one of its own."""
    en = [p.en if p.en.endswith((".", "!", "?", "…", ":")) else p.en + "." for p in parts if p.en]
    ja = [p.get("ja") if p.get("ja").endswith(("。", "！", "？", ".", "…", "!", "?")) else p.get("ja") + "。"
          for p in parts if p.en]
    return Text(" ".join(en), "".join(ja))


def card_words(card: str) -> Text:
    """A card's name for people from its text: ``"TH"`` → "ten of hearts" / "ハートの10"; ``"JK"`` → "joker"."""
    parsed = Card.parse(card)
    if parsed.is_joker:
        return Text("joker", "ジョーカー")
    en, ja = _RANKS[parsed.rank - 1]
    suit = parsed.suit.words
    return Text(f"{en} of {suit.en}", f"{suit.get('ja')}の{ja}")


def cards_named(words: str, language: str) -> list[str]:
    """The cards ``words`` names in ``language``, sorted, each as often as it is named (a name only as a whole:
    "two of hearts" is not read inside another name). Checks that words say exactly what a table shows."""
    found = []
    for card in _ALL_CARDS:
        name = re.escape(card_words(card).get(language))
        pattern = rf"(?<!\w){name}(?!\w)" if language == "en" else rf"{name}(?![0-9０-９])"
        found += [card] * len(re.findall(pattern, words))
    return sorted(found)


def face_words(face: CardFace) -> Text:
    """A card as it lies: its name (or "face down"), then its sign and marks in brackets: "jack of diamonds (with
    the hearts sign, playable)"."""
    name = card_words(face.card) if face.card is not None else W["face_down"]
    return _with(name, _about(face.badge, face.marks))


def _about(badge: str, marks: frozenset[Mark]) -> list[Text]:
    parts = []
    if badge:
        suit = next((s for s in Suit if s.symbol == badge), None)
        parts.append(W["badge"].format(suit=suit.words if suit is not None else badge))
    return parts + [words for mark, words in _MARKS.items() if mark in marks]


def _with(name: Text, about: Sequence[Text]) -> Text:
    """``name`` with ``about`` it in brackets."""
    if not about:
        return name
    said = _listed(about)
    return Text(f"{name.en} ({said.en})", f"{name.get('ja')}（{said.get('ja')}）")


def pile_name(pile: Pile) -> Text:
    """The pile's name as the game gives it (its id when the game gives none)."""
    return pile.name if pile.name.en else Text(pile.id)


def _cards(faces: Sequence[CardFace]) -> Text:
    """Cards in order, face-down ones next to each other counted together: "2 cards face down, seven of diamonds,
    six of clubs" ("5 cards face down, sitting out" when they share marks)."""
    parts: list[Text] = []
    index = 0
    while index < len(faces):
        face = faces[index]
        if face.card is not None:
            parts.append(face_words(face))
            index += 1
            continue
        end = index
        while end < len(faces) and faces[end].card is None and faces[end].marks == face.marks:
            end += 1
        parts.append(_with(counted(end - index, W["down_one"], W["down_many"]), _about("", face.marks)))
        index = end
    return _listed(parts)


def pile_words(pile: Pile) -> Text:
    """A pile and its cards: "Column 3: 4 cards face down, seven of diamonds, six of clubs"; "…: empty"."""
    cards = _cards(pile.cards) if pile.cards else W["empty"]
    marks = pile.marks if pile.cards else pile.marks & SPOKEN_MARKS  # an empty hand faded says nothing
    return W["named"].format(name=_with(pile_name(pile), _about("", marks)), what=cards)


def cursor_words(pile: Pile, index: int | None) -> Text:
    """What the keyboard cursor stands on: "seven of diamonds (playable) — Your hand, card 3 of 5" (the whole
    pile when it is on no card)."""
    if index is None or not 0 <= index < len(pile.cards):
        return pile_words(pile)
    return W["place"].format(card=face_words(pile.cards[index]), name=pile_name(pile), i=index + 1,
                             n=len(pile.cards))


def choice_words(choice: Choice) -> Text:
    """A table button: "Order up ♠ button, key O"; "Go alone button, on, key A"; "…, unavailable"."""
    parts = [W["button"].format(text=choice.text)]
    if choice.checked:
        parts.append(W["on"])
    if not choice.enabled:
        parts.append(W["unavailable"])
    elif choice.key:
        parts.append(W["key"].format(key=choice.key))
    return _listed(parts)


def label_words(label: Label) -> Text:
    """A label as said: "West: pass" for a bubble whose label names who speaks, else its text."""
    return W["named"].format(name=label.name, what=label.text) if label.name.en else label.text


def _label_lines(labels: Sequence[Label]) -> list[Text]:
    return [label_words(label) for label in labels if label.text.en.strip()]


def table_words(table: Table) -> Text:
    """The whole table, one sentence a line: the line under it, what it holds for the player, every label (names,
    bids, the score sheet), every pile, the buttons."""
    lines: list[Text] = []
    if table.status.en:
        lines.append(table.status)
    if table.hold is not None:
        lines += [table.hold.title, *table.hold.lines]
    lines += _label_lines(table.labels)
    lines += [pile_words(pile) for pile in table.piles]
    choices = table.all_choices()
    if choices:
        lines.append(W["buttons"].format(list=_listed([choice_words(c) for c in choices])))
    return Text("\n".join(line.en for line in lines), "\n".join(line.get("ja") for line in lines))


def _numbers_aside(words: str) -> str:
    """``words`` with every number (and an English plural after it) set aside: "1 move" and "12 moves" alike."""
    return re.sub(r"# (\w+?)s\b", r"# \1", re.sub(r"\d[\d,]*", "#", words))


def _run(faces: Sequence[CardFace]) -> Text:
    """Cards that came to a pile: one or two by name, a longer run by its ends and length ("eight of spades to
    four of spades, 5 cards")."""
    if len(faces) <= 2:
        return _cards(faces)
    if all(face.marks == faces[0].marks and not face.badge for face in faces):  # a group picked up: said once
        ends = W["run"].format(first=card_words(str(faces[0].card)), last=card_words(str(faces[-1].card)),
                               n=len(faces))
        return _with(ends, _about("", faces[0].marks))
    return W["run"].format(first=face_words(faces[0]), last=face_words(faces[-1]), n=len(faces))


def _split(text: Text, separator: str = SEPARATOR) -> list[Text]:
    """``text`` in its parts, both languages alike (whole when they do not split alike): a status line's parts
    (games join them with ``core.text.join``), a score sheet's lines."""
    en, ja = text.en.split(separator), text.get("ja").split(separator)
    return [Text(e, j) for e, j in zip(en, ja, strict=True)] if len(en) == len(ja) else [text]


def _new_split(before: Text, after: Text) -> list[Text]:
    """The parts of the line under the table that are new, numbers aside (a move count ticking is not news), and
    not a passing state (…): "West is thinking…" and "solver thinking…" are followed by what came of them."""
    old = {_numbers_aside(part.en) for part in _split(before)}
    return [part for part in _split(after) if part.en.strip() and not part.en.endswith("…")
            and _numbers_aside(part.en) not in old]


def _gained(before: Pile | None, after: Pile) -> list[CardFace]:
    """The face-up cards of ``after`` that were not face up in the same pile before, in order."""
    seen = {face.id for face in before.cards} if before is not None else set()  # (a second deck's copy is new)
    return [face for face in after.cards if face.id is not None and face.id not in seen]


def news(before: Table | None, after: Table) -> list[Text]:
    """What a player who cannot see the table should hear after a change, each thing once: cards come face up in a
    pile ("North's card in the trick: jack of spades"), what was said (a bid), a seat's new standing ("East: made
    trump", "West: alone"), a new line of the score sheet ("Trump ♥ · made by East"), the hint's reason, a held
    result, the new parts of the line under the table. Numbers ticking (a move count, tricks taken, a score) are not
    news: the held results say them. Empty when nothing worth saying changed."""
    parts: list[Text] = []
    fresh = after.deal is not None and (before is None or before.deal is None or before.deal.key != after.deal.key)
    if fresh:
        parts.append(W["dealt"])
    old_labels = {label.id: label for label in before.labels} if before is not None else {}
    said = [label for label in after.labels if label.style in (Style.SPEECH, Style.HINT, Style.TITLE)
            and label.text.en.strip() and (label.id not in old_labels or old_labels[label.id].text != label.text)]
    # what was said and what it made of the seats, then the cards it brought (a fresh deal: the cards first)
    told = [label_words(label) for label in said if label.style == Style.SPEECH]
    if before is not None:
        told += _standing(old_labels, after.labels)
    old_piles = {pile.id: pile for pile in before.piles} if before is not None and not fresh else {}
    gained = [(pile, _gained(old_piles.get(pile.id), pile)) for pile in after.piles]
    if not fresh:
        parts += told
        parts += [W["named"].format(name=pile_name(pile), what=_run(cards)) for pile, cards in gained if cards]
        if before is not None:
            parts += _newly_marked(old_piles, after.piles)
    else:
        if sum(len(cards) for _, cards in gained) <= DEALT_CARDS:  # a hand dealt is read out whole
            parts += [W["named"].format(name=pile_name(pile), what=_cards(cards)) for pile, cards in gained if cards]
        parts += told
    parts += [label_words(label) for label in said if label.style != Style.SPEECH]
    hold = after.hold
    if hold is not None and (before is None or before.hold is None or before.hold.title != hold.title
                             or before.hold.lines != hold.lines):
        parts += [hold.title, *hold.lines]
    parts += _new_split(before.status if before is not None else Text(""), after.status)
    unique: dict[str, Text] = {}
    for part in parts:
        unique.setdefault(part.en, part)
    return list(unique.values())


def _newly_marked(old: dict[str, Pile], piles: Sequence[Pile]) -> list[Text]:
    """Cards (and empty places) newly picked up, hinted or made a place the picked cards may go: "Column 4: ace of
    hearts (picked up)", "Hearts foundation (the picked cards may go here): empty"."""
    picked: list[Text] = []
    places: list[Text] = []
    for pile in piles:
        before = old.get(pile.id)
        was = {face.id: face.marks for face in before.cards} if before is not None else {}
        faces = [face for face in pile.cards if face.id is not None and face.marks & SPOKEN_MARKS
                 and not face.marks & SPOKEN_MARKS <= was.get(face.id, frozenset())]
        if faces:
            said = W["named"].format(name=pile_name(pile), what=_run(faces))
            (places if all(face.marks & SPOKEN_MARKS == {Mark.TARGET} for face in faces) else picked).append(said)
        elif pile.marks & SPOKEN_MARKS and not pile.marks & SPOKEN_MARKS <= (before.marks if before else frozenset()):
            places.append(pile_words(pile))
    return picked + places  # what was picked up, then where it may go


def _standing(old: dict[str, Label], labels: Sequence[Label]) -> list[Text]:
    """What is new in the seats' names and the score sheet: a seat's tag without a number ("East: made trump"), a
    score sheet's line that changed in more than its numbers ("Trump ♥ · made by East")."""
    told: list[Text] = []
    for label in labels:
        if label.style in (Style.SEAT, Style.TURN):
            parts = _split(label.text)
            known = {part.en for part in _split(old[label.id].text)} if label.id in old else set()
            tags = [part for part in parts[1:] if part.en not in known and not re.search(r"\d", part.en)]
            if tags:
                told.append(W["named"].format(name=parts[0], what=_listed(tags)))
        elif label.style == Style.PANEL and label.id in old:
            seen = {_numbers_aside(line) for line in old[label.id].text.en.split("\n")}
            told += [line for line in _split(label.text, "\n")
                     if line.en.strip() and _numbers_aside(line.en) not in seen]
    return told


__all__ = [
    "card_words",
    "cards_named",
    "choice_words",
    "cursor_words",
    "face_words",
    "label_words",
    "news",
    "pile_name",
    "pile_words",
    "sentences",
    "table_words",
]
