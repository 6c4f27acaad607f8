"""Benchmarks: scripts that time the solver and the server, weigh what it sends, load it and race phones on it.

Run them all with `python -m bench`, or one with `python -m bench <name>` (`solver`, `pages`, `weight`, `load`,
`race`). They print figures; they assert nothing (the tests assert behaviour). BENCHMARKS.md keeps the latest
figures. `weight`, `load` and `race` start a real `referee serve` on 127.0.0.1 (see `bench.server`).
"""
