"""phase10-keeper: keeps score for the card game Phase 10 at a real table."""

__version__ = "0.1.0"
