"""The print model: what a full or courtesy list says, as translated text, before any layout.

`full_sheet` reads a validated `Printout`; `courtesy_sheet` reads only the `CourtesyView` that
`privacy.py` builds, so the courtesy side cannot print what the view left out. The PDF and text
renderers (and the GUI preview) lay out a `Sheet`; they make no decisions about content.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from armybuilder.domain.profiles import Option, Profile, WeaponProfile
from armybuilder.domain.roster import IncludedTrooper, ResolvedTrooper, SpecOpsState
from armybuilder.domain.specops import stat_label
from armybuilder.domain.values import ItemRef, OrderType, format_halves, stat_text
from armybuilder.export import fmt
from armybuilder.export.printout import PrintOptions, Printout, fireteam_lines
from armybuilder.export.privacy import (
    OPEN_ORDER_TYPES,
    ORDER_TYPES,
    CourtesyView,
    Exposure,
    OpenModel,
    PrivateKind,
    PublicFace,
    StatLine,
    Verdict,
    assess,
    assess_peripheral,
    companion_name,
    courtesy_view,
    fold,
    is_lieutenant_item,
    order_counts,
    own_profiles,
    public_face,
)
from armybuilder.i18n import language, render, tr, trn
from armybuilder.rules.fireteams.assess import fireteam_bonuses_note

SheetKind = Literal["full", "courtesy"]
RowKind = Literal["trooper", "peripheral", "member", "marker"]


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
    """A trooper, peripheral, team member or marker of a combat group."""

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
    note: str = ""
    """Courtesy list: what the table shows besides the model (its Decoy markers)."""


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

    def modifier_at(self, upper: int) -> str:
        """The modifier in the range band that ends at `upper` cm ('' beyond the weapon's longest range)."""
        for cm, mod in self.ranges:
            if cm >= upper:
                return mod
        return ""


def range_bands(lines: Iterable[WeaponLine]) -> list[int]:
    """The range bands' upper limits (cm) the lines have between them, nearest first: the columns of the
    print-out's weapons reference and of the app's weapon tables."""
    return sorted({cm for line in lines for cm, _ in line.ranges})


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
    values = (fmt.move(line.move, units), *(stat_text(v) for v in (line.cc, line.bs, line.ph, line.wip, line.arm,
                                                                    line.bts, line.w, line.s)))
    return Stats(line.name, fmt.unit_type(line.type), values, line.structure)


def _labels(items: Iterable[ItemRef | str], units: str) -> tuple[str, ...]:
    """Item labels as printed: in the print-out's language where the data has the names (Spanish names
    merged at import), distances in the data's cm converted to inches on inch sheets."""
    lang = language()
    return tuple(dict.fromkeys(fmt.item_label(item.label_in(lang) if isinstance(item, ItemRef) else item, units)
                               for item in items))


def _rules_fact(doc: Printout) -> str:
    ctx = doc.context
    parts = []
    if ctx.season is not None:
        parts.append(ctx.season.display_name(language()))
    parts.append(ctx.edition.display_name(language()))
    if ctx.tier is not None:
        parts.append(ctx.tier.display_name(language()))
    return " · ".join(dict.fromkeys(parts))


def _data_fact(doc: Printout) -> str:
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
def _private_note(verdict: Verdict, face: PublicFace | None = None, lieutenant: tuple[str, ...] = (),
                  units: str = "inch") -> str:
    """How the courtesy list shows a trooper it does not print as it is ('' when it does).

    Every trooper the courtesy list hides, turns into markers, shows as another option or with
    decoys gets a note, so the owner knows what the opponent will read.
    """
    findings = [f.item.replace("\u00a0", " ") for f in verdict.private_findings]
    skills = ", ".join(dict.fromkeys([*lieutenant, *findings]))
    decoy = ", ".join(dict.fromkeys(f.item.replace("\u00a0", " ") for f in verdict.findings
                                    if f.kind is PrivateKind.DECOY))
    if verdict.is_shown:
        notes = []
        if face is not None:
            if face.own:
                note = tr("Private ({skills}): the courtesy list shows the trooper without it", skills=skills)
            else:
                note = tr("Private ({skills}): on the courtesy list as a plain {option}", skills=skills,
                          option=face.option)
            if face.added:
                note += ", " + tr("with {items}", items=", ".join(_labels(face.added, units)))
            if face.dropped:
                note += ", " + tr("without {items}", items=", ".join(_labels(face.dropped, units)))
            notes.append(note)
        if verdict.decoys:
            notes.append(f"{decoy}: {decoy_line(verdict.decoys, 1)}")
        return "; ".join(notes)
    if verdict.exposure is Exposure.HIDDEN:
        kinds = {f.kind for f in verdict.findings}
        if PrivateKind.HIDDEN_DEPLOYMENT in kinds:
            return tr("Private ({skills}): left off the courtesy list", skills=skills)
        if PrivateKind.HOLOMASK in kinds:
            return tr("Private ({skills}): left off the courtesy list (in HoloMask or Holoecho State its presence "
                      "is private)", skills=skills)
        return tr("Private ({skills}): left off the courtesy list until it deploys", skills=skills)
    marker = marker_label(verdict.marker or "")
    if verdict.decoys:
        return tr("Private ({skills}): on the courtesy list as {count}× {marker} (the trooper and its decoys: "
                  "which one is real stays private)", skills=", ".join(filter(None, (skills, decoy))),
                  count=1 + verdict.decoys, marker=marker)
    return tr("Private ({skills}): on the courtesy list as 1× {marker}", skills=skills, marker=marker)


def decoy_line(decoys: int, quantity: int) -> str:
    """What the table shows of a Decoy (N) trooper deployed as its model."""
    if quantity > 1:
        return trn("each on the table as its model and up to {n} Decoy marker: which one is real stays private",
                   "each on the table as its model and up to {n} Decoy markers: which one is real stays private",
                   decoys)
    return trn("on the table as its model and up to {n} Decoy marker: which one is real stays private",
               "on the table as its model and up to {n} Decoy markers: which one is real stays private", decoys)


def _profile_items(profiles: Iterable[Profile], options: Iterable[Option], attribute: str,
                   units: str) -> tuple[str, ...]:
    items = [i for p in profiles for i in getattr(p, attribute)]
    items += [i for o in options for i in getattr(o, attribute)]
    return _labels(items, units)


def _companion_row(companion: IncludedTrooper, doc: Printout, units: str, controller_shown: bool = True) -> Row:
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
        if not controller_shown:
            private = tr("Private: left off the courtesy list with its controller")
    return Row(
        kind="peripheral" if companion.is_peripheral else "member", title=name, subtitle=subtitle,
        stats=tuple(_stats(StatLine.of(p), units) for p in profiles),
        weapons=_profile_items(profiles, options, "weapons", units),
        skills=_profile_items(profiles, options, "skills", units),
        equipment=_profile_items(profiles, options, "equipment", units), private=private,
        quantity=companion.quantity)


def _trooper_row(trooper: ResolvedTrooper, doc: Printout, units: str) -> Row:
    profiles = own_profiles(trooper)
    options = (trooper.option,)
    private = doc.context.edition.private
    verdict = assess(trooper, private)
    lieutenant = tuple(i.label_in(language()) for o in (trooper.option, *(inc.option for inc in trooper.included))
                       for i in o.skills if is_lieutenant_item(i.name))
    if trooper.is_lieutenant and not lieutenant:
        lieutenant = (tr("Lieutenant"),)
    note = _private_note(verdict, public_face(trooper, private), lieutenant, units)
    subtitle = "" if fold(trooper.option.name) == fold(trooper.unit.name) else trooper.option.name
    if trooper.specops is not None:
        summary = specops_summary(trooper.specops, units)
        subtitle = f"{subtitle} · {summary}" if subtitle else summary
    swc = format_halves(trooper.swc_halves)
    if trooper.swc_bonus_halves and not trooper.swc_halves:
        swc = f"+{format_halves(trooper.swc_bonus_halves)}"
    return Row(
        kind="trooper", title=trooper.unit.name, subtitle=subtitle,
        stats=tuple(_stats(StatLine.of(p), units) for p in profiles),
        weapons=_profile_items(profiles, options, "weapons", units),
        skills=_profile_items(profiles, options, "skills", units),
        equipment=_profile_items(profiles, options, "equipment", units),
        points=str(trooper.points), swc=swc, lieutenant=trooper.is_lieutenant, private=note,
        children=tuple(_companion_row(inc, doc, units, verdict.is_shown) for inc in trooper.included))


def specops_summary(state: SpecOpsState, units: str) -> str:
    """'Spec-Ops, 12 XP: Mimetism (-6) 7, Light Shotgun 3, Dodge (+3) 2': what the Spec-Ops bought, for its
    owner and the organizer (the courtesy list shows the items themselves, which are on the model)."""
    bought = [f"{_labels([upgrade.item], units)[0]} {upgrade.xp}" for upgrade in state.upgrades]
    bought += [render(stat_label(pick)) for pick in state.stats]
    if not bought:
        return tr("Spec-Ops, no upgrades")
    return tr("Spec-Ops, {xp} XP: {upgrades}", xp=state.xp, upgrades=", ".join(bought))


def _full_groups(doc: Printout, units: str) -> tuple[GroupBlock, ...]:
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
        rows += [Row(kind="trooper", title=tr("Unknown trooper {uid}", uid=u.trooper.uid), subtitle=render(u.reason))
                 for u in unresolved]
        blocks.append(GroupBlock(
            title=group_title(group.number, group.reinforcement),
            summary=tr("{count}/{limit} troopers · {points} points · {swc} SWC", count=places, limit=limit,
                       points=points, swc=swc),
            rows=tuple(rows), orders=_order_text(counts, ORDER_TYPES)))
    return tuple(blocks)


def fireteam_members(troopers: Sequence[ResolvedTrooper | str]) -> tuple[str, ...]:
    """Fireteam members named so they can be told apart: the unit, then its option where that says
    something, else what its loadout has that the others' lack ("ORC TROOPS (HMG)"), and a ★ on the
    Lieutenant. A uid the roster cannot resolve is printed as it is."""
    def option_label(trooper: ResolvedTrooper) -> str:
        option = trooper.option.name
        return "" if fold(option) in (fold(trooper.unit.name), "") else option

    def loadout(trooper: ResolvedTrooper) -> list[str]:
        return [i.label_in(language()) for i in (*trooper.option.weapons, *trooper.option.skills,
                                                 *trooper.option.equipment)
                if not is_lieutenant_item(i.name)]

    resolved = [t for t in troopers if not isinstance(t, str)]
    first = {id(t): (t.unit.name, option_label(t)) for t in resolved}
    details = {id(t): first[id(t)][1] for t in resolved}
    for trooper in resolved:
        twins = [t for t in resolved if first[id(t)] == first[id(trooper)]]
        if len(twins) < 2:
            continue
        common = set.intersection(*(set(loadout(t)) for t in twins))
        own = [item for item in loadout(trooper) if item not in common]
        details[id(trooper)] = ", ".join(own or (i.label_in(language()) for i in trooper.option.weapons))
    names: list[str] = []
    for member in troopers:
        if isinstance(member, str):
            names.append(member)
            continue
        detail = details[id(member)]
        name = f"{member.unit.name} ({detail})" if detail else member.unit.name
        names.append(f"★ {name}" if member.is_lieutenant else name)
    return tuple(names)


def _fireteams(doc: Printout) -> tuple[FireteamBlock, ...]:
    roster = doc.report.roster
    bonuses = {b.level: b.display_bonus(language()) for b in doc.context.edition.fireteam_bonuses}
    blocks = []
    for line in fireteam_lines(doc.context):
        members = fireteam_members([roster.trooper(uid) or uid for uid in line.members])
        granted: tuple[str, ...]
        if line.problems:
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


_MODE = re.compile(r"^(?P<name>.+?)\s*\((?P<mode>[^()]+)\)\s*$")
"""A weapon written with its mode: 'Armed Turret (Combi R.)'."""


def _abbreviates(short: str, mode: str) -> bool:
    """'Combi R.' names 'Combi Rifle' and 'AP Rifle' names itself: word by word, a trailing '.' abbreviates."""
    words, full = fold(short).split(), fold(mode).split()
    if len(words) != len(full):
        return False
    return all(w == f or (len(w) > 1 and w.endswith(".") and f.startswith(w[:-1]))
               for w, f in zip(words, full, strict=True))


def _profiles_for(name: str, by_name: Mapping[str, list[WeaponProfile]]) -> list[WeaponProfile] | None:
    """The profiles a weapon name stands for: the whole name first ('AP + DA CC Weapon' is one weapon),
    then a name with its mode in brackets ('Armed Turret (Combi R.)' is the Armed Turret's Combi Rifle
    mode); None when the data has no such weapon."""
    found = by_name.get(fold(name))
    if found:
        return found
    match = _MODE.match(name)
    if match:
        modes = [p for p in by_name.get(fold(match.group("name")), []) if p.mode]
        chosen = [p for p in modes if _abbreviates(match.group("mode"), p.mode or "")]
        if chosen:
            return chosen
    return None


def weapon_lines(names: Iterable[str], weapons: Mapping[str, WeaponProfile]) -> tuple[tuple[WeaponLine, ...],
                                                                                     tuple[str, ...]]:
    """The reference lines of the weapons named (every firing mode), and the names with no profile.

    A name the data does not know as a whole but writes as several weapons joined by ' + ' is looked
    up part by part.
    """
    by_name: dict[str, list[WeaponProfile]] = {}
    for profile in weapons.values():
        by_name.setdefault(fold(profile.name), []).append(profile)
    found: dict[str, WeaponProfile] = {}
    missing: list[str] = []
    for name in dict.fromkeys(n.strip() for n in names if n.strip()):
        profiles = _profiles_for(name, by_name)
        if profiles is None and " + " in name:
            parts = [part.strip() for part in name.split(" + ") if part.strip()]
            resolved = [(part, _profiles_for(part, by_name)) for part in parts]
            profiles = [p for _, ps in resolved for p in ps or ()]
            missing += [part for part, ps in resolved if ps is None]
        elif profiles is None:
            missing.append(name)
        for profile in profiles or ():
            found.setdefault(profile.label, profile)
    lines: list[WeaponLine] = []
    lang = language()
    spanish = lang == "es"
    for profile in sorted(found.values(), key=lambda p: (fold((spanish and p.name_es) or p.name),
                                                         fold((spanish and p.mode_es) or p.mode or ""))):
        saving = profile.saving
        if profile.saving_num not in ("-", "", "1"):
            saving = f"{profile.saving} ×{profile.saving_num}"
        lines.append(WeaponLine(
            name=profile.label_in(lang),
            ranges=tuple((r.max_cm, r.mod) for r in sorted(profile.ranges, key=lambda r: r.max_cm)),
            damage=profile.damage, burst=profile.burst, ammunition=profile.ammunition_in(lang), saving=saving,
            traits=", ".join(profile.traits_in(lang))))
    return tuple(lines), tuple(sorted(dict.fromkeys(missing), key=fold))


def _weapon_names(doc: Printout) -> list[str]:
    names: list[str] = []
    for trooper in doc.report.roster.troopers:
        for profile in own_profiles(trooper):
            names += [w.name for w in profile.weapons]
        names += [w.name for w in trooper.option.weapons]
        for inc in trooper.included:
            names += [w.name for p in inc.group.profiles[:1] for w in p.weapons]
            names += [w.name for w in inc.option.weapons]
    return names


def full_sheet(doc: Printout, options: PrintOptions) -> Sheet:
    """Everything about the list, for its owner and the organizer."""
    report = doc.report
    totals = report.totals
    ctx = doc.context
    facts: list[tuple[str, str]] = [(tr("Rules"), _rules_fact(doc))]
    if ctx.extras:
        facts.append((tr("Extras"), ", ".join(e.display_name(language()) for e in ctx.extras)))
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
    if totals.mercenary_points_limit is not None:  # Soldiers of Fortune: the organizer checks the cap on paper too
        facts.append((tr("Mercenaries"),
                      f"{totals.mercenary_points} / {totals.mercenary_points_limit}"))
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
    if fireteams and doc.context.edition.fireteam_bonuses_assumed:
        note = render(fireteam_bonuses_note(doc.context.edition))
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
               weapons=_labels(model.weapons, units), skills=_labels(model.skills, units),
               equipment=_labels(model.equipment, units), quantity=model.quantity,
               children=tuple(_open_row(c, units, "peripheral" if c.peripheral else "member")
                              for c in model.companions),
               note=decoy_line(model.decoys, model.quantity) if model.decoys else "")


def courtesy_of(doc: Printout) -> CourtesyView:
    """The courtesy view of a prepared list (the GUI preview calls this too)."""
    ctx = doc.context
    tier = ctx.tier.display_name(language()) if ctx.tier is not None else None
    return courtesy_view(doc.report.roster, ctx.edition.private, game_points=ctx.points_limit, tier=tier,
                         rules_pack=_rules_fact(doc), peripherals_take_a_place=ctx.edition.peripherals_take_a_place)


def marker_label(kind: str) -> str:
    """'Camouflage marker' (Spanish 'Marcador de Camuflaje'); unknown kinds keep the pack's word."""
    known = {
        "camouflage": tr("Camouflage marker"), "to camouflage": tr("TO Camouflage marker"),
        "impersonation": tr("Impersonation marker"),
    }
    if not kind:
        return tr("Marker")
    return known.get(fold(kind)) or tr("{kind} marker", kind=kind)


def courtesy_sheet(view: CourtesyView, options: PrintOptions, legal: bool = True,
                   weapons: Mapping[str, WeaponProfile] | None = None) -> Sheet:
    """Open information only: built from the courtesy view, never from the list itself.

    `weapons` are the data's weapon profiles: the reference lists those the view prints (weapons
    are open information, and what an opponent looks up).
    """
    units = options.units
    blocks = []
    for group in view.groups:
        rows = [_open_row(m, units) for m in group.troopers]
        rows += [Row(kind="marker", title=marker_label(kind)) for kind in group.markers]
        blocks.append(GroupBlock(
            title=group_title(group.number, group.reinforcement),
            summary=tr("{count} on the table", count=group.entries),
            rows=tuple(rows), orders=_order_text(dict(group.orders), OPEN_ORDER_TYPES),
            orders_note=tr("troopers shown as themselves") if group.markers else ""))
    facts = (
        (tr("Rules"), view.rules_pack),
        (tr("Game size"), tr("{points} points", points=view.game_points)),
        (tr("Data"), f"{view.army} ({view.data_version})" if view.data_version else view.army),
        (tr("Printed"), _printed_fact(options)),
    )
    reference: tuple[WeaponLine, ...] = ()
    missing: tuple[str, ...] = ()
    if options.weapons_reference and weapons is not None:
        reference, missing = weapon_lines(view.weapons, weapons)
    return Sheet(
        kind="courtesy", kind_label=tr("Courtesy list"), title=view.army, facts=facts, groups=tuple(blocks),
        legal=legal, units=units, footer=f"{tr('Courtesy list')} · {view.army}",
        notice=tr("Open information only: show it to your opponent after deployment."),
        weapons=reference, missing_weapons=missing)
