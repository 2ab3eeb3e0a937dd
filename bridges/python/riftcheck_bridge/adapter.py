"""The adapter: what an engine author writes to put an engine behind the protocol.

An adapter is any object with these attributes (subclassing `Adapter` gives the defaults):

    name, version       said in `hello`
    protocol            1 or 2, the version the engine speaks (else `serve`'s `protocol`)
    capabilities        said in `hello`; `snapshot` is filled in by the kit if left out
    setup(setup)        -> game, or (game, events); raise Unsupported(why) / Invalid(why)
    apply(game, action) -> the new game, or (game, events), or None if it changed `game` in
                           place; raise Refused(rule, error, message), leaving the game as it was
    observe(game)       -> the observation's fields (the kit adds `events`)
    event(game, e)      -> one engine event as a protocol event (a sentence or `event(...)`),
                           or None to leave it out; by default the event itself

and one of these, which decides how the kit returns to a game (`reset`, `snapshot`/`restore`):

    pure = True         `apply` never changes its argument: the kit keeps the states
                        themselves; a snapshot token is an index into the states it kept
    clone(game)         -> an independent copy: the kit keeps copies
    neither             no snapshots (`"snapshot": false`); `reset` calls `setup` again
"""

from __future__ import annotations

from typing import Any, Generic, Sequence, TypeVar

from .events import EVENT_KINDS
from .messages import Action, Capabilities, Event, Observation, Setup
from .vocabulary import (
    ABILITIES, ACTION_KINDS, CARD_KINDS, EFFECTS, MODES, OBSERVATION_FIELDS, PROTOCOL_VERSIONS,
    SUB_FIELDS,
)

G = TypeVar("G")


class Adapter(Generic[G]):
    """Defaults for an adapter; override what your engine has. See the module's docstring."""

    name: str = "engine"
    version: str = "0.1.0"
    protocol: int | None = None
    capabilities: Capabilities = {}
    pure: bool = False

    def setup(self, setup: Setup) -> G | tuple[G, Sequence[Any]]:
        raise NotImplementedError("an adapter builds its game from the setup")

    def apply(self, game: G, action: Action) -> G | tuple[G, Sequence[Any]] | None:
        raise NotImplementedError("an adapter takes actions")

    def observe(self, game: G) -> Observation:
        raise NotImplementedError("an adapter shows its game as an observation")

    def event(self, game: G, event: Any) -> Event | None:
        return event  # type: ignore[no-any-return]


def keeping(adapter: object) -> str:
    """How the kit returns to a game with this adapter: `pure`, `clone` or `rebuild`."""
    if getattr(adapter, "pure", False):
        return "pure"
    if callable(getattr(adapter, "clone", None)):
        return "clone"
    return "rebuild"


def capability_problems(caps: object, protocol: int) -> list[str]:
    """What riftcheck would refuse in these capabilities (it stops `conform` with exit status 2
    on an unknown name), or what a version-1 engine cannot declare."""
    if not isinstance(caps, dict):
        return ["`capabilities` must be an object"]
    problems: list[str] = []
    if protocol not in PROTOCOL_VERSIONS:
        problems.append(f"protocol {protocol}: riftcheck speaks {' and '.join(map(str, PROTOCOL_VERSIONS))}")
    known = {
        "modes": MODES, "actions": ACTION_KINDS, "cards": CARD_KINDS, "effects": EFFECTS,
        "abilities": ABILITIES, "events": EVENT_KINDS,
        "observes": OBSERVATION_FIELDS + tuple(f"{k}.{s}" for k, subs in SUB_FIELDS.items() for s in subs),
    }
    for key, names in known.items():
        value = caps.get(key)
        if value is None or (key == "events" and isinstance(value, bool)):
            continue
        if not isinstance(value, list):
            problems.append(f"`{key}` must be a list" + (" or true or false" if key == "events" else ""))
            continue
        for name in value:
            if name not in names:
                problems.append(f"`{key}` lists `{name}`, which riftcheck does not know ({', '.join(names)})")
    if protocol == 1:
        if "observes" in caps:
            problems.append("`observes` is version 2: a version-1 engine sends every field")
        if isinstance(caps.get("events"), list):
            problems.append("a list of kinds in `events` is version 2: a version-1 engine says true or false")
    if not isinstance(caps.get("snapshot", False), bool):
        problems.append("`snapshot` must be true or false")
    readings = caps.get("readings", {})
    if not isinstance(readings, dict) or not all(isinstance(v, str) for v in readings.values()):
        problems.append("`readings` must map policies to readings")
    return problems


def declared_capabilities(adapter: object, protocol: int) -> Capabilities:
    """The adapter's capabilities as `hello` says them: checked, `snapshot` filled in from how
    the kit keeps games. Raises ValueError with every problem found."""
    caps = dict(getattr(adapter, "capabilities", None) or {})
    problems = capability_problems(caps, protocol)
    can = keeping(adapter) != "rebuild"
    if caps.get("snapshot") and not can:
        problems.append("`snapshot` is true, but the adapter is neither `pure` nor has `clone(game)`")
    if problems:
        name = getattr(adapter, "name", type(adapter).__name__)
        raise ValueError(f"{name}: " + "; ".join(problems))
    caps.setdefault("snapshot", can)
    return caps  # type: ignore[return-value]
