"""Drawing on an A4 page: the bundled font, cards drawn as the app draws them, and blocks that
measure themselves.

A page is a list of blocks per column. Each block can say its height for a width and a scale
before anything is drawn, so a page is fitted (the largest scale at which every column fits)
and then drawn once: a longer translation gets a smaller type, never a second page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from fpdf import FPDF

from tutor.engine.cards import Card, Suit

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT = "DejaVu"  # DejaVu Sans: Latin, Greek and the suit symbols in one free font
PAGE_WIDTH, PAGE_HEIGHT, MARGIN = 210.0, 297.0, 12.0
BODY = 9.0  # points, at scale 1
PT = 0.3528  # millimetres per point

# The colours of tutor/ui/cards.py (two-colour deck): the same cards on paper as on screen.
INK = (26, 26, 26)
RED = (198, 40, 40)
JOKER_INK = (106, 27, 154)
EDGE = (85, 85, 85)
MUTED = (85, 85, 85)
RULE_LINE = (190, 190, 190)
SHADE = (238, 238, 238)
SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


def new_pdf(title: str, lang: str) -> FPDF:
    """An A4 document with the bundled font, its title and language set; pages are added and
    filled by the layout (no automatic page breaks)."""
    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    pdf.c_margin = 0  # a line of text starts where its block does: wrap() measured it so
    pdf.add_font(FONT, "", str(FONT_DIR / "DejaVuSans.ttf"))
    pdf.add_font(FONT, "B", str(FONT_DIR / "DejaVuSans-Bold.ttf"))
    pdf.set_title(title)
    pdf.set_creator("canasta-tutor")
    pdf.set_lang(lang.replace("_", "-"))
    return pdf


def line_height(size: float) -> float:
    return size * PT * 1.3


# ----- cards -------------------------------------------------------------------------------------


def card_colour(card: Card) -> tuple[int, int, int]:
    if card.suit is None:
        return JOKER_INK
    return RED if card.suit.is_red else INK


def draw_card(pdf: FPDF, card: Card, x: float, y: float, width: float) -> None:
    """A white card with a grey edge, the rank in the top corner and the suit in the middle, in
    the card's colour: the app's card face (a 50 x 70 box) at ``width`` millimetres."""
    unit = width / 50
    pdf.set_draw_color(*EDGE)
    pdf.set_fill_color(255, 255, 255)
    pdf.set_line_width(0.2)
    pdf.rect(x, y, width, 70 * unit, style="DF", round_corners=True, corner_radius=5 * unit)
    pdf.set_text_color(*card_colour(card))
    rank = "JK" if card.suit is None else card.rank.symbol
    suit = "★" if card.suit is None else SUIT_SYMBOLS[card.suit]
    pdf.set_font(FONT, "B", 20 * unit / PT)
    pdf.text(x + 5 * unit, y + 22 * unit, rank)
    pdf.set_font(FONT, "", 26 * unit / PT)
    pdf.text(x + 25 * unit - pdf.get_string_width(suit) / 2, y + 58 * unit, suit)


def card_height(width: float) -> float:
    return width * 1.4


# ----- blocks ------------------------------------------------------------------------------------


class Block(Protocol):
    def height(self, pdf: FPDF, width: float, scale: float) -> float: ...

    def draw(self, pdf: FPDF, x: float, y: float, width: float, scale: float) -> float: ...


def wrap(pdf: FPDF, text: str, width: float, size: float, style: str = "") -> list[str]:
    """The lines of ``text`` at this size within ``width``, broken at spaces (a no-break space
    holds 5 000 together), a word wider than the line broken where it must. The same lines
    are measured and drawn, in time linear in the text (fpdf2's own measuring is not)."""
    pdf.set_font(FONT, style, size)
    space = pdf.get_string_width(" ")
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line, used = "", 0.0
        for word in (w for w in paragraph.split(" ") if w):
            wide = pdf.get_string_width(word)
            while wide > width:  # a word longer than the line: as much as fits, then the rest
                if line:
                    lines.append(line)
                    line, used = "", 0.0
                cut = max(1, next((i for i in range(len(word), 0, -1)
                                   if pdf.get_string_width(word[:i]) <= width), 1))
                lines.append(word[:cut])
                word = word[cut:]
                wide = pdf.get_string_width(word)
            if not word:
                continue
            if line and used + space + wide > width:
                lines.append(line)
                line, used = "", 0.0
            line, used = (f"{line} {word}", used + space + wide) if line else (word, wide)
        lines.append(line)
    return lines


def _text_height(pdf: FPDF, text: str, width: float, size: float, style: str = "") -> float:
    return len(wrap(pdf, text, width, size, style)) * line_height(size)


def _write(pdf: FPDF, text: str, x: float, y: float, width: float, size: float,
           style: str = "", colour: tuple[int, int, int] = INK) -> float:
    lines = wrap(pdf, text, width, size, style)
    pdf.set_text_color(*colour)
    for number, line in enumerate(lines):
        pdf.set_xy(x, y + number * line_height(size))
        pdf.cell(width, line_height(size), line)
    return len(lines) * line_height(size)


@dataclass(frozen=True, slots=True)
class Text:
    """A paragraph (``size`` relative to the body's, ``gap`` millimetres after it)."""

    text: str
    size: float = 1.0
    bold: bool = False
    muted: bool = False
    gap: float = 1.2

    def _size(self, scale: float) -> float:
        return BODY * self.size * scale

    def height(self, pdf: FPDF, width: float, scale: float) -> float:
        style = "B" if self.bold else ""
        return _text_height(pdf, self.text, width, self._size(scale), style) + self.gap * scale

    def draw(self, pdf: FPDF, x: float, y: float, width: float, scale: float) -> float:
        used = _write(pdf, self.text, x, y, width, self._size(scale), "B" if self.bold else "",
                      MUTED if self.muted else INK)
        return used + self.gap * scale


def heading(text: str, size: float = 1.25) -> Text:
    return Text(text, size=size, bold=True, gap=0.8)


@dataclass(frozen=True, slots=True)
class Cards:
    """Groups of cards side by side, each with a caption under it (a value, a bonus, a
    question's hand); groups that do not fit on a line go to the next."""

    groups: tuple[tuple[tuple[Card, ...], str], ...]
    card_width: float = 7.0
    gap: float = 2.0
    fan: float = 0.0  # 0: cards side by side; 0.4: each card covers the one before but its rank

    def _step(self, scale: float) -> float:
        return (self.card_width * self.fan if self.fan else self.card_width + 0.8) * scale

    def _spans(self, pdf: FPDF, scale: float) -> list[float]:
        """Each group's width: its cards, or its caption where that is wider."""
        card, step = self.card_width * scale, self._step(scale)
        pdf.set_font(FONT, "B", self._caption_size(scale))
        return [max(step * (len(cards) - 1) + card,
                    pdf.get_string_width(caption) + 1.0 if caption else 0.0)
                for cards, caption in self.groups]

    def _caption_size(self, scale: float) -> float:
        return BODY * 0.85 * scale

    def _lines(self, pdf: FPDF, width: float, scale: float) -> list[list[int]]:
        """The groups (by index) on each line."""
        lines: list[list[int]] = [[]]
        used = 0.0
        for index, span in enumerate(self._spans(pdf, scale)):
            need = span + 4 * scale
            if lines[-1] and used + need > width:
                lines.append([])
                used = 0.0
            lines[-1].append(index)
            used += need
        return lines

    def _line_height(self, scale: float) -> float:
        captioned = any(caption for _cards, caption in self.groups)
        caption = line_height(self._caption_size(scale)) if captioned else 0.0
        return card_height(self.card_width * scale) + 0.8 * scale + caption

    def height(self, pdf: FPDF, width: float, scale: float) -> float:
        lines = self._lines(pdf, width, scale)
        return len(lines) * (self._line_height(scale) + 1.5 * scale) + self.gap * scale

    def draw(self, pdf: FPDF, x: float, y: float, width: float, scale: float) -> float:
        card, step = self.card_width * scale, self._step(scale)
        spans = self._spans(pdf, scale)
        top = y
        for line in self._lines(pdf, width, scale):
            left = x
            for index in line:
                cards, caption = self.groups[index]
                for i, face in enumerate(cards):
                    draw_card(pdf, face, left + i * step, top, card)
                if caption:
                    size = self._caption_size(scale)
                    pdf.set_font(FONT, "B", size)
                    pdf.set_text_color(*INK)
                    pdf.set_xy(left, top + card_height(card) + 0.8 * scale)
                    pdf.cell(max(spans[index], step * (len(cards) - 1) + card),
                             line_height(size), caption, align="L")
                left += spans[index] + 4 * scale
            top += self._line_height(scale) + 1.5 * scale
        return top - y + self.gap * scale


@dataclass(frozen=True, slots=True)
class Table:
    """Rows of text in columns (``widths``: shares of the width), the first row a shaded
    heading; the first column bold."""

    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...]
    size: float = 1.0
    gap: float = 2.0
    pad: float = 1.2

    def _columns(self, width: float) -> list[float]:
        total = sum(self.widths)
        return [width * share / total for share in self.widths]

    def _row_heights(self, pdf: FPDF, width: float, scale: float) -> list[float]:
        size, pad = BODY * self.size * scale, self.pad * scale
        heights = []
        for number, row in enumerate(self.rows):
            heights.append(max(
                _text_height(pdf, text, w - 2 * pad, size,
                             "B" if number == 0 or column == 0 else "")
                for column, (text, w) in enumerate(zip(row, self._columns(width), strict=True))
            ) + 2 * pad)
        return heights

    def height(self, pdf: FPDF, width: float, scale: float) -> float:
        return sum(self._row_heights(pdf, width, scale)) + self.gap * scale

    def draw(self, pdf: FPDF, x: float, y: float, width: float, scale: float) -> float:
        size, pad = BODY * self.size * scale, self.pad * scale
        top = y
        pdf.set_line_width(0.2)
        for number, (row, high) in enumerate(
                zip(self.rows, self._row_heights(pdf, width, scale), strict=True)):
            left = x
            if number == 0:
                pdf.set_fill_color(*SHADE)
                pdf.rect(x, top, width, high, style="F")
            for column, (text, w) in enumerate(zip(row, self._columns(width), strict=True)):
                _write(pdf, text, left + pad, top + pad, w - 2 * pad, size,
                       "B" if number == 0 or column == 0 else "")
                left += w
            top += high
            pdf.set_draw_color(*RULE_LINE)
            pdf.line(x, top, x + width, top)
        return top - y + self.gap * scale


@dataclass(frozen=True, slots=True)
class Rule:
    """A thin line across the column, with space around it."""

    space: float = 2.0

    def height(self, pdf: FPDF, width: float, scale: float) -> float:
        return 2 * self.space * scale

    def draw(self, pdf: FPDF, x: float, y: float, width: float, scale: float) -> float:
        pdf.set_draw_color(*RULE_LINE)
        pdf.set_line_width(0.3)
        middle = y + self.space * scale
        pdf.line(x, middle, x + width, middle)
        return 2 * self.space * scale


@dataclass(frozen=True, slots=True)
class Column:
    """Blocks drawn one under the other from ``x``, ``width`` wide."""

    x: float
    width: float
    blocks: tuple[Block, ...]

    def height(self, pdf: FPDF, scale: float) -> float:
        return sum(block.height(pdf, self.width, scale) for block in self.blocks)

    def draw(self, pdf: FPDF, y: float, scale: float) -> float:
        for block in self.blocks:
            y += block.draw(pdf, self.x, y, self.width, scale)
        return y


SCALES = tuple(1.3 - 0.04 * step for step in range(20))  # 1.3 down to 0.54


def fit(pdf: FPDF, columns: Sequence[Column], room: float) -> float:
    """The largest scale at which every column fits in ``room`` millimetres (the smallest
    scale if none does: the page is then full, never broken). Text grows with the scale, so
    the scales are searched by halves: a handful of measurements, not twenty."""

    def fits(scale: float) -> bool:
        return all(column.height(pdf, scale) <= room for column in columns)

    low, high = 0, len(SCALES) - 1  # SCALES[high] is taken when nothing larger fits
    while low < high:
        middle = (low + high) // 2
        if fits(SCALES[middle]):
            high = middle
        else:
            low = middle + 1
    return SCALES[low]


def page(pdf: FPDF, header: Sequence[Block], columns: Sequence[Column]) -> float:
    """A new page: the header across the page, then the columns side by side under it, all
    at the scale that fits. The scale is returned (the tests read it)."""
    pdf.add_page()
    full = PAGE_WIDTH - 2 * MARGIN
    top = MARGIN
    for block in header:
        top += block.draw(pdf, MARGIN, top, full, 1.0)
    scale = fit(pdf, columns, PAGE_HEIGHT - MARGIN - top)
    for column in columns:
        column.draw(pdf, top, scale)
    return scale


def full_width(blocks: Sequence[Block]) -> list[Column]:
    return [Column(MARGIN, PAGE_WIDTH - 2 * MARGIN, tuple(blocks))]


def two_columns(left: Sequence[Block], right: Sequence[Block], gutter: float = 7.0
                ) -> list[Column]:
    width = (PAGE_WIDTH - 2 * MARGIN - gutter) / 2
    return [Column(MARGIN, width, tuple(left)),
            Column(MARGIN + width + gutter, width, tuple(right))]
