"""The helpers: seats, places, actions, the setup table, observations, events."""

from __future__ import annotations

import unittest

from support import FIREBOLT, NEGATE

from riftcheck_bridge import (
    OBSERVATION_FIELDS, Invalid, Place, Unsupported, ability_kind, card_view, chain_item,
    effect_kind, empty_observation, event, in_turn_order, missing_fields, next_seat, observation,
    parse_place, parse_step, place, read_action, read_table, seats_for,
)
from riftcheck_bridge.errors import BadRequest


class Seats(unittest.TestCase):
    def test_seats_for_each_mode(self):
        self.assertEqual(seats_for("duel"), ("A", "B"))
        self.assertEqual(seats_for("skirmish"), ("A", "B", "C"))
        self.assertEqual(seats_for("war"), ("A", "B", "C", "D"))
        self.assertEqual(seats_for("magma-chamber"), ("A", "B", "C", "D"))
        with self.assertRaises(Invalid):
            seats_for("melee")

    def test_turn_order(self):
        self.assertEqual(in_turn_order(["C", "A", "C"]), ["A", "C"])
        self.assertEqual(next_seat(["A", "B", "C"], "A"), "B")
        self.assertEqual(next_seat(["A", "C"], "C"), "A", "wraps round")
        self.assertEqual(next_seat(["A", "C"], "B"), "C", "from a seat that has left")
        self.assertIsNone(next_seat([], "A"))


class Places(unittest.TestCase):
    def test_zones_with_and_without_their_owner(self):
        self.assertEqual(parse_place("A's hand"), Place("hand", "A"))
        self.assertEqual(parse_place("hand", "B"), Place("hand", "B"))
        self.assertEqual(parse_place("Trash", "C"), Place("trash", "C"))
        self.assertEqual(parse_place("B's Banishment"), Place("banishment", "B"))
        self.assertEqual(parse_place("base", "D"), Place("base", "D"))
        self.assertEqual(parse_place("chain"), Place("chain"))
        self.assertEqual(parse_place("removed"), Place("removed"))
        self.assertEqual(parse_place("facedown at Vent"), Place("facedown", None, "Vent"))
        self.assertEqual(parse_place("attached to Ember"), Place("attached", None, "Ember"))
        self.assertEqual(parse_place("Left", battlefields=["Left"]), Place("battlefield", None, "Left"))
        for bad, owner, fields in [("hand", None, None), ("Right", None, ["Left"]), ("", None, None)]:
            with self.assertRaises(Invalid, msg=bad):
                parse_place(bad, owner, fields)

    def test_places_as_observations_write_them(self):
        self.assertEqual(place("hand", "A"), "A's hand")
        self.assertEqual(place("trash", "B"), "B's Trash")
        self.assertEqual(place("banishment", "C"), "C's Banishment")
        self.assertEqual(place("base", "D"), "D's Base")
        self.assertEqual(place("chain"), "chain")
        self.assertEqual(place("battlefield", name="Left"), "Left")
        self.assertEqual(place("facedown", name="Vent"), "facedown at Vent")
        self.assertEqual(parse_place("A's Trash").text, "A's Trash")
        with self.assertRaises(ValueError):
            place("hand")


class Actions(unittest.TestCase):
    def test_every_sentence(self):
        cases = {
            "B passes": {"kind": "pass", "seat": "B"},
            "B passes Focus": {"kind": "pass focus", "seat": "B"},
            "A plays Firebolt": {"kind": "play", "seat": "A", "card": "Firebolt"},
            "B plays Denial on Firebolt": {"kind": "play", "seat": "B", "card": "Denial", "target": "Firebolt"},
            "A plays Poro at Left": {"kind": "play", "seat": "A", "card": "Poro", "at": "Left"},
            "C plays Nudge on Courier at Left": {"kind": "play", "seat": "C", "card": "Nudge",
                                                  "target": "Courier", "at": "Left"},
            "C activates Totem on Firebolt": {"kind": "activate", "seat": "C", "card": "Totem", "target": "Firebolt"},
            "A activates Rune": {"kind": "activate", "seat": "A", "card": "Rune"},
            "A moves Poro and Yeti to Left": {"kind": "move", "seat": "A", "units": ["Poro", "Yeti"], "to": "Left"},
            "A moves Poro, Yeti and Imp to Base": {"kind": "move", "seat": "A", "units": ["Poro", "Yeti", "Imp"],
                                                   "to": "Base"},
            "A ends the turn": {"kind": "end turn", "seat": "A"},
            "B concedes": {"kind": "concede", "seat": "B"},
            "A places Sentry's trigger": {"kind": "place", "seat": "A", "card": "Sentry"},
            "A chooses Left": {"kind": "choose", "seat": "A", "at": "Left"},
            "A invites C": {"kind": "invite", "seat": "A", "teammate": "C"},
            "C hides Secret at Vent": {"kind": "hide", "seat": "C", "card": "Secret", "at": "Vent"},
            "A assigns damage to Guard": {"kind": "assign", "seat": "A", "unit": "Guard"},
        }
        for text, parts in cases.items():
            self.assertEqual(parse_step(text), {"text": text, **parts}, text)
        for text in ("A", "A dances", ""):
            with self.assertRaises(BadRequest, msg=text):
                parse_step(text)

    def test_read_action_takes_the_parts_as_sent_or_reads_the_sentence(self):
        sent = {"text": "B plays Negate on Firebolt", "kind": "play", "seat": "B", "card": "Negate",
                "target": "Firebolt"}
        self.assertEqual(read_action(sent), sent)
        self.assertIsNot(read_action(sent), sent, "a copy")
        self.assertEqual(read_action({"text": "B plays Negate on Firebolt"}), sent)
        with self.assertRaises(BadRequest):
            read_action({"text": "B juggles", "kind": "juggle", "seat": "B"})
        with self.assertRaises(BadRequest):
            read_action(["B passes"])


class Setups(unittest.TestCase):
    def test_defaults_are_filled_in(self):
        table = read_table({"mode": "skirmish", "cards": [FIREBOLT, NEGATE]})
        self.assertEqual(table.seats, ("A", "B", "C"))
        self.assertEqual((table.turn, table.removed, table.remaining), ("A", (), ("A", "B", "C")))
        self.assertEqual(table.victory_score, 8)
        self.assertEqual(table.points, {"A": 0, "B": 0, "C": 0})
        self.assertEqual([b.name for b in table.battlefields], ["A's Battlefield", "B's Battlefield", "C's Battlefield"])
        negate = table.card("Negate")
        self.assertEqual((negate.owner, negate.controller, negate.place), ("B", "B", Place("hand", "B")))
        self.assertEqual((negate.effect, negate.timing, negate.cost), ("counter", "reaction", 0))
        self.assertEqual(read_table({"mode": "war", "removed": ["A"], "turn": "B"}).battlefields[0].name, "B's Battlefield")
        self.assertEqual(read_table({"mode": "magma-chamber"}).victory_score, 11)

    def test_what_no_game_can_be_is_invalid(self):
        bad = [
            "not a table", {"mode": "melee"}, {"mode": "duel", "turn": "C"},
            {"mode": "duel", "removed": ["A"]}, {"mode": "skirmish", "removed": ["B", "B"]},
            {"mode": "duel", "cards": [FIREBOLT, FIREBOLT]},
            {"mode": "duel", "cards": [dict(FIREBOLT, name="Fire and Ice")]},
            {"mode": "duel", "cards": [dict(FIREBOLT, owner="C")]},
            {"mode": "duel", "cards": [dict(FIREBOLT, kind="sorcery")]},
            {"mode": "duel", "cards": [dict(FIREBOLT, effect="explode")]},
            {"mode": "duel", "cards": [dict(FIREBOLT, cost=-1)]},
            {"mode": "duel", "battlefields": [{"name": "Left", "contributor": "A"}]},
        ]
        for setup in bad:
            with self.assertRaises(Invalid, msg=setup):
                read_table(setup)
        with self.assertRaises(Unsupported):
            read_table({"mode": "duel", "weather": "rain"})

    def test_require_checks_what_the_engine_declares(self):
        caps = {"modes": ["duel"], "cards": ["spell"], "effects": ["nothing"]}
        read_table({"mode": "duel", "cards": [FIREBOLT]}).require(caps)
        unsupported = [
            ({"mode": "war"}, "the mode war"),
            ({"mode": "duel", "cards": [NEGATE]}, "the effect `counter`"),
            ({"mode": "duel", "cards": [{"name": "Poro", "kind": "unit", "owner": "A", "at": "base"}]}, "unit cards"),
            ({"mode": "duel", "chain": [{"source": "Firebolt", "controller": "A"}], "priority": "A",
              "cards": [dict(FIREBOLT, at="chain")]}, "a Chain"),
            ({"mode": "duel", "readings": {"pass-record": "x"}}, "readings"),
        ]
        for setup, says in unsupported:
            with self.assertRaises(Unsupported, msg=setup) as raised:
                read_table(setup).require(caps)
            self.assertIn(says, str(raised.exception))

    def test_effects_and_abilities_by_their_capability(self):
        for text, kind in [("nothing", "nothing"), ("counter", "counter"), ("deal 2", "deal"),
                           ("move to Left", "move"), ("move to a battlefield of your choice", "move chosen"),
                           ("move all units at a battlefield of your choice to Left", "move all"),
                           ("play Whelp at Left", "play token"), ("play Whelp", "play token"),
                           ("+2 might this turn", "might"), ("-1 might until your next turn", "might"),
                           ("kill", "kill"), ("gain control", "gain control")]:
            self.assertEqual(effect_kind(text), kind, text)
        self.assertEqual(ability_kind("add"), ("add", None))
        self.assertEqual(ability_kind("exhaust, reaction: counter"), ("activated", "counter"))
        self.assertEqual(ability_kind("exhaust: equip"), ("activated", "equip"))
        self.assertEqual(ability_kind("when I attack: deal 1"), ("triggered", "deal"))
        with self.assertRaises(Invalid):
            ability_kind("sometimes: kill")


class Observations(unittest.TestCase):
    def test_records(self):
        self.assertEqual(chain_item("Negate", "B", "Firebolt"),
                         {"item": "Negate", "controller": "B", "pending": False, "target": "Firebolt"})
        self.assertEqual(card_view("A's hand", "A"), {"at": "A's hand", "controller": "A", "might": None,
                                                      "mighty": False, "exhausted": False, "damage": 0})
        self.assertEqual(card_view("chain", "A", only=("at",)), {"at": "chain"})

    def test_empty_observation_has_every_field(self):
        empty = empty_observation(["A", "B"])
        self.assertEqual(tuple(empty), OBSERVATION_FIELDS)
        self.assertEqual(empty["points"], {"A": 0, "B": 0})
        self.assertEqual(missing_fields(empty, None), [])

    def test_observation_checks_field_names(self):
        self.assertEqual(observation(turn="A", priority=None), {"turn": "A", "priority": None})
        with self.assertRaises(ValueError):
            observation(turn="A", prority="A")

    def test_missing_fields_are_named_as_riftcheck_names_them(self):
        obs = {"turn": "A", "chain": [{"item": "Firebolt"}], "cards": {"Firebolt": {"at": "chain"}, "Negate": 3}}
        self.assertEqual(missing_fields(obs, ["turn", "priority", "chain.item", "cards.at", "events"]),
                         ["priority", "cards.Negate"])
        self.assertEqual(missing_fields(obs, ["chain", "cards.controller"]),
                         ["chain.0.controller", "chain.0.pending", "chain.0.target",
                          "cards.Firebolt.controller", "cards.Negate"])


class Events(unittest.TestCase):
    def test_event_builds_and_checks(self):
        self.assertEqual(event("played", seat="A", card="Firebolt"),
                         {"kind": "played", "seat": "A", "card": "Firebolt"})
        self.assertEqual(event("priority_to", "333.1", seat="A"), {"kind": "priority_to", "seat": "A", "rule": "333.1"})
        self.assertEqual(event("detached", card="Blade", at="Left", **{"from": "Ember"})["from"], "Ember")
        with self.assertRaisesRegex(ValueError, "not a kind of event"):
            event("exploded", card="Firebolt")
        with self.assertRaisesRegex(ValueError, "missing: card"):
            event("played", seat="A")
        with self.assertRaisesRegex(ValueError, "not its facts: player"):
            event("passed", seat="A", player=0)


if __name__ == "__main__":
    unittest.main()
