// @ts-check
/**
 * tabletop-engine: the Riftbound Chain for 2 to 4 players, written as a
 * reducer. The game is plain data (GameState, see types.d.ts) and
 * `dispatch(state, command)` returns the next state and the events of the
 * step, or a typed error; it never changes the state it is given.
 *
 * Scope: spells in hand that do nothing or counter the stack item they
 * target; casting them, passing priority, ending the turn and conceding.
 * No Energy, units, battlefields, lasting effects or Showdowns.
 *
 * The engine's own words, and riftcheck's (bridge.mjs maps between them):
 *   player 0, 1, 2, 3   the seats A, B, C, D
 *   active player       the Turn Player
 *   stack               the Chain
 *   graveyard, exile    the Trash, the Banishment
 *   outOfGame           where a leaver's cards go ("removed")
 *   instant speed       Reaction timing
 *
 * DELIBERATE MISTAKES (for exercising riftcheck; both on unless switched off,
 * see `flags` in createGame and the bridge's --no-mistake / --only-mistake=N):
 *
 *   1. `resolveWholeStack`: when every player still in the game has passed in
 *      succession, the engine resolves the WHOLE stack, top to bottom, in one
 *      go. By the rules only the top item resolves; then the controller of the
 *      item now on top gets priority and a new round of passes starts (340,
 *      340.4). Visible as soon as two items are on the stack and all pass.
 *
 *   2. `priorityToActivePlayerOnLeave`: when the player holding priority
 *      concedes and the game goes on, priority goes to the active player. By
 *      the rules it goes to the next player still in the game after the
 *      leaver, in turn order (652.5.c.1). Visible when a non-active holder
 *      leaves and the next player after them is not the active player.
 */

/** @typedef {import("./types.js").PlayerId} PlayerId */
/** @typedef {import("./types.js").CardId} CardId */
/** @typedef {import("./types.js").Card} Card */
/** @typedef {import("./types.js").StackItem} StackItem */
/** @typedef {import("./types.js").GameState} GameState */
/** @typedef {import("./types.js").GameSetup} GameSetup */
/** @typedef {import("./types.js").Command} Command */
/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./types.js").GameError} GameError */
/** @typedef {import("./types.js").ErrorCode} ErrorCode */
/** @typedef {import("./types.js").MistakeFlags} MistakeFlags */
/** @typedef {import("./types.js").DispatchResult} DispatchResult */
/** @typedef {import("./types.js").CreateResult} CreateResult */
/** @typedef {import("./types.js").PriorityReason} PriorityReason */
/** @typedef {import("./types.js").CounterCause} CounterCause */

/** @typedef {(event: GameEvent) => void} Emit */

/** @type {Readonly<MistakeFlags>} */
export const ALL_MISTAKES = Object.freeze({
  resolveWholeStack: true,
  priorityToActivePlayerOnLeave: true,
});

/** @type {Readonly<MistakeFlags>} */
export const NO_MISTAKES = Object.freeze({
  resolveWholeStack: false,
  priorityToActivePlayerOnLeave: false,
});

// ---------------------------------------------------------------------------
// Creating a game
// ---------------------------------------------------------------------------

/**
 * A game in progress, in a Neutral Open state: the stack is empty and the
 * active player's turn has begun.
 *
 * @param {GameSetup} setup
 * @param {MistakeFlags} [flags]
 * @returns {CreateResult}
 */
export function createGame(setup, flags = ALL_MISTAKES) {
  /** @param {string} message @returns {CreateResult} */
  const bad = (message) => ({ ok: false, error: { code: "E_BAD_SETUP", message } });
  const { playerCount, activePlayer, departed = [], cards } = setup;
  if (![2, 3, 4].includes(playerCount)) return bad("2 to 4 players");
  const inRange = (/** @type {number} */ p) => Number.isInteger(p) && p >= 0 && p < playerCount;
  if (!departed.every(inRange) || new Set(departed).size !== departed.length) {
    return bad("departed players must be distinct players of this game");
  }
  // 651.1: a game with fewer than two players left is over, not in progress.
  if (playerCount - departed.length < 2) return bad("a game in progress has two players left");
  if (!inRange(activePlayer) || departed.includes(activePlayer)) {
    return bad("the active player must be in the game");
  }
  for (const card of cards) {
    if (!inRange(card.owner)) return bad(`${card.title}: no such owner`);
    // 652.3: a player who left took their cards with them.
    if (departed.includes(card.owner) && card.zone !== "outOfGame") {
      return bad(`${card.title}: its owner has left, so it is out of the game`);
    }
    if (!Number.isInteger(card.cost) || card.cost < 0) return bad(`${card.title}: bad cost`);
  }
  /** @type {GameState} */
  const state = {
    players: Array.from({ length: playerCount }, (_, id) => ({ id, hasLeft: departed.includes(id) })),
    activePlayer,
    turnStarted: true,
    cards: cards.map((card, id) => ({ ...card, id })),
    stack: [],
    priorityHolder: null,
    passedInSuccession: [],
    winners: null,
    flags: { ...flags },
  };
  return { ok: true, state, events: [] };
}

// ---------------------------------------------------------------------------
// Selectors
// ---------------------------------------------------------------------------

/** @param {GameState} state */
export const isGameOver = (state) => state.winners !== null;

/** The players still in the game, in turn order. @param {GameState} state */
export const remainingPlayers = (state) => state.players.filter((p) => !p.hasLeft).map((p) => p.id);

/**
 * The next player still in the game after `player`, wrapping round. `player`
 * may have just left: the turn and priority pass on from their seat (652.5).
 *
 * @param {GameState} state
 * @param {PlayerId} player
 * @returns {PlayerId}
 */
export function nextPlayerAfter(state, player) {
  const left = remainingPlayers(state);
  return left.find((p) => p > player) ?? left[0];
}

/**
 * Who may act now (312). While the stack exists, its priority holder; with an
 * empty stack, the active player (310.1.a). Nobody once the game is over.
 *
 * @param {GameState} state
 * @returns {PlayerId | null}
 */
export function priorityPlayer(state) {
  if (isGameOver(state)) return null;
  return state.stack.length > 0 ? state.priorityHolder : state.activePlayer;
}

/** @param {GameState} state @param {CardId} cardId */
export const stackItemOf = (state, cardId) => state.stack.find((item) => item.cardId === cardId);

/** @param {GameState} state */
const everyoneHasPassed = (state) =>
  remainingPlayers(state).every((p) => state.passedInSuccession.includes(p));

// ---------------------------------------------------------------------------
// Validation: a command is checked completely before anything changes
// ---------------------------------------------------------------------------

/**
 * @param {ErrorCode} code
 * @param {string} rule
 * @param {string} message
 * @returns {GameError}
 */
const refuse = (code, rule, message) => ({ code, rule, message: `${message} (${rule})` });

/**
 * Why `command` is illegal now, or null if it is legal. The checks run in a
 * fixed order; when several reasons apply, the first one is given.
 *
 * @param {GameState} state
 * @param {Command} command
 * @returns {GameError | null}
 */
export function validate(state, command) {
  const { player } = command;
  if (isGameOver(state)) return refuse("E_GAME_OVER", "651.1", "the game is over");
  if (!Number.isInteger(player) || player < 0 || player >= state.players.length) {
    return refuse("E_NO_SUCH_PLAYER", "478", `there is no player ${player} at this table`);
  }
  // 651.3: a player who left makes no more decisions.
  if (state.players[player].hasLeft) {
    return refuse("E_PLAYER_LEFT", "651.3", `player ${player} has left the game`);
  }
  switch (command.type) {
    case "Concede":
      return null; // 650: a player may concede at any time.
    case "PassPriority":
      // 338: passing is something done on the stack only.
      if (state.stack.length === 0) return refuse("E_STACK_EMPTY", "338", "there is nothing to pass on");
      return needPriority(state, player);
    case "EndTurn":
      if (player !== state.activePlayer) {
        return refuse("E_NOT_ACTIVE_PLAYER", "316", `player ${player} is not the active player`);
      }
      // 144.1: the turn ends from a Neutral Open state only.
      if (state.stack.length > 0) return refuse("E_STACK_NOT_EMPTY", "144.1", "the stack is not empty");
      return needPriority(state, player);
    case "CastSpell":
      return validateCast(state, command);
    default:
      throw new Error(`unknown command ${/** @type {{type: string}} */ (command).type}`);
  }
}

/** @param {GameState} state @param {PlayerId} player */
function needPriority(state, player) {
  const holder = priorityPlayer(state);
  // 312.1: only the player with priority may act.
  return holder === player
    ? null
    : refuse(
        "E_NOT_YOUR_PRIORITY",
        "312.1",
        `player ${player} does not have priority; player ${holder} does`,
      );
}

/**
 * @param {GameState} state
 * @param {Extract<Command, {type: "CastSpell"}>} command
 * @returns {GameError | null}
 */
function validateCast(state, { player, cardId, targetCardId = null, location = null }) {
  const card = state.cards[cardId];
  if (card === undefined) return refuse("E_NO_SUCH_CARD", "349", `there is no card ${cardId}`);
  // 349: a spell is played from its owner's hand.
  if (card.zone !== "hand" || card.owner !== player) {
    return refuse("E_CARD_NOT_IN_HAND", "349", `${card.title} is not in player ${player}'s hand`);
  }
  const noPriority = needPriority(state, player);
  if (noPriority) return noPriority;
  // 309.1.a: while the stack exists, only instant-speed spells (Reactions).
  if (state.stack.length > 0 && card.speed !== "instant") {
    return refuse(
      "E_NOT_INSTANT_SPEED",
      "309.1.a",
      `${card.title} cannot be cast while the stack is not empty`,
    );
  }
  // 356: the cost must be paid, and this engine has no Energy to pay it with.
  if (card.cost > 0)
    return refuse("E_CANNOT_PAY", "356", `${card.title} costs ${card.cost} and there is no Energy`);
  // 355.2.a: only units are played at a location.
  if (location !== null)
    return refuse("E_SPELLS_HAVE_NO_LOCATION", "355.2.a", "a spell is not cast at a location");
  // 355.6: targets are chosen as the spell's text asks, no more, no fewer.
  if (card.type === "spell" && targetCardId !== null) {
    return refuse("E_UNEXPECTED_TARGET", "355.6", `${card.title} takes no target`);
  }
  if (card.type === "counterspell") {
    if (targetCardId === null) return refuse("E_TARGET_REQUIRED", "355.6", `${card.title} needs a target`);
    if (!stackItemOf(state, targetCardId)) {
      return refuse("E_TARGET_NOT_ON_STACK", "355.6", `the target of ${card.title} is not on the stack`);
    }
  }
  return null;
}

// ---------------------------------------------------------------------------
// The reducer
// ---------------------------------------------------------------------------

/**
 * Takes one command. Pure: `state` is left as it was.
 *
 * @param {GameState} state
 * @param {Command} command
 * @returns {DispatchResult}
 */
export function dispatch(state, command) {
  const error = validate(state, command);
  if (error) return { ok: false, error };
  const draft = structuredClone(state);
  /** @type {GameEvent[]} */
  const events = [];
  // 320.1, 335.3: nobody gets priority while the game is still settling, so a
  // priority change is told once the step is done: the last one, and only if
  // its player still has priority then.
  /** @type {GameEvent | null} */
  let award = null;
  /** @type {Emit} */
  const emit = (event) => {
    if (event.type === "PriorityGiven") award = event;
    else events.push(event);
  };
  switch (command.type) {
    case "PassPriority":
      passPriority(draft, command.player, emit);
      break;
    case "CastSpell":
      castSpell(draft, command.player, command.cardId, command.targetCardId ?? null, emit);
      break;
    case "EndTurn":
      endTurn(draft, command.player, emit);
      break;
    case "Concede":
      concede(draft, command.player, emit);
      break;
  }
  afterEveryStep(draft, emit);
  if (award?.type === "PriorityGiven" && priorityPlayer(draft) === award.player) events.push(award);
  return { ok: true, state: draft, events };
}

// The step functions below work on the reducer's private draft and mutate it.

/**
 * 312.2: priority changes hands; nothing happens (and nothing is said) when
 * it is already where it goes.
 *
 * @param {GameState} s
 * @param {PlayerId} player
 * @param {PriorityReason} reason
 * @param {Emit} emit
 */
function givePriority(s, player, reason, emit) {
  if (s.priorityHolder === player) return;
  s.priorityHolder = player;
  emit({ type: "PriorityGiven", player, reason });
}

/**
 * @param {GameState} s
 * @param {PlayerId} player
 * @param {CardId} cardId
 * @param {CardId | null} targetCardId
 * @param {Emit} emit
 */
function castSpell(s, player, cardId, targetCardId, emit) {
  emit({ type: "SpellCast", player, cardId });
  s.cards[cardId].zone = "stack";
  // 330: the first item opens the stack. 339: a new item starts a new round of passes.
  s.stack.push({ cardId, controller: player, targetCardId });
  s.passedInSuccession = [];
  emit({ type: "StackItemAdded", cardId, controller: player });
  // 333.1: the caster controls the newest item and keeps priority, to respond first.
  givePriority(s, player, "cast", emit);
}

/** @param {GameState} s @param {PlayerId} player @param {Emit} emit */
function passPriority(s, player, emit) {
  emit({ type: "PriorityPassed", player });
  s.passedInSuccession = remainingPlayers(s).filter((p) => p === player || s.passedInSuccession.includes(p));
  if (everyoneHasPassed(s)) {
    roundOfPassesComplete(s, emit);
  } else {
    // 312.2.d: priority goes round in turn order.
    givePriority(s, nextPlayerAfter(s, player), "passed", emit);
  }
}

/**
 * Everyone still in the game passed in succession (339, 340; also 652.5.c.2
 * when a leaver's pass was the one missing).
 *
 * @param {GameState} s
 * @param {Emit} emit
 */
function roundOfPassesComplete(s, emit) {
  if (s.flags.resolveWholeStack) {
    // MISTAKE 1: the whole stack resolves at once, top to bottom, and no new
    // round of passes is held between items. The rules resolve the top item
    // only (340) and then hand priority back (340.4), as below.
    while (s.stack.length > 0) resolveTop(s, emit);
    closeStack(s, emit);
    return;
  }
  resolveTop(s, emit);
  if (s.stack.length === 0) {
    closeStack(s, emit);
  } else {
    // 340.4: the controller of the item now on top gets priority; a new round begins.
    s.passedInSuccession = [];
    givePriority(s, s.stack[s.stack.length - 1].controller, "resolved", emit);
  }
}

/**
 * 340: the top item resolves and its card goes to its owner's graveyard.
 *
 * @param {GameState} s
 * @param {Emit} emit
 */
function resolveTop(s, emit) {
  const item = /** @type {StackItem} */ (s.stack.pop());
  const card = s.cards[item.cardId];
  emit({ type: "SpellResolved", cardId: card.id });
  if (card.type === "counterspell" && item.targetCardId !== null) {
    // 425. A target that has already left the stack is simply gone (055).
    counterItem(s, item.targetCardId, "counterspell", emit);
  }
  card.zone = "graveyard";
  emit({ type: "CardToGraveyard", cardId: card.id, owner: card.owner });
}

/**
 * 425: the item leaves the stack without resolving. Its card goes to its
 * owner's graveyard, or out of the game if the owner has left (652.3).
 *
 * @param {GameState} s
 * @param {CardId} cardId
 * @param {CounterCause} cause
 * @param {Emit} emit
 */
function counterItem(s, cardId, cause, emit) {
  const index = s.stack.findIndex((item) => item.cardId === cardId);
  if (index < 0) return;
  s.stack.splice(index, 1);
  emit({ type: "SpellCountered", cardId, cause });
  const card = s.cards[cardId];
  if (card.zone === "outOfGame") {
    // Its owner's removal took the card out already (652.3, before 652.4).
  } else if (s.players[card.owner].hasLeft) {
    card.zone = "outOfGame";
    emit({ type: "CardLeftGame", cardId });
  } else {
    card.zone = "graveyard";
    emit({ type: "CardToGraveyard", cardId, owner: card.owner });
  }
}

/**
 * 340.2: the stack is empty and closes; the active player has priority again
 * (310.1.a), which is news only if someone else held it last and the active
 * player is still in the game.
 *
 * @param {GameState} s
 * @param {Emit} emit
 */
function closeStack(s, emit) {
  const lastHolder = s.priorityHolder;
  s.priorityHolder = null;
  s.passedInSuccession = [];
  const now = priorityPlayer(s);
  if (now !== null && now !== lastHolder && !s.players[now].hasLeft) {
    emit({ type: "PriorityGiven", player: now, reason: "stackEmptied" });
  }
}

/** 317: the turn ends and the next player's begins (315). @param {GameState} s @param {PlayerId} player @param {Emit} emit */
function endTurn(s, player, emit) {
  emit({ type: "TurnEnded", player });
  s.activePlayer = nextPlayerAfter(s, player);
  emit({ type: "ActivePlayerChanged", player: s.activePlayer }); // 317.3
  startTurn(s, emit);
}

/** @param {GameState} s @param {Emit} emit */
function startTurn(s, emit) {
  s.turnStarted = true;
  emit({ type: "TurnStarted", player: s.activePlayer });
}

/** @param {GameState} s @param {PlayerId} player @param {Emit} emit */
function concede(s, player, emit) {
  emit({ type: "PlayerConceded", player }); // 650
  const others = remainingPlayers(s).filter((p) => p !== player);
  if (others.length === 1) {
    // 651.1: the last player standing wins, and that is all that happens: the
    // leaver's cards and the stack stay as they are.
    s.players[player].hasLeft = true;
    emit({ type: "PlayerLeft", player });
    s.winners = others;
    emit({ type: "GameWon", winners: others });
    return;
  }
  // 651.2: with two or more left, the leaver is removed and the game goes on.
  removePlayer(s, player, emit);
  carryOnWithout(s, player, emit);
}

/**
 * 651.3, 652.1-652.4: the player and what is theirs leave the game.
 *
 * @param {GameState} s
 * @param {PlayerId} player
 * @param {Emit} emit
 */
function removePlayer(s, player, emit) {
  s.players[player].hasLeft = true;
  emit({ type: "PlayerLeft", player });
  // 652.1 (their permanents) does not arise: spells never stay on the board.
  // 652.3: the cards they own leave the game, in card order, those on the
  // stack too; their items stay there until they are countered next.
  for (const card of s.cards) {
    if (card.owner === player && card.zone !== "outOfGame") {
      card.zone = "outOfGame";
      emit({ type: "CardLeftGame", cardId: card.id });
    }
  }
  // 652.4: every stack item they control is countered, top first.
  const hadStack = s.stack.length > 0;
  const theirs = s.stack.filter((item) => item.controller === player).reverse();
  for (const item of theirs) counterItem(s, item.cardId, "controllerLeft", emit);
  if (hadStack && s.stack.length === 0) closeStack(s, emit);
}

/**
 * 652.5: the game goes on without the leaver.
 *
 * @param {GameState} s
 * @param {PlayerId} leaver
 * @param {Emit} emit
 */
function carryOnWithout(s, leaver, emit) {
  if (s.activePlayer === leaver) {
    // 652.5.a.1: the next player becomes the active player; their turn begins
    // once the stack is gone (see afterEveryStep).
    s.activePlayer = nextPlayerAfter(s, leaver);
    s.turnStarted = false;
    emit({ type: "ActivePlayerChanged", player: s.activePlayer });
  }
  if (s.stack.length === 0) return;
  // 652.5.c: the leaver's pass no longer counts ...
  s.passedInSuccession = s.passedInSuccession.filter((p) => p !== leaver);
  if (s.priorityHolder === leaver) {
    // 652.5.c.1: ... and priority they held goes to the next player after them.
    // MISTAKE 2 gives it to the active player instead.
    const heir = s.flags.priorityToActivePlayerOnLeave ? s.activePlayer : nextPlayerAfter(s, leaver);
    givePriority(s, heir, "holderLeft", emit);
  }
  // 652.5.c.2: if that leaves everyone having passed, the round is complete.
  if (everyoneHasPassed(s)) roundOfPassesComplete(s, emit);
}

/**
 * What happens after every step by itself (323): a turn handed over by a
 * leaving active player begins once the stack is empty (652.5.a.1).
 *
 * @param {GameState} s
 * @param {Emit} emit
 */
function afterEveryStep(s, emit) {
  if (isGameOver(s)) return;
  if (s.stack.length === 0 && !s.turnStarted) startTurn(s, emit);
}
