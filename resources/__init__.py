"""Data installed with Card Table: card art, icons, translations and deal catalogues.

``files()`` gives the folder whether the package is installed as a wheel or run from a checkout.
"""

from importlib.resources import files as _files
from importlib.resources.abc import Traversable


def files() -> Traversable:
    return _files(__name__)
