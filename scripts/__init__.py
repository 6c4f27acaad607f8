"""Scripts that make committed build output (the icons)."""
