"""The web layer: blueprints, forms and view models."""
