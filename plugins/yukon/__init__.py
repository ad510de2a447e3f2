"""Yukon solitaire (standard and Russian).

Rules, deals, hints and the solver are pure Python; only ``view`` imports Qt.
"""
