"""Players' names as the game keeps and compares them. A module of its own, needing
nothing but Unicode's tables: the statistics of a library compare every name in it, and
load no more of the rules for that."""

import unicodedata

# Letters that Unicode classes as letters or symbols but that draw nothing.
_BLANK_LETTERS = frozenset("\u115f\u1160\u2800\u3164\uffa0")


def clean_name(name: str) -> str:
    """A name as the game keeps it: in composed form (NFC), trimmed at both ends.

    One spelling per name: "Zoë" typed with a combining diaeresis is the same text as
    "Zoë" typed with the precomposed letter, everywhere a name is stored or compared.
    """
    return unicodedata.normalize("NFC", name).strip()


def invisible(character: str) -> bool:
    """Whether a character draws nothing on its own."""
    # Separators (Z*), controls, format characters such as U+200B, and unassigned code
    # points (C*) draw nothing on their own.
    return unicodedata.category(character)[0] in "ZC" or character in _BLANK_LETTERS


def name_key(name: str) -> str:
    """What two names must share to be the same player: case, the normal form, width and
    invisible characters do not count.

    casefold alone keeps the dot of a Turkish capital İ as a combining mark, so "İpek"
    would never match "ipek"; dotted and dotless i are one letter here, since keyboards
    without Turkish letters type either.
    """
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name).casefold())
    folded = folded.replace("i\u0307", "i").replace("\u0131", "i")
    return unicodedata.normalize(
        "NFC", "".join(character for character in folded if not invisible(character))
    )
