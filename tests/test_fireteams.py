"""Fireteam rules on a synthetic chart: a legal base, one mutation per violation code, levels, explanations."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from armybuilder.data.catalog import Catalog
from armybuilder.domain import ArmyList, ArmyRef, Fireteam, FireteamType
from armybuilder.domain.fireteams import ChartMember, normalize_term
from armybuilder.i18n import set_language
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules import sources
from armybuilder.rules.context import RuleContext
from armybuilder.rules.engine import context_in_catalog, validate, validate_in_catalog
from armybuilder.rules.fireteams.assess import FireteamAssessment, assess_fireteams

DATA = Path(__file__).parent / "data" / "fireteams"
CORE, HARIS, DUO = FireteamType.CORE, FireteamType.HARIS, FireteamType.DUO
FUSILIERS, HAWKINS, BLADE, NISSES, ORCS, VARGAR, KARHU, QUINN = 1, 2, 3, 4, 5, 6, 7, 8
MACHINISTS, INFIRMARERS, AUXILIA, AKAL, JOTUM = 9, 10, 11, 12, 13
FUSILIERS_TEAM, NISSES_TEAM, ALPHA_TEAM = "Fusiliers Fireteam", "Nisses Fireteam", "WinterFor Alpha Fireteam"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.from_paths([bundled_profiles_dir() / "packs", DATA])


class Builder:
    """Builds a Test Winter Force list trooper by trooper, naming each so fireteams can refer to them."""

    def __init__(self, army: int = 960) -> None:
        self.army_list = ArmyList(name="Fireteam test", army=ArmyRef(origin="bundled", id=army), pack="n5",
                                  points=400)
        self.uids: dict[str, str] = {}

    def add(self, name: str, unit: int, option: int = 1, group: int = 1) -> Builder:
        self.army_list, uid = self.army_list.with_trooper(group, unit, 1, option)
        self.uids[name] = uid
        return self

    def team(self, uid: str, team_type: FireteamType, team: str, *names: str) -> Builder:
        members = tuple(self.uids.get(n, n) for n in names)
        self.army_list = self.army_list.with_fireteam(Fireteam(uid=uid, type=team_type, team=team, members=members))
        return self


def base() -> Builder:
    """A legal list: a Fusiliers Core with Kyle Hawkins, a Nisses Duo, a WinterFor Alpha Haris."""
    b = Builder()
    b.add("lt", FUSILIERS, 3).add("fus1", FUSILIERS).add("fus2", FUSILIERS, 2).add("hawkins", HAWKINS)
    b.add("blade", BLADE, 2).add("quinn", QUINN).add("blade_plain", BLADE).add("jotum", JOTUM)
    b.add("auxilia", AUXILIA).add("akal", AKAL)
    b.add("nisse1", NISSES, group=2).add("nisse2", NISSES, group=2).add("machinist", MACHINISTS, group=2)
    b.add("orc", ORCS, group=2).add("varg", VARGAR, group=2).add("infirmarer", INFIRMARERS, group=2)
    b.add("karhu", KARHU, group=2).add("infiltrator", NISSES, 2, group=2)
    b.team("f1", CORE, FUSILIERS_TEAM, "lt", "fus1", "fus2", "hawkins")
    b.team("f2", DUO, NISSES_TEAM, "nisse1", "nisse2")
    b.team("f3", HARIS, ALPHA_TEAM, "orc", "varg", "infirmarer")
    return b


def context(catalog: Catalog, army_list: ArmyList) -> RuleContext:
    return context_in_catalog(army_list, catalog)


def assess(catalog: Catalog, army_list: ArmyList) -> dict[str, FireteamAssessment]:
    return {a.fireteam.uid: a for a in assess_fireteams(context(catalog, army_list))}


def fireteam_codes(catalog: Catalog, army_list: ArmyList) -> list[str]:
    report = validate_in_catalog(army_list, catalog)
    return [v.code for v in report.violations if v.code.startswith("fireteam.")]


def test_base_list_is_legal(catalog: Catalog) -> None:
    army_list = base().army_list
    assert fireteam_codes(catalog, army_list) == []
    found = assess(catalog, army_list)
    assert all(a.legal for a in found.values())
    assert [found[f].level for f in ("f1", "f2", "f3")] == [4, 2, 3]


def _with(change: Callable[[Builder], object]) -> ArmyList:
    b = base()
    change(b)
    return b.army_list


def _extra(b: Builder, name: str, unit: int, option: int = 1, group: int = 1) -> Builder:
    return b.add(name, unit, option, group)


MUTATIONS: list[tuple[str, str, Callable[[Builder], object]]] = [
    ("fireteam.size", "Haris of two", lambda b: b.team("f1", HARIS, FUSILIERS_TEAM, "lt", "fus1")),
    ("fireteam.size", "team's own Core size (3-4)",
     lambda b: b.team("f3", CORE, ALPHA_TEAM, "orc", "varg", "infirmarer", "karhu",
                      _extra(b, "orc2", ORCS, group=2).uids["orc2"])),
    ("fireteam.type_limit", "two Cores (limit 1)",
     lambda b: b.team("f3", CORE, ALPHA_TEAM, "orc", "varg", "infirmarer")),
    ("fireteam.type_not_allowed", "Fusiliers as a Duo", lambda b: b.team("f1", DUO, FUSILIERS_TEAM, "lt", "fus1")),
    ("fireteam.unknown_team", "no such team", lambda b: b.team("f1", CORE, "Bogus Fireteam", "lt", "fus1", "fus2")),
    ("fireteam.unknown_team", "the Wildcards list", lambda b: b.team("f2", DUO, "Wildcards", "nisse1", "nisse2")),
    ("fireteam.member_count", "three Orcs where two may join",
     lambda b: (_extra(b, "orc2", ORCS), _extra(b, "orc3", ORCS), _extra(b, "orc4", ORCS),
                b.team("f1", CORE, FUSILIERS_TEAM, "lt", "orc2", "orc3", "orc4"))),
    ("fireteam.member_count", "no Fusilier (min 1)",
     lambda b: (_extra(b, "orc2", ORCS), _extra(b, "orc3", ORCS),
                b.team("f1", HARIS, FUSILIERS_TEAM, "orc2", "orc3", "hawkins"))),
    ("fireteam.required_missing", "no Orc or Varg", lambda b: b.team("f3", DUO, ALPHA_TEAM, "karhu", "infirmarer")),
    ("fireteam.wildcards_forbidden", "a wildcard in Nisses",
     lambda b: b.team("f2", HARIS, NISSES_TEAM, "nisse1", "nisse2", "machinist")),
    ("fireteam.too_many_wildcards", "three Infirmarers (max 2)",
     lambda b: (_extra(b, "inf2", INFIRMARERS, group=2), _extra(b, "inf3", INFIRMARERS, group=2),
                b.team("f3", CORE, ALPHA_TEAM, "orc", "infirmarer", "inf2", "inf3"),
                b.team("f1", HARIS, FUSILIERS_TEAM, "lt", "fus1", "fus2"))),
    ("fireteam.fto_only", "a Blade without FTO",
     lambda b: b.team("f1", CORE, FUSILIERS_TEAM, "lt", "fus1", "fus2", "blade_plain")),
    ("fireteam.not_in_team", "a Jotum", lambda b: b.team("f1", CORE, FUSILIERS_TEAM, "lt", "fus1", "fus2", "jotum")),
    ("fireteam.split_groups", "a Fusilier of group 2",
     lambda b: (_extra(b, "fus3", FUSILIERS, group=2), b.team("f1", CORE, FUSILIERS_TEAM, "lt", "fus1", "fus3"))),
    ("fireteam.trooper_twice", "in two teams",
     lambda b: b.team("f4", DUO, FUSILIERS_TEAM, "fus1", "fus2")),
    ("fireteam.trooper_twice", "listed twice", lambda b: b.team("f2", HARIS, NISSES_TEAM, "nisse1", "nisse2",
                                                                 "nisse1")),
    ("fireteam.peripheral", "an Auxilia with its Auxbot",
     lambda b: b.team("f1", CORE, FUSILIERS_TEAM, "lt", "fus1", "fus2", "auxilia")),
    ("fireteam.excluded_skill", "a Nisse with Infiltration",
     lambda b: b.team("f2", HARIS, NISSES_TEAM, "nisse1", "nisse2", "infiltrator")),
    ("fireteam.excluded_skill", "an Akal with Combat Jump",
     lambda b: b.team("f1", CORE, FUSILIERS_TEAM, "lt", "fus1", "fus2", "akal")),
    ("fireteam.unknown_trooper", "a trooper not in the list",
     lambda b: b.team("f1", CORE, FUSILIERS_TEAM, "lt", "fus1", "fus2", "t99")),
]


@pytest.mark.parametrize(("code", "case", "change"), MUTATIONS, ids=[f"{c}:{n}" for c, n, _ in MUTATIONS])
def test_each_mutation_breaks_one_rule(catalog: Catalog, code: str, case: str,
                                       change: Callable[[Builder], object]) -> None:
    army_list = _with(change)
    codes = fireteam_codes(catalog, army_list)
    assert code in codes, f"{case}: expected {code}, got {codes}"
    report = validate_in_catalog(army_list, catalog)
    violation = next(v for v in report.violations if v.code == code)
    assert violation.troopers and violation.is_error and violation.source == sources.FIRETEAMS
    assert violation.params.get("fireteam")
    names = {t.uid: t.unit.isc_abbr or t.unit.isc for t in report.roster.troopers}
    named = [names[u] for u in violation.troopers if u in names]
    assert not named or any(n in violation.message for n in named), violation.message
    assert _flat(violation.message), f"nested or back-to-back brackets: {violation.message}"
    assessed = assess(catalog, army_list)[violation.params["fireteam"]]
    assert not assessed.legal and assessed.bonuses == ()


def _flat(message: str) -> bool:
    """No bracket inside another and none right after another ("Alpha (Core) (Orc · Varg)"), so a message
    reads as one sentence."""
    depth = 0
    for char in message:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth > 1:
            return False
    return ") (" not in message


def test_type_limit_counts_read_in_the_singular_and_the_plural(catalog: Catalog) -> None:
    army_list = _with(MUTATIONS[2][2])  # two Cores where the chart allows one
    ctx = context(catalog, army_list)
    for limit, english, spanish in ((1, "at most 1 Core fireteam at once", "como máximo 1 Fireteam Core a la vez"),
                                    (2, "at most 2 Core fireteams at once", "como máximo 2 Fireteams Core a la vez")):
        chart = ctx.army.fireteam_chart.model_copy(update={"limits": {CORE: limit, HARIS: 1, DUO: 256}})
        army = ctx.army.model_copy(update={"fireteam_chart": chart})
        if limit == 2:  # a third Core, so that two are over the limit
            army_list = _with(lambda b: (MUTATIONS[2][2](b), b.team("f5", CORE, FUSILIERS_TEAM, "lt", "fus1", "fus2")))
        report = validate(army_list, army, ctx.edition)
        violation = next(v for v in report.violations if v.code == "fireteam.type_limit")
        assert english in violation.message and "(s)" not in violation.message
        assert spanish in violation.render("es") and "(s)" not in violation.render("es")
        assert _flat(violation.message) and _flat(violation.render("es")), violation.message


def test_mutations_cover_every_code() -> None:
    codes = {c for c, _, _ in MUTATIONS} | {"fireteam.mixed_sections"}
    documented = (Path(__file__).parent.parent / "docs" / "fireteams.md").read_text(encoding="utf-8")
    for code in codes:
        assert f"`{code}`" in documented, code


def test_type_limit_zero_means_none(catalog: Catalog) -> None:
    army_list = base().army_list
    ctx = context(catalog, army_list)
    chart = ctx.army.fireteam_chart.model_copy(update={"limits": {CORE: 0, HARIS: 1, DUO: 256}})
    army = ctx.army.model_copy(update={"fireteam_chart": chart})
    report = validate(army_list, army, ctx.edition)
    violation = next(v for v in report.violations if v.code == "fireteam.type_limit")
    assert "allows none" in violation.message and violation.params["limit"] == 0
    assert violation.params["fireteam"] == "f1"


def test_unlimited_duos(catalog: Catalog) -> None:
    b = base()
    for index in range(3):
        b.add(f"n{index}a", NISSES, group=2).add(f"n{index}b", NISSES, group=2)
        b.team(f"d{index}", DUO, NISSES_TEAM, f"n{index}a", f"n{index}b")
    assert fireteam_codes(catalog, b.army_list) == []


def test_mixed_sections(catalog: Catalog) -> None:
    b = base()
    b.army_list, number = b.army_list.with_group(reinforcement=True)
    b.army_list, bolt = b.army_list.with_trooper(number, 101, 1, 1)
    b.army_list, bolt2 = b.army_list.with_trooper(number, 101, 1, 1)
    b.team("f1", CORE, FUSILIERS_TEAM, "lt", "fus1", "fus2", bolt)
    b.team("r1", DUO, "Bolts Reinforcement Fireteam", bolt2, bolt2)
    found = assess(catalog, b.army_list)
    assert "fireteam.mixed_sections" in [v.code for v in found["f1"].violations]
    mixed = next(v for v in found["f1"].violations if v.code == "fireteam.mixed_sections")
    assert mixed.troopers == (bolt,)
    # a Reinforcements team uses its own army's chart, and its 0/0/0 header states no limit
    b.team("r1", DUO, "Bolts Reinforcement Fireteam", bolt, bolt2).team("f1", CORE, FUSILIERS_TEAM, "lt", "fus1",
                                                                          "fus2")
    found = assess(catalog, b.army_list)
    assert found["r1"].legal and found["r1"].reinforcement and found["r1"].level == 2, found["r1"].violations


# ----- levels and explanations ------------------------------------------------------------------

def _kestrel(army: int, *, lieutenant_first: bool = True) -> ArmyList:
    b = Builder(army)
    b.add("f1", 1, 2 if lieutenant_first else 1).add("f2", 1).add("f3", 1).add("f4", 1).add("griffin", 2)
    b.team("ft", CORE, "Fennecs Fireteam", "f1", "f2", "f3", "f4", "griffin")
    return b.army_list


def test_seed_003_fennecs_and_griffin(catalog: Catalog) -> None:
    """Seed 003: 4 Fennec + 1 Griffin listed as "(Fennec)" → level 5; without the term → level 4."""
    with_term = assess(catalog, _kestrel(970))["ft"]
    assert with_term.legal and with_term.level == 5
    assert with_term.explanation == "Level 5: 5 of 5 count as Fennecs (4 Fennecs · Griffins as (Fennec))."
    assert [b.level for b in with_term.bonuses] == [1, 2, 3, 4, 5]
    assert with_term.bonus_texts()[-1] == "Sixth Sense"
    plain = assess(catalog, _kestrel(971))["ft"]
    assert plain.legal and plain.level == 4
    assert plain.explanation == ("Level 4: 4 of 5 count as Fennecs (4 Fennecs); a fifth (in place of Griffins) would "
                                 "give Sixth Sense.")
    assert [m.counted for m in plain.members] == [True, True, True, True, False]


def test_hawkins_counts_as_fusiliers(catalog: Catalog) -> None:
    b = base().add("orc2", ORCS)
    b.team("f1", CORE, FUSILIERS_TEAM, "lt", "fus1", "fus2", "hawkins", "orc2")
    found = assess(catalog, b.army_list)["f1"]
    assert found.legal and found.level == 4 and found.counts_as == "Fusiliers"
    assert found.explanation == ("Level 4: 4 of 5 count as Fusiliers (3 Fusiliers · Kyle Hawkins as (Fusiliers)); "
                                 "a fifth (in place of Orc Troops) would give Sixth Sense.")
    hawkins = next(m for m in found.members if m.name == "Kyle Hawkins")
    assert hawkins.line == "HAWKINS" and hawkins.terms == ("Fusiliers",) and hawkins.counted


def test_room_for_a_fifth(catalog: Catalog) -> None:
    found = assess(catalog, base().army_list)["f1"]
    assert found.explanation == ("Level 4: 4 of 4 count as Fusiliers (3 Fusiliers · Kyle Hawkins as (Fusiliers)); "
                                 "a fifth would give Sixth Sense.")
    assert found.bonus_texts() == ["Fireteam members are activated with a single Regular Order", "BS Attack (+1 SD)",
                                   "+3 Discover and +1 Dodge", "+1 BS"]


def test_singular_term_matches_plural_unit(catalog: Catalog) -> None:
    """Quinn is a wildcard listed as "(Fusilier)": he counts with the FUSILIERS."""
    b = base().team("f1", CORE, FUSILIERS_TEAM, "lt", "fus1", "fus2", "hawkins", "quinn")
    found = assess(catalog, b.army_list)["f1"]
    assert found.legal and found.level == 5
    quinn = next(m for m in found.members if m.name == "Quinn")
    assert quinn.wildcard and quinn.terms == ("Fusilier",) and quinn.counted


def test_several_terms_in_one_comment(catalog: Catalog) -> None:
    """An Infirmarer "(WinterFor Alpha, Nisses)" counts with Orcs and Vargar, or with Nisses."""
    alpha = assess(catalog, base().army_list)["f3"]
    assert alpha.level == 3 and alpha.counts_as == "WinterFor Alpha"
    assert alpha.explanation.startswith("Level 3: 3 of 3 count as WinterFor Alpha (")
    assert alpha.explanation.endswith(" — the highest level a Haris can reach.")


def test_a_shared_term_names_the_group(catalog: Catalog) -> None:
    """"(Knight)" also names Kyle Hawkins by his leading word; all three share the term: they count as Knight."""
    b = base().add("karhu1", KARHU).team("f4", HARIS, "Knights Fireteam", "hawkins", "blade_plain", "karhu1")
    b.team("f1", CORE, FUSILIERS_TEAM, "lt", "fus1", "fus2")
    b.army_list = b.army_list.without_fireteam("f3")  # one Haris at a time
    found = assess(catalog, b.army_list)["f4"]
    assert found.legal and found.level == 3 and found.counts_as == "Knight", found.violations
    assert found.explanation == ("Level 3: 3 of 3 count as Knight (Kyle Hawkins · Blade-Ops · Karhu Special Group) — "
                                 "the highest level a Haris can reach.")


def test_level_one(catalog: Catalog) -> None:
    b = base().team("f3", DUO, ALPHA_TEAM, "orc", "karhu")
    found = assess(catalog, b.army_list)["f3"]
    assert found.legal and found.level == 1 and found.counts_as is None
    assert found.explanation == ("Level 1: no two of the 2 members count as the same unit; two members of the same "
                                 "unit would give BS Attack (+1 SD).")


def test_level_computed_for_illegal_team(catalog: Catalog) -> None:
    b = base().team("f2", HARIS, NISSES_TEAM, "nisse1", "nisse2", "machinist")
    found = assess(catalog, b.army_list)["f2"]
    assert not found.legal and found.level == 2 and found.bonuses == ()
    assert len(found.level_bonuses) == 2


def test_spanish_explanation_and_bonuses(catalog: Catalog) -> None:
    set_language("es")
    try:
        found = assess(catalog, _kestrel(971))["ft"]
        assert found.explanation == ("Nivel 4: 4 de 5 cuentan como Fennecs (4 Fennecs); un quinto (en lugar de "
                                     "Griffins) daría Sexto Sentido.")
        assert found.bonus_texts()[1] == "Ataque CD (+1 D)"
        b = base().team("f1", DUO, FUSILIERS_TEAM, "lt", "fus1")
        violation = next(v for v in assess(catalog, b.army_list)["f1"].violations)
        assert violation.message.startswith("Fusiliers Fireteam puede formar Core, Haris, no Dúo")
    finally:
        set_language("en")


def test_terms_fold_spellings() -> None:
    for a, b in [("Fusilier", "FUSILIERS"), ("Knight Hospitaller", "Knights Hospitaller"), ("Métro", "Métros"),
                 ("Alguacil", "Alguaciles"), ("Bronze", "BRONZES"), ("Nisse", "Nisses")]:
        assert normalize_term(a) == normalize_term(b), (a, b)
    assert normalize_term("Orc") != normalize_term("Ork")
    member = ChartMember(slug="x", comment="FTO (Silverstar & Mobility)")
    assert member.terms == ("Silverstar", "Mobility") and member.fto == "FTO"
    assert ChartMember(slug="x", name="HÚLÁNG FTO-2").fto == "FTO-2"


def test_json_shape(catalog: Catalog) -> None:
    found = assess(catalog, base().army_list)["f1"]
    data = found.to_json()
    assert data["legal"] is True and data["level"] == 4 and data["type"] == "CORE"
    assert [m["counted"] for m in data["members"]] == [True, True, True, True]
    assert data["bonuses"][-1] == "+1 BS" and data["combat_group"] == 1
