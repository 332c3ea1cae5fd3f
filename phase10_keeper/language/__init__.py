"""The program's words in the languages it speaks, for every part that runs without Qt.

Each language is one catalogue, `resources/translations/<code>.json`, read when first
needed. An entry is a text with named placeholders (`"Page {page} of {pages}"`), or, for
a text about a number, one text per plural category of that language
(`{"one": "{count} hand", "other": "{count} hands"}`). English holds every key; a check in
the tests keeps the others complete, with the same placeholders. A language may add a key
of its own beside an English one for a particular size (`phase.set.3`, for a word such as
"Drilling" that names a set of three); the English key is the fallback.
"""

import json
import os
from collections.abc import Callable, Mapping
from functools import cache

from phase10_keeper.resource_files import resource_path

LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "nl": "Nederlands",
    "pl": "Polski",
}
"""The languages spoken, each by its code and by its own name for itself."""
ENGLISH = "en"

Entry = str | dict[str, str]


NameShown = Callable[[str], str]
"""How a name is shown inside a sentence: as it is on paper and in a terminal, cut short
and isolated from the text around it in the window."""


def as_it_is(name: str) -> str:
    """A name shown as it is: on paper and in a terminal."""
    return name


def plural_category(code: str, count: int) -> str:
    """The CLDR plural category of a whole number in this language."""
    if code == "pl":
        if count == 1:
            return "one"
        if count % 10 in (2, 3, 4) and count % 100 not in (12, 13, 14):
            return "few"
        return "many"
    if code == "fr":
        return "one" if count in (0, 1) else "other"
    return "one" if count == 1 else "other"


PLURAL_CATEGORIES: dict[str, tuple[str, ...]] = {
    code: ("one", "few", "many") if code == "pl" else ("one", "other") for code in LANGUAGES
}


class Words:
    """One language's texts. `words("key", name="Ana")` for a text, and
    `words.count("key", 3, ...)` for a text about a number (`count` is a placeholder too).
    """

    def __init__(
        self,
        code: str,
        entries: Mapping[str, Entry],
        fallback: "Words | None",
        more: Callable[[], Mapping[str, Entry]] | None = None,
    ) -> None:
        self.code = code
        self._entries = entries
        self._fallback = fallback
        self._more = more
        """Entries read only when a key is not among the others."""

    def __call__(self, key: str, /, **values: object) -> str:
        entry = self._entry(key)
        if not isinstance(entry, str):
            raise KeyError(f"{key} is a text about a number: use count()")
        return entry.format_map(values)

    def count(self, key: str, count: int, /, **values: object) -> str:
        entry = self._entry(key)
        if isinstance(entry, str):
            raise KeyError(f"{key} is not a text about a number")
        forms = entry
        category = plural_category(self.code, count)
        text = forms.get(category) or forms.get("other") or forms["many"]
        return text.format_map({"count": count, **values})

    def has(self, key: str) -> bool:
        return key in self._entries or (self._take_in_more() and key in self._entries)

    def _entry(self, key: str) -> Entry:
        if key in self._entries or (self._take_in_more() and key in self._entries):
            return self._entries[key]
        if self._fallback is not None:
            return self._fallback._entry(key)
        raise KeyError(f"no text {key!r}")

    def _take_in_more(self) -> bool:
        if self._more is None:
            return False
        self._entries = {**self._entries, **self._more()}
        self._more = None
        return True


def _stored(code: str) -> dict[str, Entry]:
    path = resource_path("translations", f"{code}.json")
    entries: dict[str, Entry] = json.loads(path.read_text(encoding="utf-8"))
    return entries


def _problem_templates() -> Mapping[str, Entry]:
    # Imported when first asked for: the window words its menus before it needs the
    # rules, and importing them would hold up its first paint.
    from phase10_keeper.rules.problems import ENGLISH_TEMPLATES

    return ENGLISH_TEMPLATES


def catalogue(code: str) -> dict[str, Entry]:
    """The entries of one language's catalogue: as stored, and for English also the
    rules' own wording of what can be wrong (`problem.<key>`), kept with the rules."""
    entries = _stored(code)
    if code == ENGLISH:
        entries.update(_problem_templates())
    return entries


@cache
def words(code: str = ENGLISH) -> Words:
    """The texts of the language with this code (one of LANGUAGES)."""
    if code not in LANGUAGES:
        raise ValueError(f"no language {code!r}; the languages are {', '.join(LANGUAGES)}")
    if code == ENGLISH:
        return Words(code, _stored(code), None, more=_problem_templates)
    return Words(code, _stored(code), words(ENGLISH))


def words_or_english(language: Words | None) -> Words:
    """`language`, or English where none is given."""
    return language if language is not None else words(ENGLISH)


def language_of(locale_name: str | None) -> str | None:
    """The language spoken for a locale name such as "de_AT.UTF-8" or "pl", if any."""
    if not locale_name:
        return None
    code = locale_name.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def system_language() -> str:
    """The user's language where spoken here, else English: from LC_ALL, LC_MESSAGES,
    LANG or LANGUAGE as POSIX orders them, then from the system's locale."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            return language_of(value) or ENGLISH
    for name in os.environ.get("LANGUAGE", "").split(":"):
        found = language_of(name)
        if found:
            return found
    # Only here: the variables name the language on nearly every system, and the module
    # takes longer to import than the rest of this one.
    import locale

    return language_of(locale.getlocale()[0]) or ENGLISH


__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "PLURAL_CATEGORIES",
    "Entry",
    "Words",
    "catalogue",
    "language_of",
    "plural_category",
    "system_language",
    "words",
    "words_or_english",
]
