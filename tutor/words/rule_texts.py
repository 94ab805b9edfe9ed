"""Titles and statements of every rule and option of RULES.md, in English (the gettext source).

Translated per learner through the catalogs; see tutor/words/explain.py.
"""

from __future__ import annotations

from tutor.i18n import N_

RULE_TEXTS: dict[str, tuple[str, str]] = {
    "C-SETUP-1": (
        # Translators: title of rule C-SETUP-1 (Classic Canasta).
        N_("Partners and sides"),
        # Translators: statement of rule C-SETUP-1 (Classic Canasta).
        N_(
            "Four players play in two fixed partnerships, partners sitting opposite each other. You and your partner form a side: you share your melds and your score."  # noqa: E501
        ),
    ),
    "C-SETUP-2": (
        # Translators: title of rule C-SETUP-2 (Classic Canasta).
        N_("The cards"),
        # Translators: statement of rule C-SETUP-2 (Classic Canasta).
        N_(
            "The game uses two standard packs of 52 cards plus four jokers, all shuffled together: 108 cards in all."  # noqa: E501
        ),
    ),
    "C-SETUP-3": (
        # Translators: title of rule C-SETUP-3 (Classic Canasta).
        N_("Wild cards and threes"),
        # Translators: statement of rule C-SETUP-3 (Classic Canasta).
        N_(
            "The four jokers and the eight twos are wild, so there are 12 wild cards. The natural ranks you can meld are ace, king, queen, jack and 10 down to 4. Red threes are bonus cards, and black threes are stop cards."  # noqa: E501
        ),
    ),
    "C-CARD-1": (
        # Translators: title of rule C-CARD-1 (Classic Canasta).
        N_("Card point values"),
        # Translators: statement of rule C-CARD-1 (Classic Canasta).
        N_(
            "A joker is worth 50 points, a two 20 and an ace 20. A king, queen, jack, 10, 9 or 8 is worth 10, and a 7, 6, 5, 4 or black three is worth 5. A red three has no card value and scores as a bonus instead. These values count for your melds, for the initial meld and against cards left in your hand."  # noqa: E501
        ),
    ),
    "C-SETUP-4": (
        # Translators: title of rule C-SETUP-4 (Classic Canasta).
        N_("Partners and first dealer"),
        # Translators: statement of rule C-SETUP-4 (Classic Canasta).
        N_(
            "Who partners whom and who deals first make no difference to the rules, so the app may choose them at random. Traditionally everyone draws a card, and the two highest play against the two lowest. After every hand the deal passes to the left, clockwise."  # noqa: E501
        ),
    ),
    "C-DEAL-1": (
        # Translators: title of rule C-DEAL-1 (Classic Canasta).
        N_("The deal"),
        # Translators: statement of rule C-DEAL-1 (Classic Canasta).
        N_(
            "The dealer deals 11 cards to each player, one at a time, clockwise, starting with the player on the dealer's left. The other 64 cards are placed face down as the stock."  # noqa: E501
        ),
    ),
    "C-DEAL-2": (
        # Translators: title of rule C-DEAL-2 (Classic Canasta).
        N_("Starting the discard pile"),
        # Translators: statement of rule C-DEAL-2 (Classic Canasta).
        N_(
            "The top card of the stock is turned face up to start the discard pile. If it is a wild card or a red three, more cards are turned on top until the top card is neither, and the pile is then frozen. A black three may be the first card: it stops only the first player and does not freeze the pile."  # noqa: E501
        ),
    ),
    "C-DEAL-3": (
        # Translators: title of rule C-DEAL-3 (Classic Canasta).
        N_("Red three in the first pile"),
        # Translators: statement of rule C-DEAL-3 (Classic Canasta).
        N_(
            "A red three turned up when the discard pile is started stays in the pile. Whoever later takes the pile puts it face up in front of their side, where it scores like any red three, but no replacement card is drawn for it."  # noqa: E501
        ),
    ),
    "C-DEAL-4": (
        # Translators: title of rule C-DEAL-4 (Classic Canasta).
        N_("Red threes in your dealt hand"),
        # Translators: statement of rule C-DEAL-4 (Classic Canasta).
        N_(
            "If you are dealt red threes, put them face up in front of you and draw the same number of replacement cards from the stock. If a replacement is also a red three, lay it out and draw again. The app does this right after the deal, in turn order from the dealer's left."  # noqa: E501
        ),
    ),
    "C-TURN-1": (
        # Translators: title of rule C-TURN-1 (Classic Canasta).
        N_("Who plays first"),
        # Translators: statement of rule C-TURN-1 (Classic Canasta).
        N_("The player to the dealer's left plays first, and play continues clockwise."),
    ),
    "C-TURN-2": (
        # Translators: title of rule C-TURN-2 (Classic Canasta).
        N_("The three steps of a turn"),
        # Translators: statement of rule C-TURN-2 (Classic Canasta).
        N_(
            "First, draw the top card of the stock or take the whole discard pile. Second, if you wish, meld and add cards to your side's melds. Third, discard exactly one card face up onto the pile; you skip this only when you go out by melding all your remaining cards."  # noqa: E501
        ),
    ),
    "C-TURN-3": (
        # Translators: title of rule C-TURN-3 (Classic Canasta).
        N_("Drawing a red three"),
        # Translators: statement of rule C-TURN-3 (Classic Canasta).
        N_(
            "If you draw a red three from the stock, put it face up in front of you at once and draw a replacement card from the stock."  # noqa: E501
        ),
    ),
    "C-TURN-4": (
        # Translators: title of rule C-TURN-4 (Classic Canasta).
        N_("What you may discard"),
        # Translators: statement of rule C-TURN-4 (Classic Canasta).
        N_(
            "You may discard any card you hold, including a wild card, which freezes the pile, or a black three, which stops the next player. Red threes never stay in your hand, so you never discard them."  # noqa: E501
        ),
    ),
    "C-TURN-5": (
        # Translators: title of rule C-TURN-5 (Classic Canasta).
        N_("Melding only in your turn"),
        # Translators: statement of rule C-TURN-5 (Classic Canasta).
        N_(
            "You may meld only during your own turn. Melded cards stay on the table: you can never take them back into your hand or move them to another meld."  # noqa: E501
        ),
    ),
    "C-MELD-1": (
        # Translators: title of rule C-MELD-1 (Classic Canasta).
        N_("What a meld is"),
        # Translators: statement of rule C-MELD-1 (Classic Canasta).
        N_(
            "A meld is three or more cards of the same natural rank, from 4 up to ace, with or without wild cards. Runs in sequence are not melds, and suits do not matter."  # noqa: E501
        ),
    ),
    "C-MELD-2": (
        # Translators: title of rule C-MELD-2 (Classic Canasta).
        N_("Natural and wild cards in melds"),
        # Translators: statement of rule C-MELD-2 (Classic Canasta).
        N_(
            "Every meld must always contain at least two natural cards and no more than three wild cards. So 4-4-2, 4-4-2-2 and 4-4-2-2-2 are all allowed, but 4-2-2 and 4-4-2-2-2-2 are not."  # noqa: E501
        ),
    ),
    "C-MELD-3": (
        # Translators: title of rule C-MELD-3 (Classic Canasta).
        N_("No wild-card or three melds"),
        # Translators: statement of rule C-MELD-3 (Classic Canasta).
        N_(
            "Wild cards can never form a meld on their own. Threes can never be melded, except black threes in the turn in which you go out."  # noqa: E501
        ),
    ),
    "C-MELD-4": (
        # Translators: title of rule C-MELD-4 (Classic Canasta).
        N_("Melds belong to your side"),
        # Translators: statement of rule C-MELD-4 (Classic Canasta).
        N_(
            "You may add cards to any meld of your side, yours or your partner's, but never to the opponents' melds. Your side may have only one meld of each rank, so further cards of that rank join it. Both sides may have melds of the same rank."  # noqa: E501
        ),
    ),
    "C-MELD-5": (
        # Translators: title of rule C-MELD-5 (Classic Canasta).
        N_("What a canasta is"),
        # Translators: statement of rule C-MELD-5 (Classic Canasta).
        N_(
            "A canasta is a meld of seven or more cards, with at least four natural cards. A natural canasta has no wild cards, and a mixed canasta has one to three. A canasta can keep growing with natural cards, or with wild cards while it holds three or fewer. Adding a wild card to a natural canasta makes it mixed."  # noqa: E501
        ),
    ),
    "C-MELD-6": (
        # Translators: title of rule C-MELD-6 (Classic Canasta).
        N_("Canasta bonuses"),
        # Translators: statement of rule C-MELD-6 (Classic Canasta).
        N_(
            "On top of its card values, a natural canasta earns a bonus of 500 points and a mixed canasta 300. For example, a natural canasta of seven kings is worth 70 plus 500, which makes 570."  # noqa: E501
        ),
    ),
    "C-MELD-7": (
        # Translators: title of rule C-MELD-7 (Classic Canasta).
        N_("No special ranks"),
        # Translators: statement of rule C-MELD-7 (Classic Canasta).
        N_(
            "In Classic Canasta there is no canasta made only of wild cards. Sevens and aces are ordinary ranks: they take wild cards like any other rank and carry no special bonus or penalty."  # noqa: E501
        ),
    ),
    "C-MELD-8": (
        # Translators: title of rule C-MELD-8 (Classic Canasta).
        N_("Keep enough cards when melding"),
        # Translators: statement of rule C-MELD-8 (Classic Canasta).
        N_(
            "Do not meld so many cards that you could not finish your turn properly. Until your side has the canastas needed to go out, keep at least two cards after melding: one to discard and one to keep in your hand."  # noqa: E501
        ),
    ),
    "C-MELD-9": (
        # Translators: title of rule C-MELD-9 (Classic Canasta).
        N_("Melding black threes"),
        # Translators: statement of rule C-MELD-9 (Classic Canasta).
        N_(
            "You may meld black threes only in the turn in which you go out. The meld must be three or four black threes, with no wild cards."  # noqa: E501
        ),
    ),
    "C-INIT-1": (
        # Translators: title of rule C-INIT-1 (Classic Canasta).
        N_("Minimum for the initial meld"),
        # Translators: statement of rule C-INIT-1 (Classic Canasta).
        N_(
            "Your side's first meld of each hand must reach a minimum count, set by your side's total score at the start of the hand. With a negative score the minimum is 15; from 0 to 1,495 it is 50; from 1,500 to 2,995 it is 90; and from 3,000 up it is 120."  # noqa: E501
        ),
    ),
    "C-INIT-2": (
        # Translators: title of rule C-INIT-2 (Classic Canasta).
        N_("Counting the initial meld"),
        # Translators: statement of rule C-INIT-2 (Classic Canasta).
        N_(
            "The count is the total card value of all the cards you meld in that turn, and you may use two or more melds to reach it. Canasta bonuses and red threes do not count toward it."  # noqa: E501
        ),
    ),
    "C-INIT-3": (
        # Translators: title of rule C-INIT-3 (Classic Canasta).
        N_("Taking the pile to meld first"),
        # Translators: statement of rule C-INIT-3 (Classic Canasta).
        N_(
            "If you take the discard pile for your initial meld, its top card counts toward the minimum, but no other card from the pile does, even if you meld it later that turn. Before you take the rest of the pile, you must show the natural pair and any cards from your hand needed to reach the minimum."  # noqa: E501
        ),
    ),
    "C-INIT-4": (
        # Translators: title of rule C-INIT-4 (Classic Canasta).
        N_("After the initial meld"),
        # Translators: statement of rule C-INIT-4 (Classic Canasta).
        N_(
            "Once you or your partner has made the initial meld, both of you may meld freely for the rest of the hand."  # noqa: E501
        ),
    ),
    "C-INIT-5": (
        # Translators: title of rule C-INIT-5 (Classic Canasta).
        N_("Going out concealed needs no minimum"),
        # Translators: statement of rule C-INIT-5 (Classic Canasta).
        N_(
            "If your side has not melded, and you draw from the stock and then meld your whole hand in that turn, including at least one canasta, you go out concealed and need no minimum. If you took the discard pile on that turn instead, the minimum still applies."  # noqa: E501
        ),
    ),
    "C-PILE-1": (
        # Translators: title of rule C-PILE-1 (Classic Canasta).
        N_("Taking the discard pile"),
        # Translators: statement of rule C-PILE-1 (Classic Canasta).
        N_(
            "To take the discard pile, you first use its top card at once in a meld, then take all the other cards of the pile into your hand. After that you may meld more cards, including cards that came from the pile. You never take just the top card."  # noqa: E501
        ),
    ),
    "C-PILE-2": (
        # Translators: title of rule C-PILE-2 (Classic Canasta).
        N_("Pile blocked by its top card"),
        # Translators: statement of rule C-PILE-2 (Classic Canasta).
        N_("Nobody may take the discard pile while its top card is a wild card or a black three."),
    ),
    "C-PILE-3": (
        # Translators: title of rule C-PILE-3 (Classic Canasta).
        N_("The frozen pile"),
        # Translators: statement of rule C-PILE-3 (Classic Canasta).
        N_(
            "The discard pile is frozen against your side until your side has made its initial meld. It is frozen against everybody while it contains a wild card, whether discarded or turned up at the deal, or a red three turned up at the deal. A frozen pile unfreezes only when somebody takes it."  # noqa: E501
        ),
    ),
    "C-PILE-4": (
        # Translators: title of rule C-PILE-4 (Classic Canasta).
        N_("Taking a frozen pile"),
        # Translators: statement of rule C-PILE-4 (Classic Canasta).
        N_(
            "You can take a frozen pile only by melding its top card with a natural pair of the same rank from your hand. If your side already has a meld of that rank, the three cards may then join it, but the meld on the table cannot replace the pair."  # noqa: E501
        ),
    ),
    "C-PILE-5": (
        # Translators: title of rule C-PILE-5 (Classic Canasta).
        N_("Taking an unfrozen pile"),
        # Translators: statement of rule C-PILE-5 (Classic Canasta).
        N_(
            "If the pile is not frozen against your side and its top card is natural, you may take it in three ways: with a natural pair from your hand, with one matching natural card and one wild card from your hand, or by adding the top card to your side's meld of that rank, even a canasta. Two wild cards are never enough."  # noqa: E501
        ),
    ),
    "C-PILE-6": (
        # Translators: title of rule C-PILE-6 (Classic Canasta).
        N_("The one-card rule"),
        # Translators: statement of rule C-PILE-6 (Classic Canasta).
        N_(
            "If you hold exactly one card, you may not take a discard pile that consists of exactly one card."  # noqa: E501
        ),
    ),
    "C-PILE-7": (
        # Translators: title of rule C-PILE-7 (Classic Canasta).
        N_("Red threes found in the pile"),
        # Translators: statement of rule C-PILE-7 (Classic Canasta).
        N_(
            "If the pile you take contains a red three, it goes face up in front of your side and scores as usual, but you draw no replacement card for it."  # noqa: E501
        ),
    ),
    "C-PILE-8": (
        # Translators: title of rule C-PILE-8 (Classic Canasta).
        N_("The black three stops once"),
        # Translators: statement of rule C-PILE-8 (Classic Canasta).
        N_(
            "A black three on top of the discard pile stops only the next player from taking it. Once another card covers it, it has no further effect and does not freeze the pile."  # noqa: E501
        ),
    ),
    "C-THREE-1": (
        # Translators: title of rule C-THREE-1 (Classic Canasta).
        N_("Red three bonus"),
        # Translators: statement of rule C-THREE-1 (Classic Canasta).
        N_(
            "Each red three is worth 100 points to your side. If your side has all four red threes, they are worth 800 together."  # noqa: E501
        ),
    ),
    "C-THREE-2": (
        # Translators: title of rule C-THREE-2 (Classic Canasta).
        N_("Red threes without a meld"),
        # Translators: statement of rule C-THREE-2 (Classic Canasta).
        N_(
            "If your side has made no meld at all by the end of the hand, your red threes count against you: minus 100 each, or minus 800 for all four. A single meld is enough to avoid this, you do not need a canasta, and red threes themselves do not count as a meld."  # noqa: E501
        ),
    ),
    "C-THREE-3": (
        # Translators: title of rule C-THREE-3 (Classic Canasta).
        N_("Red threes and the minimum"),
        # Translators: statement of rule C-THREE-3 (Classic Canasta).
        N_(
            "Red threes never count toward the initial meld minimum. Laying them out does not stop you from going out concealed later."  # noqa: E501
        ),
    ),
    "C-THREE-4": (
        # Translators: title of rule C-THREE-4 (Classic Canasta).
        N_("Black threes"),
        # Translators: statement of rule C-THREE-4 (Classic Canasta).
        N_(
            "A black three is worth 5 points, whether it is left in your hand or melded as you go out. You cannot meld black threes at any other time."  # noqa: E501
        ),
    ),
    "C-OUT-1": (
        # Translators: title of rule C-OUT-1 (Classic Canasta).
        N_("Going out"),
        # Translators: statement of rule C-OUT-1 (Classic Canasta).
        N_(
            "You go out by getting rid of your last card, either by melding it or by discarding it. You may do this only if your side has at least one canasta, which you may complete in the same turn."  # noqa: E501
        ),
    ),
    "C-OUT-2": (
        # Translators: title of rule C-OUT-2 (Classic Canasta).
        N_("Going out without a discard"),
        # Translators: statement of rule C-OUT-2 (Classic Canasta).
        N_(
            "You do not need a discard to go out: you may meld every card left in your hand instead."  # noqa: E501
        ),
    ),
    "C-OUT-3": (
        # Translators: title of rule C-OUT-3 (Classic Canasta).
        N_("Keep a card without a canasta"),
        # Translators: statement of rule C-OUT-3 (Classic Canasta).
        N_(
            "While your side has no canasta, you must end your turn with at least one card in your hand: you may not meld all your cards or discard your last one. Note that two black threes alone can never take you out, because you cannot meld just two and discarding one leaves the other."  # noqa: E501
        ),
    ),
    "C-OUT-4": (
        # Translators: title of rule C-OUT-4 (Classic Canasta).
        N_("Partner, may I go out?"),
        # Translators: statement of rule C-OUT-4 (Classic Canasta).
        N_(
            "When you are able to go out, you may first ask your partner “Partner, may I go out?”, but you do not have to. Ask after drawing and before melding or discarding anything. Your partner answers only yes or no, and the answer is binding: after yes you must go out this turn, and after no you may not."  # noqa: E501
        ),
    ),
    "C-OUT-5": (
        # Translators: title of rule C-OUT-5 (Classic Canasta).
        N_("Going-out bonus"),
        # Translators: statement of rule C-OUT-5 (Classic Canasta).
        N_(
            "Going out earns your side 100 points, and going out concealed 200 in total. To go out concealed, you meld your whole hand in one turn, including a canasta of your own, without having melded earlier in the hand or added to your partner's melds; laying out red threes does not count. You may take the pile on that turn, but then the minimum applies."  # noqa: E501
        ),
    ),
    "C-END-1": (
        # Translators: title of rule C-END-1 (Classic Canasta).
        N_("End of the hand"),
        # Translators: statement of rule C-END-1 (Classic Canasta).
        N_("The hand ends when a player goes out. It can also end when the stock runs out."),
    ),
    "C-END-2": (
        # Translators: title of rule C-END-2 (Classic Canasta).
        N_("Red three as last card"),
        # Translators: statement of rule C-END-2 (Classic Canasta).
        N_(
            "If the last card of the stock is a red three, show it and put it down; it scores for your side like any red three. You may not meld or discard, and the hand ends at once. Nobody gets a going-out bonus."  # noqa: E501
        ),
    ),
    "C-END-3": (
        # Translators: title of rule C-END-3 (Classic Canasta).
        N_("Play after the stock runs out"),
        # Translators: statement of rule C-END-3 (Classic Canasta).
        N_(
            "If the last stock card is not a red three, you finish your turn normally. Play then continues only while each player in turn takes the discard pile: you must take it if its top card matches your side's meld and the pile is not frozen against you, and you may take it in any other legal way. The hand ends when someone cannot or does not."  # noqa: E501
        ),
    ),
    "C-END-4": (
        # Translators: title of rule C-END-4 (Classic Canasta).
        N_("One-card rule at the end"),
        # Translators: statement of rule C-END-4 (Classic Canasta).
        N_(
            "Suppose the stock is gone, you hold one card, and the pile is a single card matching your side's meld. Then the one-card rule wins over the duty to take the pile: you may not take it, so the hand ends."  # noqa: E501
        ),
    ),
    "C-SCORE-1": (
        # Translators: title of rule C-SCORE-1 (Classic Canasta).
        N_("Scoring a hand"),
        # Translators: statement of rule C-SCORE-1 (Classic Canasta).
        N_(
            "Your side adds its canasta bonuses, its red-three score, any going-out bonus and the card values of every card it has melded, canastas included. It then subtracts the card values of all cards left in both partners' hands, even cards that could have formed a meld."  # noqa: E501
        ),
    ),
    "C-SCORE-2": (
        # Translators: title of rule C-SCORE-2 (Classic Canasta).
        N_("Negative scores"),
        # Translators: statement of rule C-SCORE-2 (Classic Canasta).
        N_(
            "A side's score for a hand can be negative, and so can its total score. While your side's total is negative, its initial meld needs a count of only 15."  # noqa: E501
        ),
    ),
    "C-GAME-1": (
        # Translators: title of rule C-GAME-1 (Classic Canasta).
        N_("Winning the game"),
        # Translators: statement of rule C-GAME-1 (Classic Canasta).
        N_(
            "Scores add up from hand to hand. The game ends after the hand in which one or both sides reach 5,000 points or more, and the higher total wins. The last hand is always played to its end, and if the totals are exactly equal, another hand is played."  # noqa: E501
        ),
    ),
    "C-PEN-1": (
        # Translators: title of rule C-PEN-1 (Classic Canasta).
        N_("Red three left in hand"),
        # Translators: statement of rule C-PEN-1 (Classic Canasta).
        N_(
            "A red three still in your hand at the end of the hand would cost your side 500 points. The app lays out your red threes for you, so this penalty never arises here."  # noqa: E501
        ),
    ),
    "C2-1": (
        # Translators: title of rule C2-1 (Classic Canasta for two).
        N_("Dealing for two players"),
        # Translators: statement of rule C2-1 (Classic Canasta for two).
        N_("In the game for two, each of you plays alone and is dealt 15 cards."),
    ),
    "C2-2": (
        # Translators: title of rule C2-2 (Classic Canasta for two).
        N_("Drawing two cards"),
        # Translators: statement of rule C2-2 (Classic Canasta for two).
        N_(
            "When you draw from the stock, you take the top two cards but discard only one. Each red three you draw is laid out and replaced."  # noqa: E501
        ),
    ),
    "C2-3": (
        # Translators: title of rule C2-3 (Classic Canasta for two).
        N_("Taking the pile replaces drawing"),
        # Translators: statement of rule C2-3 (Classic Canasta for two).
        N_(
            "If you take the discard pile, that is your whole draw: you do not also draw from the stock."  # noqa: E501
        ),
    ),
    "C2-4": (
        # Translators: title of rule C2-4 (Classic Canasta for two).
        N_("Two canastas to go out"),
        # Translators: statement of rule C2-4 (Classic Canasta for two).
        N_(
            "You need two canastas to go out. Until you have two, you must end each turn with at least one card in your hand."  # noqa: E501
        ),
    ),
    "C2-5": (
        # Translators: title of rule C2-5 (Classic Canasta for two).
        N_("The last stock cards"),
        # Translators: statement of rule C2-5 (Classic Canasta for two).
        N_(
            "If only one card is left in the stock, drawing it counts as your full draw. A red three among the last cards cannot be replaced once the stock is empty. If the only card you draw is a red three, or both last cards are red threes, the hand ends at once, with no meld and no discard."  # noqa: E501
        ),
    ),
    "C2-6": (
        # Translators: title of rule C2-6 (Classic Canasta for two).
        N_("Who starts with two players"),
        # Translators: statement of rule C2-6 (Classic Canasta for two).
        N_("The non-dealer plays first, and the deal alternates between the two players."),
    ),
    "C2-7": (
        # Translators: title of rule C2-7 (Classic Canasta for two).
        N_("Other rules for two players"),
        # Translators: statement of rule C2-7 (Classic Canasta for two).
        N_(
            "All other rules are as in the four-player game: card values, minimum counts, freezing, taking the pile, the one-card rule, red threes, going out concealed, the end of the stock and scoring. Your side is just you, so there is no asking a partner to go out."  # noqa: E501
        ),
    ),
    "C2-8": (
        # Translators: title of rule C2-8 (Classic Canasta for two).
        N_("Target for two players"),
        # Translators: statement of rule C2-8 (Classic Canasta for two).
        N_("The target is 5,000 points. When one or both players reach it, the higher score wins."),
    ),
    "C3-1": (
        # Translators: title of rule C3-1 (Classic Canasta for three).
        N_("Dealing for three players"),
        # Translators: statement of rule C3-1 (Classic Canasta for three).
        N_(
            "In the game for three, each player is dealt 13 cards. The player to the dealer's left starts, and play goes clockwise."  # noqa: E501
        ),
    ),
    "C3-2": (
        # Translators: title of rule C3-2 (Classic Canasta for three).
        N_("Drawing two cards"),
        # Translators: statement of rule C3-2 (Classic Canasta for three).
        N_(
            "When you draw from the stock, you take two cards and discard one. If you take the discard pile instead, you do not also draw from the stock."  # noqa: E501
        ),
    ),
    "C3-3": (
        # Translators: title of rule C3-3 (Classic Canasta for three).
        N_("The lone hand"),
        # Translators: statement of rule C3-3 (Classic Canasta for three).
        N_(
            "Everyone starts alone, with their own melds and their own initial meld minimum. The first player to take the discard pile becomes the lone hand for the rest of the hand. The other two then form a temporary partnership: their melds are combined, and either may add to the other's melds."  # noqa: E501
        ),
    ),
    "C3-4": (
        # Translators: title of rule C3-4 (Classic Canasta for three).
        N_("Out before the pile is taken"),
        # Translators: statement of rule C3-4 (Classic Canasta for three).
        N_(
            "If a player goes out before anyone has taken the discard pile, that player becomes the lone hand, and the other two score as a partnership."  # noqa: E501
        ),
    ),
    "C3-5": (
        # Translators: title of rule C3-5 (Classic Canasta for three).
        N_("When nobody takes the pile"),
        # Translators: statement of rule C3-5 (Classic Canasta for three).
        N_(
            "If the hand ends because the stock runs out and nobody ever took the discard pile, each player scores alone."  # noqa: E501
        ),
    ),
    "C3-6": (
        # Translators: title of rule C3-6 (Classic Canasta for three).
        N_("The partnership's initial meld"),
        # Translators: statement of rule C3-6 (Classic Canasta for three).
        N_(
            "Each player keeps a separate total score, so two partners may need different minimums. Whichever partner makes the partnership's first meld must meet their own minimum; after that both meld freely, and if both had melded while alone, the partnership is already open. The pile is frozen against the partnership only if neither partner has melded."  # noqa: E501
        ),
    ),
    "C3-7": (
        # Translators: title of rule C3-7 (Classic Canasta for three).
        N_("Scoring with three players"),
        # Translators: statement of rule C3-7 (Classic Canasta for three).
        N_(
            "The lone hand scores their own hand. The partnership adds up one total of canasta bonuses, going-out bonus and all their melded cards, minus the cards in both partners' hands, and each partner receives that total. Red threes stay personal: each player scores their own, plus if their side has melded and minus if not."  # noqa: E501
        ),
    ),
    "C3-8": (
        # Translators: title of rule C3-8 (Classic Canasta for three).
        N_("One canasta to go out"),
        # Translators: statement of rule C3-8 (Classic Canasta for three).
        N_(
            "To go out, the going-out side, whether the lone hand or the partnership, needs one canasta, just as in the four-player game."  # noqa: E501
        ),
    ),
    "C3-9": (
        # Translators: title of rule C3-9 (Classic Canasta for three).
        N_("Target for three players"),
        # Translators: statement of rule C3-9 (Classic Canasta for three).
        N_(
            "The target is 7,500 points. When one or more players reach it at the end of a hand, the highest score wins."  # noqa: E501
        ),
    ),
    "C3-10": (
        # Translators: title of rule C3-10 (Classic Canasta for three).
        N_("When the stock runs out"),
        # Translators: statement of rule C3-10 (Classic Canasta for three).
        N_(
            "When the stock runs out, the four-player rules apply: a red three as the last card ends the hand at once; otherwise play goes on while each player in turn takes the discard pile."  # noqa: E501
        ),
    ),
    "C3-11": (
        # Translators: title of rule C3-11 (Classic Canasta for three).
        N_("Asking your temporary partner"),
        # Translators: statement of rule C3-11 (Classic Canasta for three).
        N_(
            "Once the partnership has formed, either partner may ask the other “Partner, may I go out?”, as in the four-player game."  # noqa: E501
        ),
    ),
    "C3-12": (
        # Translators: title of rule C3-12 (Classic Canasta for three).
        N_("Partners with the same rank"),
        # Translators: statement of rule C3-12 (Classic Canasta for three).
        N_(
            "If both new partners already have a meld of the same rank when the partnership forms, the two melds are merged into one if the result has no more than three wild cards. Otherwise they stay as two melds, new cards of that rank may join either, and each is scored on its own."  # noqa: E501
        ),
    ),
    "M-SETUP-1": (
        # Translators: title of rule M-SETUP-1 (Modern American Canasta).
        N_("Players and cards"),
        # Translators: statement of rule M-SETUP-1 (Modern American Canasta).
        N_(
            "Exactly four players play in two fixed partnerships, partners sitting opposite. The game uses 108 cards: two packs of 52 plus four jokers. Jokers and twos are wild, and all threes, red and black, are bonus cards."  # noqa: E501
        ),
    ),
    "M-CARD-1": (
        # Translators: title of rule M-CARD-1 (Modern American Canasta).
        N_("Card point values"),
        # Translators: statement of rule M-CARD-1 (Modern American Canasta).
        N_(
            "A joker is worth 50 points, a two 20 and an ace 20. A king, queen, jack, 10, 9 or 8 is worth 10, and a 7, 6, 5 or 4 is worth 5. Threes have no card value: they score as bonus cards, or count minus 5 if one is left in your hand."  # noqa: E501
        ),
    ),
    "M-DEAL-1": (
        # Translators: title of rule M-DEAL-1 (Modern American Canasta).
        N_("The deal"),
        # Translators: statement of rule M-DEAL-1 (Modern American Canasta).
        N_(
            "The dealer deals 13 cards to each player, one at a time, clockwise from the dealer's left. No card is turned up: the discard pile starts empty."  # noqa: E501
        ),
    ),
    "M-DEAL-2": (
        # Translators: title of rule M-DEAL-2 (Modern American Canasta).
        N_("Threes in your dealt hand"),
        # Translators: statement of rule M-DEAL-2 (Modern American Canasta).
        N_(
            "Every three you are dealt, red or black, is laid face up in front of your side and replaced from the stock, again if the replacement is a three. Threes are never melded and never discarded."  # noqa: E501
        ),
    ),
    "M-TURN-1": (
        # Translators: title of rule M-TURN-1 (Modern American Canasta).
        N_("Who plays first"),
        # Translators: statement of rule M-TURN-1 (Modern American Canasta).
        N_("The player to the dealer's left starts, and play goes clockwise."),
    ),
    "M-TURN-2": (
        # Translators: title of rule M-TURN-2 (Modern American Canasta).
        N_("The three steps of a turn"),
        # Translators: statement of rule M-TURN-2 (Modern American Canasta).
        N_(
            "Draw one card from the stock or take the discard pile; meld or add to your side's melds; and always end by discarding exactly one card. You can never go out without a discard."  # noqa: E501
        ),
    ),
    "M-TURN-3": (
        # Translators: title of rule M-TURN-3 (Modern American Canasta).
        N_("Drawing a three"),
        # Translators: statement of rule M-TURN-3 (Modern American Canasta).
        N_(
            "If you draw a three from the stock, lay it face up at once and draw a replacement, unless it was the last card of the stock."  # noqa: E501
        ),
    ),
    "M-MELD-1": (
        # Translators: title of rule M-MELD-1 (Modern American Canasta).
        N_("Melds of three to seven"),
        # Translators: statement of rule M-MELD-1 (Modern American Canasta).
        N_(
            "A meld is three to seven cards of one natural rank, from 4 up to ace. A meld can never have more than seven cards, so a completed canasta takes no more cards."  # noqa: E501
        ),
    ),
    "M-MELD-2": (
        # Translators: title of rule M-MELD-2 (Modern American Canasta).
        N_("At most two wild cards"),
        # Translators: statement of rule M-MELD-2 (Modern American Canasta).
        N_(
            "A meld with wild cards may hold at most two of them and must have at least two natural cards. So a mixed canasta always has at least five natural cards."  # noqa: E501
        ),
    ),
    "M-MELD-3": (
        # Translators: title of rule M-MELD-3 (Modern American Canasta).
        N_("The rule of five"),
        # Translators: statement of rule M-MELD-3 (Modern American Canasta).
        N_(
            "After your side's initial meld, you may place a wild card only in a meld that has at least five natural cards at that moment, still with no more than two wild cards, or in your side's wild-card meld. During the initial meld itself, only the limit of two wild cards applies."  # noqa: E501
        ),
    ),
    "M-MELD-4": (
        # Translators: title of rule M-MELD-4 (Modern American Canasta).
        N_("Sevens stay pure"),
        # Translators: statement of rule M-MELD-4 (Modern American Canasta).
        N_("Sevens may never be melded with wild cards. A meld of sevens is always pure."),
    ),
    "M-MELD-5": (
        # Translators: title of rule M-MELD-5 (Modern American Canasta).
        N_("Aces and wild cards"),
        # Translators: statement of rule M-MELD-5 (Modern American Canasta).
        N_(
            "Aces may take wild cards only in your side's initial meld. Such an ace meld is an ordinary mixed meld: it scores 300 if completed, has no 2,500 bonus or penalty, and takes no more wild cards. An ace meld without wild cards is a pure ace meld: it can never take wild cards and carries the 2,500 bonus or penalty."  # noqa: E501
        ),
    ),
    "M-MELD-6": (
        # Translators: title of rule M-MELD-6 (Modern American Canasta).
        N_("The wild-card meld"),
        # Translators: statement of rule M-MELD-6 (Modern American Canasta).
        N_(
            "Three to seven twos and jokers may form a meld of their own, in the initial meld or later. While your side's wild-card meld is incomplete, your side may not put wild cards into any other meld."  # noqa: E501
        ),
    ),
    "M-MELD-7": (
        # Translators: title of rule M-MELD-7 (Modern American Canasta).
        N_("One meld per rank"),
        # Translators: statement of rule M-MELD-7 (Modern American Canasta).
        N_(
            "Your side may have only one meld of each rank, and one wild-card meld. A completed canasta still counts as your meld of that rank, so you may not start a second one. Both sides may meld the same rank."  # noqa: E501
        ),
    ),
    "M-MELD-8": (
        # Translators: title of rule M-MELD-8 (Modern American Canasta).
        N_("Closed ranks"),
        # Translators: statement of rule M-MELD-8 (Modern American Canasta).
        N_(
            "Once either side completes a natural canasta of a rank, nobody may meld that rank again for the rest of the hand. Only one card of that rank is left in play, and it is called a dead card."  # noqa: E501
        ),
    ),
    "M-MELD-9": (
        # Translators: title of rule M-MELD-9 (Modern American Canasta).
        N_("Canasta bonuses"),
        # Translators: statement of rule M-MELD-9 (Modern American Canasta).
        N_(
            "A mixed canasta earns 300 and a natural canasta 500, but a natural canasta of sevens or of aces earns 2,500. A wild canasta of seven twos earns 3,000, one of four jokers and three twos 2,500, and any other wild canasta 2,000. A mixed ace canasta, possible only through the initial meld, earns 300."  # noqa: E501
        ),
    ),
    "M-INIT-1": (
        # Translators: title of rule M-INIT-1 (Modern American Canasta).
        N_("Minimum for the initial meld"),
        # Translators: statement of rule M-INIT-1 (Modern American Canasta).
        N_(
            "Your side's first meld of each hand must reach a minimum count, set by your side's total score at the start of the hand. Below 3,000, even with a negative score, the minimum is 125; from 3,000 to 4,995 it is 155; and from 5,000 up it is 180."  # noqa: E501
        ),
    ),
    "M-INIT-2": (
        # Translators: title of rule M-INIT-2 (Modern American Canasta).
        N_("Counting the initial meld"),
        # Translators: statement of rule M-INIT-2 (Modern American Canasta).
        N_(
            "Only cards you meld from your hand count toward the minimum: the top card of the pile and the other pile cards never count. Canasta bonuses and threes never count either. You may combine several melds to reach the minimum."  # noqa: E501
        ),
    ),
    "M-INIT-3": (
        # Translators: title of rule M-INIT-3 (Modern American Canasta).
        N_("What the initial meld needs"),
        # Translators: statement of rule M-INIT-3 (Modern American Canasta).
        N_(
            "Your initial meld must include either a clean meld of three or more natural cards from your hand, with no wild cards, or a wild-card meld of at least three wild cards. Other melds laid at the same time may be mixed, including aces with wild cards."  # noqa: E501
        ),
    ),
    "M-INIT-4": (
        # Translators: title of rule M-INIT-4 (Modern American Canasta).
        N_("A canasta straight from your hand"),
        # Translators: statement of rule M-INIT-4 (Modern American Canasta).
        N_(
            "If you meld a complete natural canasta, sevens and aces included, or a complete wild canasta directly from your hand, your side's initial meld needs no minimum count. A mixed canasta does not free you from the minimum."  # noqa: E501
        ),
    ),
    "M-INIT-5": (
        # Translators: title of rule M-INIT-5 (Modern American Canasta).
        N_("Taking the pile before melding"),
        # Translators: statement of rule M-INIT-5 (Modern American Canasta).
        N_(
            "If your side has not melded yet, you must make a complete initial meld from your hand in the same turn, then take the pile with a natural pair. The pair counts toward the minimum because it comes from your hand, but the top card does not count and cannot be part of the clean meld."  # noqa: E501
        ),
    ),
    "M-INIT-6": (
        # Translators: title of rule M-INIT-6 (Modern American Canasta).
        N_("After the initial meld"),
        # Translators: statement of rule M-INIT-6 (Modern American Canasta).
        N_(
            "Once your side has made its initial meld, you and your partner may meld freely, following the usual meld rules."  # noqa: E501
        ),
    ),
    "M-PILE-1": (
        # Translators: title of rule M-PILE-1 (Modern American Canasta).
        N_("Taking the discard pile"),
        # Translators: statement of rule M-PILE-1 (Modern American Canasta).
        N_(
            "You may take the discard pile only with a natural pair from your hand matching its top card; one natural card and a wild card are never enough. The pair and the top card form a new meld, or join your side's meld of that rank only if it has three or four cards. The rest of the pile then goes into your hand."  # noqa: E501
        ),
    ),
    "M-PILE-2": (
        # Translators: title of rule M-PILE-2 (Modern American Canasta).
        N_("When the pile cannot be taken"),
        # Translators: statement of rule M-PILE-2 (Modern American Canasta).
        N_(
            "You cannot take the pile if its top card is a wild card, if the pile is empty, if your side's meld of that rank already has five or more cards or is a completed canasta, or if the rank is closed."  # noqa: E501
        ),
    ),
    "M-PILE-3": (
        # Translators: title of rule M-PILE-3 (Modern American Canasta).
        N_("Melding cards from the pile"),
        # Translators: statement of rule M-PILE-3 (Modern American Canasta).
        N_(
            "You may meld cards taken from the pile in the same turn, following all the meld rules, including the rule of five and the rules for sevens and aces."  # noqa: E501
        ),
    ),
    "M-DISC-1": (
        # Translators: title of rule M-DISC-1 (Modern American Canasta).
        N_("Threes are never discarded"),
        # Translators: statement of rule M-DISC-1 (Modern American Canasta).
        N_("You may never discard a three."),
    ),
    "M-DISC-2": (
        # Translators: title of rule M-DISC-2 (Modern American Canasta).
        N_("Discarding wild cards"),
        # Translators: statement of rule M-DISC-2 (Modern American Canasta).
        N_(
            "You may discard a wild card only as your going-out discard, or when your hand, after melding, holds nothing but wild cards. A wild card on top of the pile stops the next player from taking it."  # noqa: E501
        ),
    ),
    "M-DISC-3": (
        # Translators: title of rule M-DISC-3 (Modern American Canasta).
        N_("Keep a card to discard"),
        # Translators: statement of rule M-DISC-3 (Modern American Canasta).
        N_(
            "You must always keep a card to discard, so no meld may leave your hand empty. Until your side has two canastas, you must also still hold at least one card after discarding."  # noqa: E501
        ),
    ),
    "M-DISC-4": (
        # Translators: title of rule M-DISC-4 (Modern American Canasta).
        N_("Discarding onto an empty pile"),
        # Translators: statement of rule M-DISC-4 (Modern American Canasta).
        N_(
            "When the discard pile is empty, you may discard an ace or a seven only if you hold no other natural card, and a card of a closed rank only if you have no other legal discard."  # noqa: E501
        ),
    ),
    "M-THREE-1": (
        # Translators: title of rule M-THREE-1 (Modern American Canasta).
        N_("Threes are bonus cards"),
        # Translators: statement of rule M-THREE-1 (Modern American Canasta).
        N_("Threes you are dealt or draw are laid face up and replaced. They belong to your side."),
    ),
    "M-THREE-2": (
        # Translators: title of rule M-THREE-2 (Modern American Canasta).
        N_("Scoring threes"),
        # Translators: statement of rule M-THREE-2 (Modern American Canasta).
        N_(
            "Red and black threes are scored separately: one three of a colour is worth 100, two are worth 300, three 500 and four 1,000. If your side has no completed canasta, the threes count minus; with exactly one canasta they count zero; with two or more they count plus."  # noqa: E501
        ),
    ),
    "M-OUT-1": (
        # Translators: title of rule M-OUT-1 (Modern American Canasta).
        N_("Going out"),
        # Translators: statement of rule M-OUT-1 (Modern American Canasta).
        N_(
            "You may go out only if your side has at least two completed canastas of any kind, which may be completed in the same turn. To go out you meld and then discard your last card; you may not go out by melding without a discard."  # noqa: E501
        ),
    ),
    "M-OUT-2": (
        # Translators: title of rule M-OUT-2 (Modern American Canasta).
        N_("The going-out discard"),
        # Translators: statement of rule M-OUT-2 (Modern American Canasta).
        N_(
            "Your going-out discard may be a wild card, but never a three. It is laid face up, like any other discard."  # noqa: E501
        ),
    ),
    "M-OUT-3": (
        # Translators: title of rule M-OUT-3 (Modern American Canasta).
        N_("Going-out bonus"),
        # Translators: statement of rule M-OUT-3 (Modern American Canasta).
        N_(
            "Going out earns your side 100 points. There is no extra bonus for going out concealed or all in one turn."  # noqa: E501
        ),
    ),
    "M-OUT-4": (
        # Translators: title of rule M-OUT-4 (Modern American Canasta).
        N_("Partner, may I go out?"),
        # Translators: statement of rule M-OUT-4 (Modern American Canasta).
        N_(
            "You may ask your partner “Partner, may I go out?” at most once per hand, and only directly after drawing, before melding or discarding. If your partner says no, you may not go out that turn; if yes, you must go out. You may also go out without asking."  # noqa: E501
        ),
    ),
    "M-OUT-5": (
        # Translators: title of rule M-OUT-5 (Modern American Canasta).
        N_("Going out with incomplete melds"),
        # Translators: statement of rule M-OUT-5 (Modern American Canasta).
        N_(
            "You may go out even while your side has an incomplete pure ace meld, sevens meld or wild-card meld, but that meld's penalty then applies."  # noqa: E501
        ),
    ),
    "M-END-1": (
        # Translators: title of rule M-END-1 (Modern American Canasta).
        N_("End of the hand"),
        # Translators: statement of rule M-END-1 (Modern American Canasta).
        N_("The hand ends when a player goes out."),
    ),
    "M-END-2": (
        # Translators: title of rule M-END-2 (Modern American Canasta).
        N_("When the stock runs out"),
        # Translators: statement of rule M-END-2 (Modern American Canasta).
        N_(
            "When the last card of the stock is drawn, that player finishes the turn and the hand ends; nobody may take the pile afterwards. If that last card is a three, it cannot be replaced: it stays in the hand, the hand ends at once with no meld or discard, and the three counts minus 5."  # noqa: E501
        ),
    ),
    "M-SCORE-1": (
        # Translators: title of rule M-SCORE-1 (Modern American Canasta).
        N_("Scoring a hand"),
        # Translators: statement of rule M-SCORE-1 (Modern American Canasta).
        N_(
            "Your side adds its canasta bonuses, any going-out bonus, its threes and the card values of its melds. It subtracts penalties for incomplete special melds and for sets of aces or sevens in hand, and the cards left in both hands. Without a canasta your melded cards and threes count minus; with one canasta threes count zero."  # noqa: E501
        ),
    ),
    "M-SCORE-2": (
        # Translators: title of rule M-SCORE-2 (Modern American Canasta).
        N_("Cards left in hand"),
        # Translators: statement of rule M-SCORE-2 (Modern American Canasta).
        N_(
            "Each card left in your hand counts its card value against your side. A three kept in hand because it was the last stock card counts minus 5."  # noqa: E501
        ),
    ),
    "M-SCORE-3": (
        # Translators: title of rule M-SCORE-3 (Modern American Canasta).
        N_("Penalties for incomplete melds"),
        # Translators: statement of rule M-SCORE-3 (Modern American Canasta).
        N_(
            "At the end of the hand, a pure ace meld or a sevens meld of fewer than seven cards costs your side 2,500 points. A wild-card meld of fewer than seven cards costs 2,000, or 2,500 if it contains all four jokers."  # noqa: E501
        ),
    ),
    "M-SCORE-4": (
        # Translators: title of rule M-SCORE-4 (Modern American Canasta).
        N_("Three aces or sevens in hand"),
        # Translators: statement of rule M-SCORE-4 (Modern American Canasta).
        N_(
            "If you are left holding three or more aces, or three or more sevens, your side loses 1,500 for each such set, on top of the card values. Four aces are still one set, but aces and sevens together cost 3,000. The penalty counts for each player, even for a dead rank, and adds to any incomplete meld penalty."  # noqa: E501
        ),
    ),
    "M-GAME-1": (
        # Translators: title of rule M-GAME-1 (Modern American Canasta).
        N_("Winning the game"),
        # Translators: statement of rule M-GAME-1 (Modern American Canasta).
        N_(
            "The target is 8,500 points. The game ends after the hand in which one or both sides reach 8,500, and the higher total wins. If the totals are exactly equal, another hand is played."  # noqa: E501
        ),
    ),
}

OPTION_TEXTS: dict[str, tuple[str, str]] = {
    "V-C1": (
        # Translators: title of house-rule option V-C1 (Classic Canasta).
        N_("Limit on wild cards"),
        # Translators: statement of house-rule option V-C1 (Classic Canasta).
        N_(
            "By default a meld needs at least two natural cards and may hold up to three wild cards, so 4-4-2-2-2 is allowed. With this house rule, wild cards may never outnumber natural cards: 4-4-2-2 is still allowed, but 4-4-2-2-2 is not."  # noqa: E501
        ),
    ),
    "V-C2": (
        # Translators: title of house-rule option V-C2 (Classic Canasta).
        N_("Black three: stop or freeze"),
        # Translators: statement of house-rule option V-C2 (Classic Canasta).
        N_(
            "By default a black three on the discard pile only stops the next player from taking it. With this house rule, a black three turned up at the deal or discarded freezes the pile until somebody takes it."  # noqa: E501
        ),
    ),
    "V-C3": (
        # Translators: title of house-rule option V-C3 (Classic Canasta).
        N_("Red three as last card"),
        # Translators: statement of house-rule option V-C3 (Classic Canasta).
        N_(
            "By default, if you draw a red three as the last stock card, you may not meld or discard, and the hand ends at once. With this house rule, you may first meld and add cards to your side's melds, but you still may not discard."  # noqa: E501
        ),
    ),
    "V-C4": (
        # Translators: title of house-rule option V-C4 (Classic Canasta).
        N_("One card against a forced take"),
        # Translators: statement of house-rule option V-C4 (Classic Canasta).
        N_(
            "By default, when the stock is gone and you hold one card while a one-card pile matches your side's meld, the one-card rule wins: you may not take the pile, and the hand ends. With this house rule, the duty to take the pile wins, and you must take it."  # noqa: E501
        ),
    ),
    "V-C5": (
        # Translators: title of house-rule option V-C5 (Classic Canasta).
        N_("Taking the pile onto a meld"),
        # Translators: statement of house-rule option V-C5 (Classic Canasta).
        N_(
            "By default you may take a pile that is not frozen by adding its top card to your side's meld of that rank. With this house rule, you always need two cards from your hand to go with the top card: a natural pair, or one natural card and a wild card."  # noqa: E501
        ),
    ),
    "V-C6": (
        # Translators: title of house-rule option V-C6 (Classic Canasta).
        N_("Concealed after taking the pile"),
        # Translators: statement of house-rule option V-C6 (Classic Canasta).
        N_(
            "By default you may still go out concealed for 200 points in a turn in which you took the discard pile, as long as you reach the initial meld minimum. With this house rule, taking the pile on that turn means there is no concealed bonus."  # noqa: E501
        ),
    ),
    "V-C7": (
        # Translators: title of house-rule option V-C7 (Classic Canasta for three).
        N_("Canastas to go out, three players"),
        # Translators: statement of house-rule option V-C7 (Classic Canasta for three).
        N_(
            "By default, in the game for three, one canasta is enough for the lone hand or the partnership to go out. With this house rule, two canastas are needed."  # noqa: E501
        ),
    ),
    "V-C8": (
        # Translators: title of house-rule option V-C8 (Classic Canasta for three).
        N_("Pooled red threes, three players"),
        # Translators: statement of house-rule option V-C8 (Classic Canasta for three).
        N_(
            "By default, in the game for three, each partner scores only their own red threes. With this house rule, the partners pool their red threes, and both partners score all of them."  # noqa: E501
        ),
    ),
    "V-C9": (
        # Translators: title of house-rule option V-C9 (Classic Canasta for three).
        N_("End of stock, three players"),
        # Translators: statement of house-rule option V-C9 (Classic Canasta for three).
        N_(
            "By default, in the game for three, play goes on after the stock runs out while players take the discard pile, as in the four-player game. With this house rule, the hand ends with the discard of the player who drew the last stock card."  # noqa: E501
        ),
    ),
    "V-C10": (
        # Translators: title of house-rule option V-C10 (Classic and Modern American).
        N_("Target score"),
        # Translators: statement of house-rule option V-C10 (Classic and Modern American).
        N_(
            "By default the game is played to 5,000 points in Classic Canasta for two or four players, to 7,500 for three players, and to 8,500 in Modern American Canasta. As a house rule you may choose another target, such as 2,500, 5,000, 7,500 or 10,000 points."  # noqa: E501
        ),
    ),
    "V-C11": (
        # Translators: title of house-rule option V-C11 (Classic Canasta).
        N_("When to ask to go out"),
        # Translators: statement of house-rule option V-C11 (Classic Canasta).
        N_(
            "By default you ask “Partner, may I go out?” after drawing and before melding. With this house rule, you may also ask before you draw."  # noqa: E501
        ),
    ),
    "V-M1": (
        # Translators: title of house-rule option V-M1 (Modern American Canasta).
        N_("Bonus cards from the talon"),
        # Translators: statement of house-rule option V-M1 (Modern American Canasta).
        N_(
            "By default there are no bonus cards. With this house rule, the player who makes a side's initial meld takes 4 bonus cards if the side is first to meld, or 3 if the other side already has, after discarding, for use on the next turn. There are none if the pile was taken that turn, or once 8 or fewer cards remain in the stock."  # noqa: E501
        ),
    ),
    "V-M2": (
        # Translators: title of house-rule option V-M2 (Modern American Canasta).
        N_("Partner's answer of yes"),
        # Translators: statement of house-rule option V-M2 (Modern American Canasta).
        N_(
            "By default your partner's yes to “Partner, may I go out?” is binding: you must go out that turn. With this house rule, a yes is only advice, and you may still choose not to go out. A no always forbids going out that turn."  # noqa: E501
        ),
    ),
    "V-M3": (
        # Translators: title of house-rule option V-M3 (Modern American Canasta).
        N_("Four-joker wild meld penalty"),
        # Translators: statement of house-rule option V-M3 (Modern American Canasta).
        N_(
            "By default an incomplete wild-card meld containing all four jokers costs 2,500 points at the end of the hand, and any other incomplete wild-card meld 2,000. With this house rule, every incomplete wild-card meld costs 2,000."  # noqa: E501
        ),
    ),
    "V-M4": (
        # Translators: title of house-rule option V-M4 (Modern American Canasta).
        N_("Going out with incomplete melds"),
        # Translators: statement of house-rule option V-M4 (Modern American Canasta).
        N_(
            "By default you may go out while your side has an incomplete pure ace meld, sevens meld or wild-card meld, and its penalty is then charged. With this house rule, you may not go out while your side has such an incomplete meld."  # noqa: E501
        ),
    ),
    "V-M5": (
        # Translators: title of house-rule option V-M5 (Modern American Canasta).
        N_("What the initial meld needs"),
        # Translators: statement of house-rule option V-M5 (Modern American Canasta).
        N_(
            "By default your initial meld must include a clean meld of three or more natural cards or a wild-card meld of at least three wild cards. A stricter house rule accepts only the clean meld of natural cards; a more lenient one accepts any meld with at least three natural cards."  # noqa: E501
        ),
    ),
    "V-M6": (
        # Translators: title of house-rule option V-M6 (Modern American Canasta).
        N_("Canasta from hand exemption"),
        # Translators: statement of house-rule option V-M6 (Modern American Canasta).
        N_(
            "By default a natural or wild canasta melded straight from your hand frees your side from the initial meld minimum, but a mixed canasta does not. One house rule lets any canasta do this; another allows no exemption at all, so the minimum always applies."  # noqa: E501
        ),
    ),
    "V-M7": (
        # Translators: title of house-rule option V-M7 (Modern American Canasta).
        N_("A second wild-card meld"),
        # Translators: statement of house-rule option V-M7 (Modern American Canasta).
        N_(
            "By default your side may have only one wild-card meld in a hand, even after it has become a complete canasta. With this house rule, once your wild canasta is complete, your side may start a second wild-card meld."  # noqa: E501
        ),
    ),
    "V-M8": (
        # Translators: title of house-rule option V-M8 (Modern American Canasta).
        N_("Asking once per player or side"),
        # Translators: statement of house-rule option V-M8 (Modern American Canasta).
        N_(
            "By default each player may ask “Partner, may I go out?” once per hand. With this house rule, each side may ask only once per hand, so after one partner has asked, the other may not."  # noqa: E501
        ),
    ),
}
