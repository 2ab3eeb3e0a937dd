"""Building observations: the records, every field's "nothing happening" value, and checks of
an observation against what `hello` declared."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from .messages import CardView, ChainItemView, Observation
from .vocabulary import OBSERVATION_FIELDS, SUB_FIELDS


def chain_item(item: str, controller: str, target: str | None = None, pending: bool = False) -> ChainItemView:
    """One item of `chain` (bottom first): the card's name (or "Totem's ability"), its
    controller, its target's name (None once the target has left the Chain, 425)."""
    return {"item": item, "controller": controller, "pending": pending, "target": target}


def card_view(
    at: str, controller: str | None = None, *, might: int | None = None, mighty: bool = False,
    exhausted: bool = False, damage: int = 0, only: Iterable[str] | None = None,
) -> CardView:
    """One card of `cards`: where it is (`place(...)` writes it) and the rest; a card off the
    board has no Might, is not exhausted and has no damage. `only` keeps the sub-fields an
    engine declares (`("at",)` for `observes: ["cards.at"]`)."""
    view: dict[str, Any] = {"at": at, "controller": controller, "might": might, "mighty": mighty,
                            "exhausted": exhausted, "damage": damage}
    if only is not None:
        keep = set(only)
        view = {k: v for k, v in view.items() if k in keep}
    return view  # type: ignore[return-value]


def empty_observation(seats: Iterable[str]) -> Observation:
    """Every field at its "nothing is happening" value for a table of `seats`: no Chain, no
    Showdown, nobody removed or winning, no points or Energy, no cards or battlefields. A
    version-1 engine, which must send every field, starts from this and sets what it has."""
    seats = list(seats)
    return {
        "turn": None, "priority": None, "focus": None, "awaiting": None, "invited": None,
        "showdown": None, "combat": None, "chain": [], "opened_by": None, "waiting": [],
        "passed": [], "focus_passed": [], "remaining": list(seats), "removed": [], "winners": [],
        "points": dict.fromkeys(seats, 0), "energy": dict.fromkeys(seats, 0), "staged": [],
        "cards": {}, "battlefields": {}, "lasting": [], "events": [],
    }


def observation(**fields: Any) -> Observation:
    """An observation of the fields given, checking their names (a typo would only show as a
    missing field in riftcheck's report)."""
    unknown = sorted(k for k in fields if k not in OBSERVATION_FIELDS)
    if unknown:
        raise ValueError(f"not fields of the observation: {', '.join(unknown)} ({', '.join(OBSERVATION_FIELDS)})")
    return fields  # type: ignore[return-value]


def declared_fields(observes: Iterable[str] | None) -> dict[str, tuple[str, ...] | None]:
    """What `observes` declares, field by field: None for the whole field, else its declared
    sub-fields. `observes` left out (None) declares every field (events aside)."""
    if observes is None:
        return {f: None for f in OBSERVATION_FIELDS if f != "events"}
    out: dict[str, tuple[str, ...] | None] = {}
    for name in observes:
        top, _, sub = name.partition(".")
        if top == "events":
            continue
        if not sub:
            out[top] = None
        elif out.get(top, ()) is not None:
            out[top] = out.get(top, ()) + (sub,)  # type: ignore[operator]
    return out


class FieldCheck:
    """`missing_fields` for one `observes`, worked out once: the loop checks every answer."""

    def __init__(self, observes: Iterable[str] | None) -> None:
        declared = declared_fields(observes)
        self.fields = tuple(declared)
        self.keys = frozenset(declared)
        self.records = tuple(
            (top, declared[top] or SUB_FIELDS[top], frozenset(declared[top] or SUB_FIELDS[top]))
            for top in declared if top in SUB_FIELDS
        )

    def __call__(self, obs: Mapping[str, Any]) -> list[str]:
        if self.keys <= obs.keys():
            missing = []
        else:
            missing = [top for top in self.fields if top not in obs]
        for top, subs, needed in self.records:
            records = obs.get(top)
            if isinstance(records, list):
                records = dict(enumerate(records))
            elif not isinstance(records, dict):
                continue
            for name, record in records.items():
                if type(record) is not dict:
                    missing.append(f"{top}.{name}")
                elif not needed <= record.keys():
                    missing.extend(f"{top}.{name}.{s}" for s in subs if s not in record)
        return missing


def missing_fields(obs: Mapping[str, Any], observes: Iterable[str] | None) -> list[str]:
    """The declared fields and sub-fields `obs` lacks, named as riftcheck names them
    (`priority`, `cards.Firebolt.at`): what riftcheck would report as a protocol finding.
    `observes` is hello's list; None declares every field."""
    return FieldCheck(observes)(obs)
