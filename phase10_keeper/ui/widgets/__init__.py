"""Widgets any page may use: the charts, the label that says what is wrong, the
high-contrast style."""
