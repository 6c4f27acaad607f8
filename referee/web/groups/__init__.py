"""The groups screen: its views, forms and view models."""
