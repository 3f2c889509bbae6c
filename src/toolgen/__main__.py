"""`python -m toolgen`: the same as the `toolgen` command."""

from toolgen.command import run

run()
