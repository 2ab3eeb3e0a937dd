"""riftcheck-bridge: put a Python rules engine behind riftcheck's conformance protocol.

    from riftcheck_bridge import Adapter, Refused, serve

    class MyAdapter(Adapter):
        name, version = "my-engine", "1.0.0"
        capabilities = {"modes": ["duel"], "actions": ["pass", "play"], ...}
        def setup(self, setup): ...           # -> game, or (game, events)
        def apply(self, game, action): ...    # -> game, or (game, events); raise Refused(rule)
        def observe(self, game): ...          # -> the observation's fields

    serve(MyAdapter())

See README.md next to this package, and docs/protocol.md in the riftcheck repository.
"""

from .adapter import Adapter, capability_problems, declared_capabilities, keeping
from .errors import BadRequest, Invalid, Refused, Unsupported
from .events import EVENT_FACTS, EVENT_KINDS, event, is_known_event
from .messages import (
    Action, ApplyRequest, BattlefieldSetup, BattlefieldView, Capabilities, CardSetup, CardView,
    ChainItemSetup, ChainItemView, ErrorResponse, Event, Hello, HelloRequest, HelloResponse,
    InvalidResponse, LastingEffect, ObservationResponse, Observation, ObserveRequest, Refusal,
    RefusedResponse, Request, ResetRequest, Response, RestoredResponse, RestoreRequest, Setup,
    SetupRequest, ShowdownSetup, SnapshotRequest, SnapshotResponse, StructuredEvent,
    UnsupportedResponse, WaitingTrigger,
)
from .observations import (
    card_view, chain_item, declared_fields, empty_observation, missing_fields, observation,
)
from .session import Session, serve
from .table import (
    Battlefield, Card, Place, Table, ability_kind, effect_kind, in_turn_order, next_seat,
    parse_place, parse_step, place, read_action, read_table, seats_for,
)
from .trace import (
    TRACE_ENV, TRACE_VERSION, TraceGame, TraceHeader, TraceLine, TraceRefusal, TraceReset,
    TraceRestore, TraceSnapshot, TraceStep, TraceWriter, trace_path,
)
from .vocabulary import (
    ABILITIES, ACTION_KINDS, BATTLEFIELD_SEATS, CARD_KINDS, EFFECTS, MODES, OBSERVATION_FIELDS,
    PROTOCOL_VERSIONS, SEATS, SUB_FIELDS, TABLE_SIZES, TIMINGS,
)

__version__ = "0.1.0"

__all__ = [
    # the loop
    "serve", "Session", "Adapter", "keeping", "declared_capabilities", "capability_problems",
    # answers
    "Refused", "Unsupported", "Invalid", "BadRequest",
    # events
    "event", "EVENT_KINDS", "EVENT_FACTS", "is_known_event",
    # observations
    "observation", "empty_observation", "chain_item", "card_view", "declared_fields",
    "missing_fields",
    # reading what riftcheck sends
    "seats_for", "in_turn_order", "next_seat", "Place", "place", "parse_place", "parse_step",
    "read_action", "read_table", "Table", "Card", "Battlefield", "effect_kind", "ability_kind",
    # traces
    "TraceWriter", "trace_path", "TRACE_ENV", "TRACE_VERSION", "TraceLine", "TraceHeader",
    "TraceGame", "TraceStep", "TraceRefusal", "TraceReset", "TraceSnapshot", "TraceRestore",
    # vocabulary
    "PROTOCOL_VERSIONS", "SEATS", "MODES", "TABLE_SIZES", "BATTLEFIELD_SEATS", "ACTION_KINDS",
    "CARD_KINDS", "EFFECTS", "ABILITIES", "TIMINGS", "OBSERVATION_FIELDS", "SUB_FIELDS",
    # message types
    "Action", "ApplyRequest", "BattlefieldSetup", "BattlefieldView", "Capabilities", "CardSetup",
    "CardView", "ChainItemSetup", "ChainItemView", "ErrorResponse", "Event", "Hello",
    "HelloRequest", "HelloResponse", "InvalidResponse", "LastingEffect", "Observation",
    "ObservationResponse", "ObserveRequest", "Refusal", "RefusedResponse", "Request",
    "ResetRequest", "Response", "RestoreRequest", "RestoredResponse", "Setup", "SetupRequest",
    "ShowdownSetup", "SnapshotRequest", "SnapshotResponse", "StructuredEvent",
    "UnsupportedResponse", "WaitingTrigger",
]
