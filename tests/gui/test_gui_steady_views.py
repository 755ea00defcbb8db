"""Views that an edit leaves alone where nothing they show changed: what they do redo is only what changed,
and what they show is the same as if they had redone everything (#20)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QApplication, QHeaderView, QStyleOptionViewItem

from armybuilder.gui.widgets.wrapping import WrappingDelegate, WrappingTreeView

USER_ROLE = int(Qt.ItemDataRole.UserRole) + 7


class CountingDelegate(WrappingDelegate):
    def __init__(self, view: WrappingTreeView) -> None:
        super().__init__(view, wrap_columns=(0,))
        self.asked: list[tuple[int, int]] = []

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        self.asked.append((index.row(), index.column()))
        return super().sizeHint(option, index)


def fitted_tree(qtbot) -> tuple[WrappingTreeView, QStandardItemModel, CountingDelegate]:  # type: ignore[no-untyped-def]
    model = QStandardItemModel(0, 3)
    for row in range(30):
        model.appendRow([QStandardItem(f"unit {row}"), QStandardItem(str(row)), QStandardItem("x")])
    view = WrappingTreeView()
    qtbot.addWidget(view)
    view.setModel(model)
    delegate = CountingDelegate(view)
    view.setItemDelegate(delegate)
    view.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    view.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
    view.resize(400, 300)
    view.show()
    qtbot.waitExposed(view)
    QApplication.processEvents()
    return view, model, delegate


def test_a_colour_or_a_mark_of_a_row_does_not_fit_the_columns_again(qtbot) -> None:  # type: ignore[no-untyped-def]
    _view, model, delegate = fitted_tree(qtbot)
    delegate.asked.clear()
    model.item(0, 1).setData(QBrush(QColor("grey")), Qt.ItemDataRole.ForegroundRole)
    model.item(0, 1).setData("ava", USER_ROLE)  # a role of the model's own (the browser's marks)
    model.item(0, 1).setToolTip("AVA 1/1")
    QApplication.processEvents()
    assert {row for row, _ in delegate.asked} <= {0}  # the changed row only (its height), not every row shown
    assert model.index(0, 1).data(USER_ROLE) == "ava"


def test_a_longer_text_still_widens_its_fitted_column(qtbot) -> None:  # type: ignore[no-untyped-def]
    view, model, _ = fitted_tree(qtbot)
    before = view.header().sectionSize(1)
    model.item(3, 1).setText("a much longer figure than the others")
    QApplication.processEvents()
    assert view.header().sectionSize(1) > before


def test_the_wrapping_header_is_set_up_as_qts_own(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QTreeView

    plain, wrapping = QTreeView(), WrappingTreeView()
    for view in (plain, wrapping):
        qtbot.addWidget(view)
        view.setModel(QStandardItemModel(2, 3, view))
    for getter in ("sectionsClickable", "highlightSections", "isFirstSectionMovable", "sectionsMovable",
                   "stretchLastSection", "defaultAlignment", "isSortIndicatorShown", "orientation"):
        assert getattr(plain.header(), getter)() == getattr(wrapping.header(), getter)(), getter
