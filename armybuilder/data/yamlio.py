"""YAML reading with the C loader, and mapping pydantic errors back to file lines."""

from __future__ import annotations

import errno
import functools
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from armybuilder.data.fileio import atomic_write_bytes as atomic_write_bytes  # re-exported for its callers
from armybuilder.data.fileio import atomic_write_text as atomic_write_text
from armybuilder.data.fileio import read_regular_bytes
from armybuilder.data.problems import DataError, DataProblem
from armybuilder.i18n import N_, Text, tr

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

    def construct_bounded_int(self, node: yaml.ScalarNode) -> int:
        """An integer of at most 30 digits (Python refuses to even read one of 4,300 digits or more)."""
        text = str(self.construct_scalar(node))
        if len(text) > 30:
            raise yaml.constructor.ConstructorError(
                None, None, tr("a number {digits} digits long, far beyond any value the builder reads",
                               digits=len(text)), node.start_mark)
        return super().construct_yaml_int(node)  # type: ignore[no-any-return]


SafeLoader.add_constructor("tag:yaml.org,2002:int", SafeLoader.construct_bounded_int)


MAX_DATA_FILE_BYTES = 64_000_000
"""The largest profile database read (the bundled ones are well under 1 MB)."""


def read_text_file(path: Path, folder_message: Text, max_bytes: int = MAX_DATA_FILE_BYTES) -> str:
    """A data file's UTF-8 text; every way reading can fail becomes a DataError naming the file.

    `folder_message` is what to say when `path` is a folder (e.g. "is a folder, expected a list file").
    Only regular files are opened (a FIFO is refused, never waited on); see `fileio.read_regular_bytes`.
    """
    try:
        data = read_regular_bytes(path, max_bytes)
        text = data.decode("utf-8")
    except FileNotFoundError:
        raise DataError(DataProblem(str(path), tr("file not found"))) from None
    except IsADirectoryError:
        raise DataError(DataProblem(str(path), folder_message)) from None
    except UnicodeDecodeError as exc:
        raise DataError(DataProblem(str(path), tr("not UTF-8 text ({reason} at byte {byte})",
                                                  reason=exc.reason, byte=exc.start))) from None
    except OSError as exc:
        if exc.errno == errno.EISDIR:
            raise DataError(DataProblem(str(path), folder_message)) from None
        raise DataError(DataProblem(str(path), tr("cannot be read: {reason}", reason=exc.strerror or exc))) from None
    return text.removeprefix("\ufeff")


@dataclass(frozen=True)
class YamlBudget:
    """How much structure a YAML file may ask for before it is built (against alias "bombs" and
    nesting that would exhaust memory, the stack or the parser's time)."""

    aliases: int = 50
    """`*name` references allowed: our list files never need them; profile databases may use a few."""
    nodes: int = 2_000_000
    """Values in the document once every alias is expanded (what a reader walking it would visit)."""
    depth: int = 64
    """Nesting of mappings and sequences (our deepest files nest about 8 levels)."""


LIST_BUDGET = YamlBudget(aliases=50, nodes=200_000)
PROFILE_BUDGET = YamlBudget(aliases=2_000, nodes=2_000_000)


class _OverBudget(Exception):
    def __init__(self, message: str, mark: Any) -> None:
        super().__init__(message)
        self.message = message
        self.mark = mark


def _check_events(text: str, budget: YamlBudget) -> None:
    """Count aliases and nesting from the parser's events, stopping as soon as a limit is passed
    (the C parser takes quadratic time, and its composer C stack, on deep nesting)."""
    loader = _BaseLoader(text)
    try:
        depth = aliases = 0
        while loader.check_event():
            event = loader.get_event()  # type: ignore[no-untyped-call]
            if isinstance(event, yaml.MappingStartEvent | yaml.SequenceStartEvent):
                depth += 1
                if depth > budget.depth:
                    raise _OverBudget(tr("nested more than {limit} levels deep; refused", limit=budget.depth),
                                      event.start_mark)
            elif isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
                depth -= 1
            elif isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > budget.aliases:
                    raise _OverBudget(tr("uses more than {limit} aliases (*name); refused before expanding them",
                                         limit=budget.aliases), event.start_mark)
    finally:
        loader.dispose()


def _check_expansion(root: yaml.Node, budget: YamlBudget) -> None:
    """Count the values of the document with every alias expanded, in one pass over the distinct
    nodes (a node reached through an alias is counted each time it is reached, but walked once)."""
    sizes: dict[int, int] = {}
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if id(node) in sizes:
            continue
        if isinstance(node, yaml.ScalarNode):
            sizes[id(node)] = 1
            continue
        children = [c for pair in node.value for c in pair] if isinstance(node, yaml.MappingNode) else node.value
        if children_done:
            total = 1 + sum(sizes.get(id(child), 0) for child in children)
            if total > budget.nodes:
                raise _OverBudget(tr("expands to more than {limit} values through its aliases (*name); refused",
                                     limit=f"{budget.nodes:,}"), node.start_mark)
            sizes[id(node)] = total
            continue
        stack.append((node, True))
        stack.extend((child, False) for child in children if id(child) not in sizes)


def _load(text: str, budget: YamlBudget) -> Any:
    _check_events(text, budget)
    loader = SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_expansion(node, budget)
        return loader.construct_document(node)
    finally:
        loader.dispose()


def parse_yaml(text: str, name: str, budget: YamlBudget = LIST_BUDGET) -> tuple[Any, list[DataProblem]]:
    """Parse YAML text; `name` is used in messages. A key given twice in one mapping is an error;
    so is a document beyond `budget` (too many aliases, too deep), refused before it is built."""
    try:
        return _load(text, budget), []
    except _OverBudget as exc:
        mark = exc.mark
        return None, [DataProblem(name, exc.message, line=mark.line + 1 if mark else None,
                                  column=mark.column + 1 if mark else None)]
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
    except (RecursionError, MemoryError):
        return None, [DataProblem(name, tr("too large or too deeply nested to read"))]


@functools.lru_cache(maxsize=4)
def _composed(text: str) -> yaml.Node | None:
    """The node tree of a text already read (one parse for all the problems located in it)."""
    return yaml.compose(text, Loader=SafeLoader)


def locate(text: str, path: Sequence[str | int]) -> tuple[int | None, int | None]:
    """Line and column (1-based) of the node at a key path, or of its nearest existing parent."""
    try:
        node = _composed(text)
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


def dump_yaml(data: Any) -> str:
    """YAML text for our files: block style, keys in the given order, Unicode kept."""
    return yaml.dump(data, Dumper=SafeDumper, sort_keys=False, allow_unicode=True, width=100)
