"""YAML reading with the C loader, and mapping pydantic errors back to file lines."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from armybuilder.data.problems import DataProblem

try:  # the C loader is much faster; the pure one is a fallback for odd builds
    SafeLoader: type[yaml.SafeLoader] = yaml.CSafeLoader  # type: ignore[assignment]
    SafeDumper: type[yaml.SafeDumper] = yaml.CSafeDumper  # type: ignore[assignment]
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    SafeLoader = yaml.SafeLoader
    SafeDumper = yaml.SafeDumper


def read_yaml(path: Path) -> tuple[Any, list[DataProblem]]:
    """Parse a YAML file; syntax errors become problems with line and column."""
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, [DataProblem(name, "file not found")]
    except IsADirectoryError:
        return None, [DataProblem(name, "is a folder, expected a YAML file")]
    except UnicodeDecodeError as exc:
        return None, [DataProblem(name, f"not UTF-8 text ({exc.reason} at byte {exc.start})")]
    except OSError as exc:
        return None, [DataProblem(name, f"cannot be read: {exc.strerror or exc}")]
    return parse_yaml(text, name)


def parse_yaml(text: str, name: str) -> tuple[Any, list[DataProblem]]:
    """Parse YAML text; `name` is used in messages."""
    try:
        return yaml.load(text, Loader=SafeLoader), []
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        column = mark.column + 1 if mark else None
        what = exc.problem or exc.context or "invalid YAML"
        return None, [DataProblem(name, f"YAML syntax error: {what}", line=line, column=column)]
    except yaml.YAMLError as exc:
        return None, [DataProblem(name, f"YAML error: {exc}")]


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
    "int_parsing": "expected a whole number",
    "int_type": "expected a whole number",
    "float_parsing": "expected a number",
    "string_type": "expected text",
    "bool_parsing": "expected true or false",
    "bool_type": "expected true or false",
    "missing": "is required but missing",
    "extra_forbidden": "is not a known key here",
    "greater_than_equal": "must be at least {ge}",
    "greater_than": "must be more than {gt}",
    "less_than_equal": "must be at most {le}",
    "tuple_type": "expected a list",
    "list_type": "expected a list",
    "dict_type": "expected a mapping (key: value)",
    "model_type": "expected a mapping (key: value)",
    "enum": "expected one of {expected}",
    "literal_error": "expected one of {expected}",
}


def describe_error(error: Any) -> str:
    """A player-readable sentence for one pydantic error."""
    kind = error.get("type", "")
    ctx = error.get("ctx") or {}
    template = _EXPECTATIONS.get(kind)
    got = error.get("input")
    if template:
        try:
            message = template.format(**ctx)
        except (KeyError, IndexError):
            message = template
    else:
        message = str(error.get("msg", "invalid value"))
        if message.startswith("Value error, "):
            message = message[len("Value error, "):]
    if template and kind not in ("missing", "extra_forbidden") and not isinstance(got, dict | list) \
            and got is not None:
        message += f" (got {got!r})"
    return message


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
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
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
