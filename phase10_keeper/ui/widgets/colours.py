"""The colours the window gives what is wrong and what is doubtful, on any palette."""

ERROR_COLOUR = "#d8483e"
WARNING_COLOUR = "#c98400"
