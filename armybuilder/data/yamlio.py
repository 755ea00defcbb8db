"""YAML reading with the C loader, and mapping pydantic errors back to file lines."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from armybuilder.data.problems import DataError, DataProblem
from armybuilder.i18n import N_, tr

try:  # the C loader is much faster; the pure one is a fallback for odd builds
    _BaseLoader: type[yaml.SafeLoader] = yaml.CSafeLoader  # type: ignore[assignment]
    SafeDumper: type[yaml.SafeDumper] = yaml.CSafeDumper  # type: ignore[assignment]
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _BaseLoader = yaml.SafeLoader
    SafeDumper = yaml.SafeDumper


class DuplicateKeyError(yaml.constructor.ConstructorError):
    """A mapping gives the same key twice (YAML forbids it; PyYAML would silently keep the last)."""

    def __init__(self, key: Any, first: yaml.Mark, again: yaml.Mark) -> None:
        super().__init__(None, None, f"duplicate key {key!r}", again)
        self.key = key
        self.first_line = first.line + 1


class SafeLoader(_BaseLoader):  # type: ignore[valid-type,misc]
    """The C safe loader (parsing in C, building Python objects in Python), refusing duplicate keys."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        if isinstance(node, yaml.MappingNode):
            seen: dict[Any, yaml.Node] = {}
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue  # `<<:` merges may repeat keys of the merged mapping on purpose
                key = self.construct_object(key_node, deep=True)
                if not isinstance(key, Hashable):
                    continue  # the base constructor reports unhashable keys
                if key in seen:
                    raise DuplicateKeyError(key, seen[key].start_mark, key_node.start_mark)
                seen[key] = key_node
        return super().construct_mapping(node, deep=deep)  # type: ignore[no-any-return]


def read_text_file(path: Path, folder_message: str) -> str:
    """A data file's UTF-8 text; every way reading can fail becomes a DataError naming the file.

    `folder_message` is what to say when `path` is a folder (e.g. "is a folder, expected a list file").
    """
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(DataProblem(str(path), tr("file not found"))) from None
    except IsADirectoryError:
        raise DataError(DataProblem(str(path), folder_message)) from None
    except UnicodeDecodeError as exc:
        raise DataError(DataProblem(str(path), tr("not UTF-8 text ({reason} at byte {byte})",
                                                  reason=exc.reason, byte=exc.start))) from None
    except OSError as exc:
        raise DataError(DataProblem(str(path), tr("cannot be read: {reason}", reason=exc.strerror or exc))) from None


def parse_yaml(text: str, name: str) -> tuple[Any, list[DataProblem]]:
    """Parse YAML text; `name` is used in messages. A key given twice in one mapping is an error."""
    try:
        return yaml.load(text, Loader=SafeLoader), []
    except DuplicateKeyError as exc:
        mark = exc.problem_mark
        return None, [DataProblem(name, tr("the key {key} is given twice in one mapping (first on line {first}); "
                                           "keep one", key=repr(exc.key), first=exc.first_line),
                                  line=mark.line + 1 if mark else None, column=mark.column + 1 if mark else None)]
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        column = mark.column + 1 if mark else None
        what = exc.problem or exc.context or tr("invalid YAML")
        return None, [DataProblem(name, tr("YAML syntax error: {problem}", problem=what), line=line, column=column)]
    except yaml.YAMLError as exc:
        return None, [DataProblem(name, tr("YAML error: {error}", error=str(exc)))]


def locate(text: str, path: Sequence[str | int]) -> tuple[int | None, int | None]:
    """Line and column (1-based) of the node at a key path, or of its nearest existing parent."""
    try:
        node = yaml.compose(text, Loader=SafeLoader)
    except yaml.YAMLError:
        return None, None
    best: yaml.Node | None = node
    for key in path:
        if isinstance(node, yaml.MappingNode):
            pair = next(((k, v) for k, v in node.value if k.value == str(key)), None)
            if pair is None:
                break
            key_node, node = pair
            best = node if isinstance(node, yaml.MappingNode | yaml.SequenceNode) else key_node
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and 0 <= key < len(node.value):
            node = node.value[key]
            best = node
        else:
            break
    if best is None:
        return None, None
    return best.start_mark.line + 1, best.start_mark.column + 1


def format_path(path: Sequence[str | int]) -> str:
    """units[0].profile_groups[1].options[2].points"""
    out = ""
    for key in path:
        if isinstance(key, int):
            out += f"[{key}]"
        else:
            out += ("." if out else "") + str(key)
    return out


_EXPECTATIONS = {
    "int_parsing": N_("expected a whole number"),
    "int_type": N_("expected a whole number"),
    "int_from_float": N_("expected a whole number"),
    "float_parsing": N_("expected a number"),
    "float_type": N_("expected a number"),
    "string_type": N_("expected text"),
    "bool_parsing": N_("expected true or false"),
    "bool_type": N_("expected true or false"),
    "missing": N_("is required but missing"),
    "extra_forbidden": N_("is not a known key here"),
    "greater_than_equal": N_("must be at least {ge}"),
    "greater_than": N_("must be more than {gt}"),
    "less_than_equal": N_("must be at most {le}"),
    "less_than": N_("must be less than {lt}"),
    "tuple_type": N_("expected a list"),
    "list_type": N_("expected a list"),
    "dict_type": N_("expected a mapping (key: value)"),
    "model_type": N_("expected a mapping (key: value)"),
    "model_attributes_type": N_("expected a mapping (key: value)"),
    "enum": N_("expected one of {expected}"),
    "literal_error": N_("expected one of {expected}"),
    "string_too_short": N_("must not be empty"),
}


def describe_error(error: Any) -> str:
    """A player-readable sentence for one pydantic error, in the current language."""
    kind = error.get("type", "")
    ctx = error.get("ctx") or {}
    template = _EXPECTATIONS.get(kind)
    got = error.get("input")
    if template:
        try:
            message = tr(template, **{k: _ctx_text(v) for k, v in ctx.items()})
        except (KeyError, IndexError):
            message = tr(template)
    else:
        message = str(error.get("msg", tr("invalid value")))
        if message.startswith("Value error, "):
            message = message[len("Value error, "):]
    if template and kind not in ("missing", "extra_forbidden") and not isinstance(got, dict | list) \
            and got is not None:
        message += " " + tr("(got {value})", value=repr(got))
    return message


def _ctx_text(value: Any) -> Any:
    """pydantic's context values, with its English 'or' of enum choices kept readable."""
    if isinstance(value, str) and " or " in value:
        return value.replace(" or ", " " + tr("or", context="choices") + " ")
    return value


def validation_problems(
    exc: ValidationError, file: str, text: str | None, prefix: Sequence[str | int] = ()
) -> list[DataProblem]:
    """Turn a pydantic ValidationError into problems located in the YAML text."""
    problems = []
    for error in exc.errors():
        loc = [*prefix, *(p for p in error["loc"] if not _is_union_tag(p))]
        line, column = locate(text, loc) if text is not None else (None, None)
        problems.append(
            DataProblem(file, describe_error(error), path=format_path(loc), line=line, column=column)
        )
    return problems


def _is_union_tag(part: Any) -> bool:
    """pydantic inserts union member names (e.g. 'int', 'function-plain[...]') into locations."""
    return isinstance(part, str) and (
        ("[" in part and part.endswith("]")) or part in ("int", "str", "literal['total']", "none"))


def atomic_write_text(path: Path, text: str) -> None:
    """Write a file so that a crash leaves either the old or the new content, never half."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write `data` to `path` through a temporary file renamed over it (see `atomic_write_text`).

    The file keeps the permissions of the file it replaces; a new file gets the usual ones
    (0666 less the umask, as `open()` would give), not the private 0600 of a temporary file.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        keep_mode: int | None = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        keep_mode = None
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        tmp = path.parent / f".{path.name}.{os.urandom(4).hex()}.tmp"
        try:
            fd = os.open(tmp, flags, 0o666)  # the system applies the umask
            break
        except FileExistsError:
            continue
    else:  # pragma: no cover - 100 random names all taken
        raise FileExistsError(errno.EEXIST, "no free temporary name", str(path.parent))
    try:
        with os.fdopen(fd, "wb") as handle:
            if keep_mode is not None and hasattr(os, "fchmod"):
                os.fchmod(handle.fileno(), keep_mode)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def dump_yaml(data: Any) -> str:
    """YAML text for our files: block style, keys in the given order, Unicode kept."""
    return yaml.dump(data, Dumper=SafeDumper, sort_keys=False, allow_unicode=True, width=100)
