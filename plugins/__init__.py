"""The built-in game plugins; each registers through the ``cardtable`` entry-point group like any other."""
