"""Reading what riftcheck sends: seats, places (`at`), actions, and the `[setup]` table.

Everything here is riftcheck's vocabulary; an adapter maps it to its engine's own names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from .errors import BadRequest, Invalid, Unsupported
from .messages import Action, Capabilities
from .vocabulary import (
    ACTION_KINDS, BATTLEFIELD_SEATS, CARD_KINDS, MODES, NAME_JOINS, SEATS, SETUP_KEYS,
    TABLE_SIZES, TIMINGS,
)

# ---------------------------------------------------------------------------
# Seats
# ---------------------------------------------------------------------------


def seats_for(mode: str) -> tuple[str, ...]:
    """The seats at a table of `mode`, in turn order: duel A, B; skirmish A, B, C; war and
    magma-chamber A, B, C, D. Raises Invalid for a mode that does not exist."""
    if mode not in TABLE_SIZES:
        raise Invalid(f"`mode` must be one of {', '.join(MODES)}, not `{mode}`")
    return SEATS[: TABLE_SIZES[mode]]


def in_turn_order(seats: Iterable[str]) -> list[str]:
    """`seats` sorted in turn order (A first), as every list of seats in an observation is."""
    return sorted(set(seats), key=SEATS.index)


def next_seat(seats: Iterable[str], after: str) -> str | None:
    """The next of `seats` after `after` in turn order, wrapping round; `after` itself need not
    be among them (the player who just left, 652.5). None if `seats` is empty."""
    ordered = in_turn_order(seats)
    for s in ordered:
        if SEATS.index(s) > SEATS.index(after):
            return s
    return ordered[0] if ordered else None


# ---------------------------------------------------------------------------
# Places: a card's `at`
# ---------------------------------------------------------------------------

_OWNED_ZONES = {"hand": "hand", "base": "Base", "trash": "Trash", "banishment": "Banishment"}


@dataclass(frozen=True)
class Place:
    """Where a card is. `zone` is one of `hand`, `base`, `trash`, `banishment` (each with the
    `owner` whose zone it is), `battlefield` and `facedown` (with the battlefield's `name`),
    `attached` (with the unit's `name`), `chain`, `removed` or `nowhere`."""

    zone: str
    owner: str | None = None
    name: str | None = None

    @property
    def text(self) -> str:
        """As observations write it: "A's hand", "A's Trash", "Left", "facedown at Left"..."""
        return place(self.zone, self.owner, self.name)


def place(zone: str, owner: str | None = None, name: str | None = None) -> str:
    """A card's `at` in an observation: `place("trash", "A")` is "A's Trash",
    `place("chain")` "chain", `place("battlefield", name="Left")` "Left"."""
    if zone in _OWNED_ZONES:
        if owner is None:
            raise ValueError(f"whose {zone}?")
        return f"{owner}'s {_OWNED_ZONES[zone]}"
    if zone in ("chain", "removed", "nowhere"):
        return zone
    if name is None:
        raise ValueError(f"the {zone} needs a name")
    if zone == "battlefield":
        return name
    if zone == "facedown":
        return f"facedown at {name}"
    if zone == "attached":
        return f"attached to {name}"
    raise ValueError(f"`{zone}` is not a zone")


def parse_place(at: object, owner: str | None = None, battlefields: Iterable[str] | None = None) -> Place:
    """A setup card's `at` ("hand", "A's hand", "base", "Left", "chain", ...) as a Place.

    A plain zone word is the zone of `owner` (pass the card's controller for `base`, its owner
    otherwise); zone words are read in any case, as riftcheck does. Anything else is a
    battlefield's name, checked against `battlefields` when they are given. Raises Invalid for
    what cannot be a place.
    """
    if not isinstance(at, str) or not at.strip():
        raise Invalid("`at` is required")
    text = at.strip()
    who, sep, rest = text.partition("'s ")
    if sep and who in SEATS and rest.lower() in _OWNED_ZONES:
        return Place(rest.lower(), who)
    if text.lower() in _OWNED_ZONES:
        if owner is None:
            raise Invalid(f"`{text}`: whose {text.lower()}?")
        return Place(text.lower(), owner)
    if text in ("chain", "removed", "nowhere"):
        return Place(text)
    for prefix, zone in (("facedown at ", "facedown"), ("attached to ", "attached")):
        if text.startswith(prefix):
            return Place(zone, None, text[len(prefix):])
    if battlefields is not None and text not in set(battlefields):
        raise Invalid(f"`{text}` is neither a zone nor a battlefield of this game")
    return Place("battlefield", None, text)


# ---------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------

_FIXED = {"passes": "pass", "passes Focus": "pass focus", "concedes": "concede", "ends the turn": "end turn"}
_PATTERNS: list[tuple[str, re.Pattern[str], tuple[str, ...]]] = [
    ("play", re.compile(r"plays (.+?)(?: on (.+?))?(?: at (.+))?"), ("card", "target", "at")),
    ("activate", re.compile(r"activates (.+?)(?: on (.+))?"), ("card", "target")),
    ("move", re.compile(r"moves (.+) to (.+)"), ("units", "to")),
    ("place", re.compile(r"places (.+)'s trigger"), ("card",)),
    ("choose", re.compile(r"chooses (.+)"), ("at",)),
    ("invite", re.compile(r"invites ([A-D])"), ("teammate",)),
    ("hide", re.compile(r"hides (.+) at (.+)"), ("card", "at")),
    ("assign", re.compile(r"assigns damage to (.+)"), ("unit",)),
]


def parse_step(text: str) -> Action:
    """An action from its sentence alone, as scenario steps write it: "B plays Negate on
    Firebolt", "A moves Poro and Yeti to Left", "A ends the turn". Raises BadRequest."""
    seat, _, rest = text.strip().partition(" ")
    if not rest:
        raise BadRequest(f"cannot read `{text}`")
    action: dict[str, Any] = {"text": text, "seat": seat}
    if rest in _FIXED:
        action["kind"] = _FIXED[rest]
        return action  # type: ignore[return-value]
    for kind, pattern, parts in _PATTERNS:
        m = pattern.fullmatch(rest)
        if m:
            action["kind"] = kind
            for part, value in zip(parts, m.groups()):
                if value is None:
                    continue
                if part == "units":
                    action[part] = [u for u in re.split(r", | and ", value) if u]
                else:
                    action[part] = value
            return action  # type: ignore[return-value]
    raise BadRequest(f"cannot read `{text}`")


def read_action(raw: object) -> Action:
    """The `action` of an `apply` request, with its parts read from its sentence when `kind`
    is missing (riftcheck always sends them). Returns a new dict; raises BadRequest."""
    if not isinstance(raw, dict):
        raise BadRequest("`action` must be an object")
    if raw.get("kind") is None:
        parsed: dict[str, Any] = dict(parse_step(str(raw.get("text", ""))))
        parsed.update((k, v) for k, v in raw.items() if v is not None and k != "kind")
        return parsed  # type: ignore[return-value]
    if raw["kind"] not in ACTION_KINDS:
        raise BadRequest(f"`{raw['kind']}` is not a kind of action ({', '.join(ACTION_KINDS)})")
    return dict(raw)  # type: ignore[return-value]


# ---------------------------------------------------------------------------
# The setup
# ---------------------------------------------------------------------------

_EFFECT_KINDS = [
    (re.compile(r"nothing"), "nothing"),
    (re.compile(r"counter"), "counter"),
    (re.compile(r"gain control"), "gain control"),
    (re.compile(r"move to a battlefield of your choice"), "move chosen"),
    (re.compile(r"move all units at a battlefield of your choice to .+"), "move all"),
    (re.compile(r"move to .+"), "move"),
    (re.compile(r"play .+"), "play token"),
    (re.compile(r"deal [1-9]"), "deal"),
    (re.compile(r"kill"), "kill"),
    (re.compile(r"[+-][1-9] might (this turn|until your next turn)"), "might"),
    (re.compile(r"equip"), "equip"),
]


def effect_kind(effect: str) -> str:
    """The capability that names a setup's effect: "deal 2" is `deal`, "move to Left" is
    `move`, "+2 might this turn" is `might`. Raises Invalid for an effect riftcheck has not."""
    if not isinstance(effect, str):
        raise Invalid(f"`{effect}` is not an effect")
    for pattern, kind in _EFFECT_KINDS:
        if pattern.fullmatch(effect.strip()):
            return kind
    raise Invalid(f"`{effect}` is not an effect")


def ability_kind(ability: str) -> tuple[str, str | None]:
    """The capability that names a setup's ability, and its effect's: "add" is (`add`, None),
    "exhaust: kill" (`activated`, `kill`), "when I attack: deal 1" (`triggered`, `deal`)."""
    if not isinstance(ability, str):
        raise Invalid(f"`{ability}` is not an ability")
    text = ability.strip()
    if text == "add":
        return "add", None
    head, sep, effect = text.partition(": ")
    if sep and head in ("exhaust", "exhaust, action", "exhaust, reaction"):
        return "activated", effect_kind(effect)
    if sep and head.startswith("when "):
        return "triggered", effect_kind(effect)
    raise Invalid(f"`{ability}` is not an ability")


@dataclass(frozen=True)
class Card:
    """A card of the setup, its defaults filled in."""

    name: str
    kind: str
    owner: str
    controller: str
    place: Place
    at: str
    timing: str = "normal"
    cost: int = 0
    effect: str = "nothing"
    ability: str | None = None
    might: int = 0
    exhausted: bool = False
    damage: int = 0
    token: bool = False
    hidden: bool = False


@dataclass(frozen=True)
class Battlefield:
    """A battlefield of the setup (or one of the defaults, "B's Battlefield")."""

    name: str
    contributor: str
    might: int = 0
    controller: str | None = None
    contested_by: str | None = None
    token: bool = False


@dataclass(frozen=True)
class Table:
    """A `[setup]` table read and checked: seats, defaults filled in, places parsed. The raw
    dict is kept in `raw`; the Chain, the Showdown and the readings stay as riftcheck sent them."""

    raw: Mapping[str, Any]
    mode: str
    seats: tuple[str, ...]
    removed: tuple[str, ...]
    turn: str
    victory_score: int
    points: dict[str, int]
    energy: dict[str, int]
    cards: tuple[Card, ...]
    battlefields: tuple[Battlefield, ...]
    chain: list[dict[str, Any]] = field(default_factory=list)
    showdown: dict[str, Any] | None = None
    priority: str | None = None
    passed: tuple[str, ...] = ()
    readings: dict[str, str] = field(default_factory=dict)

    @property
    def remaining(self) -> tuple[str, ...]:
        return tuple(s for s in self.seats if s not in self.removed)

    def card(self, name: str) -> Card:
        for c in self.cards:
            if c.name == name:
                return c
        raise KeyError(name)

    def require(
        self, capabilities: Capabilities, *, chain: bool = False, showdown: bool = False,
        readings: bool = False,
    ) -> None:
        """Raises Unsupported unless the engine can express this setup: its mode, every card's
        kind, effect and ability among the declared `capabilities` (a list left out: all), and
        a Chain, a Showdown or readings only if the keywords say it can play them."""
        def declared(key: str, name: str) -> bool:
            listed = capabilities.get(key)
            return listed is None or name in listed  # type: ignore[operator]

        if not declared("modes", self.mode):
            raise Unsupported(f"the mode {self.mode}")
        if self.chain and not chain:
            raise Unsupported("a Chain in progress")
        if self.showdown and not showdown:
            raise Unsupported("a Showdown")
        if self.readings and not readings:
            raise Unsupported("readings other than the project's policies")
        for c in self.cards:
            if not declared("cards", c.kind):
                raise Unsupported(f"{c.kind} cards ({c.name})")
            if not declared("effects", effect_kind(c.effect)):
                raise Unsupported(f"the effect `{c.effect}` ({c.name})")
            if c.ability is not None:
                kind, effect = ability_kind(c.ability)
                if not declared("abilities", kind) or (effect and not declared("effects", effect)):
                    raise Unsupported(f"the ability `{c.ability}` ({c.name})")


def _name(value: object, what: str, taken: Iterable[str]) -> str:
    if not isinstance(value, str) or not value or value.strip() != value or value == "Base":
        raise Invalid(f"{what}: `{value}` cannot be a name")
    for word in NAME_JOINS:
        if word in value:
            raise Invalid(f"{what}: `{value}` contains `{word.strip()}`, which joins the parts of a step")
    if value in taken:
        raise Invalid(f"the name `{value}` is used twice")
    return value


def _int(value: object, what: str, least: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or (least is not None and value < least):
        raise Invalid(f"{what}: `{value}` is not an integer" + (f" of at least {least}" if least is not None else ""))
    return value


def read_table(setup: object) -> Table:
    """Reads the `setup` of a `setup` request. Raises Invalid for what no game can be (a seat
    not at the table, a name used twice, an unknown kind), Unsupported for a key the kit does
    not know (a later riftcheck's). It does not check everything the rules refuse: riftcheck
    only sends setups the rules accept."""
    if not isinstance(setup, dict):
        raise Invalid("the setup must be an object")
    for key in setup:
        if key not in SETUP_KEYS:
            raise Unsupported(f"the setup field `{key}`")
    seats = seats_for(setup.get("mode"))  # type: ignore[arg-type]
    mode: str = setup["mode"]

    def seat(value: object, what: str, among: Iterable[str] = seats) -> str:
        allowed = tuple(among)
        if value not in allowed:
            why = "is not a seat at this table" if value not in seats else (
                "has been removed" if value in removed else f"is not one of {', '.join(allowed)}")
            raise Invalid(f"{what}: `{value}` {why}")
        return value  # type: ignore[return-value]

    removed: list[str] = []
    for s in setup.get("removed") or []:
        if seat(s, "removed") in removed:
            raise Invalid(f"removed: {s} is listed twice")
        removed.append(s)
    remaining = [s for s in seats if s not in removed]
    if len(remaining) < 2:
        raise Invalid("a game in progress needs two remaining players (651.1)")
    turn = seat(setup.get("turn", "A"), "turn", remaining)
    victory_score = _int(setup.get("victory_score", 11 if mode == "magma-chamber" else 8), "victory_score", 1)
    points = dict.fromkeys(seats, 0)
    for s, n in (setup.get("points") or {}).items():
        points[seat(s, "points")] = _int(n, f"points of {s}", 0)
    energy = dict.fromkeys(seats, 0)
    for s, n in (setup.get("energy") or {}).items():
        energy[seat(s, "energy")] = _int(n, f"energy of {s}", 0)

    listed = setup.get("battlefields") or [
        {"name": f"{s}'s Battlefield", "contributor": s, "token": s in removed}
        for s in BATTLEFIELD_SEATS[mode]
    ]
    fields: list[Battlefield] = []
    for bf in listed:
        if not isinstance(bf, dict):
            raise Invalid("a battlefield must be an object")
        name = _name(bf.get("name"), "battlefield", [f.name for f in fields])
        fields.append(Battlefield(
            name=name,
            contributor=seat(bf.get("contributor"), f"{name}.contributor", BATTLEFIELD_SEATS[mode]),
            might=_int(bf.get("might", 0), f"{name}.might"),
            controller=None if bf.get("controller") is None else seat(bf["controller"], f"{name}.controller"),
            contested_by=None if bf.get("contested_by") is None else seat(bf["contested_by"], f"{name}.contested_by"),
            token=bool(bf.get("token", False)),
        ))
    if sorted(f.contributor for f in fields) != sorted(BATTLEFIELD_SEATS[mode]):
        raise Invalid("one battlefield for each seat whose battlefield is in use")

    cards: list[Card] = []
    for c in setup.get("cards") or []:
        if not isinstance(c, dict):
            raise Invalid("a card must be an object")
        name = _name(c.get("name"), "card", [x.name for x in cards] + [f.name for f in fields])
        if c.get("kind") not in CARD_KINDS:
            raise Invalid(f"{name}: `{c.get('kind')}` is not a kind of card")
        owner = seat(c.get("owner"), f"{name}.owner")
        controller = seat(c.get("controller", owner), f"{name}.controller")
        timing = c.get("timing", "normal")
        if timing not in TIMINGS:
            raise Invalid(f"{name}: `{timing}` is not a timing")
        effect = c.get("effect", "nothing")
        effect_kind(effect)
        if c.get("ability") is not None:
            ability_kind(c["ability"])
        at = c.get("at")
        cards.append(Card(
            name=name, kind=c["kind"], owner=owner, controller=controller,
            place=parse_place(at, controller if str(at).strip().lower() == "base" else owner,
                              [f.name for f in fields]),
            at=str(at), timing=timing, cost=_int(c.get("cost", 0), f"{name}.cost", 0),
            effect=effect, ability=c.get("ability"), might=_int(c.get("might", 0), f"{name}.might"),
            exhausted=bool(c.get("exhausted", False)), damage=_int(c.get("damage", 0), f"{name}.damage", 0),
            token=bool(c.get("token", False)), hidden=bool(c.get("hidden", False)),
        ))

    priority = setup.get("priority")
    return Table(
        raw=setup, mode=mode, seats=seats, removed=tuple(in_turn_order(removed)), turn=turn,
        victory_score=victory_score, points=points, energy=energy, cards=tuple(cards),
        battlefields=tuple(fields), chain=list(setup.get("chain") or []),
        showdown=setup.get("showdown") or None,
        priority=None if priority is None else seat(priority, "priority", remaining),
        passed=tuple(seat(s, "passed", remaining) for s in setup.get("passed") or []),
        readings=dict(setup.get("readings") or {}),
    )
