"""riftcheck's vocabulary: every name the protocol knows (docs/protocol.md, version 2).

`riftcheck conform` stops with exit status 2 when a `hello` declares a name it does not know; the
kit checks an adapter's capabilities against these lists before it answers anything
(`check_capabilities`), so the mistake shows on the engine's side, with the list to pick from.
"""

from __future__ import annotations

from typing import Final

#: The protocol versions the kit speaks. An engine answers `hello` with one of them.
PROTOCOL_VERSIONS: Final = (1, 2)

#: Seats in turn order from the first player.
SEATS: Final = ("A", "B", "C", "D")

#: Every mode and its table size.
TABLE_SIZES: Final = {"duel": 2, "skirmish": 3, "war": 4, "magma-chamber": 4}
MODES: Final = tuple(TABLE_SIZES)

#: The seats whose battlefield is in use: every seat, but A's in War (and in Magma Chamber).
BATTLEFIELD_SEATS: Final = {
    "duel": ("A", "B"),
    "skirmish": ("A", "B", "C"),
    "war": ("B", "C", "D"),
    "magma-chamber": ("B", "C", "D"),
}

#: Magma Chamber's teams.
TEAMS: Final = (("A", "C"), ("B", "D"))

ACTION_KINDS: Final = (
    "pass", "pass focus", "play", "activate", "move", "end turn", "concede",
    "place", "choose", "invite", "hide", "assign",
)
CARD_KINDS: Final = ("unit", "gear", "rune", "spell")
EFFECTS: Final = (
    "nothing", "counter", "gain control", "move", "play token", "deal", "kill",
    "move chosen", "move all", "might", "equip",
)
ABILITIES: Final = ("add", "activated", "triggered")
TIMINGS: Final = ("normal", "action", "reaction")

#: The fields of the observation, in the order the reference declares them.
OBSERVATION_FIELDS: Final = (
    "turn", "priority", "focus", "awaiting", "invited", "showdown", "combat", "chain",
    "opened_by", "waiting", "passed", "focus_passed", "remaining", "removed", "winners",
    "points", "energy", "staged", "cards", "battlefields", "lasting", "events",
)

#: The sub-fields of the three fields made of records (`observes` may list `cards.at`).
SUB_FIELDS: Final = {
    "cards": ("at", "controller", "might", "mighty", "exhausted", "damage"),
    "battlefields": ("controller", "token", "might", "contested_by", "scored"),
    "chain": ("item", "controller", "pending", "target"),
}

#: The keys of a `[setup]` table, of one of its cards, battlefields, Chain items and Showdown.
SETUP_KEYS: Final = (
    "mode", "turn", "removed", "victory_score", "points", "energy", "priority", "passed",
    "opened_by", "invited", "readings", "battlefields", "cards", "chain", "showdown",
)
CARD_KEYS: Final = (
    "name", "kind", "owner", "controller", "at", "might", "timing", "cost", "effect",
    "ability", "exhausted", "damage", "token", "hidden",
)
BATTLEFIELD_KEYS: Final = ("name", "contributor", "might", "controller", "contested_by", "token")
CHAIN_ITEM_KEYS: Final = ("source", "kind", "controller", "target")
SHOWDOWN_KEYS: Final = ("at", "focus", "passed", "attacker", "defender")

#: The words that join a step's parts; no name may contain them (docs/scenarios.md).
NAME_JOINS: Final = (" on ", " at ", " to ", " and ", ", ", "->", "'s trigger", "'s ability", '"', "\n")
