"""Euchre and Bid Euchre. Rules, observations, records and CPU players are pure Python; only ``view`` imports Qt."""
