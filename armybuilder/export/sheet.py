"""The print model: what a full or courtesy list says, as translated text, before any layout.

`full_sheet` reads a validated `ListDocument`; `courtesy_sheet` reads only the `CourtesyView` that
`privacy.py` builds, so the courtesy side cannot print what the view left out. The PDF and text
renderers (and the GUI preview) lay out a `Sheet`; they make no decisions about content.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from armybuilder.domain.profiles import Option, Profile, WeaponProfile
from armybuilder.domain.roster import IncludedTrooper, ResolvedTrooper
from armybuilder.domain.values import OrderType, format_halves
from armybuilder.export import fmt
from armybuilder.export.document import ListDocument, PrintOptions, fireteam_lines
from armybuilder.export.privacy import (
    OPEN_ORDER_TYPES,
    ORDER_TYPES,
    CourtesyView,
    Exposure,
    OpenModel,
    PrivateKind,
    StatLine,
    Verdict,
    assess,
    assess_peripheral,
    companion_name,
    courtesy_view,
    fold,
    order_counts,
    own_profiles,
)
from armybuilder.i18n import language, tr
from armybuilder.rules.fireteams import fireteam_bonuses_note

SheetKind = Literal["full", "courtesy"]
RowKind = Literal["trooper", "peripheral", "member", "marker", "withheld"]


@dataclass(frozen=True)
class Stats:
    """One stat line as printed: profile name, type label and values in column order."""

    name: str
    type: str
    values: tuple[str, ...]
    """MOV, CC, BS, PH, WIP, ARM, BTS, W/STR, S."""
    structure: bool


@dataclass(frozen=True)
class Row:
    """A trooper, peripheral, marker or withheld trooper of a combat group."""

    kind: RowKind
    title: str
    subtitle: str = ""
    stats: tuple[Stats, ...] = ()
    weapons: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    equipment: tuple[str, ...] = ()
    points: str = ""
    swc: str = ""
    lieutenant: bool = False
    private: str = ""
    """Full list only: why the courtesy list hides or masks this trooper."""
    quantity: int = 1
    children: tuple[Row, ...] = ()
    extras: tuple[str, ...] = ()
    """Full list: the option's own skills and equipment (what tells two loadouts apart in a compact list)."""


@dataclass(frozen=True)
class GroupBlock:
    title: str
    summary: str
    rows: tuple[Row, ...]
    orders: tuple[tuple[str, int], ...]
    orders_note: str = ""


@dataclass(frozen=True)
class FireteamBlock:
    type: str
    team: str
    members: tuple[str, ...]
    level: str
    bonuses: tuple[str, ...]


@dataclass(frozen=True)
class WeaponLine:
    """A weapon (one firing mode) of the weapons reference page; ranges in cm."""

    name: str
    ranges: tuple[tuple[int, str], ...]
    damage: str
    burst: str
    ammunition: str
    saving: str
    traits: str


@dataclass(frozen=True)
class Sheet:
    kind: SheetKind
    kind_label: str
    title: str
    facts: tuple[tuple[str, str], ...]
    groups: tuple[GroupBlock, ...]
    fireteams: tuple[FireteamBlock, ...] = ()
    fireteam_note: str = ""
    army_code: str | None = None
    legal: bool = True
    violations: tuple[str, ...] = ()
    weapons: tuple[WeaponLine, ...] = ()
    missing_weapons: tuple[str, ...] = ()
    units: str = "inch"
    footer: str = ""
    notice: str = ""


# ----- shared pieces ----------------------------------------------------------------------------
def _stats(line: StatLine, units: str) -> Stats:
    values = (fmt.move(line.move, units), str(line.cc), str(line.bs), str(line.ph), str(line.wip),
              str(line.arm), str(line.bts), str(line.w), str(line.s))
    return Stats(line.name, fmt.unit_type(line.type), values, line.structure)


def _labels(items: Iterable[object]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(str(item) for item in items))


def _localized(name: str, name_es: str) -> str:
    return name_es if language() == "es" and name_es else name


def _rules_fact(doc: ListDocument) -> str:
    ctx = doc.context
    parts = []
    if ctx.season is not None:
        parts.append(_localized(ctx.season.name, ctx.season.name_es))
    parts.append(_localized(ctx.edition.name, ctx.edition.name_es))
    if ctx.tier is not None:
        parts.append(_localized(ctx.tier.name, ctx.tier.name_es))
    return " · ".join(dict.fromkeys(parts))


def _data_fact(doc: ListDocument) -> str:
    army = doc.army
    origin = tr("official data") if army.origin == "imported" else tr("bundled profiles")
    return f"{army.label} · {origin}"


def _printed_fact(options: PrintOptions) -> str:
    return tr("{date} · armybuilder {version}", date=options.printed_on, version=options.version)


def _order_text(counts: Mapping[OrderType, int], types: Iterable[OrderType]) -> tuple[tuple[str, int], ...]:
    return tuple((fmt.order_type(kind), counts.get(kind, 0)) for kind in types)


def group_title(number: int, reinforcement: bool) -> str:
    if reinforcement:
        return tr("Reinforcements · Combat Group {number}", number=number)
    return tr("Combat Group {number}", number=number)


# ----- full list --------------------------------------------------------------------------------
def _private_note(verdict: Verdict) -> str:
    if verdict.is_open:
        return ""
    skills = ", ".join(dict.fromkeys(f.item.replace("\u00a0", " ") for f in verdict.findings))
    if verdict.exposure is Exposure.HIDDEN:
        kinds = {f.kind for f in verdict.findings}
        if PrivateKind.HIDDEN_DEPLOYMENT in kinds:
            return tr("Private ({skills}): left off the courtesy list", skills=skills)
        return tr("Private ({skills}): left off the courtesy list until it deploys", skills=skills)
    if verdict.exposure is Exposure.MARKER:
        return tr("Private ({skills}): a marker on the courtesy list", skills=skills)
    return tr("Private ({skills}): identity withheld on the courtesy list", skills=skills)


def _profile_items(profiles: Iterable[Profile], options: Iterable[Option], attribute: str) -> tuple[str, ...]:
    items = [i for p in profiles for i in getattr(p, attribute)]
    items += [i for o in options for i in getattr(o, attribute)]
    return _labels(items)


def _companion_row(companion: IncludedTrooper, doc: ListDocument, units: str) -> Row:
    """A peripheral, or a member of a team option, printed under the trooper it comes with."""
    profiles = companion.group.profiles[:1]
    options = (companion.option,)
    name = companion_name(companion)
    subtitle = "" if fold(companion.option.name) == fold(name) else companion.option.name
    private = ""
    if companion.is_peripheral:
        label = tr("Peripheral", context="row")
        subtitle = f"{subtitle} · {label}" if subtitle else label
        private = _private_note(assess_peripheral(companion, doc.context.edition.private))
    return Row(
        kind="peripheral" if companion.is_peripheral else "member", title=name, subtitle=subtitle,
        stats=tuple(_stats(StatLine.of(p), units) for p in profiles),
        weapons=_profile_items(profiles, options, "weapons"), skills=_profile_items(profiles, options, "skills"),
        equipment=_profile_items(profiles, options, "equipment"), private=private, quantity=companion.quantity,
        extras=_labels(i for i in (*companion.option.skills, *companion.option.equipment)))


def _trooper_row(trooper: ResolvedTrooper, doc: ListDocument, units: str) -> Row:
    profiles = own_profiles(trooper)
    options = (trooper.option,)
    verdict = assess(trooper, doc.context.edition.private)
    subtitle = "" if fold(trooper.option.name) == fold(trooper.unit.name) else trooper.option.name
    swc = format_halves(trooper.swc_halves)
    if trooper.swc_bonus_halves and not trooper.swc_halves:
        swc = f"+{format_halves(trooper.swc_bonus_halves)}"
    return Row(
        kind="trooper", title=trooper.unit.name, subtitle=subtitle,
        stats=tuple(_stats(StatLine.of(p), units) for p in profiles),
        weapons=_profile_items(profiles, options, "weapons"), skills=_profile_items(profiles, options, "skills"),
        equipment=_profile_items(profiles, options, "equipment"),
        points=str(trooper.points), swc=swc, lieutenant=trooper.is_lieutenant, private=_private_note(verdict),
        children=tuple(_companion_row(inc, doc, units) for inc in trooper.included),
        extras=_labels(i for i in (*trooper.option.skills, *trooper.option.equipment)))


def _full_groups(doc: ListDocument, units: str) -> tuple[GroupBlock, ...]:
    roster = doc.report.roster
    totals = {g.number: g for g in doc.report.totals.groups}
    blocks = []
    for group in doc.army_list.groups:
        troopers = roster.in_group(group.number)
        unresolved = [u for u in roster.unresolved if u.combat_group == group.number]
        if not troopers and not unresolved:
            continue
        counts = dict.fromkeys(ORDER_TYPES, 0)
        for trooper in troopers:
            for kind, count in order_counts(trooper).items():
                counts[kind] += count
        points = sum(t.points for t in troopers)
        swc = format_halves(sum(t.swc_halves for t in troopers))
        total = totals.get(group.number)
        places = total.troopers if total else len(troopers)
        limit = total.limit if total else doc.context.edition.max_group_size
        rows = [_trooper_row(t, doc, units) for t in troopers]
        rows += [Row(kind="trooper", title=tr("Unknown trooper {uid}", uid=u.trooper.uid), subtitle=u.reason)
                 for u in unresolved]
        blocks.append(GroupBlock(
            title=group_title(group.number, group.reinforcement),
            summary=tr("{count}/{limit} troopers · {points} points · {swc} SWC", count=places, limit=limit,
                       points=points, swc=swc),
            rows=tuple(rows), orders=_order_text(counts, ORDER_TYPES)))
    return tuple(blocks)


def _fireteams(doc: ListDocument) -> tuple[FireteamBlock, ...]:
    roster = doc.report.roster
    bonuses = {b.level: _localized(b.bonus, b.bonus_es) for b in doc.context.edition.fireteam_bonuses}
    blocks = []
    for line in fireteam_lines(doc.context):
        members = []
        for uid in line.members:
            trooper = roster.trooper(uid)
            if trooper is None:
                members.append(uid)
            elif fold(trooper.option.name) in (fold(trooper.unit.name), ""):
                members.append(trooper.unit.name)
            else:
                members.append(f"{trooper.unit.name} ({trooper.option.name})")
        if line.level is None:
            level = tr("not assessed")
            granted: tuple[str, ...] = ()
        elif line.problems:
            level = tr("{level} (not legal)", level=line.level)
            granted = ()
        else:
            level = str(line.level)
            granted = line.bonuses or tuple(bonuses[n] for n in sorted(bonuses) if n <= line.level)
        # the problems are sentences: one item, so they are not joined like bonuses ("…; …")
        problems = (" ".join(line.problems),) if line.problems else ()
        blocks.append(FireteamBlock(type=fmt.fireteam_type(line.type), team=line.team, members=tuple(members),
                                    level=level, bonuses=granted + problems))
    return tuple(blocks)


def weapon_lines(names: Iterable[str], weapons: Mapping[str, WeaponProfile]) -> tuple[tuple[WeaponLine, ...],
                                                                                     tuple[str, ...]]:
    """The reference lines of the weapons named (every firing mode), and the names with no profile."""
    by_name: dict[str, list[WeaponProfile]] = {}
    for profile in weapons.values():
        by_name.setdefault(fold(profile.name), []).append(profile)
    lines: list[WeaponLine] = []
    missing: list[str] = []
    parts = [part.strip() for name in names for part in name.split(" + ")]
    for name in sorted(dict.fromkeys(p for p in parts if p), key=fold):
        found = by_name.get(fold(name))
        if not found:
            missing.append(name)
            continue
        for profile in sorted(found, key=lambda p: fold(getattr(p, "mode", None) or "")):
            mode = getattr(profile, "mode", None)
            saving = profile.saving
            if profile.saving_num not in ("-", "", "1"):
                saving = f"{profile.saving} ×{profile.saving_num}"
            lines.append(WeaponLine(
                name=f"{profile.name} ({mode})" if mode else profile.name,
                ranges=tuple((r.max_cm, r.mod) for r in sorted(profile.ranges, key=lambda r: r.max_cm)),
                damage=profile.damage, burst=profile.burst, ammunition=profile.ammunition, saving=saving,
                traits=", ".join(profile.properties)))
    return tuple(lines), tuple(missing)


def _weapon_names(doc: ListDocument) -> list[str]:
    names: list[str] = []
    for trooper in doc.report.roster.troopers:
        for profile in own_profiles(trooper):
            names += [w.name for w in profile.weapons]
        names += [w.name for w in trooper.option.weapons]
        for inc in trooper.included:
            names += [w.name for p in inc.group.profiles[:1] for w in p.weapons]
            names += [w.name for w in inc.option.weapons]
    return names


def full_sheet(doc: ListDocument, options: PrintOptions) -> Sheet:
    """Everything about the list, for its owner and the organizer."""
    report = doc.report
    totals = report.totals
    ctx = doc.context
    facts: list[tuple[str, str]] = [(tr("Rules"), _rules_fact(doc))]
    if ctx.extras:
        facts.append((tr("Extras"), ", ".join(_localized(e.name, e.name_es) for e in ctx.extras)))
    if doc.army_list.cbl:
        cbl = ctx.season.cbl(doc.army_list.cbl) if ctx.season else None
        facts.append((tr("Closed Battle List"), cbl.name if cbl else doc.army_list.cbl))
    facts += [
        (tr("Points"), f"{totals.points} / {totals.points_limit}"),
        (fmt.swc_label(), f"{totals.swc} / {totals.swc_limit}"),
        (tr("Troopers"), f"{totals.troopers}" + ("" if totals.troopers_limit is None
                                                 else f" / {totals.troopers_limit}")),
    ]
    if totals.reinforcement_points_limit:
        facts.append((tr("Reinforcements"), f"{totals.reinforcement_points} / {totals.reinforcement_points_limit}"))
    lieutenants = report.roster.lieutenants
    facts.append((tr("Lieutenant"), ", ".join(t.unit.name for t in lieutenants) if lieutenants else tr("none")))
    facts += [(tr("Data"), _data_fact(doc)), (tr("Printed"), _printed_fact(options))]
    units = options.units
    weapons: tuple[WeaponLine, ...] = ()
    missing: tuple[str, ...] = ()
    if options.weapons_reference:
        weapons, missing = weapon_lines(_weapon_names(doc), doc.weapons)
    title = doc.army.name + (f" — {doc.army_list.name}" if doc.army_list.name else "")
    note = ""
    fireteams = _fireteams(doc)
    if any(block.level == tr("not assessed") for block in fireteams):
        note = tr("Fireteam levels and bonuses are not assessed by this build; check them against the chart.")
    elif fireteams and doc.context.edition.fireteam_bonuses_assumed:
        note = fireteam_bonuses_note(doc.context.edition)
    return Sheet(
        kind="full", kind_label=tr("Full list"), title=title, facts=tuple(facts), groups=_full_groups(doc, units),
        fireteams=fireteams, fireteam_note=note, army_code=doc.army_code, legal=report.legal,
        violations=tuple(v.message for v in report.violations if v.is_error),
        weapons=weapons, missing_weapons=missing, units=units,
        footer=f"{tr('Full list')} · {title}",
        notice=tr("Private information: keep this list for yourself and the organizer."))


# ----- courtesy list ----------------------------------------------------------------------------
def _open_row(model: OpenModel, units: str, kind: RowKind = "trooper") -> Row:
    return Row(kind=kind, title=model.unit, subtitle=tr("Peripheral", context="row") if model.peripheral else "",
               stats=tuple(_stats(s, units) for s in model.stat_lines),
               weapons=model.weapons, skills=model.skills, equipment=model.equipment, quantity=model.quantity,
               children=tuple(_open_row(c, units, "peripheral" if c.peripheral else "member")
                              for c in model.companions))


def courtesy_of(doc: ListDocument) -> CourtesyView:
    """The courtesy view of a prepared list (the GUI preview calls this too)."""
    ctx = doc.context
    tier = _localized(ctx.tier.name, ctx.tier.name_es) if ctx.tier is not None else None
    return courtesy_view(doc.report.roster, ctx.edition.private, game_points=ctx.points_limit, tier=tier,
                         rules_pack=_rules_fact(doc))


def marker_label(kind: str) -> str:
    """'Camouflage marker' (Spanish 'Marcador de Camuflaje'); unknown kinds keep the pack's word."""
    known = {
        "camouflage": tr("Camouflage marker"), "to camouflage": tr("TO Camouflage marker"),
        "impersonation": tr("Impersonation marker"), "holoprojector": tr("Holoprojector marker"),
        "decoy": tr("Decoy marker"),
    }
    if not kind:
        return tr("Marker")
    return known.get(fold(kind)) or tr("{kind} marker", kind=kind)


def courtesy_sheet(view: CourtesyView, options: PrintOptions, legal: bool = True) -> Sheet:
    """Open information only: built from the courtesy view, never from the list itself."""
    units = options.units
    blocks = []
    for group in view.groups:
        rows = [_open_row(m, units) for m in group.troopers]
        rows += [Row(kind="marker", title=marker_label(kind)) for kind in group.markers]
        rows += [Row(kind="withheld", title=tr("Trooper — identity is private information"))] * group.withheld
        blocks.append(GroupBlock(
            title=group_title(group.number, group.reinforcement),
            summary=tr("{count} on the table", count=group.entries),
            rows=tuple(rows), orders=_order_text(dict(group.orders), OPEN_ORDER_TYPES),
            orders_note=tr("troopers shown as themselves") if (group.markers or group.withheld) else ""))
    facts = (
        (tr("Rules"), view.rules_pack),
        (tr("Game size"), tr("{points} points", points=view.game_points)),
        (tr("Data"), f"{view.army} ({view.data_version})" if view.data_version else view.army),
        (tr("Printed"), _printed_fact(options)),
    )
    return Sheet(
        kind="courtesy", kind_label=tr("Courtesy list"), title=view.army, facts=facts, groups=tuple(blocks),
        legal=legal, units=units, footer=f"{tr('Courtesy list')} · {view.army}",
        notice=tr("Open information only: show it to your opponent after deployment."))
