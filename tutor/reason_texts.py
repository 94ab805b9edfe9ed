"""The English sentence for every reason a verdict or a score breakdown can give.

A reason is a rule id with parameters (``C-INIT-1(minimum=50, count=45)``). Its sentence is
chosen by the rule id, the set of parameter names, and for a few parameters (``case``, ``way``,
``step`` …) their value. Placeholders are the parameter names; cards (``{top}``, ``{card}``) and
ranks (``{rank}``) are shown as names in the learner's language by :mod:`tutor.explain`.
A test checks that every reason the engine can give has a sentence here.
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

    def matches(self, rule: str, params: Mapping[str, object], polarity: str) -> bool:
        if rule not in self.rules or self.polarity not in (None, polarity):
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
    )


DISCRIMINATORS = frozenset(
    {
        "case",
        "way",
        "step",
        "answer",
        "meld",
        "forced",
        "over",
        "colour",
        "initial",
        "pure",
        "when",
        "closed",
        "dead",
        "drew",
        "empty",
        "matching",
        "pair",
        "concealed",
        "going_out",
        "incomplete",
        "opponents",
        "partner",
        "partnership",
        "possible",
        "asked",
        "waiting",
        "melded",
        "drawn",
        "discard",
        "once",
        "completed",
        "mixed_ranks",
        "freezes",
        "pile",
        "binding",
        "merged",
        "ends",
    }
)

REASON_TEXTS: tuple[ReasonText, ...] = (
    # ----- whose turn, which step -------------------------------------------------------------
    t("C-TURN-1 M-TURN-1", "seat,to_move", N_("It is not your turn: seat {to_move} is to play.")),
    t("C-TURN-5", "to_move", N_("You may meld only during your own turn.")),
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
    ),
    t(
        "C-TURN-2 M-TURN-2",
        "step,cards",
        NN_(
            "You start your turn by drawing {cards} card from the stock.",
            "You start your turn by drawing {cards} cards from the stock.",
        ),
        count="cards",
        step="draw",
    ),
    t(
        "C-TURN-2 M-TURN-2",
        "step,drew",
        N_("You have already drawn this turn: now meld, then discard."),
        step="play",
    ),
    t(
        "C-TURN-2 M-TURN-2",
        "step,discard",
        N_("You cannot pass now: end your turn with a discard."),
        step="play",
    ),
    t(
        "C-TURN-2 M-TURN-2",
        "step,card",
        N_("A turn ends with one discard: the {card} goes face up on the pile."),
        step="discard",
    ),
    t("C-TURN-4", "card", N_("Any card may be discarded, the {card} too.")),
    t(
        "C-TURN-4",
        "card,freezes",
        N_("You may discard a wild card, the {card}: it freezes the pile for everybody."),
    ),
    t("C2-2 C3-2", "", N_("In this game you draw two cards from the stock and discard one.")),
    t(
        "C2-3 C3-2",
        "pile",
        N_("Taking the discard pile replaces your draw: you do not draw from the stock as well."),
    ),
    t("C-END-1 M-END-1", "over", N_("The hand is over: deal the next hand."), over=True),
    t("C-END-1 M-END-1", "over", N_("The hand is not over yet."), over=False),
    t("C-GAME-1 M-GAME-1", "over", N_("The game is over."), over=True),
    t("C-GAME-1 M-GAME-1", "hand", N_("Nobody has won yet, so hand {hand} is dealt.")),
    # ----- melds -------------------------------------------------------------------------------
    t(
        "C-MELD-1 M-MELD-1",
        "rank,cards,wilds",
        NN_("A new meld of {rank} with {cards} card.", "A new meld of {rank} with {cards} cards."),
        count="cards",
    ),
    t(
        "C-MELD-1 M-MELD-1",
        "cards,minimum",
        NN_(
            "A meld needs at least {minimum} cards; this one would have {cards} card.",
            "A meld needs at least {minimum} cards; this one would have {cards} cards.",
        ),
        count="cards",
    ),
    t(
        "C-MELD-1 M-MELD-1",
        "mixed_ranks,ranks",
        N_("A meld is made of one rank only, not of {ranks}."),
    ),
    t(
        "M-MELD-1",
        "cards,maximum",
        N_("A meld can never have more than {maximum} cards; this one would have {cards}."),
    ),
    t(
        "M-MELD-1",
        "closed,rank",
        N_("Your canasta of {rank} is complete and closed: no more cards may join it."),
    ),
    t(
        "C-MELD-2 M-MELD-2",
        "naturals,minimum",
        NN_(
            "A meld needs at least {minimum} natural cards; this one would have {naturals}.",
            "A meld needs at least {minimum} natural cards; this one would have {naturals}.",
        ),
        count="naturals",
    ),
    t(
        "C-MELD-2 M-MELD-2",
        "wilds,maximum",
        NN_(
            "A meld may hold at most {maximum} wild card; this one would hold {wilds}.",
            "A meld may hold at most {maximum} wild cards; this one would hold {wilds}.",
        ),
        count="maximum",
    ),
    t(
        "C-MELD-2",
        "wilds,naturals,option",
        N_(
            "House rule: wild cards may not outnumber natural cards ({wilds} wild against "
            "{naturals} natural)."
        ),
    ),
    t(
        "M-MELD-2",
        "wilds,onto",
        N_("Wild cards can only join a meld of {onto} that your side already has."),
    ),
    t(
        "M-MELD-2",
        "naturals,wilds",
        N_("The meld keeps within the limits (natural cards: {naturals}, wild cards: {wilds})."),
    ),
    t("C-MELD-3", "wilds", N_("Wild cards can never form a meld on their own.")),
    t(
        "C-MELD-3",
        "wilds,onto",
        N_("Wild cards can only join a meld of {onto} that your side already has."),
    ),
    t("C-MELD-3", "card", N_("Threes cannot be melded with other cards: the {card} stays out.")),
    t(
        "C-MELD-4",
        "rank,cards",
        NN_(
            "{cards} card joins your side's meld of {rank}.",
            "{cards} cards join your side's meld of {rank}.",
        ),
        count="cards",
    ),
    t(
        "C-MELD-4",
        "rank,opponents",
        N_("Only the opponents have a meld of {rank}: you can never add to their melds."),
    ),
    t(
        "M-MELD-7",
        "rank,cards",
        NN_(
            "{cards} card joins your side's meld of {rank}.",
            "{cards} cards join your side's meld of {rank}.",
        ),
        count="cards",
    ),
    t(
        "M-MELD-7",
        "completed,meld",
        N_("Your side's wild-card meld is already a canasta: a second one is not allowed."),
    ),
    t("C-MELD-5", "kind,rank", N_("This makes a {kind} canasta of {rank}.")),
    t(
        "C-MELD-5",
        "rank,wilds",
        N_("A canasta of {rank} can hold at most three wild cards; this would make {wilds}."),
    ),
    t("C-MELD-6 M-MELD-9", "kind", N_("Canasta bonus ({kind} canasta)")),
    t("C-MELD-7", "rank", N_("In Classic Canasta {rank} take wild cards like any other rank.")),
    t("C-MELD-7", "wilds", N_("There is no canasta of wild cards in Classic Canasta.")),
    t(
        "C-MELD-8",
        "cards_left,canastas,needed",
        NN_(
            "You would keep only {cards_left} card, and you may not go out yet (canastas: "
            "{canastas}, needed: {needed}).",
            "You would keep only {cards_left} cards, and you may not go out yet (canastas: "
            "{canastas}, needed: {needed}).",
        ),
        count="cards_left",
        polarity="forbid",
    ),
    t(
        "C-MELD-8",
        "cards_left,canastas,needed",
        N_("You may keep a single card: your side has the canastas needed to go out."),
        polarity="permit",
    ),
    t("C-MELD-9", "cards", N_("Black threes may be melded, without wild cards, as you go out.")),
    t(
        "C-MELD-9",
        "going_out",
        N_("Black threes may only be melded in the turn you go out."),
        going_out=False,
    ),
    t("C-MELD-9", "wilds", N_("A meld of black threes may not contain wild cards.")),
    t(
        "M-MELD-3",
        "naturals,minimum",
        N_(
            "Rule of five: after your first meld a wild card may only join a meld with at least "
            "{minimum} natural cards; this one has {naturals}."
        ),
    ),
    t("M-MELD-4", "wilds", N_("Sevens can never take wild cards.")),
    t("M-MELD-4", "pure", N_("A meld of sevens is always pure.")),
    t(
        "M-MELD-5",
        "initial",
        N_("Aces may take wild cards only in your side's first meld."),
        initial=False,
    ),
    t(
        "M-MELD-5",
        "initial",
        N_("Aces take wild cards here because this is your side's first meld."),
        initial=True,
    ),
    t("M-MELD-5", "pure", N_("A pure meld of aces can never take wild cards.")),
    t(
        "M-MELD-6",
        "cards",
        NN_("A wild-card meld of {cards} card.", "A wild-card meld of {cards} cards."),
        count="cards",
    ),
    t("M-MELD-6", "naturals", N_("A wild-card meld holds only twos and jokers.")),
    t(
        "M-MELD-6",
        "cards,incomplete",
        N_(
            "While your side's wild-card meld is incomplete ({cards} cards), wild cards may go "
            "nowhere else."
        ),
    ),
    t(
        "M-MELD-8",
        "rank",
        N_("A natural canasta of {rank} is complete: nobody may meld {rank} any more."),
    ),
    t("M-DEAL-2", "card", N_("Threes are never melded: the {card} is a bonus card.")),
    # ----- initial meld ------------------------------------------------------------------------
    t(
        "C-INIT-1 M-INIT-1",
        "minimum,count,score",
        N_(
            "Your side's first meld must count at least {minimum} (cumulative score {score}); "
            "these cards count {count}."
        ),
    ),
    t(
        "C-INIT-1 M-INIT-1",
        "minimum,count",
        N_("Your side's first meld counts {count}: the minimum of {minimum} is reached."),
    ),
    t(
        "C-INIT-2 M-INIT-2",
        "count",
        N_("The first meld counts the card values you meld this turn: {count}."),
    ),
    t(
        "M-INIT-2",
        "count,top",
        N_("Only cards from your hand count ({count}); the top card of the pile does not."),
    ),
    t(
        "C-INIT-3",
        "minimum,count",
        N_(
            "When you take the pile for your first meld, only its top card counts from the "
            "pile: your count is {count} and the minimum is {minimum}."
        ),
    ),
    t("C-INIT-4", "count", N_("Your side has melded already, so you meld freely.")),
    t("M-INIT-6", "", N_("Your side has melded already, so you meld freely.")),
    t(
        "C-INIT-5",
        "",
        N_(
            "You meld your whole hand at once with a canasta: going out concealed needs no minimum."
        ),
    ),
    t("C-THREE-3", "threes", N_("Red threes never count toward the first meld.")),
    t(
        "C-THREE-3",
        "count,threes",
        N_("Red threes never count toward the first meld: the count stays {count}."),
    ),
    t(
        "C3-6",
        "minimum,count,score",
        N_(
            "In the partnership, whoever melds first must reach their own minimum of {minimum} "
            "(score {score}); these cards count {count}."
        ),
    ),
    t(
        "M-INIT-1",
        "talon,option",
        NN_(
            "House rule: after your side's first meld from hand you take {talon} bonus card.",
            "House rule: after your side's first meld from hand you take {talon} bonus cards.",
        ),
        count="talon",
    ),
    t(
        "M-INIT-3",
        "clean,wild",
        N_(
            "Your first meld contains a clean meld of three or more natural cards, or a wild-card "
            "meld."
        ),
    ),
    t(
        "M-INIT-3",
        "clean,wild,option",
        N_(
            "Your first meld must contain a clean meld of at least three natural cards from your "
            "hand, or a meld of at least three wild cards."
        ),
    ),
    t("M-INIT-4", "kind", N_("A {kind} canasta melded straight from your hand needs no minimum.")),
    t(
        "M-INIT-4",
        "kind,option,pile",
        N_("A canasta from hand needs no minimum, but not this one."),
    ),
    t(
        "M-INIT-5",
        "",
        N_(
            "You make your side's complete first meld from hand and take the pile with a "
            "natural pair."
        ),
    ),
    t(
        "M-INIT-5",
        "count,top",
        N_(
            "To take the pile before your side has melded, meld enough from your hand first "
            "({count} so far; the top card does not count)."
        ),
    ),
    # ----- the discard pile --------------------------------------------------------------------
    t("C-PILE-1", "pile", N_("The discard pile is empty.")),
    t(
        "C-PILE-2",
        "top",
        N_("Nobody may take the pile while a wild card or a black three is on top ({top})."),
    ),
    t("M-PILE-2", "top", N_("Nobody may take the pile while a wild card is on top ({top}).")),
    t(
        "C-PILE-3",
        "case",
        N_("The pile is frozen for your side: you have not melded yet."),
        case="a",
    ),
    t(
        "C-PILE-3",
        "case,card",
        N_("The pile is frozen for everybody: it holds a wild card or a red three ({card})."),
        case="b",
    ),
    t(
        "C-PILE-3",
        "case,card,option",
        N_("House rule: a black three in the pile freezes it for everybody ({card})."),
        case="b",
    ),
    t(
        "C-PILE-4",
        "top",
        N_("You take the frozen pile with a natural pair matching the top card, the {top}."),
    ),
    t(
        "C-PILE-4",
        "top,wilds",
        N_("A frozen pile needs a natural pair: a natural card and a wild card are not enough."),
    ),
    t(
        "C-PILE-4",
        "top,cards",
        N_("To take this pile, meld its top card, the {top}, with a natural pair from your hand."),
    ),
    t(
        "C-PILE-4",
        "top,matching",
        N_("The cards you show must match the top card of the pile, the {top}."),
    ),
    t(
        "C-PILE-5",
        "way,top",
        N_("The pile is not frozen and you hold a natural pair for the {top}."),
        way="a",
    ),
    t(
        "C-PILE-5",
        "way,top",
        N_("The pile is not frozen, so a natural card and a wild card take the {top}."),
        way="b",
    ),
    t(
        "C-PILE-5",
        "way,top",
        N_("The pile is not frozen and the {top} goes onto your side's meld."),
        way="c",
    ),
    t(
        "C-PILE-5",
        "way,meld,top",
        N_("Your side has no meld of the rank of the {top} to add it to."),
        way="c",
    ),
    t(
        "C-PILE-5",
        "way,option",
        N_("House rule: you need two cards from your hand to take the pile."),
        way="c",
    ),
    t("C-PILE-5", "wilds", N_("Two wild cards never take the pile.")),
    t(
        "C-PILE-6",
        "hand,pile",
        N_("With a single card in hand you may not take a pile of a single card."),
    ),
    t(
        "C-PILE-7",
        "count",
        NN_(
            "The red three in the pile goes face up in front of your side.",
            "The {count} red threes in the pile go face up in front of your side.",
        ),
        count="count",
    ),
    t("C-PILE-8", "card", N_("A black three stops only the next player.")),
    t(
        "M-PILE-1",
        "top,meld_cards",
        N_("You take the pile with a natural pair matching the top card, the {top}."),
    ),
    t(
        "M-PILE-1",
        "top,pair",
        N_("The pile can only be taken with a natural pair matching the top card, the {top}."),
    ),
    t("M-PILE-2", "empty", N_("The discard pile is empty.")),
    t(
        "M-PILE-2",
        "meld_cards",
        N_(
            "Your side's meld of that rank already has {meld_cards} cards: the pile cannot be "
            "taken for it."
        ),
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
    ),
    t("M-DISC-2", "card,going_out", N_("You may discard the {card} here.")),
    t(
        "M-DISC-3",
        "cards_left",
        N_("Always keep a card to discard: no meld may empty your hand."),
        cards_left=0,
    ),
    t(
        "M-DISC-3",
        "cards_left,canastas,needed",
        N_(
            "Until your side has {needed} canastas (it has {canastas}), you must keep a card "
            "after your discard."
        ),
        polarity="forbid",
    ),
    t(
        "M-DISC-3",
        "cards_left,canastas,needed",
        N_("You keep one card to discard: your side has the canastas to go out."),
        polarity="permit",
    ),
    t(
        "M-DISC-4",
        "card,others",
        N_(
            "On an empty pile an ace or a seven may be discarded only if you hold no other "
            "natural card."
        ),
    ),
    t(
        "M-DISC-4",
        "card",
        N_("On an empty pile you may discard the {card}: you hold no other natural card."),
    ),
    t(
        "M-DISC-4",
        "card,dead",
        N_(
            "The {card} is a dead card: discard it on an empty pile only if nothing else is "
            "allowed."
        ),
    ),
    # ----- going out ---------------------------------------------------------------------------
    t(
        "C-OUT-1 C2-4 C3-8 M-OUT-1",
        "canastas,needed",
        NN_(
            "Going out needs {needed} canasta; your side has {canastas}.",
            "Going out needs {needed} canastas; your side has {canastas}.",
        ),
        count="needed",
    ),
    t("C-OUT-2", "", N_("You go out by melding all your cards; no discard is needed.")),
    t(
        "C-OUT-3",
        "cards_left",
        N_(
            "Until your side has the canastas needed to go out, you must keep at least one card "
            "at the end of your turn."
        ),
    ),
    t(
        "C-OUT-4 M-OUT-4",
        "answer",
        N_("Your partner said no: you may not go out this turn."),
        answer="no",
    ),
    t(
        "C-OUT-4 M-OUT-4",
        "answer",
        N_("Your partner said yes: you must go out this turn."),
        answer="yes",
    ),
    t("C-OUT-4 M-OUT-4", "answer,binding", N_("Your partner answers yes."), answer="yes"),
    t("C-OUT-4 M-OUT-4", "answer,binding", N_("Your partner answers no."), answer="no"),
    t(
        "C-OUT-4 M-OUT-4",
        "partner",
        N_("You may ask your partner (seat {partner}) whether you may go out."),
    ),
    t(
        "C-OUT-4 M-OUT-4",
        "possible",
        N_("Ask only when you can go out this turn, so that a yes can be carried out."),
    ),
    t(
        "C-OUT-4 M-OUT-4",
        "obey_no",
        N_(
            "Do not ask now: every way to end this turn goes out, so you could not obey a no."
        ),
    ),
    t("C-OUT-4 M-OUT-4", "asked", N_("You have already asked this turn.")),
    t("C-OUT-4 M-OUT-4", "asked", N_("Nobody has asked to go out."), asked=False),
    t("C-OUT-4 M-OUT-4", "waiting", N_("Your partner must answer first.")),
    t("C-OUT-4 M-OUT-4", "melded", N_("Ask before you meld or discard anything this turn.")),
    t("C-OUT-4 M-OUT-4", "drawn", N_("Ask after you draw.")),
    t("C-OUT-4", "when,option", N_("House rule: you may ask your partner before drawing.")),
    t("M-OUT-4", "once,per", N_("You may ask for permission only once per deal.")),
    t("C-OUT-5", "", N_("Going-out bonus")),
    t("C-OUT-5", "concealed", N_("Going-out bonus, concealed")),
    t("M-OUT-2", "card", N_("You go out with a last discard, the {card}.")),
    t("M-OUT-3", "", N_("Going-out bonus")),
    t(
        "M-OUT-5",
        "meld",
        N_("You may go out even with an incomplete special meld; it is penalised."),
    ),
    t(
        "M-OUT-5",
        "meld,option",
        N_("House rule: you may not go out while a special meld is incomplete."),
    ),
    t("C2-7", "partner", N_("With two players there is no partner to ask.")),
    t(
        "C3-11",
        "partnership",
        N_("You may ask only a partner: the partnership has not formed yet."),
    ),
    # ----- three players -----------------------------------------------------------------------
    t("C3-3", "seat", N_("Taking the pile first makes you the lone hand against the other two.")),
    t(
        "C3-12",
        "merged,rank",
        N_("The new partners' melds of {rank} are joined into one."),
        merged=True,
    ),
    t(
        "C3-12",
        "merged,rank",
        N_(
            "The new partners' melds of {rank} stay apart: together they would hold too many wild "
            "cards."
        ),
        merged=False,
    ),
    t("C3-10", "ends", N_("The stock is empty, so the hand ends with this discard."), ends=True),
    t(
        "C3-10",
        "ends",
        N_("The stock is empty; play goes on while players take the discard."),
        ends=False,
    ),
    # ----- end of the stock --------------------------------------------------------------------
    t(
        "C-END-2",
        "option",
        N_(
            "House rule: after a red three as the last stock card you may meld, then the hand ends."
        ),
    ),
    t("C-END-3", "stock", N_("The stock is empty: you can only take the discard or pass.")),
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
        N_("The stock is empty and the {top} fits your side's meld: you must take the pile."),
        forced=True,
    ),
    t("C-END-3", "forced", N_("The stock is empty, so you must take this discard."), forced=True),
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
        "option",
        N_("House rule: the duty to take the discard wins over the one-card rule."),
    ),
    # ----- scoring -----------------------------------------------------------------------------
    t("C-THREE-1", "count", NN_("Red three", "{count} red threes"), count="count"),
    t(
        "C-THREE-2",
        "count",
        NN_(
            "Red three, counted against a side that never melded",
            "{count} red threes, counted against a side that never melded",
        ),
        count="count",
    ),
    t(
        "C3-7",
        "count,melded",
        NN_("Your own red three", "Your own {count} red threes"),
        count="count",
    ),
    t("C-SCORE-1", "cards", NN_("{cards} melded card", "{cards} melded cards"), count="cards"),
    t(
        "C-SCORE-1 M-SCORE-2",
        "cards,seat",
        NN_(
            "{cards} card left in the hand of seat {seat}",
            "{cards} cards left in the hand of seat {seat}",
        ),
        count="cards",
    ),
    t(
        "M-SCORE-1",
        "cards,canastas",
        NN_(
            "{cards} melded card (minus without a canasta)",
            "{cards} melded cards (minus without a canasta)",
        ),
        count="cards",
    ),
    t(
        "M-THREE-2",
        "colour,count,canastas",
        NN_(
            "{count} {colour} three (plus with two canastas, nothing with one, minus with none)",
            "{count} {colour} threes (plus with two canastas, nothing with one, minus with none)",
        ),
        count="count",
    ),
    t("M-SCORE-3", "meld,cards,jokers", N_("Incomplete wild-card meld"), meld="wild"),
    t("M-SCORE-3", "meld,cards", N_("Incomplete meld of pure aces"), meld="aces"),
    t("M-SCORE-3", "meld,cards", N_("Incomplete meld of sevens"), meld="sevens"),
    t("M-SCORE-4", "held,rank,seat", N_("Seat {seat} is left holding {held} {rank}")),
    # ----- strategy (computer players and hints; not rules of the game) ------------------------
    t(
        "S-TAKE-PILE",
        "size",
        NN_(
            "Take the pile: it holds {size} card.",
            "Take the pile: it holds {size} cards.",
        ),
        count="size",
    ),
    t("S-DRAW", "", N_("Draw from the stock: the pile cannot be taken or is not worth it.")),
    t(
        "S-GO-OUT",
        "canastas",
        N_("Go out now: your side has the canastas it needs and the others still hold cards."),
    ),
    t(
        "S-GO-OUT-FAST",
        "cards",
        N_("Go out quickly: the opponents hold {cards} cards, which will count against them."),
    ),
    t("S-WAIT", "", N_("Do not go out yet: there is more to gain by building canastas first.")),
    t(
        "S-INITIAL-MELD",
        "count,minimum",
        N_(
            "Make your side's first meld now: it counts {count}, the minimum is {minimum}, and "
            "afterwards the pile is easier to take."
        ),
    ),
    t(
        "S-LAY-OFF",
        "rank",
        N_("Add your {rank} to your side's meld: fewer points stay in your hand."),
    ),
    t("S-NEW-MELD", "rank", N_("Lay the {rank} as a new meld: it can grow into a canasta.")),
    t("S-COMPLETE-CANASTA", "rank", N_("This completes a canasta of {rank}.")),
    t(
        "S-HOLD-WILDS",
        "wilds",
        NN_(
            "Keep your wild card for a canasta that needs it.",
            "Keep your {wilds} wild cards for canastas that need them.",
        ),
        count="wilds",
    ),
    t(
        "S-FREEZE",
        "pile",
        N_(
            "Discard a wild card to freeze the pile: it holds {pile} cards and the opponents "
            "could take it."
        ),
    ),
    t("S-STOP", "card", N_("Discard the black three: the next player cannot take the pile.")),
    t(
        "S-SAFE-DISCARD",
        "card",
        N_("Discard the {card}: the next player's side has no meld of that rank."),
    ),
    t(
        "S-SINGLE-DISCARD",
        "card",
        N_("Discard the {card}: it is a single card that fits none of your plans."),
    ),
    t(
        "S-SHED-PENALTY",
        "rank",
        N_("Get rid of your {rank}: three or more left in your hand cost 1,500."),
    ),
    t(
        "S-ANSWER-YES",
        "hand",
        N_("Yes: your own cards are worth only {hand}, so going out now helps the side."),
    ),
    t(
        "S-ANSWER-NO",
        "hand",
        N_("No: your own cards are worth {hand} and you want to meld them first."),
    ),
)
