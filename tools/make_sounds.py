"""Generates the sound effects in resources/sounds/ (16-bit mono WAV, 22050 Hz) from code, so they are ours
to ship and the same every time they are rebuilt:

    python tools/make_sounds.py

- ``card``: a short papery snap (a noise burst shaped by a fast attack and decay, darkened by a low-pass);
- ``deal``: five quick snaps in a row, like cards going round the table;
- ``trick``: the snap of the last card, then a soft low knock as the trick is swept in;
- ``win``: a bright rising arpeggio (C E G C) on a bell-like tone.
"""

from __future__ import annotations

import argparse
import math
import struct
import sys
import wave
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.cli_options import guarded, output_folder

RATE = 22050
SOUNDS = Path(__file__).resolve().parents[1] / "resources" / "sounds"


class Noise:
    """A small linear congruential generator: the same noise on every machine."""

    def __init__(self, seed: int) -> None:
        self.state = seed

    def next(self) -> float:
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return self.state / 0x3FFFFFFF - 1.0


def silence(seconds: float) -> list[float]:
    return [0.0] * round(seconds * RATE)


def snap(seed: int, seconds: float = 0.045, brightness: float = 0.35, level: float = 0.6) -> list[float]:
    noise = Noise(seed)
    out, low = [], 0.0
    count = round(seconds * RATE)
    for n in range(count):
        t = n / RATE
        envelope = min(1.0, t / 0.002) * math.exp(-t / (seconds / 4))
        low += brightness * (noise.next() - low)  # one-pole low-pass: a paper sound, not a hiss
        out.append(level * envelope * low * 3)
    return out


def knock(seconds: float = 0.12, frequency: float = 180.0, level: float = 0.5) -> list[float]:
    out = []
    for n in range(round(seconds * RATE)):
        t = n / RATE
        envelope = min(1.0, t / 0.003) * math.exp(-t / 0.03)
        out.append(level * envelope * math.sin(2 * math.pi * frequency * t * (1 - 0.4 * t)))
    return out


def bell(frequency: float, seconds: float, level: float = 0.32) -> list[float]:
    out = []
    for n in range(round(seconds * RATE)):
        t = n / RATE
        envelope = min(1.0, t / 0.005) * math.exp(-t / (seconds / 3))
        tone = math.sin(2 * math.pi * frequency * t) + 0.35 * math.sin(2 * math.pi * 2.01 * frequency * t) \
            + 0.12 * math.sin(2 * math.pi * 3.02 * frequency * t)
        out.append(level * envelope * tone / 1.47)
    return out


def mix(*parts: tuple[float, list[float]]) -> list[float]:
    """Samples placed at start times (seconds) and added."""
    length = max(round(start * RATE) + len(samples) for start, samples in parts)
    out = [0.0] * length
    for start, samples in parts:
        offset = round(start * RATE)
        for n, value in enumerate(samples):
            out[offset + n] += value
    return out


def sounds() -> dict[str, list[float]]:
    return {
        "card": snap(7) + silence(0.01),
        "deal": mix(*((0.075 * i, snap(11 + i, level=0.45)) for i in range(5))) + silence(0.01),
        "trick": mix((0.0, snap(3, level=0.45)), (0.06, knock())) + silence(0.01),
        "win": mix(*((0.11 * i, bell(f, 0.5)) for i, f in enumerate((523.25, 659.25, 783.99, 1046.5)))),
    }


def write(path: Path, samples: list[float]) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = min(1.0, 0.9 / peak) * 32767
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(b"".join(struct.pack("<h", round(s * scale)) for s in samples))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=SOUNDS, help=f"folder for the WAV files (default {SOUNDS})")
    out: Path = parser.parse_args().out
    output_folder(out, "the sounds")
    for name, samples in sounds().items():
        write(out / f"{name}.wav", samples)
        print(f"wrote {out / name}.wav ({len(samples) / RATE:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(guarded(main, "make_sounds.py"))
