"""Every language is complete: each English text has a translation with the same
placeholders, a text about a number has each plural form its language needs, and every
key the program asks for exists."""

import ast
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from phase10_keeper.language import (
    ENGLISH,
    LANGUAGES,
    PLURAL_CATEGORIES,
    Entry,
    catalogue,
    plural_category,
    system_language,
    words,
)
from phase10_keeper.rules import CardKind, GroupKind, Preset

PACKAGE = Path(__file__).resolve().parents[2] / "phase10_keeper"
SIZE_OVERRIDE = re.compile(r"^(phase\.[a-z_]+)\.\d+$")
OTHERS = [code for code in LANGUAGES if code != ENGLISH]


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def forms(entry: Entry) -> list[str]:
    return [entry] if isinstance(entry, str) else list(entry.values())


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_entry_is_finished_and_has_the_plural_forms_of_its_language(code: str) -> None:
    for key, entry in catalogue(code).items():
        for text in forms(entry):
            assert text.strip(), f"{code}: {key} is empty"
            assert "TODO" not in text, f"{code}: {key} is unfinished"
            assert "FIXME" not in text, f"{code}: {key} is unfinished"
            for field in placeholders(text):
                assert field.isidentifier(), f"{code}: {key} has a placeholder {field!r}"
        if not isinstance(entry, str):
            assert tuple(entry) == PLURAL_CATEGORIES[code], f"{code}: {key} plural forms"


@pytest.mark.parametrize("code", OTHERS)
def test_every_english_text_is_translated_with_the_same_placeholders(code: str) -> None:
    english = catalogue(ENGLISH)
    translated = catalogue(code)
    missing = sorted(set(english) - set(translated))
    assert not missing, f"{code} lacks {missing}"
    for key, entry in translated.items():
        base = key
        override = SIZE_OVERRIDE.match(key)
        if key not in english:
            assert override is not None, f"{code} has {key}, which English does not"
            base = override.group(1)
        source = english[base]
        assert isinstance(entry, str) == isinstance(source, str), f"{code}: {key} kind"
        wanted = set().union(*(placeholders(text) for text in forms(source)))
        if isinstance(entry, str):
            assert placeholders(entry) == wanted, f"{code}: {key} placeholders"
        else:
            used = set().union(*(placeholders(text) for text in forms(entry)))
            # A form for exactly one may say "one hand" instead of "{count} hands", and a
            # word for one size ("Drilling") needs no {size}.
            dropped = {"count", "size"} if override else {"count"}
            assert used - dropped == wanted - dropped, f"{code}: {key} placeholders"
            assert "count" in placeholders(entry[PLURAL_CATEGORIES[code][-1]]), key
            assert used <= wanted | {"count", "size"}, f"{code}: {key} placeholders"


def _calls(folder: Path) -> Iterator[tuple[Path, ast.Call, str | None]]:
    """Every call with arguments in the code under `folder`, with the name called
    (`f` for `f(...)` and `x.f(...)`)."""
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            function = node.func
            name = function.attr if isinstance(function, ast.Attribute) else None
            if isinstance(function, ast.Name):
                name = function.id
            yield path, node, name


def _keys_asked_for() -> set[str]:
    """The texts the program asks for by a literal key: words("..."), words.count("..."),
    and in the window tr("...") and tr_count("..."), and the main window's menus and
    actions, worded by their keys in every language."""
    asked = set()
    for _, node, name in _calls(PACKAGE):
        first = node.args[0]
        if (
            name in ("words", "count", "tr", "tr_count", "WindowAction", "WindowMenu")
            and isinstance(first, ast.Constant)
            and isinstance(first.value, str)
            and "." in first.value
        ):
            asked.add(first.value)
    return asked


def test_every_key_the_program_asks_for_is_in_english() -> None:
    asked = _keys_asked_for()
    assert len(asked) > 50
    assert not asked - set(catalogue(ENGLISH))


def test_no_text_is_worded_through_qts_own_translation() -> None:
    """One path: a text given to Qt's tr() would escape the catalogues and their checks."""
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
                continue
            owner = node.func.value
            qt_translate = node.func.attr == "translate" and (
                isinstance(owner, ast.Name) and owner.id.endswith("Application")
            )
            assert node.func.attr != "tr", f"{path.name}:{node.lineno}"
            assert not qt_translate, f"{path.name}:{node.lineno}"


TEXT_TAKERS = {
    # Qt widgets and calls that put a text before people: given a literal with words,
    # it would be a text no catalogue holds.
    *("QLabel", "QPushButton", "QAction", "QCheckBox", "QRadioButton", "QGroupBox"),
    *("QToolButton", "QMenu", "addMenu", "addAction", "addItem", "addItems", "addTab"),
    *("setText", "setToolTip", "setStatusTip", "setWhatsThis", "setWindowTitle"),
    *("setPlaceholderText", "setAccessibleName", "setAccessibleDescription", "setTitle"),
    *("showMessage", "setTabText", "setLabelText", "setSuffix", "setPrefix", "_action"),
    *("setSpecialValueText", "setHorizontalHeaderLabels", "setInformativeText"),
}


def _literal_texts(node: ast.expr) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return [
            part.value
            for part in node.values
            if isinstance(part, ast.Constant) and isinstance(part.value, str)
        ]
    return []


def test_no_window_text_is_written_into_the_code() -> None:
    """A new text in the window must come through tr(): then the tests above make every
    language translate it. A literal given straight to a widget would slip past them."""
    found = [
        f"{path.name}:{node.lineno}"
        for path, node, name in _calls(PACKAGE / "ui")
        if name in TEXT_TAKERS
        and any(re.search(r"[^\W\d_]{2}", text) for text in _literal_texts(node.args[0]))
    ]
    assert not found


def test_every_card_preset_and_kind_of_group_has_its_words() -> None:
    english = catalogue(ENGLISH)
    for kind in CardKind:
        assert f"card.{kind.value}" in english
    for preset in Preset:
        assert f"preset.{preset.value}" in english
    for group in GroupKind:
        assert f"phase.{group.value.replace('-', '_')}" in english


@pytest.mark.parametrize(
    ("code", "counts"),
    [
        ("en", {"one": [1], "other": [0, 2, 5, 21]}),
        ("fr", {"one": [0, 1], "other": [2, 5, 21]}),
        ("pl", {"one": [1], "few": [2, 3, 4, 22, 104], "many": [0, 5, 11, 12, 14, 25, 112]}),
    ],
)
def test_plural_categories(code: str, counts: dict[str, list[int]]) -> None:
    for category, numbers in counts.items():
        for number in numbers:
            assert plural_category(code, number) == category, (code, number)


def test_a_text_about_a_number_takes_its_plural_form() -> None:
    english = words(ENGLISH)
    assert english.count("rules.hands", 1) == "1 hand"
    assert english.count("rules.hands", 3) == "3 hands"
    with pytest.raises(KeyError):
        english("rules.hands")
    with pytest.raises(KeyError):
        english.count("sheet.total", 2)


def test_a_value_with_braces_is_printed_as_it_is() -> None:
    assert words(ENGLISH)("sheet.dealer", name="{Ann}") == "D: {Ann}"


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="no language 'xx'"):
        words("xx")


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"LC_ALL": "de_AT.UTF-8"}, "de"),
        ({"LC_ALL": "", "LC_MESSAGES": "pl_PL.UTF-8", "LANG": "en_GB.UTF-8"}, "pl"),
        ({"LC_ALL": "", "LC_MESSAGES": "", "LANG": "nl_BE"}, "nl"),
        ({"LC_ALL": "pt_BR.UTF-8"}, "en"),
        ({"LC_ALL": "C"}, "en"),
        ({"LC_ALL": "", "LC_MESSAGES": "", "LANG": "", "LANGUAGE": "xx:fr_CA:de"}, "fr"),
    ],
)
def test_the_users_language_comes_from_the_locale(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], expected: str
) -> None:
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    assert system_language() == expected
