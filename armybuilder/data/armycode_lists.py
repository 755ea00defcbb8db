"""Army codes ↔ army lists: what a code holds, resolved against the catalog, and lists written as codes."""

from __future__ import annotations

from dataclasses import dataclass, field

from armybuilder.data.armycode import (
    NAME_BYTES_SAFE,
    AmbiguousCodeError,
    ArmyCodeError,
    CodeGroup,
    CodeMember,
    CodeReading,
    Decision,
    DecodedCode,
    Framing,
    MemberForm,
    OtherReading,
    encode,
    read,
)
from armybuilder.data.catalog import ArmySummary, Catalog
from armybuilder.data.problems import DataError, DataProblem
from armybuilder.domain.lists import ArmyList, ArmyRef, CombatGroup, Trooper
from armybuilder.domain.packs import SeasonPack, game_points
from armybuilder.domain.profiles import Army
from armybuilder.domain.roster import ResolvedTrooper, UnresolvedTrooper, resolve_trooper
from armybuilder.domain.specops import picks_from_code, picks_to_code
from armybuilder.i18n import N_, language, tr, trn

BUILDER_LINK = "https://infinityuniverse.com/army/list/"
"""Where the official builder opens a code (the code, percent-encoded, follows)."""
IMPORT_HOW = N_("import it with `armybuilder data import` (in the app: File → Import Infinity Army data…)")
"""How to import the official data, for messages of the CLI and the app alike."""


@dataclass
class CodeList:
    """A code turned into a list, with every trooper resolved (or not) and what to tell the user."""

    decoded: DecodedCode
    army_list: ArmyList
    summary: ArmySummary | None = None
    army: Army | None = None
    reinforcement_army: Army | None = None
    troopers: list[ResolvedTrooper | UnresolvedTrooper] = field(default_factory=list)
    problems: list[DataProblem] = field(default_factory=list)
    reading: CodeReading | None = None
    """How the code was read (framing, trooper form, why; what was taken off the paste)."""
    needs_official_data: bool = False
    """The code names official troopers and the official data is not imported: nothing to check it with."""

    @property
    def unresolved(self) -> list[UnresolvedTrooper]:
        return [t for t in self.troopers if isinstance(t, UnresolvedTrooper)]


def _where() -> str:
    return tr("army code")


def to_army_list(decoded: DecodedCode, catalog: Catalog) -> ArmyList:
    """The army list a code describes; unknown troopers keep their ids (validation reports them)."""
    return convert(decoded, catalog, resolve=False).army_list


def _has_imported(catalog: Catalog) -> bool:
    return any(source.origin == "imported" for source in catalog.sources)


def official_data_missing(catalog: Catalog, origin: str | None) -> bool:
    """A code read with an army that is not official data (or none), and no official data imported
    (nor damaged: that has its own message): what it names cannot be checked."""
    return origin != "imported" and not _has_imported(catalog) and "imported" not in catalog.unavailable


def convert(decoded: DecodedCode, catalog: Catalog, resolve: bool = True) -> CodeList:
    """A code as a list: army found in the catalog (imported data first), troopers resolved.

    A code comes from the official builder: when the official data is not imported and the bundled
    profiles of the same army id do not have its troopers, one problem says to import the data
    (`needs_official_data`) instead of one "not in the data" per trooper.
    """
    problems: list[DataProblem] = []
    summary = catalog.find(decoded.army)
    needs_official = False
    if summary is not None:
        ref = summary.ref
        damaged = catalog.unavailable.get("imported")
        if summary.origin != "imported" and damaged is not None:
            problems.append(DataProblem(_where(), tr(
                "the imported official data cannot be used ({reason}), so this code was read with the bundled "
                "profiles of army {id}, which may lack troopers or costs of the official data; import the data "
                "again (armybuilder data import)", reason=damaged.message, id=decoded.army), severity="warning"))
        if decoded.slug and summary.slug and decoded.slug != summary.slug:
            problems.append(DataProblem(_where(), tr(
                "the code calls army {id} {code_slug!r}; your data calls it {data_slug!r}",
                id=decoded.army, code_slug=decoded.slug, data_slug=summary.slug), severity="warning"))
    else:
        ref = ArmyRef(origin="imported", id=decoded.army, slug=decoded.slug)
        damaged = catalog.unavailable.get("imported")
        if damaged is not None:
            problems.append(DataProblem(_where(), tr(
                "army {id} ({slug}) is not in your data: the imported official data cannot be used ({reason}); "
                "import it again (armybuilder data import) to see its troopers", id=decoded.army,
                slug=decoded.slug or "?", reason=damaged.message)))
        elif _has_imported(catalog):
            problems.append(DataProblem(_where(), tr(
                "army {id} ({slug}) is not in your imported official data (is the data older than the code?); "
                "import it again to update it: {how}", id=decoded.army, slug=decoded.slug or "?",
                how=tr(IMPORT_HOW))))
        else:
            needs_official = True
            problems.append(official_data_needed(decoded))
    groups: list[CombatGroup] = []
    used: set[int] = set()
    serial = 0
    for code_group in decoded.groups:
        number = code_group.number
        if number in used:
            renumbered = max(used) + 1
            problems.append(DataProblem(_where(), tr(
                "combat group {number} appears twice in the code; the second one is group {new}",
                number=number, new=renumbered), severity="warning"))
            number = renumbered
        used.add(number)
        troopers = []
        for member in code_group.members:
            serial += 1
            picks, unreadable = picks_from_code(member.specops or ())
            troopers.append(Trooper(uid=f"t{serial}", unit=member.unit, group=member.group, option=member.option,
                                    specops=picks))
            for problem in unreadable:
                problems.append(DataProblem(_where(), tr(
                    "trooper t{serial}: a Spec-Ops upgrade cannot be read and is left out: {problem}",
                    serial=serial, problem=problem), path=f"t{serial}", severity="warning"))
        groups.append(CombatGroup(number=number, troopers=tuple(troopers),
                                  reinforcement=code_group.reinforcement))
    army_list = ArmyList(
        name=decoded.name.strip(), army=ref, points=decoded.points or None,
        groups=tuple(groups) or (CombatGroup(number=1),),
    )
    result = CodeList(decoded=decoded, army_list=army_list, summary=summary, problems=problems,
                      needs_official_data=needs_official)
    if resolve and summary is not None:
        _resolve(result, catalog)
    return result


def official_data_needed(decoded: DecodedCode, army: str | None = None, missing: int = 0) -> DataProblem:
    """The problem of a code whose army (or `missing` of its troopers, with the bundled `army`) needs
    the official data, which is not imported: what the code is and how to import the data."""
    if army is None:
        message = tr("this army code comes from the official Infinity Army builder (army {id}, {slug}) and the "
                     "official data is not imported, so its troopers cannot be read; {how}",
                     id=decoded.army, slug=decoded.slug or "?", how=tr(IMPORT_HOW))
    else:
        message = trn("this army code comes from the official Infinity Army builder and the official data is not "
                      "imported: {n} of its troopers is not in the bundled profiles of {army}, which hold only a few "
                      "units; {how}",
                      "this army code comes from the official Infinity Army builder and the official data is not "
                      "imported: {n} of its troopers are not in the bundled profiles of {army}, which hold only a "
                      "few units; {how}", missing, army=army, how=tr(IMPORT_HOW))
    return DataProblem(_where(), message)


def _resolve(result: CodeList, catalog: Catalog) -> None:
    assert result.summary is not None
    try:
        army = catalog.army(result.summary.ref)
    except DataError as exc:
        result.problems.extend(exc.problems)
        return
    result.army = army
    reinforcement_army = None
    if any(g.reinforcement and g.troopers for g in result.army_list.groups):
        reinforcement_summary = catalog.find(army.reinforcements) if army.reinforcements else None
        if reinforcement_summary is None:
            result.problems.append(DataProblem(_where(), tr(
                "{army} has no Reinforcements army in your data", army=army.name)))
        else:
            try:
                reinforcement_army = catalog.army(reinforcement_summary.ref)
            except DataError as exc:
                result.problems.extend(exc.problems)
    result.reinforcement_army = reinforcement_army
    unresolved: list[DataProblem] = []
    for group, trooper in result.army_list.troopers():
        source = reinforcement_army if group.reinforcement else army
        if source is None:
            resolved: ResolvedTrooper | UnresolvedTrooper = UnresolvedTrooper(
                trooper, group.number, group.reinforcement, tr("no Reinforcements data"))
        else:
            resolved = resolve_trooper(source, group, trooper)
        result.troopers.append(resolved)
        if isinstance(resolved, UnresolvedTrooper):
            unresolved.append(DataProblem(_where(), tr(
                "trooper {uid} (unit {unit}, profile group {group}, option {option}) is not in the data: "
                "{reason}. It stays in the list and validation reports it.", uid=trooper.uid, unit=trooper.unit,
                group=trooper.group, option=trooper.option, reason=resolved.reason), path=trooper.uid,
                severity="warning"))
    if unresolved and official_data_missing(catalog, army.origin):
        result.needs_official_data = True
        result.problems.append(official_data_needed(result.decoded, army.name, len(unresolved)))
    result.problems.extend(unresolved)


def read_list(text: str, catalog: Catalog, *, resolve: bool = True) -> CodeList:
    """Read pasted text and resolve it against the catalog (raises ArmyCodeError when unreadable);
    `resolve=False` leaves the troopers to the caller (validation resolves them itself).

    A code that reads in several plausible ways is read the one way whose troopers are all in the
    data; when none or several are, it is refused (never guessed). What was taken off the paste that
    may have been part of the code is a warning.
    """
    try:
        reading = read(text)
    except AmbiguousCodeError as exc:
        reading = _decide_by_data(exc, catalog)
    result = convert(reading.code, catalog, resolve=resolve)
    result.reading = reading
    result.problems[:0] = [DataProblem(_where(), note.message, severity="warning")
                           for note in reading.notes if note.lost]
    return result


def _decide_by_data(exc: AmbiguousCodeError, catalog: Catalog) -> CodeReading:
    whole = [code for code in exc.readings
             if (converted := convert(code, catalog)).army is not None and not converted.unresolved]
    if len(whole) != 1:
        raise exc
    others = tuple(OtherReading(code.framing, code.member_form, tr("names troopers that are not in your data"),
                                whole=True) for code in exc.readings if code != whole[0])
    return CodeReading(whole[0], Decision.DATA, exc.notes, others)


def decode_list(text: str, catalog: Catalog) -> CodeList:
    """Decode pasted text and resolve it against the catalog (see `read_list`)."""
    return read_list(text, catalog)


def points_limit(army_list: ArmyList, catalog: Catalog | None = None) -> int | None:
    """The game size a code says for a list: the one the rules judge it at (`domain.packs.game_points`: its
    tier's, else its own points, else its edition's default); without a catalog, its own points."""
    return game_points(army_list, catalog.packs) if catalog is not None else army_list.points


def left_out(army_list: ArmyList, catalog: Catalog | None = None) -> list[str]:
    """What an army code of this list does not hold, in the player's words: its fireteams, notes,
    rules pack and tier, extras, Closed Battle List, a name longer than a code keeps. Empty when
    the code holds it all."""
    out: list[str] = []
    if army_list.fireteams:
        out.append(trn("{n} fireteam", "{n} fireteams", len(army_list.fireteams)))
    if army_list.notes.strip():
        out.append(tr("the list notes"))
    pack = catalog.packs.get(army_list.pack) if catalog is not None else None
    if isinstance(pack, SeasonPack):
        tier = pack.tier(army_list.tier) if army_list.tier else None
        out.append(tr("the tournament rules ({pack})", pack=pack.display_name(language())) if tier is None else
                   tr("the tournament rules and tier ({pack}, {tier})", pack=pack.display_name(language()),
                      tier=tier.display_name(language())))
    if army_list.extras:
        out.append(trn("{n} tournament extra", "{n} tournament extras", len(army_list.extras)))
    if army_list.cbl:
        out.append(tr("the Closed Battle List"))
    if len(army_list.name.strip().encode("utf-8")) > NAME_BYTES_SAFE:
        out.append(tr("the end of the list name (a code keeps {n} bytes)", n=NAME_BYTES_SAFE))
    return out


def _safe_name(name: str) -> str:
    """A list name the official builder shows: ' ' when empty (as it writes), at most 127 UTF-8 bytes."""
    name = name.strip()
    raw = name.encode("utf-8")
    if len(raw) > NAME_BYTES_SAFE:
        name = raw[:NAME_BYTES_SAFE].decode("utf-8", errors="ignore").rstrip()
    return name or " "


def from_army_list(army_list: ArmyList, points_limit: int | None, *, slug: str | None = None) -> DecodedCode:
    """A list as the official builder writes it today: flagged groups numbered 1, 2, 3…

    Names, notes, fireteams, the rules pack, tier and extras have no place in a code and are left out;
    list names are cut to 127 bytes (see docs/army-codes.md). A Spec-Ops trooper's upgrades go in the
    Spec-Ops field, as one JSON array.
    """
    limit = points_limit if points_limit is not None else army_list.points
    if not limit or limit <= 0:
        raise ArmyCodeError(tr("the list has no points limit; give one to write an army code"))
    groups = tuple(
        CodeGroup(number=index, reinforcement=group.reinforcement,
                  members=tuple(CodeMember(unit=t.unit, group=t.group, option=t.option,
                                           specops=picks_to_code(t.specops) or None) for t in group.troopers))
        for index, group in enumerate(army_list.groups, start=1)
    )
    return DecodedCode(army=army_list.army.id, slug=slug if slug is not None else army_list.army.slug,
                       name=_safe_name(army_list.name), points=limit, groups=groups,
                       framing=Framing.FLAGGED, member_form=MemberForm.SPECOPS)


def encode_list(army_list: ArmyList, points_limit: int | None = None, *, slug: str | None = None,
                url_encoded: bool = True) -> str:
    """The army code of a list (see `from_army_list`)."""
    return encode(from_army_list(army_list, points_limit, slug=slug), url_encoded=url_encoded)


def list_code(army_list: ArmyList, catalog: Catalog, points: int | None = None, *, url_encoded: bool = True) -> str:
    """The army code of a list as the catalog knows its army: at the game size the rules judge it at
    (`points_limit`, unless `points` says another) and with the army's slug from the data (a list file
    written by hand may lack it). `armybuilder code encode` and the app's Copy army code both write it."""
    limit = points if points is not None else points_limit(army_list, catalog)
    summary = catalog.find(army_list.army.id, prefer=(army_list.army.origin,))
    slug = summary.slug if summary is not None and summary.slug else army_list.army.slug
    return encode_list(army_list, limit, slug=slug, url_encoded=url_encoded)


def builder_link(code: str) -> str:
    """The official builder's link that opens a code."""
    return BUILDER_LINK + code
