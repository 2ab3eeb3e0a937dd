"""Spellstack (spellstack.py) behind riftcheck's protocol, version 2, through riftcheck_bridge.

    python3 adapter.py               with the engine's known mistake (see spellstack.py)
    python3 adapter.py --no-mistake  by the rules

Copy this file to put your own engine behind the protocol: map the setup to your game, an
action to your move, your game to an observation, your events to riftcheck's kinds.
"""

import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[1])]
import spellstack as ss  # noqa: E402
from riftcheck_bridge import (  # noqa: E402
    SEATS, Adapter, BadRequest, Invalid, Refused, Unsupported, event, place, read_table, serve)

ZONES = {"hand": "hand", "trash": "graveyard", "banishment": "exile", "removed": "gone"}
PLACES = {"hand": "hand", "stack": "chain", "graveyard": "trash", "exile": "banishment", "gone": "removed"}


class SpellstackAdapter(Adapter):
    name, version, protocol = "spellstack", "0.1.0", 2
    capabilities = {
        "modes": ["duel", "skirmish", "war"], "actions": ["pass", "play", "end turn", "concede"],
        "cards": ["spell"], "effects": ["nothing", "counter"], "abilities": [],
        "observes": ["turn", "priority", "chain", "passed", "remaining", "removed", "winners", "cards.at"],
        "events": ["conceded", "player_removed", "won", "removed_from_game", "turn_ended", "turn_to",
                   "turn_began", "priority_to", "passed", "played", "item_added", "resolved",
                   "countered", "trashed"],
    }

    def __init__(self, honest):
        self.honest = honest

    def setup(self, setup):
        table = read_table(setup)
        table.require(self.capabilities)
        if any(table.energy.values()):
            raise Unsupported("Energy: Spellstack has no mana")
        if any(p >= table.victory_score for p in table.points.values()):
            raise Unsupported("points that win the game: Spellstack keeps no score")
        cards = []
        for i, c in enumerate(table.cards):
            if c.place.zone not in ZONES:
                raise Invalid(f"{c.name}: a spell is never at {c.at}")
            cards.append(ss.Card(i, c.name, SEATS.index(c.owner), c.effect == "counter",
                                 c.timing == "reaction", c.cost, ZONES[c.place.zone]))
        return ss.Game(len(table.seats), cards, SEATS.index(table.turn),
                       {SEATS.index(s) for s in table.removed}, self.honest)

    def clone(self, game):
        return game.copy()

    def apply(self, game, action):
        player, ids = SEATS.index(action["seat"]), {c.title: c.id for c in game.cards}
        if any(name not in ids for name in (action.get("card"), action.get("target")) if name):
            raise BadRequest(f"`{action['text']}` names a card that is not in this game")
        try:
            if action["kind"] == "play":
                return game, game.cast(player, ids[action["card"]], ids.get(action.get("target")), action.get("at"))
            return game, {"pass": game.pass_priority, "end turn": game.end_turn,
                          "concede": game.concede}[action["kind"]](player)
        except ss.IllegalMove as e:
            raise Refused(e.rule, e.code, str(e)) from e

    def observe(self, game):
        seat, title = SEATS.__getitem__, lambda card: game.cards[card].title
        over, holder = game.winners is not None, game.priority_player()
        return {
            "turn": None if over else seat(game.active),
            "priority": None if holder is None else seat(holder),
            "chain": [{"item": title(e.card), "controller": seat(e.controller), "pending": False,
                       "target": title(e.target) if game.entry(e.target) else None} for e in game.stack],
            "passed": [seat(p) for p in sorted(game.passed)],
            "remaining": [seat(p) for p in game.in_game()],
            "removed": [seat(p) for p in sorted(game.departed)],
            "winners": [seat(p) for p in game.winners or ()],
            "cards": {c.title: {"at": place(PLACES[c.zone], seat(c.owner))} for c in game.cards},
        }

    def event(self, game, e):
        title = lambda card: game.cards[card].title  # noqa: E731
        match e:
            case ss.SpellCast(p, card):
                return event("played", seat=SEATS[p], card=title(card))
            case ss.PutOnStack(card, p):
                return event("item_added", item=title(card), controller=SEATS[p])
            case ss.PriorityGiven(p, _):
                return event("priority_to", seat=SEATS[p])
            case ss.PriorityPassed(p):
                return event("passed", seat=SEATS[p])
            case ss.SpellResolved(card):
                return event("resolved", item=title(card))
            case ss.SpellCountered(card, cause):
                return event("countered", "425" if cause == "counterspell" else "652.4", item=title(card))
            case ss.CardMoved(card, "graveyard"):
                return event("trashed", card=title(card))
            case ss.CardMoved(card, "gone"):
                return event("removed_from_game", card=title(card))
            case ss.PlayerConceded(p):
                return event("conceded", seat=SEATS[p])
            case ss.PlayerLeft(p):
                return event("player_removed", seat=SEATS[p])
            case ss.GameOver(winners):
                return event("won", winners=[SEATS[p] for p in winners])
            case ss.TurnEnded(p):
                return event("turn_ended", seat=SEATS[p])
            case ss.ActivePlayerChanged(p):
                return event("turn_to", seat=SEATS[p])
            case ss.TurnStarted(p):
                return event("turn_began", seat=SEATS[p])


if __name__ == "__main__":
    serve(SpellstackAdapter(honest="--no-mistake" in sys.argv[1:]))
