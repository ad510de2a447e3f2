"""Euchre's table: your hand at the bottom (South), the CPU players' backs around, the trick in the middle,
the score panel and the bidding buttons. A finished trick stays on the table until "Next" (Space)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QGraphicsProxyWidget,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
    QHBoxLayout,
    QPushButton,
    QWidget,
)

from core.cards import SUITS, Card, Suit
from core.session import GameSession
from core.text import Text
from gui.cards import CardItem, ClickableItem
from gui.deck import CARD_RATIO, CardArt
from gui.i18n import language
from gui.view_base import GameView
from plugins.euchre.cards import Ranking, same_colour_suit, sort_hand
from plugins.euchre.model import EuchreState, Move, Phase, Trick
from plugins.euchre.observe import Observation

SOUTH = 0
W = {
    "seat0": Text("You", "あなた"), "seat1": Text("West", "西"), "seat2": Text("North", "北"), "seat3": Text("East", "東"),
    "pass": Text("Pass (X)", "パス (X)"), "order": Text("Order up {suit}", "{suit} を切札に"),
    "alone": Text("Alone (A)", "単独 (A)"), "alone_on": Text("Alone ✓ (A)", "単独 ✓ (A)"),
    "pickup": Text("Pick up", "拾う"), "decline": Text("Leave it", "拾わない"),
    "defend_alone": Text("Defend alone (A)", "守備で単独 (A)"), "next": Text("Next (Space)", "次へ (Space)"),
    "your_bid1": Text("Your call: order up {suit} or pass.", "あなたの番: {suit} を切札にするかパス。"),
    "your_bid2": Text("Your call: name a suit or pass.", "あなたの番: スートを選ぶかパス。"),
    "your_forced": Text("Stick the dealer: you must name a suit.", "配り手強制: スートを選んでください。"),
    "your_discard": Text("Discard one of your original five cards.", "元の5枚から1枚捨ててください。"),
    "your_pickup": Text("Pick up the upcard or leave it.", "公開札を拾うか選んでください。"),
    "your_defend": Text("Play alone against the makers?", "単独で守りますか？"),
    "your_play": Text("Your turn: play a card.", "あなたの番: 札を出してください。"),
    "waiting": Text("{seat} is thinking…", "{seat} が考えています…"),
    "trick_won": Text("{seat} won the trick. Press Next.", "{seat} がトリックを取りました。「次へ」"),
    "hand_over": Text("{summary} Press Next.", "{summary}「次へ」"),
    "thrown_in": Text("Everybody passed: the hand is thrown in.", "全員パス: 配り直し。"),
    "made": Text("{team} made {n} tricks: +{pts}.", "{team} が {n} トリック: +{pts}点。"),
    "euchred": Text("{team} were euchred: +{pts} to {other}.", "{team} はユーカー: {other} に +{pts}点。"),
    "match_over": Text("{team} win the match {a}–{b}!", "{team} の勝ち {a}–{b}！"),
    "ns": Text("You & North", "あなたと北"), "ew": Text("East & West", "東と西"),
    "score": Text("Score", "得点"), "tricks": Text("Tricks", "トリック"), "trump": Text("Trump", "切札"),
    "dealer": Text("dealer", "配り手"), "maker": Text("called", "宣言"), "alone_tag": Text("alone", "単独"),
    "sits_out": Text("sits out", "休み"),
    "bid_pass": Text("pass", "パス"), "bid_order": Text("order up", "切札に"), "bid_order_alone": Text("order up — alone", "切札に・単独"),
    "bid_call": Text("{suit}", "{suit}"), "bid_call_alone": Text("{suit} — alone", "{suit}・単独"),
    "bid_pickup": Text("picks up", "拾う"), "bid_decline": Text("leaves the upcard", "拾わない"),
    "bid_alone": Text("defends alone", "単独で守る"),
}


def w(key: str, **values: object) -> str:
    return W[key].get(language()).format(**values)


def seat_name(seat: int) -> str:
    return w(f"seat{seat}")


class EuchreView(GameView):
    actions = frozenset({"pause", "restart", "new"})
    restart_needs_confirm = True
    restart_keeps_deal = False

    def __init__(self, session: GameSession, art: CardArt) -> None:
        super().__init__(session, art)
        self.card_width = 80.0
        self._size = (900.0, 700.0)
        self.alone_armed = False
        self.review: Trick | None = None  # a finished trick kept on the table until Next
        self.review_text = ""
        self._seen = self._progress(self.state)
        self.items: dict[Card, CardItem] = {}
        self.backs: list[CardItem] = []
        self.labels = [self._text_item() for _ in range(4)]
        self.panel = QGraphicsRectItem()
        self.panel.setBrush(QColor(0, 0, 0, 90))
        self.panel.setPen(QColor(255, 255, 255, 60))
        self.scene.addItem(self.panel)
        self.panel_text = QGraphicsSimpleTextItem(self.panel)
        self.panel_text.setBrush(QColor(255, 255, 255))
        self.buttons_widget = QWidget()
        self.buttons_widget.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)
        self.buttons_layout = QHBoxLayout(self.buttons_widget)
        self.proxy: QGraphicsProxyWidget = self.scene.addWidget(self.buttons_widget)
        self.proxy.setZValue(3000)
        self.buttons: dict[str, QPushButton] = {}

    @property
    def state(self) -> EuchreState:
        return self.session.state  # type: ignore[no-any-return]

    @property
    def obs(self) -> Observation:
        return self.session.observation(SOUTH)  # type: ignore[no-any-return]

    def _text_item(self) -> QGraphicsSimpleTextItem:
        item = QGraphicsSimpleTextItem()
        item.setBrush(QColor(255, 255, 255))
        item.setZValue(2000)
        self.scene.addItem(item)
        return item

    @staticmethod
    def _progress(state: EuchreState) -> tuple[int, int]:
        return (state.number + (1 if state.over else 0), len(state.hand.tricks))

    # -- layout -----------------------------------------------------------------------------------

    def layout(self, width: float, height: float) -> None:
        self._size = (width, height)
        self.card_width = max(30.0, min(width / 11.0, height / (CARD_RATIO * 4.6)))
        self._draw(animate=False)

    def _anchor(self, seat: int) -> QPointF:
        """Where a seat's hand sits."""
        width, height = self._size
        cw, ch = self.card_width, self.card_width * CARD_RATIO
        return {
            0: QPointF(width / 2 - 2.5 * cw * 0.75, height - ch - 0.25 * cw),
            1: QPointF(0.3 * cw, height / 2 - ch / 2 - 0.6 * cw),
            2: QPointF(width / 2 - 2.5 * cw * 0.45, 0.25 * cw),
            3: QPointF(width - 1.3 * cw, height / 2 - ch / 2 - 0.6 * cw),
        }[seat]

    def _trick_spot(self, seat: int) -> QPointF:
        width, height = self._size
        cw, ch = self.card_width, self.card_width * CARD_RATIO
        cx, cy = width / 2 - cw / 2, height / 2 - ch / 2 - 0.2 * cw
        return {0: QPointF(cx, cy + 0.55 * ch), 1: QPointF(cx - 1.1 * cw, cy), 2: QPointF(cx, cy - 0.55 * ch),
                3: QPointF(cx + 1.1 * cw, cy)}[seat]

    def _item(self, card: Card) -> CardItem:
        item = self.items.get(card)
        if item is None:
            item = self.items[card] = CardItem(self.art, card, True, self.card_width)
            item.clicked.connect(self._card_clicked)
            self.scene.addItem(item)
        return item

    # -- drawing ----------------------------------------------------------------------------------

    def refresh(self) -> None:
        progress = self._progress(self.state)
        if progress != self._seen:
            self._start_review(progress)
            self._seen = progress
        self._draw(animate=True)
        self.changed.emit()

    def _start_review(self, progress: tuple[int, int]) -> None:
        state = self.state
        if progress[0] != self._seen[0]:  # a hand ended
            result = state.results[-1]
            if result.thrown_in:
                self.review, self.review_text = None, w("thrown_in")
                return
            plays = [(s, Card.parse(t[5:])) for s, t in result.log if t.startswith("play ")]
            active = 4 - (result.alone is not None) - (result.defender_alone is not None)
            last = tuple(plays[-active:])
            winner = Ranking(result.trump).winner(last)
            self.review = Trick(last[0][0], last, winner)
            assert result.maker is not None
            makers = "ns" if result.maker % 2 == 0 else "ew"
            others = "ew" if makers == "ns" else "ns"
            if result.euchred:
                summary = w("euchred", team=w(makers), pts=max(result.points), other=w(others))
            else:
                summary = w("made", team=w(makers), n=result.maker_tricks, pts=max(result.points))
            if state.over:
                ns, ew = state.scores
                summary += " " + w("match_over", team=w("ns" if ns > ew else "ew"), a=max(ns, ew), b=min(ns, ew))
            self.review_text = w("hand_over", summary=summary)
        else:
            self.review = state.hand.tricks[-1]
            self.review_text = w("trick_won", seat=seat_name(self.review.winner))

    def next(self) -> None:
        """Space / Next: clear the finished trick and let play continue."""
        if self.review is not None or self.review_text:
            self.review, self.review_text = None, ""
            self._draw(animate=True)
            self.changed.emit()

    def ready_for_cpu(self) -> bool:
        return self.review is None and not self.review_text

    def _draw(self, animate: bool) -> None:
        cw = self.card_width
        state, obs = self.state, self.obs
        for item in self.items.values():
            item.hide()
            item.clear_marks()
            item.set_badge("")
        for back in self.backs:
            back.hide()
        ranking = Ranking(obs.trump)
        legal = self.session.legal_moves() if self.session.to_move == SOUTH and self.ready_for_cpu() else []
        playable = {m.card for m in legal if m.card is not None}
        # your hand
        hand = sort_hand(obs.hand, ranking) if obs.trump else sort_hand(obs.hand, Ranking(obs.upcard.suit))
        start = self._anchor(SOUTH)
        for i, card in enumerate(hand):
            item = self._item(card)
            item.set_width(cw)
            item.set_card(card, True)
            item.setZValue(100 + i)
            item.show()
            item.move_to(QPointF(start.x() + i * cw * 0.78, start.y() - (0.15 * cw if card in playable else 0)),
                         animate)
            choosing_card = obs.phase in (Phase.PLAY, Phase.DISCARD) and bool(legal)
            item.set_marks(playable=card in playable, disabled=choosing_card and card not in playable)
            if obs.trump is not None and card == Card(11, same_colour_suit(obs.trump)):
                item.set_badge(obs.trump.symbol, obs.trump.is_red)
        # the others' backs
        counts = [len(h) for h in state.hand.hands]
        needed = sum(counts[1:])
        while len(self.backs) < needed:
            back = CardItem(self.art, None, False, cw)
            self.scene.addItem(back)
            self.backs.append(back)
        n = 0
        for seat in (1, 2, 3):
            anchor = self._anchor(seat)
            for i in range(counts[seat]):
                back = self.backs[n]
                n += 1
                back.set_width(cw * 0.8)
                back.setZValue(50 + i)
                offset = QPointF(i * cw * 0.45, 0) if seat == 2 else QPointF(0, i * cw * 0.32)
                back.setPos(anchor + offset)
                back.setOpacity(0.45 if seat in obs.sitting_out else 1.0)
                back.show()
        # the upcard during bidding
        if obs.phase in (Phase.BID1, Phase.PICKUP) or (obs.phase == Phase.BID2 and not obs.tricks):
            item = self._item(obs.upcard)
            item.set_width(cw)
            item.set_card(obs.upcard, obs.upcard_fate != "down")
            item.setZValue(200)
            item.show()
            item.move_to(self._trick_spot(obs.dealer) * 0.5 + self._centre() * 0.5, animate)
        # the trick on the table
        trick = self.review.plays if self.review is not None else obs.current
        for seat, card in trick:
            item = self._item(card)
            item.set_width(cw)
            item.set_card(card, True)
            item.setZValue(300 + len(trick))
            if not item.isVisible() and animate:
                item.setPos(self._anchor(seat))
            item.show()
            item.move_to(self._trick_spot(seat), animate)
            if self.review is not None and seat == self.review.winner:
                item.set_marks(selected=True)
        self._draw_labels()
        self._draw_panel()
        self._draw_buttons(legal)

    def _centre(self) -> QPointF:
        width, height = self._size
        return QPointF(width / 2 - self.card_width / 2, height / 2 - self.card_width * CARD_RATIO / 2)

    def _draw_labels(self) -> None:
        obs = self.obs
        font = QFont()
        font.setPixelSize(max(11, int(self.card_width * 0.2)))
        last_bid: dict[int, str] = {}
        for seat, text in obs.bids:
            last_bid[seat] = self._bid_words(text)
        for seat, label in enumerate(self.labels):
            tags = [seat_name(seat)]
            if seat == obs.dealer:
                tags.append(w("dealer"))
            if seat in obs.sitting_out:
                tags.append(w("sits_out"))
            elif obs.alone == seat or obs.defender_alone == seat:
                tags.append(w("alone_tag"))
            if seat in last_bid and obs.phase in (Phase.BID1, Phase.BID2, Phase.PICKUP, Phase.DISCARD, Phase.DEFEND):
                tags.append(f"“{last_bid[seat]}”")
            elif obs.maker == seat:
                tags.append(w("maker"))
            label.setFont(font)
            label.setText(" · ".join(tags))
            anchor = self._anchor(seat)
            cw = self.card_width
            if seat == 0:
                label.setPos(anchor.x(), anchor.y() - 0.45 * cw)
            elif seat == 2:
                label.setPos(anchor.x(), anchor.y() + cw * CARD_RATIO * 0.8 + 0.1 * cw)
            elif seat == 3:
                label.setPos(min(anchor.x(), self._size[0] - label.boundingRect().width() - 8), anchor.y() - 0.35 * cw)
            else:
                label.setPos(anchor.x(), anchor.y() - 0.35 * cw)

    def _bid_words(self, text: str) -> str:
        move = Move.parse(text)
        if move.kind == "order":
            return w("bid_order_alone" if move.alone else "bid_order")
        if move.kind == "call" and move.suit is not None:
            return w("bid_call_alone" if move.alone else "bid_call", suit=move.suit.symbol)
        return w(f"bid_{move.kind}")

    def _draw_panel(self) -> None:
        obs = self.obs
        won = obs.tricks_won()
        trump = obs.trump.symbol if obs.trump else "—"
        lines = [
            f"{w('ns')} — {w('ew')}",
            f"{w('score')} (→{obs.options.target}): {obs.scores[0]} — {obs.scores[1]}",
            f"{w('tricks')}: {won[0]} — {won[1]}",
            f"{w('trump')}: {trump}",
        ]
        font = QFont()
        font.setPixelSize(max(11, int(self.card_width * 0.17)))
        self.panel_text.setFont(font)
        self.panel_text.setText("\n".join(lines))
        rect = self.panel_text.boundingRect()
        pad = 8
        self.panel.setRect(QRectF(0, 0, rect.width() + 2 * pad, rect.height() + 2 * pad))
        self.panel_text.setPos(pad, pad)
        self.panel.setPos(8, 8)
        self.panel.setZValue(2500)

    def _draw_buttons(self, legal: list[Move]) -> None:
        for button in self.buttons.values():
            button.hide()
            button.deleteLater()
        self.buttons.clear()
        obs = self.obs
        specs: list[tuple[str, str, object]] = []
        if not self.ready_for_cpu():
            specs.append(("next", w("next"), self.next))
        elif legal and obs.phase in (Phase.BID1, Phase.BID2, Phase.PICKUP, Phase.DEFEND):
            kinds = {m.kind for m in legal}
            if obs.phase == Phase.BID1 and "order" in kinds:
                specs.append(("order", w("order", suit=obs.upcard.suit.symbol), lambda: self.call(obs.upcard.suit)))
            if obs.phase == Phase.BID2:
                for suit in SUITS:
                    if Move("call", suit=suit) in legal:
                        specs.append((f"call-{suit.letter}", suit.symbol, lambda s=suit: self.call(s)))
            if obs.phase == Phase.PICKUP:
                specs += [("pickup", w("pickup"), lambda: self.play(Move("pickup"))),
                          ("decline", w("decline"), lambda: self.play(Move("decline")))]
            if obs.phase == Phase.DEFEND:
                specs.append(("defend-alone", w("defend_alone"), lambda: self.play(Move("alone"))))
            if any(m.alone for m in legal):
                specs.append(("alone", w("alone_on") if self.alone_armed else w("alone"), self.toggle_alone))
            if "pass" in kinds:
                specs.append(("pass", w("pass"), lambda: self.play(Move("pass"))))
        for key, label, action in specs:
            button = QPushButton(label)
            button.setObjectName(key)
            button.clicked.connect(action)
            self.buttons_layout.addWidget(button)
            self.buttons[key] = button
        self.buttons_widget.adjustSize()
        size = self.buttons_widget.sizeHint()
        width, height = self._size
        if "next" in self.buttons:  # beside South's card of the finished trick, so it hides no card
            south = self._trick_spot(0)
            self.proxy.setPos(south.x() + 1.25 * self.card_width,
                              south.y() + self.card_width * CARD_RATIO * 0.75 - size.height() / 2)
        else:
            self.proxy.setPos(width / 2 - size.width() / 2, height - self.card_width * CARD_RATIO * 1.65 - size.height())
        self.proxy.setVisible(bool(specs))

    # -- acting -----------------------------------------------------------------------------------

    def play(self, move: Move) -> bool:
        if self.session.paused or self.session.to_move != SOUTH or not self.ready_for_cpu():
            return False
        if not self.try_play(move):
            return False
        self.alone_armed = False
        self.refresh()
        return True

    def call(self, suit: Suit) -> bool:
        obs = self.obs
        alone = self.alone_armed
        if obs.phase == Phase.BID1:
            if suit != obs.upcard.suit:
                return False
            return self.play(Move("order", alone=alone))
        if obs.phase == Phase.BID2:
            return self.play(Move("call", suit=suit, alone=alone))
        return False

    def toggle_alone(self) -> None:
        if any(m.alone for m in self.session.legal_moves()) and self.session.to_move == SOUTH:
            self.alone_armed = not self.alone_armed
            self._draw(animate=False)
            self.changed.emit()

    def disarm(self) -> None:
        if self.alone_armed:
            self.alone_armed = False
            self._draw(animate=False)
            self.changed.emit()

    def _card_clicked(self, item: ClickableItem) -> None:
        if not isinstance(item, CardItem) or item.card is None:
            return
        if self.review is not None or self.review_text:
            self.next()
            return
        obs = self.obs
        if item.card not in obs.hand:
            return
        kind = "discard" if obs.phase == Phase.DISCARD else "play"
        self.play(Move(kind, card=item.card))

    def background_clicked(self) -> None:
        self.disarm()

    def key_press(self, key: int, key_text: str) -> bool:
        if key == Qt.Key.Key_Space:
            self.next()
            return True
        if key == Qt.Key.Key_Escape:
            self.disarm()
            return True
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_6:
            obs = self.obs
            ranking = Ranking(obs.trump) if obs.trump else Ranking(obs.upcard.suit)
            hand = sort_hand(obs.hand, ranking)
            index = key - Qt.Key.Key_1
            if index < len(hand):
                kind = "discard" if obs.phase == Phase.DISCARD else "play"
                self.play(Move(kind, card=hand[index]))
            return True
        letters = {Qt.Key.Key_S: Suit.SPADES, Qt.Key.Key_H: Suit.HEARTS, Qt.Key.Key_D: Suit.DIAMONDS,
                   Qt.Key.Key_C: Suit.CLUBS}
        if key in letters:
            self.call(letters[key])
            return True
        if key == Qt.Key.Key_X:
            self.play(Move("pass"))
            return True
        if key == Qt.Key.Key_A:
            if self.obs.phase == Phase.DEFEND:
                self.play(Move("alone"))
            else:
                self.toggle_alone()
            return True
        return False

    def status_text(self) -> str:
        if self.review_text:
            return self.review_text
        obs = self.obs
        turn = self.session.to_move
        if turn is None:
            return ""
        if turn != SOUTH:
            return w("waiting", seat=seat_name(turn))
        prompt = {
            Phase.BID1: w("your_bid1", suit=obs.upcard.suit.symbol),
            Phase.BID2: w("your_forced") if Move("pass") not in self.session.legal_moves() else w("your_bid2"),
            Phase.DISCARD: w("your_discard"), Phase.PICKUP: w("your_pickup"), Phase.DEFEND: w("your_defend"),
            Phase.PLAY: w("your_play"),
        }.get(obs.phase, "")
        return f"{prompt} {self.message}".strip()

    def retranslate(self) -> None:
        self._draw(animate=False)
        super().retranslate()


def create_view(session: GameSession, art: CardArt) -> EuchreView:
    return EuchreView(session, art)


__all__ = ["EuchreView", "create_view"]
