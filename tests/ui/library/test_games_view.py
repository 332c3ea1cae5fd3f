"""The library in the app: the table model, the filter, and open/rename/delete/import,
run against the real game library."""

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QDate, QLocale, QPoint, Qt
from PySide6.QtWidgets import QHeaderView

from phase10_keeper.rules import Cards, Game, Hand, PlayerResult
from phase10_keeper.storage.gamefile import read_game, write_game
from phase10_keeper.storage.library import Library
from phase10_keeper.ui.library.game_files import file_name_for, load_game_file
from phase10_keeper.ui.library.games_view import (
    GAME_ID_ROLE,
    GamesFilterProxy,
    GamesTableModel,
    GamesView,
)
from phase10_keeper.ui.text.escape import isolate
from phase10_keeper.ui.text.wording import date_time_text

from ..answers import Answers

_opened: list[Library] = []


@pytest.fixture(autouse=True)
def _close_libraries():
    yield
    while _opened:
        _opened.pop().close()


def _empty_library() -> Library:
    # The shared test set-up points the library at a fresh folder for every test.
    library = Library.open()
    _opened.append(library)
    return library


def _hand(went_out: str, players: tuple[str, ...]) -> Hand:
    return Hand(
        went_out=went_out,
        results={
            name: PlayerResult(made=True)
            if name == went_out
            else PlayerResult(made=False, cards=Cards(low=10))
            for name in players
        },
    )


def _library() -> Library:
    library = _empty_library()
    library.add_game(Game(("Priya", "Marcus"), title="Monday", started="2026-11-23T19:00:00+00:00"))
    players = ("Kwame", "Dana", "Priya")
    library.add_game(
        Game(
            players,
            title="Friday night",
            started="2026-11-27T20:00:00+00:00",
            hands=(_hand("Dana", players),),
        )
    )
    library.add_game(Game(("Ann", "Bo"), title="Sunday", started="2026-11-29T15:00:00+00:00"))
    return library


def _view(qtbot, library=None, answers=None) -> tuple[GamesView, Library, Answers]:
    library = library or _library()
    answers = answers or Answers()
    view = GamesView(library, answers)
    qtbot.addWidget(view)
    return view, library, answers


def test_table_model_passes_the_model_tester(qtmodeltester) -> None:
    model = GamesTableModel()
    model.set_games(_library().list_games())
    qtmodeltester.check(model)
    assert model.rowCount() == 3
    assert model.index(0, GamesTableModel.TITLE).data() == "Sunday"
    assert model.index(1, GamesTableModel.PLAYERS).data() == ", ".join(
        isolate(name) for name in ("Kwame", "Dana", "Priya")
    )
    assert model.index(1, GamesTableModel.HANDS).data() == "1"
    assert model.index(1, GamesTableModel.STATUS).data() == "In progress"
    assert model.index(1, 0).data(GAME_ID_ROLE) == 2


def test_columns_are_sized_from_the_longest_texts_each_value_worded_once() -> None:
    library = _library()
    library.delete_game(1)
    model = GamesTableModel()
    model.set_games([*library.list_games(), *library.list_games(deleted=True)])
    for column in (GamesTableModel.HANDS, GamesTableModel.STATUS):
        shown = {model.index(row, column).data() for row in range(model.rowCount())}
        assert sorted(model.longest_texts(column, 5)) == sorted(shown)
    assert "Deleted" in model.longest_texts(GamesTableModel.STATUS, 5)
    assert model.longest_texts(GamesTableModel.TITLE, 1) == ["Friday night"]


def test_a_right_to_left_name_keeps_the_order_of_the_players_listed() -> None:
    library = _empty_library()
    library.add_game(Game(("Priya", "עמית", "Marcus")))
    model = GamesTableModel()
    model.set_games(library.list_games())
    # Each name isolated: the Hebrew name cannot carry the comma and the next name
    # over to its side.
    expected = ", ".join(isolate(name) for name in ("Priya", "עמית", "Marcus"))
    assert model.index(0, GamesTableModel.PLAYERS).data() == expected


def test_dates_follow_the_locale(german_locale) -> None:
    library = _library()
    model = GamesTableModel()
    model.set_games(library.list_games())
    day = german_locale.toString(QDate(2026, 11, 29), QLocale.FormatType.ShortFormat)
    assert re.fullmatch(rf"{re.escape(day)} \d\d:\d\d", model.index(0, GamesTableModel.DATE).data())
    library.delete_game(3)
    model.set_games(library.list_games(deleted=True))
    tip = model.index(0, GamesTableModel.STATUS).data(Qt.ItemDataRole.ToolTipRole)
    assert re.fullmatch(r"Deleted on \d\d\.\d\d\.\d\d", tip)


def test_a_game_without_a_start_date_shows_when_it_entered_the_library() -> None:
    # A game file need not say when the game started; `games list` then shows the day it
    # was imported, and the window must too, rather than an empty Date cell.
    library = _empty_library()
    library.add_game(Game(("Ann", "Bo"), title="Imported"))
    library.add_game(Game(("Ann", "Bo"), title="Long ago", started="2000-01-01T19:00:00+00:00"))
    entered = next(game.created for game in library.list_games() if game.title == "Imported")
    assert entered
    model = GamesTableModel()
    model.set_games(library.list_games())
    model.sort(GamesTableModel.DATE, Qt.SortOrder.DescendingOrder)
    assert model.index(0, GamesTableModel.TITLE).data() == "Imported"
    assert model.index(0, GamesTableModel.DATE).data() == date_time_text(entered)


def test_filter_proxy_keeps_games_of_a_player(qtmodeltester) -> None:
    model = GamesTableModel()
    model.set_games(_library().list_games())
    proxy = GamesFilterProxy()
    proxy.setSourceModel(model)
    proxy.set_filter_text("  PRIYA ")
    qtmodeltester.check(proxy)
    titles = sorted(proxy.index(row, 0).data() for row in range(proxy.rowCount()))
    assert titles == ["Friday night", "Monday"]
    proxy.set_filter_text("sun")
    assert proxy.rowCount() == 1
    proxy.set_filter_text("")
    assert proxy.rowCount() == 3


def test_view_lists_newest_first_and_filters(qtbot) -> None:
    view, _, _ = _view(qtbot)
    assert view.proxy.index(0, 0).data() == "Sunday"
    qtbot.keyClicks(view.search, "dana")
    assert view.proxy.rowCount() == 1
    view.set_filter_text("nobody")
    assert view.table.isHidden()
    assert "nobody" in view.empty_label.text()


def _column(view: GamesView, column: int) -> list[str]:
    return [view.proxy.index(row, column).data() for row in range(view.proxy.rowCount())]


def test_clicking_a_header_sorts_by_that_column_keeping_the_selection(qtbot, qtmodeltester) -> None:
    view, library, _ = _view(qtbot)
    view.select_game(2)
    header = view.table.horizontalHeader()
    qtbot.mouseClick(
        header.viewport(),
        Qt.MouseButton.LeftButton,
        pos=QPoint(header.sectionViewportPosition(GamesTableModel.TITLE) + 5, 5),
    )
    assert _column(view, GamesTableModel.TITLE) == ["Friday night", "Monday", "Sunday"]
    assert view.selected_id() == 2
    view.table.sortByColumn(GamesTableModel.HANDS, Qt.SortOrder.DescendingOrder)
    assert _column(view, GamesTableModel.HANDS) == ["1", "0", "0"]
    # Equal keys keep the order they had: by title.
    assert _column(view, GamesTableModel.TITLE) == ["Friday night", "Monday", "Sunday"]
    qtmodeltester.check(view.proxy)
    # A game added elsewhere comes in at its place in the order chosen.
    players = ("Ann", "Bo")
    hands = tuple(_hand("Ann", players) for _ in range(3))
    library.add_game(Game(players, title="Long one", hands=hands))
    view.refresh()
    assert _column(view, GamesTableModel.TITLE)[0] == "Long one"
    assert view.selected_id() == 2


def test_columns_fit_their_longest_text_without_measuring_every_row(qtbot) -> None:
    library = _library()
    long_title = "The longest evening of the whole winter"
    library.add_game(Game(("Ann", "Bo"), title=long_title, started="2026-01-01T19:00:00+00:00"))
    view, _, _ = _view(qtbot, library)
    width = view.table.columnWidth(GamesTableModel.TITLE)
    assert width >= view.table.fontMetrics().horizontalAdvance(long_title)
    assert view.table.columnWidth(GamesTableModel.HANDS) < width / 2
    header = view.table.horizontalHeader()
    assert header.sectionResizeMode(GamesTableModel.TITLE) is QHeaderView.ResizeMode.Interactive


def test_view_opens_the_selected_game(qtbot) -> None:
    view, _, _ = _view(qtbot)
    assert not view.open_action.isEnabled()
    assert view.select_game(2)
    with qtbot.waitSignal(view.openRequested) as opened:
        qtbot.mouseClick(view.buttons[view.open_action], Qt.MouseButton.LeftButton)
    assert opened.args == [2]


def test_view_renames(qtbot) -> None:
    view, library, answers = _view(qtbot)
    view.select_game(1)
    answers.text_answer = "  Monday rematch "
    view.rename_action.trigger()
    assert library.load_game(1).title == "Monday rematch"
    assert view.selected_id() == 1
    assert view.proxy.index(2, 0).data() == "Monday rematch"
    answers.text_answer = None
    view.rename_action.trigger()
    assert library.load_game(1).title == "Monday rematch"


def test_view_deletes_after_confirmation_and_undoes(qtbot) -> None:
    view, library, answers = _view(qtbot)
    view.select_game(3)
    answers.confirm_answer = False
    view.delete_action.trigger()
    assert library.list_games(deleted=True) == []
    assert not view.undo_stack.canUndo()

    answers.confirm_answer = True
    with qtbot.waitSignal(view.changes.changed):
        qtbot.mouseClick(view.buttons[view.delete_action], Qt.MouseButton.LeftButton)
    assert [game.id for game in library.list_games(deleted=True)] == [3]
    assert "Sunday" in answers.asked[-1]
    assert view.proxy.rowCount() == 2
    assert view.undo_stack.undoText() == f"Delete “{isolate('Sunday')}”"
    assert f"Deleted “{isolate('Sunday')}”" in view.notice.text()

    view.undo_stack.undo()
    assert library.list_games(deleted=True) == []
    assert view.selected_id() == 3
    assert not view.undo_stack.canUndo()
    view.undo_stack.redo()
    assert [game.id for game in library.list_games(deleted=True)] == [3]


def test_after_a_delete_the_game_below_is_selected(qtbot) -> None:
    # Delete, then Delete or Enter again, from the keyboard: the deleted game's row is
    # taken by the next, or by the last when it was the last, and the actions stay on.
    view, library, answers = _view(qtbot)
    answers.confirm_answer = True
    assert _column(view, GamesTableModel.TITLE) == ["Sunday", "Friday night", "Monday"]
    view.select_game(3)
    view.delete_action.trigger()
    assert view.selected_id() == 2
    assert view.delete_action.isEnabled()
    view.select_game(1)
    view.delete_action.trigger()
    assert view.selected_id() == 2
    view.delete_action.trigger()
    assert library.list_games() == []
    assert view.selected_id() is None


def test_import_of_a_good_file(qtbot, tmp_path: Path) -> None:
    view, library, answers = _view(qtbot)
    players = ("Zoe", "Yan")
    good = tmp_path / "good.phase10.json"
    write_game(good, Game(players, title="Imported", hands=(_hand("Zoe", players),)))
    answers.open_answer = good
    view.set_filter_text("priya")
    view.import_action.trigger()
    assert view.selected_id() == 4
    assert library.load_game(4).title == "Imported"
    assert view.search.text() == ""
    assert view.selected_id() == 4
    assert answers.warnings == []


def test_import_of_a_bad_file_shows_the_command_line_message(qtbot, tmp_path: Path) -> None:
    view, library, answers = _view(qtbot)
    bad = tmp_path / "bad.phase10.json"
    bad.write_text('{"format": "phase10-keeper/game", "version": 1, "players": ["A"], "hands": []}')
    assert view.import_file(bad) is None
    assert len(library.list_games()) == 3
    assert answers.warnings[0].startswith(f"{bad}: ")
    assert "players" in answers.warnings[0]


def test_import_of_an_impossible_hand_names_it(qtbot, tmp_path: Path) -> None:
    view, _, answers = _view(qtbot)
    players = ("Zoe", "Yan")
    impossible = Hand(
        went_out="Zoe",
        results={
            "Zoe": PlayerResult(made=True),
            "Yan": PlayerResult(made=False, cards=Cards(low=11)),
        },
    )
    path = tmp_path / "impossible.phase10.json"
    write_game(path, Game(players, hands=(impossible,)))
    assert view.import_file(path) is None
    assert "hand 1" in answers.warnings[0]
    assert "Yan" in answers.warnings[0]


def test_export_writes_a_game_file(qtbot, tmp_path: Path) -> None:
    view, library, answers = _view(qtbot)
    view.select_game(2)
    answers.save_answer = tmp_path / "out.phase10.json"
    assert view.export_selected() == answers.save_answer
    assert answers.asked[-1] == "Friday night.phase10.json"
    assert read_game(answers.save_answer) == library.load_game(2)


def test_export_to_an_unwritable_place_warns(qtbot, tmp_path: Path) -> None:
    view, _, answers = _view(qtbot)
    view.select_game(1)
    assert view.export_selected(tmp_path / "missing" / "out.phase10.json") is None
    assert "Cannot write" in answers.warnings[0]


def test_load_game_file_matches_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "notjson.phase10.json"
    path.write_text("{")
    with pytest.raises(Exception, match=r"notjson\.phase10\.json: "):
        load_game_file(path)


def test_file_name_for_strips_unsafe_characters() -> None:
    assert file_name_for('Fri/Sat: "final"') == "Fri_Sat_ _final_.phase10.json"
    assert file_name_for("") == "game.phase10.json"


def test_empty_library_says_what_to_do(qtbot) -> None:
    view, _, _ = _view(qtbot, library=_empty_library())
    assert view.table.isHidden()
    assert "No saved games yet" in view.empty_label.text()


def test_view_inputs_have_accessible_names(qtbot) -> None:
    view, _, _ = _view(qtbot)
    assert view.search.accessibleName()
    assert view.table.accessibleName()
    assert view.show_deleted.accessibleName()


def test_table_model_marks_deleted_games(qtmodeltester) -> None:
    library = _library()
    library.delete_game(2)
    model = GamesTableModel()
    model.set_games([*library.list_games(), *library.list_games(deleted=True)])
    qtmodeltester.check(model)
    row = model.row_of(2)
    assert row is not None
    assert model.is_deleted(row)
    assert model.index(row, GamesTableModel.STATUS).data() == "Deleted"
    assert model.index(row, GamesTableModel.STATUS).data(Qt.ItemDataRole.ToolTipRole)
    assert model.index(row, GamesTableModel.TITLE).data(Qt.ItemDataRole.FontRole).italic()
    live = model.row_of(1)
    assert live is not None
    assert model.index(live, GamesTableModel.STATUS).data() == "In progress"
    assert model.index(live, GamesTableModel.TITLE).data(Qt.ItemDataRole.FontRole) is None


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_game_deleted_before_a_restart_can_be_restored(qtbot) -> None:
    view, library, answers = _view(qtbot)
    view.select_game(3)
    view.delete_action.trigger()
    assert "restore" in answers.asked[-1]
    assert not view.buttons[view.restore_action].isVisibleTo(view)

    # A fresh view over a freshly opened library is the app after a restart: Undo
    # has nothing to offer, and the game is not listed.
    restarted, _, _ = _view(qtbot, library=_empty_library(), answers=answers)
    assert not restarted.undo_stack.canUndo()
    assert restarted.model.row_of(3) is None

    restarted.show()
    qtbot.waitExposed(restarted)
    qtbot.mouseClick(restarted.show_deleted, Qt.MouseButton.LeftButton)
    assert restarted.buttons[restarted.restore_action].isVisibleTo(restarted)
    assert restarted.proxy.rowCount() == 3
    assert restarted.select_game(3)
    assert restarted.selected_is_deleted()
    assert restarted.restore_action.isEnabled()
    for action in (restarted.open_action, restarted.rename_action, restarted.delete_action):
        assert not action.isEnabled()
    with qtbot.assertNotEmitted(restarted.openRequested):
        restarted.open_selected()

    qtbot.mouseClick(restarted.buttons[restarted.restore_action], Qt.MouseButton.LeftButton)
    assert restarted.undo_stack.undoText() == f"Restore “{isolate('Sunday')}”"
    assert f"Restored “{isolate('Sunday')}”" in restarted.notice.text()
    assert library.list_games(deleted=True) == []
    assert restarted.selected_id() == 3
    assert not restarted.restore_action.isEnabled()
    assert restarted.open_action.isEnabled()

    restarted.show_deleted.setChecked(False)
    assert restarted.proxy.rowCount() == 3
    assert restarted.selected_id() == 3
    assert not restarted.selected_is_deleted()


def test_restoring_a_game_is_undone_like_a_delete(qtbot) -> None:
    view, library, _ = _view(qtbot)
    view.show_deleted.setChecked(True)
    view.select_game(1)
    view.delete_action.trigger()
    assert view.selected_id() == 1, "the deleted game stays listed and selected"
    assert view.selected_is_deleted()
    view.restore_action.trigger()
    assert [game.id for game in library.list_games()] == [3, 2, 1]
    view.undo_stack.undo()
    assert [game.id for game in library.list_games(deleted=True)] == [1]
    view.undo_stack.undo()
    assert [game.id for game in library.list_games()] == [3, 2, 1]


def test_a_library_of_only_deleted_games_says_how_to_get_them_back(qtbot) -> None:
    library = _empty_library()
    game_id = library.add_game(Game(("Ann", "Bo"), title="Gone"))
    library.delete_game(game_id)
    view, _, _ = _view(qtbot, library=library)
    assert view.table.isHidden()
    assert "Show deleted games" in view.empty_label.text()
    view.show_deleted.setChecked(True)
    assert not view.table.isHidden()


def test_export_csv_writes_the_selected_game(qtbot, tmp_path: Path) -> None:
    view, library, answers = _view(qtbot)
    view.select_game(2)
    answers.save_answer = tmp_path / "hands"
    assert view.export_csv() == tmp_path / "hands.csv"
    assert answers.asked[-1] == "Friday night.csv"
    uid = library.game_uid(2)
    assert uid is not None
    assert (tmp_path / "hands.csv").read_bytes().decode("utf-8") == (
        "game,uid,hand,player,dealer,went_out,made,phase,points,total\r\n"
        f"2,{uid},1,Kwame,yes,no,no,1,50,50\r\n"
        f"2,{uid},1,Dana,no,yes,yes,1,0,0\r\n"
        f"2,{uid},1,Priya,no,no,no,1,50,50\r\n"
    )
    assert "hands.csv" in view.notice.text()


def test_export_csv_without_a_selection_writes_every_game_listed(qtbot, tmp_path: Path) -> None:
    view, _, answers = _view(qtbot)
    view.table.clearSelection()
    assert view.export_csv_action.isEnabled()
    answers.save_answer = tmp_path / "all.csv"
    assert view.export_csv() == answers.save_answer
    assert answers.asked[-1] == "Phase 10 games.csv"
    lines = answers.save_answer.read_text(encoding="utf-8").splitlines()
    # One header; only game 2 has hands.
    assert lines[0].startswith("game,uid,")
    assert [line.split(",")[0] for line in lines[1:]] == ["2", "2", "2"]
    # Filtered to games none of which has a hand: a file with the header alone.
    view.set_filter_text("Sunday")
    assert view.export_csv(tmp_path / "sunday.csv") == tmp_path / "sunday.csv"
    assert (tmp_path / "sunday.csv").read_text(encoding="utf-8").count("\n") == 1


def test_export_csv_to_an_unwritable_place_warns(qtbot, tmp_path: Path) -> None:
    view, _, answers = _view(qtbot)
    view.select_game(2)
    assert view.export_csv(tmp_path / "missing" / "out.csv") is None
    assert "Cannot write" in answers.warnings[0]


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_keys_come_back_to_the_games_when_undo_brings_the_only_game_back(qtbot) -> None:
    """Found by hand: deleting the only game hides the empty list, and the keys passed on
    to a button; once Ctrl+Z brought the game back, selected, Return opened nothing."""
    library = _empty_library()
    game_id = library.add_game(Game(("Priya", "Marcus"), title="Monday"))
    view, _, _ = _view(qtbot, library)
    view.show()
    qtbot.waitExposed(view)
    view.select_game(game_id)
    view.table.setFocus()
    qtbot.waitUntil(view.table.hasFocus)
    view.delete_selected()
    assert not view.table.isVisible()
    view.undo_stack.undo()
    assert view.selected_id() == game_id
    assert view.table.hasFocus()
    with qtbot.waitSignal(view.openRequested) as opened:
        qtbot.keyClick(view.table, Qt.Key.Key_Return)
    assert opened.args == [game_id]
