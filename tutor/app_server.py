"""``canasta-tutor app``: the ``streamlit run`` command for the app inside the installed package.

The package carries the app's entry script and pages (tutor/_app) and its Streamlit
configuration (tutor/_data/streamlit-config.toml, the checkout's .streamlit/config.toml), which
Streamlit would only find in the working folder: it is passed as flags instead. Before anything
starts, the settings and the content are checked: a broken settings file or no lessons stops here
with one line; a language whose catalog is missing is named on stderr (the app leaves it out of
the picker and says so).
"""

from __future__ import annotations

import sys
import tomllib

from tutor.config import settings
from tutor.content import ContentError, app_script, packaged
from tutor.i18n import catalog_problem, settings_problems, unavailable
from tutor.lessons.load import lessons_dir

# What an installed server always wants, before the caller's own options: no watching of
# site-packages for changes.
SERVER_FLAGS = ("--server.fileWatcherType=none",)


def config_flags() -> list[str]:
    """The app's Streamlit configuration file as ``--section.option=value`` flags."""
    path = packaged("streamlit-config")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ContentError(f"the app's Streamlit configuration cannot be read: {path} ({exc})"
                           ) from None
    flags = []
    for section, options in data.items():
        for name, value in (options if isinstance(options, dict) else {}).items():
            shown = str(value).lower() if isinstance(value, bool) else str(value)
            flags.append(f"--{section}.{name}={shown}")
    return flags


def preflight() -> list[str]:
    """Check settings and content; the warnings to print (a language left out)."""
    settings()  # a ConfigError names the file or variable
    problems = settings_problems()
    if problems:
        raise ContentError(f"settings: {problems[0]}")
    lessons_dir()  # a LessonError names the folder
    return [f"warning: {catalog_problem(lang)}: not offered" for lang in unavailable()]


def streamlit_command(port: int, address: str | None, extra: list[str]) -> list[str]:
    """The command line that serves the app (after printing any warnings to stderr)."""
    for line in preflight():
        print(line, file=sys.stderr)
    where = [f"--server.port={port}"] + ([f"--server.address={address}"] if address else [])
    return [sys.executable, "-m", "streamlit", "run", str(app_script()), *config_flags(),
            *SERVER_FLAGS, *where, *extra]
