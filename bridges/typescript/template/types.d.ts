// Types of the template engine (engine.mjs): its own model and names, not
// riftcheck's. adapter.mjs maps between the two.

/** A player's index in turn order; 0 plays first. */
export type PlayerIndex = number;
/** A card's index in State.cards. */
export type CardId = number;
/** "stack" is riftcheck's Chain, "discard" its Trash, "exile" its Banishment, "gone" out of the game. */
export type Zone = "hand" | "stack" | "discard" | "exile" | "gone";

export interface Card {
  id: CardId;
  title: string;
  owner: PlayerIndex;
  /** Counters the stack entry it targets; otherwise does nothing. */
  counter: boolean;
  /** May be cast while the stack is not empty (riftcheck's Reaction timing). */
  quick: boolean;
  zone: Zone;
}

export interface StackEntry {
  card: CardId;
  by: PlayerIndex;
  target: CardId | null;
}

export interface Options {
  /** THE DELIBERATE MISTAKE: when the active player concedes, the first player still in takes the turn instead of the next one after the leaver. */
  firstSeat: boolean;
}

export interface State {
  playerCount: number;
  /** Players who have left, in the order they left. */
  out: PlayerIndex[];
  /** Whose turn it is. */
  active: PlayerIndex;
  /** The turn passed on by a leaving active player begins once the stack is empty. */
  turnPending: boolean;
  cards: Card[];
  /** Bottom first. */
  stack: StackEntry[];
  /** Who may act while the stack is not empty. */
  holder: PlayerIndex | null;
  /** Who passed in a row since the top entry changed. */
  passes: PlayerIndex[];
  winners: PlayerIndex[] | null;
  options: Options;
}

export interface NewGame {
  playerCount: number;
  active: PlayerIndex;
  out?: PlayerIndex[];
  cards: Array<Omit<Card, "id">>;
}

export type Move =
  | { type: "pass"; player: PlayerIndex }
  | { type: "cast"; player: PlayerIndex; card: CardId; target: CardId | null }
  | { type: "endTurn"; player: PlayerIndex }
  | { type: "concede"; player: PlayerIndex };

export type GameEvent =
  | { type: "cast"; player: PlayerIndex; card: CardId }
  | { type: "priority"; player: PlayerIndex }
  | { type: "passed"; player: PlayerIndex }
  | { type: "resolved"; card: CardId }
  | { type: "countered"; card: CardId }
  | { type: "conceded"; player: PlayerIndex }
  | { type: "eliminated"; player: PlayerIndex }
  | { type: "gameOver"; winners: PlayerIndex[] }
  | { type: "turnEnded"; player: PlayerIndex }
  | { type: "newActive"; player: PlayerIndex }
  | { type: "turnStarted"; player: PlayerIndex };

export type ErrorCode =
  | "GAME_OVER" | "NOT_SEATED" | "ELIMINATED" | "NO_STACK" | "NOT_YOUR_PRIORITY" | "NOT_YOUR_TURN"
  | "STACK_NOT_EMPTY" | "NOT_IN_HAND" | "TOO_SLOW" | "BAD_TARGET";
