"""Every fireteam chart of the 56 official armies: read without loss; each team formable or reported."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from armybuilder.data.catalog import Catalog
from armybuilder.domain import Army, ArmyList, ArmyRef, Fireteam, FireteamType
from armybuilder.domain.packs import EditionPack
from armybuilder.domain.roster import resolve
from armybuilder.rules.context import RuleContext
from armybuilder.rules.fireteams.assess import assess_fireteams
from armybuilder.rules.fireteams.audit import REASONS, ChartAudit, audit_chart, format_audit
from armybuilder.rules.fireteams.chart import candidate_of
from armybuilder.rules.fireteams.finder import find_fireteams

DOCS = Path(__file__).resolve().parent.parent / "docs" / "fireteams.md"


@pytest.fixture(scope="module")
def armies(imported_source: Any) -> dict[str, Army]:
    """The official armies (the session's import of ../shared), by slug."""
    found = {}
    for summary in imported_source.summaries():
        army = imported_source.load(summary.id)
        found[army.slug if army.slug not in found else f"{army.slug}#{army.id}"] = army
    return found


@pytest.fixture(scope="module")
def edition(bundled_catalog: Catalog) -> EditionPack:
    pack = bundled_catalog.pack("n5")
    assert isinstance(pack, EditionPack)
    return pack


@pytest.fixture(scope="module")
def audits(armies: dict[str, Army], edition: EditionPack, tmp_path_factory: pytest.TempPathFactory) -> list[ChartAudit]:
    found = [audit_chart(army, edition) for army in armies.values()]
    report = format_audit(found)
    path = tmp_path_factory.mktemp("fireteams-report") / "fireteams-audit.md"
    path.write_text(report, encoding="utf-8")
    print(f"\n{report}\n(report written to {path})")
    return found


def _raw_charts(official_data: Path) -> dict[str, dict[str, Any]]:
    """Each army file's raw `fireteamChart`, by the file's slug."""
    return {path.stem: json.loads(path.read_text(encoding="utf-8"))["fireteamChart"]
            for path in sorted(official_data.glob("*.json")) if path.name != "army.json"}


def _text(value: str) -> str:
    """Text as the importer keeps it: spacing folded (the data has stray double spaces)."""
    return " ".join(value.split())


def test_every_chart_is_read_without_loss(armies: dict[str, Army], official_data: Path) -> None:
    raw = _raw_charts(official_data)
    assert len(raw) == 56 and set(raw) <= set(armies)
    for slug, chart in raw.items():
        imported = armies[slug].fireteam_chart
        assert {k.value: v for k, v in imported.limits.items()} == chart["spec"], slug
        assert len(imported.teams) == len(chart["teams"]), slug
        for team, raw_team in zip(imported.teams, chart["teams"], strict=True):
            assert [t.value for t in team.types] == raw_team["type"]
            assert (_text(team.name), _text(team.note)) == (_text(raw_team["name"]), _text(raw_team["obs"]))
            lines = [(m.slug, m.min, m.max, m.required, _text(m.comment), _text(m.name)) for m in team.members]
            assert lines == [(u["slug"], u["min"], u["max"], u["required"], _text(u["comment"]), _text(u["name"]))
                             for u in raw_team["units"]]
            for member in team.members:
                bracketed = "(" in member.comment
                assert member.terms or not bracketed, member.comment
                assert (member.fto is not None) == ("FTO" in (member.comment + member.name).upper())


@pytest.mark.slow
def test_every_team_and_type_is_formable_or_reported(audits: list[ChartAudit]) -> None:
    assert len(audits) == 56
    team_types = sum(a.team_types for a in audits)
    exceptions = [e for a in audits for e in a.exceptions]
    assert sum(a.formable for a in audits) + len(exceptions) == team_types
    assert team_types > 400 and len(exceptions) < team_types * 0.1
    assert all(e.reason in REASONS and e.reason != "composition" for e in exceptions), exceptions
    documented = DOCS.read_text(encoding="utf-8")
    undocumented = [e for e in exceptions if f"| {e.army} | {e.team} | {e.type.value} |" not in documented]
    assert not undocumented, "exceptions missing from docs/fireteams.md:\n" + "\n".join(map(str, undocumented))
    for audit in audits:
        for term in audit.unmatched_terms:
            assert f"({term.term})" in documented, term
    # every sentence of the 56 charts' texts and notes is listed with how it was read; none is left unread
    texts = [t for a in audits for t in a.texts]
    assert texts and not [t for t in texts if t.reading == "unread"], texts
    assert all(f"“{t.text}”" in documented for t in texts), texts


def _trooper(army: Army, edition: EditionPack, slug: str) -> tuple[int, int, int]:
    """The first option of a unit that may be in a fireteam."""
    from armybuilder.domain.lists import CombatGroup, Trooper
    from armybuilder.domain.roster import ResolvedTrooper, resolve_trooper

    unit = army.unit_by_slug(slug)
    assert unit is not None, slug
    for group, option in unit.selectable_options():
        gid = group.id if group else 0
        resolved = resolve_trooper(army, CombatGroup(number=1), Trooper(uid="x", unit=unit.id, group=gid,
                                                                          option=option.id))
        if isinstance(resolved, ResolvedTrooper) and not candidate_of(resolved, edition).barred \
                and "FTO" not in option.name.upper():
            return unit.id, gid, option.id
    raise AssertionError(f"{slug} has no option that may be in a fireteam")


def _assess(army: Army, edition: EditionPack, team: str, team_type: FireteamType, slugs: list[str]) -> Any:
    army_list = ArmyList(army=ArmyRef(origin="imported", id=army.id), pack="n5", points=300)
    uids = []
    for slug in slugs:
        unit, group, option = _trooper(army, edition, slug)
        army_list, uid = army_list.with_trooper(1, unit, group, option)
        uids.append(uid)
    army_list = army_list.with_fireteam(Fireteam(uid="f1", type=team_type, team=team, members=tuple(uids)))
    (assessment,) = assess_fireteams(RuleContext(army_list, resolve(army_list, army), edition))
    return assessment


def test_real_chart_terms_count_together(armies: dict[str, Army], edition: EditionPack) -> None:
    """Svalarheima: Hawkins "(Fusiliers)" and the wildcard Quinn "(Fusilier)" count as Fusiliers."""
    army = armies["svalarheima-s-winter-force"]
    core = _assess(army, edition, "Fusiliers Fireteam", FireteamType.CORE,
                   ["fusiliers", "fusiliers", "fusiliers", "knight-hospitaller-kyle-hawkins",
                    "fusilier-indigo-richard-quinn"])
    assert core.legal and core.level == 5, core.violations
    assert "Kyle Hawkins as (Fusiliers)" in core.explanation or "Hawkins as (Fusiliers)" in core.explanation
    nisses = _assess(army, edition, "Nisses Fireteams", FireteamType.CORE,
                     ["nisses", "nisses", "nisses", "infirmarers-of-saint-lazarus"])
    assert nisses.legal and nisses.level == 4, nisses.violations  # "(WinterFor Alpha, Nisses)"
    beta = _assess(army, edition, "WinterFor Beta Fireteams", FireteamType.HARIS,
                   ["knights-hospitaller", "knights-hospitaller", "karhu-special-group"])
    assert [v.code for v in beta.violations] == ["fireteam.fto_only"]  # one violation naming both
    assert len(beta.violations[0].troopers) == 2
    assert "Knights Hospitaller (KNIGHT HOSPITALLER) ×2 cannot join" in beta.violations[0].message


Pick = tuple[str, str | None]
"""A unit slug and the name of the option or profile group to field (None: the first that may join)."""


def _pick(army: Army, edition: EditionPack, slug: str, name: str | None) -> tuple[int, int, int]:
    if name is None:
        return _trooper(army, edition, slug)
    unit = army.unit_by_slug(slug)
    assert unit is not None, slug
    options = [(g, o) for g in unit.profile_groups for o in g.options] + [(None, o) for o in unit.options]
    group, option = next((g, o) for g, o in options
                         if not o.disabled and name.casefold() in (o.name.casefold(), g.name.casefold() if g else ""))
    return unit.id, group.id if group else 0, option.id


def _team(armies: dict[str, Army], edition: EditionPack, slug: str, team: str, team_type: FireteamType,
          picks: Sequence[Pick], reinforcements: Sequence[Pick] = ()) -> Any:
    """Judge one declared fireteam of real troopers (`reinforcements`: in a Reinforcements group)."""
    army = armies[slug]
    army_list = ArmyList(army=ArmyRef(origin="imported", id=army.id), pack="n5", points=350)
    uids = []
    for unit_slug, name in picks:
        army_list, uid = army_list.with_trooper(1, *_pick(army, edition, unit_slug, name))
        uids.append(uid)
    reinforcement_army = next((a for a in armies.values() if a.id == army.reinforcements), None)
    if reinforcements:
        assert reinforcement_army is not None
        army_list, number = army_list.with_group(reinforcement=True)
        for unit_slug, name in reinforcements:
            army_list, uid = army_list.with_trooper(number, *_pick(reinforcement_army, edition, unit_slug, name))
            uids.append(uid)
    army_list = army_list.with_fireteam(Fireteam(uid="f1", type=team_type, team=team, members=tuple(uids)))
    context = RuleContext(army_list, resolve(army_list, army, reinforcement_army), edition)
    (assessment,) = assess_fireteams(context)
    return assessment


def _codes(assessment: Any) -> list[str]:
    return [v.code for v in assessment.violations]


def test_kuang_shi_and_their_monitor_fill_their_own_lines(armies: dict[str, Army], edition: EditionPack) -> None:
    """Imperial Service: 'KUANG SHI' 2–4 and 'CELESTIAL GUARD Monitor' 1–1 are lines of one unit."""
    plain: list[Pick] = [("kuang-shi", "KUANG SHI")] * 5
    no_monitor = _team(armies, edition, "imperial-service", "Kuang Shi Fireteam", FireteamType.CORE, plain)
    assert not no_monitor.legal
    assert any("needs at least 1 CELESTIAL GUARD Monitor" in v.message for v in no_monitor.violations)
    monitor: Pick = ("kuang-shi", "Celestial Guard Monitor")
    legal = _team(armies, edition, "imperial-service", "Kuang Shi Fireteam", FireteamType.CORE, [*plain[:4], monitor])
    assert legal.legal and legal.level == 5, legal.violations
    two = _team(armies, edition, "imperial-service", "Kuang Shi Fireteam", FireteamType.CORE,
                [*plain[:3], monitor, monitor])
    assert _codes(two) == ["fireteam.member_count"]
    assert "at most 1 CELESTIAL GUARD Monitor" in two.violations[0].message


@pytest.mark.parametrize(("slug", "team", "partner"), [
    ("ikari", "Mechanized Fireteam", "motorized-bounty-hunters"),
    ("druze", "Mechanized Fireteams", "brawlers-mercenary-enforcers"),
])
def test_scarface_and_cordelia_join_together_and_scarface_controls_a_turtlemek(
        armies: dict[str, Army], edition: EditionPack, slug: str, team: str, partner: str) -> None:
    """Scarface's Turtlemek is a Peripheral (Ancillary): under N5.2 its Controller may join a fireteam, so
    the pair is a Duo on its own, and a third member is one too many."""
    found = _team(armies, edition, slug, team, FireteamType.DUO,
                  [("scarface-and-cordelia", "SCARFACE Loadout Alpha & CORDELIA TURNER"), (partner, None)])
    assert _codes(found) == ["fireteam.size"]
    assert [m.line for m in found.members][:2] == ["SCARFACE", "CORDELIA TURNER"]
    pair = _team(armies, edition, slug, team, FireteamType.DUO,
                 [("scarface-and-cordelia", "SCARFACE Loadout Alpha & CORDELIA TURNER")])
    assert pair.legal and pair.level == 2, pair.violations


def test_a_term_given_to_several_units_is_no_unit_name(armies: dict[str, Army], edition: EditionPack) -> None:
    """Morat: "(Morat)" on Raktorak and Kornak does not make them Morat Vanguard in a Tarlok team."""
    found = _team(armies, edition, "morat", "Tarlok Fireteams", FireteamType.CORE,
                  [("morat-vanguard-infantry", None), ("morat-vanguard-infantry", None),
                   ("raktorak-morat-sergeant-major", None), ("kornak-gazarot", None), ("yaogat-strike-infantry", None)])
    assert found.legal and found.level == 3, found.violations
    assert found.counts_as == "Tarlok"


def test_an_abbreviated_term_names_its_units(armies: dict[str, Army], edition: EditionPack) -> None:
    """The Reinforcements EXO's "(Base Op., Void Op.)" counts with the Base Operators."""
    found = _team(armies, edition, "morat", "Base Reinforcement Fireteams", FireteamType.CORE, [],
                  [("reinf-wcd-base-operators", None), ("reinf-wcd-base-operators", None),
                   ("reinf-exos-exrah-executive-officers", None)])
    assert found.legal and found.level == 3, found.violations
    assert "as (Base Op.)" in found.explanation


def test_mixed_sections_are_not_also_an_unknown_team(armies: dict[str, Army], edition: EditionPack) -> None:
    found = _team(armies, edition, "morat", "Base Reinforcement Fireteams", FireteamType.HARIS,
                  [("morat-vanguard-infantry", None)],
                  [("reinf-wcd-base-operators", None), ("reinf-wcd-base-operators", None)])
    assert _codes(found) == ["fireteam.mixed_sections"]


def test_troopers_outside_the_team_are_named_once(armies: dict[str, Army], edition: EditionPack) -> None:
    found = _team(armies, edition, "morat", "Tarlok Fireteams", FireteamType.CORE,
                  [("morat-vanguard-infantry", None), *[("kurgat-reg-of-assault-engineers", None)] * 3])
    assert _codes(found) == ["fireteam.not_in_team"]
    assert len(found.violations[0].troopers) == 3 and "×3" in found.violations[0].message


def test_names_with_commas_are_listed_unambiguously(armies: dict[str, Army], edition: EditionPack) -> None:
    """The finder's description and the messages separate troopers by " · ", since names have commas."""
    army = armies["invincible-army"]
    army_list = ArmyList(army=ArmyRef(origin="imported", id=army.id), pack="n5", points=300)
    for slug in ("shang-ji-invincibles", "tai-sheng-zuy-ng-invincibles-nco"):
        army_list, _ = army_list.with_trooper(1, *_trooper(army, edition, slug))
    found = find_fireteams(RuleContext(army_list, resolve(army_list, army), edition))
    duo = next(p for p in found if p.team.strip() == "Invincible Fireteams" and p.type is FireteamType.DUO)
    assert "with Shàng Jí Invincibles · Tai Sheng, Zúyŏng Invincibles NCO — level" in duo.description
    size = _team(armies, edition, "invincible-army", "Invincible Fireteams", FireteamType.CORE,
                 [("shang-ji-invincibles", None), ("tai-sheng-zuy-ng-invincibles-nco", None)])
    assert "(Shàng Jí Invincibles · Tai Sheng, Zúyŏng Invincibles NCO)" in size.violations[0].message
