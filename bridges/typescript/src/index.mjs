// @ts-check
/** riftcheck-bridge: put a JavaScript or TypeScript rules engine behind riftcheck's conformance protocol. */
export { serve, createSession, checkCapabilities, PROTOCOL } from "./session.mjs";
export { Unsupported, Invalid, Refusal } from "./errors.mjs";
export { TraceWriter } from "./trace.mjs";
export {
  seatsOf, inTurnOrder, seatAt, seatIndex, readZone, formatZone, effectKind, abilityKind, readSetup,
  observation, event, parseAction,
} from "./helpers.mjs";
export {
  SEATS, TABLE_SIZES, ACTION_KINDS, CARD_KINDS, EFFECT_KINDS, ABILITY_KINDS, OBSERVATION_FIELDS, SUB_FIELDS,
  EVENT_FACTS, EVENT_KINDS,
} from "./vocabulary.mjs";
