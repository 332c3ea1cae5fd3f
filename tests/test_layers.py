"""The layers import only what they may: rules nothing of ours, only ui touches Qt, and
in ui no feature another's."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "phase10_keeper"

ALLOWED_OWN_LAYERS = {
    "rules": {"rules", "collector"},
    "storage": {"rules", "stats", "storage", "resource_files", "files", "language", "collector"},
    "sheet": {"rules", "sheet", "stats", "resource_files", "files", "language"},
    "stats": {"rules", "stats", "language"},
    "language": {"rules", "language", "resource_files"},
    "companion": {"companion", "rules", "storage", "language", "resource_files", "command_line"},
    "export": {"export", "rules", "storage"},
}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _modules(layer: str) -> list[Path]:
    return sorted((PACKAGE / layer).rglob("*.py"))


@pytest.mark.parametrize("layer", sorted(ALLOWED_OWN_LAYERS))
def test_layer_imports_only_allowed_layers(layer: str) -> None:
    for path in _modules(layer):
        for name in _imports(path):
            top = name.split(".")[0]
            assert top != "PySide6", f"{path.name} in {layer} imports Qt"
            if top == "reportlab":
                assert layer == "sheet", f"{path.name} in {layer} imports reportlab"
            if top == "phase10_keeper" and "." in name:
                own = name.split(".")[1]
                assert own in ALLOWED_OWN_LAYERS[layer], f"{path.name} imports {name}"


@pytest.mark.parametrize("layer", ["rules", "stats"])
def test_pure_layers_do_no_io(layer: str) -> None:
    forbidden = {"os", "io", "pathlib", "sqlite3", "json", "tempfile", "shutil", "subprocess"}
    for path in _modules(layer):
        used = {name.split(".")[0] for name in _imports(path)}
        assert not used & forbidden, f"{path.name} imports {used & forbidden}"


def test_only_ui_and_sheet_touch_their_libraries() -> None:
    for path in PACKAGE.rglob("*.py"):
        layer = path.relative_to(PACKAGE).parts[0]
        tops = {name.split(".")[0] for name in _imports(path)}
        if layer != "ui":
            assert "PySide6" not in tops, f"{path} imports Qt outside ui/"
        if layer != "sheet":
            assert "reportlab" not in tops, f"{path} imports reportlab outside sheet/"


def test_layer_check_sees_forbidden_imports(tmp_path: Path) -> None:
    module = tmp_path / "bad.py"
    module.write_text("from PySide6.QtCore import QObject\nimport reportlab.pdfgen\n")
    assert {"PySide6.QtCore", "reportlab.pdfgen"} <= _imports(module)


UI = PACKAGE / "ui"
UI_FEATURES = {"game", "library", "players", "new_game", "dialogs"}
UI_SHARED_PACKAGES = {"text", "widgets"}
UI_SHARED_MODULES = {
    "prompts",
    "window_settings",
    "app_icon",
    "import_check",
    "page",
    "appearance",
}
UI_TIES = {
    "app",
    "main_window",
    "window_undo",
    "window_focus",
    "window_language",
    "errors",
    "single_instance",
}
"""What ties the window together: it may import every feature."""


def _ui_parts(path: Path, package: tuple[str, ...] | None = None) -> set[str]:
    """The parts of ui (a package such as `game`, a module such as `prompts`) that the
    module at `path` imports, however it names them: `from phase10_keeper.ui import
    game`, `import phase10_keeper.ui.game.session`, `from ..game import session`.
    `package` is the module's own, which relative imports start from."""
    if package is None:
        package = ("phase10_keeper", *path.relative_to(PACKAGE).parent.parts)
    parts: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name.split(".") for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = list(package[: len(package) - node.level + 1]) if node.level else []
            module = base + (node.module.split(".") if node.module else [])
            names = [[*module, alias.name] for alias in node.names]
        else:
            continue
        parts.update(name[2] for name in names if name[:2] == ["phase10_keeper", "ui"])
    return parts


def test_every_part_of_the_window_is_a_feature_shared_or_what_ties_them() -> None:
    packages = {path.parent.name for path in UI.glob("*/__init__.py")}
    modules = {path.stem for path in UI.glob("*.py")} - {"__init__"}
    assert packages == UI_FEATURES | UI_SHARED_PACKAGES
    assert modules == UI_SHARED_MODULES | UI_TIES


@pytest.mark.parametrize("feature", sorted(UI_FEATURES))
def test_a_feature_of_the_window_imports_no_other_feature(feature: str) -> None:
    allowed = {feature} | UI_SHARED_PACKAGES | UI_SHARED_MODULES
    for path in _modules(f"ui/{feature}"):
        imported = _ui_parts(path)
        assert imported <= allowed, f"{feature}/{path.name} imports {imported - allowed}"


def test_what_the_windows_features_share_imports_no_feature() -> None:
    shared = [path for package in UI_SHARED_PACKAGES for path in _modules(f"ui/{package}")]
    shared += [UI / f"{module}.py" for module in UI_SHARED_MODULES]
    allowed = UI_SHARED_PACKAGES | UI_SHARED_MODULES
    for path in shared:
        imported = _ui_parts(path)
        assert imported <= allowed, f"{path.relative_to(UI)} imports {imported - allowed}"


def test_the_feature_check_sees_every_way_of_naming_a_part(tmp_path: Path) -> None:
    module = tmp_path / "example.py"
    module.write_text(
        "from phase10_keeper.ui import game\n"
        "import phase10_keeper.ui.players.players_view\n"
        "from ..library.games_view import GamesView\n"
        "from . import about_dialog\n"
        "from .. import prompts\n"
        "from phase10_keeper.rules import Game\n"
    )
    parts = _ui_parts(module, ("phase10_keeper", "ui", "dialogs"))
    assert parts == {"game", "players", "library", "dialogs", "prompts"}
