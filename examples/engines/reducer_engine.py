#!/usr/bin/env python3
"""A Riftbound chain engine written the way a web client's reducer is written.

The game is one plain, JSON-serialisable dict. ``reduce(state, action)`` is a pure
function: it never touches its argument and returns ``(new_state, events)``, or
raises ``Refused`` for an illegal action (so a refused action changes nothing).
Because no state is ever changed, a snapshot is simply the state itself: the
bridge kit keeps it and hands out its index as the snapshot token.

Scope: the "chain" family. Spells in hand (any timing and cost) whose effect is
"nothing" or "counter"; playing them, passing Priority (312, 338-339), resolving
(340), ending the turn (315-317) and conceding (650-652); in Duel, Skirmish and
War. Anything else in a setup is answered with ``unsupported``.

KNOWN MISTAKE (on purpose, for testing whatever checks engines): a concession
ends the game for everyone. As soon as any player concedes, the game is over
and every other player wins, which is right in a Duel (651.1: the one player
left wins) and the case this reducer's author had in mind, but wrong with three
or more players, where the conceder is removed and the game goes on (651.2,
652). Look for "KNOWN MISTAKE" below.

Flags:
  --duel-only    declare only the Duel mode; the engine is then correct on
                 everything it declares.
  --no-mistake   concede as the rules say: Removal of a Player (651-652).

Protocol: version 1, through the Python bridge kit (bridges/python, imported from
this repository, nothing to install): the kit runs the loop on stdin/stdout, keeps
the states for `reset` and the snapshots, and logs to stderr. This file is the
rules and a short adapter at the bottom.
"""

import copy
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bridges" / "python"))
from riftcheck_bridge import Adapter, BadRequest, Invalid, Refused, Unsupported, serve  # noqa: E402

SEATS = ["A", "B", "C", "D"]
PLAYERS = {"duel": 2, "skirmish": 3, "war": 4}
# The seats whose battlefield is in use: every seat, except A in War.
CONTRIBUTORS = {"duel": "AB", "skirmish": "ABC", "war": "BCD"}
SETUP_KEYS = {
    "mode", "turn", "removed", "victory_score", "points", "energy", "priority",
    "passed", "opened_by", "invited", "readings", "battlefields", "cards",
    "chain", "showdown",
}
CARD_KEYS = {
    "name", "kind", "owner", "controller", "at", "might", "timing", "cost",
    "effect", "ability", "exhausted", "damage", "token",
}
FIELD_KEYS = {"name", "contributor", "might", "controller", "contested_by", "token"}
NAME_JOINS = [" on ", " at ", " to ", " and ", ", ", "'s trigger", "'s ability", "\n", '"']

OPTIONS = {"mistake": True, "duel_only": False}


# ---------------------------------------------------------------------------
# Selectors (read-only, like a client's selectors)
# ---------------------------------------------------------------------------

def seats_of(state):
    return SEATS[:PLAYERS[state["mode"]]]


def remaining(state):
    return [s for s in seats_of(state) if s not in state["removed"]]


def next_after(seats, seat):
    """The next seat of ``seats`` after ``seat`` in turn order, wrapping round;
    ``seat`` itself may already have left (652.5)."""
    if not seats:
        return None
    later = [s for s in seats if SEATS.index(s) > SEATS.index(seat)]
    return later[0] if later else seats[0]


def in_order(seats):
    return [s for s in SEATS if s in seats]


def card_def(state, name):
    return state["catalog"]["cards"][name]


def priority_holder(state):
    """312: the holder on the Chain; with no Chain, the Turn Player (310.1.a)."""
    if state["winners"] is not None:
        return None
    if state["chain"] is not None:
        return state["chain"]["holder"]
    return state["turn"]


def join_seats(seats):
    if len(seats) == 1:
        return seats[0]
    return ", ".join(seats[:-1]) + " and " + seats[-1]


# ---------------------------------------------------------------------------
# Setup: the [setup] table of a scenario, as JSON, into the initial state
# ---------------------------------------------------------------------------

def _seat(value, what, allowed):
    if value not in allowed:
        raise Invalid(f"{what}: `{value}` is not a seat at this table")
    return value


def _name_ok(name, what):
    if not isinstance(name, str) or not name.strip() or name.strip() != name or name == "Base":
        raise Invalid(f"{what}: `{name}` is not a usable name")
    if any(j in name for j in NAME_JOINS):
        raise Invalid(f"{what}: `{name}` contains a word that joins the parts of a step")


def _zone(text, owner):
    """A card's `at`, as the scenario format writes it, for a spell: hand, Trash,
    Banishment or removed. Other zones are refused or unsupported."""
    t = text.strip()
    low = t.lower()
    for zone in ("hand", "trash", "banishment", "base"):
        if low == zone or (
            "'s " in t and t.split("'s ", 1)[1].lower() == zone and t.split("'s ", 1)[0] in SEATS
        ):
            if zone == "base":
                raise Invalid("a spell is never on the board")
            return zone
    if t == "removed":
        return "removed"
    if t == "chain":
        raise Invalid("a card on the Chain needs a spell item in `chain` (325.2)")
    if t == "nowhere":
        raise Invalid("only a token is nowhere")
    if t.startswith("facedown at "):
        raise Unsupported("facedown cards")
    raise Invalid("a spell is never on the board")


def initial_state(setup):
    """The state right after setup, and the events of what proceeded by itself."""
    if not isinstance(setup, dict):
        raise Invalid("`setup` must be an object")
    unknown = set(setup) - SETUP_KEYS
    if unknown:
        raise Invalid(f"unknown field `{sorted(unknown)[0]}`")
    mode = setup.get("mode")
    if mode not in PLAYERS and mode != "magma-chamber":
        raise Invalid("`mode` must be duel, skirmish, war or magma-chamber")
    if mode not in declared_modes():
        raise Unsupported(f"the mode {mode}")
    if setup.get("readings"):
        raise Unsupported("readings other than the project's policies")
    if setup.get("chain"):
        raise Unsupported("a Chain already in progress")
    if setup.get("showdown"):
        raise Unsupported("a Showdown")
    if setup.get("invited") is not None:
        raise Invalid("only the Turn Player's teammate is invited (316.2.b.1)")
    if setup.get("priority") is not None or setup.get("passed"):
        raise Invalid("Priority holders and passes on the Chain need items on it (331)")

    seats = SEATS[:PLAYERS[mode]]
    removed = []
    for s in setup.get("removed", []):
        _seat(s, "removed", seats)
        if s in removed:
            raise Invalid(f"removed: {s} is listed twice")
        removed.append(s)
    left = [s for s in seats if s not in removed]
    if len(left) < 2:
        raise Invalid("a game in progress needs two remaining players (651.1)")
    turn = _seat(setup.get("turn", "A"), "turn", left)

    victory_score = setup.get("victory_score", 8)
    if not isinstance(victory_score, int) or victory_score < 1:
        raise Invalid("the Victory Score is at least 1 (467)")
    points = {s: 0 for s in seats}
    for s, p in (setup.get("points") or {}).items():
        points[_seat(s, "points", seats)] = int(p)
    energy = {s: 0 for s in seats}
    for s, e in (setup.get("energy") or {}).items():
        energy[_seat(s, "energy", left)] = int(e)

    # Battlefields: as listed, or one per contributing seat by default.
    listed = setup.get("battlefields") or [
        {"name": f"{s}'s Battlefield", "contributor": s, "token": s in removed}
        for s in CONTRIBUTORS[mode]
    ]
    fields_cat, fields = {}, {}
    for bf in listed:
        if set(bf) - FIELD_KEYS:
            raise Invalid(f"battlefield: unknown field `{sorted(set(bf) - FIELD_KEYS)[0]}`")
        name = bf.get("name")
        _name_ok(name, "battlefield")
        if name in fields_cat:
            raise Invalid(f"the name `{name}` is used twice")
        who = _seat(bf.get("contributor"), "contributor", seats)
        if who not in CONTRIBUTORS[mode] or any(
            f["contributor"] == who for f in fields_cat.values()
        ):
            raise Invalid("one battlefield for each seat whose battlefield is in use")
        if bool(bf.get("token", False)) != (who in removed):
            raise Invalid("a battlefield is a token exactly when its contributor is removed")
        if bf.get("controller") is not None:
            _seat(bf["controller"], "battlefield controller", left)
        if bf.get("contested_by") is not None:
            _seat(bf["contested_by"], "contested_by", seats)
        fields_cat[name] = {"contributor": who, "might": int(bf.get("might", 0))}
        fields[name] = {
            "controller": bf.get("controller"),
            "token": bool(bf.get("token", False)),
            "contested_by": bf.get("contested_by"),
        }
    if sorted(f["contributor"] for f in fields_cat.values()) != sorted(CONTRIBUTORS[mode]):
        raise Invalid("one battlefield for each seat whose battlefield is in use")

    cards_cat, cards = {}, {}
    for c in setup.get("cards", []):
        if set(c) - CARD_KEYS:
            raise Invalid(f"card: unknown field `{sorted(set(c) - CARD_KEYS)[0]}`")
        name = c.get("name")
        _name_ok(name, "card")
        if name in cards_cat:
            raise Invalid(f"the name `{name}` is used twice")
        kind = c.get("kind")
        if kind not in ("unit", "gear", "rune", "spell"):
            raise Invalid(f"{name}: unknown kind `{kind}`")
        if kind != "spell":
            raise Unsupported(f"{kind} cards ({name})")
        if c.get("ability") is not None:
            raise Unsupported(f"abilities ({name})")
        effect = c.get("effect", "nothing")
        if effect not in ("nothing", "counter"):
            raise Unsupported(f"the effect `{effect}` ({name})")
        timing = c.get("timing", "normal")
        if timing not in ("normal", "action", "reaction"):
            raise Invalid(f"{name}: unknown timing `{timing}`")
        owner = _seat(c.get("owner"), "owner", seats)
        if c.get("token"):
            raise Invalid(f"{name}: only units are tokens")
        if c.get("might", 0) or c.get("damage", 0) or c.get("exhausted", False):
            raise Invalid(f"{name}: Might, damage and exhaustion belong to units on the board")
        if not isinstance(c.get("at"), str):
            raise Invalid(f"{name}: `at` is required")
        zone = _zone(c["at"], owner)
        if c.get("controller", owner) != owner:
            _seat(c["controller"], "controller", seats)
            raise Invalid(f"{name}: only cards on the board or the Chain change controller (188)")
        if owner in removed and zone != "removed":
            raise Invalid(f"{name}: a removed player's cards have left the game (652.3)")
        cost = c.get("cost", 0)
        if not isinstance(cost, int) or cost < 0:
            raise Invalid(f"{name}: bad cost")
        cards_cat[name] = {"owner": owner, "timing": timing, "cost": cost, "effect": effect}
        cards[name] = {"zone": zone, "controller": owner}

    state = {
        "mode": mode,
        "victory_score": victory_score,
        "catalog": {"cards": cards_cat, "battlefields": fields_cat},
        "removed": in_order(removed),
        "turn": turn,
        "turn_begun": True,
        "points": points,
        "energy": energy,
        "cards": cards,
        "fields": fields,
        "chain": None,
        "winners": None,
    }
    events = []
    settle(state, events)
    return state, events


# ---------------------------------------------------------------------------
# The reducer
# ---------------------------------------------------------------------------

def reduce(state, action):
    """Pure: returns (new_state, events) or raises Refused, leaving `state` untouched."""
    check(state, action)
    new = copy.deepcopy(state)
    events = []
    kind = action["kind"]
    if kind == "pass":
        do_pass(new, action["seat"], events)
    elif kind == "play":
        do_play(new, action, events)
    elif kind == "end turn":
        do_end_turn(new, action["seat"], events)
    elif kind == "concede":
        do_concede(new, action["seat"], events)
    settle(new, events)
    priority_last(new, events)
    return new, events


def priority_last(state, events):
    """320.1, 335.3: nobody receives Priority while the game is still settling. Of
    the Priority changes a step made, only the last is told, after everything else,
    and only if its player still has Priority then."""
    said = [i for i, e in enumerate(events) if e.endswith(" receives Priority (312.2)")]
    if not said:
        return
    last = events[said[-1]]
    for i in reversed(said):
        del events[i]
    if last.split(" ", 1)[0] == priority_holder(state):
        events.append(last)


def need_priority(state, seat):
    holder = priority_holder(state)
    if holder != seat:
        who = f"; {holder} does" if holder else "; nobody does"
        raise Refused("312.1", "NoPriority", f"{seat} does not have Priority{who} (312.1)")


def check(state, action):
    seat, kind = action["seat"], action["kind"]
    if state["winners"] is not None:
        rule = "467" if state.get("won_by_score") else "651.1"
        raise Refused(rule, "GameOver",
                      f"the game is over; {join_seats(state['winners'])} won ({rule})")
    if seat not in seats_of(state):
        raise Refused("478", "NotSeated", f"seat {seat} is not at this table (478)")
    if seat in state["removed"]:
        # 651.3: a removed player makes no more choices.
        raise Refused("651.3", "Removed", f"{seat} has left the game and can no longer act (651.3)")
    if kind == "concede":
        return  # 650: a player may concede at any time.
    if kind == "pass":
        if state["chain"] is None:
            # 338: Priority is passed only on the Chain.
            raise Refused("338", "NoChainToPass", f"{seat} cannot pass Priority: there is no Chain (338-339)")
        need_priority(state, seat)
    elif kind == "end turn":
        if seat != state["turn"]:
            raise Refused("316", "NotTurnPlayer", f"{seat} is not the Turn Player; {state['turn']} is (316)")
        if state["chain"] is not None:
            raise Refused("144.1", "NotNeutralOpen",
                          "only in a Neutral Open state: not while the Chain exists (144.1, 305)")
        need_priority(state, seat)
    elif kind == "play":
        name = action["card"]
        d = card_def(state, name)
        if state["cards"][name]["zone"] != "hand" or d["owner"] != seat:
            raise Refused("349", "NotInHand", f"{seat} has no such card in hand (349)")
        need_priority(state, seat)
        if state["chain"] is not None and d["timing"] != "reaction":
            # 309.1.a: while the Chain exists, only Reactions.
            raise Refused("309.1.a", "ClosedNeedsReaction",
                          "only a Reaction can be played while the Chain exists (309.1.a, 813)")
        if d["cost"] > state["energy"][seat]:
            raise Refused("356", "CannotAfford",
                          f"the cost is {d['cost']} Energy and the Rune Pool holds {state['energy'][seat]} (356-357)")
        if action.get("at") is not None:
            raise Refused("355.2.a", "LocationNotNeeded", "only a unit is played at a location (355.2.a)")
        target = action.get("target")
        if d["effect"] == "nothing" and target is not None:
            raise Refused("355.6", "TargetNotNeeded", "this takes no target (355.6)")
        if d["effect"] == "counter":
            if target is None:
                raise Refused("355.6", "NoTarget", "this needs a target (355.6)")
            if not any(i["card"] == target for i in (state["chain"] or {"items": []})["items"]):
                raise Refused("355.6", "TargetNotOnChain", "the target is not an item on the Chain (355.6)")


def give_priority(state, seat, events):
    """312.2: Priority changes hands; announced only when it does."""
    chain = state["chain"]
    if chain is not None and chain["holder"] != seat:
        chain["holder"] = seat
        events.append(f"{seat} receives Priority (312.2)")


def do_play(state, action, events):
    seat, name = action["seat"], action["card"]
    d = card_def(state, name)
    state["energy"][seat] -= d["cost"]
    events.append(f"{seat} plays {name} (349)")
    state["cards"][name] = {"zone": "chain", "controller": seat}
    if state["chain"] is None:
        # 330: the first item opens the Chain.
        state["chain"] = {"items": [], "holder": None, "passed": [], "opened_by": "play"}
    chain = state["chain"]
    chain["items"].append({"card": name, "controller": seat, "target": action.get("target")})
    chain["passed"] = []
    events.append(f"{name} ({seat}'s) goes on the Chain (329)")
    # 333.1: the player who played keeps Priority.
    give_priority(state, seat, events)


def do_pass(state, seat, events):
    events.append(f"{seat} passes (339)")
    chain = state["chain"]
    chain["passed"] = in_order(chain["passed"] + [seat])
    left = remaining(state)
    if all(s in chain["passed"] for s in left):
        resolve_newest(state, events)
    else:
        # 312.2.d: Priority goes on in turn order.
        give_priority(state, next_after(left, seat), events)


def to_trash_or_out(state, name, events):
    owner = card_def(state, name)["owner"]
    state["cards"][name] = {"zone": "trash", "controller": owner}
    if owner in state["removed"]:
        state["cards"][name]["zone"] = "removed"
        events.append(f"{name} is removed from the game (652.3)")
    else:
        events.append(f"{name} goes to {owner}'s Trash (340)")


def counter(state, name, events, rule):
    """425: a countered item leaves the Chain without resolving."""
    chain = state["chain"]
    if chain is None or not any(i["card"] == name for i in chain["items"]):
        return
    chain["items"] = [i for i in chain["items"] if i["card"] != name]
    events.append(f"{name} is countered ({rule})")
    if state["cards"][name]["zone"] != "removed":
        # A card its owner's removal took out already (652.3) stays out.
        to_trash_or_out(state, name, events)


def resolve_newest(state, events):
    """340: the newest item resolves, then leaves the Chain."""
    item = state["chain"]["items"].pop()
    name = item["card"]
    events.append(f"{name} resolves (340)")
    if card_def(state, name)["effect"] == "counter" and item["target"] is not None:
        counter(state, item["target"], events, "425")
    owner = card_def(state, name)["owner"]
    state["cards"][name] = {"zone": "trash", "controller": owner}
    events.append(f"{name} goes to {owner}'s Trash (340)")
    after_item_left(state, events)


def after_item_left(state, events):
    chain = state["chain"]
    if not chain["items"]:
        close_chain(state, events)
        return
    # 340.4: the controller of the newest item receives Priority; a new round of passes.
    chain["passed"] = []
    give_priority(state, chain["items"][-1]["controller"], events)


def close_chain(state, events):
    """340.2: the Chain is empty; the Turn Player has Priority again (310.1.a)."""
    chain = state["chain"]
    state["chain"] = None
    now = priority_holder(state)
    if now is not None and chain["holder"] != now and now in remaining(state):
        events.append(f"{now} receives Priority (312.2)")


def do_end_turn(state, seat, events):
    events.append(f"{seat}'s turn ends (317)")
    state["energy"] = {s: 0 for s in state["energy"]}
    nxt = next_after(remaining(state), seat)
    state["turn"] = nxt
    events.append(f"{nxt} becomes the Turn Player (317.3)")
    begin_turn(state, nxt, events)


def begin_turn(state, seat, events):
    events.append(f"{seat}'s turn begins (315)")
    state["turn_begun"] = True
    state["energy"] = {s: 0 for s in state["energy"]}


def do_concede(state, seat, events):
    events.append(f"{seat} concedes (650)")
    after = [s for s in remaining(state) if s != seat]
    # ---------------------------------------------------------------------
    # KNOWN MISTAKE: every concession ends the game, and everyone else wins.
    # That is 651.1 for a Duel only. With two or more players left, the rules
    # remove the conceder and the game goes on (651.2, 652). `--no-mistake`
    # takes the right branch.
    # ---------------------------------------------------------------------
    if OPTIONS["mistake"] or len(after) == 1:
        # 651.1: the remaining player wins; nothing else happens. The conceder has left.
        state["removed"] = in_order(state["removed"] + [seat])
        events.append(f"{seat} is removed from the game (651.3)")
        state["winners"] = after
        verb = "wins" if len(after) == 1 else "win"
        events.append(f"{join_seats(after)} {verb} the game (651.1)")
        return
    remove_player(state, seat, events)
    proceed(state, seat, events)


def remove_player(state, seat, events):
    """651.3, 652.1-652.4 for one player."""
    state["removed"] = in_order(state["removed"] + [seat])
    events.append(f"{seat} is removed from the game (651.3)")
    # 652.1: nothing to banish: spells are never on the board.
    # 652.2.a: their battlefield becomes a token battlefield with no abilities.
    for name, bf in state["catalog"]["battlefields"].items():
        if bf["contributor"] == seat and not state["fields"][name]["token"]:
            state["fields"][name]["token"] = True
            events.append(f"{name} is replaced by a token battlefield with no abilities (652.2.a)")
    for name, field in state["fields"].items():
        if field["controller"] == seat:
            field["controller"] = None
            events.append(f"{name} becomes uncontrolled (187.4.c)")
    # 652.3: the cards they own leave the game, those on the Chain too; their items
    # stay there for 652.4 to counter next.
    for name, d in state["catalog"]["cards"].items():
        if d["owner"] == seat and state["cards"][name]["zone"] != "removed":
            state["cards"][name] = {"zone": "removed", "controller": seat}
            events.append(f"{name} is removed from the game (652.3)")
    # 652.4: the items they control are countered, newest first.
    if state["chain"] is not None:
        theirs = [i["card"] for i in reversed(state["chain"]["items"]) if i["controller"] == seat]
        for name in theirs:
            counter(state, name, events, "652.4")
        if not state["chain"]["items"]:
            close_chain(state, events)


def proceed(state, seat, events):
    """652.5: the game goes on without them."""
    left = remaining(state)
    if state["turn"] == seat:
        # 652.5.a.1: the next player takes over the turn; it begins once the Chain is gone.
        state["turn"] = next_after(left, seat)
        state["turn_begun"] = False
        events.append(f"{state['turn']} becomes the Turn Player (317.3)")
    chain = state["chain"]
    if chain is None:
        return
    # 652.5.c: their passes are deleted from the record; Priority goes on if they held it.
    chain["passed"] = [s for s in chain["passed"] if s != seat]
    if chain["holder"] == seat:
        give_priority(state, next_after(left, seat), events)
    # 652.5.c.2: if everyone left has now passed, the newest item resolves.
    if all(s in chain["passed"] for s in left):
        resolve_newest(state, events)


def settle(state, events):
    """After every step, the cleanup (323) and what needs no player: with no units
    anywhere, no battlefield stays controlled (187.4.c) or contested (456.2); a
    player with the Victory Score and more points than every opponent wins (467);
    a turn handed on by a removal begins once no Chain is in the way (652.5.a.1)."""
    if state["winners"] is not None:
        return
    if state["chain"] is None:
        for name, field in state["fields"].items():
            if field["controller"] is not None:
                field["controller"] = None
                events.append(f"{name} becomes uncontrolled (187.4.c)")
    for name, field in state["fields"].items():
        if field["contested_by"] is not None:
            field["contested_by"] = None
            events.append(f"the fight staged at {name} no longer has two sides and is not run (456.2)")
    left = remaining(state)
    for s in left:
        mine = state["points"][s]
        if mine >= state["victory_score"] and all(
            state["points"][o] < mine for o in left if o != s
        ):
            state["winners"] = [s]
            state["won_by_score"] = True
            events.append(f"{s} wins the game, with the Victory Score and more points "
                          f"than any opponent (467)")
            return
    if state["chain"] is None and not state["turn_begun"]:
        begin_turn(state, state["turn"], events)


# ---------------------------------------------------------------------------
# The view: what an observer sees
# ---------------------------------------------------------------------------

def observe(state, events=()):
    over = state["winners"] is not None
    chain = state["chain"]
    cards = {}
    for name, d in state["catalog"]["cards"].items():
        c = state["cards"][name]
        at = {
            "hand": f"{d['owner']}'s hand",
            "trash": f"{d['owner']}'s Trash",
            "banishment": f"{d['owner']}'s Banishment",
            "chain": "chain",
            "removed": "removed",
        }[c["zone"]]
        cards[name] = {"at": at, "controller": c["controller"], "might": None,
                       "mighty": False, "exhausted": False, "damage": 0}
    fields = {}
    for name, bf in state["catalog"]["battlefields"].items():
        f = state["fields"][name]
        fields[name] = {"controller": f["controller"], "token": f["token"],
                        "might": 0 if f["token"] else bf["might"],
                        "contested_by": f["contested_by"], "scored": []}
    return {
        "remaining": remaining(state),
        "removed": state["removed"],
        "winners": state["winners"] or [],
        "turn": None if over else state["turn"],
        "priority": priority_holder(state),
        "focus": None,
        "awaiting": None,
        "invited": None,
        "showdown": None,
        "combat": None,
        "staged": [],
        # A target that has left the Chain is no target any more (425): shown as null.
        "chain": [{"item": i["card"], "controller": i["controller"], "pending": False,
                   "target": i["target"] if any(j["card"] == i["target"] for j in chain["items"])
                   else None} for i in (chain["items"] if chain else [])],
        "opened_by": chain["opened_by"] if chain else None,
        "passed": chain["passed"] if chain else [],
        "focus_passed": [],
        "waiting": [],
        "points": state["points"],
        "energy": state["energy"],
        "cards": cards,
        "battlefields": fields,
        "lasting": [],
        "events": list(events),
    }


# ---------------------------------------------------------------------------
# The protocol adapter: the kit runs the loop; this says what the engine is
# ---------------------------------------------------------------------------

def declared_modes():
    return ["duel"] if OPTIONS["duel_only"] else ["duel", "skirmish", "war"]


ACTIONS = ["pass", "play", "end turn", "concede"]


def check_names(state, action):
    """A play must name cards and a battlefield of this game (riftcheck's actions
    always do); the kit has read the action and checked its kind and seat."""
    if action["kind"] != "play":
        return action
    text = action.get("text", "")
    for key in ("card", "target"):
        if action.get(key) is not None and action[key] not in state["catalog"]["cards"]:
            raise BadRequest(f"`{text}`: no card is called `{action[key]}`")
    if action.get("card") is None:
        raise BadRequest(f"`{text}`: which card?")
    at = action.get("at")
    if at is not None and at != "Base" and at not in state["catalog"]["battlefields"]:
        raise BadRequest(f"`{text}`: no battlefield is called `{at}`")
    return action


class ReducerAdapter(Adapter):
    name, version, protocol = "reducer-engine", "0.1.0", 1
    # `reduce` never changes its argument: the kit keeps the states themselves,
    # for `reset` and as snapshots.
    pure = True

    def __init__(self):
        self.capabilities = {
            "modes": declared_modes(), "actions": ACTIONS, "cards": ["spell"],
            "effects": ["nothing", "counter"], "abilities": [], "snapshot": True,
            "events": True}

    def setup(self, setup):
        try:
            return initial_state(setup)          # (state, events)
        except (TypeError, ValueError, AttributeError) as e:
            raise Invalid(f"cannot read the setup: {e}") from e

    def apply(self, state, action):
        return reduce(state, check_names(state, action))   # (new_state, events)

    def observe(self, state):
        return observe(state)


def main(argv):
    OPTIONS["mistake"] = "--no-mistake" not in argv
    OPTIONS["duel_only"] = "--duel-only" in argv
    serve(ReducerAdapter())


if __name__ == "__main__":
    main(sys.argv[1:])
