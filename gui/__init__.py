"""The Qt shell: launcher, settings dialog, shared card items, pause overlay and translations.

The only package (with the plugins' view modules) that imports PySide6.
"""
