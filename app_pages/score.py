"""Score calculator (the page is tutor.ui.pages.score)."""

from tutor.ui.pages import score

score.render()
