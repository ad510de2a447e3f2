"""Small ELF files made for tests: a shared library of either class and byte order that names the libraries it
needs (``DT_NEEDED``), written from the ELF specification independently of :mod:`core.shared_libraries`."""

from __future__ import annotations

import struct
from pathlib import Path

BASE = 0x10000  # where the one loaded segment (the whole file) is placed in memory


def write_library(path: Path, needs: list[str], wide: bool = True, little: bool = True) -> Path:
    order = "<" if little else ">"
    header_size, entry_size, pair = (64, 56, order + "qQ") if wide else (52, 32, order + "iI")
    strings = b"\0" + b"".join(name.encode() + b"\0" for name in needs)
    offsets, at = [], 1
    for name in needs:
        offsets.append(at)
        at += len(name.encode()) + 1
    strtab_at = header_size + 2 * entry_size
    dynamic_at = strtab_at + len(strings)
    dynamic = b"".join(struct.pack(pair, 1, offset) for offset in offsets)  # DT_NEEDED
    dynamic += struct.pack(pair, 5, BASE + strtab_at) + struct.pack(pair, 10, len(strings))  # DT_STRTAB, DT_STRSZ
    dynamic += struct.pack(pair, 0, 0)  # DT_NULL
    total = dynamic_at + len(dynamic)
    ident = b"\x7fELF" + bytes([2 if wide else 1, 1 if little else 2, 1]) + bytes(9)
    if wide:
        header = ident + struct.pack(order + "HHIQQQIHHHHHH", 3, 62, 1, 0, header_size, 0, 0, header_size,
                                     entry_size, 2, 0, 0, 0)
        load = struct.pack(order + "IIQQQQQQ", 1, 5, 0, BASE, BASE, total, total, 0x1000)
        dyn = struct.pack(order + "IIQQQQQQ", 2, 6, dynamic_at, BASE + dynamic_at, BASE + dynamic_at,
                          len(dynamic), len(dynamic), 8)
    else:
        header = ident + struct.pack(order + "HHIIIIIHHHHHH", 3, 3, 1, 0, header_size, 0, 0, header_size,
                                     entry_size, 2, 0, 0, 0)
        load = struct.pack(order + "IIIIIIII", 1, 0, BASE, BASE, total, total, 5, 0x1000)
        dyn = struct.pack(order + "IIIIIIII", 2, dynamic_at, BASE + dynamic_at, BASE + dynamic_at,
                          len(dynamic), len(dynamic), 6, 4)
    assert len(header) == header_size and len(load) == len(dyn) == entry_size
    path.write_bytes(header + load + dyn + strings + dynamic)
    return path
