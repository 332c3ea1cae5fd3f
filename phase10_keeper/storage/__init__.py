"""Game files (JSON, format version 1) and the game library."""
