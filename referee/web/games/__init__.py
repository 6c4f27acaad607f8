"""The games screen: its views, forms and view models."""
