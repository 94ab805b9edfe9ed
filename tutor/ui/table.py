"""The practice table as one block of HTML: both sides' melds, threes and scores, the other
players' hands, the discard pile (and why it is frozen) and the stock.

One element instead of a dozen keeps each click's page run short; the cards are the same SVG
images as everywhere else, each with its spoken name.
"""

from __future__ import annotations

from html import escape

from tutor.engine.state import GameState
from tutor.engine.view import PlayerView
from tutor.explain import explain_reason
from tutor.i18n import N_, Translator
from tutor.ui.cards import back_html, cards_html
from tutor.ui.practice import LEARNER

YOU = N_("you")
SEAT = N_("seat {seat}")
SCORE = N_("score")
THREES = N_("Threes laid out")
PILE = N_("Discard pile")
STOCK = N_("Stock: {n} cards")
FREEZERS = N_("Cards that freeze the pile")


def seat_name(seat: int, tr: Translator) -> str:
    if seat == LEARNER:
        return tr.gettext(YOU)
    return tr.format(tr.gettext(SEAT), SEAT, seat=seat + 1)


def table_html(
    state: GameState, view: PlayerView, tr: Translator, *, open_hands: bool, four_colour: bool
) -> str:
    """The whole table; ``view`` is what the learner may see of ``state``."""
    sides = "".join(_side_html(state, index, tr, open_hands, four_colour)
                    for index in range(len(state.sides)))
    pile = [f"<p><strong>{escape(tr.gettext(PILE))}</strong> · {tr.number(view.pile_size)}</p>"]
    if view.pile_top is not None:
        pile.append(cards_html([view.pile_top], tr, four_colour=four_colour, width=64))
    if view.pile_freezers:  # laid crosswise in the pile: everybody sees what freezes it
        pile.append(cards_html(view.pile_freezers, tr, four_colour=four_colour, width=30,
                               label=tr.gettext(FREEZERS), highlight=True))
    pile += [f"<p><small>❄ {escape(explain_reason(reason, tr))}</small></p>"
             for reason in view.frozen_for_me]
    pile.append(f"<p>{escape(tr.format(tr.gettext(STOCK), STOCK, n=view.stock_size))}</p>")
    return (
        '<div style="display:flex;flex-wrap:wrap;gap:1.5rem">'
        f'<div style="flex:3;min-width:16rem">{sides}</div>'
        f'<div style="flex:2;min-width:10rem">{"".join(pile)}</div></div>'
    )


def _side_html(
    state: GameState, index: int, tr: Translator, open_hands: bool, four_colour: bool
) -> str:
    side = state.sides[index]
    names = ", ".join(seat_name(seat, tr) for seat in side.seats)
    score = tr.number(state.scores[side.seats[0]])
    parts = [f"<p><strong>{escape(names)}</strong> · {escape(tr.gettext(SCORE))} {score}</p>"]
    for seat in side.seats:
        if seat != LEARNER:
            if open_hands:
                parts.append(cards_html(state.hands[seat], tr, four_colour=four_colour, width=30))
            else:
                count = len(state.hands[seat])
                label = seat_name(seat, tr) + ": " + tr.ngettext(
                    "{n} card", "{n} cards", count).format(n=tr.number(count))
                parts.append(f"<div>{back_html(20, label)} {escape(label)}</div>")
        if state.threes[seat]:
            parts.append(cards_html(state.threes[seat], tr, four_colour=four_colour, width=30,
                                    label=tr.gettext(THREES)))
    parts += [cards_html(meld.cards, tr, four_colour=four_colour, width=34)
              for meld in side.melds]
    return f'<div style="margin-bottom:0.75rem">{"".join(parts)}</div>'
