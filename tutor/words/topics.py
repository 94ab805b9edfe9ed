"""The topics of the rules, as RULES.md groups them, named in words for learners.

A rule id's topic is the id without its number (``C-PILE-2``: ``C-PILE``); the variants for two
and three players are one topic each (``C2``, ``C3``). Learners see topic names, never ids (the
ids are for teachers, in tooltips). A topic without a name here (a house-rule option) is named
by the title of its rule.
"""

from __future__ import annotations

from tutor.i18n import N_, NP_, Translator
from tutor.words.explain import rule_title

# Translators: a topic of the rules (a group of rules), shown to learners, e.g. as a bar of
# the chart "Your mastery by topic".
_SETUP = N_("Players, partners and cards")
# Translators: a topic of the rules (a group of rules), shown to learners, e.g. as a bar of
# the chart "Your mastery by topic".
_CARD = N_("Card values")
# Translators: a topic of the rules (a group of rules), shown to learners, e.g. as a bar of
# the chart "Your mastery by topic".
_DEAL = N_("The deal")
# Translators: a topic of the rules (a group of rules), shown to learners, e.g. as a bar of
# the chart "Your mastery by topic".
_TURN = N_("A turn")
# Translators: a topic of the rules (a group of rules), shown to learners, e.g. as a bar of
# the chart "Your mastery by topic".
_MELD = N_("Melds and canastas")
# Translators: a topic of the rules (a group of rules), shown to learners, e.g. as a bar of
# the chart "Your mastery by topic".
_INIT = N_("The initial meld")
# Translators: a topic of the rules (a group of rules), shown to learners, e.g. as a bar of
# the chart "Your mastery by topic".
_PILE = N_("Taking the discard pile")
# Translators: a topic of the rules (a group of rules), shown to learners, e.g. as a bar of
# the chart "Your mastery by topic".
_DISC = N_("Discarding")
# Translators: a topic of the rules (a group of rules), shown to learners, e.g. as a bar of
# the chart "Your mastery by topic".
_THREE = N_("Threes")
# Translators: a topic of the rules (a group of rules), shown to learners, e.g. as a bar of
# the chart "Your mastery by topic".
_OUT = N_("Going out")
# Translators: a topic of the rules (a group of rules), shown to learners, e.g. as a bar of
# the chart "Your mastery by topic".
_END = N_("The end of a hand")
# Translators: a topic of the rules (a group of rules), shown to learners, e.g. as a bar of
# the chart "Your mastery by topic".
_SCORE = N_("Scoring a hand")
# Translators: a topic of the rules (a group of rules), shown to learners, e.g. as a bar of
# the chart "Your mastery by topic".
_GAME = N_("Winning the game")
# Translators: a topic of the rules (a group of rules), shown to learners, e.g. as a bar of
# the chart "Your mastery by topic".
_PEN = N_("Penalties")

TOPIC_TITLES: dict[str, str] = {
    **{f"{family}-{key}": title for family in ("C", "M") for key, title in (
        ("SETUP", _SETUP), ("CARD", _CARD), ("DEAL", _DEAL), ("TURN", _TURN), ("MELD", _MELD),
        ("INIT", _INIT), ("PILE", _PILE), ("DISC", _DISC), ("THREE", _THREE), ("OUT", _OUT),
        ("END", _END), ("SCORE", _SCORE), ("GAME", _GAME), ("PEN", _PEN))},
    # Translators: the name of a topic of the rules: what changes when two play.
    "C2": N_("Canasta for two"),
    # Translators: the name of a topic of the rules: what changes when three play.
    "C3": N_("Canasta for three"),
}
# Translators: the rule family after a topic's name where Classic and Modern topics would
# otherwise read the same: "Taking the discard pile (Classic)".
CLASSIC_SHORT = NP_("family", "Classic")
# Translators: the rule family after a topic's name where Classic and Modern topics would
# otherwise read the same: "Taking the discard pile (Modern)".
MODERN_SHORT = NP_("family", "Modern")
FAMILY_SHORT = {"C": CLASSIC_SHORT, "M": MODERN_SHORT}
# Translators: a topic of the rules with its rule family; {topic} a topic's name ("Threes"),
# {family} "Classic" or "Modern".
TOPIC_OF_FAMILY = N_("{topic} ({family})")


def topic_of(rule: str) -> str:
    """``C-PILE-2`` → ``C-PILE``; ``C3-10`` → ``C3``; an id without a number stays itself."""
    head, _sep, tail = rule.rpartition("-")
    return head if head and tail.isdigit() else rule


def topic_title(topic: str, tr: Translator, *, rule: str | None = None) -> str:
    """A topic's name in the learner's language (a topic with no name: ``rule``'s title)."""
    title = TOPIC_TITLES.get(topic)
    if title is not None:
        return tr.gettext(title)
    return rule_title(rule or topic, tr)


def family_of(topic: str) -> str:
    return topic[:1]


def titled(topics: list[str], tr: Translator, first_rules: dict[str, str]) -> list[str]:
    """Each topic's name; two that read the same get their family, so every bar is one topic."""
    names = [topic_title(topic, tr, rule=first_rules.get(topic)) for topic in topics]
    shared = {name for name in names if names.count(name) > 1}
    return [tr.format(tr.gettext(TOPIC_OF_FAMILY), TOPIC_OF_FAMILY, topic=name,
                      family=tr.pgettext(*FAMILY_SHORT[family_of(topic)]))
            if name in shared and family_of(topic) in FAMILY_SHORT else name
            for topic, name in zip(topics, names, strict=True)]
