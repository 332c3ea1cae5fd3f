"""`games show ID --card OUT.png`: the results card from the command line, with no
display, and Qt loaded for that option alone."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from phase10_keeper.storage.library import Library

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "tests" / "data" / "games"


def _finished_game_file() -> Path:
    from phase10_keeper.storage.gamefile import read_game

    for path in sorted(GAMES.glob("*.phase10.json")):
        if path.name.startswith("broken"):
            continue
        from phase10_keeper.rules import Status, replay

        if replay(read_game(path)).final.status is Status.FINISHED:
            return path
    raise AssertionError("the test data holds a finished game")


@pytest.fixture
def library_dir(tmp_path: Path) -> Path:
    from phase10_keeper.storage.gamefile import read_game

    folder = tmp_path / "library"
    with Library.open(folder) as library:
        library.add_game(read_game(_finished_game_file()))
    return folder


def _run(library_dir: Path, *args: str, **environment: str) -> subprocess.CompletedProcess[str]:
    """The command in a process of its own, with no display and no Qt platform set."""
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    env.update(environment)
    return subprocess.run(
        [sys.executable, "-m", "phase10_keeper", "--data-dir", str(library_dir), *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=120,
    )


def test_the_card_is_written_without_a_display(library_dir: Path, tmp_path: Path) -> None:
    from PySide6.QtGui import QImage

    card = tmp_path / "card.png"
    shown = _run(library_dir, "games", "show", "1", "--card", str(card))
    assert (shown.returncode, shown.stderr) == (0, "")
    assert "Player" in shown.stdout, "the standings are printed as without --card"
    image = QImage(str(card))
    assert image.width() == 1080
    assert image.height() > 1080


def test_qts_own_notes_stay_off_stderr(library_dir: Path, tmp_path: Path) -> None:
    """Qt notes a locale that is not UTF-8 on stderr; the command says nothing of it."""
    shown = _run(library_dir, "games", "show", "1", "--card", str(tmp_path / "c.png"), LC_ALL="C")
    assert (shown.returncode, shown.stderr) == (0, "")


def test_games_show_without_a_card_loads_no_qt(library_dir: Path) -> None:
    program = (
        "import sys\n"
        "from phase10_keeper.cli import main\n"
        f"code = main(['--data-dir', {str(library_dir)!r}, 'games', 'show', '1'])\n"
        "assert code == 0\n"
        "assert 'PySide6' not in sys.modules, 'Qt was loaded'\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


def test_a_card_that_cannot_be_written_is_one_error_line(library_dir: Path, tmp_path: Path) -> None:
    shown = _run(library_dir, "games", "show", "1", "--card", str(tmp_path / "no" / "card.png"))
    assert shown.returncode == 2
    assert shown.stderr.splitlines() == [
        f"error: cannot write {tmp_path / 'no' / 'card.png'}: No such file or directory"
    ]


def test_the_command_lines_card_is_the_windows(qapp, tmp_path: Path) -> None:
    """Drawn by the same code, in the same palette, it is the same image."""
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QApplication

    from phase10_keeper.rules import replay
    from phase10_keeper.storage.gamefile import read_game
    from phase10_keeper.ui.game.card_file import card_bytes
    from phase10_keeper.ui.game.result_card import result_card

    game = read_game(_finished_game_file())
    written = tmp_path / "card.png"
    with Library.open(tmp_path / "library") as library:
        game_id = library.add_game(game)
        image = card_bytes(library, game_id, game=game, replayed=replay(game), language="en")
    written.write_bytes(image)
    window = result_card(game, replay(game), QApplication.palette(), QApplication.font())
    assert QImage(str(written)).convertToFormat(window.format()) == window


def test_a_game_that_set_a_record_says_so_on_its_card(qapp, tmp_path: Path) -> None:
    """Marcus's best total, 5 then 2, and Priya's streak of two wins: the card has the
    lines the window's has. The same game alone in a library sets no record, and its
    card is shorter by them."""
    from PySide6.QtGui import QImage

    from phase10_keeper.rules import Cards, Game, Hand, PlayerResult, build_rules, replay
    from phase10_keeper.ui.game.card_file import card_bytes

    players = ("Priya", "Marcus")

    def night(started: str, points: int) -> Game:
        game = Game(players, rules=build_rules(target=1), started=started)
        hand = {
            "Priya": PlayerResult(made=True),
            "Marcus": PlayerResult(made=False, cards=Cards(low=points)),
        }
        return game.with_hand_appended(Hand(went_out="Priya", results=hand))

    heights = []
    for games in (
        [night("2026-11-01T20:00", 5), night("2026-11-08T20:00", 2)],
        [night("2026-11-08T20:00", 2)],
    ):
        with Library.open(tmp_path / str(len(games))) as library:
            ids = [library.add_game(game) for game in games]
            card = tmp_path / f"card-{len(games)}.png"
            last = games[-1]
            image = card_bytes(library, ids[-1], game=last, replayed=replay(last), language="en")
            card.write_bytes(image)
        heights.append(QImage(str(card)).height())
    assert heights[0] > heights[1]


_COMMAND = (sys.executable, "-m", "phase10_keeper", "--data-dir")


def _refusals(library_dir: Path, tmp_path: Path) -> dict[str, str]:
    """Each place a card must not be written, with what the refusal says of it."""
    live = library_dir / "library.sqlite3"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "library.sqlite3").write_bytes(live.read_bytes())
    (elsewhere / "library.sqlite3.revision").write_bytes(
        (library_dir / "library.sqlite3.revision").read_bytes()
    )
    link = tmp_path / "link.png"
    link.symlink_to(live)
    pipe = tmp_path / "pipe.png"
    os.mkfifo(pipe)
    protected = tmp_path / "protected.png"
    protected.write_bytes(b"keep me")
    protected.chmod(0o444)
    [backup] = (library_dir / "backups").iterdir()
    library = "is a game library"
    return {
        str(live): library,
        str(library_dir / "library.sqlite3.revision"): library,
        str(elsewhere / "library.sqlite3"): library,
        str(elsewhere / "library.sqlite3.revision"): library,
        str(link): library,
        str(backup): library,
        str(pipe): "is a named pipe",
        str(protected): "is write-protected",
        "/dev/null": "is a device",
        str(tmp_path): "is a folder",
        f"{tmp_path / 'newdir'}/": "is a folder",
    }


def test_a_card_is_never_written_over_the_library_or_what_no_output_may_replace(
    library_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--card` is checked as every other output is: refused before the library is read
    and before Qt is loaded, with one `error:` line, and nothing is written."""
    from phase10_keeper.cli import main

    refusals = _refusals(library_dir, tmp_path)
    before = {
        path: Path(path).read_bytes()
        for path in refusals
        if Path(path).is_file() and not Path(path).is_fifo()
    }
    for target, said in refusals.items():
        code = main(["--data-dir", str(library_dir), "games", "show", "1", "--card", target])
        out, err = capsys.readouterr()
        assert (code, out) == (2, ""), (target, err)
        assert err.startswith(f"error: {target} {said}"), err
        assert err.count("\n") == 1
    assert {path: Path(path).read_bytes() for path in before} == before
    assert Path(tmp_path / "pipe.png").is_fifo()
    assert not (tmp_path / "newdir").exists()
    shown = main(["--data-dir", str(library_dir), "games", "list"])
    assert (shown, capsys.readouterr().err) == (0, "")


def test_a_dash_sends_the_card_to_standard_output(library_dir: Path, tmp_path: Path) -> None:
    """To a pipe, the PNG alone: the standings would spoil the image."""
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    shown = subprocess.run(
        [*_COMMAND, str(library_dir), "games", "show", "1", "--card", "-"],
        capture_output=True,
        env=env,
        cwd=tmp_path,
        check=False,
        timeout=120,
    )
    assert (shown.returncode, shown.stderr) == (0, b"")
    assert shown.stdout.startswith(b"\x89PNG\r\n\x1a\n")
    assert not (tmp_path / "-").exists()


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
def test_a_dash_refuses_to_print_the_card_on_a_terminal(library_dir: Path, tmp_path: Path) -> None:
    import pty

    controller, terminal = pty.openpty()
    try:
        shown = subprocess.run(
            [*_COMMAND, str(library_dir), "games", "show", "1", "--card", "-"],
            stdout=terminal,
            stderr=subprocess.PIPE,
            text=True,
            cwd=tmp_path,
            check=False,
            timeout=120,
        )
    finally:
        os.close(terminal)
        os.close(controller)
    assert shown.returncode == 2
    assert shown.stderr.splitlines() == [
        "error: a PNG image cannot be shown on a terminal: give --card a file name, "
        "or send standard output to a file or a pipe"
    ]
    assert not (tmp_path / "-").exists()
