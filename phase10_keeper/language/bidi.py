"""Names inside a sentence in any direction: a right-to-left name (Hebrew, Arabic), or one
holding a direction override, must reorder only itself, never the sentence or the list
around it. The window, the phones' page and anything else that shows names to people
wrap each name in Unicode isolates; paper and the terminal show names as they are."""

FIRST_STRONG_ISOLATE = "\u2068"
POP_DIRECTIONAL_ISOLATE = "\u2069"


def isolate(text: str) -> str:
    """`text` wrapped in Unicode isolates, for a name or title inside a sentence: a
    right-to-left name, or one holding a direction override, reorders only itself.
    """
    return f"{FIRST_STRONG_ISOLATE}{text}{POP_DIRECTIONAL_ISOLATE}"
