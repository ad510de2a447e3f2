"""Hook specifications: the plugin author's reference.

A Card Table plugin is a module (or object) with functions named after the hooks below, each marked
with :data:`core.plugin.hookimpl`, published under the entry-point group ``cardtable``::

    [project.entry-points.cardtable]
    mygame = "mygame.plugin"

Every hook receives a *registry* to register into and returns nothing. The host calls each plugin's
hooks separately: if one raises, what it registered in that call is dropped, the error is recorded
against that plugin (the launcher greys it out, ``cardtable plugins`` prints the reason) and every
other plugin carries on. A hook that raises ``core.plugin.TextError(Text(english, japanese))`` has its reason
shown in the player's language. Hooks run once, at start-up, in the order listed here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from core.registry import CommandRegistry, GameRegistry, VariantRegistry

hookspec = pluggy.HookspecMarker("cardtable")


# -------------------------------------------------------------------------------------------------
# Games
# -------------------------------------------------------------------------------------------------


@hookspec
def cardtable_register_games(games: GameRegistry) -> None:
    """Register the games this plugin provides.

    Called once at start-up, before any variant is registered. Call ``games.add(spec)`` with a
    :class:`core.game.GameSpec` per game. A game id already taken by another plugin is refused and
    the refusal is reported against this plugin.

    :param games: the registry to add :class:`~core.game.GameSpec` objects to.
    """


@hookspec
def cardtable_register_variants(variants: VariantRegistry) -> None:
    """Register variants of games, possibly games another plugin provides.

    Called once at start-up, after every plugin's :func:`cardtable_register_games`, so every base
    game is known. Call ``variants.add(spec)`` with a :class:`~core.game.GameSpec` whose
    ``variant_of`` names the base game; ``variants.has_game(id)`` tells whether a base game exists. A
    variant of a game no plugin provides is refused and reported. The launcher lists a variant under
    its base game.

    :param variants: the registry to add variant specs to.
    """


# -------------------------------------------------------------------------------------------------
# Command line
# -------------------------------------------------------------------------------------------------


@hookspec
def cardtable_register_commands(commands: CommandRegistry) -> None:
    """Add subcommands to the ``cardtable`` command line.

    Called once when the command line starts (not by the launcher window). Call
    ``commands.add(name, help, configure, run)``: ``configure(parser)`` adds arguments to an
    ``argparse`` sub-parser, ``run(args)`` does the work and returns the exit status. A name already
    taken (``plugins`` is the host's own) is refused and reported.

    :param commands: the registry to add subcommands to.
    """
