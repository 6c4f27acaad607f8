"""Run the benchmarks, each in its own process so that none inherits another's memory: `python -m bench`.

`python -m bench pages weight` runs only those; options after the names go to each of them
(`python -m bench load --duration 15`). The output is Markdown, ready for BENCHMARKS.md.
"""

from __future__ import annotations

import subprocess
import sys

SCRIPTS = ("solver", "pages", "requests", "weight", "load", "race", "club", "serving", "versus")


def main() -> int:
    """Run each benchmark named on the command line (all of them by default); the first failure's status."""
    args = sys.argv[1:]
    split = next((n for n, arg in enumerate(args) if arg.startswith("-")), len(args))
    chosen, options = args[:split] or list(SCRIPTS), args[split:]
    unknown = [name for name in chosen if name not in SCRIPTS]
    if unknown:
        print(f"unknown benchmark {unknown[0]!r}: choose from {', '.join(SCRIPTS)}", file=sys.stderr)
        return 2
    for position, name in enumerate(chosen):
        if position:
            print(flush=True)
        command = " ".join([sys.executable.rsplit("/", 1)[-1], "-m", f"bench.{name}", *options])
        print(f"**`{command}`**\n", flush=True)
        done = subprocess.run([sys.executable, "-m", f"bench.{name}", *options], check=False)
        if done.returncode:
            return done.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
