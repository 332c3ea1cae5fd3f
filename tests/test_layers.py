"""The layers import only what they may: rules nothing of ours, only ui touches Qt, and
in ui no feature another's; and no module imports one that imports it back, however
far round."""

import ast
from collections import deque
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "phase10_keeper"
ROOT = PACKAGE.parent

ALLOWED_OWN_LAYERS = {
    "rules": {"rules", "collector"},
    "storage": {"rules", "stats", "storage", "resource_files", "files", "language", "collector"},
    "sheet": {"rules", "sheet", "stats", "resource_files", "files", "language"},
    "stats": {"rules", "stats", "language", "collector"},
    "language": {"rules", "language", "resource_files"},
    "companion": {"companion", "rules", "storage", "language", "resource_files"},
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


ENTRY_POINTS = {
    "__main__",
    "cli",
    "command_line",
    "console",
    "desktop_entry",
    "first_start",
    "serve_command",
    "sync_command",
}
"""The command line and the app's start: on top of every layer, and imported by none."""
BESIDE = {"collector", "files", "resource_files"}
"""The leaf modules beside the layers, which any layer may use."""


def _top_level_modules() -> set[str]:
    return {path.stem for path in PACKAGE.glob("*.py")} - {"__init__"}


def test_every_top_level_module_is_an_entry_point_or_beside_the_layers() -> None:
    assert _top_level_modules() == ENTRY_POINTS | BESIDE


def test_no_layer_imports_the_command_line_or_the_start() -> None:
    for path in PACKAGE.rglob("*.py"):
        if path.parent == PACKAGE:
            continue
        for name in _imports(path):
            parts = name.split(".")
            if parts[0] == "phase10_keeper" and len(parts) > 1:
                assert parts[1] not in ENTRY_POINTS, f"{path.relative_to(PACKAGE)} imports {name}"


def test_what_is_beside_the_layers_imports_no_layer() -> None:
    for module in BESIDE:
        for name in _imports(PACKAGE / f"{module}.py"):
            assert not name.startswith("phase10_keeper."), f"{module}.py imports {name}"


def _module_level_imports(path: Path) -> set[str]:
    """What the module imports as it is loaded: not in a function, nor only for the type
    checker (`if TYPE_CHECKING:`)."""
    names: set[str] = set()

    def visit(statements: list[ast.stmt]) -> None:
        for node in statements:
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
            elif isinstance(node, ast.If) and not (
                isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
            ):
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)
            elif isinstance(node, ast.With | ast.ClassDef):
                visit(node.body)

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return names


@pytest.mark.parametrize("module", sorted(ENTRY_POINTS))
def test_the_command_line_loads_no_window_nor_qt_until_a_command_needs_it(module: str) -> None:
    """Every command runs without a display: the window and Qt are imported by the
    function that starts or uses them, never as the command line is loaded."""
    for name in _module_level_imports(PACKAGE / f"{module}.py"):
        top = name.split(".")[:2]
        assert top[0] != "PySide6", f"{module}.py imports {name} as it loads"
        assert top != ["phase10_keeper", "ui"], f"{module}.py imports {name} as it loads"


def test_the_load_check_sees_what_a_module_imports_as_it_loads(tmp_path: Path) -> None:
    module = tmp_path / "entry.py"
    module.write_text(
        "import sys\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from phase10_keeper.ui.app import start\n"
        "try:\n"
        "    from phase10_keeper.ui.game.card_file import card_bytes\n"
        "except ImportError:\n"
        "    import PySide6.QtCore\n"
        "def later():\n"
        "    from phase10_keeper.ui import app\n"
    )
    assert _module_level_imports(module) == {
        "sys",
        "typing",
        "phase10_keeper.ui.game.card_file",
        "PySide6.QtCore",
    }


IO_MODULES = {
    "os",
    "io",
    "pathlib",
    "sqlite3",
    "json",
    "tempfile",
    "shutil",
    "subprocess",
    "socket",
    "asyncio",
}


def _calls_open(path: Path) -> bool:
    """Whether the module calls the built-in `open`."""
    return any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "open"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
    )


@pytest.mark.parametrize("layer", ["rules", "stats"])
def test_pure_layers_do_no_io(layer: str) -> None:
    for path in _modules(layer):
        used = {name.split(".")[0] for name in _imports(path)}
        assert not used & IO_MODULES, f"{path.name} imports {used & IO_MODULES}"
        assert not _calls_open(path), f"{path.name} opens a file"


def test_the_io_check_sees_a_file_opened(tmp_path: Path) -> None:
    module = tmp_path / "reads.py"
    module.write_text("def load(name):\n    with open(name) as stream:\n        return stream\n")
    assert _calls_open(module)


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
    "settings",
    "library_change",
    "window_status",
    "window_focus",
}
UI_TIES = {
    "app",
    "main_window",
    "window_pages",
    "window_navigation",
    "window_menus",
    "window_commands",
    "window_actions",
    "window_undo",
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


def _module_files(root: Path, package: str) -> dict[str, Path]:
    """Each module of the package in `root`, by its dotted name; a package by its own."""
    modules = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join((package, *parts))] = path
    return modules


def _imported_modules(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of `modules` that the module `name` (at `path`) imports anywhere in it,
    in a function or for the type checker alike: each the module named, or the nearest
    package it is in (`from package import name` imports the package)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    named: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            for alias in node.names:
                submodule = f"{module}.{alias.name}"
                named.add(submodule if submodule in modules else module)
    imported = set()
    for module in named:
        while module and module not in modules:
            module = module.rpartition(".")[0]
        if module and module != name:
            imported.add(module)
    return imported


def _circle_through(start: str, imports: dict[str, set[str]]) -> list[str] | None:
    """The shortest way from `start` round to itself through `imports`, the modules in
    import order, `start` at both ends; None if none comes back."""
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        module = queue.popleft()
        for imported in sorted(imports[module]):
            if imported == start:
                way = [module]
                while way[-1] != start:
                    way.append(came_from[way[-1]])
                return [*reversed(way), start]
            if imported not in came_from:
                came_from[imported] = module
                queue.append(imported)
    return None


def _circles(imports: dict[str, set[str]]) -> list[list[str]]:
    """A circle through each module that imports itself however far round; a module on
    a circle already found starts none of its own."""
    circles: list[list[str]] = []
    on_circles: set[str] = set()
    for start in sorted(imports):
        circle = None if start in on_circles else _circle_through(start, imports)
        if circle is not None:
            on_circles.update(circle)
            circles.append(circle)
    return circles


def _import_graph(root: Path, package: str) -> tuple[dict[str, set[str]], dict[str, Path]]:
    modules = _module_files(root, package)
    imports = {name: _imported_modules(name, path, modules) for name, path in modules.items()}
    return imports, modules


def test_no_module_imports_itself_however_far_round() -> None:
    imports, modules = _import_graph(PACKAGE, "phase10_keeper")
    circles = [
        " -> ".join(str(modules[name].relative_to(ROOT)) for name in circle)
        for circle in _circles(imports)
    ]
    if circles:
        pytest.fail("import circles, each file importing the next:\n" + "\n".join(circles))


def test_the_circle_check_sees_a_circle_through_functions_and_relative_imports(
    tmp_path: Path,
) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "top.py").write_text("def later():\n    from pkg.sub import middle\n")
    (package / "sub" / "middle.py").write_text("from . import bottom\n")
    (package / "sub" / "bottom.py").write_text("from ..top import later\nimport json\n")
    (package / "apart.py").write_text("import pkg.sub.bottom\n")
    imports, _ = _import_graph(package, "pkg")
    assert imports["pkg.apart"] == {"pkg.sub.bottom"}
    assert _circles(imports) == [["pkg.sub.bottom", "pkg.top", "pkg.sub.middle", "pkg.sub.bottom"]]
