"""Entry script of the frozen console program: the same as the phase10-keeper command."""

import sys

from phase10_keeper.cli import main

if __name__ == "__main__":
    sys.exit(main())
