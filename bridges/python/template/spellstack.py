"""Spellstack: a tiny card-game simulator, as a Python author writes one for their own use.

It knows nothing of riftcheck: players are numbers (0 is the first), cards have ids and
titles, spells go on a `stack`, and what happens is a list of event dataclasses with this
engine's own names. `adapter.py` next to it maps all of that to riftcheck's protocol.

The game: each player has spells in hand. A spell is plain (it does nothing) or a
counterspell (it counters a target spell on the stack); an instant may be cast while the stack
is not empty, any spell when it is (by the player whose turn it is). Casting needs priority;
the caster keeps it. Passing hands priority on in turn order; once every player still in the
game has passed in a row, the top of the stack resolves and its controller gets priority, or,
with the stack empty, the active player. The active player ends their turn when the stack is
empty. A player may concede at any time: with one opponent left, that opponent wins;
otherwise the conceder leaves, their cards leave the game, their spells on the stack are
countered, and play goes on. A spell with a cost cannot be cast: this engine has no mana.

KNOWN MISTAKE (on purpose, to show what riftcheck reports): when a player concedes and the
game goes on, the spells they control stay on the stack and still resolve later. Riftbound's
rule 652.4 counters them as their controller leaves (they leave the game with their owner's
other cards, 652.3). `Game(..., counter_leavers_spells=True)` (`adapter.py --no-mistake`)
plays by the rule. Look for "KNOWN MISTAKE" below.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

# -- cards and the stack ---------------------------------------------------------


@dataclass
class Card:
    id: int
    title: str
    owner: int
    counterspell: bool = False
    instant: bool = False
    cost: int = 0
    zone: str = "hand"  # "hand", "stack", "graveyard", "exile" or "gone" (out of the game)


@dataclass
class StackEntry:
    card: int
    controller: int
    target: int | None = None


# -- events ----------------------------------------------------------------------


@dataclass(frozen=True)
class SpellCast:
    player: int
    card: int


@dataclass(frozen=True)
class PutOnStack:
    card: int
    controller: int


@dataclass(frozen=True)
class PriorityGiven:
    player: int
    reason: str  # "cast", "passed", "resolved", "stack_emptied", "holder_left"


@dataclass(frozen=True)
class PriorityPassed:
    player: int


@dataclass(frozen=True)
class SpellResolved:
    card: int


@dataclass(frozen=True)
class SpellCountered:
    card: int
    cause: str  # "counterspell" or "controller_left"


@dataclass(frozen=True)
class CardMoved:
    card: int
    zone: str


@dataclass(frozen=True)
class PlayerConceded:
    player: int


@dataclass(frozen=True)
class PlayerLeft:
    player: int


@dataclass(frozen=True)
class GameOver:
    winners: tuple[int, ...]


@dataclass(frozen=True)
class TurnEnded:
    player: int


@dataclass(frozen=True)
class ActivePlayerChanged:
    player: int


@dataclass(frozen=True)
class TurnStarted:
    player: int


Event = (SpellCast | PutOnStack | PriorityGiven | PriorityPassed | SpellResolved | SpellCountered
         | CardMoved | PlayerConceded | PlayerLeft | GameOver | TurnEnded | ActivePlayerChanged
         | TurnStarted)


class IllegalMove(Exception):
    """An action the rules forbid: this engine's code, the Riftbound rule, and a message."""

    def __init__(self, code: str, rule: str, message: str) -> None:
        super().__init__(message)
        self.code, self.rule = code, rule


# -- the game --------------------------------------------------------------------


@dataclass
class Game:
    players: int
    cards: list[Card]
    active: int = 0
    departed: set[int] = field(default_factory=set)
    counter_leavers_spells: bool = False
    stack: list[StackEntry] = field(default_factory=list)
    holder: int | None = None  # who has priority while the stack is not empty
    passed: set[int] = field(default_factory=set)  # passes in a row since the top arrived
    winners: tuple[int, ...] | None = None
    turn_started: bool = True
    log: list[Event] = field(default_factory=list)

    def copy(self) -> Game:
        return copy.deepcopy(self)

    # -- queries --

    def in_game(self) -> list[int]:
        return [p for p in range(self.players) if p not in self.departed]

    def next_player(self, after: int) -> int:
        """The next player still in the game after `after`, who may just have left."""
        left = self.in_game()
        return next((p for p in left if p > after), left[0])

    def priority_player(self) -> int | None:
        if self.winners is not None:
            return None
        return self.holder if self.stack else self.active

    def entry(self, card: int) -> StackEntry | None:
        return next((e for e in self.stack if e.card == card), None)

    # -- actions: each checks everything first, then changes the game, and returns its events

    def cast(self, player: int, card_id: int, target: int | None = None, location: str | None = None) -> list[Event]:
        self._check(player)
        card = self.cards[card_id]
        if card.zone != "hand" or card.owner != player:
            raise IllegalMove("E_NOT_IN_HAND", "349", f"player {player} has no {card.title} in hand")
        self._need_priority(player)
        if self.stack and not card.instant:
            raise IllegalMove("E_NOT_INSTANT", "309.1.a", "only an instant while the stack is not empty")
        if card.cost > 0:
            raise IllegalMove("E_NO_MANA", "356", f"{card.title} costs {card.cost}, and there is no mana")
        if location is not None:
            raise IllegalMove("E_NO_LOCATION", "355.2.a", "a spell is not cast at a location")
        if not card.counterspell and target is not None:
            raise IllegalMove("E_NO_TARGET_NEEDED", "355.6", f"{card.title} takes no target")
        if card.counterspell and (target is None or self.entry(target) is None):
            raise IllegalMove("E_BAD_TARGET", "355.6", f"{card.title} needs a spell on the stack to target")
        self.log = [SpellCast(player, card_id)]
        card.zone = "stack"
        self.stack.append(StackEntry(card_id, player, target))
        self.passed = set()
        self.log.append(PutOnStack(card_id, player))
        self._give_priority(player, "cast")
        return self._done()

    def pass_priority(self, player: int) -> list[Event]:
        self._check(player)
        if not self.stack:
            raise IllegalMove("E_STACK_EMPTY", "338", "there is nothing on the stack to pass on")
        self._need_priority(player)
        self.log = [PriorityPassed(player)]
        self.passed.add(player)
        if self.passed >= set(self.in_game()):
            self._resolve_top()
        else:
            self._give_priority(self.next_player(player), "passed")
        return self._done()

    def end_turn(self, player: int) -> list[Event]:
        self._check(player)
        if player != self.active:
            raise IllegalMove("E_NOT_ACTIVE", "316", "only the active player ends the turn")
        if self.stack:
            raise IllegalMove("E_STACK_NOT_EMPTY", "144.1", "not while the stack is not empty")
        self.log = [TurnEnded(player)]
        self.active = self.next_player(player)
        self.log.append(ActivePlayerChanged(self.active))
        self._start_turn()
        return self._done()

    def concede(self, player: int) -> list[Event]:
        self._check(player)
        self.log = [PlayerConceded(player)]
        others = [p for p in self.in_game() if p != player]
        self.departed.add(player)
        self.log.append(PlayerLeft(player))
        if len(others) == 1:
            self.winners = tuple(others)
            self.log.append(GameOver(self.winners))
            return self._done()
        # 652.3: the leaver's cards leave the game, those on the stack too (their
        # entries stay there until they are countered, next).
        for card in self.cards:
            if card.owner == player and card.zone != "gone":
                card.zone = "gone"
                self.log.append(CardMoved(card.id, "gone"))
        # ---------------------------------------------------------------------------
        # KNOWN MISTAKE: the leaver's spells stay on the stack, to resolve later. By
        # Riftbound's 652.4 every item they control is countered now, newest first, and
        # leaves the game with its owner (652.3). `counter_leavers_spells` does so.
        # ---------------------------------------------------------------------------
        if self.counter_leavers_spells and self.stack:
            for entry in reversed([e for e in self.stack if e.controller == player]):
                self._counter(entry.card, "controller_left")
            if not self.stack:
                self._stack_emptied()
        if self.active == player:
            self.active = self.next_player(player)
            self.turn_started = False  # the new turn starts once the stack is empty
            self.log.append(ActivePlayerChanged(self.active))
        if self.stack:
            self.passed.discard(player)
            if self.holder == player:
                self._give_priority(self.next_player(player), "holder_left")
            if self.passed >= set(self.in_game()):
                self._resolve_top()
        return self._done()

    # -- what follows --

    def _check(self, player: int) -> None:
        if self.winners is not None:
            raise IllegalMove("E_GAME_OVER", "651.1", "the game is over")
        if not 0 <= player < self.players:
            raise IllegalMove("E_NO_SUCH_PLAYER", "478", f"there is no player {player}")
        if player in self.departed:
            raise IllegalMove("E_LEFT", "651.3", f"player {player} has left the game")

    def _need_priority(self, player: int) -> None:
        if self.priority_player() != player:
            raise IllegalMove("E_NO_PRIORITY", "312.1", f"player {player} does not have priority")

    def _give_priority(self, player: int, reason: str) -> None:
        if self.holder != player:
            self.holder = player
            self.log.append(PriorityGiven(player, reason))

    def _resolve_top(self) -> None:
        top = self.stack.pop()
        card = self.cards[top.card]
        self.log.append(SpellResolved(card.id))
        if card.counterspell and top.target is not None:
            self._counter(top.target, "counterspell")
        self._to_graveyard(card)
        if not self.stack:
            self._stack_emptied()
        else:
            self.passed = set()
            self._give_priority(self.stack[-1].controller, "resolved")

    def _counter(self, card_id: int, cause: str) -> None:
        entry = self.entry(card_id)
        if entry is None:
            return  # gone already: the counterspell does nothing
        self.stack.remove(entry)
        self.log.append(SpellCountered(card_id, cause))
        if self.cards[card_id].zone != "gone":  # its owner's leaving took it already
            self._to_graveyard(self.cards[card_id])

    def _to_graveyard(self, card: Card) -> None:
        card.zone = "gone" if card.owner in self.departed else "graveyard"
        self.log.append(CardMoved(card.id, card.zone))

    def _stack_emptied(self) -> None:
        last, self.holder, self.passed = self.holder, None, set()
        now = self.priority_player()
        if now is not None and now != last and now not in self.departed:
            self.log.append(PriorityGiven(now, "stack_emptied"))

    def _start_turn(self) -> None:
        self.turn_started = True
        self.log.append(TurnStarted(self.active))

    def _done(self) -> list[Event]:
        if self.winners is None and not self.stack and not self.turn_started:
            self._start_turn()
        # Nobody gets priority while the move is still being carried out: the last
        # change of hands is told at the end, if its player still has priority then.
        given = [e for e in self.log if isinstance(e, PriorityGiven)]
        self.log = [e for e in self.log if not isinstance(e, PriorityGiven)]
        if given and given[-1].player == self.priority_player():
            self.log.append(given[-1])
        return self.log
