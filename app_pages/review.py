"""Review: the rules due, on the card table (the page is tutor.ui.pages.review)."""

from tutor.ui.pages import review

review.render()
