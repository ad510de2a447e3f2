"""The moments a trick-taking table of the Euchre family holds for the player, as the session's hold keys:
a finished trick (``trick:H:T``, hand H from 0, trick T from 1), then at the end of a hand its summary
(``hand:H``), then at the end of the match its result (``match``). A hand without tricks (thrown in) has
only its summary."""

from __future__ import annotations

from typing import Any

from core import table as t


def trick_holds(state: Any, playing: bool) -> tuple[str, ...]:
    """The hold keys ``state`` stands at. ``state`` has ``over``, ``number`` (the hand in progress),
    ``results`` (finished hands, each with its ``tricks``) and ``hand`` (with ``log``, ``tricks`` and
    ``current``); ``playing`` says the hand is in its play phase."""
    hand = state.hand
    if state.over or (state.results and not hand.log):
        number = len(state.results) - 1
        last = state.results[-1]
        trick = (f"trick:{number}:{len(last.tricks)}",) if last.tricks else ()
        return (*trick, f"hand:{number}", *(("match",) if state.over else ()))
    if playing and hand.tricks and not hand.current:
        return (f"trick:{state.number}:{len(hand.tricks)}",)
    return ()


def about_previous(hold: str | None, hand_number: int, over: bool) -> bool:
    """Whether the table at ``hold`` shows the hand before the one in progress (hand ``hand_number``): its
    summary, the match's result, or a trick of an earlier hand (the last trick of a finished hand)."""
    return hold is not None and (hold.startswith(("hand:", "match")) or over
                                 or int(hold.split(":")[1]) != hand_number)


def continues(hold: str, event: t.Event) -> bool:
    """Whether ``event`` moves the table on from the held moment ``hold``: a click anywhere, Space or Enter.
    Not at the match's result: it stays until the player picks Play again or Back (its buttons, which the
    table presses itself), so a click meant for nothing in particular cannot leave an empty table behind."""
    if hold == "match":
        return False
    return isinstance(event, t.Click | t.Background) or (isinstance(event, t.Key) and event.name in ("Space", "Enter"))
