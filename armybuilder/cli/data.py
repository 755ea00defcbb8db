"""`armybuilder data import|list`: the official Infinity Army data, imported for offline use.

`data import FOLDER` of files that did not change since the last import prints the report recorded
then (`import_report.unchanged_import`) without importing the importer, the cache or the data model
(#20); anything else runs the importer. Both print through `_print_report`, so they read the same.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from armybuilder.cli import COMMANDS
from armybuilder.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_UNUSABLE,
    add_data_option,
    count_int,
    keep_until_exit,
    open_catalog,
    seconds,
)
from armybuilder.data.import_report import ArmyImport, ImportReport, unchanged_import
from armybuilder.data.official_source import DEFAULT_RETRIES, DEFAULT_TIMEOUT, OFFICIAL_API
from armybuilder.i18n import LANGUAGES, tr, trn
from armybuilder.paths import imported_data_dir


def register(commands: Any) -> None:
    parser = commands.add_parser("data", help=tr(COMMANDS["data"]))
    sub = parser.add_subparsers(dest="data_command", metavar="ACTION", required=True)

    importing = sub.add_parser(
        "import", help=tr("import the official data from a folder or over HTTP"),
        description=tr("Convert the official Infinity Army data (army.json and one file per army) for offline use. "
                       "Files whose content did not change since the last import are skipped."))
    importing.add_argument("path", nargs="?", type=Path, metavar="PATH",
                           help=tr("folder holding army.json and the army files"))
    importing.add_argument("--url", nargs="?", const=OFFICIAL_API, metavar="BASE",
                           help=tr("download instead: from the official API (no BASE) or from a mirror laid out "
                                   "like the data folder"))
    importing.add_argument("--lang", dest="names_language", choices=sorted(LANGUAGES), metavar="LANG",
                           help=tr("with --url: also fetch the data's names in this language (es: Spanish weapon, "
                                   "skill and equipment names for Spanish print-outs and the app) and merge them "
                                   "by id; a later import keeps them"))
    importing.add_argument("--data", metavar="DIR", type=Path,
                           help=tr("cache folder to write (default: your user data folder)"))
    importing.add_argument("--timeout", type=seconds, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                           help=tr("give up on a silent server after this long (default {seconds})",
                                   seconds=f"{DEFAULT_TIMEOUT:g}"))
    importing.add_argument("--retries", type=count_int, default=DEFAULT_RETRIES, metavar="N",
                           help=tr("retries per file after a network error (default {count})",
                                   count=DEFAULT_RETRIES))
    importing.add_argument("-v", "--verbose", action="store_true",
                           help=tr("also show notes and every army's line"))
    importing.set_defaults(handler=_import)

    listing = sub.add_parser("list", help=tr("list bundled and imported armies with versions and counts"))
    add_data_option(listing)
    listing.set_defaults(handler=_list)


class _ProgressPrinter:
    """Per-file progress on the terminal: one line per file (rewritten in place on a terminal)."""

    def __init__(self, verb: str, stream: TextIO) -> None:
        self.verb = verb
        self.stream = stream
        self.live = stream.isatty()
        self.last: tuple[str, int, int, int] | None = None

    def __call__(self, file: str, index: int, total: int, size: int) -> None:
        if self.last is not None and self.last[:3] != (file, index, total):
            self._line(*self.last, final=True)
        self.last = (file, index, total, size)
        if self.live:
            self._line(file, index, total, size, final=False)

    def finish(self) -> None:
        if self.last is not None:
            self._line(*self.last, final=True)
            self.last = None

    def _line(self, file: str, index: int, total: int, size: int, *, final: bool) -> None:
        width = len(str(total))
        count = f" [{index:>{width}}/{total}]" if total else ""  # army.json comes before the total is known
        text = f"{self.verb}{count} {file} ({_size(size)})"
        if self.live:
            self.stream.write("\r" + text.ljust(78) + ("\n" if final else ""))
        elif final:
            self.stream.write(text + "\n")
        self.stream.flush()


def _size(size: int) -> str:
    return f"{size / 1024:.0f} KB" if size >= 1024 else f"{size} B"


def _import(args: argparse.Namespace) -> int:
    data_dir = args.data or imported_data_dir()
    out = sys.stdout
    if args.url is not None and args.path is not None:
        print(tr("give either a folder or --url, not both"), file=sys.stderr)
        return EXIT_UNUSABLE
    if args.url is None and args.path is None:
        print(tr("give the folder holding army.json, or --url to download the data"), file=sys.stderr)
        return EXIT_UNUSABLE
    names_language = args.names_language if args.names_language not in (None, "en") else None
    if names_language is not None and args.url is None:
        print(tr("--lang {language} needs --url: the names in another language are downloaded with the data",
                 language=names_language), file=sys.stderr)
        return EXIT_UNUSABLE
    converting = _ProgressPrinter(tr("reading"), sys.stderr)
    if args.url is not None:
        from armybuilder.data.download import import_from_url  # network code only for a download

        downloading = _ProgressPrinter(tr("downloading"), sys.stderr)
        print(tr("downloading from {url}", url=args.url), file=sys.stderr)
        report = import_from_url(args.url, data_dir, timeout=args.timeout, retries=args.retries,
                                 download_progress=downloading, progress=converting if args.verbose else None,
                                 names_language=names_language)
        downloading.finish()
    else:
        progress = converting if args.verbose else None
        unchanged = unchanged_import(args.path, data_dir, progress=progress)
        if unchanged is not None:
            report = unchanged
        else:
            from armybuilder.data.importer import import_folder  # the data model only when converting

            report = import_folder(args.path, data_dir, progress=progress, check_unchanged=False,
                                   keep=keep_until_exit())
    converting.finish()
    _print_report(report, args.verbose, out)
    if report.fatal is not None:
        return EXIT_UNUSABLE  # nothing could be imported: the source could not be read (or the cache written)
    if report.cancelled:
        return EXIT_FAILED
    return EXIT_FAILED if report.all_errors or report.failed_armies else EXIT_OK


def _print_report(report: ImportReport, verbose: bool, out: TextIO) -> None:
    shown = ("error", "warning", "info") if verbose else ("error", "warning")
    for issue in report.issues:
        if issue.severity in shown:
            print(str(issue), file=out)
    for army in sorted(report.armies, key=lambda a: (a.status == "unchanged", a.army_id or 0)):
        flagged = [issue for issue in army.issues if issue.severity in shown]
        if verbose or flagged or army.status not in ("unchanged", "skipped"):
            print(_army_line(army), file=out)
        for issue in flagged:
            print("    " + str(issue), file=out)
    if report.fatal is not None:
        print(str(report.fatal), file=out)
        print(tr("nothing was imported; the data imported before is unchanged"), file=out)
        return
    if report.cancelled:
        print(tr("cancelled; the data imported before is unchanged"), file=out)
        return
    issues = report.all_issues
    counts = {s: sum(1 for i in issues if i.severity == s) for s in ("error", "warning", "info")}
    armies = sum(1 for a in report.armies if a.status not in ("skipped", "removed"))
    print(trn("{n} army", "{n} armies", armies) + ": " + ", ".join((
        trn("{n} new", "{n} new", report.count("imported"), context="import status"),
        trn("{n} updated", "{n} updated", report.count("updated"), context="import status"),
        trn("{n} unchanged", "{n} unchanged", report.count("unchanged"), context="import status"),
        trn("{n} failed", "{n} failed", len(report.failed_armies), context="import status")))
        + "; " + ", ".join((trn("{n} error", "{n} errors", counts["error"]),
                            trn("{n} warning", "{n} warnings", counts["warning"]),
                            trn("{n} note", "{n} notes", counts["info"])))
        + " " + tr("({seconds} s)", seconds=f"{report.seconds:.2f}"), file=out)
    for language, count in report.translations.items():
        if count:
            print(trn("names in {language}: {n} merged by id", "names in {language}: {n} merged by id", count,
                      language=language), file=out)
    if report.written:
        print(tr("saved in {folder}", folder=str(report.data_dir)), file=out)
    elif not report.all_errors:
        print(tr("nothing changed since the last import"), file=out)
    if counts["info"] and not verbose:
        print(tr("(run with --verbose to see the notes)"), file=out)


def _army_line(army: ArmyImport) -> str:
    counts = ""
    if army.counts:
        counts = "  " + ", ".join((trn("{n} unit", "{n} units", army.counts.get("units", 0)),
                                   trn("{n} option", "{n} options", army.counts.get("options", 0)),
                                   trn("{n} fireteam", "{n} fireteams", army.counts.get("teams", 0))))
    name = army.name or army.file
    ident = f"{army.army_id:>5}" if army.army_id is not None else "    ?"
    return f"{ident}  {name}  {army.version_text}  [{army.status_label}]{counts}"


def _list(args: argparse.Namespace) -> int:
    from armybuilder.data.cache import ImportedSource

    catalog = open_catalog(args)
    data_dir = args.data or imported_data_dir()
    unreadable = EXIT_UNUSABLE if any(p.severity == "error" for p in catalog.problems) else EXIT_OK
    bundled = [s for s in catalog.armies() if s.origin == "bundled"]
    imported = [s for s in catalog.armies() if s.origin == "imported"]
    kinds = {"vanilla": tr("vanilla", context="army kind"), "sectorial": tr("sectorial", context="army kind"),
             "reinforcements": tr("reinforcements", context="army kind")}
    print(tr("Bundled armies ({count})", count=len(bundled)))
    for summary in sorted(bundled, key=lambda s: s.id):
        print(f"  {summary.id:>5}  {summary.label}  [{kinds.get(summary.kind, summary.kind)}, {summary.edition}]  "
              + trn("{n} unit", "{n} units", summary.units) + ", " + trn("{n} option", "{n} options", summary.options))
    source = next((s for s in catalog.sources if isinstance(s, ImportedSource)), None)
    if source is None:
        print(tr("No imported armies in {folder} (run `armybuilder data import`)", folder=str(data_dir)))
        return unreadable
    index = source.index
    print(tr("Imported armies ({count}) from {source}, {date}", count=len(imported), source=index.source,
             date=index.imported_at))
    for entry in sorted(index.armies, key=lambda a: a.id):
        counts = entry.counts
        extras = []
        if entry.discontinued:
            extras.append(tr("discontinued"))
        if entry.aliases:
            extras.append(tr("also id {ids}", ids=", ".join(map(str, entry.aliases))))
        flagged = sum(1 for i in entry.issues if i.severity != "info")
        if flagged:
            extras.append(trn("{n} import problem", "{n} import problems", flagged))
        print(f"  {entry.id:>5}  {entry.summary().label}  [{kinds.get(entry.kind, entry.kind)}]  "
              + trn("{n} unit", "{n} units", counts.get("units", 0))
              + " (" + trn("{n} mercenary", "{n} mercenaries", counts.get("mercenaries", 0)) + "), "
              + ", ".join((trn("{n} option", "{n} options", counts.get("options", 0)),
                           trn("{n} team option", "{n} team options", counts.get("team_options", 0)),
                           trn("{n} fireteam", "{n} fireteams", counts.get("teams", 0))))
              + (f"  ({'; '.join(extras)})" if extras else ""))
    return unreadable

