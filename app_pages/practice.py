"""Practice: a hand against computer players (the page is tutor.ui.pages.practice)."""

from tutor.ui.pages import practice

practice.render()
