"""The About box names the version, the licence, and shows the icon."""

from phase10_keeper import __version__
from phase10_keeper.ui.dialogs.about_dialog import AboutDialog


def test_about_shows_version_licence_and_icon(qtbot) -> None:
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    assert __version__ in dialog.version.text()
    assert "MIT" in dialog.licence.text()
    pixmap = dialog.icon.pixmap()
    assert not pixmap.isNull()
    assert pixmap.width() >= 96
    assert dialog.windowTitle() == "About Phase 10 Keeper"


def test_about_closes(qtbot) -> None:
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    dialog.reject()
    assert dialog.result() == AboutDialog.DialogCode.Rejected
