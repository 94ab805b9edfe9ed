"""The catalog workflow: extract the template, update the catalogs, and check them.

``python -m tutor catalogs extract|update|check``. The same as ``pybabel extract -F babel.cfg``
and ``pybabel update`` (README, "For translators"), plus the checks CI runs: every entry
translated, nothing fuzzy or obsolete, the same named placeholders in msgid and msgstr, the right
number of plural forms, and the template up to date with the code and the lessons.
"""

from __future__ import annotations

import io
import re
import string
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from tutor.i18n import DOMAIN, LANGUAGES, LOCALES_DIR, catalog_path

ROOT = LOCALES_DIR.parent
TEMPLATE = LOCALES_DIR / f"{DOMAIN}.pot"
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "N_": None,
    "NP_": ((1, "c"), 2),
    "NN_": (1, 2),
    "NPN_": ((1, "c"), 2, 3),
}
METHOD_MAP: list[tuple[str, str]] = [
    ("tutor/**.py", "python"),
    ("app_pages/**.py", "python"),
    ("streamlit_app.py", "python"),
    ("lessons/**.toml", "tutor.lessons.extract:extract"),
    ("locales/glossary.csv", "tutor.glossary:extract"),
]
_PERCENT = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa%]")


def extract() -> Catalog:
    """A fresh template from the code and the lesson files."""
    catalog = Catalog(project="canasta-tutor", domain=DOMAIN, charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT),
        method_map=METHOD_MAP,
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(
        buffer,
        catalog,
        width=0,
        sort_output=False,
        omit_header=False,
        ignore_obsolete=True,
        include_previous=False,
    )
    path.write_bytes(buffer.getvalue())


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def update(template: Catalog) -> list[Path]:
    """Bring every language's catalog in line with the template (new entries untranslated)."""
    written = []
    for lang in LANGUAGES:
        if lang == "en":
            continue
        path = catalog_path(lang)
        catalog = read(path, lang) if path.exists() else Catalog(locale=lang, domain=DOMAIN)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        write(catalog, path)
        written.append(path)
    return written


# ----- checks ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Problem:
    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


def fields(text: str) -> set[str]:
    """Named ``{brace}`` and ``%(percent)s`` placeholders of a text."""
    out: set[str] = set()
    try:
        out |= {f"{{{f}}}" for _, f, _, _ in string.Formatter().parse(text) if f is not None}
    except ValueError:
        out.add("{?unbalanced}")
    out |= {f"%({m.group(1)})" for m in _PERCENT.finditer(text) if m.group(1)}
    return out


def _ids(message: Message) -> tuple[str, ...]:
    ids = message.id
    return tuple(str(i) for i in ids) if isinstance(ids, tuple | list) else (str(ids),)


def _strings(message: Message) -> tuple[str, ...]:
    strings = message.string
    if isinstance(strings, tuple | list):
        return tuple(str(s or "") for s in strings)
    return (str(strings or ""),)


Key = tuple[tuple[str, ...], str | None]


def _key(message: Message) -> Key:
    return (_ids(message), message.context)


def check_catalog(catalog: Catalog, template_keys: set[Key], where: str) -> Iterator[Problem]:
    seen: set[Key] = set()
    for message in catalog:
        if not message.id:
            continue
        seen.add(_key(message))
        at = f"{where}:{message.lineno} {_ids(message)[0]!r}"
        strings = _strings(message)
        if message.fuzzy:
            yield Problem(at, "fuzzy entry")
        if message.pluralizable and len(strings) != catalog.num_plurals:
            yield Problem(
                at, f"{len(strings)} plural forms, the language has {catalog.num_plurals}"
            )
        if not all(strings):
            yield Problem(at, "untranslated")
            continue
        wanted = fields(_ids(message)[-1])
        for text in strings:
            got = fields(text)
            # a singular may drop the count ("one card"), so plurals may use a subset
            if got != wanted and not (message.pluralizable and got <= wanted):
                yield Problem(at, f"placeholders {sorted(got)} instead of {sorted(wanted)}")
    if catalog.obsolete:
        yield Problem(where, f"{len(catalog.obsolete)} obsolete entries")
    missing = template_keys - seen
    if missing:
        yield Problem(
            where,
            f"{len(missing)} entries of the template missing (run python -m tutor catalogs update)",
        )


def check_all(*, fresh: Catalog | None = None) -> list[Problem]:
    """Every check over every catalog; ``fresh`` is a new extraction to compare the template to."""
    problems: list[Problem] = []
    if not TEMPLATE.exists():
        return [Problem(str(TEMPLATE), "missing (run python -m tutor catalogs extract)")]
    template = read(TEMPLATE)
    template_keys = {_key(m) for m in template if m.id}
    if fresh is not None:
        fresh_keys = {_key(m) for m in fresh if m.id}
        if fresh_keys != template_keys:
            new = len(fresh_keys - template_keys)
            old = len(template_keys - fresh_keys)
            problems.append(
                Problem(
                    str(TEMPLATE),
                    f"out of date with the code and lessons "
                    f"({new} new, {old} gone): run python -m "
                    "tutor catalogs extract",
                )
            )
    for lang in LANGUAGES:
        if lang == "en":
            continue
        path = catalog_path(lang)
        if not path.exists():
            problems.append(Problem(str(path), "missing"))
            continue
        problems.extend(check_catalog(read(path, lang), template_keys, str(path.relative_to(ROOT))))
    return problems
