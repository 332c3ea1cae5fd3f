"""The phones at a game page's table: View → Phones at the Table starts them through
the page, and the page takes what they send to its form and shows their codes.

The phones' server, its codes and `segno` are imported when the sharing first starts,
not with the page: most games are kept without phones.
"""

import gc
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QDialog, QWidget

from phase10_keeper.ui.game.entry_form import HandEntryForm
from phase10_keeper.ui.game.session import GameSession
from phase10_keeper.ui.prompts import Prompts
from phase10_keeper.ui.text.translate import tr

if TYPE_CHECKING:
    from phase10_keeper.ui.game.phones import PhonesAtTable, PhonesDialog


class PhonesController(QObject):
    """Shares one game page's game with the phones at the table, while asked to: their
    entries fill the page's form (nothing is recorded until the keeper records the hand)
    and the codes window follows the players who join.

    Signal: `sharingChanged(bool)`, whether the phones are shared now.
    """

    sharingChanged = Signal(bool)

    def __init__(
        self, session: GameSession, form: HandEntryForm, prompts: Prompts, page: QWidget
    ) -> None:
        super().__init__(page)
        self._session = session
        self._form = form
        self._prompts = prompts
        self._page = page
        self.shared: PhonesAtTable | None = None
        """The phones' server for the game, while it is shared."""
        self.codes: PhonesDialog | None = None
        """The codes the players scan, while the game is shared."""

    def share(self, show_codes: Callable[[QDialog], object]) -> None:
        """Starts serving the game to the phones and shows their codes through
        `show_codes` (the window keeps them beside it); while it serves, shows the same
        codes again (a late player scans in without the others scanning anew). The
        codes' Stop Sharing ends every phone's session."""
        if self.shared is not None and self.codes is not None:
            self.sharingChanged.emit(True)
            self.codes.show()
            self.codes.activateWindow()
            return
        from phase10_keeper.ui.game.phones import PhonesAtTable, PhonesDialog

        window = self._page.window()
        try:
            shared = PhonesAtTable(self._session, self)
        except OSError as error:
            self.sharingChanged.emit(False)
            reason = error.strerror or str(error)
            self._prompts.warn(
                window, tr("phones.window_title"), tr("phones.window_cannot_start", reason=reason)
            )
            return
        self.shared = shared
        shared.entriesChanged.connect(self._take_entries)
        codes = self.codes = PhonesDialog(shared.links, window, avoid=self._form)
        codes.stopRequested.connect(shared.forget)
        codes.stopRequested.connect(self.stop)
        show_codes(codes)
        # The server, its codes and the modules they loaded (some 30,000 objects) last
        # as long as the sharing: put out of the cycle collector's reach, as the app's
        # start puts the window, or each full pass searches them all again (9 ms), on
        # whichever thread it falls, holding the window's. What of them forms a cycle
        # stays until the app quits.
        gc.freeze()
        self.sharingChanged.emit(True)
        self._take_entries()

    def _take_entries(self) -> None:
        if self.shared is None:
            return
        if self.codes is not None:
            self.codes.follow(self.shared.links)
        self._form.phone_table = self.shared.snapshot
        self._form.take_phone_entries(self.shared.snapshot().pending)

    def stop(self, *, wait: bool = False) -> None:
        """Ends the sharing; the server tells the phones while the window goes on, unless
        `wait` (the app is closing: the phones are told before it ends)."""
        shared, codes = self.shared, self.codes
        self.shared = self.codes = None
        self.sharingChanged.emit(False)
        if shared is not None:
            shared.stop(wait=wait)
            shared.deleteLater()
            self._form.take_phone_entries(None)
        if codes is not None:
            codes.close()
            codes.deleteLater()
