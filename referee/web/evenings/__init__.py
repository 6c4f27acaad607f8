"""The evenings screen: its views, forms and view models."""
