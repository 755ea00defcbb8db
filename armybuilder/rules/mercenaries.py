"""Mercenaries from the army's pool only with Soldiers of Fortune, within its points cap (RULES.md §2.8, §3)."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.i18n import tr
from armybuilder.rules.context import RuleContext
from armybuilder.rules.violations import Violation, error


def check(ctx: RuleContext) -> Iterator[Violation]:
    mercs = ctx.mercenary_troopers
    if not mercs:
        return
    extra = ctx.extra_with("mercenary_points")
    if extra is None:
        for trooper in mercs:
            yield error("mercenaries.not_allowed",
                        tr("{unit} is a mercenary outside {army}'s own list: it needs the Soldiers of Fortune "
                           "extra. Remove it or switch the extra on.", unit=trooper.name, army=ctx.army.name),
                        "RULES.md §2.8", (trooper.uid,))
        return
    cap = extra.mercenary_points or 0
    spent = sum(t.points for t in mercs)
    if spent > cap:
        yield error("mercenaries.over_points",
                    tr("Mercenaries cost {used} points, {over} over the {limit}-point cap of {extra}. Remove or "
                       "change mercenaries worth {over} points.", used=spent, over=spent - cap, limit=cap,
                       extra=extra.name),
                    "RULES.md §3 (Soldiers of Fortune)", tuple(t.uid for t in mercs), used=spent, limit=cap)
