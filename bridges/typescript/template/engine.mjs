// @ts-check
/**
 * The template engine: a tiny card-game reducer with its own model and names
 * (players 0-3, numbered cards, a stack, typed events). Spells that do nothing
 * or counter a stack entry; cast, pass, end the turn, concede; 2 to 4 players.
 * `play(state, move)` returns the next state and the events, or throws
 * IllegalMove; it never changes the state it is given.
 *
 * ONE DELIBERATE MISTAKE (options.firstSeat, on unless the adapter gets
 * --no-mistake): when the active player concedes and the game goes on, the
 * turn goes to the FIRST player still at the table (player 0 unless they have
 * left) instead of the next player after the leaver in turn order. By the
 * rules the Turn passes to the next remaining player (652.5.a.1, 317.3); the
 * two differ once the turn has moved past the first seat, with three or more
 * players.
 */

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Move} Move */
/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./types.js").ErrorCode} ErrorCode */
/** @typedef {import("./types.js").PlayerIndex} PlayerIndex */

export class IllegalMove extends Error {
  /** @param {ErrorCode} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** @param {import("./types.js").NewGame} game @param {import("./types.js").Options} options @returns {State} */
export function newGame({ playerCount, active, out = [], cards }, options) {
  const players = [...Array(playerCount).keys()];
  if (players.filter((p) => !out.includes(p)).length < 2 || out.includes(active)) throw new Error("bad table");
  return {
    playerCount, out: [...out], active, turnPending: false, stack: [], holder: null, passes: [], winners: null, options,
    cards: cards.map((card, id) => ({ ...card, id })),
  };
}

/** Players still in, in turn order. @param {State} s */
export const stillIn = (s) => [...Array(s.playerCount).keys()].filter((p) => !s.out.includes(p));
/** Who may act: the holder while the stack is not empty, else the active player; nobody once the game is over. @param {State} s */
export const priorityOf = (s) => (s.winners ? null : s.stack.length ? s.holder : s.active);
/** @param {State} s @param {PlayerIndex} p */
const nextAfter = (s, p) => stillIn(s).find((q) => q > p) ?? stillIn(s)[0];
/** @param {State} s */
const allPassed = (s) => stillIn(s).every((p) => s.passes.includes(p));

/** @param {State} s @param {Move} move */
function check(s, move) {
  const fail = (/** @type {ErrorCode} */ code, /** @type {string} */ why) => {
    throw new IllegalMove(code, why);
  };
  const { player } = move;
  if (s.winners) fail("GAME_OVER", "the game is over");
  if (!Number.isInteger(player) || player < 0 || player >= s.playerCount) fail("NOT_SEATED", `no player ${player}`);
  if (s.out.includes(player)) fail("ELIMINATED", `player ${player} has left`);
  const mustHavePriority = () => priorityOf(s) !== player && fail("NOT_YOUR_PRIORITY", `player ${priorityOf(s)} acts`);
  if (move.type === "pass") {
    if (!s.stack.length) fail("NO_STACK", "nothing to pass on");
    mustHavePriority();
  } else if (move.type === "endTurn") {
    if (player !== s.active) fail("NOT_YOUR_TURN", `it is player ${s.active}'s turn`);
    if (s.stack.length) fail("STACK_NOT_EMPTY", "the stack is not empty");
  } else if (move.type === "cast") {
    const card = s.cards[move.card];
    if (!card || card.zone !== "hand" || card.owner !== player) fail("NOT_IN_HAND", "not in your hand");
    mustHavePriority();
    if (s.stack.length && !card.quick) fail("TOO_SLOW", `${card.title} is not quick`);
    const onStack = s.stack.some((entry) => entry.card === move.target);
    if (card.counter ? !onStack : move.target !== null) fail("BAD_TARGET", "a counter targets a stack entry; others nothing");
  }
}

/** @param {State} state @param {Move} move @returns {{state: State, events: GameEvent[]}} */
export function play(state, move) {
  check(state, move);
  const s = structuredClone(state);
  /** @type {GameEvent[]} */
  const events = [];
  // Nobody gets priority while the move is still being carried out: the last
  // change of hands is told at the end, if its player still has priority then.
  /** @type {GameEvent | null} */
  let given = null;
  /** @param {GameEvent} e */
  const emit = (e) => {
    if (e.type === "priority") given = e;
    else events.push(e);
  };
  /** @param {PlayerIndex} player */
  const give = (player) => {
    if (s.holder !== player) emit({ type: "priority", player });
    s.holder = player;
  };
  /** @param {number} card */
  const counter = (card) => {
    const at = s.stack.findIndex((entry) => entry.card === card);
    if (at < 0) return;
    s.stack.splice(at, 1);
    emit({ type: "countered", card });
    s.cards[card].zone = s.out.includes(s.cards[card].owner) ? "gone" : "discard";
  };
  const resolveTop = () => {
    const entry = /** @type {import("./types.js").StackEntry} */ (s.stack.pop());
    emit({ type: "resolved", card: entry.card });
    if (s.cards[entry.card].counter && entry.target !== null) counter(entry.target);
    s.cards[entry.card].zone = "discard";
  };
  const emptied = () => {
    const last = s.holder;
    s.holder = null;
    s.passes = [];
    const now = priorityOf(s);
    if (now !== null && now !== last && !s.out.includes(now)) emit({ type: "priority", player: now });
  };
  const everyonePassed = () => {
    resolveTop();
    if (!s.stack.length) return emptied();
    s.passes = [];
    give(s.stack[s.stack.length - 1].by);
  };

  const { player } = move;
  switch (move.type) {
    case "cast":
      emit({ type: "cast", player, card: move.card });
      s.cards[move.card].zone = "stack";
      s.stack.push({ card: move.card, by: player, target: move.target });
      s.passes = [];
      give(player);
      break;
    case "pass":
      emit({ type: "passed", player });
      s.passes = stillIn(s).filter((p) => p === player || s.passes.includes(p));
      if (allPassed(s)) everyonePassed();
      else give(nextAfter(s, player));
      break;
    case "endTurn":
      emit({ type: "turnEnded", player });
      s.active = nextAfter(s, player);
      emit({ type: "newActive", player: s.active });
      emit({ type: "turnStarted", player: s.active });
      break;
    case "concede": {
      emit({ type: "conceded", player });
      s.out.push(player);
      emit({ type: "eliminated", player });
      if (stillIn(s).length === 1) {
        s.winners = stillIn(s);
        emit({ type: "gameOver", winners: s.winners });
        break;
      }
      for (const card of s.cards) if (card.owner === player && card.zone !== "stack") card.zone = "gone";
      const hadStack = s.stack.length > 0;
      for (const entry of s.stack.filter((e) => e.by === player).reverse()) counter(entry.card);
      if (hadStack && !s.stack.length) emptied();
      if (s.active === player) {
        // THE MISTAKE: the first player still in takes the turn, not the next one after the leaver
        s.active = s.options.firstSeat ? stillIn(s)[0] : nextAfter(s, player);
        s.turnPending = true;
        emit({ type: "newActive", player: s.active });
      }
      if (!s.stack.length) break;
      s.passes = s.passes.filter((p) => p !== player);
      if (s.holder === player) give(nextAfter(s, player));
      if (allPassed(s)) everyonePassed();
    }
  }
  if (!s.winners && !s.stack.length && s.turnPending) {
    s.turnPending = false;
    emit({ type: "turnStarted", player: s.active });
  }
  if (given?.type === "priority" && given.player === priorityOf(s)) events.push(given);
  return { state: s, events };
}
