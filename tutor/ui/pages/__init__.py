"""The app's pages as modules, each with one ``render()``; ``app_pages/*.py`` only call it.

Here the page code is type-checked like the rest of the package and compiled once on import;
a page file is compiled again on every AppTest run.
"""
