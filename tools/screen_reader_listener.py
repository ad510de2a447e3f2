"""A screen reader's ears, for ``tools/real_input.py --screen-reader``: listens on the accessibility bus (AT-SPI), as
Orca does, in a process of its own, and prints one JSON line for each announcement any program makes
(``{"announcement": words, "from": name of the object}``) and each changed description (``{"description_changed":
words, "from": …, "focused": whether the object had the focus then}``), the two ways Orca hears what a program says. A
line ``describe NAME`` on its input prints the role and description of the accessible object called NAME (``{"name",
"role", "description"}``, or ``{"missing": NAME}``), as a screen reader reads them.

It runs under the system's Python, which has the AT-SPI bindings (Debian: ``apt-get install python3-pyatspi``),
not the program's; it imports nothing of Card Table.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

DEPTH = 16  # the table lies a dozen objects deep in the window


def say(value: dict[str, Any]) -> None:
    print(json.dumps(value, ensure_ascii=False), flush=True)


def announced(event: Any) -> None:
    say({"announcement": str(event.any_data), "from": event.source.name if event.source is not None else ""})


FOCUS: list[Any] = [None]  # the object that has the focus, as the events so far tell, in their order (as Orca keeps it)


def focus_changed(event: Any) -> None:
    if event.detail1:
        FOCUS[0] = event.source
    elif event.source == FOCUS[0]:
        FOCUS[0] = None


def described(event: Any) -> None:
    source = event.source
    say({"description_changed": str(event.any_data), "from": source.name if source is not None else "",
         "focused": source is not None and source == FOCUS[0]})


def find(node: Any, name: str, depth: int = 0) -> Any:
    if node is None or depth > DEPTH:
        return None
    if node.name == name and depth:
        return node
    for child in node:
        found = find(child, name, depth + 1)
        if found is not None:
            return found
    return None


def command(source: Any, condition: Any) -> bool:
    import pyatspi  # type: ignore[import-not-found]

    line = sys.stdin.readline()
    if not line:  # the program closed our input: done
        pyatspi.Registry.stop()
        return False
    verb, _, name = line.strip().partition(" ")
    if verb == "describe":
        desktop = pyatspi.Registry.getDesktop(0)
        node = next((found for app in desktop if app is not None for found in [find(app, name)] if found), None)
        if node is None:
            say({"missing": name})
        else:
            say({"name": node.name, "role": node.getRoleName(), "description": node.description})
    return True


def main() -> None:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    import pyatspi
    from gi.repository import GLib  # type: ignore[import-not-found]

    pyatspi.Registry.registerEventListener(announced, "object:announcement")
    # as Orca does, which presents a new description of the focused object (and a program tells of a changed
    # description only to listeners of the change; the bindings keep a description read until told it changed)
    pyatspi.Registry.registerEventListener(described, "object:property-change:accessible-description")
    pyatspi.Registry.registerEventListener(focus_changed, "object:state-changed:focused")
    GLib.io_add_watch(sys.stdin, GLib.IO_IN | GLib.IO_HUP, command)
    say({"ready": True})
    pyatspi.Registry.start()


if __name__ == "__main__":
    main()
