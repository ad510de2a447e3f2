"""How a scrolling area (the rules, the settings, the statistics, the launcher's games) takes a finger and the
wheel.

A finger swiped over it scrolls it with momentum; lifted where it landed, it presses what it landed on. Qt's mouse
events made from a touch would only select text in the rules, and a swipe begun on a button pressed it (New game
started a game, a list of options opened). The wheel over a list or a number inside it scrolls the area, unless
that list or number has the focus: Qt turned the list under the pointer instead, so scrolling down the settings
changed the preset, the opponents and the deal number on the way (and the launcher's language, over the games).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QFocusEvent, QInputDevice, QMouseEvent
from PySide6.QtWidgets import QAbstractScrollArea, QAbstractSpinBox, QApplication, QComboBox, QScroller, QWidget


def scroll_by_finger(area: QAbstractScrollArea) -> None:
    """Let a finger swipe ``area``'s contents along (the mouse and the wheel scroll it as before)."""
    QScroller.grabGesture(area.viewport(), QScroller.ScrollerGestureType.TouchGesture)
    application = QApplication.instance()
    if application is not None:  # the presses of the widgets inside the area too
        application.installEventFilter(_FingerOnArea(area))


def wheel_scrolls_past(area: QAbstractScrollArea) -> None:
    """The lists and numbers now inside ``area`` let the wheel scroll the area while they lack the focus."""
    for kind in (QComboBox, QAbstractSpinBox):
        for widget in area.viewport().findChildren(kind):
            wheel_turns_only_with_focus(widget, area)


def wheel_turns_only_with_focus(widget: QWidget, area: QAbstractScrollArea) -> None:
    """The wheel over ``widget`` (a list, a number) turns it only once the player has given it the focus or used
    it (a click, Tab, a key — not the window opening on it); until then it scrolls ``area``, the page it stands on
    or beside."""
    widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # (the wheel no longer gives it the focus)
    widget.installEventFilter(_WheelPast(widget, area))


CHOSEN = frozenset({Qt.FocusReason.MouseFocusReason, Qt.FocusReason.TabFocusReason,
                    Qt.FocusReason.BacktabFocusReason, Qt.FocusReason.ShortcutFocusReason})


class _WheelPast(QObject):
    def __init__(self, widget: QWidget, area: QAbstractScrollArea) -> None:
        super().__init__(widget)
        self.widget, self.area = widget, area
        self._chosen = False  # the player gave it the focus (its own list coming and going keeps that)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.MouseButtonPress, QEvent.Type.KeyPress):  # used while it had the focus already
            self._chosen = True
        elif kind == QEvent.Type.FocusIn and isinstance(event, QFocusEvent):
            reason = event.reason()
            if reason in CHOSEN:
                self._chosen = True
            elif reason not in (Qt.FocusReason.PopupFocusReason, Qt.FocusReason.ActiveWindowFocusReason):
                self._chosen = False  # the dialog opening on it, a program's own setFocus
        if kind != QEvent.Type.Wheel or (self.widget.hasFocus() and self._chosen):
            return False
        QApplication.sendEvent(self.area.verticalScrollBar(), event)
        return True


class _FingerOnArea(QObject):
    """Holds back the mouse press Qt makes from a finger put down on the area until it is known to be no swipe:
    the finger lifts (a tap) or stays still for a moment (a press held). A swipe scrolls, and what the finger
    landed on is never pressed; meanwhile the moves Qt makes from the finger reach nothing (a button it rested on
    would go down again under it as the contents follow it). A finger that has moved is not still, however late
    the scroller sees it as a swipe (on a busy machine, a swipe begun on a list pressed it and did not scroll)."""

    def __init__(self, area: QAbstractScrollArea) -> None:
        super().__init__(area)
        self.area = area
        self._held: tuple[QWidget, QMouseEvent] | None = None  # the press held back, and whose it is
        self._swiped = False  # the finger down now scrolls the area: nothing under it is pressed
        self._replaying = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(QApplication.styleHints().mousePressAndHoldInterval() // 2)
        self._timer.timeout.connect(self._let_press_go)
        QScroller.scroller(area.viewport()).stateChanged.connect(self._scroller_state)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if (kind not in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseMove, QEvent.Type.MouseButtonRelease)
                or self._replaying or not isinstance(event, QMouseEvent) or not isinstance(watched, QWidget)
                or event.deviceType() != QInputDevice.DeviceType.TouchScreen or not self._inside(watched)):
            return False
        if kind == QEvent.Type.MouseButtonPress:
            if not self._swiped:
                self._held = (watched, event.clone())
                self._timer.start()
            return True
        if kind == QEvent.Type.MouseMove:
            if self._held is not None and (event.globalPosition() - self._held[1].globalPosition()).manhattanLength() \
                    >= QApplication.styleHints().startDragDistance():
                self._timer.stop()
            return self._held is not None or self._swiped
        self._timer.stop()
        if self._swiped:
            self._swiped = False
            return True  # the swipe's end presses nothing
        self._let_press_go()
        return False

    def _inside(self, widget: QWidget) -> bool:
        viewport = self.area.viewport()
        return widget is viewport or viewport.isAncestorOf(widget)

    def _let_press_go(self) -> None:
        """The finger lifted or stayed still: what it landed on is pressed after all."""
        held, self._held = self._held, None
        if held is None:
            return
        self._replaying = True
        try:
            QApplication.sendEvent(held[0], held[1])
        finally:
            self._replaying = False

    def _scroller_state(self, state: QScroller.State) -> None:
        """The contents moved under the finger (a swipe, or a finger put down on them as they glided): what it is
        on is not pressed. (The scroller hears of a touch before the press Qt makes from it arrives.)"""
        if state == QScroller.State.Dragging:
            self._timer.stop()
            self._held, self._swiped = None, True

