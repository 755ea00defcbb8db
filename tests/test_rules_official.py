"""The rules engine on real units of the official data: AVA, places, peripherals, characters, mercenaries."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

from armybuilder.data.catalog import Catalog
from armybuilder.domain import Army, ArmyList
from armybuilder.domain.profiles import Option, ProfileGroup
from armybuilder.paths import bundled_profiles_dir
from armybuilder.rules.engine import Report, validate_in_catalog

pytestmark = pytest.mark.shared

Choose = Callable[[ProfileGroup | None, Option], bool]


@pytest.fixture(scope="module")
def catalog(imported_source) -> Catalog:  # type: ignore[no-untyped-def]
    catalog = Catalog.from_paths([bundled_profiles_dir()])
    catalog.add_source(imported_source)
    return catalog


def army(catalog: Catalog, slug: str) -> Army:
    summary = next(s for s in catalog.armies()
                   if s.origin == "imported" and s.slug == slug and s.kind != "reinforcements")
    return catalog.army(summary.ref)


def named(text: str) -> Choose:
    """The first option of that name, or of the profile group of that name."""
    wanted = text.casefold()
    return lambda group, option: option.name.casefold() == wanted or bool(group and group.name.casefold() == wanted)


def any_option(group: ProfileGroup | None, option: Option) -> bool:
    return True


def lieutenant(group: ProfileGroup | None, option: Option) -> bool:
    return option.is_lieutenant


class ListBuilder:
    """A list of real troopers, by unit slug and a chooser of option, for one imported army (each
    `add` returns a new builder, so a base can be shared)."""

    def __init__(self, catalog: Catalog, slug: str, **settings: object) -> None:
        self.catalog = catalog
        self.army = army(catalog, slug)
        defaults: dict[str, object] = {"pack": "n5", "points": 300}
        defaults.update(settings)
        self.army_list = ArmyList(army=next(s.ref for s in catalog.armies() if s.origin == "imported"
                                            and s.id == self.army.id), **defaults)

    def add(self, slug: str, choose: Choose = any_option, count: int = 1, group: int = 1,
            source: Army | None = None) -> ListBuilder:
        unit_army = source or self.army
        unit = unit_army.unit_by_slug(slug)
        assert unit is not None, f"{unit_army.name} has no {slug}"
        picks = [(g, o) for g in unit.profile_groups for o in g.options] + [(None, o) for o in unit.options]
        profile_group, option = next((g, o) for g, o in picks if not o.disabled and choose(g, o))
        new = copy.copy(self)
        for _ in range(count):
            new.army_list, _ = new.army_list.with_trooper(group, unit.id, profile_group.id if profile_group else 0,
                                                          option.id)
        return new

    def validate(self) -> Report:
        return validate_in_catalog(self.army_list, self.catalog)


def codes(report: Report) -> list[str]:
    """The codes but a missing Lieutenant and the warning that ITS Season 9 (used here for its 75-point Soldiers
    of Fortune) is an N3-era pack on this N5 data."""
    return [v.code for v in report.violations if v.code not in ("lieutenant.missing", "settings.other_edition")]


def messages(report: Report, code: str) -> list[str]:
    return [v.message for v in report.violations if v.code == code]


# ----- AVA --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("slug", "unit", "ava"), [
    ("panoceania", "palbots", 3), ("yu-jing", "yaozao", 3), ("combined-army", "slave-drones", 2),
    ("nomads", "zondbots", 2), ("tohaa", "chaksa-servants", 4), ("haqqislam", "nasmat-remotes", 4),
])
def test_units_made_only_of_peripherals_have_their_ava(catalog: Catalog, slug: str, unit: str, ava: int) -> None:
    found = army(catalog, slug).unit_by_slug(unit)
    assert found is not None and found.ava == ava


def test_palbots_beyond_their_ava_are_reported(catalog: Catalog) -> None:
    report = (ListBuilder(catalog, "panoceania").add("fusiliers", lieutenant).add("trauma-docs").add("machinists")
              .add("palbots", count=4).validate())
    assert codes(report) == ["ava.exceeded"]
    assert "PALBOTS appears 4 times; its AVA in PanOceania is 3. Remove 1." in messages(report, "ava.exceeded")[0]


def test_ava_is_per_profile_group_where_groups_carry_their_own(catalog: Catalog) -> None:
    # Puppetactica: Puppet Masters AVA 1, PuppetBots AVA 3 — not one AVA 1 for the whole unit
    puppets = (ListBuilder(catalog, "nomads").add("puppetactica-company", named("PUPPET MASTERS"))
               .add("puppetactica-company", named("PuppetBots"), count=3))
    assert codes(puppets.validate()) == []
    # a fourth is over their AVA of 3, and over the 3 Peripherals (Control) one Puppet Master controls [N5.2]
    assert codes(puppets.add("puppetactica-company", named("PuppetBots")).validate()) == [
        "peripherals.too_many", "ava.exceeded"]
    # Kuang Shi (Yu Jing): Kuang Shi AVA 4 and their Celestial Guard Monitor AVA 1
    kuang_shi = (ListBuilder(catalog, "yu-jing").add("kuang-shi", named("KUANG SHI"), count=4)
                 .add("kuang-shi", named("Celestial Guard Monitor")))
    assert codes(kuang_shi.validate()) == []
    report = kuang_shi.add("kuang-shi", named("Celestial Guard Monitor"), count=2).validate()
    assert codes(report) == ["ava.exceeded"]
    message = report.violations[-1].message
    assert "Celestial Guard Monitor appears 3 times; its AVA in Yu Jing is 1. Remove 2." in message


def test_a_unit_and_its_mercenary_copy_share_one_ava(catalog: Catalog) -> None:
    # Tunguska: Warcors AVA 1 in the army's own list, AVA 2 in its mercenary pool (Soldiers of Fortune)
    base = ListBuilder(catalog, "tunguska", pack="its-s9", tier="mid", points=None,
                       extras=("soldiers-of-fortune",)).add("warcors-war-correspondents")
    assert codes(base.add("merc-warcors-war-correspondents").validate()) == []
    report = base.add("merc-warcors-war-correspondents", count=2).validate()
    assert codes(report) == ["ava.exceeded"]
    assert "together they may not exceed the higher AVA, 2. Remove 1." in report.violations[-1].message
    # each copy keeps its own AVA too: Motorized Bounty Hunters AVA 3 own, 1 as mercenaries
    hunters = ListBuilder(catalog, "tunguska", pack="its-s9", tier="mid", points=None,
                          extras=("soldiers-of-fortune",)).add("merc-motorized-bounty-hunters", count=2)
    assert codes(hunters.validate()) == ["ava.exceeded"]


# ----- places in combat groups and in the army ----------------------------------------------------

def test_team_options_take_a_place_per_trooper_they_field(catalog: Catalog) -> None:
    # ZOE & Π-WELL: two Regular Orders, two troopers; with nine more the group holds 11
    builder = (ListBuilder(catalog, "bakunin").add("zoe-and-p-well", named("ZOE FTO & Π-WELL FTO"))
               .add("moderators-from-bakunin", lieutenant).add("moderators-from-bakunin", count=8))
    report = builder.validate()
    assert report.totals.groups[0].troopers == 11 and report.totals.troopers == 11
    assert "groups.too_many_troopers" in codes(report)
    assert "ZOE FTO & Π-WELL FTO (2)" in messages(report, "groups.too_many_troopers")[0]
    # the same list counts 16 for the army size once five more join group 2
    assert "army.too_many_troopers" in codes(builder.add("moderators-from-bakunin", count=5, group=2).validate())


@pytest.mark.parametrize(("slug", "unit", "option", "places"), [
    ("haqqislam", "scarface-and-cordelia", "SCARFACE Loadout Alpha & CORDELIA TURNER", 2),
    ("nomads", "jazz-and-billie-tactical-hacking-team", "JAZZ Hacker & BILLIE", 2),
    ("nomads", "jazz-and-billie-tactical-hacking-team", "JAZZ FTO", 1),
    ("nomads", "zondnautica-rapid-offensive-unit", "ZONDNAUTICA-A", 1),  # one trooper, mounted or not
    ("panoceania", "maximus", "MAXIMUS OPTIMATE", 1),  # his operator adds nothing
    ("panoceania", "palbots", "PALBOT", 0),  # counts with its controller
])
def test_places_follow_the_orders_an_option_gives(catalog: Catalog, slug: str, unit: str, option: str,
                                                  places: int) -> None:
    report = ListBuilder(catalog, slug).add(unit, named(option)).validate()
    assert report.totals.troopers == places


def test_peripherals_bought_on_their_own_need_a_controller_in_their_group(catalog: Catalog) -> None:
    base = ListBuilder(catalog, "panoceania").add("fusiliers", lieutenant).add("trauma-docs")
    legal = base.add("palbots", count=2).validate()
    assert codes(legal) == [] and legal.totals.troopers == 2
    stray = ListBuilder(catalog, "panoceania").add("fusiliers", lieutenant).add("trauma-docs")
    report = stray.add("palbots").add("palbots", group=2).validate()
    assert codes(report) == ["peripherals.no_controller"]
    assert "Move it to Combat Group 1, where 'TRAUMA-DOCS' is" in report.violations[-1].message
    alone = ListBuilder(catalog, "panoceania").add("fusiliers", lieutenant).add("palbots").validate()
    assert codes(alone) == ["peripherals.no_controller"]
    assert "Add a trooper with Doctor or Engineer to Combat Group 1" in alone.violations[-1].message
    crowded = base.add("palbots", count=3).validate()
    assert codes(crowded) == ["peripherals.too_many"]
    assert "each controls at most 2. Remove 1" in crowded.violations[-1].message


def test_puppetbots_answer_to_their_puppet_masters(catalog: Catalog) -> None:
    report = (ListBuilder(catalog, "nomads").add("puppetactica-company", named("PUPPET MASTERS"))
              .add("puppetactica-company", named("PuppetBots"), group=2).validate())
    assert codes(report) == ["peripherals.no_controller"]
    # with no Puppet Master at all, the data's relation reports it (once)
    orphan = ListBuilder(catalog, "nomads").add("puppetactica-company", named("PuppetBots")).validate()
    assert codes(orphan) == ["relations.missing_dependency"]


# ----- characters --------------------------------------------------------------------------------

@pytest.mark.parametrize(("slug", "settings", "first", "second"), [
    ("neoterran-capitaline-army", {"pack": "its-s9", "tier": "mid", "points": None,
                                   "extras": ("soldiers-of-fortune",)},
     "hannibal-neoterran-mercenary-team-leader", "merc-hannibal-mercenary-team-leader"),
    ("nomads", {"pack": "its-s9", "tier": "mid", "points": None, "extras": ("soldiers-of-fortune",)},
     "merc-yojimbo-sword-for-hire", "merc-yojimbo-motorized-sword-for-hire"),
    ("torchlight-brigade", {}, "jamie-arantes-netroid-handler", "jamie-arantes-netroid-rover"),
])
def test_one_character_in_two_units_is_fielded_once(catalog: Catalog, slug: str, settings: dict[str, object],
                                                    first: str, second: str) -> None:
    report = ListBuilder(catalog, slug, **settings).add(first).add(second).validate()
    assert codes(report) == ["characters.duplicate"], [v.message for v in report.violations]


def test_a_character_and_its_reinforcements_version_are_one_character(catalog: Catalog) -> None:
    builder = ListBuilder(catalog, "jsa", points=350).add("domaru-takeshi-neko-oyama")
    reinforcements = catalog.army(("imported", builder.army.reinforcements or 0))
    neko = "reinf-domaru-takeshi"  # REINF: Domaru TAKESHI 'NEKO' OYAMA
    builder.army_list, number = builder.army_list.with_group(reinforcement=True)
    report = builder.add(neko, group=number, source=reinforcements).validate()
    assert "characters.duplicate" in codes(report)
    assert "relations.exceeded" not in codes(report)


def test_different_characters_with_one_surname_stay_two(catalog: Catalog) -> None:
    report = ListBuilder(catalog, "haqqislam").add("zamira-nazarova").add("zuleyka-nazarova").validate()
    assert codes(report) == []


def test_versions_covered_by_a_relation_are_reported_once(catalog: Catalog) -> None:
    # JSA's data also has a relation "at most one Yojimbo": the character rule reports it, alone
    report = (ListBuilder(catalog, "jsa", pack="its-s9", tier="mid", points=None, extras=("soldiers-of-fortune",))
              .add("merc-yojimbo-sword-for-hire").add("merc-yojimbo-motorized-sword-for-hire").validate())
    assert codes(report) == ["characters.duplicate"]
