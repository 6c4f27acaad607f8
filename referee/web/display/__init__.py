"""The table's screen (#44): a laptop's or a television's page on a read-only link of its own, and its view model."""
