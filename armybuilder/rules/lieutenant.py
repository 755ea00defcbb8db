"""Exactly one Lieutenant (RULES.md §2.3). An empty list has none either: it is not legal (a list
with no troopers cannot be played), and says so the way any list without a Lieutenant does."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.domain.naming import trooper_label
from armybuilder.i18n import lazy_join, lazy_tr
from armybuilder.rules import sources
from armybuilder.rules.context import RuleContext
from armybuilder.rules.violations import Violation, error


def check(ctx: RuleContext) -> Iterator[Violation]:
    lieutenants = ctx.roster.lieutenants
    wanted = ctx.edition.lieutenant_required
    if len(lieutenants) < wanted:
        yield error("lieutenant.missing",
                    lazy_tr("The list has no Lieutenant. Change one trooper to an option with the Lieutenant skill."),
                    sources.LIEUTENANT, count=0)
    elif len(lieutenants) > wanted:
        names = lazy_join(", ", [trooper_label(t.unit, t.option) for t in lieutenants])  # which option each is
        yield error("lieutenant.too_many",
                    lazy_tr("The list has {count} Lieutenants ({names}); it must have exactly one. Change the others "
                            "to options without the Lieutenant skill.", count=len(lieutenants), names=names),
                    sources.LIEUTENANT, tuple(t.uid for t in lieutenants), count=len(lieutenants))
