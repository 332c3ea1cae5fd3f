"""The letter of a mnemonic, as Qt reads it."""

from phase10_keeper.ui.widgets.page_mnemonics import mnemonic


def test_the_mnemonic_is_the_letter_after_a_single_ampersand() -> None:
    assert mnemonic("&Ends:") == "e"
    assert mnemonic("Nach &oben") == "o"
    assert mnemonic("Salt && &Pepper") == "p"
    assert mnemonic("Salt && pepper") is None
    assert mnemonic("End&") is None
