"""The English sentence for every reason a verdict or a score breakdown can give.

A reason is a rule id with parameters (``C-INIT-1(minimum=50, count=45)``). Its sentence is
chosen by the rule id, the set of parameter names, and for a few parameters (``case``, ``way``,
``step`` …) their value. Placeholders are the parameter names; cards (``{top}``, ``{card}``) and
ranks (``{rank}``) are shown as names in the learner's language by :mod:`tutor.words.explain`.
A test checks that every reason the engine can give has a sentence here.

A reason decided by a house rule (``Reason.option``) is followed by the sentence of
:data:`HOUSE_RULE_TEXTS` for that option and value ("At this table a black three freezes the
pile."); a reason's own sentence may also depend on the house rule (``house=``).

A sentence is written for the seat it is about. ``text`` speaks to the learner about their own
move ("Your side has melded already, so you meld freely."); ``other`` is the same reason about
another seat, named by ``{who}`` ("The left opponent's side has melded already, so they meld
freely."), which :mod:`tutor.words.explain` picks when the move is not the reader's. A
sentence in the second person without ``other`` is marked ``own_only``: it only ever explains
the learner's own attempt (a forbidding reason); the house-rule sentences are impersonal, for
every seat alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from tutor.i18n import N_, NN_


@dataclass(frozen=True, slots=True)
class ReasonText:
    rules: tuple[str, ...]
    keys: frozenset[str]
    text: str | tuple[str, str]  # msgid, or (singular, plural) chosen by ``count``
    when: tuple[tuple[str, object], ...] = ()
    count: str | None = None
    extra: frozenset[str] = field(default_factory=frozenset)  # optional keys
    polarity: str | None = None  # "forbid" or "permit" when the same shape serves both
    house: str | None = None  # only for a reason decided by this house rule ("V-C2=freezes")
    other: str | tuple[str, str] | None = None  # about another seat, named by {who}
    # about the reader's partner, where "their partner" would be the reader ("may ask you")
    partner: str | None = None
    own_only: bool = False  # speaks to the learner and has no sentence about another seat
    # names a seat from the reader's chair ({to_move}, or the seat a score line is about): only
    # for a reader whose chair is known; a sentence naming no seat follows for the others
    seated: bool = False

    @property
    def second_person(self) -> bool:
        """Whether ``text`` speaks to the seat it is about ("you", "your side")."""
        return self.other is not None or self.own_only

    def matches(
        self, rule: str, params: Mapping[str, object], polarity: str, house: str | None = None
    ) -> bool:
        if rule not in self.rules or self.polarity not in (None, polarity):
            return False
        if self.house is not None and self.house != house:
            return False
        keys = set(params)
        if not self.keys <= keys <= self.keys | self.extra:
            return False
        return all(params.get(k) == v for k, v in self.when)


def t(
    rules: str,
    keys: str,
    text: str | tuple[str, str],
    *,
    count: str | None = None,
    extra: str = "",
    polarity: str | None = None,
    house: str | None = None,
    other: str | tuple[str, str] | None = None,
    own_only: bool = False,
    seated: bool = False,
    partner: str | None = None,
    **when: object,
) -> ReasonText:
    return ReasonText(
        tuple(rules.split()),
        frozenset(k for k in keys.split(",") if k),
        text,
        tuple(when.items()),
        count,
        frozenset(k for k in extra.split(",") if k),
        polarity,
        house,
        other,
        partner,
        own_only,
        seated,
    )


REASON_TEXTS: tuple[ReasonText, ...] = (
    # ----- whose turn, which step -------------------------------------------------------------
    t(
        "C-TURN-1 M-TURN-1",
        "seat,to_move",
        # Translators: a reason in a verdict (rule C-TURN-1, M-TURN-1 in RULES.md); {to_move} the
        # player whose turn it is, named from the learner's chair with its article ("the left
        # opponent", "your partner"; {to_move:gen|def} "the left opponent's").
        N_("It is not your turn: {to_move} is to play."),
        own_only=True,
        seated=True,
    ),
    t(
        "C-TURN-1 M-TURN-1",
        "seat,to_move",
        # Translators: a reason in a verdict (rule C-TURN-1, M-TURN-1 in RULES.md), where the
        # tutor does not say whose turn it is.
        N_("It is not your turn."),
        own_only=True,
    ),
    t(
        "C-TURN-5",
        "to_move",
        N_("You may meld only during your own turn."),
        own_only=True,
    ),
    t(
        "C-TURN-2 M-TURN-2",
        "step",
        N_("First draw from the stock or take the discard pile."),
        step="draw",
    ),
    t(
        "C-TURN-2 M-TURN-2",
        "step,stock",
        N_("You cannot pass while the stock still has cards: draw or take the pile."),
        step="draw",
        own_only=True,
    ),
    t(
        "C-TURN-2 M-TURN-2",
        "step,cards",
        # Translators: a reason in a verdict (rule C-TURN-2, M-TURN-2 in RULES.md); {cards} a number
        # of cards, e.g. 3.
        NN_(
            "You start your turn by drawing {cards} card from the stock.",
            "You start your turn by drawing {cards} cards from the stock.",
        ),
        count="cards",
        step="draw",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=NN_(
            "{who} starts their turn by drawing {cards} card from the stock.",
            "{who} starts their turn by drawing {cards} cards from the stock.",
        ),
    ),
    t(
        "C-TURN-2 M-TURN-2",
        "step,drew",
        N_("You have already drawn this turn: now meld, then discard."),
        step="play",
        own_only=True,
    ),
    t(
        "C-TURN-2 M-TURN-2",
        "step,discard",
        N_("You cannot pass now: end your turn with a discard."),
        step="play",
        own_only=True,
    ),
    t(
        "C-TURN-2 M-TURN-2",
        "step,card",
        # Translators: a reason in a verdict (rule C-TURN-2, M-TURN-2 in RULES.md); {card} a card's
        # name without an article ("queen of hearts"; {card:acc|def} etc. for other forms).
        N_("A turn ends with one discard: the {card} goes face up on the pile."),
        step="discard",
    ),
    # Translators: a reason in a verdict (rule C-TURN-4 in RULES.md); {card} a card's name without
    # an article ("queen of hearts"; {card:acc|def} etc. for other forms).
    t("C-TURN-4", "card", N_("Any card may be discarded, the {card} too.")),
    t(
        "C-TURN-4",
        "card,freezes",
        # Translators: a reason in a verdict (rule C-TURN-4 in RULES.md); {card} a card's name
        # without an article ("queen of hearts"; {card:acc|def} etc. for other forms).
        N_("You may discard a wild card, the {card}: it freezes the pile for everybody."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} may discard a wild card, the {card}: it freezes the pile for everybody."),
    ),
    t(
        "C2-2 C3-2",
        "",
        N_("In this game you draw two cards from the stock and discard one."),
        # Translators: the same reason, about another player than the learner: the rule said of
        # every player.
        other=N_("In this game each player draws two cards from the stock and discards one."),
    ),
    t(
        "C2-3 C3-2",
        "pile",
        N_("Taking the discard pile replaces your draw: you do not draw from the stock as well."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_(
            "Taking the discard pile replaces {who:gen|def} draw: they do not draw from the "
            "stock as well."
        ),
    ),
    t("C-END-1 M-END-1", "over", N_("The hand is over: deal the next hand."), over=True),
    t("C-END-1 M-END-1", "over", N_("The hand is not over yet."), over=False),
    t("C-GAME-1 M-GAME-1", "over", N_("The game is over."), over=True),
    # Translators: a reason in a verdict (rule C-GAME-1, M-GAME-1 in RULES.md); {hand} a hand's
    # number or its points, as the sentence says, e.g. 8.
    t("C-GAME-1 M-GAME-1", "hand", N_("Nobody has won yet, so hand {hand} is dealt.")),
    # ----- melds -------------------------------------------------------------------------------
    t(
        "C-MELD-1 M-MELD-1",
        "rank,cards,wilds",
        # Translators: a reason in a verdict (rule C-MELD-1, M-MELD-1 in RULES.md); {rank} a plural
        # rank name ("kings"; {rank:gen|def} etc. for other forms); {cards} a number of cards, e.g.
        # 3.
        NN_("A new meld of {rank} with {cards} card.", "A new meld of {rank} with {cards} cards."),
        count="cards",
    ),
    t(
        "C-MELD-1 M-MELD-1",
        "cards,minimum",
        # Translators: a reason in a verdict (rule C-MELD-1, M-MELD-1 in RULES.md); {minimum} the
        # least number (of points or cards, as the sentence says), e.g. 50; {cards} a number of
        # cards, e.g. 3.
        NN_(
            "A meld needs at least {minimum} cards; this one would have {cards} card.",
            "A meld needs at least {minimum} cards; this one would have {cards} cards.",
        ),
        count="cards",
    ),
    t(
        "C-MELD-1 M-MELD-1",
        "mixed_ranks,ranks",
        # Translators: a reason in a verdict (rule C-MELD-1, M-MELD-1 in RULES.md); {ranks} a list
        # of plural rank names ("kings and nines").
        N_("A meld is made of one rank only, not of {ranks}."),
    ),
    t(
        "M-MELD-1",
        "cards,maximum",
        # Translators: a reason in a verdict (rule M-MELD-1 in RULES.md); {maximum} the most
        # allowed, a number, e.g. 3; {cards} a number of cards, e.g. 3.
        NN_(
            "A meld can never have more than {maximum} card; this one would have {cards}.",
            "A meld can never have more than {maximum} cards; this one would have {cards}.",
        ),
        count="maximum",
    ),
    t(
        "M-MELD-1",
        "closed,rank",
        # Translators: a reason in a verdict (rule M-MELD-1 in RULES.md); {rank} a plural rank name
        # ("kings"; {rank:gen|def} etc. for other forms).
        N_("Your canasta of {rank} is complete and closed: no more cards may join it."),
        own_only=True,
    ),
    t(
        "C-MELD-2 M-MELD-2",
        "naturals,minimum",
        # Translators: a reason in a verdict (rule C-MELD-2, M-MELD-2 in RULES.md); {minimum} the
        # least number (of points or cards, as the sentence says), e.g. 50; {naturals} a number of
        # natural cards, e.g. 4.
        NN_(
            "A meld needs at least {minimum} natural cards; this one would have {naturals}.",
            "A meld needs at least {minimum} natural cards; this one would have {naturals}.",
        ),
        count="naturals",
    ),
    t(
        "C-MELD-2 M-MELD-2",
        "wilds,maximum",
        # Translators: a reason in a verdict (rule C-MELD-2, M-MELD-2 in RULES.md); {maximum} the
        # most allowed, a number, e.g. 3; {wilds} a number of wild cards, e.g. 2.
        NN_(
            "A meld may hold at most {maximum} wild card; this one would hold {wilds}.",
            "A meld may hold at most {maximum} wild cards; this one would hold {wilds}.",
        ),
        count="maximum",
    ),
    t(
        "C-MELD-2",
        "wilds,naturals",
        # Translators: a reason in a verdict (rule C-MELD-2 in RULES.md); {wilds} a number of wild
        # cards, e.g. 3; {naturals} a number of natural cards, e.g. 1 (the form follows it;
        # {wilds} is always more, so at least 2).
        NN_(
            "The wild cards would outnumber the natural cards ({wilds} wild against {naturals} "
            "natural).",
            "The wild cards would outnumber the natural cards ({wilds} wild against {naturals} "
            "natural).",
        ),
        count="naturals",
    ),
    t(
        "M-MELD-2",
        "wilds,onto",
        # Translators: a reason in a verdict (rule M-MELD-2 in RULES.md); {onto} a plural rank name
        # ("nines") or "wild cards".
        N_("Wild cards can only join a meld of {onto} that your side already has."),
        own_only=True,
    ),
    t(
        "M-MELD-2",
        "naturals,wilds",
        # Translators: a reason in a verdict (rule M-MELD-2 in RULES.md); {naturals} a number of
        # natural cards, e.g. 4; {wilds} a number of wild cards, e.g. 2.
        N_("The meld keeps within the limits (natural cards: {naturals}, wild cards: {wilds})."),
    ),
    t("C-MELD-3", "wilds", N_("Wild cards can never form a meld on their own.")),
    t(
        "C-MELD-3",
        "wilds,onto",
        # Translators: a reason in a verdict (rule C-MELD-3 in RULES.md); {onto} a plural rank name
        # ("nines") or "wild cards".
        N_("Wild cards can only join a meld of {onto} that your side already has."),
        own_only=True,
    ),
    # Translators: a reason in a verdict (rule C-MELD-3 in RULES.md); {card} a card's name without
    # an article ("queen of hearts"; {card:acc|def} etc. for other forms).
    t("C-MELD-3", "card", N_("Threes cannot be melded with other cards: the {card} stays out.")),
    t(
        "C-MELD-4",
        "rank,cards",
        # Translators: a reason in a verdict (rule C-MELD-4 in RULES.md); {cards} a number of cards,
        # e.g. 3; {rank} a plural rank name ("kings"; {rank:gen|def} etc. for other forms).
        NN_(
            "{cards} card joins your side's meld of {rank}.",
            "{cards} cards join your side's meld of {rank}.",
        ),
        count="cards",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=NN_(
            "{who:gen|def} side adds {cards} card to its meld of {rank}.",
            "{who:gen|def} side adds {cards} cards to its meld of {rank}.",
        ),
    ),
    t(
        "C-MELD-4",
        "rank,opponents",
        # Translators: a reason in a verdict (rule C-MELD-4 in RULES.md); {rank} a plural rank name
        # ("kings"; {rank:gen|def} etc. for other forms).
        N_("Only the opponents have a meld of {rank}: you can never add to their melds."),
        own_only=True,
    ),
    t(
        "M-MELD-7",
        "rank,cards",
        # Translators: a reason in a verdict (rule M-MELD-7 in RULES.md); {cards} a number of cards,
        # e.g. 3; {rank} a plural rank name ("kings"; {rank:gen|def} etc. for other forms).
        NN_(
            "{cards} card joins your side's meld of {rank}.",
            "{cards} cards join your side's meld of {rank}.",
        ),
        count="cards",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=NN_(
            "{who:gen|def} side adds {cards} card to its meld of {rank}.",
            "{who:gen|def} side adds {cards} cards to its meld of {rank}.",
        ),
    ),
    t(
        "M-MELD-7",
        "completed,meld",
        N_("Your side's wild-card meld is already a canasta: a second one is not allowed."),
        own_only=True,
    ),
    t(
        "M-MELD-7",
        "completed,meld,second",
        N_("Your side's wild-card meld is already a canasta, so these wild cards start another."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_(
            "The wild-card meld of {who:gen|def} side is already a canasta, so these wild "
            "cards start another."
        ),
    ),
    # Translators: a reason in a verdict (rule C-MELD-5 in RULES.md); {kind} a kind of canasta, an
    # adjective ("natural", "mixed"; {kind:gen} etc. for other forms); {rank} a plural rank name
    # ("kings"; {rank:gen|def} etc. for other forms).
    t("C-MELD-5", "kind,rank", N_("This makes a {kind} canasta of {rank}.")),
    t(
        "C-MELD-5",
        "rank,wilds",
        # Translators: a reason in a verdict (rule C-MELD-5 in RULES.md); {rank} a plural rank name
        # ("kings"; {rank:gen|def} etc. for other forms); {wilds} a number of wild cards, e.g. 4.
        NN_(
            "A canasta of {rank} can hold at most three wild cards; this would make {wilds}.",
            "A canasta of {rank} can hold at most three wild cards; this would make {wilds}.",
        ),
        count="wilds",
    ),
    # Translators: a reason in a verdict (rule C-MELD-6, M-MELD-9 in RULES.md); {kind} a kind of
    # canasta, an adjective ("natural", "mixed"; {kind:gen} etc. for other forms).
    t("C-MELD-6 M-MELD-9", "kind", N_("Canasta bonus ({kind} canasta)")),
    # Translators: a reason in a verdict (rule C-MELD-7 in RULES.md); {rank} a plural rank name
    # ("kings"; {rank:gen|def} etc. for other forms).
    t("C-MELD-7", "rank", N_("In Classic Canasta {rank} take wild cards like any other rank.")),
    t("C-MELD-7", "wilds", N_("There is no canasta of wild cards in Classic Canasta.")),
    t(
        "C-MELD-8",
        "cards_left,canastas,needed",
        # Translators: a reason in a verdict (rule C-MELD-8 in RULES.md); {cards_left} the number of
        # cards left in the hand, e.g. 1; {canastas} the number of canastas the side has, e.g. 1;
        # {needed} the number needed, e.g. 2.
        NN_(
            "You would keep only {cards_left} card, and you may not go out yet (canastas: "
            "{canastas}, needed: {needed}).",
            "You would keep only {cards_left} cards, and you may not go out yet (canastas: "
            "{canastas}, needed: {needed}).",
        ),
        count="cards_left",
        polarity="forbid",
        own_only=True,
    ),
    t(
        "C-MELD-8",
        "cards_left,canastas,needed",
        N_("You may keep a single card: your side has the canastas needed to go out."),
        polarity="permit",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} may keep a single card: their side has the canastas needed to go out."),
    ),
    t(
        "C-MELD-9",
        "cards",
        N_("Black threes may be melded, without wild cards, as you go out."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("Black threes may be melded, without wild cards, as {who} goes out."),
    ),
    t(
        "C-MELD-9",
        "going_out",
        N_("Black threes may only be melded in the turn you go out."),
        going_out=False,
        own_only=True,
    ),
    t("C-MELD-9", "wilds", N_("A meld of black threes may not contain wild cards.")),
    t(
        "M-MELD-3",
        "naturals,minimum",
        # Translators: a reason in a verdict (rule M-MELD-3 in RULES.md); {minimum} the least number
        # (of points or cards, as the sentence says), e.g. 50; {naturals} a number of natural cards,
        # e.g. 4.
        NN_(
            "Rule of five: after your first meld a wild card may only join a meld with at least "
            "{minimum} natural card; this one has {naturals}.",
            "Rule of five: after your first meld a wild card may only join a meld with at least "
            "{minimum} natural cards; this one has {naturals}.",
        ),
        count="minimum",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=NN_(
            "Rule of five: after the first meld of {who:gen|def} side a wild card may only "
            "join a meld with at least {minimum} natural card; this one has {naturals}.",
            "Rule of five: after the first meld of {who:gen|def} side a wild card may only "
            "join a meld with at least {minimum} natural cards; this one has {naturals}.",
        ),
    ),
    t("M-MELD-4", "wilds", N_("Sevens can never take wild cards.")),
    t("M-MELD-4", "pure", N_("A meld of sevens is always pure.")),
    t(
        "M-MELD-5",
        "initial",
        N_("Aces may take wild cards only in your side's first meld."),
        initial=False,
        own_only=True,
    ),
    t(
        "M-MELD-5",
        "initial",
        N_("Aces take wild cards here because this is your side's first meld."),
        initial=True,
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_(
            "Aces take wild cards here because this is the first meld of {who:gen|def} side."
        ),
    ),
    t("M-MELD-5", "pure", N_("A pure meld of aces can never take wild cards.")),
    t(
        "M-MELD-6",
        "cards",
        # Translators: a reason in a verdict (rule M-MELD-6 in RULES.md); {cards} a number of cards,
        # e.g. 3.
        NN_("A wild-card meld of {cards} card.", "A wild-card meld of {cards} cards."),
        count="cards",
    ),
    t("M-MELD-6", "naturals", N_("A wild-card meld holds only twos and jokers.")),
    t(
        "M-MELD-6",
        "cards,incomplete",
        # Translators: a reason in a verdict (rule M-MELD-6 in RULES.md); {cards} a number of cards,
        # e.g. 3.
        NN_(
            "While your side's wild-card meld is incomplete ({cards} card), wild cards may go "
            "nowhere else.",
            "While your side's wild-card meld is incomplete ({cards} cards), wild cards may go "
            "nowhere else.",
        ),
        count="cards",
        own_only=True,
    ),
    t(
        "M-MELD-8",
        "rank",
        # Translators: a reason in a verdict (rule M-MELD-8 in RULES.md); {rank} a plural rank name
        # ("kings"; {rank:gen|def} etc. for other forms).
        N_("A natural canasta of {rank} is complete: nobody may meld {rank} any more."),
    ),
    # Translators: a reason in a verdict (rule M-DEAL-2 in RULES.md); {card} a card's name without
    # an article ("queen of hearts"; {card:acc|def} etc. for other forms).
    t("M-DEAL-2", "card", N_("Threes are never melded: the {card} is a bonus card.")),
    # ----- initial meld ------------------------------------------------------------------------
    t(
        "C-INIT-1 M-INIT-1",
        "minimum,count,score",
        # Translators: a reason in a verdict (rule C-INIT-1, M-INIT-1 in RULES.md); {minimum} the
        # least number (of points or cards, as the sentence says), e.g. 50; {score} a side's
        # cumulative score, e.g. 1500; {count} a number (points or cards, as the sentence says),
        # e.g. 45.
        N_(
            "Your side's first meld must count at least {minimum} (cumulative score {score}); "
            "these cards count {count}."
        ),
        own_only=True,
    ),
    t(
        "C-INIT-1 M-INIT-1",
        "minimum,count",
        # Translators: a reason in a verdict (rule C-INIT-1, M-INIT-1 in RULES.md); {count} a number
        # (points or cards, as the sentence says), e.g. 45; {minimum} the least number (of points or
        # cards, as the sentence says), e.g. 50.
        N_("Your side's first meld counts {count}: the minimum of {minimum} is reached."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_(
            "The first meld of {who:gen|def} side counts {count}: the minimum of {minimum} is "
            "reached."
        ),
    ),
    t(
        "C-INIT-2 M-INIT-2",
        "count",
        # Translators: a reason in a verdict (rule C-INIT-2, M-INIT-2 in RULES.md); {count} a number
        # (points or cards, as the sentence says), e.g. 45.
        N_("The first meld counts the card values you meld this turn: {count}."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("The first meld counts the card values {who} melds this turn: {count}."),
    ),
    t(
        "M-INIT-2",
        "count,top",
        # Translators: a reason in a verdict (rule M-INIT-2 in RULES.md); {count} a number (points
        # or cards, as the sentence says), e.g. 45.
        N_("Only cards from your hand count ({count}); the top card of the pile does not."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_(
            "Only cards from {who:gen|def} hand count ({count}); the top card of the pile does "
            "not."
        ),
    ),
    t(
        "C-INIT-3",
        "minimum,count",
        # Translators: a reason in a verdict (rule C-INIT-3 in RULES.md); {count} a number (points
        # or cards, as the sentence says), e.g. 45; {minimum} the least number (of points or cards,
        # as the sentence says), e.g. 50.
        N_(
            "When you take the pile for your first meld, only its top card counts from the "
            "pile: your count is {count} and the minimum is {minimum}."
        ),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_(
            "When {who} takes the pile for their first meld, only its top card counts from the "
            "pile: their count is {count} and the minimum is {minimum}."
        ),
    ),
    t(
        "C-INIT-4",
        "count",
        N_("Your side has melded already, so you meld freely."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who:gen|def} side has melded already, so they meld freely."),
    ),
    t(
        "M-INIT-6",
        "",
        N_("Your side has melded already, so you meld freely."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who:gen|def} side has melded already, so they meld freely."),
    ),
    t(
        "C-INIT-5",
        "",
        N_(
            "You meld your whole hand at once with a canasta: going out concealed needs no minimum."
        ),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_(
            "{who} melds their whole hand at once with a canasta: going out concealed needs no "
            "minimum."
        ),
    ),
    t("C-THREE-3", "threes", N_("Red threes never count toward the first meld.")),
    t(
        "C-THREE-3",
        "count,threes",
        # Translators: a reason in a verdict (rule C-THREE-3 in RULES.md); {count} a number (points
        # or cards, as the sentence says), e.g. 45.
        N_("Red threes never count toward the first meld: the count stays {count}."),
    ),
    t(
        "C3-6",
        "minimum,count,score",
        # Translators: a reason in a verdict (rule C3-6 in RULES.md); {minimum} the least number (of
        # points or cards, as the sentence says), e.g. 50; {score} a side's cumulative score, e.g.
        # 1500; {count} a number (points or cards, as the sentence says), e.g. 45.
        N_(
            "In the partnership, whoever melds first must reach their own minimum of {minimum} "
            "(score {score}); these cards count {count}."
        ),
    ),
    t(
        "M-INIT-1",
        "talon",
        # Translators: a reason in a verdict (rule M-INIT-1 in RULES.md); {talon} a number of bonus
        # cards, e.g. 2.
        NN_(
            "After your side's first meld from hand you take {talon} bonus card.",
            "After your side's first meld from hand you take {talon} bonus cards.",
        ),
        count="talon",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=NN_(
            "{who} takes {talon} bonus card after their side's first meld from hand.",
            "{who} takes {talon} bonus cards after their side's first meld from hand.",
        ),
    ),
    t(
        "M-INIT-3",
        "clean,wild",
        N_("Your first meld contains a meld of three or more natural cards."),
        polarity="permit",
        house="V-M5=three-naturals",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who:gen|def} first meld contains a meld of three or more natural cards."),
    ),
    t(
        "M-INIT-3",
        "clean,wild",
        N_(
            "Your first meld contains a clean meld of three or more natural cards, or a wild-card "
            "meld."
        ),
        polarity="permit",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_(
            "{who:gen|def} first meld contains a clean meld of three or more natural cards, or "
            "a wild-card meld."
        ),
    ),
    t(
        "M-INIT-3",
        "clean,wild",
        N_(
            "Your first meld must contain a clean meld of at least three natural cards from your "
            "hand."
        ),
        polarity="forbid",
        house="V-M5=clean-only",
        own_only=True,
    ),
    t(
        "M-INIT-3",
        "clean,wild",
        N_(
            "Your first meld must contain a meld of at least three natural cards from your hand, "
            "or a meld of at least three wild cards."
        ),
        polarity="forbid",
        house="V-M5=three-naturals",
        own_only=True,
    ),
    t(
        "M-INIT-3",
        "clean,wild",
        N_(
            "Your first meld must contain a clean meld of at least three natural cards from your "
            "hand, or a meld of at least three wild cards."
        ),
        polarity="forbid",
        own_only=True,
    ),
    # Translators: a reason in a verdict (rule M-INIT-4 in RULES.md); {kind} a kind of canasta, an
    # adjective ("natural", "mixed"; {kind:gen} etc. for other forms).
    t(
        "M-INIT-4",
        "kind",
        # Translators: a reason in a verdict (rule M-INIT-4 in RULES.md); {kind} a kind of canasta,
        # an adjective ("natural", "mixed"; {kind:gen} etc. for other forms).
        N_("A {kind} canasta melded straight from your hand needs no minimum."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("A {kind} canasta melded straight from {who:gen|def} hand needs no minimum."),
    ),
    t(
        "M-INIT-4",
        "kind,pile",
        N_("A canasta laid as you take the pile does not spare you the minimum."),
        pile=True,
        own_only=True,
    ),
    t(
        "M-INIT-4",
        "kind,pile",
        # Translators: a reason in a verdict (rule M-INIT-4 in RULES.md); {kind} a kind of canasta,
        # an adjective ("natural", "mixed"; {kind:gen} etc. for other forms).
        N_("This {kind} canasta from your hand does not spare you the minimum."),
        pile=False,
        own_only=True,
    ),
    t(
        "M-INIT-5",
        "",
        N_(
            "You make your side's complete first meld from hand and take the pile with a "
            "natural pair."
        ),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_(
            "{who} makes their side's complete first meld from hand and takes the pile with a "
            "natural pair."
        ),
    ),
    t(
        "M-INIT-5",
        "count,top",
        # Translators: a reason in a verdict (rule M-INIT-5 in RULES.md); {count} a number (points
        # or cards, as the sentence says), e.g. 45.
        N_(
            "To take the pile before your side has melded, meld enough from your hand first "
            "({count} so far; the top card does not count)."
        ),
        own_only=True,
    ),
    # ----- the discard pile --------------------------------------------------------------------
    t("C-PILE-1", "pile", N_("The discard pile is empty.")),
    t(
        "C-PILE-2",
        "top",
        # Translators: a reason in a verdict (rule C-PILE-2 in RULES.md); {top} the name of the
        # pile's top card without an article ("seven of clubs"; {top:gen|def} etc. for other forms).
        N_("Nobody may take the pile while a wild card or a black three is on top ({top})."),
    ),
    # Translators: a reason in a verdict (rule M-PILE-2 in RULES.md); {top} the name of the pile's
    # top card without an article ("seven of clubs"; {top:gen|def} etc. for other forms).
    t("M-PILE-2", "top", N_("Nobody may take the pile while a wild card is on top ({top}).")),
    t(
        "C-PILE-3",
        "case",
        N_("The pile is frozen for your side: you have not melded yet."),
        case="a",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("The pile is frozen for {who:gen|def} side: they have not melded yet."),
    ),
    t(
        "C-PILE-3",
        "case,card",
        # Translators: a reason in a verdict (rule C-PILE-3 in RULES.md); {card} a card's name
        # without an article ("queen of hearts"; {card:acc|def} etc. for other forms).
        N_("The pile is frozen for everybody: it holds a black three ({card})."),
        case="b",
        house="V-C2=freezes",
    ),
    t(
        "C-PILE-3",
        "case,card",
        # Translators: a reason in a verdict (rule C-PILE-3 in RULES.md); {card} a card's name
        # without an article ("queen of hearts"; {card:acc|def} etc. for other forms).
        N_("The pile is frozen for everybody: it holds a wild card or a red three ({card})."),
        case="b",
    ),
    t(
        "C-PILE-4",
        "top",
        # Translators: a reason in a verdict (rule C-PILE-4 in RULES.md); {top} the name of the
        # pile's top card without an article ("seven of clubs"; {top:gen|def} etc. for other forms).
        N_("You take the frozen pile with a natural pair matching the top card, the {top}."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_(
            "{who} takes the frozen pile with a natural pair matching the top card, the {top}."
        ),
    ),
    t(
        "C-PILE-4",
        "top,wilds",
        N_("A frozen pile needs a natural pair: a natural card and a wild card are not enough."),
    ),
    t(
        "C-PILE-4",
        "top,cards",
        # Translators: a reason in a verdict (rule C-PILE-4 in RULES.md); {top} the name of the
        # pile's top card without an article ("seven of clubs"; {top:gen|def} etc. for other forms).
        N_("To take this pile, meld its top card, the {top}, with a natural pair from your hand."),
        own_only=True,
    ),
    t(
        "C-PILE-4",
        "top,matching",
        # Translators: a reason in a verdict (rule C-PILE-4 in RULES.md); {top} the name of the
        # pile's top card without an article ("seven of clubs"; {top:gen|def} etc. for other forms).
        N_("The cards you show must match the top card of the pile, the {top}."),
        own_only=True,
    ),
    t(
        "C-PILE-5",
        "way,top",
        # Translators: a reason in a verdict (rule C-PILE-5 in RULES.md); {top} the name of the
        # pile's top card without an article ("seven of clubs"; {top:gen|def} etc. for other forms).
        N_("The pile is not frozen and you hold a natural pair for the {top}."),
        way="a",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("The pile is not frozen and {who} holds a natural pair for the {top}."),
    ),
    t(
        "C-PILE-5",
        "way,top",
        # Translators: a reason in a verdict (rule C-PILE-5 in RULES.md); {top} the name of the
        # pile's top card without an article ("seven of clubs"; {top:gen|def} etc. for other forms).
        N_("The pile is not frozen, so a natural card and a wild card take the {top}."),
        way="b",
    ),
    t(
        "C-PILE-5",
        "way,top",
        # Translators: a reason in a verdict (rule C-PILE-5 in RULES.md); {top} the name of the
        # pile's top card without an article ("seven of clubs"; {top:gen|def} etc. for other forms).
        N_("The pile is not frozen and the {top} goes onto your side's meld."),
        way="c",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_(
            "The pile is not frozen and the {top} goes onto a meld of {who:gen|def} side."
        ),
    ),
    t(
        "C-PILE-5",
        "way,meld,top",
        # Translators: a reason in a verdict (rule C-PILE-5 in RULES.md); {top} the name of the
        # pile's top card without an article ("seven of clubs"; {top:gen|def} etc. for other forms).
        N_("Your side has no meld of the rank of the {top} to add it to."),
        way="c",
        own_only=True,
    ),
    t(
        "C-PILE-5",
        "way,cards",
        N_("You need two cards from your hand to take the pile: its top card alone may not join "
           "your meld."),
        way="c",
        own_only=True,
    ),
    t("C-PILE-5", "wilds", N_("Two wild cards never take the pile.")),
    t(
        "C-PILE-6",
        "hand,pile",
        N_("With a single card in hand you may not take a pile of a single card."),
        own_only=True,
    ),
    t(
        "C-PILE-7",
        "count",
        # Translators: a reason in a verdict (rule C-PILE-7 in RULES.md); {count} a number (points
        # or cards, as the sentence says), e.g. 45.
        NN_(
            "The red three in the pile goes face up in front of your side.",
            "The {count} red threes in the pile go face up in front of your side.",
        ),
        count="count",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=NN_(
            "The red three in the pile goes face up in front of {who:gen|def} side.",
            "The {count} red threes in the pile go face up in front of {who:gen|def} side.",
        ),
    ),
    t(
        "C-PILE-8",
        "card",
        N_("A black three stops the next player and freezes the pile."),
        house="V-C2=freezes",
    ),
    t("C-PILE-8", "card", N_("A black three stops only the next player.")),
    t(
        "M-PILE-1",
        "top,meld_cards",
        # Translators: a reason in a verdict (rule M-PILE-1 in RULES.md); {top} the name of the
        # pile's top card without an article ("seven of clubs"; {top:gen|def} etc. for other forms).
        N_("You take the pile with a natural pair matching the top card, the {top}."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} takes the pile with a natural pair matching the top card, the {top}."),
    ),
    t(
        "M-PILE-1",
        "top,pair",
        # Translators: a reason in a verdict (rule M-PILE-1 in RULES.md); {top} the name of the
        # pile's top card without an article ("seven of clubs"; {top:gen|def} etc. for other forms).
        N_("The pile can only be taken with a natural pair matching the top card, the {top}."),
    ),
    t("M-PILE-2", "empty", N_("The discard pile is empty.")),
    t(
        "M-PILE-2",
        "meld_cards",
        # Translators: a reason in a verdict (rule M-PILE-2 in RULES.md); {meld_cards} the number of
        # cards in the meld, e.g. 5.
        NN_(
            "Your side's meld of that rank already has {meld_cards} card: the pile cannot be "
            "taken for it.",
            "Your side's meld of that rank already has {meld_cards} cards: the pile cannot be "
            "taken for it.",
        ),
        count="meld_cards",
        own_only=True,
    ),
    t(
        "M-PILE-2",
        "closed",
        N_("That rank is closed by a natural canasta: the pile cannot be taken with it."),
    ),
    t("M-PILE-3", "", N_("Cards from the pile may be melded in the same turn.")),
    # ----- discards (Modern) -------------------------------------------------------------------
    t("M-DISC-1", "card", N_("Threes are never discarded.")),
    t(
        "M-DISC-2",
        "card",
        N_("A wild card may be discarded only to go out or when you hold nothing else."),
        own_only=True,
    ),
    # Translators: a reason in a verdict (rule M-DISC-2 in RULES.md); {card} a card's name without
    # an article ("queen of hearts"; {card:acc|def} etc. for other forms).
    t(
        "M-DISC-2",
        "card,going_out",
        # Translators: a reason in a verdict (rule M-DISC-2 in RULES.md); {card} a card's name
        # without an article ("queen of hearts"; {card:acc|def} etc. for other forms).
        N_("You may discard the {card} here."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} may discard the {card} here."),
    ),
    t(
        "M-DISC-3",
        "cards_left",
        N_("Always keep a card to discard: no meld may empty your hand."),
        cards_left=0,
        own_only=True,
    ),
    t(
        "M-DISC-3",
        "cards_left,canastas,needed",
        # Translators: a reason in a verdict (rule M-DISC-3 in RULES.md); {needed} the number
        # needed, e.g. 2; {canastas} the number of canastas the side has, e.g. 1.
        NN_(
            "Until your side has {needed} canasta (it has {canastas}), you must keep a card "
            "after your discard.",
            "Until your side has {needed} canastas (it has {canastas}), you must keep a card "
            "after your discard.",
        ),
        count="needed",
        polarity="forbid",
        own_only=True,
    ),
    t(
        "M-DISC-3",
        "cards_left,canastas,needed",
        N_("You keep one card to discard: your side has the canastas to go out."),
        polarity="permit",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} keeps one card to discard: their side has the canastas to go out."),
    ),
    t(
        "M-DISC-4",
        "card,others",
        N_(
            "On an empty pile an ace or a seven may be discarded only if you hold no other "
            "natural card."
        ),
        own_only=True,
    ),
    t(
        "M-DISC-4",
        "card",
        # Translators: a reason in a verdict (rule M-DISC-4 in RULES.md); {card} a card's name
        # without an article ("queen of hearts"; {card:acc|def} etc. for other forms).
        N_("On an empty pile you may discard the {card}: you hold no other natural card."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("On an empty pile {who} may discard the {card}: they hold no other natural card."),
    ),
    t(
        "M-DISC-4",
        "card,dead",
        # Translators: a reason in a verdict (rule M-DISC-4 in RULES.md); {card} a card's name
        # without an article ("queen of hearts"; {card:acc|def} etc. for other forms).
        N_(
            "The {card} is a dead card: discard it on an empty pile only if nothing else is "
            "allowed."
        ),
    ),
    # ----- going out ---------------------------------------------------------------------------
    t(
        "C-OUT-1 C2-4 C3-8 M-OUT-1",
        "canastas,needed",
        # Translators: a reason in a verdict (rule C-OUT-1, C2-4, C3-8, M-OUT-1 in RULES.md);
        # {needed} the number needed, e.g. 2; {canastas} the number of canastas the side has, e.g.
        # 1.
        NN_(
            "Going out needs {needed} canasta; your side has {canastas}.",
            "Going out needs {needed} canastas; your side has {canastas}.",
        ),
        count="needed",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=NN_(
            "Going out needs {needed} canasta; {who:gen|def} side has {canastas}.",
            "Going out needs {needed} canastas; {who:gen|def} side has {canastas}.",
        ),
    ),
    t(
        "C-OUT-1 M-OUT-1",
        "loose",
        # Translators: a reason in a verdict (rule C-OUT-1, M-OUT-1 in RULES.md); {loose} the number
        # of cards that fit no meld, e.g. 2.
        NN_(
            "You cannot go out this turn: {loose} card fits no meld.",
            "You cannot go out this turn: {loose} of your cards fit no meld, and only one card "
            "can be your last discard.",
        ),
        count="loose",
        own_only=True,
    ),
    t(
        "C-OUT-2",
        "",
        N_("You go out by melding all your cards; no discard is needed."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} goes out by melding all their cards; no discard is needed."),
    ),
    t(
        "C-OUT-3",
        "cards_left",
        N_(
            "Until your side has the canastas needed to go out, you must keep at least one card "
            "at the end of your turn."
        ),
        own_only=True,
    ),
    t(
        "C-OUT-4 M-OUT-4",
        "answer",
        N_("Your partner said no: you may not go out this turn."),
        answer="no",
        own_only=True,
    ),
    t(
        "C-OUT-4 M-OUT-4",
        "answer",
        N_("Your partner said yes: you must go out this turn."),
        answer="yes",
        own_only=True,
    ),
    t(
        "C-OUT-4 M-OUT-4",
        "answer,binding",
        # Translators: a reason in a verdict (rule C-OUT-4, M-OUT-4): the learner answers the
        # partner's "may I go out?" with yes.
        N_("You answer yes."),
        answer="yes",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} answers yes."),
    ),
    t(
        "C-OUT-4 M-OUT-4",
        "answer,binding",
        # Translators: a reason in a verdict (rule C-OUT-4, M-OUT-4): the learner answers the
        # partner's "may I go out?" with no.
        N_("You answer no."),
        answer="no",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} answers no."),
    ),
    t(
        "C-OUT-4 M-OUT-4",
        "partner",
        # Translators: a reason in a verdict (rule C-OUT-4, M-OUT-4 in RULES.md).
        N_("You may ask your partner whether you may go out."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} may ask their partner whether they may go out."),
        # Translators: the same reason, about the learner's partner, who would ask the learner.
        partner=N_("Your partner may ask you whether they may go out."),
    ),
    t(
        "C-OUT-4 M-OUT-4",
        "possible",
        N_("Ask only when you can go out this turn, so that a yes can be carried out."),
        own_only=True,
    ),
    t(
        "C-OUT-4 M-OUT-4",
        "obey_no",
        N_(
            "Do not ask now: every way to end this turn goes out, so you could not obey a no."
        ),
        own_only=True,
    ),
    t(
        "C-OUT-4 M-OUT-4",
        "asked",
        N_("You have already asked this turn."),
        own_only=True,
    ),
    t("C-OUT-4 M-OUT-4", "asked", N_("Nobody has asked to go out."), asked=False),
    t(
        "C-OUT-4 M-OUT-4",
        "waiting",
        N_("Your partner must answer first."),
        own_only=True,
    ),
    t(
        "C-OUT-4 M-OUT-4",
        "melded",
        N_("Ask before you meld or discard anything this turn."),
        own_only=True,
    ),
    t(
        "C-OUT-4 M-OUT-4",
        "drawn",
        N_("Ask after you draw."),
        own_only=True,
    ),
    t(
        "C-OUT-4",
        "when",
        N_("You may ask your partner before drawing."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} may ask their partner before drawing."),
        # Translators: the same reason, about the learner's partner, who would ask the learner.
        partner=N_("Your partner may ask you before drawing."),
    ),
    t(
        "M-OUT-4",
        "answer,advisory",
        N_("Your partner said yes, but you need not go out."),
        answer="yes",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("The answer was yes, but {who} need not go out."),
    ),
    t(
        "M-OUT-4",
        "once,per",
        N_("You may ask for permission only once per deal."),
        own_only=True,
    ),
    t("C-OUT-5", "", N_("Going-out bonus")),
    t(
        "C-OUT-5",
        "concealed",
        N_("No concealed bonus: you took the discard pile this turn."),
        concealed=False,
        own_only=True,
    ),
    t("C-OUT-5", "concealed", N_("Going-out bonus, concealed"), concealed=True),
    # Translators: a reason in a verdict (rule M-OUT-2 in RULES.md); {card} a card's name without an
    # article ("queen of hearts"; {card:acc|def} etc. for other forms).
    t(
        "M-OUT-2",
        "card",
        # Translators: a reason in a verdict (rule M-OUT-2 in RULES.md); {card} a card's name
        # without an article ("queen of hearts"; {card:acc|def} etc. for other forms).
        N_("You go out with a last discard, the {card}."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} goes out with a last discard, the {card}."),
    ),
    t("M-OUT-3", "", N_("Going-out bonus")),
    t(
        "M-OUT-5",
        "meld",
        N_("You may go out even with an incomplete special meld; it is penalised."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} may go out even with an incomplete special meld; it is penalised."),
    ),
    t(
        "M-OUT-5",
        "meld,out",
        N_("You may not go out while a special meld of your side is incomplete."),
        out=False,
        own_only=True,
    ),
    t("C2-7", "partner", N_("With two players there is no partner to ask.")),
    t(
        "C3-11",
        "partnership",
        N_("You may ask only a partner: the partnership has not formed yet."),
        own_only=True,
    ),
    # ----- three players -----------------------------------------------------------------------
    t(
        "C3-3",
        "seat",
        N_("Taking the pile first makes you the lone hand against the other two."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("Taking the pile first makes {who} the lone hand against the other two."),
    ),
    t(
        "C3-12",
        "merged,rank",
        # Translators: a reason in a verdict (rule C3-12 in RULES.md); {rank} a plural rank name
        # ("kings"; {rank:gen|def} etc. for other forms).
        N_("The new partners' melds of {rank} are joined into one."),
        merged=True,
    ),
    t(
        "C3-12",
        "merged,rank",
        # Translators: a reason in a verdict (rule C3-12 in RULES.md); {rank} a plural rank name
        # ("kings"; {rank:gen|def} etc. for other forms).
        N_(
            "The new partners' melds of {rank} stay apart: together they would hold too many wild "
            "cards."
        ),
        merged=False,
    ),
    t("C3-10", "ends", N_("The stock is empty, so the hand ends with this discard."), ends=True),
    t(
        "C3-10",
        "ends,stock",
        N_("The stock is empty and play does not go on with the discards: the hand is over."),
        ends=True,
    ),
    t(
        "C3-10 M-END-2",
        "pile",
        N_("The stock is empty: nobody may take the discard pile any more."),
        extra="ends,stock",
    ),
    t(
        "C3-10",
        "ends",
        N_("The stock is empty; play goes on while players take the discard."),
        ends=False,
    ),
    # ----- end of the stock --------------------------------------------------------------------
    t(
        "C-END-2",
        "discard",
        N_("You may not discard: after a red three as the last stock card the hand ends without "
           "a discard."),
        polarity="forbid",
        discard=False,
        own_only=True,
    ),
    t(
        "C-END-2",
        "discard",
        N_("After a red three as the last stock card the hand ends without a discard."),
        polarity="permit",
        discard=False,
    ),
    t(
        "C-END-3",
        "stock",
        N_("The stock is empty: you can only take the discard or pass."),
        own_only=True,
    ),
    t("M-END-2", "stock", N_("The stock is empty: the hand is over.")),
    t(
        "C-END-3",
        "forced",
        N_("Nobody can draw any more; not taking the pile ends the hand."),
        forced=False,
    ),
    t(
        "C-END-3",
        "forced,top",
        # Translators: a reason in a verdict (rule C-END-3 in RULES.md); {top} the name of the
        # pile's top card without an article ("seven of clubs"; {top:gen|def} etc. for other forms).
        N_("The stock is empty and the {top} fits your side's meld: you must take the pile."),
        forced=True,
        own_only=True,
    ),
    t(
        "C-END-3",
        "forced",
        N_("The stock is empty, so you must take this discard."),
        forced=True,
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("The stock is empty, so {who} must take this discard."),
    ),
    t(
        "C-END-4",
        "hand,pile",
        N_(
            "With one card in hand and a one-card pile, the rule against taking it wins: the hand "
            "ends."
        ),
    ),
    t(
        "C-END-4",
        "take",
        N_("You take this one-card pile even with a single card in hand."),
        polarity="permit",
        take=True,
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} takes this one-card pile even with a single card in hand."),
    ),
    t(
        "C-END-4",
        "take",
        N_("You must take this one-card pile even with a single card in hand."),
        polarity="forbid",
        take=True,
        own_only=True,
    ),
    # ----- scoring -----------------------------------------------------------------------------
    # Translators: a reason in a verdict (rule C-THREE-1 in RULES.md); {count} a number (points or
    # cards, as the sentence says), e.g. 45.
    t("C-THREE-1", "count", NN_("Red three", "{count} red threes"), count="count"),
    t(
        "C-THREE-2",
        "count",
        # Translators: a reason in a verdict (rule C-THREE-2 in RULES.md); {count} a number (points
        # or cards, as the sentence says), e.g. 45.
        NN_(
            "Red three, counted against a side that never melded",
            "{count} red threes, counted against a side that never melded",
        ),
        count="count",
    ),
    t(
        "C3-7",
        "count,melded",
        # Translators: a reason in a verdict (rule C3-7 in RULES.md); {count} a number (points or
        # cards, as the sentence says), e.g. 45.
        NN_("Your own red three", "Your own {count} red threes"),
        count="count",
        own_only=True,
    ),
    # Translators: a reason in a verdict (rule C-SCORE-1 in RULES.md); {cards} a number of cards,
    # e.g. 3.
    t("C-SCORE-1", "cards", NN_("{cards} melded card", "{cards} melded cards"), count="cards"),
    t(
        "C-SCORE-1 M-SCORE-2",
        "cards,seat",
        # Translators: a line of a hand's score; {cards} a number of cards, e.g. 3.
        NN_("{cards} card left in your hand", "{cards} cards left in your hand"),
        count="cards",
        # Translators: a line of a hand's score about another player; {cards} a number of cards,
        # e.g. 3; {who} is that player ("the left opponent", "your partner"; {who:gen|def} "the
        # left opponent's").
        other=NN_("{cards} card left in {who:gen|def} hand",
                  "{cards} cards left in {who:gen|def} hand"),
        seated=True,
    ),
    t(
        "C-SCORE-1 M-SCORE-2",
        "cards,seat",
        # Translators: a line of a hand's score where the tutor does not say whose hand it is;
        # {cards} a number of cards, e.g. 3.
        NN_("{cards} card left in a hand", "{cards} cards left in a hand"),
        count="cards",
    ),
    t(
        "M-SCORE-1",
        "cards,canastas",
        # Translators: a reason in a verdict (rule M-SCORE-1 in RULES.md); {cards} a number of
        # cards, e.g. 3.
        NN_(
            "{cards} melded card (minus without a canasta)",
            "{cards} melded cards (minus without a canasta)",
        ),
        count="cards",
    ),
    t(
        "M-THREE-2",
        "colour,count,canastas",
        # Translators: a reason in a verdict (rule M-THREE-2 in RULES.md); {count} a number (points
        # or cards, as the sentence says), e.g. 45; {colour} "red" or "black" (an adjective;
        # {colour:pl} for the plural).
        NN_(
            "{count} {colour} three (plus with two canastas, nothing with one, minus with none)",
            "{count} {colour} threes (plus with two canastas, nothing with one, minus with none)",
        ),
        count="count",
    ),
    t("M-SCORE-3", "meld,cards,jokers", N_("Incomplete wild-card meld"), meld="wild"),
    t("M-SCORE-3", "meld,cards", N_("Incomplete meld of pure aces"), meld="aces"),
    t("M-SCORE-3", "meld,cards", N_("Incomplete meld of sevens"), meld="sevens"),
    t(
        "M-SCORE-4",
        "held,rank,seat",
        # Translators: a penalty line of a hand's score (Modern Canasta); {held} a number of cards,
        # e.g. 3; {rank} a plural rank name ("aces"; {rank:gen|def} etc. for other forms).
        NN_("You are left holding {held} {rank}", "You are left holding {held} {rank}"),
        count="held",
        # Translators: a penalty line of a hand's score (Modern Canasta) about another player;
        # {held} a number of cards, e.g. 3; {rank} a plural rank name ("aces"); {who} is that
        # player ("the left opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=NN_("{who} is left holding {held} {rank}", "{who} is left holding {held} {rank}"),
        seated=True,
    ),
    t(
        "M-SCORE-4",
        "held,rank,seat",
        # Translators: a penalty line of a hand's score (Modern Canasta) where the tutor does not
        # say whose hand it is; {held} a number of cards, e.g. 3; {rank} a plural rank name
        # ("aces"; {rank:gen|def} etc. for other forms).
        NN_("{held} {rank} left in a hand", "{held} {rank} left in a hand"),
        count="held",
    ),
    # ----- strategy (computer players and hints; not rules of the game) ------------------------
    t(
        "S-TAKE-PILE",
        "size",
        # Translators: a reason in a verdict (rule S-TAKE-PILE in RULES.md); {size} the number of
        # cards in the pile, e.g. 7.
        NN_(
            "Take the pile: it holds {size} card.",
            "Take the pile: it holds {size} cards.",
        ),
        count="size",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=NN_(
            "{who} takes the pile: it holds {size} card.",
            "{who} takes the pile: it holds {size} cards.",
        ),
    ),
    t(
        "S-DRAW",
        "",
        N_("Draw from the stock: the pile cannot be taken or is not worth it."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} draws from the stock: the pile cannot be taken or is not worth it."),
    ),
    t(
        "S-GO-OUT",
        "canastas",
        N_("Go out now: your side has the canastas it needs and the others still hold cards."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_(
            "{who} goes out now: their side has the canastas it needs and the others still hold "
            "cards."
        ),
    ),
    t(
        "S-GO-OUT-FAST",
        "cards",
        # Translators: a reason in a verdict (rule S-GO-OUT-FAST in RULES.md); {cards} a number of
        # cards, e.g. 3.
        NN_(
            "Go out quickly: the opponents hold {cards} card, which will count against them.",
            "Go out quickly: the opponents hold {cards} cards, which will count against them.",
        ),
        count="cards",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=NN_(
            "{who} goes out quickly: their opponents hold {cards} card, which will count "
            "against them.",
            "{who} goes out quickly: their opponents hold {cards} cards, which will count "
            "against them.",
        ),
    ),
    t(
        "S-WAIT",
        "",
        N_("Do not go out yet: there is more to gain by building canastas first."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} does not go out yet: there is more to gain by building canastas first."),
    ),
    t(
        "S-INITIAL-MELD",
        "count,minimum",
        # Translators: a reason in a verdict (rule S-INITIAL-MELD in RULES.md); {count} a number
        # (points or cards, as the sentence says), e.g. 45; {minimum} the least number (of points or
        # cards, as the sentence says), e.g. 50.
        N_(
            "Make your side's first meld now: it counts {count}, the minimum is {minimum}, and "
            "afterwards the pile is easier to take."
        ),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_(
            "{who} makes their side's first meld now: it counts {count}, the minimum is "
            "{minimum}, and afterwards the pile is easier to take."
        ),
    ),
    t(
        "S-OPEN-WITH-PILE",
        "rank",
        # Translators: a reason in a verdict (strategy S-OPEN-WITH-PILE, Modern); {rank} a plural
        # rank name ("kings"; {rank:gen|def} etc. for other forms).
        N_(
            "Take the pile with your pair of {rank} and lay your side's first meld from your "
            "hand in the same move: only cards from your hand count toward the minimum."
        ),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_(
            "{who} takes the pile with their pair of {rank} and lays their side's first meld "
            "from their hand in the same move: only cards from the hand count toward the "
            "minimum."
        ),
    ),
    t(
        "S-LAY-OFF",
        "rank",
        # Translators: a reason in a verdict (rule S-LAY-OFF in RULES.md); {rank} a plural rank name
        # ("kings"; {rank:gen|def} etc. for other forms).
        N_("Add your {rank} to your side's meld: fewer points stay in your hand."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} adds their {rank} to their side's meld: fewer points stay in their hand."),
    ),
    # Translators: a reason in a verdict (rule S-NEW-MELD in RULES.md); {rank} a plural rank name
    # ("kings"; {rank:gen|def} etc. for other forms).
    t(
        "S-NEW-MELD",
        "rank",
        # Translators: a reason in a verdict (rule S-NEW-MELD in RULES.md); {rank} a plural rank
        # name ("kings"; {rank:gen|def} etc. for other forms).
        N_("Lay the {rank} as a new meld: it can grow into a canasta."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} lays the {rank} as a new meld: it can grow into a canasta."),
    ),
    # Translators: a reason in a verdict (rule S-COMPLETE-CANASTA in RULES.md); {rank} a plural rank
    # name ("kings"; {rank:gen|def} etc. for other forms).
    t("S-COMPLETE-CANASTA", "rank", N_("This completes a canasta of {rank}.")),
    t(
        "S-HOLD-WILDS",
        "wilds",
        # Translators: a reason in a verdict (rule S-HOLD-WILDS in RULES.md); {wilds} a number of
        # wild cards, e.g. 2.
        NN_(
            "Keep your wild card for a canasta that needs it.",
            "Keep your {wilds} wild cards for canastas that need them.",
        ),
        count="wilds",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=NN_(
            "{who} keeps their wild card for a canasta that needs it.",
            "{who} keeps their {wilds} wild cards for canastas that need them.",
        ),
    ),
    t(
        "S-FREEZE",
        "pile",
        # Translators: a reason in a verdict (rule S-FREEZE in RULES.md); {pile} the number of cards
        # in the pile, e.g. 12.
        NN_(
            "Discard a wild card to freeze the pile: it holds {pile} card and the opponents "
            "could take it.",
            "Discard a wild card to freeze the pile: it holds {pile} cards and the opponents "
            "could take it.",
        ),
        count="pile",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=NN_(
            "{who} discards a wild card to freeze the pile: it holds {pile} card and their "
            "opponents could take it.",
            "{who} discards a wild card to freeze the pile: it holds {pile} cards and their "
            "opponents could take it.",
        ),
    ),
    t(
        "S-STOP",
        "card",
        N_("Discard the black three: the next player cannot take the pile."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} discards the black three: the next player cannot take the pile."),
    ),
    t(
        "S-SAFE-DISCARD",
        "card",
        # Translators: a reason in a verdict (rule S-SAFE-DISCARD in RULES.md); {card} a card's name
        # without an article ("queen of hearts"; {card:acc|def} etc. for other forms).
        N_("Discard the {card}: the next player's side has no meld of that rank."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} discards the {card}: the next player's side has no meld of that rank."),
    ),
    t(
        "S-NO-PAIR-DISCARD",
        "card",
        # Translators: a reason in a verdict (strategy S-NO-PAIR-DISCARD, Modern); {card} a card's
        # name without an article ("queen of hearts"; {card:acc|def} etc. for other forms).
        N_(
            "Discard the {card}: the next player can take the pile only with a natural pair of "
            "that rank, and they can hardly hold one."
        ),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_(
            "{who} discards the {card}: the next player can take the pile only with a natural "
            "pair of that rank, and they can hardly hold one."
        ),
    ),
    t(
        "S-SINGLE-DISCARD",
        "card",
        # Translators: a reason in a verdict (rule S-SINGLE-DISCARD in RULES.md); {card} a card's
        # name without an article ("queen of hearts"; {card:acc|def} etc. for other forms).
        N_("Discard the {card}: it is a single card that fits none of your plans."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} discards the {card}: it is a single card that fits none of their plans."),
    ),
    t(
        "S-BREAK-GROUP",
        "card,held,rank",
        # Translators: a reason in a verdict (strategy S-BREAK-GROUP): the discard breaks up a
        # pair or more, since no single card can be spared; {card} a card's name without an
        # article ("queen of hearts"; {card:acc|def} etc.), {held} how many of its rank the hand
        # holds, e.g. 2, {rank} the plural rank name ("queens"; {rank:gen|def} etc.).
        NN_(
            "Discard the {card}: you have no single card to spare, so one of your {held} {rank} "
            "goes.",
            "Discard the {card}: you have no single card to spare, so one of your {held} {rank} "
            "goes.",
        ),
        count="held",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=NN_(
            "{who} discards the {card}: they have no single card to spare, so one of their "
            "{held} {rank} goes.",
            "{who} discards the {card}: they have no single card to spare, so one of their "
            "{held} {rank} goes.",
        ),
    ),
    t(
        "S-SHED-PENALTY",
        "rank",
        # Translators: a reason in a verdict (rule S-SHED-PENALTY in RULES.md); {rank} a plural rank
        # name ("kings"; {rank:gen|def} etc. for other forms).
        N_("Get rid of your {rank}: three or more left in your hand cost 1,500."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("{who} gets rid of their {rank}: three or more left in a hand cost 1,500."),
    ),
    t(
        "S-ANSWER-YES",
        "hand",
        # Translators: a reason in a verdict (rule S-ANSWER-YES in RULES.md); {hand} a hand's number
        # or its points, as the sentence says, e.g. 8.
        N_("Yes: your own cards are worth only {hand}, so going out now helps the side."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_(
            "Yes: {who:gen|def} own cards are worth only {hand}, so going out now helps the "
            "side."
        ),
    ),
    t(
        "S-ANSWER-NO-PENALTY",
        "rank",
        # Translators: a reason in a verdict (strategy S-ANSWER-NO-PENALTY, Modern); {rank} a plural
        # rank name ("aces" or "sevens"; {rank:gen|def} etc. for other forms).
        N_("No: you still hold three or more {rank}, which would cost the side 1,500."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("No: {who} still holds three or more {rank}, which would cost the side 1,500."),
    ),
    t(
        "S-ASK-PARTNER",
        "",
        # Translators: a reason in a verdict (strategy S-ASK-PARTNER, Modern).
        N_(
            "Ask your partner before going out: they may still hold three aces or three sevens, "
            "which would cost the side 1,500."
        ),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_(
            "{who} asks their partner before going out: the partner may still hold three aces "
            "or three sevens, which would cost the side 1,500."
        ),
        # Translators: the same reason, about the learner's partner, who asks the learner.
        partner=N_(
            "Your partner asks you before going out: you may still hold three aces or three "
            "sevens, which would cost your side 1,500."
        ),
    ),
    t(
        "S-SEARCH",
        "margin,moves,worlds",
        # Translators: a reason in a verdict (strategy S-SEARCH: the expert player tried a few
        # moves, each played on for a few turns with the hidden cards dealt at random), when
        # no move did better than the one chosen; {moves} how many moves it compared, e.g. 4;
        # {worlds} how many random deals, e.g. 24 (the plural form follows {worlds}).
        NN_(
            "Of {moves} moves weighed on {worlds} possible deal of the cards you cannot see, "
            "none did better than this one.",
            "Of {moves} moves weighed on {worlds} possible deals of the cards you cannot see, "
            "none did better than this one.",
        ),
        count="worlds",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=NN_(
            "{who} chose this move: of {moves} moves weighed on {worlds} possible deal of the "
            "cards they cannot see, none did better.",
            "{who} chose this move: of {moves} moves weighed on {worlds} possible deals of the "
            "cards they cannot see, none did better.",
        ),
        margin=0,
    ),
    t(
        "S-SEARCH",
        "margin,moves,worlds",
        # Translators: a reason in a verdict (strategy S-SEARCH: the expert player tried a few
        # moves, each played on for a few turns with the hidden cards dealt at random);
        # {moves} how many moves it compared, e.g. 4; {worlds} how many random deals, e.g. 24;
        # {margin} the chosen move's lead in points over the next best, e.g. 35 (the plural
        # form follows {margin}).
        NN_(
            "Of {moves} moves weighed on {worlds} possible deals of the cards you cannot see, "
            "this one came out best, {margin} point ahead of the next.",
            "Of {moves} moves weighed on {worlds} possible deals of the cards you cannot see, "
            "this one came out best, {margin} points ahead of the next.",
        ),
        count="margin",
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=NN_(
            "{who} chose this move: of {moves} moves weighed on {worlds} possible deals of the "
            "cards they cannot see, it came out best, {margin} point ahead of the next.",
            "{who} chose this move: of {moves} moves weighed on {worlds} possible deals of the "
            "cards they cannot see, it came out best, {margin} points ahead of the next.",
        ),
    ),
    t(
        "S-ANSWER-NO",
        "hand",
        # Translators: a reason in a verdict (rule S-ANSWER-NO in RULES.md); {hand} a hand's number
        # or its points, as the sentence says, e.g. 8.
        N_("No: your own cards are worth {hand} and you want to meld them first."),
        # Translators: the same reason, about another player: {who} is that player ("the left
        # opponent", "your partner"; {who:gen|def} "the left opponent's").
        other=N_("No: {who:gen|def} own cards are worth {hand} and they want to meld them first."),
    ),
)

# ----- house rules that decided a reason --------------------------------------------------------
# Keyed by (option id, value); the value None stands for any value. The sentences name no id: the
# verdict carries the option (Explanation.options), for the Why box and a teacher's tooltip.

HOUSE_RULE_TEXTS: dict[tuple[str, str | None], str] = {
    # Translators: said after a ruling that a house rule decided (here V-C1 in RULES.md); the
    # sentences of this kind below follow the same pattern.
    ("V-C1", "no-more-wild-than-natural"): N_(
        "At this table wild cards may never outnumber the natural cards in a meld."
    ),
    # Translators: said after a ruling that the house rule V-C2 decided.
    ("V-C2", "freezes"): N_("At this table a black three freezes the pile."),
    # Translators: said after a ruling that the house rule V-C3 decided.
    ("V-C3", "may-meld"): N_(
        "At this table a red three drawn as the last stock card still lets the player meld, "
        "but not discard."
    ),
    # Translators: said after a ruling that the house rule V-C4 decided.
    ("V-C4", "obligation"): N_(
        "At this table the duty to take the discard wins over the one-card rule."
    ),
    # Translators: said after a ruling that the house rule V-C5 decided.
    ("V-C5", "two-cards-from-hand"): N_(
        "At this table taking the pile always needs two cards from the hand."
    ),
    # Translators: said after a ruling that the house rule V-C6 decided.
    ("V-C6", "no-bonus"): N_(
        "At this table there is no concealed bonus in a turn in which the player took the "
        "discard pile."
    ),
    # Translators: said after a ruling that the house rule V-C7 decided.
    ("V-C7", "2"): N_(
        "At this table a side needs two canastas to go out in the game for three."
    ),
    # Translators: said after a ruling that the house rule V-C8 decided.
    ("V-C8", "pooled"): N_("At this table the partners pool their red threes."),
    # Translators: said after a ruling that the house rule V-C9 decided.
    ("V-C9", "end"): N_(
        "At this table the hand ends with the discard of the player who drew the last stock card."
    ),
    # Translators: said after a ruling that the house rule V-C11 decided.
    ("V-C11", "before-or-after-draw"): N_(
        "At this table a player may also ask their partner before drawing."
    ),
    # Translators: said after a ruling that the house rule V-M1 decided.
    ("V-M1", "on"): N_(
        "At this table a side's first meld from hand earns bonus cards from the stock."
    ),
    # Translators: said after a ruling that the house rule V-M2 decided; the sources leave this
    # to the table.
    ("V-M2", "binding"): N_(
        "At this table a partner's yes binds: the player who asked must then go out."
    ),
    # Translators: said after a ruling that the house rule V-M2 decided.
    ("V-M2", "advisory"): N_("At this table a partner's yes is only advice."),
    # Translators: said after a ruling that the house rule V-M3 decided.
    ("V-M3", "2000"): N_(
        "At this table every incomplete wild-card meld costs 2,000 points."
    ),
    # Translators: said after a ruling that the house rule V-M4 decided.
    ("V-M4", "forbidden"): N_(
        "At this table nobody may go out while a special meld of the side is incomplete."
    ),
    # Translators: said after a ruling that the house rule V-M5 decided.
    ("V-M5", "clean-only"): N_(
        "At this table only a clean meld of three or more natural cards satisfies the first meld."
    ),
    # Translators: said after a ruling that the house rule V-M5 decided.
    ("V-M5", "three-naturals"): N_(
        "At this table any meld with three or more natural cards satisfies the first meld, wild "
        "cards or not."
    ),
    # Translators: said after a ruling that the house rule V-M6 decided.
    ("V-M6", "any"): N_(
        "At this table any canasta melded from the hand, a mixed one too, needs no minimum."
    ),
    # Translators: said after a ruling that the house rule V-M6 decided.
    ("V-M6", "none"): N_(
        "At this table a canasta melded from the hand does not spare the minimum."
    ),
    # Translators: said after a ruling that the house rule V-M7 decided; the sources leave this
    # to the table.
    ("V-M7", "no"): N_(
        "At this table a side has only one wild-card meld, even once it is a canasta."
    ),
    # Translators: said after a ruling that the house rule V-M7 decided.
    ("V-M7", "yes"): N_(
        "At this table a side may start a second wild-card meld once its first is a canasta."
    ),
    # Translators: said after a ruling that the house rule V-M8 decided.
    ("V-M8", "side"): N_("At this table each side may ask only once per deal."),
}


# The house-rule sentences with a count, singular and plural, chosen by ``{target}``.
HOUSE_RULE_COUNTS: dict[tuple[str, str | None], tuple[str, str]] = {
    # Translators: said after a ruling that the house rule V-C10 decided; {target} a number of
    # points, e.g. 5,000.
    ("V-C10", None): NN_(
        "At this table the game is played to {target} point.",
        "At this table the game is played to {target} points.",
    ),
}


def house_rule_text(option_id: str, value: str) -> str | tuple[str, str] | None:
    """The English sentence for a house rule at its value (singular and plural where it holds
    a count), or None."""
    for table in (HOUSE_RULE_TEXTS, HOUSE_RULE_COUNTS):
        for key in ((option_id, value), (option_id, None)):
            if key in table:
                return table[key]
    return None
