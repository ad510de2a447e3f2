"""Card Table's core: the plugin contract, cards, settings, saves and the game session — never Qt.

Plugin authors import from :mod:`core.plugin`; everything else here is the host's machinery.
"""

__version__ = "0.1.0"
