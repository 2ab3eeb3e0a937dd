// @ts-check
/**
 * Helpers for the parts of an adapter that are the same for every engine:
 * seats, riftcheck's setup table and its zones, observations, structured
 * events, and action sentences.
 */

import { Invalid } from "./errors.mjs";
import { EVENT_FACTS, SEATS, TABLE_SIZES } from "./vocabulary.mjs";

/** @typedef {import("./protocol.js").Seat} Seat */
/** @typedef {import("./protocol.js").Mode} Mode */
/** @typedef {import("./protocol.js").Setup} Setup */
/** @typedef {import("./protocol.js").SetupCard} SetupCard */
/** @typedef {import("./protocol.js").SetupBattlefield} SetupBattlefield */
/** @typedef {import("./protocol.js").Action} Action */
/** @typedef {import("./protocol.js").Observation} Observation */
/** @typedef {import("./protocol.js").ChainItem} ChainItem */
/** @typedef {import("./protocol.js").EventKind} EventKind */
/** @typedef {import("./protocol.js").EffectKind} EffectKind */
/** @typedef {import("./kit.js").Zone} Zone */
/** @typedef {import("./kit.js").Table} Table */
/** @typedef {import("./kit.js").TableCard} TableCard */

// ---------------------------------------------------------------------------
// Seats
// ---------------------------------------------------------------------------

/**
 * The seats of a mode, in turn order: duel A-B, skirmish A-C, war and magma-chamber A-D.
 * @param {Mode} mode
 * @returns {Seat[]}
 */
export function seatsOf(mode) {
  const size = Object.hasOwn(TABLE_SIZES, mode) ? TABLE_SIZES[mode] : undefined;
  if (size === undefined) throw new Invalid(`no mode is called \`${mode}\``);
  return SEATS.slice(0, size);
}

/**
 * Seats in turn order (from the first player), each once: how every list of seats is observed.
 * @param {Iterable<Seat>} seats
 * @returns {Seat[]}
 */
export const inTurnOrder = (seats) => {
  const set = new Set(seats);
  return SEATS.filter((seat) => set.has(seat));
};

/** The seat at `index` in turn order (0 is A), or null for none. @param {number | null | undefined} index */
export const seatAt = (index) => (index == null ? null : (SEATS[index] ?? null));

/** A seat's index in turn order (A is 0). @param {Seat} seat */
export const seatIndex = (seat) => SEATS.indexOf(seat);

// ---------------------------------------------------------------------------
// Zones: a card's `at`, in a setup and in an observation
// ---------------------------------------------------------------------------

const SEAT_ZONE = /^(?:([A-D])'s )?(hand|base|trash|banishment)$/i;

/**
 * A setup card's `at` read: "hand" and "A's hand" are {zone: "hand", seat: "A"},
 * "Left" is {zone: "battlefield", name: "Left"}, "facedown at Left" {zone: "facedown", name: "Left"}.
 * A hand, Trash or Banishment is its owner's; a plain "base" is the controller's.
 * @param {string} at
 * @param {{owner: Seat, controller?: Seat, name?: string}} card
 * @returns {Zone}
 */
export function readZone(at, card) {
  if (typeof at !== "string") throw new Invalid(`${card.name ?? "a card"}: \`at\` is required`);
  const text = at.trim();
  const seatZone = SEAT_ZONE.exec(text);
  if (seatZone) {
    const zone = /** @type {"hand" | "base" | "trash" | "banishment"} */ (seatZone[2].toLowerCase());
    const fallback = zone === "base" ? (card.controller ?? card.owner) : card.owner;
    const seat = /** @type {Seat | undefined} */ (seatZone[1]) ?? fallback;
    if (zone !== "base" && seat !== card.owner)
      throw new Invalid(`${card.name ?? "a card"}: a card is in its owner's ${zone}, not ${seat}'s`);
    return { zone, seat };
  }
  if (text === "chain" || text === "removed" || text === "nowhere") return { zone: text };
  if (text.startsWith("facedown at ")) return { zone: "facedown", name: text.slice(12) };
  if (text.startsWith("attached to ")) return { zone: "attached", name: text.slice(12) };
  return { zone: "battlefield", name: text };
}

/**
 * A zone as observations write a card's `at`: "A's hand", "A's Base", "A's Trash",
 * "A's Banishment", "chain", "removed", "nowhere", "facedown at Left", "attached to Poro", "Left".
 * @param {Zone} zone
 * @returns {string}
 */
export function formatZone(zone) {
  switch (zone.zone) {
    case "hand":
      return `${zone.seat}'s hand`;
    case "base":
      return `${zone.seat}'s Base`;
    case "trash":
      return `${zone.seat}'s Trash`;
    case "banishment":
      return `${zone.seat}'s Banishment`;
    case "facedown":
      return `facedown at ${zone.name}`;
    case "attached":
      return `attached to ${zone.name}`;
    case "battlefield":
      return zone.name;
    default:
      return zone.zone;
  }
}

// ---------------------------------------------------------------------------
// The setup table
// ---------------------------------------------------------------------------

/**
 * The kind of a card's effect, as capabilities name it ("deal 2" is "deal").
 * @param {string | undefined} effect
 * @returns {EffectKind | null} null for a text riftcheck does not write
 */
export function effectKind(effect) {
  const text = (effect ?? "nothing").trim();
  if (["nothing", "counter", "gain control", "kill", "equip"].includes(text)) return /** @type {EffectKind} */ (text);
  if (/^deal \d+$/.test(text)) return "deal";
  if (text === "move to a battlefield of your choice") return "move chosen";
  if (text.startsWith("move all units")) return "move all";
  if (text.startsWith("move to ")) return "move";
  if (text.startsWith("play ")) return "play token";
  if (/^[+-]\d+ might /.test(text)) return "might";
  return null;
}

/**
 * The kind of a card's ability and the kind of its effect: "add" is add, "exhaust: ..." activated,
 * "when ...: ..." triggered.
 * @param {string} ability
 * @returns {{kind: import("./protocol.js").AbilityKind, effect: EffectKind | null}}
 */
export function abilityKind(ability) {
  const text = ability.trim();
  if (text === "add") return { kind: "add", effect: null };
  const colon = text.indexOf(":");
  const effect = colon < 0 ? null : effectKind(text.slice(colon + 1));
  return { kind: text.startsWith("when ") ? "triggered" : "activated", effect };
}

/**
 * riftcheck's setup with its defaults filled in and its seats and zones read:
 * the seats at the table, who is left, every card's zone, the battlefields by name.
 * Throws Invalid for a seat that is not at the table, a removed Turn Player,
 * fewer than two players left, a name used twice, or a card in another player's hand.
 * @param {Setup} setup
 * @returns {Table}
 */
export function readSetup(setup) {
  if (typeof setup !== "object" || setup === null) throw new Invalid("the setup must be an object");
  const seats = seatsOf(setup.mode);
  /** @param {unknown} seat @param {string} where @returns {Seat} */
  const seated = (seat, where) => {
    if (!seats.includes(/** @type {Seat} */ (seat))) throw new Invalid(`${where}: \`${seat}\` is not a seat at this table`);
    return /** @type {Seat} */ (seat);
  };
  const removed = inTurnOrder((setup.removed ?? []).map((seat) => seated(seat, "removed")));
  const remaining = seats.filter((seat) => !removed.includes(seat));
  if (remaining.length < 2) throw new Invalid("removed: a game in progress needs two remaining players (651.1)");
  const turn = seated(setup.turn ?? "A", "turn");
  if (removed.includes(turn)) throw new Invalid(`turn: ${turn} has been removed from the game (651.3)`);
  /** @param {Partial<Record<Seat, number>> | undefined} perSeat @param {string} where */
  const bySeat = (perSeat, where) => {
    const all = /** @type {Record<Seat, number>} */ (Object.fromEntries(seats.map((seat) => [seat, 0])));
    for (const [seat, n] of Object.entries(perSeat ?? {})) all[seated(seat, where)] = n ?? 0;
    return all;
  };
  const contributors = setup.mode === "war" || setup.mode === "magma-chamber" ? seats.slice(1) : seats;
  const battlefields = setup.battlefields ?? contributors.map((seat) => ({ name: `${seat}'s Battlefield`, contributor: seat }));
  const names = new Set(battlefields.map((b) => b.name));
  if (names.size !== battlefields.length) throw new Invalid("two battlefields have the same name");
  /** @type {TableCard[]} */
  const cards = (setup.cards ?? []).map((card) => {
    if (names.has(card.name)) throw new Invalid(`the name \`${card.name}\` is used twice`);
    names.add(card.name);
    const owner = seated(card.owner, `${card.name}.owner`);
    const controller = seated(card.controller ?? owner, `${card.name}.controller`);
    return {
      ...card,
      owner,
      controller,
      timing: card.timing ?? "normal",
      cost: card.cost ?? 0,
      effect: card.effect ?? "nothing",
      zone: readZone(card.at, { owner, controller, name: card.name }),
    };
  });
  return {
    mode: setup.mode,
    seats,
    turn,
    removed,
    remaining,
    victoryScore: setup.victory_score ?? (setup.mode === "magma-chamber" ? 11 : 8),
    points: bySeat(setup.points, "points"),
    energy: bySeat(setup.energy, "energy"),
    priority: setup.priority == null ? null : seated(setup.priority, "priority"),
    passed: inTurnOrder((setup.passed ?? []).map((seat) => seated(seat, "passed"))),
    openedBy: setup.opened_by ?? (setup.chain?.length ? "play" : null),
    invited: setup.invited == null ? null : seated(setup.invited, "invited"),
    readings: setup.readings ?? {},
    battlefields,
    cards,
    chain: setup.chain ?? [],
    showdown: setup.showdown ?? null,
  };
}

// ---------------------------------------------------------------------------
// Observations and events
// ---------------------------------------------------------------------------

const MAYBE_SEAT = ["turn", "priority", "focus", "awaiting", "invited", "showdown", "combat", "opened_by"];
const SEAT_LISTS = ["passed", "focus_passed", "remaining", "removed", "winners"];

/**
 * An observation in the protocol's shape: `undefined` where a seat, a battlefield, a combat or
 * `opened_by` may be none becomes `null`; lists of seats are put in turn order; Chain items get
 * `pending: false` and `target: null` unless given. Fields left out stay out (declare in
 * `observes` only the fields you give).
 * @param {Observation} fields
 * @returns {Observation}
 */
export function observation(fields) {
  /** @type {Record<string, unknown>} */
  const out = { ...fields };
  for (const key of MAYBE_SEAT) if (Object.hasOwn(out, key)) out[key] ??= null;
  for (const key of SEAT_LISTS) {
    if (Array.isArray(out[key])) out[key] = inTurnOrder(/** @type {Seat[]} */ (out[key]));
  }
  if (Array.isArray(fields.chain)) out.chain = fields.chain.map((item) => ({ pending: false, target: null, ...item }));
  return /** @type {Observation} */ (out);
}

/**
 * A structured event, checked: the kind must be one of riftcheck's and every fact of that kind
 * must be given (`null` is a value: `combat_ended`'s winner may be none). Extra keys, such as
 * `rule`, are kept; riftcheck ignores them.
 * @template {EventKind} K
 * @param {K} kind
 * @param {import("./protocol.js").EventFacts[K] & {rule?: string}} facts
 * @returns {import("./protocol.js").EventOf<K>}
 */
export function event(kind, facts) {
  if (!Object.hasOwn(EVENT_FACTS, kind)) throw new TypeError(`no kind of event is called \`${kind}\``);
  for (const fact of EVENT_FACTS[kind]) {
    if (/** @type {Record<string, unknown>} */ (facts)[fact] === undefined)
      throw new TypeError(`a \`${kind}\` event needs \`${fact}\` (it has the facts ${EVENT_FACTS[kind].join(", ")})`);
  }
  return /** @type {import("./protocol.js").EventOf<K>} */ ({ kind, ...facts });
}

// ---------------------------------------------------------------------------
// Action sentences
// ---------------------------------------------------------------------------

/** @type {Array<[RegExp, (m: RegExpExecArray) => Partial<Action>]>} */
const SENTENCES = [
  [/^passes$/, () => ({ kind: "pass" })],
  [/^passes Focus$/, () => ({ kind: "pass focus" })],
  [/^ends the turn$/, () => ({ kind: "end turn" })],
  [/^concedes$/, () => ({ kind: "concede" })],
  [/^plays (.+?)(?: on (.+?))?(?: at (.+))?$/, (m) => ({ kind: "play", card: m[1], target: m[2], at: m[3] })],
  [/^activates (.+?)(?: on (.+))?$/, (m) => ({ kind: "activate", card: m[1], target: m[2] })],
  [/^moves (.+) to (.+)$/, (m) => ({ kind: "move", units: m[1].split(/, | and /), to: m[2] })],
  [/^places (.+)'s trigger$/, (m) => ({ kind: "place", card: m[1] })],
  [/^chooses (.+)$/, (m) => ({ kind: "choose", at: m[1] })],
  [/^invites ([A-D])$/, (m) => ({ kind: "invite", teammate: /** @type {Seat} */ (m[1]) })],
  [/^hides (.+) at (.+)$/, (m) => ({ kind: "hide", card: m[1], at: m[2] })],
  [/^assigns damage to (.+)$/, (m) => ({ kind: "assign", unit: m[1] })],
];

/**
 * A step's sentence as the protocol's action, its parts spelled out:
 * "B plays Negate on Firebolt" is {text, kind: "play", seat: "B", card: "Negate", target: "Firebolt"}.
 * @param {string} text
 * @returns {Action}
 */
export function parseAction(text) {
  const match = /^([A-D]) (.+)$/.exec(text.trim());
  for (const [pattern, parts] of match ? SENTENCES : []) {
    const m = pattern.exec(/** @type {RegExpExecArray} */ (match)[2]);
    if (!m) continue;
    const action = /** @type {Action} */ ({ text: text.trim(), seat: /** @type {RegExpExecArray} */ (match)[1], ...parts(m) });
    for (const key of /** @type {(keyof Action)[]} */ (Object.keys(action))) if (action[key] === undefined) delete action[key];
    return action;
  }
  throw new TypeError(`\`${text}\` is not a step riftcheck writes`);
}

