"""The catalog workflow: extract the template, update the catalogs, and check them.

``python -m tutor catalogs extract|update|check|render``. The same as ``pybabel extract -F
babel.cfg`` and ``pybabel update`` (README, "For translators"), plus the checks CI runs: every
entry translated, nothing fuzzy or obsolete, the same named placeholders in msgid and msgstr
(a translation may ask for a name's form, ``{card:acc|def}``, but only a known one), the right
number of plural forms by gettext's convention, a clean header, a translator comment on every
entry with a placeholder and on every short label, no known wrong variant of a glossary term,
no rule or option id inside a learner's sentence (``C-PILE-4``, ``V-C1``: a rule is named by its
title; the id is for teachers, in a tooltip),
``msgfmt --check`` (GNU gettext) passing, and the template up to date with the code and the
lessons. ``render`` writes every sentence of a language to one HTML page for review
(:mod:`tutor.devtools.catalog_render`).
"""

from __future__ import annotations

import csv
import io
import re
import shutil
import string
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from tutor import __version__
from tutor.content import checkout_dir
from tutor.i18n import DOMAIN, LANGUAGES
from tutor.words.names import NAME_FIELDS, Form, FormError

# The translators' workflow works on the checkout's files, whatever the settings say.
ROOT = checkout_dir()
LOCALES_DIR = ROOT / "locales"
TEMPLATE = LOCALES_DIR / f"{DOMAIN}.pot"


def catalog_path(lang: str) -> Path:
    return LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
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
    # The first match wins: the forms of the names.
    ("tutor/words/names.py", "tutor.words.names:extract"),
    ("tutor/**.py", "python"),
    ("app_pages/**.py", "python"),
    ("streamlit_app.py", "python"),
    ("lessons/**.toml", "tutor.lessons.extract:extract"),
    ("locales/glossary.csv", "tutor.words.glossary:extract"),
]
# gettext's convention (the GNU gettext manual, "Plural forms"), not CLDR's (Spanish, French and
# Italian get a third form for millions there, which no sentence here needs).
PLURAL_FORMS = {
    **{lang: "nplurals=2; plural=(n != 1);" for lang in LANGUAGES if lang != "en"},
    "fr": "nplurals=2; plural=(n > 1);",
}
# Header values a fresh catalog is born with: a catalog still carrying one was never finished.
HEADER_PLACEHOLDERS = ("PROJECT", "VERSION", "FULL NAME", "EMAIL@ADDRESS", "YEAR-MO-DA",
                       "LANGUAGE <LL@li.org>", "ORGANIZATION", "FIRST AUTHOR")
SHORT_LABEL = 3  # a text of fewer words than this needs a comment to be translated right
# A rule or option id of RULES.md: C-PILE-4, M-OUT-5, S-TAKE-PILE, V-C1, V-M8, C2-5, C3-7, D-14.
RULE_ID = re.compile(r"(?<![\w-])(?:[CMS]-[A-Z]+(?:-[A-Z0-9]+)*|V-[CM]\d+|C[23]-\d+|D-\d+)"
                     r"(?![\w-])")
# An entry whose translator comment says this marks it as shown to teachers, who may see ids.
FOR_TEACHERS = "for teachers"
# Names a form spec may follow besides the names of tutor.words.names: the seats a reason names
# from the reader's chair ({to_move:gen|def}, tutor.words.explain).
FORM_FIELDS = NAME_FIELDS | {"seat", "to_move", "partner"}
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
    _clean_header(catalog, None)
    return catalog


def _clean_header(catalog: Catalog, lang: str | None) -> None:
    """The project's own header values instead of Babel's placeholders."""
    catalog.project = "canasta-tutor"
    catalog.version = __version__
    catalog.msgid_bugs_address = "https://github.com/canasta-tutor/canasta-tutor/issues"
    catalog.copyright_holder = "the canasta-tutor authors"
    if lang is None:
        catalog.header_comment = (
            "# Translations template for canasta-tutor.\n"
            "# This file is distributed under the same license as the canasta-tutor project.")
        return
    name = LANGUAGES.get(lang, lang)
    catalog.header_comment = (
        f"# {name} ({lang}) translations for canasta-tutor.\n"
        "# This file is distributed under the same license as the canasta-tutor project.")
    catalog.language_team = f"{name} <https://github.com/canasta-tutor/canasta-tutor>"
    if not catalog.last_translator or "FULL NAME" in catalog.last_translator:
        catalog.last_translator = f"canasta-tutor {name} translators"
    catalog.fuzzy = False
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[lang])]


def _to_two_plural_forms(catalog: Catalog, lang: str) -> None:
    """A catalog made with CLDR's three forms (one, many, other) keeps "one" and "other"."""
    wanted = int(PLURAL_FORMS[lang].split(";")[0].split("=")[1])
    if catalog.num_plurals == wanted:
        return
    for message in catalog:
        strings = message.string
        if message.id and message.pluralizable and isinstance(strings, tuple | list):
            message.string = (strings[0], strings[-1])
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[lang])]


def _name_entry(message: Message) -> bool:
    """An entry a name fills: its translation may ask for a form (``{card:acc}``), which GNU
    gettext's python-brace-format check does not know, so the entry is not flagged for it
    (our own check compares its placeholders instead)."""
    return any(f.strip("{}") in FORM_FIELDS for text in _ids(message) for f in fields(text))


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    for message in catalog:
        if message.id and _name_entry(message):
            message.flags.discard("python-brace-format")
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
        _to_two_plural_forms(catalog, lang)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        _clean_header(catalog, lang)
        catalog.revision_date = datetime.now(UTC)
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
            for problem in _form_problems(text):
                yield Problem(at, problem)
    if catalog.obsolete:
        yield Problem(where, f"{len(catalog.obsolete)} obsolete entries")
    missing = template_keys - seen
    if missing:
        yield Problem(
            where,
            f"{len(missing)} entries of the template missing (run python -m tutor catalogs update)",
        )


def _form_problems(text: str) -> Iterator[str]:
    """A form spec must be a known form, after a placeholder a name fills."""
    try:
        parsed = [(f, spec) for _, f, spec, _ in string.Formatter().parse(text) if f and spec]
    except ValueError:
        return
    for name, spec in parsed:
        if name not in FORM_FIELDS:
            yield f"{{{name}:{spec}}}: only names ({', '.join(sorted(FORM_FIELDS))}) have forms"
            continue
        try:
            Form.parse(spec)
        except FormError as exc:
            yield f"{{{name}:{spec}}}: {exc}"


def check_header(catalog: Catalog, lang: str, where: str) -> Iterator[Problem]:
    """A finished catalog's header: not fuzzy, no placeholder values, gettext's plural forms."""
    if catalog.fuzzy:
        yield Problem(where, "the header is marked fuzzy (#, fuzzy): remove the flag")
    values = [str(catalog.header_comment), *(f"{k}: {v}" for k, v in catalog.mime_headers)]
    for value in values:
        found = [p for p in HEADER_PLACEHOLDERS if p in value]
        if found:
            first = value.strip().splitlines()[0]
            yield Problem(where, f"header still has the placeholder {found[0]!r}: {first}")
    wanted = PLURAL_FORMS.get(lang)
    if wanted is not None and catalog.plural_forms.replace(" ", "") != wanted.replace(" ", ""):
        yield Problem(where, f"Plural-Forms {catalog.plural_forms!r}, gettext's convention for "
                             f"{lang} is {wanted!r}")


def check_comments(template: Catalog, where: str) -> Iterator[Problem]:
    """Context for translators: an extracted "Translators:" comment on every entry with a
    placeholder and on every label shorter than three words."""
    for message in template:
        if not message.id or message.auto_comments:
            continue
        text = _ids(message)[0]
        at = f"{where} {text!r}" + (f" (context {message.context!r})" if message.context else "")
        if any(fields(t) for t in _ids(message)):
            yield Problem(at, "a placeholder and no translator comment saying what fills it "
                              "(add a '# Translators:' comment in the source)")
        elif len(text.split()) < SHORT_LABEL:
            yield Problem(at, "a short label and no translator comment saying where it shows "
                              "(add a '# Translators:' comment in the source)")


def wrong_variants(lang: str) -> dict[str, tuple[str, ...]]:
    """Per glossary term, the words a language's glossary lists as wrong (column ``wrong``)."""
    path = LOCALES_DIR / lang / "glossary.csv"
    if not path.is_file():
        return {}
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    return {row["term"]: tuple(w.strip() for w in (row.get("wrong") or "").split(";") if w.strip())
            for row in rows if (row.get("wrong") or "").strip()}


def glossary_words(lang: str) -> dict[str, str]:
    path = LOCALES_DIR / lang / "glossary.csv"
    if not path.is_file():
        return {}
    with path.open(encoding="utf-8", newline="") as handle:
        return {row["term"]: row.get(lang) or "" for row in csv.DictReader(handle)}


def check_glossary(catalog: Catalog, lang: str, where: str,
                   wrong: dict[str, tuple[str, ...]] | None = None) -> Iterator[Problem]:
    """No translation uses a known wrong variant of a glossary term ("descarte" for the
    pile the glossary calls "pozo"), and the glossary's own word is not one of them."""
    wrong = wrong_variants(lang) if wrong is None else wrong
    words = glossary_words(lang)
    for term, variants in wrong.items():
        for variant in variants:
            if variant.lower() in words.get(term, "").lower():
                yield Problem(where, f"the glossary's word for {term!r} ({words[term]!r}) is "
                                     f"listed as wrong ({variant!r})")
    patterns = [(term, variant, re.compile(rf"(?<!\w){re.escape(variant)}", re.IGNORECASE))
                for term, variants in wrong.items() for variant in variants]
    for message in catalog:
        if not message.id:
            continue
        for text in _strings(message):
            for term, variant, pattern in patterns:
                if pattern.search(text):
                    right = words.get(term) or "the glossary's word"
                    yield Problem(f"{where}:{message.lineno} {_ids(message)[0][:50]!r}",
                                  f"{variant!r} is a wrong variant of {term!r}: use {right!r}")


def _for_teachers(message: Message) -> bool:
    return any(FOR_TEACHERS in comment.lower() for comment in message.auto_comments)


def check_ids(catalog: Catalog, where: str, *, source: bool = False) -> Iterator[Problem]:
    """No rule or option id inside a learner's sentence, translated (or, ``source``, the
    English msgid itself): the learner reads a rule's title, the id belongs to the verdict's
    data. An entry for teachers (its comment says "for teachers") may name ids."""
    for message in catalog:
        if not message.id or _for_teachers(message):
            continue
        texts = _ids(message) if source else _strings(message)
        for text in texts:
            found = RULE_ID.search(text)
            if found:
                yield Problem(f"{where}:{message.lineno} {_ids(message)[0][:50]!r}",
                              f"the rule id {found.group()!r} inside a learner's sentence: name "
                              "the rule by its title (the id belongs in the verdict's data)")
                break


def check_msgfmt(path: Path) -> Iterator[Problem]:
    """GNU gettext's own check (``msgfmt --check``): the header, the plural formula, the
    format strings. Without msgfmt it is a problem, never a skip."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        yield Problem(str(path), "msgfmt is missing: install GNU gettext (Debian: gettext)")
        return
    done = subprocess.run([msgfmt, "--check", "-o", "/dev/null", str(path)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        errors = [line for line in done.stderr.splitlines() if "warning" not in line]
        yield Problem(str(path), "msgfmt --check: " + "; ".join(errors[:5]))


def check_all(*, fresh: Catalog | None = None) -> list[Problem]:
    """Every check over every catalog; ``fresh`` is a new extraction to compare the template to."""
    problems: list[Problem] = []
    if not TEMPLATE.exists():
        return [Problem(str(TEMPLATE), "missing (run python -m tutor catalogs extract)")]
    template = read(TEMPLATE)
    template_keys = {_key(m) for m in template if m.id}
    problems.extend(check_comments(fresh if fresh is not None else template, str(TEMPLATE)))
    problems.extend(check_ids(template, str(TEMPLATE), source=True))
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
        where = str(path.relative_to(ROOT))
        catalog = read(path, lang)
        problems.extend(check_catalog(catalog, template_keys, where))
        problems.extend(check_header(catalog, lang, where))
        problems.extend(check_glossary(catalog, lang, where))
        problems.extend(check_ids(catalog, where))
        problems.extend(check_msgfmt(path))
    return problems
