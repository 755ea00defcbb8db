"""Every fireteam chart of the 56 official armies: read without loss; each team formable or reported."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from armybuilder.data.catalog import Catalog
from armybuilder.domain import Army, ArmyList, ArmyRef, Fireteam, FireteamType
from armybuilder.domain.packs import EditionPack
from armybuilder.domain.roster import resolve
from armybuilder.rules.context import RuleContext
from armybuilder.rules.fireteam_audit import REASONS, ChartAudit, audit_chart, format_audit
from armybuilder.rules.fireteam_chart import candidate_of
from armybuilder.rules.fireteams import assess_fireteams

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
