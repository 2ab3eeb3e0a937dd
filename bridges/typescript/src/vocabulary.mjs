// @ts-check
/** riftcheck's names, as docs/protocol.md lists them (test/protocol-types.test.mjs checks them against the schema). */

/** @typedef {import("./protocol.js").Seat} Seat */
/** @typedef {import("./protocol.js").Mode} Mode */
/** @typedef {import("./protocol.js").EventKind} EventKind */

/** @type {readonly Seat[]} Seats in turn order from the first player. */
export const SEATS = Object.freeze(["A", "B", "C", "D"]);

/** @type {Readonly<Record<Mode, number>>} Players at the table in each mode. */
export const TABLE_SIZES = Object.freeze({ duel: 2, skirmish: 3, war: 4, "magma-chamber": 4 });

export const ACTION_KINDS = Object.freeze([
  "pass", "pass focus", "play", "activate", "move", "end turn", "concede",
  "place", "choose", "invite", "hide", "assign",
]);
export const CARD_KINDS = Object.freeze(["unit", "gear", "rune", "spell"]);
export const EFFECT_KINDS = Object.freeze([
  "nothing", "counter", "gain control", "move", "play token", "deal", "kill",
  "move chosen", "move all", "might", "equip",
]);
export const ABILITY_KINDS = Object.freeze(["add", "activated", "triggered"]);

/** The observation's fields, and the sub-fields of its three record fields. */
export const OBSERVATION_FIELDS = Object.freeze([
  "turn", "priority", "focus", "awaiting", "invited", "showdown", "combat", "chain",
  "opened_by", "waiting", "passed", "focus_passed", "remaining", "removed", "winners",
  "points", "energy", "staged", "cards", "battlefields", "lasting",
]);
export const SUB_FIELDS = Object.freeze({
  cards: ["at", "controller", "might", "mighty", "exhausted", "damage"],
  battlefields: ["controller", "token", "might", "contested_by", "scored"],
  chain: ["item", "controller", "pending", "target"],
});

/** Every kind of structured event and its facts (besides `kind` and the optional `rule`). */
export const EVENT_FACTS = /** @type {Readonly<Record<EventKind, readonly string[]>>} */ (Object.freeze({
  conceded: ["seat"],
  won: ["winners"],
  player_removed: ["seat"],
  banished: ["card"],
  battlefield_replaced: ["battlefield"],
  might_changed: ["card", "from", "to"],
  removed_from_game: ["card"],
  countered: ["item"],
  left_chain: ["item"],
  battlefield_uncontrolled: ["battlefield"],
  turn_to: ["seat"],
  turn_began: ["seat"],
  turn_ended: ["seat"],
  focus_to: ["seat"],
  priority_to: ["seat"],
  passed: ["seat"],
  passed_focus: ["seat"],
  played: ["seat", "card"],
  activated: ["seat", "card"],
  energy_added: ["seat", "card"],
  item_added: ["item", "controller"],
  finalized: ["item"],
  triggers_waiting: ["seat"],
  resolved: ["item"],
  hid: ["seat", "card", "battlefield"],
  hidden_lost: ["card"],
  trashed: ["card"],
  entered_board: ["card", "to"],
  control_gained: ["card", "seat"],
  moved: ["card", "to"],
  recalled: ["card"],
  assigned: ["seat", "card"],
  damaged: ["card", "amount"],
  dealt: ["card", "amount"],
  attached: ["card", "to"],
  detached: ["card", "from", "at"],
  final_point_withheld: ["seat", "battlefield"],
  empowered: ["card", "by", "amount", "until"],
  expired: ["card", "by", "amount"],
  killed: ["card"],
  ceased_to_exist: ["card"],
  contested: ["battlefield", "seat"],
  unstaged: ["battlefield"],
  showdown_began: ["battlefield"],
  combat_began: ["battlefield", "attacker", "defender"],
  showdown_ended: ["battlefield"],
  combat_ended: ["battlefield", "winner"],
  control_established: ["seat", "battlefield"],
  scored: ["seat", "battlefield", "how"],
  invited: ["seat"],
}));

/** @type {readonly EventKind[]} */
export const EVENT_KINDS = Object.freeze(/** @type {EventKind[]} */ (Object.keys(EVENT_FACTS)));
