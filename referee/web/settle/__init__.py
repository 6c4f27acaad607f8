"""The settle screen: its views, forms and view models."""
