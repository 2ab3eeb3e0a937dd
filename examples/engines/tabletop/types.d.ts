// Types of the tabletop engine (engine.mjs), for editors and `tsc --checkJs`.
// The engine's own model: players are indices in turn order, cards are numbered
// objects, zones have the engine's names. bridge.mjs maps riftcheck's names
// (seats "A".."D", Trash, Chain, ...) onto these and back.

/** A player's index, 0 being the first player; turn order is index order. */
export type PlayerId = number;

/** A card's index in `GameState.cards`; stable for the whole game. */
export type CardId = number;

/**
 * Where a card is. "stack" is the Chain, "graveyard" the Trash, "exile" the
 * Banishment; "outOfGame" holds the cards of players who left (652.3).
 */
export type Zone = "hand" | "stack" | "graveyard" | "exile" | "outOfGame";

/** What a spell does when it resolves. */
export type SpellType = "spell" | "counterspell";

/** "instant" spells may be cast while the stack is not empty (Reactions, 309.1.a). */
export type Speed = "sorcery" | "instant";

export interface Card {
  id: CardId;
  title: string;
  owner: PlayerId;
  type: SpellType;
  speed: Speed;
  /** Energy to pay. This engine has no Energy, so only free spells can be cast. */
  cost: number;
  zone: Zone;
}

export interface StackItem {
  cardId: CardId;
  controller: PlayerId;
  /** The card whose stack item a counterspell targets. */
  targetCardId: CardId | null;
}

export interface Player {
  id: PlayerId;
  /** Conceded (or was already out at setup): out of the game for good (651.3). */
  hasLeft: boolean;
}

/** The deliberate mistakes (see the top of engine.mjs). All false: by the rules. */
export interface MistakeFlags {
  /** Mistake 1: a completed round of passes resolves every stack item, not just the top one. */
  resolveWholeStack: boolean;
  /** Mistake 2: when the priority holder leaves, the active player gets priority. */
  priorityToActivePlayerOnLeave: boolean;
}

export interface GameState {
  players: Player[];
  /** Whose turn it is (the Turn Player). */
  activePlayer: PlayerId;
  /**
   * False only while a turn handed over by a leaving active player waits for
   * the stack to empty before it begins (652.5.a.1).
   */
  turnStarted: boolean;
  cards: Card[];
  /** Bottom first; empty means there is no Chain. */
  stack: StackItem[];
  /** Who holds priority while the stack is not empty; null when it is empty. */
  priorityHolder: PlayerId | null;
  /** Who passed since the last item was added or resolved, in turn order. */
  passedInSuccession: PlayerId[];
  /** Null while the game goes on. */
  winners: PlayerId[] | null;
  flags: MistakeFlags;
}

export interface CardSetup {
  title: string;
  owner: PlayerId;
  type: SpellType;
  speed: Speed;
  cost: number;
  zone: Exclude<Zone, "stack">;
}

export interface GameSetup {
  playerCount: 2 | 3 | 4;
  activePlayer: PlayerId;
  /** Players already out of the game when it is set up. */
  departed?: PlayerId[];
  cards: CardSetup[];
}

export type Command =
  | { type: "PassPriority"; player: PlayerId }
  | {
      type: "CastSpell";
      player: PlayerId;
      cardId: CardId;
      targetCardId?: CardId | null;
      /** Spells are never cast at a location; any value here is refused. */
      location?: string | null;
    }
  | { type: "EndTurn"; player: PlayerId }
  | { type: "Concede"; player: PlayerId };

export type GameEvent =
  | { type: "PlayerConceded"; player: PlayerId }
  | { type: "PlayerLeft"; player: PlayerId }
  | { type: "GameWon"; winners: PlayerId[] }
  | { type: "CardLeftGame"; cardId: CardId }
  | { type: "TurnEnded"; player: PlayerId }
  | { type: "ActivePlayerChanged"; player: PlayerId }
  | { type: "TurnStarted"; player: PlayerId }
  | { type: "PriorityGiven"; player: PlayerId; reason: PriorityReason }
  | { type: "PriorityPassed"; player: PlayerId }
  | { type: "SpellCast"; player: PlayerId; cardId: CardId }
  | { type: "StackItemAdded"; cardId: CardId; controller: PlayerId }
  | { type: "SpellResolved"; cardId: CardId }
  | { type: "SpellCountered"; cardId: CardId; cause: CounterCause }
  | { type: "CardToGraveyard"; cardId: CardId; owner: PlayerId };

export type GameEventType = GameEvent["type"];

/** Why priority moved: the caster keeps it, it goes round, the top item's controller, the stack emptied, a holder left. */
export type PriorityReason = "cast" | "passed" | "resolved" | "stackEmptied" | "holderLeft";

/** A counterspell resolved, or the item's controller left the game. */
export type CounterCause = "counterspell" | "controllerLeft";

export type ErrorCode =
  | "E_GAME_OVER"
  | "E_NO_SUCH_PLAYER"
  | "E_PLAYER_LEFT"
  | "E_NO_SUCH_CARD"
  | "E_STACK_EMPTY"
  | "E_NOT_YOUR_PRIORITY"
  | "E_NOT_ACTIVE_PLAYER"
  | "E_STACK_NOT_EMPTY"
  | "E_CARD_NOT_IN_HAND"
  | "E_NOT_INSTANT_SPEED"
  | "E_CANNOT_PAY"
  | "E_SPELLS_HAVE_NO_LOCATION"
  | "E_UNEXPECTED_TARGET"
  | "E_TARGET_REQUIRED"
  | "E_TARGET_NOT_ON_STACK";

export interface GameError {
  code: ErrorCode;
  /** The rule that forbids the command. */
  rule: string;
  message: string;
}

export type DispatchResult =
  { ok: true; state: GameState; events: GameEvent[] } | { ok: false; error: GameError };

export type CreateResult =
  | { ok: true; state: GameState; events: GameEvent[] }
  | { ok: false; error: { code: "E_BAD_SETUP"; message: string } };
