"""PDF pages as images for the print preview: Qt's own PDF module when it is installed (it is not in
PySide6-Essentials), else PDFium through pypdfium2. Runs on a worker thread; returns QImages (which,
unlike pixmaps, may be made off the GUI thread)."""

from __future__ import annotations

import importlib.util
import threading

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize
from PySide6.QtGui import QImage, QPainter

PREVIEW_DPI = 110
_pdfium_lock = threading.Lock()
"""PDFium is not thread-safe: one rendering at a time."""


def qt_pdf_available() -> bool:
    try:
        return importlib.util.find_spec("PySide6.QtPdf") is not None
    except (ImportError, ValueError):
        return False


def render_pages(data: bytes, dpi: int = PREVIEW_DPI) -> list[QImage]:
    """Every page of a PDF, rendered at `dpi` on white."""
    if qt_pdf_available():
        return _render_with_qt(data, dpi)
    return _render_with_pdfium(data, dpi)


def _render_with_pdfium(data: bytes, dpi: int) -> list[QImage]:
    import pypdfium2 as pdfium

    images: list[QImage] = []
    with _pdfium_lock:
        document = pdfium.PdfDocument(data)
        try:
            for number in range(len(document)):
                page = document[number]
                try:
                    bitmap = page.render(scale=dpi / 72, rev_byteorder=True, prefer_bgrx=True)
                    image = QImage(bitmap.buffer, bitmap.width, bitmap.height, bitmap.stride,
                                   QImage.Format.Format_RGBX8888)
                    images.append(image.copy())  # own the pixels: the bitmap is freed below
                    bitmap.close()
                finally:
                    page.close()
        finally:
            document.close()
    return images


def _render_with_qt(data: bytes, dpi: int) -> list[QImage]:
    from PySide6.QtPdf import QPdfDocument

    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    document = QPdfDocument()
    document.load(buffer)
    images = []
    for number in range(document.pageCount()):
        points = document.pagePointSize(number)
        size = QSize(round(points.width() * dpi / 72), round(points.height() * dpi / 72))
        image = document.render(number, size)
        white = QImage(size, QImage.Format.Format_RGB32)
        white.fill(0xFFFFFFFF)  # QtPdf renders on transparency: the preview shows paper
        painter = QPainter(white)
        painter.drawImage(0, 0, image)
        painter.end()
        images.append(white)
    document.close()
    return images
