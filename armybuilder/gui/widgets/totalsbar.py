"""The totals bar: points, SWC, troopers and per-group counts, each red when over its limit."""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QPointF, QSize, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainter, QPaintEvent, QStaticText
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QWidget

from armybuilder.domain.packs import ReinforcementRules
from armybuilder.gui import icons
from armybuilder.gui.fonts import set_font
from armybuilder.gui.labels import swc_text
from armybuilder.gui.language import Retranslating
from armybuilder.gui.widgets.quiet import set_style_sheet, set_tool_tip, set_visible
from armybuilder.i18n import tr, trn
from armybuilder.rules.engine import Report

Run = tuple[str, bool, bool]
"""A piece of a figure's text: its words, whether bold, whether in the error colour (else the text colour)."""
NBSP = "\u00a0"


class Figure(QLabel):
    """One figure of the bar ("Points 183 / 300": its label, then its value in bold); its `over` property turns
    the value red.

    A QLabel whose text is never set, so that screen readers meet it as the static text it is (a QLabel's
    accessible role) while it measures and paints its runs itself; its accessible name is the figure's text.

    The text is drawn as runs of plain text (`Run`), as a rich-text QLabel drew the figure's HTML, pixel for
    pixel: such a label parses its HTML into a document again, and lays it out, whenever its text is set and
    measured — four figures an edit, ~0.15 ms each, where the runs are measured with the fonts' metrics.

    A figure is as wide as the widest value it usually shows (`widest`, its digits as "0"): a value one
    digit or a ".5" wider ("7" -> "9.5", "99" -> "183") then neither moves the figures after it nor
    resizes them, which Qt would repaint again after the window's repaint of the edit (a second window
    update). The width is measured again when the label, the widest value or the font change."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.setObjectName(name)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)  # as a QLabel's
        self.over = False
        self._runs: tuple[Run, ...] = ()
        self._measured: tuple[str, str] | None = None
        self._hint = QSize(0, 0)
        self._metrics: tuple[QFont, QFont, QFontMetricsF, QFontMetricsF] | None = None
        self._pieces: list[tuple[float, QStaticText, bool, bool]] | None = None
        """The runs as drawn: (x, text laid out once, bold, over), made at the first paint after they change."""

    def show_figure(self, label: str, value: str, over: bool, tooltip: str = "", widest: str = "") -> None:
        self.over = over
        if widest and self._measured != (label, widest):
            self._hold_width(label, widest)
        self.show_runs(((label, False, False), (NBSP, False, False), (value, True, over)))
        set_tool_tip(self, tooltip)

    def show_runs(self, runs: tuple[Run, ...]) -> None:
        """Show these runs of text (measured, and painted again, only when they change)."""
        if runs == self._runs:
            return
        self._runs = runs
        self._pieces = None
        hint = self._size_of(runs)
        if hint != self._hint:
            self._hint = hint
            self.updateGeometry()
        self.setAccessibleName(self.plain)
        self.update()

    def clear(self) -> None:
        self.show_runs(())

    def _hold_width(self, label: str, widest: str) -> None:
        """The figure's minimum width: its width showing `widest` with its "0"s as the font's widest digit."""
        self._measured = (label, widest)
        bold = self._fonts()[3]
        digit = max("0123456789", key=bold.horizontalAdvance)
        self.setMinimumWidth(self._size_of(((label, False, False), (NBSP, False, False),
                                            (widest.replace("0", digit), True, False))).width())

    def _fonts(self) -> tuple[QFont, QFont, QFontMetricsF, QFontMetricsF]:
        """The figure's font, its bold, and their metrics."""
        if self._metrics is None:
            font = QFont(self.font())
            bold = QFont(font)
            bold.setWeight(QFont.Weight.Bold)
            self._metrics = (font, bold, QFontMetricsF(font), QFontMetricsF(bold))
        return self._metrics

    def _size_of(self, runs: tuple[Run, ...]) -> QSize:
        """As a label's rich text of these runs measures: the runs' advances, one line of the taller font."""
        if not runs:
            return QSize(0, 0)
        _, _, plain, bold = self._fonts()
        width = sum((bold if heavy else plain).horizontalAdvance(text) for text, heavy, _ in _merged(runs))
        height = max(metrics.ascent() + metrics.descent() for metrics in (plain, bold))
        margins = self.contentsMargins()
        return QSize(math.ceil(width) + margins.left() + margins.right(),
                     math.ceil(height) + margins.top() + margins.bottom())

    def sizeHint(self) -> QSize:
        return self._hint

    def minimumSizeHint(self) -> QSize:
        return self._hint

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self._runs:
            return
        font, bold, plain_metrics, bold_metrics = self._fonts()
        if self._pieces is None:  # each run laid out once (a QStaticText), not at every paint
            self._pieces = []
            x = 0.0
            for words, heavy, over in _merged(self._runs):
                piece = QStaticText(words)
                piece.setTextFormat(Qt.TextFormat.PlainText)
                piece.prepare(font=bold if heavy else font)
                self._pieces.append((x, piece, heavy, over))
                x += (bold_metrics if heavy else plain_metrics).horizontalAdvance(words)
        area = self.contentsRect()
        height = max(metrics.ascent() + metrics.descent() for metrics in (plain_metrics, bold_metrics))
        baseline = int(area.top() + (area.height() - height) / 2) + max(plain_metrics.ascent(), bold_metrics.ascent())
        text = self.palette().color(self.foregroundRole())
        painter = QPainter(self)
        for x, piece, heavy, over in self._pieces:
            painter.setFont(bold if heavy else font)
            painter.setPen(icons.ERROR_COLOR if over else text)
            top = baseline - (bold_metrics if heavy else plain_metrics).ascent()
            painter.drawStaticText(QPointF(area.left() + x, top), piece)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._measured = None  # measured again at the next figures
            self._metrics = None
            self._pieces = None
            self._hint = self._size_of(self._runs)
            self.updateGeometry()
        super().changeEvent(event)

    @property
    def plain(self) -> str:
        """The figure as plain text (for tests and screen readers)."""
        return "".join(text for text, _, _ in self._runs).replace(NBSP, " ")


def _merged(runs: tuple[Run, ...]) -> list[Run]:
    """The runs with the ones next to each other in the same font and colour joined (one piece of text each, as
    a rich-text document lays out one fragment of text in one format)."""
    merged: list[Run] = []
    for text, heavy, over in runs:
        if merged and merged[-1][1:] == (heavy, over):
            merged[-1] = (merged[-1][0] + text, heavy, over)
        else:
            merged.append((text, heavy, over))
    return merged


def _zeros(number: int, at_least: int = 1) -> str:
    """As many "0"s as `number` has digits (at least `at_least`): a figure's widest usual value."""
    return "0" * max(at_least, len(str(number)))


def is_empty(report: Report) -> bool:
    """A list with no troopers at all (then the bar and the panel invite to add some, not a verdict)."""
    return not report.roster.troopers and not report.roster.unresolved


class TotalsBar(Retranslating, QFrame):
    """Shows the report's totals; empty when there is no list."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("totals_bar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.points = Figure("points_total")
        self.swc = Figure("swc_total")
        self.troopers = Figure("troopers_total")
        self.reinforcements = Figure("reinforcement_total")
        self.mercenaries = Figure("mercenary_total")
        self.groups = Figure("group_counts")
        self.state = QLabel()
        self.state.setObjectName("legal_state")
        set_font(self.state, bold=True)
        self.big = QFont(self.points.font())
        self.big.setPointSizeF(self.big.pointSizeF() * 1.15)
        for figure in (self.points, self.swc, self.troopers):
            figure.setFont(self.big)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 4, 10, 4)
        layout.setSpacing(22)
        layout.addWidget(self.points)
        layout.addWidget(self.swc)
        layout.addWidget(self.troopers)
        layout.addWidget(self.reinforcements)
        layout.addWidget(self.mercenaries)
        layout.addWidget(self.groups, 1)
        layout.addWidget(self.state)
        self.reinforcements.setVisible(False)
        self.mercenaries.setVisible(False)
        self._report: Report | None = None
        self._problem: str | None = None
        self._section: ReinforcementRules | None = None

    def retranslate(self) -> None:
        self.show_report(self._report, self._problem, self._section)

    def show_report(self, report: Report | None, problem: str | None = None,
                    reinforcements: ReinforcementRules | None = None) -> None:
        """Show a report's figures; `reinforcements`: the edition's rules of the list's
        Reinforcements section, when it has one (its points and SWC are shown apart)."""
        self._report = report
        self._problem = problem
        self._section = reinforcements
        set_visible(self.reinforcements, report is not None and reinforcements is not None)
        set_visible(self.mercenaries, report is not None and report.totals.mercenary_points_limit is not None)
        if report is None:
            for figure in (self.points, self.swc, self.troopers, self.groups):
                figure.clear()
            self.state.setText(tr("Cannot validate") if problem else "")
            set_style_sheet(self.state, f"color: {icons.ERROR_COLOR.name()}" if problem else "")
            set_tool_tip(self.state, problem or "")
            return
        t = report.totals
        # widest: the points and the SWC up to the limit's digits (and a ".5"), the troopers up to "15"
        self.points.show_figure(tr("Points"), f"{t.points} / {t.points_limit}", t.points > t.points_limit,
                                trn("{n} point left", "{n} points left", t.points_limit - t.points),
                                widest=f"{_zeros(t.points_limit)} / {t.points_limit}")
        self.swc.show_figure(tr("SWC"), f"{t.swc} / {t.swc_limit}", t.swc_halves > t.swc_limit_halves,
                             tr("{left} SWC left", left=swc_text(t.swc_limit_halves - t.swc_halves))
                             if t.swc_halves <= t.swc_limit_halves else "",
                             widest=f"{_zeros(t.swc_limit_halves // 2)}.5 / {t.swc_limit}")
        limit = f" / {t.troopers_limit}" if t.troopers_limit is not None else ""
        self.troopers.show_figure(tr("Troopers"), f"{t.troopers}{limit}",
                                  t.troopers_limit is not None and t.troopers > t.troopers_limit,
                                  tr("Troopers in the list (a controller and its peripherals count once)"),
                                  widest=f"{_zeros(t.troopers_limit or 0, 2)}{limit}")
        if t.mercenary_points_limit is not None:
            cap = t.mercenary_points_limit
            tip = tr("Soldiers of Fortune: {used} of its {limit} points of mercenaries used.", used=t.mercenary_points,
                     limit=cap)
            if t.mercenary_swc_halves:
                tip += " " + tr("Fielding them takes {swc} SWC from the budget.", swc=swc_text(t.mercenary_swc_halves))
            self.mercenaries.show_figure(tr("Mercs", context="totals"), f"{t.mercenary_points} / {cap}",
                                         t.mercenary_points > cap, tip, widest=f"{_zeros(cap)} / {cap}")
        if reinforcements is not None:
            section = report.roster.reinforcements
            points = sum(r.points for r in section)
            swc = sum(r.swc_halves for r in section)
            budget = t.reinforcement_points_limit or reinforcements.points
            self.reinforcements.show_figure(
                tr("Reinf.", context="totals"), f"{points} / {budget}",
                points > budget or swc > reinforcements.swc.halves,
                tr("The Reinforcements section: {points} of its {limit} points and {swc} of its {swc_limit} SWC "
                   "(included in the totals on the left).", points=points, limit=budget, swc=swc_text(swc),
                   swc_limit=str(reinforcements.swc)), widest=f"{_zeros(budget)} / {budget}")
        runs: list[Run] = []
        over_any = False
        for group in t.groups:
            over = group.troopers > group.limit
            over_any = over_any or over
            number = group.number
            name = tr("R{number}", number=number) if group.reinforcement else tr("CG{number}", number=number)
            if runs:
                runs.append((NBSP * 2 + " ", False, False))
            runs.extend(((name, False, False), (NBSP, False, False), (f"{group.troopers}/{group.limit}", True, over)))
        self.groups.over = over_any
        self.groups.show_runs(tuple(runs))
        set_tool_tip(self.groups, tr("Troopers per combat group and the group limit"))
        errors = len(report.errors)
        if is_empty(report):  # not a verdict yet: the list has nothing in it (and no Lieutenant)
            self.state.setText(tr("Start by adding troopers"))
            set_style_sheet(self.state, f"color: {icons.INFO_COLOR.name()}")
            set_tool_tip(self.state, tr("An empty list is not legal: it needs troopers, one of them its Lieutenant."))
        elif report.legal:
            self.state.setText(tr("✔ Legal"))
            set_style_sheet(self.state, f"color: {icons.LEGAL_COLOR.name()}")
            set_tool_tip(self.state, tr("The list passes every rule the builder checks."))
        else:
            self.state.setText(tr("✖ Not legal ({count})", count=errors))
            set_style_sheet(self.state, f"color: {icons.ERROR_COLOR.name()}")
            set_tool_tip(self.state, tr("See the Problems panel for what to fix."))
