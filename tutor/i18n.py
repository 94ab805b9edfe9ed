"""Per-learner translations from the gettext catalogs in ``locales/``, and locale-aware numbers.

Nothing here installs a translation globally: each learner (each Streamlit session, each CLI
call) gets its own :class:`Translator`, so two learners in two languages never see each other's
language. Catalogs are read from the ``.po`` files at run time (no compile step); a missing
catalog or an untranslated or fuzzy entry falls back to the English source text.

Marking functions for extraction (``pybabel extract -F babel.cfg``, see README):
``N_(msg)``, ``NP_(context, msg)``, ``NN_(singular, plural)``, ``NPN_(context, singular, plural)``
only mark texts kept in tables; they are translated when shown.
"""

from __future__ import annotations

import io
import string
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations

LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"
DOMAIN = "tutor"
LANGUAGES: dict[str, str] = {
    "en": "English",
    "nb": "Norsk bokmål",
    "sv": "Svenska",
    "el": "Ελληνικά",
    "es": "Español",
    "de": "Deutsch",
}
ALIASES = {"no": "nb", "nn": "nb"}


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


def negotiate(tag: str | None) -> str:
    """The supported language for a browser or URL tag (``nb-NO`` → ``nb``, ``no`` → ``nb``)."""
    base = (tag or "en").replace("_", "-").split("-")[0].lower()
    base = ALIASES.get(base, base)
    return base if base in LANGUAGES else "en"


def catalog_path(lang: str) -> Path:
    return LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def _translations(lang: str) -> NullTranslations:
    """Read-only, shared: one object per language for the life of the process."""
    path = catalog_path(lang)
    if lang == "en" or not path.is_file():
        return NullTranslations()
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)  # fuzzy entries fall back to English
    buffer.seek(0)
    return Translations(fp=buffer, domain=DOMAIN)


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

    def number(self, value: int | float) -> str:
        """5,000 / 5 000 / 5.000 as the learner's language writes it."""
        return _number(value, self.lang)

    def format(self, template: str, source: str, **params: object) -> str:
        """Fill a translated template; if a translator broke a placeholder, use the English."""
        shown = {
            k: self.number(v) if isinstance(v, int) and not isinstance(v, bool) else v
            for k, v in params.items()
        }
        try:
            return template.format(**shown)
        except (KeyError, IndexError, ValueError):
            return source.format(**shown)


@lru_cache(maxsize=8192)
def _number(value: int | float, lang: str) -> str:
    """Babel's formatting is slow next to a page render, and the same few numbers recur."""
    return format_decimal(value, locale=lang)


@cache
def translator(lang: str) -> Translator:
    return Translator(negotiate(lang))


def placeholders(text: str) -> set[str]:
    """The named ``{placeholders}`` of a text."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}
