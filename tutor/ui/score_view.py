"""A score read at a glance: a hand's breakdown and a game's progression, told from one chair.

The engine scores a hand item by item, each item naming its rule (tutor.engine.scoring); this
module words those items and names the sides the way the card table does ("Your side",
"Opponents"; with two or three players each seat's own name), from the seat of the learner (the
score calculator, which has no learner, tells it from seat 0's chair, so its inputs read "your
hand", "your partner's hand"). No seat is ever shown as a number. Plain Python and plotly, no
Streamlit: the words and the charts are tested directly; tutor.ui.widgets draws them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import plotly.graph_objects as go
from babel.numbers import get_decimal_symbol, get_group_symbol

from tutor.engine.cards import Rank
from tutor.engine.scoring import HandScore, ScoreItem
from tutor.engine.state import GameState
from tutor.i18n import N_, NN_, NP_, Translator
from tutor.words.explain import explain_item
from tutor.words.names import rank_label
from tutor.words.narrate import seat_label
from tutor.words.seats import Perspective, seat_role

# Translators: the learner's partnership in a score (the same words as on the card table).
OUR_SIDE = N_("Your side")
# Translators: the other partnership in a score (the same words as on the card table).
THEIR_SIDE = N_("Opponents")
# Translators: the last row of a score table: the sum.
TOTAL = N_("Total")
# Translators: a score table's column heading.
POINTS = N_("Points")
# Translators: a column or axis label of the running score; {number} the hand, e.g. 3.
HAND_N = N_("Hand {number}")
# Translators: the first point of the game chart: every score is 0 before the first hand.
START = NP_("game chart", "Start")
# Translators: the line across the game chart at the score that ends the game; {target} a number
# of points, e.g. 5,000.
TARGET = NN_("Game target: {target} point", "Game target: {target} points")
# Translators: a side's game score; {side} the side's name ("Your side", "Opponents", "You",
# "Left opponent"), {total} its points, e.g. 1,250.
SIDE_POINTS = NN_("{side}: {total} point", "{side}: {total} points")
# Translators: after a side's game score while the game goes on; {minimum} the points its next
# initial meld needs, e.g. 90.
NEXT_MINIMUM = NN_("next initial meld at least {minimum} point",
                   "next initial meld at least {minimum} points")
# Translators: a side's game score and what its next initial meld needs: {points} is "Your side:
# 1,250 points", {next_minimum} "next initial meld at least 90 points".
SIDE_TOTAL = N_("{points}; {next_minimum}.")

# Each line about one seat has two sentences: the reader's own ("your hand") and another seat's,
# named by {who} as tutor.words.seats.Perspective names it ("the left opponent", "your partner").
# The cards a seat kept (C-SCORE-1, M-SCORE-2).
# Translators: a line of a hand's score; {cards} a number of cards, e.g. 3.
HAND_LEFT = NN_("{cards} card left in your hand", "{cards} cards left in your hand")
# Translators: a line of a hand's score about another player; {cards} a number of cards, e.g. 3;
# {who} is that player ("the left opponent", "your partner"; {who:gen|def} "the left opponent's").
HAND_LEFT_OTHER = NN_("{cards} card left in {who:gen|def} hand",
                      "{cards} cards left in {who:gen|def} hand")
# Three or more aces or sevens kept (M-SCORE-4, Modern).
# Translators: a penalty line of a hand's score (Modern Canasta); {held} a number of cards, e.g.
# 3; {rank} a plural rank name ("aces"; {rank:gen|def} etc. for other forms).
HELD_LEFT = NN_("You are left holding {held} {rank}", "You are left holding {held} {rank}")
# Translators: a penalty line of a hand's score (Modern Canasta) about another player; {held} a
# number of cards, e.g. 3; {rank} a plural rank name ("aces"); {who} is that player ("the left
# opponent", "your partner"; {who:gen|def} "the left opponent's").
HELD_LEFT_OTHER = NN_("{who} is left holding {held} {rank}",
                      "{who} is left holding {held} {rank}")
# An item that counts for one player of a partnership only (three players: C3-7, V-C8).
# Translators: a line of a hand's score that counts for the learner alone; {item} the line, e.g.
# "2 red threes".
OWNED = N_("{item}, yours")
# Translators: a line of a hand's score that counts for another player alone; {item} the line,
# e.g. "2 red threes"; {who} is that player ("the left opponent"; {who:gen|def} "the left
# opponent's").
OWNED_OTHER = N_("{item}, {who:gen|def}")
# A player's own total where items count for one player only (three players).
# Translators: the last rows of a partnership's score with three players, where some lines count
# for one player only: the learner's own total.
OWN_TOTAL = N_("Your total")
# Translators: see "Your total": another player's own total; {who} is that player ("the left
# opponent"; {who:gen|def} "the left opponent's").
OWN_TOTAL_OTHER = N_("{who:gen|def} total")
HAND_RULES = frozenset({"C-SCORE-1", "M-SCORE-2"})
# The parts of a hand's score, as the chart of every side's breakdown groups the items.
# Translators: a part of a hand's score, a bar of the chart comparing the sides.
PART_CANASTAS = N_("Canasta bonuses")
# Translators: a part of a hand's score, a bar of the chart comparing the sides.
PART_THREES = N_("Threes")
# Translators: a part of a hand's score, a bar of the chart comparing the sides.
PART_OUT = N_("Going out")
# Translators: a part of a hand's score, a bar of the chart comparing the sides.
PART_MELDED = N_("Melded cards")
# Translators: a part of a hand's score, a bar of the chart comparing the sides.
PART_HAND = N_("Cards left in hand")
# Translators: a part of a hand's score, a bar of the chart comparing the sides.
PART_PENALTIES = N_("Penalties")
PARTS = (("canasta", PART_CANASTAS), ("red-threes", PART_THREES), ("threes", PART_THREES),
         ("going-out", PART_OUT), ("melded-cards", PART_MELDED), ("hand", PART_HAND),
         ("penalty", PART_PENALTIES))
# The learner's line first; told apart by marker as well as colour (and from the grey target).
LINE_STYLES = (("#1565c0", "circle"), ("#c62828", "square"), ("#2e7d32", "diamond"))


@dataclass(frozen=True, slots=True)
class Line:
    """One row of a breakdown: the words and the points, signed ("−100")."""

    label: str
    points: int
    points_text: str


@dataclass(frozen=True, slots=True)
class SideView:
    """A side's breakdown as shown: its name, its lines and its total (and, where lines count
    for one player only, each player's own total)."""

    name: str
    seats: tuple[int, ...]
    lines: tuple[Line, ...]
    total: int
    total_text: str
    own_totals: tuple[Line, ...] = ()


def separators(tr: Translator) -> str:
    """Plotly's decimal and thousands marks as the learner's language writes them."""
    return get_decimal_symbol(tr.lang) + get_group_symbol(tr.lang)


def at_table(seat: int, learner: int, players: int) -> bool:
    """Both seats at a table the app has (a loaded file may name another)."""
    return players in (2, 3, 4) and 0 <= seat < players and 0 <= learner < players


def side_name(seats: Sequence[int], learner: int, players: int, tr: Translator) -> str:
    """A partnership is "Your side" or "Opponents"; a side of one seat is that seat's name on
    the card table ("You", "Left opponent", "Opponent")."""
    if len(seats) > 1:
        return tr.gettext(OUR_SIDE if learner in seats else THEIR_SIDE)
    if not seats or not at_table(seats[0], learner, players):
        return tr.gettext(THEIR_SIDE)
    return seat_label(seat_role(seats[0], learner, players), tr)


Template = str | tuple[str, str]  # a sentence, or its singular and plural forms


def about(seat: int, learner: int, players: int, tr: Translator, own: Template,
          other: Template, count: int = 2, **params: object) -> str:
    """A sentence about ``seat`` read from the learner's chair: ``own`` for the learner's own
    seat, else ``other`` with the seat named as {who} (capitalised at the start)."""
    perspective = Perspective(seat, learner, players)
    template = own if perspective.own else other
    if not perspective.own:
        params["who"] = perspective.name(tr)
    if isinstance(template, tuple):
        text = tr.format(tr.ngettext(*template, count), template[count != 1], **params)
    else:
        text = tr.format(tr.gettext(template), template, **params)
    return text[:1].upper() + text[1:]


def item_label(item: ScoreItem, learner: int, players: int, tr: Translator) -> str:
    """The item in words; the seat it names (cards kept, aces held) said from the learner's
    chair, and an item that counts for one player only says whose it is."""
    params = item.reason.param_map
    seat = params.get("seat")
    cards, held, rank = params.get("cards"), params.get("held"), params.get("rank")
    if isinstance(seat, int) and at_table(seat, learner, players):
        if item.reason.rule in HAND_RULES and isinstance(cards, int):
            return about(seat, learner, players, tr, HAND_LEFT, HAND_LEFT_OTHER, cards,
                         cards=cards)
        if (item.reason.rule == "M-SCORE-4" and isinstance(held, int)
                and isinstance(rank, str) and _is_rank(rank)):
            return about(seat, learner, players, tr, HELD_LEFT, HELD_LEFT_OTHER, held,
                         held=held, rank=rank_label(rank, tr))
    label = explain_item(item, tr, learner, players).label
    if item.seat is not None and at_table(item.seat, learner, players):
        return about(item.seat, learner, players, tr, OWNED, OWNED_OTHER, item=label)
    return label


def _is_rank(symbol: str) -> bool:
    try:
        Rank.parse(symbol)
    except ValueError:
        return False
    return True


def signed(points: int, tr: Translator) -> str:
    """A line's points with their sign: +100, −25, ±0."""
    sign = "+" if points > 0 else ("−" if points < 0 else "±")
    return f"{sign}{tr.number(abs(points))}"


def total_number(points: int, tr: Translator) -> str:
    """A total: no plus sign, and a minus that is the lines' minus sign (−25, not -25)."""
    return f"−{tr.number(-points)}" if points < 0 else tr.number(points)


def hand_sides(score: HandScore, learner: int, players: int, tr: Translator) -> list[SideView]:
    """Every side of a scored hand, the learner's side first, as it is shown."""
    views = []
    for side in score.sides:
        lines = tuple(Line(item_label(item, learner, players, tr), item.points,
                           signed(item.points, tr)) for item in side.items)
        personal = [seat for seat in side.seats
                    if any(item.seat == seat for item in side.items)]
        own = tuple(Line(about(seat, learner, players, tr, OWN_TOTAL, OWN_TOTAL_OTHER),
                         side.credit(seat), total_number(side.credit(seat), tr))
                    for seat in side.seats if personal and at_table(seat, learner, players))
        views.append(SideView(side_name(side.seats, learner, players, tr), side.seats, lines,
                              side.total, total_number(side.total, tr), own))
    views.sort(key=lambda view: learner not in view.seats)
    return views


# ----- the game ----------------------------------------------------------------------------------


def plural(template: tuple[str, str], n: int, tr: Translator, **params: object) -> str:
    """A plural entry filled in for the count ``n``."""
    return tr.format(tr.ngettext(*template, n), template[n != 1], **params)


def total_words(line: GameLine, minimum: int | None, tr: Translator) -> str:
    """A side's game score in words, with its next initial meld's minimum while the game goes
    on ("Your side: 1,250 points; next initial meld at least 90 points.")."""
    points = plural(SIDE_POINTS, line.total, tr, side=line.name,
                    total=total_number(line.total, tr))
    if minimum is None:
        return points
    needed = plural(NEXT_MINIMUM, minimum, tr, minimum=minimum)
    return tr.format(tr.gettext(SIDE_TOTAL), SIDE_TOTAL, points=points,
                     next_minimum=needed)


def game_sides(players: int) -> tuple[tuple[int, ...], ...]:
    """Who shares a game score: the partnerships of four players, else each seat on its own
    (three players change partners every hand, C3-3; the engine's game_winner counts the same)."""
    return ((0, 2), (1, 3)) if players == 4 else tuple((seat,) for seat in range(players))


@dataclass(frozen=True, slots=True)
class GameLine:
    """One side's game score: where it started and its total after each hand."""

    name: str
    seats: tuple[int, ...]
    points: tuple[int, ...]  # points[0] before the first hand, points[i] after hand i

    @property
    def total(self) -> int:
        return self.points[-1]


def game_lines(results: Sequence[HandScore], players: int, learner: int, tr: Translator,
               start: Sequence[int] | None = None) -> list[GameLine]:
    """Each side's running score from the start of the game (``start``: the seats' scores
    before the first of ``results``, 0 by default), the learner's side first."""
    lines = []
    for seats in game_sides(players):
        running = start[seats[0]] if start is not None else 0
        points = [running]
        for result in results:
            running += result.credit(seats[0])
            points.append(running)
        lines.append(GameLine(side_name(seats, learner, players, tr), seats, tuple(points)))
    lines.sort(key=lambda line: learner not in line.seats)
    return lines


def state_lines(state: GameState, learner: int, tr: Translator) -> list[GameLine]:
    """The game so far of a practice game: the lines end at the seats' game scores and begin
    where the seats stood before the first scored hand (0 in a game dealt here; a loaded
    position may have begun with scores)."""
    start = [state.scores[seat] - sum(result.credit(seat) for result in state.results)
             for seat in range(state.players)]
    return game_lines(state.results, state.players, learner, tr, start)


def totals_from_hands(hands: Sequence[Sequence[int]], names: Sequence[str],
                      sides: Sequence[Sequence[int]]) -> list[GameLine]:
    """The calculator's running game: the side totals of each hand added, from 0."""
    lines = []
    for index, (name, seats) in enumerate(zip(names, sides, strict=True)):
        points = [0]
        for totals in hands:
            points.append(points[-1] + (totals[index] if index < len(totals) else 0))
        lines.append(GameLine(name, tuple(seats), tuple(points)))
    return lines


def progression_chart(lines: Sequence[GameLine], target: int, tr: Translator) -> go.Figure:
    """A line per side from the start of the game (0 points) through every hand, and the
    target marked across the chart: one hand already draws a line, never a lone dot."""
    figure = go.Figure()
    hands = max((len(line.points) for line in lines), default=1)
    x = [tr.pgettext(*START)] + [tr.format(tr.gettext(HAND_N), HAND_N, number=i)
                                 for i in range(1, hands)]
    for index, line in enumerate(lines):
        colour, symbol = LINE_STYLES[index % len(LINE_STYLES)]
        # Each point labelled with the side's total, above for the first line and below for
        # the others, so two lines that run close keep their labels apart.
        figure.add_trace(go.Scatter(
            x=x[:len(line.points)], y=list(line.points), name=line.name,
            mode="lines+markers+text", text=[total_number(p, tr) for p in line.points],
            textposition="top center" if index == 0 else "bottom center",
            textfont={"color": colour}, cliponaxis=False,
            line={"color": colour, "width": 3}, marker={"symbol": symbol, "size": 9},
            hovertemplate="%{y:,}<extra>" + line.name.replace("<", "&lt;") + "</extra>"))
    target_text = tr.format(tr.ngettext(*TARGET, target), TARGET[target != 1], target=target)
    figure.add_hline(y=target, line_dash="dash", line_color="#888",
                     annotation_text=target_text, annotation_position="bottom left")
    values = [value for line in lines for value in line.points] + [0, target]
    low, high = min(values), max(values)
    pad = (high - low) * 0.12 or 100  # room for the labels above and below
    figure.update_layout(
        separators=separators(tr),
        height=320,
        margin={"l": 10, "r": 10, "t": 10, "b": 10},
        yaxis={"title": tr.gettext(POINTS), "range": [low - pad, high + pad],
               "tickformat": ",d"},
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.02, "x": 0},
    )
    return figure


def parts(score: HandScore, learner: int, players: int, tr: Translator
          ) -> tuple[list[str], list[tuple[str, list[int]]]]:
    """The parts of the hand that any side scored (in the order of PARTS, then the total) and
    each side's points per part, the learner's side first."""
    labels: list[str] = []
    kinds: dict[str, list[str]] = {}
    for kind, label in PARTS:
        if any(item.kind == kind for side in score.sides for item in side.items):
            if tr.gettext(label) not in labels:
                labels.append(tr.gettext(label))
            kinds.setdefault(tr.gettext(label), []).append(kind)
    rows = []
    for side in sorted(score.sides, key=lambda s: learner not in s.seats):
        points = [sum(side.kind_total(kind) for kind in kinds[label]) for label in labels]
        rows.append((side_name(side.seats, learner, players, tr), [*points, side.total]))
    return [*labels, tr.gettext(TOTAL)], rows


def breakdown_chart(score: HandScore, learner: int, players: int, tr: Translator) -> go.Figure:
    """Every side's breakdown in one chart: a bar per part of the score and the total, a
    colour (and pattern) per side, each bar labelled with its points."""
    labels, rows = parts(score, learner, players, tr)
    figure = go.Figure()
    patterns = ("", "/", ".")
    for index, (name, points) in enumerate(rows):
        colour = LINE_STYLES[index % len(LINE_STYLES)][0]
        figure.add_trace(go.Bar(
            y=labels, x=points, name=name, orientation="h",
            marker={"color": colour, "pattern": {"shape": patterns[index % len(patterns)]}},
            text=[signed(p, tr) for p in points[:-1]] + [total_number(points[-1], tr)],
            textposition="outside", cliponaxis=False,
            hovertemplate="%{y}: %{x:,}<extra>" + name.replace("<", "&lt;") + "</extra>"))
    figure.update_layout(
        separators=separators(tr),
        barmode="group",
        height=90 + len(labels) * (22 * max(len(rows), 1) + 14),
        margin={"l": 10, "r": 50, "t": 10, "b": 10},
        xaxis={"title": tr.gettext(POINTS), "tickformat": ",d", "zeroline": True},
        yaxis={"autorange": "reversed", "automargin": True},
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.0, "x": 0},
    )
    return figure


def score_waterfall(side: SideView, tr: Translator) -> go.Figure:
    """A side's items adding up to its total, bar by bar, the words on the left."""
    labels = [_short(line.label) for line in side.lines] + [tr.gettext(TOTAL)]
    figure = go.Figure(go.Waterfall(
        orientation="h",
        y=labels,
        x=[line.points for line in side.lines] + [0],
        measure=["relative"] * len(side.lines) + ["total"],
        text=[line.points_text for line in side.lines] + [side.total_text],
        hovertext=[line.label for line in side.lines] + [tr.gettext(TOTAL)],
        hoverinfo="text+x",
        cliponaxis=False,  # a bar's points at the edge stay readable on a phone
    ))
    figure.update_layout(
        separators=separators(tr),
        showlegend=False,
        height=60 + 34 * len(labels),
        margin={"l": 10, "r": 40, "t": 10, "b": 10},
        xaxis_title=tr.gettext(POINTS),
        yaxis={"autorange": "reversed", "automargin": True},
    )
    return figure


def _short(label: str, limit: int = 32) -> str:
    return label if len(label) <= limit else label[: limit - 1] + "…"
