"""The settings dialog, built from a game's :class:`SettingsSchema`: a preset picker that fills in the
options, every option as a widget, and the shell's card-design choice. What the option with the focus (or under
the pointer) does is written under them, so a player moving through by Tab reads it too (and it stays a tooltip)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QRect, Qt, QTimer
from PySide6.QtGui import QIcon, QPalette, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QLabel,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from core.game import GameSpec
from core.settings import CUSTOM, CUSTOM_LABEL, Choice, Number, Toggle
from core.text import Text
from gui.deck import CLASSIC, Theme, installed_themes, qt_draws, theme_by_id
from gui.i18n import phrase, text, tr
from gui.number_box import NumberBox
from gui.prefs import FELT_NAMES, TABLE_TEXT_NAMES
from gui.quiet_moments import QuietMoments
from gui.screen_fit import smallest_size
from gui.scroll_areas import scroll_by_finger, wheel_scrolls_past
from gui.theme import FELTS


class SettingsDialog(QDialog):
    def __init__(self, game: GameSpec, values: dict[str, Any], card_theme: str, parent: QWidget | None = None,
                 sound: bool = False, ends_saved_game: bool = False, felt: str = FELT_NAMES[0],
                 table_text: str = TABLE_TEXT_NAMES[0],
                 sound_notice: Text | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.schema = game.settings
        self.setWindowTitle(tr("settings_title", game=text(game.name)))
        self._updating = False
        self.widgets: dict[str, QWidget] = {}
        self._helps: dict[QWidget, str] = {}
        layout = QVBoxLayout(self)
        options = QWidget()
        form = self.form = QFormLayout(options)
        form.setContentsMargins(0, 0, 0, 0)
        self.options_area = QScrollArea()  # a short screen (200% on a laptop) scrolls the options, not OK off-screen
        self.options_area.setWidgetResizable(True)
        self.options_area.setFrameShape(QFrame.Shape.NoFrame)
        self.options_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.options_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll_by_finger(self.options_area)
        layout.addWidget(self.options_area, 1)

        self.preset = QComboBox()
        self.preset.setObjectName("preset")
        for preset in self.schema.presets:
            self.preset.addItem(text(preset.label), preset.id)
        if self.schema.presets:
            self.preset.addItem(text(CUSTOM_LABEL), CUSTOM)
            form.addRow(tr("preset"), self.preset)
            self.preset.currentIndexChanged.connect(self._preset_chosen)
            self._explain(self.preset, tr("preset_help"))

        for option in self.schema.options:
            widget: QWidget
            if isinstance(option, Toggle):
                box = QCheckBox(text(option.label))
                box.setChecked(bool(values[option.key]))
                box.toggled.connect(self._edited)
                widget = box
                form.addRow(box)
            elif isinstance(option, Choice):
                combo = QComboBox()
                for value, label in option.choices:
                    combo.addItem(text(label), value)
                combo.setCurrentIndex(option.values.index(values[option.key]))
                combo.currentIndexChanged.connect(self._edited)
                widget = combo
                form.addRow(text(option.label), combo)
            elif isinstance(option, Number):
                spin = NumberBox()
                spin.setRange(option.minimum, option.maximum)
                spin.setValue(int(values[option.key]))
                spin.valueChanged.connect(self._edited)
                widget = spin
                form.addRow(text(option.label), spin)
            widget.setObjectName(option.key)
            help_text = option.help
            if isinstance(option, Number):  # a key that would leave the range is refused: say what the range is
                limits = phrase("number_range", low=option.minimum, high=option.maximum)
                help_text = phrase("sentences", first=help_text, then=limits) if help_text.en else limits
            self._explain(widget, text(help_text))
            self.widgets[option.key] = widget

        self.theme = QComboBox()
        self.theme.setObjectName("card_theme")
        self.theme.addItem(tr("theme_classic"), CLASSIC.id)
        installed = installed_themes()
        self._theme_order = {theme.id: n for n, theme in enumerate(installed)}
        self.theme.setMinimumContentsLength(max((len(t.label) for t in installed), default=0))  # wide enough now
        self.theme.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        chosen = theme_by_id(card_theme)  # measured when it was chosen: known at once
        if chosen is not CLASSIC:
            self._offer_theme(chosen)
            self.theme.setCurrentIndex(1)
        self._themes_to_read = [theme for theme in installed if theme.id != chosen.id]
        self._quiet = QuietMoments(self, self.options_area)
        QTimer.singleShot(0, self, self._read_a_theme)
        form.addRow(tr("card_theme"), self.theme)
        self._explain(self.theme, tr("card_theme_help"))
        self.felt = QComboBox()
        self.felt.setObjectName("felt")
        for name in FELT_NAMES:
            swatch = QPixmap(16, 16)
            swatch.fill(FELTS[name])
            self.felt.addItem(QIcon(swatch), tr(f"felt_{name}"), name)
        self.felt.setCurrentIndex(max(0, self.felt.findData(felt)))
        form.addRow(tr("felt"), self.felt)
        self._explain(self.felt, tr("felt_help"))
        self.table_text = QComboBox()
        self.table_text.setObjectName("table_text")
        for name in TABLE_TEXT_NAMES:
            self.table_text.addItem(tr(f"table_text_{name}"), name)
        self.table_text.setCurrentIndex(max(0, self.table_text.findData(table_text)))
        form.addRow(tr("table_text"), self.table_text)
        self._explain(self.table_text, tr("table_text_help"))
        self.sound = QCheckBox(tr("sound_effects"))
        self.sound.setObjectName("sound")
        self.sound.setChecked(sound)
        self._explain(self.sound, tr("sentences", first=phrase("sound_help"), then=sound_notice) if sound_notice
                      else tr("sound_help"))  # why there is no sound where the player looks for it
        form.addRow(self.sound)
        self.options_area.setWidget(options)  # filled first, as QScrollArea wants
        wheel_scrolls_past(self.options_area)
        self.about = QLabel()
        self.about.setObjectName("option_help")
        self.about.setWordWrap(True)
        self.about.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.about.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.about.setText(next(iter(self._helps.values())))  # the first widget's, which has the focus at first
        layout.addWidget(self.about)

        if all(option.at_once for option in self.schema.options):  # no rule to change: nothing starts a new game
            note_text = tr("settings_change_no_game")
        else:
            note_text = tr("settings_ends_saved", game=text(game.name)) if ends_saved_game else tr("settings_new_game")
        at_once = [text(option.label) for option in self.schema.options if option.at_once]
        if at_once:
            note_text += tr("settings_at_once", options=tr("list_separator").join(at_once))
        self.note = QLabel(note_text)
        self.note.setObjectName("settings_note")
        self.note.setWordWrap(True)
        note = self.note
        layout.addWidget(note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("ok"))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("cancel"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._show_preset()
        self._show_applicable()

    def _explain(self, widget: QWidget, help_text: str) -> None:
        """``help_text`` as the widget's tooltip and in the help line while it has the focus or the pointer (an
        option without help empties the line rather than leave another's there)."""
        widget.setToolTip(help_text)
        self._helps[widget] = help_text
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The help line follows the pointer over an option, and the focus when the pointer leaves it."""
        if event.type() in (QEvent.Type.FocusIn, QEvent.Type.Enter) and watched in self._helps:
            self.about.setText(self._helps[watched])
            if event.type() == QEvent.Type.FocusIn and isinstance(watched, QWidget):
                self.options_area.ensureWidgetVisible(watched)  # scrolled to, however the focus came
        elif event.type() == QEvent.Type.Leave:
            self.about.setText(self._helps.get(self.focusWidget(), ""))
        return False

    def showEvent(self, event: Any) -> None:
        """The help line tall enough for the longest help at the dialog's width, so the dialog never jumps as it
        changes; the options all shown where the screen has room, else scrolling in what it leaves."""
        super().showEvent(event)
        width = max(self.about.width(), 1)
        metrics = self.about.fontMetrics()
        self.about.setFixedHeight(max((metrics.boundingRect(QRect(0, 0, width, 10_000), Qt.TextFlag.TextWordWrap,
                                                            help_text).height() for help_text in self._helps.values()),
                                      default=0))
        options = self.options_area.widget()
        assert options is not None
        tallest = smallest_size(0, 10_000, self)[1]  # the screen's free height less the window's frame
        rest = self.sizeHint().height() - self.options_area.sizeHint().height()  # the help, note, buttons, margins
        room = max(tallest - rest, 4 * metrics.height())
        needed = options.sizeHint().height()
        self.options_area.setMinimumHeight(min(needed, room))
        if needed > room:  # it scrolls up and down: room beside the options for the scroll bar, never sideways
            self.options_area.setMinimumWidth(options.sizeHint().width()
                                              + self.options_area.verticalScrollBar().sizeHint().width())
        self.resize(self.width(), min(self.sizeHint().height(), tallest))

    def values(self) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for option in self.schema.options:
            widget = self.widgets[option.key]
            if isinstance(widget, QCheckBox):
                result[option.key] = widget.isChecked()
            elif isinstance(widget, QComboBox):
                result[option.key] = widget.currentData()
            elif isinstance(widget, QSpinBox):
                result[option.key] = widget.value()
        return result

    def card_theme(self) -> str:
        return str(self.theme.currentData())

    def table_colour(self) -> str:
        return str(self.felt.currentData())

    def table_text_size(self) -> str:
        return str(self.table_text.currentData())

    def _read_a_theme(self) -> None:
        """The installed designs join the list one at a time: whether Qt draws one is read the first time it is
        offered (30–100 ms each, a second or two for Debian's thirty), only while the player pauses
        (:mod:`gui.quiet_moments`), and the dialog answers the player meanwhile."""
        if not self._themes_to_read:
            return
        wait = self._quiet.wait_ms()
        if wait == 0:
            theme = self._themes_to_read.pop(0)
            if qt_draws(theme.path):
                self._offer_theme(theme)
        QTimer.singleShot(wait, self, self._read_a_theme)

    def _offer_theme(self, theme: Theme) -> None:
        """``theme`` in the list at its place among the installed designs (after Card Table's own)."""
        place = next((n for n in range(1, self.theme.count())
                      if self._theme_order.get(self.theme.itemData(n), 0) > self._theme_order[theme.id]),
                     self.theme.count())
        self.theme.insertItem(place, theme.label, theme.id)

    def _set_values(self, values: dict[str, Any]) -> None:
        self._updating = True
        for key, value in values.items():
            widget = self.widgets[key]
            if isinstance(widget, QCheckBox):
                widget.setChecked(bool(value))
            elif isinstance(widget, QComboBox):
                widget.setCurrentIndex(widget.findData(value))
            elif isinstance(widget, QSpinBox):
                widget.setValue(int(value))
        self._updating = False
        self._show_applicable()

    def _preset_chosen(self) -> None:
        if self._updating:
            return
        preset_id = self.preset.currentData()
        if preset_id != CUSTOM:
            self._set_values(self.schema.with_preset(self.values(), preset_id))

    def _show_applicable(self) -> None:
        """Grey out each option that means nothing under the others' values (and its label), keeping its value."""
        values = self.values()
        for key, widget in self.widgets.items():
            applies = self.schema.applies(key, values)
            widget.setEnabled(applies)
            label = self.form.labelForField(widget)
            if label is not None:
                label.setEnabled(applies)

    def _edited(self) -> None:
        """A hand edit of an option a preset fixes makes the rules Custom; options that depend on it follow."""
        if self._updating:
            return  # a preset filling in several values: the greying follows once, after the last
        self._show_applicable()
        if not self.schema.presets:
            return
        fixed = {key for preset in self.schema.presets for key in preset.values}
        if any(self.values()[key] != self.schema.with_preset(self.values(), self.preset.currentData()).get(key)
               for key in fixed) or self.preset.currentData() == CUSTOM:
            self._updating = True
            self.preset.setCurrentIndex(self.preset.findData(CUSTOM))
            self._updating = False

    def _show_preset(self) -> None:
        if not self.schema.presets:
            return
        self._updating = True
        self.preset.setCurrentIndex(self.preset.findData(self.schema.preset_of(self.values())))
        self._updating = False
