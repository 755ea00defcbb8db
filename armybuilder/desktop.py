"""Install the app into the user's desktop (freedesktop: Linux and other X11/Wayland systems): the .desktop file,
the icons, the AppStream metainfo and the list files' MIME type, pointing at this installation's `armybuilder`.

    python -m armybuilder.desktop install [--prefix DIR]     (make install-desktop)
    python -m armybuilder.desktop uninstall [--prefix DIR]

DIR defaults to $XDG_DATA_HOME (~/.local/share). Nothing is written outside it; the caches of the menus,
icons and MIME types are refreshed when their tools are installed.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from armybuilder.about import APP_ID
from armybuilder.i18n import default_language, set_language, tr
from armybuilder.paths import resources_dir

MIME_FILE = "armybuilder-mime.xml"


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def launcher() -> list[str]:
    """The command that starts this installation: the frozen bundle's executable, the `armybuilder` script beside
    this interpreter (a venv, --user, pipx), or this interpreter with `-m armybuilder`."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    here = Path(sys.executable).parent
    for name in ("armybuilder", "armybuilder.exe"):
        if (here / name).is_file():
            return [str(here / name)]
    found = shutil.which("armybuilder")
    return [found] if found else [sys.executable, "-m", "armybuilder"]


def targets(prefix: Path) -> dict[str, Path]:
    """Where each file goes under `prefix` (the XDG data folder)."""
    return {
        "desktop": prefix / "applications" / f"{APP_ID}.desktop",
        "metainfo": prefix / "metainfo" / f"{APP_ID}.metainfo.xml",
        "mime": prefix / "mime" / "packages" / f"{APP_ID}.xml",
        "svg": prefix / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg",
        "png256": prefix / "icons" / "hicolor" / "256x256" / "apps" / f"{APP_ID}.png",
        "png48": prefix / "icons" / "hicolor" / "48x48" / "apps" / f"{APP_ID}.png",
    }


def desktop_entry(command: Sequence[str]) -> str:
    """The shipped .desktop file with Exec and TryExec naming this installation."""
    text = (resources_dir() / "desktop" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    lines = []
    for line in text.splitlines():
        if line.startswith("Exec="):
            line = "Exec=" + " ".join(_quote(part) for part in command) + " %F"
        elif line.startswith("TryExec="):
            line = "TryExec=" + command[0]
        lines.append(line)
    return "\n".join(lines) + "\n"


def _quote(part: str) -> str:
    """Quoting as the Desktop Entry spec wants it: double quotes, with \\ " ` $ escaped."""
    if all(c.isalnum() or c in "/._-+" for c in part):
        return part
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in part)
    return f'"{escaped}"'


def install(prefix: Path | None = None, command: Sequence[str] | None = None) -> dict[str, Path]:
    """Write every file; returns where they went."""
    where = targets(prefix or data_home())
    folder = resources_dir()
    sources = {
        "metainfo": folder / "desktop" / f"{APP_ID}.metainfo.xml",
        "mime": folder / "desktop" / MIME_FILE,
        "svg": folder / "icons" / "armybuilder.svg",
        "png256": folder / "icons" / "armybuilder-256.png",
        "png48": folder / "icons" / "armybuilder-48.png",
    }
    for path in where.values():
        path.parent.mkdir(parents=True, exist_ok=True)
    where["desktop"].write_text(desktop_entry(list(command or launcher())), encoding="utf-8")
    for key, source in sources.items():
        shutil.copyfile(source, where[key])
    _refresh(prefix or data_home())
    return where


def uninstall(prefix: Path | None = None) -> list[Path]:
    removed = []
    for path in targets(prefix or data_home()).values():
        if path.exists():
            path.unlink()
            removed.append(path)
    _refresh(prefix or data_home())
    return removed


def _refresh(prefix: Path) -> None:
    """Rebuild the desktop's caches when their tools exist (quietly: they are optional)."""
    for tool, argument in (("update-desktop-database", prefix / "applications"),
                           ("update-mime-database", prefix / "mime"),
                           ("gtk-update-icon-cache", prefix / "icons" / "hicolor")):
        if shutil.which(tool) and argument.is_dir():
            subprocess.run([tool, "-q", str(argument)] if tool != "update-mime-database" else [tool, str(argument)],
                           capture_output=True, check=False, timeout=60)


def main(argv: Sequence[str] | None = None) -> int:
    set_language(default_language())
    parser = argparse.ArgumentParser(prog="python -m armybuilder.desktop",
                                     description=tr("Install the army builder into your desktop's menus."))
    parser.add_argument("action", choices=("install", "uninstall"))
    parser.add_argument("--prefix", type=Path,
                        help=tr("the XDG data folder (default: $XDG_DATA_HOME or ~/.local/share)"))
    args = parser.parse_args(argv)
    try:
        if args.action == "install":
            where = install(args.prefix)
            print(tr("installed, starting {command}:", command=shlex.join(launcher())))
            for path in where.values():
                print(f"  {path}")
        else:
            removed = uninstall(args.prefix)
            print(tr("removed:") if removed else tr("nothing to remove"))
            for path in removed:
                print(f"  {path}")
    except OSError as exc:
        print(f"armybuilder.desktop: {exc.filename or ''}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
