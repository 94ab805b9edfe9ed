"""Per-learner translations from the gettext catalogs in ``locales/``, and locale-aware numbers.

Nothing here installs a translation globally: each learner (each Streamlit session, each CLI
call) gets its own :class:`Translator`, so two learners in two languages never see each other's
language. Catalogs are read from the ``.po`` files at run time (no compile step); an
untranslated or fuzzy entry falls back to the English source text, but a missing or unreadable
catalog is a :class:`CatalogError` naming the language and the file: asked for by name (the CLI's
``--lang``) it is an error, and the app never offers such a language (:func:`offered`).

Marking functions for extraction (``pybabel extract -F babel.cfg``, see README):
``N_(msg)``, ``NP_(context, msg)``, ``NN_(singular, plural)``, ``NPN_(context, singular, plural)``
only mark texts kept in tables; they are translated when shown.
"""

from __future__ import annotations

import io
import string
from collections.abc import Container
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations

from tutor.config import settings
from tutor.content import packaged
from tutor.engine.errors import TutorError

LOCALES_DIR = packaged("locales")  # the package's own catalogs and glossaries
DOMAIN = "tutor"
LANGUAGES: dict[str, str] = {
    "en": "English",
    "nb": "Norsk bokmål",
    "sv": "Svenska",
    "el": "Ελληνικά",
    "es": "Español",
    "de": "Deutsch",
    "pt_BR": "Português do Brasil",
    "it": "Italiano",
    "fr": "Français",
}
ALIASES = {"no": "nb", "nn": "nb", "pt": "pt_BR"}
# The words of a name's form spec in a translation: "{card:acc|def}", "{rank:acc|art}" (the
# article alone); see tutor/words/names.py, which also reads the "ο=…|η=…" choice by article.
FORM_TOKENS = ("nom", "acc", "gen", "dat", "def", "art", "sg", "pl")


def N_(message: str) -> str:
    """Mark a text for extraction; translate it when shown."""
    return message


def NP_(context: str, message: str) -> tuple[str, str]:
    """Mark a text with a context (``msgctxt``) for extraction."""
    return (context, message)


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for extraction."""
    return (singular, plural)


def NPN_(context: str, singular: str, plural: str) -> tuple[str, str, str]:
    """Mark a singular/plural pair with a context for extraction."""
    return (context, singular, plural)


class CatalogError(TutorError):
    """A language whose catalog is missing or unreadable."""


def _known(tag: str | None) -> str:
    """A known language code for a tag (``nb-NO`` → ``nb``, ``no`` → ``nb``), or ``""``."""
    parts = (tag or "").replace("_", "-").split("-")
    base = parts[0].lower()
    full = f"{base}_{parts[1].upper()}" if len(parts) > 1 else base
    if full in LANGUAGES:
        return full
    base = ALIASES.get(base, base)
    return base if base in LANGUAGES else ""


def negotiate(tag: str | None) -> str:
    """The offered language for a browser or URL tag, else the default language."""
    code = _known(tag)
    choices = offered()
    return code if code in choices else default_language()


def locales_dir() -> Path:
    """The catalogs' folder: the data folder's ``locales/`` if set, else the package's."""
    data_dir = settings().data_dir
    return LOCALES_DIR if data_dir is None else data_dir / "locales"


def catalog_path(lang: str) -> Path:
    return locales_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def _load(lang: str) -> NullTranslations | CatalogError:
    """Read-only, shared: one object (or one failure) per language for the life of the
    process, so a broken file is not read again on every page run."""
    if lang == "en":
        return NullTranslations()
    path = catalog_path(lang)
    name = LANGUAGES.get(lang, lang)
    try:
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang, abort_invalid=True)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)  # fuzzy entries fall back to English
    except FileNotFoundError:
        return CatalogError(f"no {name} catalog ({lang}): {path} is missing")
    except Exception as exc:  # babel's parse errors have no common base: any failure
        return CatalogError(f"the {name} catalog ({lang}) cannot be read: {path}: {exc}")
    buffer.seek(0)
    return Translations(fp=buffer, domain=DOMAIN)


def _translations(lang: str) -> NullTranslations:
    loaded = _load(lang)
    if isinstance(loaded, CatalogError):
        raise loaded
    return loaded


def catalog_problem(lang: str) -> str | None:
    """Why a language cannot be shown (its catalog is missing or unreadable), or ``None``."""
    loaded = _load(lang)
    return str(loaded) if isinstance(loaded, CatalogError) else None


def configured() -> tuple[str, ...]:
    """The languages the settings ask for (default: every known one), English first."""
    wanted = settings().languages or tuple(LANGUAGES)
    codes = [code for code in dict.fromkeys(_known(tag) for tag in wanted) if code]
    return ("en", *(code for code in codes if code != "en"))


def offered() -> tuple[str, ...]:
    """The languages a learner can pick: asked for by the settings, with a readable catalog."""
    return tuple(code for code in configured() if catalog_problem(code) is None)


def unavailable() -> tuple[str, ...]:
    """Languages the settings ask for whose catalog is missing or unreadable."""
    return tuple(code for code in configured() if catalog_problem(code) is not None)


def settings_problems() -> tuple[str, ...]:
    """Language settings naming no known language, one line each."""
    current = settings()
    problems = [f"{tag!r} in the offered languages is not a known language "
                f"({', '.join(LANGUAGES)})" for tag in current.languages if not _known(tag)]
    if current.default_language != "en" and _known(current.default_language) not in offered():
        problems.append(f"the default language {current.default_language!r} is not offered")
    return tuple(problems)


def default_language() -> str:
    """A new learner's language when the browser's is not offered."""
    code = _known(settings().default_language)
    return code if code in offered() else "en"


@dataclass(frozen=True)
class Translator:
    """One learner's language: texts, plurals and numbers."""

    lang: str

    @property
    def _t(self) -> NullTranslations:
        return _translations(self.lang)

    @property
    def locale(self) -> Locale:
        return Locale.parse(self.lang)

    def gettext(self, message: str) -> str:
        return str(self._t.gettext(message))

    def pgettext(self, context: str, message: str) -> str:
        return str(self._t.pgettext(context, message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return str(self._t.ngettext(singular, plural, n))

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return str(self._t.npgettext(context, singular, plural, n))

    def find(self, context: str, message: str, plural: str | None = None, n: int = 1) -> str | None:
        """A translation the catalog holds, or ``None`` (English: the message itself), so a
        missing form of a name can fall back to another form, not to English."""
        if self.lang == "en":
            return message if plural is None or n == 1 else plural
        catalog: Container[object] = getattr(self._t, "_catalog", {})  # gettext's own table
        key = f"{context}\x04{message}"
        if plural is None:
            return self.pgettext(context, message) if key in catalog else None
        return self.npgettext(context, message, plural, n) if (key, 0) in catalog else None

    def number(self, value: int | float) -> str:
        """5,000 / 5 000 / 5.000 as the learner's language writes it."""
        return _number(value, self.lang)

    def format(self, template: str, source: str, **params: object) -> str:
        """Fill a translated template; if a translator broke a placeholder, use the English."""
        shown = {
            k: self.number(v) if isinstance(v, int) and not isinstance(v, bool)
            else _Plain(v) if type(v) is str else v
            for k, v in params.items()
        }
        try:
            return template.format(**shown)
        except (KeyError, IndexError, ValueError):
            return source.format(**shown)


class _Plain(str):
    """Text with one form only: a name's form spec (``{error:acc}``) gives the text unchanged
    instead of breaking the sentence."""

    def __format__(self, spec: str) -> str:
        tokens = [t for t in spec.replace(".", "|").split("|") if t]
        if tokens and all(t in FORM_TOKENS for t in tokens):
            return "" if "art" in tokens else str(self)
        return str.__format__(str(self), spec)


@lru_cache(maxsize=8192)
def _number(value: int | float, lang: str) -> str:
    """Babel's formatting is slow next to a page render, and the same few numbers recur."""
    return format_decimal(value, locale=lang)


@cache
def translator(lang: str) -> Translator:
    """The translator for a known language (an unknown tag: English); a
    :class:`CatalogError` if that language's catalog is missing or unreadable."""
    code = _known(lang) or "en"
    _translations(code)
    return Translator(code)


def placeholders(text: str) -> set[str]:
    """The named ``{placeholders}`` of a text."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}
