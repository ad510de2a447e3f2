"""A plugin view that fails while being built (for the shell's error-handling test)."""


def create_view(session: object, art: object) -> object:
    raise RuntimeError("the view broke")
