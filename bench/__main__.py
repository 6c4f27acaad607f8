"""Run the benchmarks, each in its own process so that none inherits another's memory: `python -m bench`.

`python -m bench solver weight` runs only those; the output is Markdown, ready for BENCHMARKS.md.
"""

from __future__ import annotations

import subprocess
import sys

SCRIPTS = ("solver", "pages", "weight")


def main() -> int:
    """Run each benchmark named on the command line (all of them by default); the first failure's status."""
    chosen = sys.argv[1:] or list(SCRIPTS)
    unknown = [name for name in chosen if name not in SCRIPTS]
    if unknown:
        print(f"unknown benchmark {unknown[0]!r}: choose from {', '.join(SCRIPTS)}", file=sys.stderr)
        return 2
    for position, name in enumerate(chosen):
        if position:
            print(flush=True)
        done = subprocess.run([sys.executable, "-m", f"bench.{name}"], check=False)
        if done.returncode:
            return done.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
