"""Entry script of the frozen windowed app: the same as the phase10-keeper-app command."""

import sys

from phase10_keeper.cli import main_gui

if __name__ == "__main__":
    sys.exit(main_gui())
