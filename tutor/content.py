"""Where the app's content is: lessons, catalogs and glossaries, the rules reference, the app's
entry script and pages.

The repository keeps them at its top level for authors and translators (``lessons/``,
``locales/``, ``docs/RULES.md``, ``streamlit_app.py`` and ``app_pages/``); the wheel carries
them inside the package, under ``tutor/_data/`` and ``tutor/_app/`` (``force-include`` in
pyproject.toml), read through :mod:`importlib.resources`. A checkout (and so an editable
install, whose package *is* the checkout's ``tutor/``) has no such copies, and the top-level
files are read instead: the same files either way. The data-folder setting
(:mod:`tutor.config`) puts a deployment's own ``lessons/`` and ``locales/`` in their place.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from tutor.engine.errors import TutorError

# name -> (its place in the installed package, its place in the checkout)
PLACES = {
    "lessons": ("_data/lessons", "lessons"),
    "locales": ("_data/locales", "locales"),
    "RULES.md": ("_data/RULES.md", "docs/RULES.md"),
    "app": ("_app", "."),  # the folder of streamlit_app.py and app_pages/
    "streamlit-config": ("_data/streamlit-config.toml", ".streamlit/config.toml"),
}
APP_SCRIPT = "streamlit_app.py"


class ContentError(TutorError):
    """Content the app needs is missing or unreadable: the message says what and where."""


def package_dir() -> Path:
    """The installed package's folder (a wheel is always installed unpacked)."""
    return Path(str(resources.files("tutor")))


def checkout_dir() -> Path:
    """The folder above the package: the checkout's top level when run from a checkout."""
    return package_dir().parent


def packaged(name: str) -> Path:
    """Where the package's own ``name`` is: the installed copy, else the checkout's file."""
    inside, outside = PLACES[name]
    copy = package_dir() / inside
    return copy if copy.exists() else (checkout_dir() / outside).resolve()


def app_script() -> Path:
    """The app's entry script, with ``app_pages/`` beside it."""
    script = packaged("app") / APP_SCRIPT
    if not script.is_file():
        raise ContentError(f"the app's entry script is missing: {script}")
    return script


def rules_reference() -> str:
    """The text of RULES.md, the reference every rule id points into."""
    path = packaged("RULES.md")
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(f"the rules reference cannot be read: {path} "
                           f"({exc.strerror or exc})") from None
