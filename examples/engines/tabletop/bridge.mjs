#!/usr/bin/env node
// @ts-check
/**
 * The riftcheck conformance protocol (version 2) in front of engine.mjs.
 *
 * Reads one JSON request per line on stdin, writes one JSON answer per line on
 * stdout, logs to stderr. It knows riftcheck's vocabulary (seats "A".."D",
 * card names, "A's Trash", the Chain, event kinds) and the engine's (player
 * indices, card ids, zones, typed events), and translates; the rules are all
 * in engine.mjs.
 *
 *   node bridge.mjs                    both deliberate mistakes (see engine.mjs)
 *   node bridge.mjs --no-mistake       by the rules
 *   node bridge.mjs --only-mistake=1   only mistake 1 (or =2: only mistake 2)
 */

import { createInterface } from "node:readline";
import {
  ALL_MISTAKES,
  NO_MISTAKES,
  createGame,
  dispatch,
  priorityPlayer,
  remainingPlayers,
  stackItemOf,
} from "./engine.mjs";

/** @typedef {import("./types.js").GameState} GameState */
/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./types.js").GameSetup} GameSetup */
/** @typedef {import("./types.js").CardSetup} CardSetup */
/** @typedef {import("./types.js").Command} Command */
/** @typedef {import("./types.js").MistakeFlags} MistakeFlags */
/** @typedef {import("./types.js").Zone} Zone */
/** @typedef {Record<string, any>} Json */

/**
 * What the bridge remembers about the table besides the engine's state: the
 * names riftcheck uses, and the battlefields, which only the setup and the
 * actions' `at` mention (the engine has none).
 *
 * @typedef {object} Table
 * @property {string[]} seats          the seats at the table, index = PlayerId
 * @property {Map<string, number>} cardIds   card name to CardId
 * @property {Set<string>} battlefields battlefield names
 */

const PROTOCOL = 2;
const SEATS = ["A", "B", "C", "D"];
const TABLE_SIZE = /** @type {Record<string, 2 | 3 | 4>} */ ({ duel: 2, skirmish: 3, war: 4 });
/** The seats whose battlefield is in play: all of them, but A's in War. */
const BATTLEFIELD_SEATS = /** @type {Record<string, string[]>} */ ({
  duel: ["A", "B"],
  skirmish: ["A", "B", "C"],
  war: ["B", "C", "D"],
});
const SETUP_KEYS = new Set([
  "mode",
  "turn",
  "removed",
  "victory_score",
  "points",
  "energy",
  "priority",
  "passed",
  "opened_by",
  "invited",
  "readings",
  "battlefields",
  "cards",
  "chain",
  "showdown",
]);
const ACTIONS = ["pass", "play", "end turn", "concede"];
const NAME_JOINS = [" on ", " at ", " to ", " and ", ", ", "'s trigger", "'s ability", '"', "\n"];

/** The event kinds this engine reports, in riftcheck's words (`events` in hello). */
const EVENT_KINDS = [
  "conceded",
  "won",
  "player_removed",
  "removed_from_game",
  "turn_ended",
  "turn_to",
  "turn_began",
  "priority_to",
  "passed",
  "played",
  "item_added",
  "resolved",
  "countered",
  "trashed",
];

const CAPABILITIES = {
  modes: ["duel", "skirmish", "war"],
  actions: ACTIONS,
  cards: ["spell"],
  effects: ["nothing", "counter"],
  abilities: [],
  snapshot: true,
  observes: [
    "turn",
    "priority",
    "chain",
    "passed",
    "remaining",
    "removed",
    "winners",
    "cards.at",
    "cards.controller",
  ],
  events: EVENT_KINDS,
};

// ---------------------------------------------------------------------------
// Setup: riftcheck's [setup] table to the engine's GameSetup
// ---------------------------------------------------------------------------

class SetupProblem extends Error {
  /** @param {"unsupported" | "invalid"} kind @param {string} message */
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}
/** @param {string} why @returns {never} */
const invalid = (why) => {
  throw new SetupProblem("invalid", why);
};
/** @param {string} why @returns {never} */
const unsupported = (why) => {
  throw new SetupProblem("unsupported", why);
};

/** @param {unknown} value */
const isInt = (value) => Number.isInteger(value);

/**
 * @param {Json} setup riftcheck's setup
 * @returns {{ gameSetup: GameSetup, table: Table }}
 */
function translateSetup(setup) {
  if (typeof setup !== "object" || setup === null || Array.isArray(setup))
    invalid("the setup must be an object");
  for (const key of Object.keys(setup)) {
    if (!SETUP_KEYS.has(key)) unsupported(`the setup field \`${key}\``);
  }
  const mode = setup.mode;
  if (mode === "magma-chamber") unsupported("the mode magma-chamber");
  if (!(mode in TABLE_SIZE)) invalid(`unknown mode \`${mode}\``);
  if (setup.readings && Object.keys(setup.readings).length > 0)
    unsupported("readings other than the project's policies");
  if (setup.chain && setup.chain.length > 0) unsupported("a Chain in progress");
  if (setup.showdown) unsupported("a Showdown");
  if (setup.invited != null) invalid("an invitation needs a teammate (316.2.b.1)");
  if (setup.priority != null || (setup.passed && setup.passed.length > 0)) {
    invalid("Priority holders and passes need items on the Chain (331)");
  }

  const seats = SEATS.slice(0, TABLE_SIZE[mode]);
  /** @param {unknown} value @param {string} where @returns {number} */
  const seatIndex = (value, where) => {
    const index = seats.indexOf(/** @type {string} */ (value));
    if (index < 0) invalid(`${where}: \`${value}\` is not a seat at this table`);
    return index;
  };
  const removed = (setup.removed ?? []).map((/** @type {unknown} */ s) => seatIndex(s, "removed"));
  if (new Set(removed).size !== removed.length) invalid("removed: a seat is listed twice");
  /** @param {unknown} value @param {string} where */
  const inGame = (value, where) => {
    const index = seatIndex(value, where);
    if (removed.includes(index)) invalid(`${where}: ${value} has been removed`);
    return index;
  };
  if (seats.length - removed.length < 2) invalid("a game in progress needs two remaining players (651.1)");
  const activePlayer = inGame(setup.turn ?? "A", "turn");

  // The engine has no points and no Energy: it can play any setup in which
  // they cannot matter, and no other.
  const victoryScore = setup.victory_score ?? 8;
  if (!isInt(victoryScore) || victoryScore < 1) invalid("the Victory Score is at least 1 (467)");
  for (const [seat, points] of Object.entries(setup.points ?? {})) {
    seatIndex(seat, "points");
    if (!isInt(points)) invalid(`points: ${seat} has \`${points}\``);
    if (points >= victoryScore) unsupported("points that can win the game (467): this engine keeps no score");
  }
  for (const [seat, energy] of Object.entries(setup.energy ?? {})) {
    inGame(seat, "energy");
    if (!isInt(energy) || energy < 0) invalid(`energy: ${seat} has \`${energy}\``);
    if (energy > 0) unsupported("Energy in a Rune Pool: this engine has no Energy");
  }

  /** @param {unknown} name @param {{has(name: string): boolean}} taken @returns {string} */
  const checkName = (name, taken) => {
    if (typeof name !== "string" || name === "" || name.trim() !== name || name === "Base") {
      invalid(`\`${name}\` cannot be a name`);
    }
    const join = NAME_JOINS.find((word) => name.includes(word));
    if (join) invalid(`\`${name}\` contains \`${join.trim()}\``);
    if (taken.has(name)) invalid(`\`${name}\` is used twice`);
    return name;
  };

  // Battlefields: checked, then forgotten but for their names (no battlefield
  // is the engine's concern, and none is observed).
  const battlefields = new Set();
  const listed = setup.battlefields?.length
    ? setup.battlefields
    : BATTLEFIELD_SEATS[mode].map((seat) => ({
        name: `${seat}'s Battlefield`,
        contributor: seat,
        token: removed.includes(SEATS.indexOf(seat)),
      }));
  const contributors = [];
  for (const field of listed) {
    const name = checkName(field.name, battlefields);
    const contributor = seatIndex(field.contributor, `${name}.contributor`);
    if (!BATTLEFIELD_SEATS[mode].includes(SEATS[contributor]))
      invalid(`${SEATS[contributor]}'s battlefield is not in use in ${mode}`);
    // 652.2.a: a removed player's battlefield is a token battlefield.
    if (Boolean(field.token) !== removed.includes(contributor)) {
      invalid("a battlefield is a token exactly when its contributor was removed (652.2.a)");
    }
    if (field.controller != null) inGame(field.controller, `${name}.controller`);
    if (field.contested_by != null) seatIndex(field.contested_by, `${name}.contested_by`);
    contributors.push(SEATS[contributor]);
    battlefields.add(name);
  }
  if (contributors.sort().join() !== BATTLEFIELD_SEATS[mode].join()) {
    invalid("one battlefield for each seat whose battlefield is in use");
  }

  const cardIds = new Map();
  /** @type {CardSetup[]} */
  const cards = [];
  for (const card of setup.cards ?? []) {
    const name = checkName(card.name, cardIds);
    if (["unit", "gear", "rune"].includes(card.kind)) unsupported(`${card.kind} cards (${name})`);
    if (card.kind !== "spell") invalid(`${name}: unknown kind \`${card.kind}\``);
    if (card.ability != null) unsupported(`abilities (${name})`);
    const effect = card.effect ?? "nothing";
    if (effect !== "nothing" && effect !== "counter") unsupported(`the effect \`${effect}\` (${name})`);
    const timing = card.timing ?? "normal";
    if (!["normal", "action", "reaction"].includes(timing)) invalid(`${name}: unknown timing \`${timing}\``);
    const owner = seatIndex(card.owner, `${name}.owner`);
    if (card.token || card.might || card.damage || card.exhausted) {
      invalid(`${name}: a spell has no Might, damage, exhaustion or token status`);
    }
    if ((card.controller ?? card.owner) !== card.owner) {
      invalid(`${name}: only cards on the board or the Chain change controller (188)`);
    }
    const cost = card.cost ?? 0;
    if (!isInt(cost) || cost < 0) invalid(`${name}: bad cost`);
    cardIds.set(name, cards.length);
    cards.push({
      title: name,
      owner,
      type: effect === "counter" ? "counterspell" : "spell",
      // Normal and Action timing differ only in Showdowns, which this engine has none of.
      speed: timing === "reaction" ? "instant" : "sorcery",
      cost,
      zone: zoneOf(card.at, name, SEATS[owner]),
    });
  }
  return {
    gameSetup: { playerCount: TABLE_SIZE[mode], activePlayer, departed: removed, cards },
    table: { seats, cardIds, battlefields },
  };
}

/**
 * A spell's `at`, as the scenario format writes it, to the engine's zone.
 *
 * @param {unknown} at
 * @param {string} name
 * @param {string} owner the owner's seat
 * @returns {Exclude<Zone, "stack">}
 */
function zoneOf(at, name, owner) {
  if (typeof at !== "string") invalid(`${name}: \`at\` is required`);
  const text = at.trim();
  if (text === "removed") return "outOfGame";
  if (text.startsWith("facedown at ")) unsupported(`facedown cards (${name})`);
  if (text === "chain") invalid(`${name}: a card on the Chain needs its item in \`chain\` (325.2)`);
  if (text === "nowhere") invalid(`${name}: only tokens are nowhere`);
  const match = /^(?:([A-D])'s )?(hand|trash|banishment)$/i.exec(text);
  if (!match) invalid(`${name}: a spell is never on the board`);
  if (match[1] !== undefined && match[1] !== owner) invalid(`${name}: a card is in its owner's ${match[2]}`);
  const zones = /** @type {const} */ ({ hand: "hand", trash: "graveyard", banishment: "exile" });
  return zones[/** @type {"hand" | "trash" | "banishment"} */ (match[2].toLowerCase())];
}

// ---------------------------------------------------------------------------
// The engine's state and events in riftcheck's words
// ---------------------------------------------------------------------------

/**
 * The observation, restricted to the fields declared in `observes`.
 *
 * @param {GameState} state
 * @param {Table} table
 * @param {GameEvent[]} events
 */
function observe(state, table, events) {
  const seat = (/** @type {number | null} */ p) => (p === null ? null : table.seats[p]);
  const title = (/** @type {number} */ id) => state.cards[id].title;
  const over = state.winners !== null;
  /** @type {Record<string, {at: string, controller: string}>} */
  const cards = {};
  for (const card of state.cards) {
    const item = card.zone === "stack" ? stackItemOf(state, card.id) : undefined;
    cards[card.title] = {
      at: placeOf(card.zone, table.seats[card.owner]),
      controller: table.seats[item ? item.controller : card.owner],
    };
  }
  return {
    turn: over ? null : seat(state.activePlayer),
    priority: seat(priorityPlayer(state)),
    chain: state.stack.map((item) => ({
      item: title(item.cardId),
      controller: seat(item.controller),
      pending: false,
      // A target that has left the stack is no target any more (425).
      target:
        item.targetCardId !== null && stackItemOf(state, item.targetCardId) ? title(item.targetCardId) : null,
    })),
    passed: state.passedInSuccession.map(seat),
    remaining: remainingPlayers(state).map(seat),
    removed: state.players.filter((p) => p.hasLeft).map((p) => seat(p.id)),
    winners: (state.winners ?? []).map(seat),
    cards,
    events: events.map((event) => toProtocolEvent(event, state, table)),
  };
}

/** @param {Zone} zone @param {string} owner */
function placeOf(zone, owner) {
  switch (zone) {
    case "hand":
      return `${owner}'s hand`;
    case "stack":
      return "chain";
    case "graveyard":
      return `${owner}'s Trash`;
    case "exile":
      return `${owner}'s Banishment`;
    case "outOfGame":
      return "removed";
  }
}

/**
 * One typed engine event as a structured protocol event (with the rule that
 * riftcheck's sentences cite, for the reader; riftcheck ignores it).
 *
 * @param {GameEvent} event
 * @param {GameState} state
 * @param {Table} table
 */
function toProtocolEvent(event, state, table) {
  const seat = (/** @type {number} */ p) => table.seats[p];
  const name = (/** @type {number} */ id) => state.cards[id].title;
  switch (event.type) {
    case "PlayerConceded":
      return { kind: "conceded", seat: seat(event.player), rule: "650" };
    case "PlayerLeft":
      return { kind: "player_removed", seat: seat(event.player), rule: "651.3" };
    case "GameWon":
      return { kind: "won", winners: event.winners.map(seat), rule: "651.1" };
    case "CardLeftGame":
      return { kind: "removed_from_game", card: name(event.cardId), rule: "652.3" };
    case "TurnEnded":
      return { kind: "turn_ended", seat: seat(event.player), rule: "317" };
    case "ActivePlayerChanged":
      return { kind: "turn_to", seat: seat(event.player), rule: "317.3" };
    case "TurnStarted":
      return { kind: "turn_began", seat: seat(event.player), rule: "315" };
    case "PriorityGiven": {
      const rule = {
        cast: "333.1",
        passed: "312.2.d",
        resolved: "340.4",
        stackEmptied: "310.1.a",
        holderLeft: "652.5.c.1",
      }[event.reason];
      return { kind: "priority_to", seat: seat(event.player), rule };
    }
    case "PriorityPassed":
      return { kind: "passed", seat: seat(event.player), rule: "339" };
    case "SpellCast":
      return { kind: "played", seat: seat(event.player), card: name(event.cardId), rule: "349" };
    case "StackItemAdded":
      return {
        kind: "item_added",
        item: name(event.cardId),
        controller: seat(event.controller),
        rule: "329",
      };
    case "SpellResolved":
      return { kind: "resolved", item: name(event.cardId), rule: "340" };
    case "SpellCountered":
      return {
        kind: "countered",
        item: name(event.cardId),
        rule: event.cause === "counterspell" ? "425" : "652.4",
      };
    case "CardToGraveyard":
      return { kind: "trashed", card: name(event.cardId), rule: "340" };
  }
}

// ---------------------------------------------------------------------------
// Actions: riftcheck's action to the engine's Command
// ---------------------------------------------------------------------------

const VERBS = /** @type {Record<string, string>} */ ({
  passes: "pass",
  "passes Focus": "pass focus",
  concedes: "concede",
  "ends the turn": "end turn",
});
const OTHER_VERBS = /** @type {Record<string, string>} */ ({
  activates: "activate",
  moves: "move",
  places: "place",
  chooses: "choose",
  invites: "invite",
  hides: "hide",
  assigns: "assign",
});

/**
 * The action's parts, from its fields, or from its sentence when `kind` is missing.
 *
 * @param {Json} raw
 * @returns {{kind: string, seat: string, card?: string, target?: string, at?: string}}
 */
function actionParts(raw) {
  if (raw.kind != null)
    return {
      kind: raw.kind,
      seat: raw.seat,
      card: raw.card ?? undefined,
      target: raw.target ?? undefined,
      at: raw.at ?? undefined,
    };
  const text = String(raw.text ?? "");
  const space = text.indexOf(" ");
  const seat = text.slice(0, space);
  const rest = text.slice(space + 1);
  if (space < 0) throw new Error(`cannot read \`${text}\``);
  if (Object.hasOwn(VERBS, rest)) return { kind: VERBS[rest], seat };
  const verb = rest.split(" ")[0];
  if (Object.hasOwn(OTHER_VERBS, verb)) return { kind: OTHER_VERBS[verb], seat };
  const play = /^plays (.+?)(?: on (.+?))?(?: at (.+))?$/.exec(rest);
  if (play) return { kind: "play", seat, card: play[1], target: play[2], at: play[3] };
  throw new Error(`cannot read \`${text}\``);
}

/**
 * @param {Json} raw riftcheck's action
 * @param {Table} table
 * @returns {{command: Command} | {unsupported: string}}
 */
function toCommand(raw, table) {
  if (typeof raw !== "object" || raw === null) throw new Error("`action` must be an object");
  const { kind, seat, card, target, at } = actionParts(raw);
  if (!ACTIONS.includes(kind)) return { unsupported: `the action kind \`${kind}\`` };
  // A seat that is not at this table is the engine's to refuse (478); one
  // that is no seat at all is a request this bridge cannot read.
  const player = SEATS.indexOf(seat);
  if (player < 0) throw new Error(`no seat \`${seat}\``);
  switch (kind) {
    case "pass":
      return { command: { type: "PassPriority", player } };
    case "end turn":
      return { command: { type: "EndTurn", player } };
    case "concede":
      return { command: { type: "Concede", player } };
  }
  const cardId = (/** @type {string | undefined} */ name) => {
    if (name === undefined) return null;
    const id = table.cardIds.get(name);
    if (id === undefined) throw new Error(`no card is called \`${name}\``);
    return id;
  };
  if (card === undefined) throw new Error("which card?");
  if (at !== undefined && at !== "Base" && !table.battlefields.has(at))
    throw new Error(`no battlefield is called \`${at}\``);
  return {
    command: {
      type: "CastSpell",
      player,
      cardId: /** @type {number} */ (cardId(card)),
      targetCardId: cardId(target),
      location: at ?? null,
    },
  };
}

// ---------------------------------------------------------------------------
// The session
// ---------------------------------------------------------------------------

/**
 * @typedef {object} Game
 * @property {Table} table
 * @property {GameState} initial   the state right after setup, for `reset`
 * @property {GameEvent[]} initialEvents
 * @property {GameState} state
 * @property {GameState[]} saved  snapshots; a token is an index in this list
 */

class Session {
  /** @param {MistakeFlags} flags */
  constructor(flags) {
    this.flags = flags;
    /** @type {Game | null} */
    this.game = null;
  }

  /** @param {Json} request @returns {Json} */
  handle(request) {
    const op = request.op;
    if (op === "hello") return this.hello();
    if (op === "setup") return this.setup(request.setup);
    const game = this.game;
    if (!["apply", "observe", "snapshot", "restore", "reset"].includes(op))
      return { error: `unknown op \`${op}\`` };
    if (game === null) return { error: `\`${op}\` before any \`setup\`` };
    switch (op) {
      case "apply":
        return this.apply(game, request.action);
      case "observe":
        return { observation: observe(game.state, game.table, []) };
      case "snapshot":
        game.saved.push(game.state);
        return { snapshot: game.saved.length - 1 };
      case "restore": {
        const saved = game.saved[request.snapshot];
        if (!isInt(request.snapshot) || saved === undefined)
          return { error: `no snapshot \`${JSON.stringify(request.snapshot)}\`` };
        game.state = saved; // states are never mutated, so sharing is safe
        return { restored: true };
      }
      case "reset":
        game.state = game.initial;
        return { observation: observe(game.initial, game.table, game.initialEvents) };
    }
    return { error: `unknown op \`${op}\`` };
  }

  hello() {
    return {
      hello: { protocol: PROTOCOL, name: "tabletop-engine", version: "0.1.0", capabilities: CAPABILITIES },
    };
  }

  /** @param {Json} setup */
  setup(setup) {
    let translated;
    try {
      translated = translateSetup(setup);
    } catch (problem) {
      if (problem instanceof SetupProblem) return { [problem.kind]: problem.message };
      return { invalid: `cannot read the setup: ${problem}` };
    }
    const created = createGame(translated.gameSetup, this.flags);
    if (!created.ok) return { invalid: created.error.message };
    const { state, events } = created;
    this.game = { table: translated.table, initial: state, initialEvents: events, state, saved: [] };
    return { observation: observe(state, translated.table, events) };
  }

  /** @param {Game} game @param {Json} action */
  apply(game, action) {
    let translated;
    try {
      translated = toCommand(action, game.table);
    } catch (e) {
      return { error: `cannot read the action: ${/** @type {Error} */ (e).message}` };
    }
    if ("unsupported" in translated) return translated;
    const result = dispatch(game.state, translated.command);
    if (!result.ok)
      return {
        refused: { error: result.error.code, rule: result.error.rule, message: result.error.message },
      };
    game.state = result.state;
    return { observation: observe(result.state, game.table, result.events) };
  }
}

// ---------------------------------------------------------------------------
// Command line and the stdin/stdout loop
// ---------------------------------------------------------------------------

/** @param {string[]} args @returns {MistakeFlags} */
function flagsFromArgs(args) {
  let flags = { ...ALL_MISTAKES };
  for (const arg of args) {
    if (arg === "--no-mistake") flags = { ...NO_MISTAKES };
    else if (arg === "--only-mistake=1") flags = { ...NO_MISTAKES, resolveWholeStack: true };
    else if (arg === "--only-mistake=2") flags = { ...NO_MISTAKES, priorityToActivePlayerOnLeave: true };
    else {
      process.stderr.write(
        `tabletop-engine: unknown argument ${arg}\nusage: node bridge.mjs [--no-mistake | --only-mistake=1 | --only-mistake=2]\n`,
      );
      process.exit(2);
    }
  }
  return flags;
}

/** @param {Session} session @param {string} line @returns {Json} */
function answerTo(session, line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (e) {
    return { error: `not JSON: ${/** @type {Error} */ (e).message}` };
  }
  if (typeof request !== "object" || request === null || typeof request.op !== "string") {
    return { error: "a request is an object with an `op`" };
  }
  try {
    return session.handle(request);
  } catch (e) {
    // A bug here must not end the session: log it, answer `error`, go on.
    process.stderr.write(`tabletop-engine: ${/** @type {Error} */ (e).stack ?? e}\n`);
    return { error: `internal error: ${/** @type {Error} */ (e).message}` };
  }
}

function main() {
  const flags = flagsFromArgs(process.argv.slice(2));
  process.stderr.write(`tabletop-engine: mistakes ${JSON.stringify(flags)}\n`);
  const session = new Session(flags);
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on("line", (line) => {
    if (line.trim() === "") return;
    process.stdout.write(`${JSON.stringify(answerTo(session, line))}\n`);
  });
}

main();
