"""The types of every message of the protocol (docs/protocol.md, docs/protocol.schema.json).

They are `TypedDict`s: the messages are the plain dicts `json.loads` gives and `json.dumps`
takes, and these types only tell a type checker (and the reader) which keys they have. Keys
riftcheck may leave out are `NotRequired`; both sides ignore keys they do not know.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict, Union

Seat: TypeAlias = Literal["A", "B", "C", "D"]
Mode: TypeAlias = Literal["duel", "skirmish", "war", "magma-chamber"]
ActionKind: TypeAlias = Literal[
    "pass", "pass focus", "play", "activate", "move", "end turn", "concede",
    "place", "choose", "invite", "hide", "assign",
]
#: Any JSON value (a snapshot token is one).
Json: TypeAlias = Any

# ---------------------------------------------------------------------------
# The setup: the `[setup]` table of the scenario format (docs/scenarios.md), as JSON
# ---------------------------------------------------------------------------


class CardSetup(TypedDict):
    name: str
    kind: Literal["unit", "gear", "rune", "spell"]
    owner: Seat
    at: str  # "hand", "A's hand", "base", a battlefield, "chain", "trash", "removed", ...
    controller: NotRequired[Seat]
    might: NotRequired[int]
    timing: NotRequired[Literal["normal", "action", "reaction"]]
    cost: NotRequired[int]
    effect: NotRequired[str]  # "nothing", "counter", "deal 2", "move to Left", ...
    ability: NotRequired[str]  # "add", "exhaust: kill", "when I attack: deal 1", ...
    exhausted: NotRequired[bool]
    damage: NotRequired[int]
    token: NotRequired[bool]
    hidden: NotRequired[bool]


class BattlefieldSetup(TypedDict):
    name: str
    contributor: Seat
    might: NotRequired[int]
    controller: NotRequired[Seat | None]
    contested_by: NotRequired[Seat | None]
    token: NotRequired[bool]


class ChainItemSetup(TypedDict):
    source: str
    controller: Seat
    kind: NotRequired[Literal["spell", "ability", "trigger"]]
    target: NotRequired[str]


class ShowdownSetup(TypedDict):
    at: str
    focus: Seat
    passed: NotRequired[list[Seat]]
    attacker: NotRequired[Seat]
    defender: NotRequired[Seat]


class Setup(TypedDict):
    mode: Mode
    turn: NotRequired[Seat]
    removed: NotRequired[list[Seat]]
    victory_score: NotRequired[int]
    points: NotRequired[dict[str, int]]
    energy: NotRequired[dict[str, int]]
    priority: NotRequired[Seat | None]
    passed: NotRequired[list[Seat]]
    opened_by: NotRequired[Literal["play", "trigger"]]
    invited: NotRequired[Seat | None]
    readings: NotRequired[dict[str, str]]
    battlefields: NotRequired[list[BattlefieldSetup]]
    cards: NotRequired[list[CardSetup]]
    chain: NotRequired[list[ChainItemSetup]]
    showdown: NotRequired[ShowdownSetup]


# ---------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------


class Action(TypedDict):
    """One step: its sentence (which alone determines it) and its parts spelled out."""

    text: str
    kind: ActionKind
    seat: Seat
    card: NotRequired[str]
    target: NotRequired[str]
    at: NotRequired[str]
    units: NotRequired[list[str]]
    to: NotRequired[str]
    teammate: NotRequired[Seat]
    unit: NotRequired[str]


# ---------------------------------------------------------------------------
# Requests
# ---------------------------------------------------------------------------


class HelloRequest(TypedDict):
    op: Literal["hello"]
    protocol: int


class SetupRequest(TypedDict):
    op: Literal["setup"]
    setup: Setup


class ApplyRequest(TypedDict):
    op: Literal["apply"]
    action: Action


class ObserveRequest(TypedDict):
    op: Literal["observe"]


class SnapshotRequest(TypedDict):
    op: Literal["snapshot"]


class RestoreRequest(TypedDict):
    op: Literal["restore"]
    snapshot: Json


class ResetRequest(TypedDict):
    op: Literal["reset"]


Request: TypeAlias = Union[
    HelloRequest, SetupRequest, ApplyRequest, ObserveRequest, SnapshotRequest,
    RestoreRequest, ResetRequest,
]

# ---------------------------------------------------------------------------
# hello
# ---------------------------------------------------------------------------


class Capabilities(TypedDict, total=False):
    """What the engine can do; a list left out means all of them."""

    modes: list[Mode]
    actions: list[ActionKind]
    cards: list[Literal["unit", "gear", "rune", "spell"]]
    effects: list[str]
    abilities: list[Literal["add", "activated", "triggered"]]
    snapshot: bool
    #: Version 2: the observation fields exposed (`"cards.at"` for a sub-field).
    observes: list[str]
    #: True (every event, the default), False (none), or (version 2) a list of kinds.
    events: bool | list[str]
    #: Policy to reading, where the engine reads a policy otherwise than the project.
    readings: dict[str, str]


class Hello(TypedDict):
    protocol: Literal[1, 2]
    name: str
    version: NotRequired[str]
    capabilities: NotRequired[Capabilities]
    #: The ruleset played; left out, "riftbound" (this kit's).
    ruleset: NotRequired[Literal["riftbound", "mtg"]]


class HelloResponse(TypedDict):
    hello: Hello


# ---------------------------------------------------------------------------
# The observation
# ---------------------------------------------------------------------------

#: A structured event: `{"kind": "played", "seat": "A", "card": "Firebolt"}`, its facts named
#: as `EVENT_FACTS` lists them, and optionally a `rule`. Built and checked by `event()`.
StructuredEvent: TypeAlias = dict[str, Any]
#: A sentence in riftcheck's words, or a structured event.
Event: TypeAlias = Union[str, StructuredEvent]


class ChainItemView(TypedDict, total=False):
    item: str  # the card's name, "Totem's ability" or "Sentry's trigger"
    controller: Seat
    pending: bool
    target: str | None


class WaitingTrigger(TypedDict):
    trigger: str
    controller: Seat


class CardView(TypedDict, total=False):
    at: str  # "A's hand", "chain", "A's Trash", "removed", a battlefield, ...
    controller: Seat
    might: int | None
    mighty: bool
    exhausted: bool
    damage: int


class BattlefieldView(TypedDict, total=False):
    controller: Seat | None
    token: bool
    might: int
    contested_by: Seat | None
    scored: list[Seat]


class LastingEffect(TypedDict):
    unit: str
    by: Seat
    might: int
    until: Literal["this turn", "until your next turn"]


class Observation(TypedDict, total=False):
    """Everything an observer may see after a step. Version 1: every field. Version 2: the
    fields `observes` declares, and `events` unless `events` is false."""

    turn: Seat | None
    priority: Seat | None
    focus: Seat | None
    awaiting: Seat | None
    invited: Seat | None
    showdown: str | None
    combat: str | None  # "A attacks C"
    chain: list[ChainItemView]
    opened_by: Literal["play", "trigger"] | None
    waiting: list[WaitingTrigger]
    passed: list[Seat]
    focus_passed: list[Seat]
    remaining: list[Seat]
    removed: list[Seat]
    winners: list[Seat]
    points: dict[str, int]
    energy: dict[str, int]
    staged: list[str]
    cards: dict[str, CardView]
    battlefields: dict[str, BattlefieldView]
    lasting: list[LastingEffect]
    events: list[Event]


# ---------------------------------------------------------------------------
# The other responses
# ---------------------------------------------------------------------------


class ObservationResponse(TypedDict):
    observation: Observation


class Refusal(TypedDict, total=False):
    error: str  # riftcheck's error name (NoPriority) or the engine's own code
    rule: str  # the rule the engine cites (312.1)
    message: str


class RefusedResponse(TypedDict):
    refused: Refusal


class UnsupportedResponse(TypedDict):
    unsupported: str


class InvalidResponse(TypedDict):
    invalid: str


class SnapshotResponse(TypedDict):
    snapshot: Json


class RestoredResponse(TypedDict):
    restored: Literal[True]


class ErrorResponse(TypedDict):
    error: str


Response: TypeAlias = Union[
    HelloResponse, ObservationResponse, RefusedResponse, UnsupportedResponse,
    InvalidResponse, SnapshotResponse, RestoredResponse, ErrorResponse,
]
