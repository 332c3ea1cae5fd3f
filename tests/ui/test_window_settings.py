"""The window comes back where the user left it, across a restart of the app."""

from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QToolBar

from phase10_keeper.ui.window_settings import restore_window_state, save_window_state


def _settings(path: Path) -> QSettings:
    return QSettings(str(path), QSettings.Format.IniFormat)


def _window(qtbot) -> QMainWindow:
    window = QMainWindow()
    window.setObjectName("mainWindow")
    window.setCentralWidget(QLabel("grid"))
    toolbar = QToolBar("Game")
    toolbar.setObjectName("gameToolbar")
    window.addToolBar(toolbar)
    dock = QDockWidget("Standings")
    dock.setObjectName("standingsDock")
    dock.setWidget(QLabel("standings"))
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    qtbot.addWidget(window)
    return window


def test_size_and_layout_survive_a_restart(qtbot, tmp_path: Path) -> None:
    path = tmp_path / "settings.ini"
    first = _window(qtbot)
    # The offscreen screen is 800 by 600: larger windows get clamped on restore.
    first.resize(612, 433)
    toolbar = first.findChild(QToolBar, "gameToolbar")
    assert toolbar is not None
    toolbar.hide()
    save_window_state(first, _settings(path))
    first.close()

    second = _window(qtbot)
    assert restore_window_state(second, _settings(path))
    assert (second.width(), second.height()) == (612, 433)
    toolbar, dock = (
        second.findChild(QToolBar, "gameToolbar"),
        second.findChild(QDockWidget, "standingsDock"),
    )
    assert toolbar is not None
    assert dock is not None
    assert toolbar.isHidden()
    assert not dock.isHidden()


def test_nothing_saved_leaves_the_window_alone(qtbot, tmp_path: Path) -> None:
    window = _window(qtbot)
    window.resize(640, 480)
    assert not restore_window_state(window, _settings(tmp_path / "empty.ini"))
    assert (window.width(), window.height()) == (640, 480)


def test_windows_keep_separate_entries(qtbot, tmp_path: Path) -> None:
    path = tmp_path / "settings.ini"
    main = _window(qtbot)
    main.resize(560, 380)
    other = QLabel("about")
    other.setObjectName("aboutBox")
    qtbot.addWidget(other)
    other.resize(300, 200)
    save_window_state(main, _settings(path))
    save_window_state(other, _settings(path))

    restored = _window(qtbot)
    restore_window_state(restored, _settings(path))
    assert (restored.width(), restored.height()) == (560, 380)
