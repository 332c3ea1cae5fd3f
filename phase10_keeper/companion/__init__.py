"""Phones at the table: a small web page and API, served on the local network, through
which every player enters their own hand and everyone follows the game live.

Qt-free: `Table` holds the game, the entries sent for the next hand, the keys and the
sessions; `server` serves it with aiohttp; the window and `phase10-keeper serve` each
take the keeper's part.
"""
