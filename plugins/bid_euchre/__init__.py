"""Bid Euchre (six-card auction): a variant of Euchre, delivered as its own plugin."""
