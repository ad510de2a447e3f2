"""Which of the system's shared libraries a part of Qt needs and cannot find, told without loading Qt.

PySide6's wheel brings Qt's own libraries but takes the rest from the system (libxcb's extensions, libEGL,
fontconfig…). When one is missing, Qt aborts with a core dump and advice that names the wrong library ("From
6.5.0, xcb-cursor0 or libxcb-cursor0 is needed" whatever is missing), and an import of a PySide6 module fails with
a traceback. Here the ELF files are read (their ``DT_NEEDED`` entries, through Qt's own libraries beside them) and
each library of the system is looked for as the program would load it, so the launch can name every one missing.
"""

from __future__ import annotations

import ctypes
import struct
from pathlib import Path

DT_NEEDED, DT_STRTAB = 1, 5
PT_LOAD, PT_DYNAMIC = 1, 2


def needed(path: Path) -> list[str]:
    """The libraries an ELF file names as needed (``DT_NEEDED``), in order; empty for a file that is not ELF."""
    with path.open("rb") as elf:
        ident = elf.read(16)
        if ident[:4] != b"\x7fELF" or ident[4] not in (1, 2) or ident[5] not in (1, 2):
            return []
        wide, order = ident[4] == 2, "<" if ident[5] == 1 else ">"
        word = "Q" if wide else "I"
        header = elf.read(48 if wide else 36)
        phoff = struct.unpack_from(order + word, header, 16 if wide else 12)[0]
        phentsize, phnum = struct.unpack_from(order + "HH", header, 38 if wide else 26)
        loads, dynamic = [], None
        for index in range(phnum):
            elf.seek(phoff + index * phentsize)
            entry = elf.read(phentsize)
            if wide:
                kind, _, offset, vaddr, _, filesz = struct.unpack_from(order + "IIQQQQ", entry)
            else:
                kind, offset, vaddr, _, filesz = struct.unpack_from(order + "IIIII", entry)
            if kind == PT_LOAD:
                loads.append((vaddr, offset, filesz))
            elif kind == PT_DYNAMIC:
                dynamic = (offset, filesz)
        if dynamic is None:
            return []
        elf.seek(dynamic[0])
        table = elf.read(dynamic[1])
        pair = struct.Struct(order + word * 2)
        entries = [pair.unpack_from(table, at) for at in range(0, len(table) - pair.size + 1, pair.size)]
        strtab = next((value for tag, value in entries if tag == DT_STRTAB), None)
        base = next((offset + strtab - vaddr for vaddr, offset, size in loads
                     if strtab is not None and vaddr <= strtab < vaddr + size), None)
        if base is None:
            return []
        names = []
        for tag, value in entries:
            if tag == 0:
                break
            if tag == DT_NEEDED:
                elf.seek(base + value)
                names.append(elf.read(256).split(b"\0", 1)[0].decode("utf-8", "replace"))
        return names


def missing(roots: list[Path], bundled: Path) -> list[str]:
    """The system libraries that ``roots`` (and the libraries of ``bundled``, Qt's folder, that they need, all the
    way down) need and this system cannot load, in the order first met."""
    seen: set[str] = set()
    lacking: list[str] = []
    files = list(roots)
    while files:
        for name in needed(files.pop(0)):
            if name in seen:
                continue
            seen.add(name)
            if (bundled / name).is_file():
                files.append(bundled / name)
                continue
            try:
                ctypes.CDLL(name)  # as the dynamic loader would find it; loaded now, it is loaded once for Qt
            except OSError as error:
                first = str(error).partition(":")[0].strip()  # the library the loader could not find (maybe one
                lacking.append(first if ".so" in first and "/" not in first else name)  # of this one's own)
    return list(dict.fromkeys(lacking))


def debian_package(soname: str) -> str:
    """The package that usually holds a library on Debian and Ubuntu, by their naming rule: ``libxcb-shape.so.0``
    → ``libxcb-shape0``, ``libxkbcommon-x11.so.0`` → ``libxkbcommon-x11-0``."""
    name, _, version = soname.partition(".so")
    version = version.lstrip(".").split(".")[0]
    return (name + ("-" if version and name[-1:].isdigit() else "") + version).lower().replace("_", "-")
