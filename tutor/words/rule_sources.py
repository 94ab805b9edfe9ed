"""Where each rule and option comes from: the sources RULES.md cites for it (its §0.2 keys and
the project's three source documents), and those sources' titles and addresses.

A source is cited for a rule only where it says what the rule says. A source that says otherwise
(RULES.md: "the CLA forbids going out in that case; see V-M4") is cited under the house-rule
option that plays it its way (:data:`DISSENT`), never as a source of the rule it contradicts.

Data kept in step with docs/RULES.md by a test (tests/test_rule_sources.py), like the rule ids.
A rule that cites no outside source rests on the project's rules reference alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.i18n import N_, Translator
from tutor.words.explain import rule_title

# Key: (title, address), from RULES.md §0.2. The titles are the works' own names (not translated).
REFERENCES: dict[str, tuple[str, str]] = {
    "PAGAT": (
        "John McLeod, Canasta: rules and variations",
        "https://www.pagat.com/rummy/canasta.html",
    ),
    "BIC": ("Bicycle, Canasta", "https://bicyclecards.com/how-to-play/canasta"),
    "BIC-CT": (
        "Bicycle, Cutthroat Canasta",
        "http://www.bicyclecards.com/card-games/rule/cutthroat-canasta",
    ),
    "BIC-2H": (
        "Bicycle, Two-Hand Canasta",
        "http://www.bicyclecards.ca/game-rules/two-hand-canasta/115.php",
    ),
    "BRIT": (
        "Encyclopaedia Britannica, canasta – Going out",
        "https://www.britannica.com/topic/canasta/Going-out",
    ),
    "WIKI": ("Wikipedia, Canasta", "https://en.wikipedia.org/wiki/Canasta"),
    "WIKI-US": (
        'Older Wikipedia section "US American Canasta"',
        "https://liquisearch.com/canasta/us_american_canasta/melding_rules",
    ),
    "CCOM": (
        "canasta.com, Count the points in Modern Canasta",
        "https://canasta.com/2023/01/19/count-the-points-in-modern-canasta/",
    ),
    "CJ": (
        "Canasta Junction scoring guide",
        "https://canastajunction.com/2024/09/02/scoring-guide-part-2/",
    ),
    "CLA": (
        "Canasta League of America, Modern American Canasta: How to Play, Meld, and Score",
        "https://canastaleague.org/rules/",
    ),
    "ACS": ("American Canasta Society", "https://americancanastasociety.org/what-is-canasta"),
    "HONORS": (
        "Honors Bridge Club canasta house rules",
        "http://www.honorsbridgeclub.org/canastahouserules.html",
    ),
    "RG3": (
        "rummy-games.com, Canasta for three players",
        "http://www.rummy-games.com/rules/canasta-for-three.html",
    ),
    "CPEDIA": (
        "Canastapedia, Scoring",
        "http://www.canastapedia.com/Classic/GoingOut+Scoring/Scoring",
    ),
}
# The project's three source documents (RULES.md calls them seeds; a learner reads what they are).
SEEDS: dict[str, str] = {
    # Translators: one of the documents the rules were checked against, cited after a rule.
    "norwegian-seed": N_("a Norwegian rules summary"),
    # Translators: one of the documents the rules were checked against, cited after a rule.
    "swedish-seed": N_("a Swedish comparison of Classic and Modern American"),
    # Translators: one of the documents the rules were checked against (a wikiHow-style text),
    # cited after a rule.
    "greek-seed": N_("a Greek how-to"),
}
SOURCES: dict[str, tuple[str, ...]] = {
    "C-SETUP-1": ("PAGAT", "BIC"),
    "C-SETUP-2": ("PAGAT", "BIC"),
    "C-SETUP-3": ("PAGAT", "BIC"),
    "C-CARD-1": ("PAGAT", "BIC", "WIKI"),
    "C-SETUP-4": ("greek-seed",),
    "C-DEAL-1": ("PAGAT", "BIC"),
    "C-DEAL-2": ("PAGAT",),
    "C-DEAL-3": (),
    "C-DEAL-4": ("BIC", "norwegian-seed", "PAGAT"),
    "C-TURN-1": ("PAGAT", "BIC", "WIKI"),
    "C-TURN-2": (),
    "C-TURN-3": ("PAGAT", "BIC"),
    "C-TURN-4": (),
    "C-TURN-5": (),
    "C-MELD-1": ("PAGAT", "BIC"),
    "C-MELD-2": ("PAGAT", "BIC"),
    "C-MELD-3": ("PAGAT", "BIC"),
    "C-MELD-4": ("PAGAT", "BIC"),
    "C-MELD-5": ("PAGAT", "BIC"),
    "C-MELD-6": ("PAGAT",),
    "C-MELD-7": (),
    "C-MELD-8": (),
    "C-MELD-9": ("PAGAT", "BIC", "BRIT"),
    "C-INIT-1": ("PAGAT", "BIC", "WIKI"),
    "C-INIT-2": ("PAGAT", "BIC"),
    "C-INIT-3": ("PAGAT", "BIC"),
    "C-INIT-4": (),
    "C-INIT-5": ("BIC", "PAGAT"),
    "C-PILE-1": ("PAGAT", "BIC"),
    "C-PILE-2": ("PAGAT", "BIC"),
    "C-PILE-3": ("PAGAT", "BIC"),
    "C-PILE-4": ("PAGAT", "BIC"),
    "C-PILE-5": ("PAGAT", "BIC"),
    "C-PILE-6": ("BIC", "BRIT"),
    "C-PILE-7": ("BIC",),
    "C-PILE-8": ("PAGAT", "greek-seed"),
    "C-THREE-1": ("PAGAT", "BIC"),
    "C-THREE-2": ("PAGAT", "BIC", "BRIT"),
    "C-THREE-3": ("PAGAT",),
    "C-THREE-4": (),
    "C-OUT-1": ("PAGAT", "BIC", "BRIT"),
    "C-OUT-2": ("PAGAT", "BIC"),
    "C-OUT-3": ("BRIT",),
    "C-OUT-4": ("PAGAT", "BRIT"),
    "C-OUT-5": ("PAGAT", "BIC", "BRIT"),
    "C-END-1": (),
    "C-END-2": ("PAGAT", "BIC"),
    "C-END-3": ("PAGAT", "BIC", "BRIT"),
    "C-END-4": (),
    "C-SCORE-1": ("PAGAT", "BIC", "CPEDIA"),
    "C-SCORE-2": (),
    "C-GAME-1": ("PAGAT", "BIC"),
    "C-PEN-1": ("BIC", "greek-seed"),
    "C2-1": ("PAGAT", "BIC-2H"),
    "C2-2": ("PAGAT", "BIC-2H"),
    "C2-3": (),
    "C2-4": ("PAGAT", "BIC-2H"),
    "C2-5": ("PAGAT",),
    "C2-6": (),
    "C2-7": ("PAGAT",),
    "C2-8": ("PAGAT", "BIC-2H"),
    "C3-1": ("PAGAT", "BIC-CT", "RG3"),
    "C3-2": ("BIC-CT", "PAGAT", "greek-seed", "swedish-seed"),
    "C3-3": ("BIC-CT", "PAGAT", "RG3", "greek-seed"),
    "C3-4": ("BIC-CT", "greek-seed"),
    "C3-5": ("BIC-CT", "greek-seed"),
    "C3-6": ("BIC-CT", "PAGAT"),
    "C3-7": ("BIC-CT", "RG3", "PAGAT"),
    "C3-8": ("BIC-CT", "PAGAT", "swedish-seed"),
    "C3-9": ("BIC-CT", "PAGAT", "RG3", "swedish-seed"),
    "C3-10": (),
    "C3-11": (),
    "C3-12": (),
    "M-SETUP-1": ("PAGAT", "swedish-seed", "WIKI-US"),
    "M-CARD-1": ("PAGAT", "CCOM", "CJ"),
    "M-DEAL-1": ("PAGAT", "swedish-seed", "HONORS"),
    "M-DEAL-2": ("PAGAT", "swedish-seed", "HONORS"),
    "M-TURN-1": ("HONORS", "PAGAT"),
    "M-TURN-2": (),
    "M-TURN-3": (),
    "M-MELD-1": ("PAGAT", "swedish-seed", "WIKI-US"),
    "M-MELD-2": ("PAGAT", "swedish-seed", "WIKI-US", "HONORS"),
    "M-MELD-3": ("PAGAT", "swedish-seed", "HONORS"),
    "M-MELD-4": ("PAGAT", "swedish-seed", "WIKI-US"),
    "M-MELD-5": ("PAGAT", "swedish-seed", "WIKI-US"),
    "M-MELD-6": ("PAGAT", "swedish-seed", "WIKI-US"),
    "M-MELD-7": ("WIKI-US",),
    "M-MELD-8": ("swedish-seed", "CCOM", "CJ"),
    "M-MELD-9": ("PAGAT", "swedish-seed", "CCOM", "WIKI-US"),
    "M-INIT-1": ("PAGAT", "swedish-seed", "CLA"),
    "M-INIT-2": ("PAGAT", "swedish-seed", "CLA"),
    "M-INIT-3": ("PAGAT", "swedish-seed"),
    "M-INIT-4": ("PAGAT", "HONORS"),
    "M-INIT-5": ("swedish-seed", "CLA"),
    "M-INIT-6": (),
    "M-PILE-1": ("PAGAT", "swedish-seed", "WIKI-US"),
    "M-PILE-2": ("WIKI-US",),
    "M-PILE-3": (),
    "M-DISC-1": ("PAGAT",),
    "M-DISC-2": ("PAGAT", "swedish-seed"),
    "M-DISC-3": ("swedish-seed", "HONORS"),
    "M-DISC-4": ("swedish-seed", "CLA"),
    "M-THREE-1": (),
    "M-THREE-2": ("PAGAT", "swedish-seed", "CCOM", "CJ"),
    "M-OUT-1": ("PAGAT", "swedish-seed"),
    "M-OUT-2": (),
    "M-OUT-3": ("PAGAT", "swedish-seed", "CCOM"),
    "M-OUT-4": ("swedish-seed", "PAGAT"),
    "M-OUT-5": (),
    "M-END-1": (),
    "M-END-2": ("swedish-seed", "CJ"),
    "M-SCORE-1": ("PAGAT", "swedish-seed", "CCOM", "CJ"),
    "M-SCORE-2": (),
    "M-SCORE-3": ("PAGAT", "swedish-seed"),
    "M-SCORE-4": ("PAGAT", "swedish-seed", "CCOM", "CJ"),
    "M-GAME-1": ("PAGAT", "swedish-seed"),
    "V-C1": ("WIKI", "swedish-seed"),
    "V-C2": ("BIC",),
    "V-C3": ("BRIT", "greek-seed"),
    "V-C4": ("greek-seed",),
    "V-C5": ("swedish-seed",),
    "V-C6": (),
    "V-C7": ("RG3", "greek-seed"),
    "V-C8": ("greek-seed",),
    "V-C9": ("BIC-CT",),
    "V-C10": ("swedish-seed",),
    "V-C11": (),
    "V-M1": ("PAGAT", "CLA", "HONORS", "CJ"),
    "V-M2": (),
    "V-M3": ("PAGAT", "swedish-seed", "CLA", "CCOM"),
    "V-M4": ("CLA",),
    "V-M5": ("CLA", "PAGAT"),
    "V-M6": ("swedish-seed", "CLA", "HONORS"),
    "V-M7": (),
    "V-M8": ("PAGAT",),
}

# Sources RULES.md names in a rule's text as saying otherwise, with the option that plays the
# point their way: rule -> (option, sources). They are cited under that option, not the rule.
DISSENT: dict[str, tuple[str, tuple[str, ...]]] = {
    "C-DEAL-2": ("V-C2", ("BIC",)),
    "C-END-2": ("V-C3", ("BRIT", "greek-seed")),
    "C-END-4": ("V-C4", ("greek-seed",)),
    "C-PILE-5": ("V-C5", ("swedish-seed",)),
    "C3-7": ("V-C8", ("greek-seed",)),
    "C3-8": ("V-C7", ("RG3", "greek-seed")),
    "C3-10": ("V-C9", ("BIC-CT",)),
    "M-INIT-3": ("V-M5", ("CLA",)),
    "M-INIT-4": ("V-M6", ("swedish-seed",)),
    "M-SCORE-3": ("V-M3", ("CLA", "CCOM")),
    "M-OUT-5": ("V-M4", ("CLA",)),
}

# Translators: {sources} is a list of source names (links) and documents, comma-separated.
SOURCES_LINE = N_("Sources: {sources}")
REFERENCE_ONLY = N_("Source: the project's rules reference")
# Translators: after a rule's sources: sources that play the point otherwise; {sources} their
# names (links), {option} the title of the house rule that plays it their way.
OTHERWISE = N_("Played otherwise by {sources}: see the house rule “{option}”")
# Translators: a heading on the rules page: the list of the sources with their full names.
LEGEND = N_("The sources")
# Translators: the line before the list of sources on the rules page.
LEGEND_INTRO = N_("The rules were checked against these works. Short names after a rule stand "
                  "for them.")
# Translators: the project's three documents in the list of sources; {documents} their
# descriptions, e.g. "a Norwegian rules summary, a Greek how-to".
DOCUMENTS = N_("Also checked against the project's own documents: {documents}.")


@dataclass(frozen=True, slots=True)
class Reference:
    """One entry of the legend: the short name shown after rules, the work's name and address."""

    key: str
    title: str
    address: str


def legend() -> tuple[Reference, ...]:
    """Every source key with its full title and address, in RULES.md's order."""
    return tuple(Reference(key, title, address) for key, (title, address) in REFERENCES.items())


def cited(key: str, tr: Translator) -> str:
    """One source as Markdown: a key as a link titled with the work's name, or a document."""
    if key in SEEDS:
        return tr.gettext(SEEDS[key])
    title, address = REFERENCES[key]
    return f'[{key}]({address} "{title.replace(chr(34), chr(39))}")'


def sources_markdown(rule_id: str, tr: Translator) -> str:
    """``Sources: [PAGAT](…), a Swedish comparison …`` in the learner's language; sources that
    play the point otherwise are named after, under their house rule."""
    keys = SOURCES.get(rule_id, ())
    if keys:
        line = tr.format(tr.gettext(SOURCES_LINE), SOURCES_LINE,
                         sources=", ".join(cited(key, tr) for key in keys))
    else:
        line = tr.gettext(REFERENCE_ONLY)
    if rule_id in DISSENT:
        option, others = DISSENT[rule_id]
        line += ". " + tr.format(tr.gettext(OTHERWISE), OTHERWISE,
                                 sources=", ".join(cited(key, tr) for key in others),
                                 option=rule_title(option, tr))
    return line


def legend_markdown(tr: Translator) -> str:
    """The legend as a Markdown list: each short name, the work's full name and its link."""
    rows = [f"- **{ref.key}**: [{ref.title}]({ref.address})" for ref in legend()]
    documents = ", ".join(tr.gettext(text) for text in SEEDS.values())
    return "\n".join([tr.gettext(LEGEND_INTRO), "", *rows, "",
                      tr.format(tr.gettext(DOCUMENTS), DOCUMENTS, documents=documents)])
