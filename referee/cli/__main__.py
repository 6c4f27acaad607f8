"""`python -m referee.cli`, as the tests start it."""

from referee.cli import main

main()
