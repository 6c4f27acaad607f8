"""Benchmarks: scripts that time the solver and the pages and weigh the responses, and print what they find.

Run them all with `python -m bench`, or one with `python -m bench.solver`, `bench.pages` or `bench.weight`.
They print figures; they assert nothing (the tests assert behaviour). BENCHMARKS.md keeps the latest figures.
"""
