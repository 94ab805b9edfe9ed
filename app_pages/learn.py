"""Learn: the lessons, one step at a time (the page is tutor.ui.pages.learn)."""

from tutor.ui.pages import learn

learn.render()
