"""The services: one module per capability, the only way from the web (and the CLI) to storage and the rules.

Each service function takes the database connection it works on (`connection(path)` gives this thread's), and
decides with the rules engine, reads and writes with storage, and returns values the caller renders. Nothing
here knows about Flask or HTTP.
"""
