import sys

from phase10_keeper.cli import main

sys.exit(main())
