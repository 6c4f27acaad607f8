"""A toy family, Pips, added as docs/architecture.md's walkthrough says and nothing else: every player adds the pips
they scored each round, and the first to the target wins. `tests/web/test_toy_family.py` plays it through the app."""
