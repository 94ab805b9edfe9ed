"""Card, rank, suit, colour, canasta-kind and seat names in the grammatical form a sentence needs.

A sentence fills ``{card}`` with the card's name as it stands alone; a translation may ask for
another form of the same name with a format spec: ``{card:acc|def}`` (accusative, with the
definite article), ``{rank:gen}``, ``{colour:pl}``. Each form of each name is its own catalog
entry, with the context ``<kind>|<case>[|def][|pl]`` (``rank|acc|def``) and a translator
comment; :func:`extract` writes them all for the template, so nobody types 175 table rows. A
language that leaves a form untranslated gets the nearest form it has (the nominative of the
same article and number, then the bare name).

Two more specs serve languages whose words agree with a name:

- ``art`` is the article alone, in the case and number asked for: ``{rank:acc|art}`` is "den"
  for "König", "die" for "Dame", so the German card template
  ``{rank:acc|art} {suit}-{rank:acc}`` builds "den Herz-König", "die Herz-Dame". It is the
  definite form less the bare one (the catalog's own entries, nothing new to translate); a
  language whose article is part of the word (Norwegian "kongen") gets nothing.
- a **choice by article**, ``key=text|key=text|*=text``, writes the text whose key is the name's
  article (nominative, singular, definite), so words that agree with the name's gender can
  go with it: Greek ``{rank:ο=τρεις ή περισσότεροι|η=τρεις ή περισσότερες|το=τρία ή
  περισσότερα} {rank:nom}`` is "τρεις ή περισσότεροι άσοι" and "τρία ή περισσότερα
  εφτάρια" (a number in words agreeing with the rank: any language, any words); German
  ``{rank:der=keiner|die=keine|das=keines}``. ``*`` is the text for any other name (a name
  without an article, the wild cards as a group); without it, a name whose article is no key
  falls back to the English sentence (``catalogs check`` reads the syntax).
  The choice writes only the text: the name itself is another placeholder.

Lists take forms as their names do: ``{cards:acc|def}``, the hints' ``{melds:acc|def}`` ("Lay
{melds}." as Greek "Κατεβάστε {melds:acc|def}.") each card of the list in that form. The
narration's ``{melds}`` and ``{layoffs}`` ("3 kings", "the jack of clubs to your jacks") are
texts already filled, whose own entries ask for forms ("{n} {rank:acc}"); a form spec on them
leaves them as they are.

Names are passed into formatting as :class:`Name` objects: a ``str`` (its default form, so code
that joins, escapes or compares names keeps working) whose ``__format__`` reads the spec.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import IO, Any, Protocol

from babel.lists import format_list

from tutor.engine.cards import Card, Rank, Suit
from tutor.i18n import FORM_TOKENS, Translator

CASES = ("nom", "acc", "gen", "dat")
CASE_WORDS = {"nom": "nominative", "acc": "accusative", "gen": "genitive", "dat": "dative"}


class FormError(ValueError):
    """A format spec that is no known form (a ValueError, so a broken translation falls back
    to the English sentence instead of failing)."""


@dataclass(frozen=True, slots=True)
class Form:
    """A grammatical form: case, with or without the definite article, and number (``None``:
    the number the code chose, e.g. plural for "a meld of {rank}"); ``article``: the article
    alone (``art``); ``choice``: a choice by article (``ο=…|η=…``), which writes one of its
    texts instead of the name."""

    case: str = "nom"
    definite: bool = False
    plural: bool | None = None
    article: bool = False
    choice: tuple[tuple[str, str], ...] = ()

    @classmethod
    def parse(cls, spec: str) -> Form:
        """``acc|def`` → accusative with the article; tokens in any order, each at most once.
        A spec with ``=`` is a choice by article: ``key=text`` alternatives split by ``|``."""
        if "=" in spec:
            return cls(choice=_choice(spec))
        tokens = [t for t in re.split(r"[|.]", spec.strip()) if t]
        unknown = [t for t in tokens if t not in FORM_TOKENS]
        if unknown or len(set(tokens)) != len(tokens) or not tokens:
            raise FormError(f"unknown form {spec!r}: use {'|'.join(FORM_TOKENS)} "
                            "(a case, def, a number), e.g. acc|def")
        cases = [t for t in tokens if t in CASES]
        numbers = [t for t in tokens if t in ("sg", "pl")]
        if len(cases) > 1 or len(numbers) > 1:
            raise FormError(f"form {spec!r} names two cases or two numbers")
        return cls(cases[0] if cases else "nom", "def" in tokens or "art" in tokens,
                   None if not numbers else numbers[0] == "pl", "art" in tokens)

    @property
    def spec(self) -> str:
        if self.choice:
            return "|".join(f"{key}={text}" for key, text in self.choice)
        parts = [self.case, *(["art"] if self.article else ["def"] if self.definite else []),
                 *([] if self.plural is None else ["pl" if self.plural else "sg"])]
        return "|".join(parts)

    def choose(self, article: str) -> str:
        """The choice's text for a name with this article (``*``: any other); a
        :class:`FormError` if none fits."""
        texts = dict(self.choice)
        key = article.strip().casefold()
        found = next((text for k, text in self.choice if k.casefold() == key), texts.get("*"))
        if found is None:
            raise FormError(f"the choice {self.spec!r} has no text for the article {article!r} "
                            "(add it, or *= for any other)")
        return found


def _choice(spec: str) -> tuple[tuple[str, str], ...]:
    """``ο=τρεις|η=τρεις|το=τρία`` as (article, text) pairs; each key once, each with a text."""
    pairs: list[tuple[str, str]] = []
    for part in spec.split("|"):
        key, equals, text = part.partition("=")
        key = key.strip()
        if not equals or not key or "=" in text:
            raise FormError(f"choice {spec!r}: write article=text alternatives split by |, "
                            "e.g. ο=τρεις|η=τρεις|το=τρία|*=τρία")
        pairs.append((key, text))
    keys = [key.casefold() for key, _ in pairs]
    if len(set(keys)) != len(keys):
        raise FormError(f"choice {spec!r} names an article twice")
    return tuple(pairs)


def is_form_spec(spec: str) -> bool:
    try:
        Form.parse(spec)
    except FormError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class Lexeme:
    """One name and the catalog entries of its forms.

    ``plural`` set: every entry is a singular/plural pair (ranks); ``numbered``: the number is
    part of the entry's context instead (adjectives agreeing with a noun: colours, kinds);
    ``articles``: it has forms with the definite article (nouns)."""

    context: str
    singular: str
    plural: str | None = None
    articles: bool = True
    numbered: bool = False
    what: str = ""  # for the translator comment: "the rank", "the card template"
    article: str = "the"  # English's definite form: "the left opponent", "your partner"
    possessive: bool = False  # English's genitive adds 's: "the left opponent's"

    def forms(self) -> Iterator[Form]:
        """Every form the catalog holds for this name, the bare nominative first."""
        for case in CASES:
            for definite in (False, True) if self.articles else (False,):
                for plural in (False, True) if self.numbered else (None,):
                    yield Form(case, definite, plural)

    def context_of(self, form: Form) -> str:
        if form == self._bare:
            return self.context  # the name as it stands alone: the context it always had
        parts = [self.context, form.case, *(["def"] if form.definite else []),
                 *(["pl"] if self.numbered and form.plural else [])]
        if self.numbered and not form.plural:
            parts.append("sg")
        return "|".join(parts)

    @property
    def _bare(self) -> Form:
        return Form(plural=False) if self.numbered else Form()

    def stored(self, form: Form) -> Form:
        """The form as the catalog stores it (nouns keep their number in the plural pair)."""
        definite = form.definite and self.articles
        plural = bool(form.plural) if self.numbered else None
        return Form(form.case, definite, plural)

    def english(self, form: Form) -> tuple[str, str | None]:
        """The msgid (and plural msgid) of a form: English has one form, plus "the"."""
        form = self.stored(form)
        own = "'s" if self.possessive and form.case == "gen" else ""

        def the(text: str) -> str:
            return f"{self.article} {text}{own}" if form.definite else f"{text}{own}"

        return the(self.singular), None if self.plural is None else the(self.plural)

    def text(self, tr: Translator, form: Form, count: int) -> str:
        """The form in the learner's language; an untranslated form falls back to the same
        article and number in the nominative, then to the bare name."""
        if form.article:
            return self._article(tr, form, count)
        n = count if form.plural is None else (2 if form.plural else 1)
        stored = self.stored(replace(form, plural=form.plural if form.plural is not None
                                     else (n != 1 if self.numbered else None)))
        for candidate in dict.fromkeys((stored, replace(stored, case="nom"), self._bare)):
            singular, plural = self.english(candidate)
            found = tr.find(self.context_of(candidate), singular, plural, n)
            if found is not None:
                return found
        singular, plural = self.english(self._bare)
        if plural is None:
            return tr.pgettext(self.context, singular)
        return tr.npgettext(self.context, singular, plural, n)

    def _article(self, tr: Translator, form: Form, count: int) -> str:
        """The article alone: the definite form less the bare one ("den König" less "König"),
        else the definite form's words before its last; nothing where the language has no
        separate article (or no definite form here)."""
        if not self.articles:
            return ""
        full = self.text(tr, replace(form, article=False, definite=True), count)
        bare = self.text(tr, replace(form, article=False, definite=False), count)
        if full == bare:
            return ""
        if full.endswith(bare):
            return full[: -len(bare)].rstrip()
        head, space, _ = full.rpartition(" ")
        return head if space else ""


# ----- the names ---------------------------------------------------------------------------------


def _rank(singular: str, plural: str) -> Lexeme:
    return Lexeme("rank", singular, plural, what="the rank")


RANK_NAMES: dict[Rank, Lexeme] = {
    Rank.FOUR: _rank("four", "fours"),
    Rank.FIVE: _rank("five", "fives"),
    Rank.SIX: _rank("six", "sixes"),
    Rank.SEVEN: _rank("seven", "sevens"),
    Rank.EIGHT: _rank("eight", "eights"),
    Rank.NINE: _rank("nine", "nines"),
    Rank.TEN: _rank("ten", "tens"),
    Rank.JACK: _rank("jack", "jacks"),
    Rank.QUEEN: _rank("queen", "queens"),
    Rank.KING: _rank("king", "kings"),
    Rank.ACE: _rank("ace", "aces"),
    Rank.TWO: _rank("two", "twos"),
    Rank.THREE: _rank("three", "threes"),
    Rank.JOKER: _rank("joker", "jokers"),
}
WILD_CARDS = Lexeme("rank", "wild cards", what="the wild cards (jokers and twos) as a group, "
                    "where a sentence names a rank, as in \"a meld of wild cards\"")
SUIT_NAMES: dict[Suit, Lexeme] = {
    Suit.CLUBS: Lexeme("suit", "clubs", articles=False, what="the suit"),
    Suit.DIAMONDS: Lexeme("suit", "diamonds", articles=False, what="the suit"),
    Suit.HEARTS: Lexeme("suit", "hearts", articles=False, what="the suit"),
    Suit.SPADES: Lexeme("suit", "spades", articles=False, what="the suit"),
}
CARD_NAME = Lexeme("card", "{rank} of {suit}", what="a card's name, built from {rank} (the rank, "
                   "e.g. 'king') and {suit} (e.g. 'hearts'): 'king of hearts'")
CANASTA_KINDS: dict[str, Lexeme] = {
    key: Lexeme("canasta kind", text, articles=False, numbered=True,
                what="a kind of canasta, an adjective before 'canasta' (\"a natural canasta\")")
    for key, text in (("natural", "natural"), ("mixed", "mixed"), ("sevens", "sevens"),
                      ("aces", "aces"), ("twos", "seven-twos"), ("jokers", "four-joker"),
                      ("wild", "wild"))
}
COLOURS: dict[str, Lexeme] = {
    key: Lexeme("three colour", key, articles=False, numbered=True,
                what="the colour of a three, an adjective before 'three(s)' (\"2 red threes\")")
    for key in ("red", "black")
}



def _seat(singular: str, who: str, article: str = "the") -> Lexeme:
    return Lexeme("seat name", singular, article=article, possessive=True,
                  what=f"a player named inside a sentence about them, by where they sit from the "
                       f"learner's chair ({who}); {{who}} comes with the article (\"the left "
                       f"opponent\", \"your partner\")")


# Another seat named inside a sentence about it ("the left opponent's side has one canasta"),
# keyed by its role from the learner's chair (tutor.words.seats.SeatRole); the learner's own seat is
# never named: sentences about it speak in the second person.
SEAT_NAMES: dict[str, Lexeme] = {
    "partner": _seat("partner", "the learner's partner", article="your"),
    "left": _seat("left opponent", "the opponent who plays right after the learner"),
    "right": _seat("right opponent", "the opponent who plays right before the learner"),
    "opponent": _seat("opponent", "the only opponent in a two-player game"),
}
LEXEMES: tuple[Lexeme, ...] = (*RANK_NAMES.values(), WILD_CARDS, *SUIT_NAMES.values(), CARD_NAME,
                               *CANASTA_KINDS.values(), *COLOURS.values(), *SEAT_NAMES.values())
# The placeholders the code fills with names: the ones a form spec may follow.
NAME_FIELDS = frozenset({"card", "top", "rank", "onto", "ranks", "kind", "colour", "cards",
                         "threes", "who", "melds", "layoffs"})


# ----- phrases and names -------------------------------------------------------------------------


class Phrase(Protocol):
    def render(self, tr: Translator, form: Form) -> str: ...


@dataclass(frozen=True, slots=True)
class Word:
    lexeme: Lexeme
    count: int = 1

    def render(self, tr: Translator, form: Form) -> str:
        return self.lexeme.text(tr, form, self.count)


@dataclass(frozen=True, slots=True)
class CardWords:
    """A card's name: the card template in the form asked for, filled with the rank and suit
    (a template may ask for their forms too: ``{rank:acc}``). A joker is its rank's name."""

    card: Card

    def render(self, tr: Translator, form: Form) -> str:
        if self.card.suit is None or form.article:  # a card's article is its rank's
            return Word(RANK_NAMES[self.card.rank]).render(tr, replace(form, plural=False))
        template = CARD_NAME.text(tr, replace(form, plural=None), 1)
        source = CARD_NAME.english(form)[0]
        return tr.format(template, source, rank=Name(Word(RANK_NAMES[self.card.rank]), tr),
                         suit=Name(Word(SUIT_NAMES[self.card.suit]), tr))


@dataclass(frozen=True, slots=True)
class Listed:
    """Several names joined as the language joins a list ("the king and the two")."""

    items: tuple[Phrase, ...]

    def render(self, tr: Translator, form: Form) -> str:
        if form.article:  # a list's article is its first name's
            return self.items[0].render(tr, form) if self.items else ""
        return format_list([item.render(tr, form) for item in self.items], locale=tr.lang)


class Name(str):
    """A name as a ``str`` in its default form; formatted with a spec it renders that form.

    A ``str`` subclass (not a frozen dataclass) so that every place that shows a name as text
    keeps working unchanged; the attributes are set once, in ``__new__``."""

    phrase: Phrase
    tr: Translator
    default: Form

    def __new__(cls, phrase: Phrase, tr: Translator, default: Form | None = None) -> Name:
        form = default or Form()
        name = super().__new__(cls, phrase.render(tr, form))
        name.phrase, name.tr, name.default = phrase, tr, form
        return name

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        form = Form.parse(spec)
        if form.choice:
            return form.choose(self.phrase.render(self.tr, ARTICLE))
        return self.phrase.render(self.tr, form)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Name, (self.phrase, self.tr, self.default))


THE = Form(definite=True)
ARTICLE = Form(definite=True, plural=False, article=True)  # the key of a choice by article


def rank_name(rank: Rank, tr: Translator, count: int = 2) -> Name:
    return Name(Word(RANK_NAMES[rank], count), tr)


def card_name(card: Card, tr: Translator, default: Form | None = None) -> Name:
    return Name(CardWords(card), tr, default)


def cards_name(cards: tuple[Card, ...] | list[Card], tr: Translator,
               default: Form | None = THE) -> Name:
    """A list of cards, by default each with its article ("the king of hearts and the two")."""
    return Name(Listed(tuple(CardWords(card) for card in cards)), tr, default)


def word(lexeme: Lexeme, tr: Translator, count: int = 1) -> Name:
    return Name(Word(lexeme, count), tr)


def seat_name(role: str, tr: Translator) -> Name:
    """Another seat's name inside a sentence, by default with its article ("the left
    opponent", "your partner"); ``{who:gen|def}`` is "the left opponent's"."""
    return Name(Word(SEAT_NAMES[role]), tr, THE)


def rank_label(symbol: str, tr: Translator, count: int = 2) -> Name:
    """A rank by its symbol, plural unless ``count`` is 1; ``W`` is the wild cards as a group."""
    if symbol == "W":
        return word(WILD_CARDS, tr, count)
    return rank_name(Rank.parse(symbol), tr, count)


def ranks_name(symbols: list[str], tr: Translator) -> Name:
    words = tuple(Word(WILD_CARDS, 2) if s == "W" else Word(RANK_NAMES[Rank.parse(s)], 2)
                  for s in symbols)
    return Name(Listed(words), tr)


# ----- extraction --------------------------------------------------------------------------------


def _comment(lexeme: Lexeme, form: Form) -> str:
    singular, plural = lexeme.english(Form())
    example = f"'{singular}'" + (f" / '{plural}'" if plural else "")
    if lexeme.context == "suit":
        return (f"the suit {example} inside a card's name ('king of {singular}'); it has no "
                "other forms")
    name = lexeme.what or lexeme.context
    how = f"{CASE_WORDS[form.case]}"
    how += ", with the definite article" if form.definite else ", without an article"
    if lexeme.numbered:
        how += ", plural" if form.plural else ", singular"
    field = {"rank": "rank", "card": "card", "canasta kind": "kind",
             "three colour": "colour", "seat name": "who"}.get(lexeme.context, lexeme.context)
    bare = lexeme.context_of(form) == lexeme.context
    tokens = [*([form.case] if form.case != "nom" else []), *(["def"] if form.definite else []),
              *(["pl" if form.plural else "sg"] if lexeme.numbered and not bare else [])]
    spec = ":" + "|".join(tokens) if tokens else ""
    if lexeme.context == "seat name":  # {who} comes with its article (seat_name)
        spec = {Form(): ":nom", THE: ""}.get(form, spec)
    line = (f"{name}: {example} ({how}). A sentence's translation gets this form by writing "
            f"{{{field}{spec}}}")
    if field == "card":
        line += " (also for {top}, and for each card of {cards} and {threes})"
        if form.definite:
            line += ("; {rank:acc|art} is the rank's article alone, for a compound name "
                     "('{rank:acc|art} {suit}-{rank:acc}': 'den Herz-König')")
    if lexeme.context == "rank" and bare and lexeme.plural is not None:
        line += ("; {rank:acc|art} is its article alone, and {rank:ο=τρεις|η=τρεις|*=τρία} "
                 "writes the words that agree with its gender, chosen by its article "
                 "(see tutor/words/names.py)")
    if not bare:
        line += ("; if your language has no separate form here, repeat the form it uses "
                 "(e.g. the one without the case)")
    return line + "."


@cache
def _lines() -> dict[str, int]:
    lines: dict[str, int] = {}
    for number, text in enumerate(Path(__file__).read_text(encoding="utf-8").splitlines(), 1):
        for found in re.findall(r'"([^"]+)"', text):
            lines.setdefault(found, number)
    return lines


def extract(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Any, options: Mapping[str, Any]
) -> Iterator[tuple[int, str, tuple[str, ...], list[str]]]:
    """A Babel extraction method for this file: every form of every name, with its comment
    (the forms are generated from the tables above, so the file's text is not parsed)."""
    for lexeme in dict.fromkeys(LEXEMES):
        forms = [Form()] if lexeme.context == "suit" else list(lexeme.forms())
        for form in forms:
            singular, plural = lexeme.english(form)
            context = lexeme.context_of(lexeme.stored(form))
            line = _lines().get(lexeme.singular, 1)
            if plural is None:
                yield line, "pgettext", (context, singular), [_comment(lexeme, form)]
            else:
                yield line, "npgettext", (context, singular, plural), [_comment(lexeme, form)]
