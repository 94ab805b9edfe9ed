"""Classes: a teacher's class, joining one (the page is tutor.ui.pages.classes)."""

from tutor.ui.pages import classes

classes.render()
