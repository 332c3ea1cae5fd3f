"""The window's words: translated from the catalogues (`translate`), text people typed
shown as typed (`escape`), sentences about a game (`wording`), and the language the
window speaks (`language_choice`, `language_menu`)."""
