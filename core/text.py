"""Bilingual text: every string a person sees exists in English and Japanese."""

from __future__ import annotations

from dataclasses import dataclass

LANGUAGES = ("en", "ja")


@dataclass(frozen=True, slots=True)
class Text:
    """A string in English and Japanese; ``get`` picks one (English when the language is unknown)."""

    en: str
    ja: str = ""

    def get(self, language: str) -> str:
        if language == "ja" and self.ja:
            return self.ja
        return self.en

    def __str__(self) -> str:
        return self.en
