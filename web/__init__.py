"""The browser layer: renders what the engine reports and turns clicks into its actions."""
