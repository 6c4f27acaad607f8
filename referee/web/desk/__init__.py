"""The desk screen: its views, forms and view models."""
