"""What start-up made is set aside from the cyclic garbage collector once the window is up (a full collection
walked ~65,000 long-lived objects again, 40-47 ms inside whatever the player was doing); garbage made
afterwards is still collected."""

from __future__ import annotations

import gc
import weakref

from armybuilder.gui.app import freeze_start_up_objects


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_start_up_objects_are_frozen_and_later_garbage_still_collected() -> None:
    before: list[object] = []  # tracked by the collector (a container)
    try:
        freeze_start_up_objects()
        assert gc.get_freeze_count() > 0
        assert not any(o is before for g in range(3) for o in gc.get_objects(generation=g))
        first, second = Node(), Node()
        first.other, second.other = second, first  # a cycle made after start-up
        gone = weakref.ref(first)
        del first, second
        gc.collect()
        assert gone() is None
    finally:
        gc.unfreeze()
