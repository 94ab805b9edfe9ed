"""Rules by topic, the presets compared, a checker (the page is tutor.ui.pages.rules)."""

from tutor.ui.pages import rules

rules.render()
