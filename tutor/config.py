"""The deployment's settings, from environment variables or ``.streamlit/secrets.toml``.

One frozen :class:`Settings`, read once per process. An environment variable wins over the
secrets file (a container sets variables; a developer keeps a file), and every setting has a
safe default, so a checkout or a fresh install needs none. The secrets file is read with
``tomllib`` from the places Streamlit reads ``st.secrets`` from (the user's, then the working
folder's ``.streamlit/secrets.toml``), under the table ``[canasta_tutor]``: the CLI reads the
same settings without starting Streamlit. The table of settings is in the README.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tutor.engine.errors import TutorError

SECRETS_TABLE = "canasta_tutor"
# setting name -> its environment variable
ENVIRONMENT = {
    "db_url": "CANASTA_TUTOR_DB_URL",
    "default_language": "CANASTA_TUTOR_DEFAULT_LANGUAGE",
    "languages": "CANASTA_TUTOR_LANGUAGES",
    "data_dir": "CANASTA_TUTOR_DATA_DIR",
}


class ConfigError(TutorError):
    """A setting that cannot be used: the message names the setting and where it was set."""


@dataclass(frozen=True, slots=True)
class Settings:
    """What a deployment may change; the defaults are what a checkout or a fresh install uses."""

    db_url: str = ""  # the learners' store (tutor.store); empty: its SQLite file
    default_language: str = "en"  # a new learner's language when the browser's is not offered
    languages: tuple[str, ...] = ()  # the languages the picker offers; empty: every catalog
    data_dir: Path | None = None  # a folder with lessons/ and locales/ used instead of the
    # package's own


def secrets_files() -> tuple[Path, ...]:
    """Streamlit's default places for ``secrets.toml``; a later file wins."""
    return (Path.home() / ".streamlit" / "secrets.toml",
            Path.cwd() / ".streamlit" / "secrets.toml")


Found = dict[str, tuple[object, str]]  # setting -> (its value, where it was set)


def _from_file(path: Path) -> Found:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: cannot be read as TOML ({exc})") from None
    table = data.get(SECRETS_TABLE, {})
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [{SECRETS_TABLE}] must be a table")
    unknown = sorted(set(table) - set(ENVIRONMENT))
    if unknown:
        raise ConfigError(f"{path}: [{SECRETS_TABLE}] has no setting {unknown[0]!r} "
                          f"(settings: {', '.join(ENVIRONMENT)})")
    return {key: (value, f"{path} [{SECRETS_TABLE}] {key}") for key, value in table.items()}


def _text(value: object, where: str) -> str:
    if isinstance(value, str):
        return value.strip()
    raise ConfigError(f"{where}: must be text, not {type(value).__name__}")


def _codes(value: object, where: str) -> tuple[str, ...]:
    """Language codes: a TOML list, or text separated by commas (an environment variable)."""
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list):
        raise ConfigError(f"{where}: must be a list of language codes")
    codes = (_text(item, where).lower() for item in items)
    return tuple(code for code in codes if code)


def load(environ: Mapping[str, str] | None = None,
         files: tuple[Path, ...] | None = None) -> Settings:
    """The settings from these variables and files (default: the process's and Streamlit's)."""
    environ = os.environ if environ is None else environ
    found: Found = {}
    for path in secrets_files() if files is None else files:
        found.update(_from_file(path))
    for key, variable in ENVIRONMENT.items():
        if environ.get(variable, "").strip():
            found[key] = (environ[variable], variable)
    db_url = _text(*found["db_url"]) if "db_url" in found else ""
    default = _text(*found["default_language"]).lower() if "default_language" in found else ""
    languages = _codes(*found["languages"]) if "languages" in found else ()
    folder = _text(*found["data_dir"]) if "data_dir" in found else ""
    return Settings(db_url=db_url, default_language=default or "en", languages=languages,
                    data_dir=Path(folder).expanduser() if folder else None)


@cache
def settings() -> Settings:
    """This process's settings (read once: a deployment changes them by restarting)."""
    return load()
