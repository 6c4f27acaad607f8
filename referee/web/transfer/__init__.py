"""The transfer screen: its views, forms and view models."""
