"""The history screen: its views, forms and view models."""
