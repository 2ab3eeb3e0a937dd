"""Structured events (protocol version 2): each kind riftcheck knows and its facts.

`event("countered", item="Firebolt")` builds one and checks it: the kind must be one of
`EVENT_KINDS` (the schema's `event_kind` enum, which a test compares with this table), and the
facts exactly the kind's facts; `rule` may be added for the reader (riftcheck ignores it).
"""

from __future__ import annotations

from typing import Any, Final

from .messages import StructuredEvent

#: Every kind of event and its facts besides `kind`, as docs/protocol.md's table lists them,
#: in the order riftcheck declares the kinds.
EVENT_FACTS: Final[dict[str, tuple[str, ...]]] = {
    "conceded": ("seat",),
    "won": ("winners",),
    "player_removed": ("seat",),
    "banished": ("card",),
    "battlefield_replaced": ("battlefield",),
    "might_changed": ("card", "from", "to"),
    "removed_from_game": ("card",),
    "countered": ("item",),
    "left_chain": ("item",),
    "battlefield_uncontrolled": ("battlefield",),
    "turn_to": ("seat",),
    "turn_began": ("seat",),
    "turn_ended": ("seat",),
    "focus_to": ("seat",),
    "priority_to": ("seat",),
    "passed": ("seat",),
    "passed_focus": ("seat",),
    "played": ("seat", "card"),
    "activated": ("seat", "card"),
    "energy_added": ("seat", "card"),
    "item_added": ("item", "controller"),
    "finalized": ("item",),
    "triggers_waiting": ("seat",),
    "resolved": ("item",),
    "hid": ("seat", "card", "battlefield"),
    "hidden_lost": ("card",),
    "trashed": ("card",),
    "entered_board": ("card", "to"),
    "control_gained": ("card", "seat"),
    "moved": ("card", "to"),
    "recalled": ("card",),
    "assigned": ("seat", "card"),
    "damaged": ("card", "amount"),
    "dealt": ("card", "amount"),
    "attached": ("card", "to"),
    "detached": ("card", "from", "at"),
    "final_point_withheld": ("seat", "battlefield"),
    "empowered": ("card", "by", "amount", "until"),
    "expired": ("card", "by", "amount"),
    "killed": ("card",),
    "ceased_to_exist": ("card",),
    "contested": ("battlefield", "seat"),
    "unstaged": ("battlefield",),
    "showdown_began": ("battlefield",),
    "combat_began": ("battlefield", "attacker", "defender"),
    "showdown_ended": ("battlefield",),
    "combat_ended": ("battlefield", "winner"),
    "control_established": ("seat", "battlefield"),
    "scored": ("seat", "battlefield", "how"),
    "invited": ("seat",),
}

#: Every kind of event riftcheck knows (`capabilities.events` may list some of them).
EVENT_KINDS: Final = tuple(EVENT_FACTS)


def event(kind: str, rule: str | None = None, /, **facts: Any) -> StructuredEvent:
    """A structured event of `kind` with its facts, named as observations name them.

    Raises ValueError for a kind riftcheck does not know, a fact missing or a fact the kind
    does not have (a typo would otherwise only show as a divergence). `rule`, given second, is
    the rule the engine cites for its readers; riftcheck never compares it.

        event("played", seat="A", card="Firebolt")
        event("priority_to", "333.1", seat="A")
        event("detached", card="Blade", at="Left", **{"from": "Ember"})  # `from` is a keyword
    """
    wanted = EVENT_FACTS.get(kind)
    if wanted is None:
        raise ValueError(f"`{kind}` is not a kind of event riftcheck knows ({', '.join(EVENT_KINDS)})")
    missing = [f for f in wanted if f not in facts]
    extra = sorted(f for f in facts if f not in wanted)
    if missing or extra:
        said = ", ".join(wanted) or "none"
        raise ValueError(
            f"a `{kind}` event has the facts {said}"
            + (f"; missing: {', '.join(missing)}" if missing else "")
            + (f"; not its facts: {', '.join(extra)}" if extra else "")
        )
    made: dict[str, Any] = {"kind": kind}
    made.update(facts)
    if rule is not None:
        made["rule"] = rule
    return made  # type: ignore[return-value]


def is_known_event(value: object) -> bool:
    """Whether `value` is a sentence, or a structured event of a kind riftcheck knows."""
    if isinstance(value, str):
        return True
    return isinstance(value, dict) and value.get("kind") in EVENT_FACTS
