"""The names of the shell's sound effects, returned by a presenter's ``sound`` (:class:`core.table.MakesSounds`);
a module of its own so the sound player can know them without importing the table model."""

SOUNDS = frozenset({"deal", "card", "trick", "win"})
