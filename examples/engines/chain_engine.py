#!/usr/bin/env python3
"""A Riftbound chain engine written like a small game server, behind the
conformance protocol (newline-delimited JSON on stdin/stdout).

The protocol side is the Python bridge kit (bridges/python, imported from this
repository, nothing to install): it reads requests, answers each with one line
and knows nothing about the rules. `ChainAdapter` at the bottom tells it what
this engine is; `Game` holds the rules.

Scope: the "chain" family. Spells in hand (any timing and cost) whose effect is
"nothing" or "counter", in Duel, Skirmish and War: playing them (349), passing
Priority (312, 338-339), resolving (340), ending the turn (315-317) and conceding
(650-652). No snapshots: `reset` rebuilds the game from the last setup.

KNOWN MISTAKE (on purpose, for testing whatever checks engines): after a play,
Priority goes to the next player in turn order, as it does after a pass. The
rules keep it with the player who played, the controller of the newest item
(333.1), so that they may respond to their own spell first. Look for "KNOWN
MISTAKE" below. `--no-mistake` plays by the rules.

SECOND MISTAKE (off unless `--second-mistake` is given): while the Chain is open, a
pass is taken from any player, with Priority or not, and Priority then goes to
the player after the one who passed. By 312.1 and 338 only the player holding
Priority may pass. It can only show once something has been played, so behind
the first mistake (which shows at every play) it is found only by a checker that
goes on past a divergence.

Protocol version 1. Diagnostics go to stderr; stdout carries only answers.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bridges" / "python"))
from riftcheck_bridge import Adapter, BadRequest, Invalid, Refused, Unsupported, serve  # noqa: E402

TURN_ORDER = ("A", "B", "C", "D")
TABLE_SIZE = {"duel": 2, "skirmish": 3, "war": 4}
BATTLEFIELD_SEATS = {"duel": ("A", "B"), "skirmish": ("A", "B", "C"), "war": ("B", "C", "D")}


class Spell:
    """A spell card: what never changes, and where it is now."""

    def __init__(self, name, owner, timing, cost, effect, zone):
        self.name = name
        self.owner = owner
        self.timing = timing
        self.cost = cost
        self.effect = effect          # "nothing" or "counter"
        self.zone = zone              # "hand", "chain", "trash", "banishment" or "removed"
        self.controller = owner

    def place(self):
        return {
            "hand": f"{self.owner}'s hand",
            "chain": "chain",
            "trash": f"{self.owner}'s Trash",
            "banishment": f"{self.owner}'s Banishment",
            "removed": "removed",
        }[self.zone]


class Battlefield:
    def __init__(self, name, contributor, might, controller, contested_by, token):
        self.name = name
        self.contributor = contributor
        self.might = might
        self.controller = controller
        self.contested_by = contested_by
        self.token = token


class Item:
    """An item on the Chain: a spell, who controls it, and the item it targets."""

    def __init__(self, spell, controller, target):
        self.spell = spell
        self.controller = controller
        self.target = target


class Chain:
    """The Chain while it exists (a Closed state): items bottom first, the Priority
    holder, and who has passed since the newest item arrived (339)."""

    def __init__(self):
        self.items = []
        self.holder = None
        self.passed = set()

    def newest(self):
        return self.items[-1]

    def find(self, name):
        for item in self.items:
            if item.spell.name == name:
                return item
        return None


class Game:
    """The rules. Every action is checked in full before anything changes, so a
    refused action leaves the game exactly as it was."""

    def __init__(self, setup, mistake=True, second=False):
        self.mistake = mistake
        self.second = second
        self.events = []
        self._award = None
        self._build(setup)
        self._settle()
        self._tell_award()

    # -- building from a setup -------------------------------------------------

    def _build(self, setup):
        def bad(message):
            raise Invalid(message)

        def unsupported(message):
            raise Unsupported(message)

        if not isinstance(setup, dict):
            bad("the setup must be an object")
        known = {"mode", "turn", "removed", "victory_score", "points", "energy", "priority",
                 "passed", "opened_by", "invited", "readings", "battlefields", "cards", "chain",
                 "showdown"}
        for key in setup:
            if key not in known:
                bad(f"unknown field `{key}`")
        self.mode = setup.get("mode")
        if self.mode == "magma-chamber":
            unsupported("the mode magma-chamber")
        if self.mode not in TABLE_SIZE:
            bad("unknown mode")
        if setup.get("readings"):
            unsupported("readings other than the project's policies")
        if setup.get("chain"):
            unsupported("a Chain in progress")
        if setup.get("showdown"):
            unsupported("a Showdown")
        if setup.get("invited") is not None:
            bad("an invitation needs a teammate (316.2.b.1)")
        if setup.get("priority") is not None or setup.get("passed"):
            bad("Priority holders and passes on the Chain need items on it (331)")

        self.seats = TURN_ORDER[:TABLE_SIZE[self.mode]]

        def seat(value, where, in_game=False):
            if value not in self.seats:
                bad(f"{where}: `{value}` is not at this table")
            if in_game and value in self.removed:
                bad(f"{where}: {value} has been removed")
            return value

        self.removed = set()
        for s in setup.get("removed", []):
            if seat(s, "removed") in self.removed:
                bad(f"removed: {s} twice")
            self.removed.add(s)
        if len(self.remaining()) < 2:
            bad("a game in progress needs two remaining players (651.1)")
        self.turn = seat(setup.get("turn", "A"), "turn", in_game=True)
        self.turn_begun = True
        self.winners = None
        self.victory_score = setup.get("victory_score", 8)
        if not isinstance(self.victory_score, int) or self.victory_score < 1:
            bad("the Victory Score is at least 1 (467)")
        self.points = dict.fromkeys(self.seats, 0)
        for s, n in (setup.get("points") or {}).items():
            self.points[seat(s, "points")] = int(n)
        self.energy = dict.fromkeys(self.seats, 0)
        for s, n in (setup.get("energy") or {}).items():
            self.energy[seat(s, "energy", in_game=True)] = int(n)

        def check_name(name, taken):
            if not isinstance(name, str) or not name or name.strip() != name or name == "Base":
                bad(f"`{name}` cannot be a name")
            for word in (" on ", " at ", " to ", " and ", ", ", "'s trigger", "'s ability", '"', "\n"):
                if word in name:
                    bad(f"`{name}` contains `{word.strip()}`")
            if name in taken:
                bad(f"`{name}` is used twice")

        self.battlefields = {}
        listed = setup.get("battlefields") or [
            {"name": f"{s}'s Battlefield", "contributor": s, "token": s in self.removed}
            for s in BATTLEFIELD_SEATS[self.mode]
        ]
        for bf in listed:
            check_name(bf.get("name"), self.battlefields)
            who = seat(bf.get("contributor"), "contributor")
            if who not in BATTLEFIELD_SEATS[self.mode]:
                bad(f"{who}'s battlefield is not in use in {self.mode}")
            token = bool(bf.get("token", False))
            if token != (who in self.removed):
                bad("a battlefield is a token exactly when its contributor was removed (652.2.a)")
            controller = bf.get("controller")
            if controller is not None:
                seat(controller, "battlefield controller", in_game=True)
            contested = bf.get("contested_by")
            if contested is not None:
                seat(contested, "contested_by")
            self.battlefields[bf["name"]] = Battlefield(
                bf["name"], who, int(bf.get("might", 0)), controller, contested, token)
        if sorted(b.contributor for b in self.battlefields.values()) != sorted(BATTLEFIELD_SEATS[self.mode]):
            bad("one battlefield for each seat whose battlefield is in use")

        self.spells = {}
        for card in setup.get("cards", []):
            name = card.get("name")
            check_name(name, self.spells)
            kind = card.get("kind")
            if kind in ("unit", "gear", "rune"):
                unsupported(f"{kind} cards ({name})")
            if kind != "spell":
                bad(f"{name}: unknown kind")
            if card.get("ability") is not None:
                unsupported(f"abilities ({name})")
            effect = card.get("effect", "nothing")
            if effect not in ("nothing", "counter"):
                unsupported(f"the effect `{effect}` ({name})")
            timing = card.get("timing", "normal")
            if timing not in ("normal", "action", "reaction"):
                bad(f"{name}: unknown timing")
            owner = seat(card.get("owner"), f"{name}.owner")
            if card.get("token") or card.get("might", 0) or card.get("damage", 0) or card.get("exhausted"):
                bad(f"{name}: a spell has no Might, damage, exhaustion or token status")
            zone = self._zone(card.get("at"), name, bad, unsupported)
            if card.get("controller", owner) != owner:
                bad(f"{name}: only cards on the board or the Chain change controller (188)")
            if owner in self.removed and zone != "removed":
                bad(f"{name}: a removed player's cards have left the game (652.3)")
            cost = card.get("cost", 0)
            if not isinstance(cost, int) or cost < 0:
                bad(f"{name}: bad cost")
            self.spells[name] = Spell(name, owner, timing, cost, effect, zone)
        self.chain = None

    @staticmethod
    def _zone(text, name, bad, unsupported):
        if not isinstance(text, str):
            bad(f"{name}: `at` is required")
        text = text.strip()
        owner_part, _, rest = text.partition("'s ")
        plain = rest if rest and owner_part in TURN_ORDER else text
        lowered = plain.lower()
        if lowered in ("hand", "trash", "banishment"):
            return lowered
        if text == "removed":
            return "removed"
        if text.startswith("facedown at "):
            unsupported(f"facedown cards ({name})")
        if text == "chain":
            bad(f"{name}: a card on the Chain needs its item in `chain` (325.2)")
        if text == "nowhere":
            bad(f"{name}: only tokens are nowhere")
        bad(f"{name}: a spell is never on the board")

    # -- who is where ----------------------------------------------------------

    def remaining(self):
        return [s for s in self.seats if s not in self.removed]

    def next_seat(self, seat):
        """The next remaining player after `seat` in turn order; `seat` may just have left."""
        left = self.remaining()
        for s in left:
            if TURN_ORDER.index(s) > TURN_ORDER.index(seat):
                return s
        return left[0] if left else None

    def priority(self):
        if self.winners is not None:
            return None
        if self.chain is not None:
            return self.chain.holder
        return self.turn  # 310.1.a: in a Neutral Open state, the Turn Player

    # -- checking --------------------------------------------------------------

    def check(self, action):
        kind, seat = action["kind"], action["seat"]
        if self.winners is not None:
            raise Refused("651.1", "GameOver", "the game is over (651.1)")
        if seat not in self.seats:
            raise Refused("478", "NotSeated", f"seat {seat} is not at this table (478)")
        if seat in self.removed:
            raise Refused("651.3", "Removed", f"{seat} has left the game (651.3)")
        if kind == "concede":
            return  # 650: at any time
        if kind == "pass":
            if self.chain is None:
                raise Refused("338", "NoChainToPass", "there is no Chain to pass on (338)")
            # SECOND MISTAKE: with `--second-mistake`, anyone may pass on an open Chain.
            if not self.second:
                self._need_priority(seat)
        elif kind == "end turn":
            if seat != self.turn:
                raise Refused("316", "NotTurnPlayer", f"{seat} is not the Turn Player (316)")
            if self.chain is not None:
                raise Refused("144.1", "NotNeutralOpen", "not while the Chain exists (144.1)")
            self._need_priority(seat)
        elif kind == "play":
            self._check_play(seat, action)

    def _need_priority(self, seat):
        if self.priority() != seat:
            raise Refused("312.1", "NoPriority",
                                f"{seat} does not have Priority; {self.priority()} does (312.1)")

    def _check_play(self, seat, action):
        spell = self.spells[action["card"]]
        if spell.zone != "hand" or spell.owner != seat:
            raise Refused("349", "NotInHand", f"{seat} has no {spell.name} in hand (349)")
        self._need_priority(seat)
        if self.chain is not None and spell.timing != "reaction":
            raise Refused("309.1.a", "ClosedNeedsReaction",
                                "only a Reaction while the Chain exists (309.1.a)")
        if spell.cost > self.energy[seat]:
            raise Refused("356", "CannotAfford", f"{spell.name} costs {spell.cost} Energy (356)")
        if action.get("at") is not None:
            raise Refused("355.2.a", "LocationNotNeeded", "a spell is not played at a location (355.2.a)")
        target = action.get("target")
        if spell.effect == "nothing" and target is not None:
            raise Refused("355.6", "TargetNotNeeded", f"{spell.name} takes no target (355.6)")
        if spell.effect == "counter":
            if target is None:
                raise Refused("355.6", "NoTarget", f"{spell.name} needs a target (355.6)")
            if self.chain is None or self.chain.find(target) is None:
                raise Refused("355.6", "TargetNotOnChain", f"{target} is not on the Chain (355.6)")

    # -- acting ----------------------------------------------------------------

    def act(self, action):
        """Checks and takes the action; returns its events."""
        self.check(action)
        self.events = []
        kind, seat = action["kind"], action["seat"]
        if kind == "pass":
            self.pass_priority(seat)
        elif kind == "play":
            self.play(seat, self.spells[action["card"]], action.get("target"))
        elif kind == "end turn":
            self.end_turn(seat)
        elif kind == "concede":
            self.concede(seat)
        self._settle()
        self._tell_award()
        return self.events

    def _say(self, text):
        self.events.append(text)

    def _tell_award(self):
        """320.1, 335.3: nobody receives Priority while the game is still settling:
        the last change of hands a step made is told once it is done, after
        everything else, if its player still has Priority then."""
        seat, self._award = self._award, None
        if seat is not None and seat == self.priority():
            self._say(f"{seat} receives Priority (312.2)")

    def _give_priority(self, seat):
        """312.2: Priority changes hands (told at the end of the step)."""
        if self.chain is not None and self.chain.holder != seat:
            self.chain.holder = seat
            self._award = seat

    def play(self, seat, spell, target):
        self.energy[seat] -= spell.cost
        self._say(f"{seat} plays {spell.name} (349)")
        spell.zone, spell.controller = "chain", seat
        if self.chain is None:
            self.chain = Chain()  # 330: the first item opens the Chain
        self.chain.items.append(Item(spell, seat, target))
        self.chain.passed = set()  # a new item: a new round of passes (339)
        self._say(f"{spell.name} ({seat}'s) goes on the Chain (329)")
        # -----------------------------------------------------------------
        # KNOWN MISTAKE: Priority moves on to the next player in turn order.
        # By 333.1 the player who played (the controller of the newest item)
        # keeps it. `--no-mistake` gives it to them.
        # -----------------------------------------------------------------
        if self.mistake:
            self._give_priority(self.next_seat(seat))
        else:
            self._give_priority(seat)

    def pass_priority(self, seat):
        self._say(f"{seat} passes (339)")
        self.chain.passed.add(seat)
        if self.chain.passed >= set(self.remaining()):
            self._resolve_newest()
        else:
            self._give_priority(self.next_seat(seat))  # 312.2.d

    def _resolve_newest(self):
        """340: the newest item resolves, goes to its owner's Trash, and the
        controller of the item now newest receives Priority (340.4)."""
        item = self.chain.items.pop()
        spell = item.spell
        self._say(f"{spell.name} resolves (340)")
        if spell.effect == "counter" and item.target is not None:
            self._counter(item.target, "425")
        spell.zone, spell.controller = "trash", spell.owner
        self._say(f"{spell.name} goes to {spell.owner}'s Trash (340)")
        if not self.chain.items:
            self._close_chain()
        else:
            self.chain.passed = set()
            self._give_priority(self.chain.newest().controller)

    def _counter(self, name, rule):
        """425: the item leaves the Chain without resolving; its card goes to its
        owner's Trash, or out of the game if its owner has left."""
        item = self.chain.find(name) if self.chain else None
        if item is None:
            return  # gone already: the counter does nothing (055)
        self.chain.items.remove(item)
        self._say(f"{name} is countered ({rule})")
        spell = item.spell
        spell.controller = spell.owner
        if spell.zone == "removed":
            pass  # its owner's removal took the card out already (652.3)
        elif spell.owner in self.removed:
            spell.zone = "removed"
            self._say(f"{name} is removed from the game (652.3)")
        else:
            spell.zone = "trash"
            self._say(f"{name} goes to {spell.owner}'s Trash (340)")

    def _close_chain(self):
        """340.2: an empty Chain closes and the Turn Player has Priority again."""
        last_holder = self.chain.holder
        self.chain = None
        now = self.priority()
        if now is not None and now != last_holder and now not in self.removed:
            self._award = now

    def end_turn(self, seat):
        self._say(f"{seat}'s turn ends (317)")
        self.energy = dict.fromkeys(self.seats, 0)  # 317: Rune Pools empty
        self.turn = self.next_seat(seat)
        self._say(f"{self.turn} becomes the Turn Player (317.3)")
        self._begin_turn()

    def _begin_turn(self):
        self._say(f"{self.turn}'s turn begins (315)")
        self.turn_begun = True
        self.energy = dict.fromkeys(self.seats, 0)

    def concede(self, seat):
        self._say(f"{seat} concedes (650)")
        others = [s for s in self.remaining() if s != seat]
        if len(others) == 1:
            # 651.1: one player left: they win, and nothing else happens. The conceder has left.
            self.removed.add(seat)
            self._say(f"{seat} is removed from the game (651.3)")
            self.winners = others
            self._say(f"{others[0]} wins the game (651.1)")
            return
        # 651.2: Removal of a Player.
        self._remove(seat)
        self._proceed_after(seat)

    def _remove(self, seat):
        self.removed.add(seat)
        self._say(f"{seat} is removed from the game (651.3)")
        # 652.1: spells are never on the board, so nothing is banished.
        # 652.2.a: the battlefield they contributed becomes a token battlefield.
        for bf in self.battlefields.values():
            if bf.contributor == seat and not bf.token:
                bf.token = True
                self._say(f"{bf.name} is replaced by a token battlefield with no abilities (652.2.a)")
        for bf in self.battlefields.values():
            if bf.controller == seat:
                bf.controller = None
                self._say(f"{bf.name} becomes uncontrolled (187.4.c)")
        # 652.3: the cards they own leave the game, those on the Chain too; their
        # items stay there for 652.4 to counter (next).
        for spell in self.spells.values():
            if spell.owner == seat and spell.zone != "removed":
                spell.zone = "removed"
                self._say(f"{spell.name} is removed from the game (652.3)")
        # 652.4: every item they control is countered, newest first.
        if self.chain is not None:
            for item in [i for i in reversed(self.chain.items) if i.controller == seat]:
                self._counter(item.spell.name, "652.4")
            if not self.chain.items:
                self._close_chain()

    def _proceed_after(self, seat):
        """652.5: the game goes on."""
        if self.turn == seat:
            # 652.5.a.1: the next player takes the turn; it begins when the Chain is gone.
            self.turn = self.next_seat(seat)
            self.turn_begun = False
            self._say(f"{self.turn} becomes the Turn Player (317.3)")
        if self.chain is None:
            return
        # 652.5.c: the leaver's pass is deleted from the record, and Priority passes on
        # if they held it; a round now complete resolves the newest item (652.5.c.2).
        self.chain.passed.discard(seat)
        if self.chain.holder == seat:
            self._give_priority(self.next_seat(seat))
        if self.chain.passed >= set(self.remaining()):
            self._resolve_newest()

    def _settle(self):
        """The cleanup after every step (323), then a turn handed on by a removal begins."""
        if self.winners is not None:
            return
        if self.chain is None:
            for bf in self.battlefields.values():
                if bf.controller is not None:  # nobody has units there (187.4.c)
                    bf.controller = None
                    self._say(f"{bf.name} becomes uncontrolled (187.4.c)")
        for bf in self.battlefields.values():
            if bf.contested_by is not None:  # nobody has units there (456.2)
                bf.contested_by = None
                self._say(f"the fight staged at {bf.name} no longer has two sides and is not run (456.2)")
        left = self.remaining()
        for s in left:
            if self.points[s] >= self.victory_score and all(
                    self.points[o] < self.points[s] for o in left if o != s):
                self.winners = [s]
                self._say(f"{s} wins the game, with the Victory Score and more points than any opponent (467)")
                return
        if self.chain is None and not self.turn_begun:
            self._begin_turn()

    # -- what an observer sees -------------------------------------------------

    def observation(self, events=()):
        over = self.winners is not None
        chain = self.chain
        return {
            "remaining": self.remaining(),
            "removed": [s for s in self.seats if s in self.removed],
            "winners": list(self.winners or []),
            "turn": None if over else self.turn,
            "priority": self.priority(),
            "focus": None, "awaiting": None, "invited": None,
            "showdown": None, "combat": None, "staged": [],
            # A target that has left the Chain is no target any more (425): shown as null.
            "chain": [{"item": i.spell.name, "controller": i.controller, "pending": False,
                       "target": i.target if chain.find(i.target) is not None else None}
                      for i in (chain.items if chain else [])],
            "opened_by": "play" if chain else None,
            "passed": [s for s in self.seats if chain and s in chain.passed],
            "focus_passed": [], "waiting": [],
            "points": dict(self.points),
            "energy": dict(self.energy),
            "cards": {s.name: {"at": s.place(), "controller": s.controller, "might": None,
                               "mighty": False, "exhausted": False, "damage": 0}
                      for s in self.spells.values()},
            "lasting": [],
            "battlefields": {b.name: {"controller": b.controller, "contested_by": b.contested_by,
                                      "token": b.token, "might": 0 if b.token else b.might,
                                      "scored": []}
                             for b in self.battlefields.values()},
            "events": list(events),
        }


def check_names(game, action):
    """A play must name cards and a battlefield of this game (riftcheck's actions
    always do); the kit has read the action and checked its kind and seat."""
    if action["kind"] != "play":
        return action
    text = action.get("text", "")
    for key in ("card", "target"):
        if action.get(key) is not None and action[key] not in game.spells:
            raise BadRequest(f"`{text}`: no card is called `{action[key]}`")
    if action.get("card") is None:
        raise BadRequest(f"`{text}`: which card?")
    at = action.get("at")
    if at is not None and at != "Base" and at not in game.battlefields:
        raise BadRequest(f"`{text}`: no battlefield is called `{at}`")
    return action


class ChainAdapter(Adapter):
    """What the kit needs to know about this engine. It is neither `pure` nor has
    `clone`: no snapshots, and `reset` builds the game again from the last setup."""

    name, version, protocol = "chain-engine", "0.1.0", 1
    capabilities = {
        "modes": ["duel", "skirmish", "war"],
        "actions": ["pass", "play", "end turn", "concede"],
        "cards": ["spell"],
        "effects": ["nothing", "counter"],
        "abilities": [],
        "snapshot": False,
        "events": True,
    }

    def __init__(self, mistake, second=False):
        self.mistake = mistake
        self.second = second

    def setup(self, setup):
        try:
            game = Game(setup, self.mistake, self.second)
        except (TypeError, ValueError, AttributeError, KeyError) as e:
            raise Invalid(f"cannot read the setup: {e}") from e
        return game, game.events

    def apply(self, game, action):
        return game, game.act(check_names(game, action))  # changes `game`; its events

    def observe(self, game):
        return game.observation()


if __name__ == "__main__":
    serve(ChainAdapter(mistake="--no-mistake" not in sys.argv[1:],
                       second="--second-mistake" in sys.argv[1:]))
