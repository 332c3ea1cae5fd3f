"""The geometry every page of a sheet shares: its size for each paper, landscape, and
the margin kept on every side. Sizes are in points (1/72 inch)."""

from reportlab.lib.pagesizes import A4, LETTER, landscape

from phase10_keeper.sheet.paper import Paper

PAGE_SIZES = {Paper.LETTER: landscape(LETTER), Paper.A4: landscape(A4)}

MARGIN = 38.0
"""13.4 mm on every side: inside what common printers can reach."""
