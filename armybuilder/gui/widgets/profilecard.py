"""The profile card of the unit chosen in the browser: stat lines, characteristics, skills and
equipment, the table of its options (which can be added to the list from here too), and the weapons of
the option chosen (the one highlighted in the options table) with their range bands, PS, burst,
ammunition, saving attribute and traits. Hovering a weapon's name shows its profile."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QAction,
    QColor,
    QCursor,
    QHideEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPixmap,
    QRegion,
    QResizeEvent,
    QShowEvent,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QFrame,
    QHeaderView,
    QLabel,
    QScrollArea,
    QScrollBar,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionSlider,
    QStyleOptionViewItem,
    QTableView,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from armybuilder.domain.packs import SeasonPack
from armybuilder.domain.profiles import Unit, readable_name
from armybuilder.gui import icons
from armybuilder.gui.fonts import set_font
from armybuilder.gui.labels import category_name, item_label, item_labels, option_detail, type_name
from armybuilder.gui.language import Retranslating
from armybuilder.gui.models.profile import OptionColumn, OptionRole, OptionTableModel, ProfileStatsModel
from armybuilder.gui.models.units import OptionEntry, UnitEntry
from armybuilder.gui.models.weapons import WeaponTableModel
from armybuilder.gui.weapons import WeaponBook, carried_weapons
from armybuilder.gui.widgets.parts import size_columns
from armybuilder.gui.widgets.quiet import set_visible
from armybuilder.i18n import language, tr
from armybuilder.rules.categories import added_categories, own_categories

Index = QModelIndex | QPersistentModelIndex
KEPT_PAGES = 6
"""Pages the card keeps, laid out, of the units shown last that the list does not have (browsing): the one
shown longest ago is refilled for the next."""
MOST_PAGES = 24
"""Most pages the card keeps in all: those of the list's units (kept while the list has them, so that an
undo, redo or move turns to one laid out however much the player browsed meanwhile) and those browsed."""
PREPARE_AFTER_MS = 400
"""How long the app is left alone before the card prepares the pages of the units the list has; then it
prepares one page per turn of the event loop, until the player does something (which restarts the wait)."""
PADDING = 4
ICON = 16


class LoadoutDelegate(QStyledItemDelegate):
    """An option's loadout cell: its name where it tells options apart (bold, once per run), the
    weapons, then skills and equipment in a quieter line; wrapped to the column's width."""

    def __init__(self, parent: QTableView) -> None:
        super().__init__(parent)
        self._sizes: dict[tuple[object, ...], QSize] = {}
        self._documents: dict[tuple[object, ...], tuple[QTextDocument, int]] = {}
        """Laid-out loadouts, by what they show and how, each with where its quiet line starts: a row is laid
        out once, not on every paint — nor again when it is highlighted (the colours are the paint's)."""

    def _document(self, option: QStyleOptionViewItem, index: Index, width: int) -> tuple[QTextDocument, int]:
        parts = index.data(OptionRole.PARTS) or ("", "", "")
        quiet = icons.INFO_COLOR.name()
        key = (tuple(parts), max(width, 20), quiet, option.font.key())
        laid_out = self._documents.get(key)
        if laid_out is None:
            if len(self._documents) > 400:
                self._documents.clear()
            laid_out = self._documents[key] = self._laid_out(parts, quiet, option, key[1])
        return laid_out

    @staticmethod
    def _laid_out(parts: tuple[str, str, str], quiet: str, option: QStyleOptionViewItem,
                  width: int) -> tuple[QTextDocument, int]:
        """The loadout laid out, in the paint's text colour but its quiet line (skills and equipment), and
        the position where that line starts (the document's end when there is none)."""
        heading, weapons, gear = parts
        lines = []
        if heading:
            lines.append(f"<b>{html.escape(heading)}</b>")
        if weapons:
            lines.append(html.escape(weapons))
        if gear:
            lines.append(f"<span style='color:{quiet}'>{html.escape(gear)}</span>")
        document = QTextDocument()
        document.setDefaultFont(option.font)
        document.setDocumentMargin(0)
        document.setHtml(f"<body>{'<br>'.join(lines)}</body>")
        document.setTextWidth(width)
        text = document.toPlainText()  # (a line break is one character, as in the document)
        return document, (len(text) - len(text.split("\n")[-1]) if gear else len(text))

    def _paint_context(self, option: QStyleOptionViewItem, document: QTextDocument,
                       quiet_from: int) -> QAbstractTextDocumentLayout.PaintContext:
        """How the loadout is painted: in the view's text colour, or highlighted (its quiet line too)."""
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        text = QColor(option.palette.color(
            QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text).name())
        context = QAbstractTextDocumentLayout.PaintContext()
        context.palette.setColor(QPalette.ColorRole.Text, text)
        end = document.characterCount() - 1
        if selected and quiet_from < end:
            highlight = QAbstractTextDocumentLayout.Selection()
            cursor = QTextCursor(document)
            cursor.setPosition(quiet_from)
            cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            highlight.cursor = cursor
            highlight.format.setForeground(text)
            context.selections = [highlight]
        return context

    def _text_width(self, option: QStyleOptionViewItem, index: Index) -> int:
        icon = ICON + PADDING if index.data(OptionRole.LIEUTENANT) else 0
        return option.rect.width() - 2 * PADDING - icon

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        style_option = QStyleOptionViewItem(option)
        self.initStyleOption(style_option, index)
        style_option.text = ""
        style_option.decorationAlignment = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
        widget = option.widget
        style = widget.style() if widget is not None else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, style_option, painter, widget)
        document, quiet_from = self._document(option, index, self._text_width(option, index))
        icon = ICON + PADDING if index.data(OptionRole.LIEUTENANT) else 0
        painter.save()
        painter.translate(option.rect.left() + PADDING + icon, option.rect.top() + PADDING)
        context = self._paint_context(option, document, quiet_from)
        painter.setClipRect(QRectF(0, 0, option.rect.width() - icon, option.rect.height()))
        document.documentLayout().draw(painter, context)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        width = self._text_width(option, index)
        key = (index.data(OptionRole.PARTS), width, option.font.key())
        size = self._sizes.get(key)
        if size is None:
            document, _ = self._document(option, index, width if width > 0 else 300)
            size = QSize(int(document.idealWidth()) + 2 * PADDING, int(document.size().height()) + 2 * PADDING)
            if len(self._sizes) > 2000:
                self._sizes.clear()
            self._sizes[key] = size
        return size


class CardLabel(QLabel):
    """A card's label that remembers its height at each width until its text, font or style change:
    laying a page out again (turning to it, the scroll area fitting it) asks every label's height for
    the page's width several times, and a QLabel works a word-wrapped text out anew on each ask (the
    details' rich text most of all)."""

    def __init__(self, text: str = "") -> None:
        super().__init__(text)
        self._heights: dict[int, int] = {}

    def heightForWidth(self, width: int) -> int:
        height = self._heights.get(width)
        if height is None:
            if len(self._heights) > 8:
                self._heights.clear()
            height = self._heights[width] = super().heightForWidth(width)
        return height

    def setText(self, text: str) -> None:
        if text != self.text():
            self._heights.clear()
            super().setText(text)

    def clear(self) -> None:
        self._heights.clear()
        super().clear()

    def setWordWrap(self, on: bool) -> None:
        self._heights.clear()
        super().setWordWrap(on)

    def setTextFormat(self, format: Qt.TextFormat) -> None:
        self._heights.clear()
        super().setTextFormat(format)

    def changeEvent(self, event: QEvent) -> None:
        self._heights.clear()  # a font, style, palette or margin change
        super().changeEvent(event)


class CardScrollBar(QScrollBar):
    """The card's scroll bar, drawn once for each way it looks and then copied: turning the card to another
    page changes its range (the page's height), which repaints the whole bar, and Fusion fills its groove
    and slider with gradients (~0.37 ms a paint, the dearest of the card's widgets after its tables; a copy
    ~0.15 ms). A look is drawn over what the widgets under the bar paint there, as Qt composes it, so that
    its translucent groove comes out to the same pixels. Pointed at or dragged, the bar is drawn by Qt each
    time (its hovered and pressed parts are Qt's own to know)."""

    def __init__(self, orientation: Qt.Orientation, parent: QWidget | None = None) -> None:
        super().__init__(orientation, parent)
        self._looks: dict[tuple[object, ...], QPixmap] = {}
        self._backdrop: tuple[tuple[object, ...], QPixmap] | None = None
        """What the widgets under the bar paint there (for a size, pixel ratio and palette): the same under every
        look, so drawn once — a new range (a page of another height) draws only the bar over it (rendering the
        ten widgets under it was most of a new look's ~1 ms)."""

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.underMouse() or self.isSliderDown():
            super().paintEvent(event)
            return
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        option.subControls = QStyle.SubControl.SC_All
        option.activeSubControls = QStyle.SubControl.SC_None
        ratio = self.devicePixelRatioF()
        size = option.rect.size()
        key = (size.width(), size.height(), ratio, option.minimum, option.maximum, option.sliderPosition,
               option.sliderValue, option.pageStep, option.singleStep, option.upsideDown, int(option.state.value),
               option.palette.cacheKey(), option.direction)
        look = self._looks.get(key)
        if look is None:
            if len(self._looks) > 32:
                self._looks.clear()
            under = (size.width(), size.height(), ratio, option.palette.cacheKey())
            if self._backdrop is None or self._backdrop[0] != under:
                backdrop = QPixmap(size * ratio)
                backdrop.setDevicePixelRatio(ratio)
                backdrop.fill(Qt.GlobalColor.transparent)
                painter = QPainter(backdrop)
                self._draw_backdrop(painter)
                painter.end()
                self._backdrop = (under, backdrop)
            look = self._backdrop[1].copy()
            look.setDevicePixelRatio(ratio)
            painter = QPainter(look)
            self.style().drawComplexControl(QStyle.ComplexControl.CC_ScrollBar, option, painter, self)
            painter.end()
            self._looks[key] = look
        painter = QPainter(self)
        painter.drawPixmap(0, 0, look)
        painter.end()

    def _draw_backdrop(self, painter: QPainter) -> None:
        """What the widgets under the bar paint where it is, as Qt paints them before the bar."""
        chain = []
        widget = self.parentWidget()
        while widget is not None:
            chain.append(widget)
            if widget.isWindow():
                break
            widget = widget.parentWidget()
        for widget in reversed(chain):
            at = self.mapTo(widget, QPoint(0, 0))
            widget.render(painter, -at, QRegion(QRect(at, self.size())), QWidget.RenderFlag.DrawWindowBackground)

    def changeEvent(self, event: QEvent) -> None:
        self._looks.clear()  # another style, palette, font or state: drawn anew
        self._backdrop = None
        super().changeEvent(event)


class ViewCopy:
    """A copy of what an item view of the card (a table, a header) painted, painted again when the card
    turns to its page: a hidden page never changes, yet showing it repainted every table whole (the options'
    loadouts, the weapons' bands, the stat lines and the headers' sections shaped and drawn again, ~2.8 ms a
    turn). The page, painted first after it is shown, has each view in view make a copy unless the one it
    has still shows it (`make`, before the views paint: a widget cannot be painted into a copy while it is
    painting); the view then paints the copy, in its next paint only. Painted again while on show (a row
    changed, hovered, selected), a view is painted by Qt, and its copy no longer has the part Qt painted
    (`stale`): the next turn paints only that part into it (another option highlighted on a page on show
    made the next turn to it paint its options table and header whole into new copies, 1.5-4 ms). Another
    selection makes its rows stale (`CardTable`); a header's copy is not used for other highlighted sections.
    The view forgets its copy when what it shows changes (`forget`: the model, a section's size, a span, the
    scroll position); a copy is not used for another size, palette, font, focus, window activation or style,
    and none is made while the view is pointed at, dragged from or edited."""

    def __init__(self, view: QAbstractItemView, shows: Callable[[], tuple[object, ...]] = tuple,
                 told: bool = False) -> None:
        self._view = view
        self._shows = shows
        """What else the view's look depends on."""
        self._told = told
        """Whether every change of the view's look is told (`forget`) or in what it shows (`shows`): Qt painting
        it again while those are as when the copy was made paints what the copy has (a header repainted whole
        for another row selected)."""
        self._copy: QPixmap | None = None
        self._copy_of: tuple[object, ...] | None = None
        self._copied = QRegion()
        """The part of the viewport the copy has (what was in view when it was made, and added since)."""
        self.copying = False
        self._fresh = False
        """Whether the page was just painted and the copy is of what the view shows: the view's next paint is
        the one that follows in the same window update."""

    def watch(self, model: QAbstractItemModel | None) -> None:
        """Forget the copy when `model` changes."""
        if model is not None:
            for signal in (model.dataChanged, model.headerDataChanged, model.layoutChanged, model.modelReset,
                           model.rowsInserted, model.rowsRemoved, model.rowsMoved, model.columnsInserted,
                           model.columnsRemoved, model.columnsMoved):
                signal.connect(self.forget)

    def forget(self, *_: object) -> None:
        self._copy = None
        self._fresh = False

    def forget_fresh(self) -> None:
        self._fresh = False

    def stale(self, region: QRegion) -> None:
        """The copy no longer shows `region` of the viewport (painted again there by Qt, or to be)."""
        if self._copy is not None:
            self._copied = self._copied.subtracted(region)

    @property
    def kept(self) -> bool:
        return self._copy is not None

    def _shown(self) -> tuple[object, ...]:
        view = self._view
        viewport = view.viewport()
        size = viewport.size()
        return (size.width(), size.height(), viewport.devicePixelRatioF(), view.palette().cacheKey(),
                view.font().key(), view.hasFocus(), view.isEnabled(), view.isActiveWindow(), view.style(),
                *self._shows())

    def make(self, in_view: QRegion | None = None) -> None:
        """Paint the view into the copy, unless the copy has what it shows, for the view's next paint: the
        part of its viewport in view, or `in_view` (a page prepared out of view: what will be in view)."""
        view = self._view
        viewport = view.viewport()
        self._fresh = False
        if viewport.underMouse() or view.state() != QAbstractItemView.State.NoState:
            return
        if in_view is None:
            in_view = viewport.visibleRegion()
        if in_view.isEmpty():
            return
        shown = self._shown()
        if self._copy is None or self._copy_of != shown:
            ratio = viewport.devicePixelRatioF()
            self._copy = QPixmap(viewport.size() * ratio)
            self._copy.setDevicePixelRatio(ratio)
            self._copy_of, self._copied = shown, QRegion()
        missing = in_view.subtracted(self._copied)
        if not missing.isEmpty():  # only what is in view (a page taller than the card: the rest is not painted)
            self.copying = True
            try:
                viewport.render(self._copy, missing.boundingRect().topLeft(), missing,
                                QWidget.RenderFlag.DrawWindowBackground)
            finally:
                self.copying = False
            self._copied = self._copied.united(missing)
        self._fresh = True

    def paint(self, event: QPaintEvent) -> bool:
        """Paint the copy if it is the view's paint that follows the page's (True), else forget the copy."""
        if self.copying:
            return False
        fresh, self._fresh = self._fresh, False
        if not fresh or self._copy is None or not event.region().subtracted(self._copied).isEmpty():
            if not (self._told and self._copy is not None and self._copy_of == self._shown()):
                self.stale(event.region())  # painted on its own there: something changed, or it is pointed at
            return False
        painter = QPainter(self._view.viewport())
        painter.setClipRegion(event.region())
        painter.drawPixmap(0, 0, self._copy)
        painter.end()
        return True


if TYPE_CHECKING:
    _ViewBase = QAbstractItemView
else:
    _ViewBase = object  # a mixin: listed before the Qt view class it goes with


class CopiedView(_ViewBase):
    """What a view painted from its `ViewCopy` (`copy`) does, table or header: it forgets the copy when its
    model, a look of its own or its state changes, and paints the copy when the copy is for this paint."""

    copy: ViewCopy

    def setModel(self, model: QAbstractItemModel | None) -> None:
        super().setModel(model)
        self.copy.forget()
        self.copy.watch(model)

    def changeEvent(self, event: QEvent) -> None:
        self.copy.forget()
        super().changeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.copy.paint(event):
            super().paintEvent(event)


class CardHeader(CopiedView, QHeaderView):
    """A card's table's header, painted from a copy on a turn to its page (`ViewCopy`)."""

    def __init__(self, orientation: Qt.Orientation, parent: QWidget | None = None) -> None:
        super().__init__(orientation, parent)
        self.copy = ViewCopy(self, lambda: (self.offset(), self.isSortIndicatorShown(), self._highlighted()),
                             told=True)
        self._highlights: tuple[tuple[bool, bool], ...] | None = None
        """Which sections are highlighted, worked out once per change of the selection or the model."""
        # (not geometriesChanged: a header shown says so though nothing it paints changed; its size is known)
        for signal in (self.sectionResized, self.sectionMoved, self.sectionCountChanged, self.sortIndicatorChanged):
            signal.connect(self.copy.forget)

    def setModel(self, model: QAbstractItemModel | None) -> None:
        super().setModel(model)
        if model is not None:
            for signal in (model.modelReset, model.layoutChanged, model.rowsInserted, model.rowsRemoved,
                           model.columnsInserted, model.columnsRemoved):
                signal.connect(self.selection_changed)

    def selection_changed(self, *_: object) -> None:
        """The sections highlighted may differ now (worked out when next asked)."""
        self._highlights = None

    def _highlighted(self) -> tuple[tuple[bool, bool], ...]:
        """Which sections the header paints highlighted, as QHeaderView does (the selection meets the section's
        column; the whole column selected): another selection on the table leaves them alike (another row)."""
        if self._highlights is None:
            selection = self.selectionModel()
            if not self.highlightSections() or selection is None:
                self._highlights = ()
            else:
                root = self.rootIndex()
                if self.orientation() == Qt.Orientation.Horizontal:
                    self._highlights = tuple((selection.columnIntersectsSelection(s, root),
                                              selection.isColumnSelected(s, root)) for s in range(self.count()))
                else:
                    self._highlights = tuple((selection.rowIntersectsSelection(s, root),
                                              selection.isRowSelected(s, root)) for s in range(self.count()))
        return self._highlights


class CardTable(CopiedView, QTableView):
    """A card's table, painted from a copy on a turn to its page (`ViewCopy`), as its headers are."""

    def __init__(self) -> None:
        super().__init__()
        self.copy = ViewCopy(self)
        self._tall_spans = False
        """Whether a span covers more than one row (another selection then forgets the copy whole)."""
        header = CardHeader(Qt.Orientation.Horizontal, self)
        header.setSectionsClickable(True)  # as the header a QTableView makes (a selected column's is highlighted)
        header.setHighlightSections(True)
        self.setHorizontalHeader(header)
        for sections in (header, self.verticalHeader()):
            sections.sectionResized.connect(self.copy.forget)
            sections.sectionMoved.connect(self.copy.forget)
        for bar in (self.horizontalScrollBar(), self.verticalScrollBar()):
            bar.valueChanged.connect(self.copy.forget)

    @property
    def views(self) -> tuple[ViewCopy, ...]:
        """The copies of the table and of its header."""
        header = self.horizontalHeader()
        return (self.copy, header.copy) if isinstance(header, CardHeader) else (self.copy,)

    def setModel(self, model: QAbstractItemModel | None) -> None:
        super().setModel(model)
        selection = self.selectionModel()
        # the rows selected or no longer, and the current one, painted anew; the header's highlighted sections
        # are part of what its copy shows (`CardHeader`)
        header = self.horizontalHeader()
        if isinstance(header, CardHeader):
            header.selection_changed()
            selection.selectionChanged.connect(header.selection_changed)
        selection.selectionChanged.connect(lambda selected, deselected: self._rows_changed(
            [row for ranges in (selected, deselected) for part in ranges
             for row in range(part.top(), part.bottom() + 1)]))
        selection.currentChanged.connect(lambda current, previous: self._rows_changed(
            [index.row() for index in (current, previous) if index.isValid()]))

    def _rows_changed(self, rows: list[int]) -> None:
        """`rows` look otherwise now: the copy no longer shows them (their whole width, and the grid lines
        around them)."""
        if not self.copy.kept or not rows:
            return
        if self._tall_spans:
            self.copy.forget()
            return
        width = self.viewport().width()
        stale = QRegion()
        for row in set(rows):
            top = self.rowViewportPosition(row)
            if top < 0 and not self.isRowHidden(row):
                self.copy.forget()  # (not where the copy has it: a table of the card shows all its rows)
                return
            stale = stale.united(QRect(0, top - 1, width, self.rowHeight(row) + 2))
        self.copy.stale(stale)

    def forget_copy(self) -> None:
        """The table and its header painted anew (their rows and columns resized with signals blocked)."""
        for copy in self.views:
            copy.forget()

    def setSpan(self, row: int, column: int, rows: int, columns: int) -> None:
        self.copy.forget()
        self._tall_spans = self._tall_spans or rows > 1
        super().setSpan(row, column, rows, columns)

    def clearSpans(self) -> None:
        self.copy.forget()
        self._tall_spans = False
        super().clearSpans()


class EventEater(QObject):
    """An event filter that swallows the events of one type."""

    def __init__(self, kind: QEvent.Type, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._kind = kind

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        return event.type() == self._kind


class CardPage(QWidget):
    """The card's contents for one unit: its title, stat lines, details, options and weapons. The card
    keeps the pages of the units it showed last, laid out, and shows one of them: showing a unit again
    (an undo or a selection going back to it) costs neither building its tables nor measuring their rows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card_body")
        # grown or shrunk (a table's rows changed), the page repaints only what moved or was uncovered, not
        # every table: its contents stay where they are, from the top left
        self.setAttribute(Qt.WidgetAttribute.WA_StaticContents)
        self.entry: UnitEntry | None = None
        """The unit the page shows."""
        self.texts_for: tuple[object, ...] | None = None
        """(unit shown, language, distances in cm, season, weapon book) of the title and details on show."""
        self.weapons_of: tuple[int, int, int] | None = None
        """(unit, group, option) whose weapons the table shows."""
        self.fitted = False
        """Whether the tables' rows were measured since the page was filled (a new width measures them
        again: the headers' sectionResized)."""
        self.title = CardLabel()
        self.title.setObjectName("card_title")
        set_font(self.title, bold=True, scale=1.35)
        self.title.setWordWrap(True)
        self.subtitle = CardLabel()
        self.subtitle.setWordWrap(True)
        self.stats_model = ProfileStatsModel(self)
        self.stats = CardTable()
        self.stats.setObjectName("stats")
        self.stats.setModel(self.stats_model)
        self.stats.verticalHeader().hide()
        self.stats.verticalHeader().setDefaultSectionSize(self.stats.fontMetrics().height() + 8)
        self.stats.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.stats.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.stats.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.stats.setTabKeyNavigation(False)
        self.stats.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.stats.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.stats.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.stats.setWordWrap(True)  # a long profile name wraps rather than ending in "…"
        self.stats.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.details = CardLabel()
        self.details.setObjectName("details")
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                             | Qt.TextInteractionFlag.LinksAccessibleByMouse)
        self.options_title = CardLabel()
        self.options_title.setWordWrap(True)
        set_font(self.options_title, bold=True)
        self.options_model = OptionTableModel(self)
        self.options = CardTable()
        self.options.setObjectName("options")
        self.options.setModel(self.options_model)
        self.options.setItemDelegateForColumn(OptionColumn.LOADOUT, LoadoutDelegate(self.options))
        self.options.verticalHeader().hide()
        self.options.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.options.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.options.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.options.setWordWrap(True)
        self.options.setDragEnabled(True)
        self.options.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.options.setAlternatingRowColors(True)
        self.options.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.options.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        size_columns(self.options.horizontalHeader(), OptionColumn.LOADOUT, fit=(OptionColumn.SWC, OptionColumn.POINTS))
        self.options.horizontalHeader().setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.options.setTabKeyNavigation(False)  # Tab leaves the table; the arrows move in it
        self.weapons_title = CardLabel()
        self.weapons_title.setObjectName("weapons_title")
        self.weapons_title.setWordWrap(True)
        set_font(self.weapons_title, bold=True)
        self.weapons_model = WeaponTableModel(self)
        self.weapons = CardTable()
        self.weapons.setObjectName("weapons")
        self.weapons.setModel(self.weapons_model)
        self.weapons.verticalHeader().hide()
        self.weapons.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.weapons.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.weapons.setTabKeyNavigation(False)
        self.weapons.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # read with the mouse or a screen reader
        self.weapons.setWordWrap(True)
        self.weapons.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.weapons.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.weapons.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.weapons.horizontalHeader().setMinimumSectionSize(24)
        self.weapons_note = CardLabel()
        self.weapons_note.setObjectName("weapons_note")
        self.weapons_note.setWordWrap(True)
        body = QVBoxLayout(self)
        body.setContentsMargins(6, 0, 6, 6)
        body.addWidget(self.title)
        body.addWidget(self.subtitle)
        body.addWidget(self.stats)
        body.addWidget(self.details)
        body.addWidget(self.options_title)
        body.addWidget(self.options)
        body.addWidget(self.weapons_title)
        body.addWidget(self.weapons)
        body.addWidget(self.weapons_note)
        body.addStretch(1)
        self.tables = (self.stats, self.options, self.weapons)
        self._just_shown = False

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._just_shown = True

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self._just_shown = False
        for table in self.tables:
            for copy in table.views:
                copy.forget_fresh()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self._just_shown:  # turned to: its tables and headers are painted whole next, from copies (`ViewCopy`)
            self._just_shown = False
            for table in self.tables:
                if table.isVisible() and not table.visibleRegion().isEmpty():  # in view
                    for copy in table.views:
                        copy.make()


class ProfileCard(Retranslating, QWidget):
    """Everything about one unit, as on its printed profile. The card scrolls as a whole, so in a
    short window the options table keeps its rows instead of a tiny scrolling box."""

    option_activated = Signal(int, int, int, bool)
    """(unit, group, option, from the Reinforcements army) to add."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._entry: UnitEntry | None = None
        self.season: SeasonPack | None = None
        """The list's season: categories it adds are shown ('Veteran Troops in ITS Season 17')."""
        self._book = WeaponBook()
        self.empty = QLabel()
        self.empty.setObjectName("card_empty")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self._cm = False
        self._fit_pending = False
        self._fit_all = False
        """Whether the fit pending measures every table, or only the weapons (another option highlighted)."""
        self._option_actions: list[QAction] = []
        self._wanted: Callable[[], Sequence[tuple[UnitEntry, OptionEntry | None]]] | None = None
        """The units (and options) whose pages to prepare while the app is idle: the list's and the one browsed.
        Preparing one recycles a page of a unit not among them (`_spare_page`)."""
        self._listed: Callable[[], Sequence[UnitEntry]] | None = None
        """The list's units, whose pages the card keeps (`_page_for`)."""
        self._preparing = False
        self._header_shown = EventEater(QEvent.Type.Show, self)
        self._prepare_timer = QTimer(self)
        self._prepare_timer.setSingleShot(True)
        self._prepare_timer.timeout.connect(self._prepare_next)
        self.pages = QWidget()
        """Holds the pages kept (`CardPage`); only the one on show is visible, so only it is laid out."""
        self.pages.setObjectName("card_pages")
        self.pages.setAttribute(Qt.WidgetAttribute.WA_StaticContents)  # as each page (`CardPage`)
        pages = QVBoxLayout(self.pages)
        pages.setContentsMargins(0, 0, 0, 0)
        self._pages: list[CardPage] = []
        """The pages kept, the one shown longest ago first."""
        self._page = self._new_page()
        self._page.show()

        self.scroll_area = QScrollArea()
        self.scroll_area.setObjectName("card_scroll")
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # the bar stays (disabled while the card fits): a page growing past the card's height or shrinking
        # under it (another option's weapons, another unit) keeps its width, rather than every text wrapping
        # again at a width the bar's width apart and every table measured and painted again
        self.scroll_area.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.scroll_area.setVerticalScrollBar(CardScrollBar(Qt.Orientation.Vertical))
        self.scroll_area.setWidget(self.pages)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.empty, 1)
        layout.addWidget(self.scroll_area, 1)
        self.retranslate()
        self.show_unit(None)

    # ----- the pages ----------------------------------------------------------------------------------
    def _new_page(self) -> CardPage:
        page = CardPage(self.pages)
        page.hide()  # until it is the one on show
        page.options_model.book = self._book
        page.stats_model.set_distances_in_cm(self._cm)
        page.options.activated.connect(self.activate_option)
        page.options.selectionModel().currentRowChanged.connect(self._on_option_row_changed)
        page.details.linkHovered.connect(self._on_link_hovered)
        for action in self._option_actions:
            page.options.addAction(action)
        if self._option_actions:
            page.options.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self._name_page(page)
        # after its headers are named (which resizes their sections): a page made is not a reason to measure
        # the page on show again (a page made is measured as it is filled)
        page.options.horizontalHeader().sectionResized.connect(self._schedule_fit)
        page.stats.horizontalHeader().sectionResized.connect(self._schedule_fit)
        layout = self.pages.layout()
        assert layout is not None
        layout.addWidget(page)
        self._pages.append(page)
        return page

    def _name_page(self, page: CardPage) -> None:
        page.options_model.retranslate()
        page.stats_model.retranslate()
        page.options_title.setText(tr("Options — double-click, press Enter or drag one into the list"))
        page.stats.setAccessibleName(tr("Profile"))
        page.options.setAccessibleName(tr("Options"))
        page.weapons.setAccessibleName(tr("Weapons"))
        page.details.setAccessibleName(tr("Characteristics, skills, equipment and weapons"))

    def add_option_action(self, action: QAction) -> None:
        """An action of the options table's context menu (on every page, those to come too)."""
        self._option_actions.append(action)
        for page in self._pages:
            page.options.addAction(action)
            page.options.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

    def _spare_page(self, most: int, wanted: Sequence[tuple[UnitEntry, OptionEntry | None]] | None = None
                    ) -> CardPage | None:
        """A page to fill for another unit: a new one while fewer than `most` are kept, else the one shown
        longest ago of a unit not asked for (`wanted`, else what `prepare_pages` was given: asked only here,
        when a page is to be recycled), else none."""
        if len(self._pages) < most:
            return self._new_page()
        if wanted is None:
            wanted = self._wanted() if self._wanted is not None else ()
        pinned = [entry for entry, _ in wanted]
        return next((p for p in self._pages if p is not self._page and not any(p.entry is e for e in pinned)), None)

    def _page_for(self, entry: UnitEntry) -> CardPage:
        """A page to fill for `entry`, which has none: a new one while the card keeps fewer than MOST_PAGES,
        unless `entry` is not a list unit's and KEPT_PAGES others are kept already; else the one shown
        longest ago of a unit the list does not have, else the one shown longest ago. The list's units'
        pages stay (an undo, redo or move turns to one laid out, after any browsing: before, browsing past
        KEPT_PAGES units refilled them, ~11 ms fill + ~5 ms fit + a whole page painted); refilling a
        browsed page rather than making one past KEPT_PAGES keeps the card's memory bounded by them."""
        listed = self._listed() if self._listed is not None else ()
        loose = [p for p in self._pages if not any(p.entry is e for e in listed)]
        if len(self._pages) < MOST_PAGES and (len(loose) < KEPT_PAGES or any(e is entry for e in listed)):
            return self._new_page()
        spare = [p for p in loose if p is not self._page] or [p for p in self._pages if p is not self._page]
        return spare[0] if spare else self._pages[0]

    def _turn_to(self, entry: UnitEntry) -> None:
        """Show the page kept for `entry`, else a new page (or a page refilled for it: `_page_for`)."""
        page = next((p for p in self._pages if p.entry is entry), None)
        kept = page is not None and page.fitted
        if page is None:
            page = self._page_for(entry)
        self._pages.remove(page)
        self._pages.append(page)
        old = self._page
        if page is old:
            return
        focus = QApplication.focusWidget()
        had_focus = focus is not None and old.isAncestorOf(focus)
        self._page = page
        old.hide()  # first: the two pages never share the card's height (each laid out at half of it)
        if kept:
            self._show_kept(page)
        else:
            page.show()
        layout = self.pages.layout()
        assert layout is not None
        layout.activate()  # the page takes its width now: its rows are measured at it
        if had_focus:
            page.options.setFocus()

    def _show_kept(self, page: CardPage) -> None:
        """Show a page kept laid out, without its tables' headers fitting every section again: a header
        shown fits its resize-to-contents sections to every row (QHeaderView's Show event), but a page
        hidden is never changed (only the page on show and a page being prepared are filled), so they fit
        already; a new width still fits them (the headers' resize does)."""
        viewports = [t.horizontalHeader().viewport() for t in (page.stats, page.options, page.weapons)]
        for viewport in viewports:
            viewport.installEventFilter(self._header_shown)
        try:
            page.show()
        finally:
            for viewport in viewports:
                viewport.removeEventFilter(self._header_shown)

    def _drop_pages(self) -> None:
        """Forget the pages kept but the one on show: they were worded in another language, units, theme,
        season or weapon data."""
        for page in [p for p in self._pages if p is not self._page]:
            self._pages.remove(page)
            page.hide()
            page.setParent(None)  # gone from the card now (a search of its widgets finds only the page on show)
            page.deleteLater()
        self._prepare_later()  # those of the list's units again, in the new wording

    @property
    def body(self) -> CardPage:
        """The page on show."""
        return self._page

    @property
    def title(self) -> QLabel:
        return self._page.title

    @property
    def subtitle(self) -> QLabel:
        return self._page.subtitle

    @property
    def stats(self) -> QTableView:
        return self._page.stats

    @property
    def stats_model(self) -> ProfileStatsModel:
        return self._page.stats_model

    @property
    def details(self) -> QLabel:
        return self._page.details

    @property
    def options_title(self) -> QLabel:
        return self._page.options_title

    @property
    def options(self) -> QTableView:
        return self._page.options

    @property
    def options_model(self) -> OptionTableModel:
        return self._page.options_model

    @property
    def weapons_title(self) -> QLabel:
        return self._page.weapons_title

    @property
    def weapons(self) -> QTableView:
        return self._page.weapons

    @property
    def weapons_model(self) -> WeaponTableModel:
        return self._page.weapons_model

    @property
    def weapons_note(self) -> QLabel:
        return self._page.weapons_note

    # ----------------------------------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._schedule_fit()

    def _schedule_fit(self, *_: object, weapons_only: bool = False) -> None:
        """Row heights follow the width (names and loadouts wrap): measure once things settle."""
        if self._preparing:  # a page prepared is measured as it is filled
            return
        self._fit_all = self._fit_all or not weapons_only
        if not self._fit_pending:
            self._fit_pending = True
            QTimer.singleShot(0, self, self._scheduled_fit)

    def _fit_weapons_now(self, page: CardPage) -> None:
        """Another option highlighted on the page on show, its width unchanged: the weapons table measured
        and the page laid out at once, so that the card is painted once, as it ends up — not with the new
        weapons at the old table's height first, then again each time the new height reaches the page, the
        card's area and the scroll bar (a layout request each, one turn of the event loop apart)."""
        if self._fit_pending and not self._fit_all:
            self._fit_pending = False  # the weapons-only fit it waited for is this one
        self._fit_tables(page, weapons_only=True)
        for widget in (page, self.pages, self.scroll_area.viewport()):
            QApplication.sendPostedEvents(widget, QEvent.Type.LayoutRequest)

    def _scheduled_fit(self) -> None:
        if self._fit_pending:
            self._fit_pending = False
            self._fit_tables(self._page, weapons_only=not self._fit_all)
            self._fit_all = False

    def _fit_tables(self, page: CardPage, weapons_only: bool = False) -> None:
        """The stat lines and the options table are exactly as tall as their rows: the card scrolls. With
        `weapons_only` (another option highlighted, the width unchanged) only the weapons are measured."""
        self._size_weapon_columns(page)
        page.fitted = True
        for table in (page.weapons,) if weapons_only else (page.stats, page.options, page.weapons):
            rows, columns = table.verticalHeader(), table.horizontalHeader()
            rows.blockSignals(True)  # the table repaints its resized rows and columns on a timer, after the
            columns.blockSignals(True)  # first paint: doItemsLayout (after) repaints them all, before it
            try:
                columns.resizeSections()  # the columns fitted to their cells now, not on the header's timer
                table.resizeRowsToContents()
            finally:
                rows.blockSignals(False)
                columns.blockSignals(False)
            table.doItemsLayout()  # now, with the unit just shown: not once more after the first paint
            table.forget_copy()  # its rows and columns resized with the headers' signals blocked
            height = table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth()
            height += sum(rows.sectionSize(r) for r in range(table.model().rowCount()))
            table.setFixedHeight(height + 2)
        if page is self._page and not self._preparing:
            self._settle_layout(page)

    def _settle_layout(self, page: CardPage) -> None:
        """Lay the page and the card out now, to the tables' new heights: the layout requests they posted
        come after the window's repaint, which then painted the page twice (at the old heights, then
        moved)."""
        for layout in (page.layout(), self.pages.layout()):
            if layout is not None:
                layout.activate()
        QApplication.sendEvent(self.scroll_area, QEvent(QEvent.Type.LayoutRequest))  # its scroll range, now

    def retranslate(self) -> None:
        """A new language or theme: the page on show is worded again, the others are dropped."""
        self._drop_pages()
        self._name_page(self._page)
        self.empty.setText(tr("Choose a unit on the left to see its profile and options."))
        self.scroll_area.setAccessibleName(tr("Profile card"))
        self._schedule_fit()
        self.show_unit(self._entry)
        self._page.weapons_of = None
        self._show_weapons(self._page)

    def set_distances_in_cm(self, cm: bool) -> None:
        """Show distances in cm or inches: MOV, the items' distances and the weapons' range bands."""
        self._cm = cm
        self._drop_pages()
        self.stats_model.set_distances_in_cm(cm)
        self.stats_model.retranslate()
        self._refresh()

    def set_weapon_book(self, book: WeaponBook) -> None:
        """The weapon profiles of the army's data, for the weapons table and the weapons' tooltips."""
        self._book = book
        self._drop_pages()
        self.options_model.book = book
        self._refresh()  # the details name the weapons it knows as links

    def _refresh(self) -> None:
        """Fill the page on show again, for the unit and option it shows."""
        entry, option = self._entry, self._current_option(self._page)
        self._entry = self._page.entry = None
        self.show_unit(entry, option)
        self._page.weapons_of = None
        self._show_weapons(self._page)

    @property
    def unit(self) -> Unit | None:
        return self._entry.unit if self._entry else None

    def set_season(self, season: SeasonPack | None) -> None:
        if season is not self.season:
            self.season = season
            self._drop_pages()
            if self._entry is not None:
                self.show_unit(self._entry)

    def show_unit(self, entry: UnitEntry | None, option: OptionEntry | None = None) -> None:
        """Show a unit (and highlight one of its options): on the page kept for it when there is one."""
        changed = entry is not self._entry
        self._entry = entry
        set_visible(self.scroll_area, entry is not None)
        set_visible(self.empty, entry is None)
        if entry is None:
            page = self._page
            page.entry = page.texts_for = None
            page.fitted = False
            self.stats_model.set_unit(None)
            self.options_model.set_unit(None)
            self.title.clear()
            return
        if changed:
            self._turn_to(entry)
        self._prepare_later()  # the player is busy: what is prepared waits
        row = self._fill(self._page, entry, option)
        if changed:
            self.scroll_area.verticalScrollBar().setValue(0)
        if row is not None:
            QTimer.singleShot(0, self, lambda: self._reveal_option(row))

    def _fill(self, page: CardPage, entry: UnitEntry, option: OptionEntry | None) -> int | None:
        """Fill `page` for `entry` (what it does not show yet), highlight `option`, measure the rows once;
        returns the option's row."""
        fresh = page.entry is not entry
        if fresh:
            page.entry = entry
            page.texts_for = page.weapons_of = None
            page.fitted = False
            page.stats_model.set_unit(entry.unit)
            page.options_model.set_unit(entry)
        unit = entry.unit
        shown = (entry, language(), self._cm, self.season, self._book)
        if shown != page.texts_for:
            page.texts_for = shown
            self._show_texts(page, entry)
        found = None
        if option is not None:
            for row in range(page.options_model.rowCount()):
                key = page.options_model.index(row, 0).data(OptionRole.OPTION_KEY)
                if key == (unit.id, *option.key):
                    current = page.options.currentIndex()
                    if fresh or not current.isValid() or current.row() != row \
                            or not page.options.selectionModel().isRowSelected(row, QModelIndex()):
                        page.options.setCurrentIndex(page.options_model.index(row, 0))
                        page.options.selectRow(row)
                    found = row
                    break
        self._show_weapons(page)
        if not page.fitted:  # once, with the option highlighted and its weapons in
            if page is self._page:
                self._fit_pending = self._fit_all = False
            self._fit_tables(page)
        return found

    # ----- pages prepared while the app is idle ----------------------------------------------------------
    def prepare_pages(self, wanted: Callable[[], Sequence[tuple[UnitEntry, OptionEntry | None]]],
                      listed: Callable[[], Sequence[UnitEntry]] | None = None) -> None:
        """Prepare the pages of the units `wanted` gives (asked when it is time: the list's troopers' units
        and options) once the app is left alone for PREPARE_AFTER_MS, one page per turn of the event loop:
        showing one of them then turns to a page laid out. Every call (an edit) restarts the wait. Their
        pages are the last the card fills for another unit; those of the units `listed` gives (the list's,
        not the one browsed) are kept however many units are browsed (`_page_for`)."""
        self._wanted = wanted
        self._listed = listed
        self._prepare_timer.start(PREPARE_AFTER_MS)

    def _prepare_later(self) -> None:
        if self._wanted is not None:
            self._prepare_timer.start(PREPARE_AFTER_MS)

    def _prepare_next(self) -> None:
        """Prepare one page of a unit asked for that has none; ask for the next turn if others are left."""
        if self._wanted is None or not self.pages.isVisible() or self._page.width() <= 0:
            return  # the card is not on show (another tab, no list): nothing to measure at
        wanted = list(self._wanted())
        for entry, option in wanted:
            if entry is self._entry or any(p.entry is entry for p in self._pages):
                continue
            page = self._spare_page(MOST_PAGES, wanted)
            if page is None:
                return  # the pages kept are all asked for
            self.prepare_page(page, entry, option)
            self._prepare_timer.start(0)  # the next one on the next turn, unless the player acts
            return

    def prepare_page(self, page: CardPage, entry: UnitEntry, option: OptionEntry | None) -> None:
        """Fill and measure a page not on show, at the width of the page on show. It is shown meanwhile
        outside the card's area (updates off: nothing is painted) so that its tables take their widths and
        measure their rows as on show, then hidden again, among the pages kept as the one shown longest ago."""
        layout = self.pages.layout()
        assert layout is not None and page is not self._page
        self._pages.remove(page)
        self._pages.insert(0, page)
        layout.removeWidget(page)
        shown = self._page.geometry()
        page.setUpdatesEnabled(False)
        page.setGeometry(-2 * shown.width() - 100, 0, shown.width(), shown.height())
        self._preparing = True
        try:
            page.show()
            self._fill(page, entry, option)
            self._copy_tables(page)
        finally:
            self._preparing = False
            page.hide()
            page.setUpdatesEnabled(True)
            layout.addWidget(page)

    def _copy_tables(self, page: CardPage) -> None:
        """The copies a page prepared paints its tables and headers from (`ViewCopy`) made now, of what will
        be in view when the card turns to it (its top, as high as the card): else that first turn painted
        each of them twice, into its copy and from it (~3 ms, the dearest turn of an undo)."""
        layout = page.layout()
        if layout is not None:
            layout.activate()  # the tables where the page, shown, has them
        top = QRect(0, 0, page.width(), self.scroll_area.viewport().height())
        for table in page.tables:
            if not table.isVisibleTo(page):
                continue
            for view in (table, table.horizontalHeader()):
                if not isinstance(view, CopiedView) or view.isHidden():
                    continue
                viewport = view.viewport()
                in_view = QRegion(top.translated(-viewport.mapTo(page, QPoint(0, 0)))).intersected(viewport.rect())
                if not in_view.isEmpty():
                    view.copy.make(in_view)

    def _show_texts(self, page: CardPage, entry: UnitEntry) -> None:
        """The title, the facts under it and the details of a unit, in the current language."""
        unit = entry.unit
        page.title.setText(unit.name)
        facts = []
        if entry.type is not None:
            facts.append(f"{type_name(entry.type)} ({entry.type.value})")
        own = own_categories(unit)
        facts.extend(category_name(c) for c in own)
        added = added_categories(unit, self.season)
        if added and self.season is not None:
            facts.append(tr("{categories} in {season}", categories=" · ".join(category_name(c) for c in added),
                            season=self.season.display_name(language())))
        if unit.isc and unit.isc.casefold() != unit.name.casefold():
            facts.append(tr("ISC: {isc}", isc=unit.isc))
        if unit.mercenary:
            facts.append(tr("Mercenary (Soldiers of Fortune)"))
        if entry.reinforcement:
            facts.append(tr("Reinforcements"))
        page.subtitle.setText(" · ".join(facts))
        page.details.setText(self._details_html(unit))

    def highlighted_key(self) -> tuple[int, int, int] | None:
        """(unit, group, option) of the option highlighted in the options table."""
        return self._highlighted(self._page)

    @staticmethod
    def _highlighted(page: CardPage) -> tuple[int, int, int] | None:
        index = page.options.currentIndex()
        key = index.siblingAtColumn(0).data(OptionRole.OPTION_KEY) if index.isValid() else None
        return tuple(key) if key is not None else None

    @classmethod
    def _current_option(cls, page: CardPage) -> OptionEntry | None:
        key, entry = cls._highlighted(page), page.entry
        if entry is None or key is None:
            return None
        return next((o for o in entry.options if (entry.unit.id, *o.key) == key), None)

    def _on_option_row_changed(self, *_: object) -> None:
        self._show_weapons(self._page)

    def _show_weapons(self, page: CardPage) -> None:
        """The weapons of the highlighted option (else the first): a row per firing mode."""
        entry = page.entry
        option = self._current_option(page) or (entry.options[0] if entry is not None and entry.options else None)
        key = (entry.unit.id, *option.key) if entry is not None and option is not None else None
        if key == page.weapons_of and key is not None:
            return
        page.weapons_of = key
        rows = []
        missing: list[str] = []
        if entry is not None and option is not None:
            for carried in carried_weapons(entry.unit, option.key[0], option.option):
                for name in carried.names:
                    lines = self._book.lines([name])
                    rows += [(carried.who, line) for line in lines]
                    if not lines:
                        missing.append(name)
        # the headers' sections fitted to the new lines (a reset) say nothing to the table: it would repaint the
        # resized columns on a timer, after the window's repaint (a second one, the weapons whole: they span
        # traits rows); the fit that follows (now, or scheduled) lays the table out and repaints it, once
        headers = (page.weapons.horizontalHeader(), page.weapons.verticalHeader())
        blocked = [header.blockSignals(True) for header in headers]
        try:
            page.weapons_model.set_lines(rows)
        finally:
            for header, was in zip(headers, blocked, strict=True):
                header.blockSignals(was)
        page.weapons.forget_copy()
        shown = entry is not None and option is not None
        page.weapons_title.setVisible(shown)
        page.weapons.setVisible(bool(rows))
        if shown:
            assert entry is not None and option is not None
            page.weapons_title.setText(tr("Weapons of {option}", option=option_detail(entry.unit, option.option)
                                          or entry.unit.name))
        notes = []
        if not self._book and shown:
            notes.append(tr("This data has no weapon profiles."))
        elif missing:
            notes.append(tr("No profile in the data for: {names}", names=", ".join(dict.fromkeys(missing))))
        if rows:
            notes.append(tr("The modifier applies up to the distance shown; hover a weapon for all of it."))
        page.weapons_note.setText(" ".join(notes))
        page.weapons_note.setVisible(bool(notes))
        if page is not self._page:
            page.fitted = False
        elif page.fitted and not self._preparing and not (self._fit_pending and self._fit_all):
            self._fit_weapons_now(page)
        else:
            self._schedule_fit(weapons_only=page.fitted)  # a new width (sectionResized) measures them all

    @staticmethod
    def _size_weapon_columns(page: CardPage) -> None:
        """The name takes what the bands and figures leave; each line's traits span the row under it."""
        header = page.weapons.horizontalHeader()
        model = page.weapons_model
        columns = model.columnCount()
        page.weapons.clearSpans()
        if not columns:
            return
        for column in range(columns):
            mode = QHeaderView.ResizeMode.Stretch if column == 0 else QHeaderView.ResizeMode.ResizeToContents
            header.setSectionResizeMode(column, mode)
        for row in model.traits_rows():
            page.weapons.setSpan(row, 0, 1, columns)

    def _on_link_hovered(self, link: str) -> None:
        """A weapon named in the details: its profile, as the weapons table has it."""
        if link.startswith("weapon:"):
            tip = self._book.tooltip([link.removeprefix("weapon:")])
            if tip:
                QToolTip.showText(QCursor.pos(), tip, self.details)
                return
        QToolTip.hideText()

    def _reveal_option(self, row: int) -> None:
        """Scroll the card to an option's row (the table itself does not scroll)."""
        if row >= self.options_model.rowCount():
            return
        top = self.options.rowViewportPosition(row) + self.options.horizontalHeader().height()
        point = self.options.mapTo(self.body, self.options.rect().topLeft())
        self.scroll_area.ensureVisible(0, point.y() + top + self.options.rowHeight(row) // 2, 0,
                                  self.options.rowHeight(row) // 2 + 8)

    def _details_html(self, unit: Unit) -> str:
        """Characteristics, skills, equipment and weapons of each profile; a peripheral's loadout
        comes from its (not selectable) option, since it is fielded only with its controller."""
        blocks = []
        rows_of = [(g, p) for g in unit.profile_groups for p in g.profiles]
        many = len(rows_of) > 1
        for group, profile in rows_of:
            weapon_items = list(profile.weapons)
            gear = item_labels(profile.equipment)
            if group.is_peripheral:
                for option in group.options:
                    weapon_items.extend(w for w in option.weapons if w not in weapon_items)
                    gear.extend(label for label in item_labels(option.equipment) if label not in gear)
            rows = [
                (tr("Characteristics"), [html.escape(c) for c in profile.characteristics]),
                (tr("Skills"), [html.escape(label) for label in item_labels(profile.skills)]),
                (tr("Equipment"), [html.escape(label) for label in gear]),
                (tr("Weapons"), [self._weapon_link(w.name, item_label(w)) for w in weapon_items]),
                (tr("Peripherals"), [html.escape(readable_name(p.label)) for p in profile.peripherals]),
            ]
            lines = [f"<b>{html.escape(label)}:</b> {', '.join(values)}" for label, values in rows if values]
            if profile.notes:
                lines.append(f"<span style='color:{icons.INFO_COLOR.name()}; font-size:small'>"
                             f"{html.escape(tr('Data note:'))} {html.escape(profile.notes)}</span>")
            if lines:
                head = f"<u>{html.escape(profile.display_name)}</u><br>" if many else ""
                blocks.append(head + "<br>".join(lines))
        return "<br><br>".join(blocks)

    def _weapon_link(self, name: str, label: str) -> str:
        """A weapon named in the details: hovering it shows its profile (when the data has one)."""
        if not self._book.known(name):
            return html.escape(label)
        link = self.palette().color(QPalette.ColorRole.WindowText).name()
        return (f"<a href='weapon:{html.escape(name, quote=True)}' style='color:{link}; text-decoration:none; "
                f"border-bottom:1px dotted'>{html.escape(label)}</a>")

    def activate_option(self, index: QModelIndex | QPersistentModelIndex) -> None:
        """Ask for the option at `index` to be added to the list (a double click, Enter, or the Add action)."""
        key = index.data(OptionRole.OPTION_KEY)
        if key is not None:
            self.option_activated.emit(*key, self.options_model.reinforcement)
