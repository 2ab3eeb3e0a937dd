// Types of the kit's public API (src/index.mjs). The protocol's messages are
// in protocol.d.ts, the trace format in trace.d.ts, the adapter in kit.d.ts.

import type {
  AbilityKind, Action, ActionKind, Capabilities, CardKind, EffectKind, EventFacts, EventKind, EventOf,
  Mode, Observation, Refused, Seat, Setup,
} from "./protocol.js";
import type { Adapter, ServeOptions, Session, SessionOptions, Table, Zone } from "./kit.js";
import type { SnapshotToken, TraceAction } from "./trace.js";

export type * from "./protocol.js";
export type * from "./trace.js";
export type * from "./kit.js";

export const PROTOCOL: 2;

/** Serves the adapter on stdin/stdout until stdin ends. */
export function serve<Game, EngineEvent>(adapter: Adapter<Game, EngineEvent>, options?: ServeOptions): Promise<void>;
/** The protocol without its transport, for tests. */
export function createSession<Game, EngineEvent>(adapter: Adapter<Game, EngineEvent>, options?: SessionOptions): Session;
/** Checks the names in the capabilities; `snapshot` defaults to true. */
export function checkCapabilities(capabilities: Capabilities): Capabilities;

/** setup or apply: the engine cannot express this. */
export class Unsupported extends Error {
  constructor(why: string);
}
/** setup: the setup breaks the rules. */
export class Invalid extends Error {
  constructor(why: string);
}
/** apply: the rules forbid the action, by `rule` if the engine cites one (the protocol allows none). */
export class Refusal extends Error {
  constructor(rule?: string | null, details?: { error?: string; message?: string });
  rule: string | undefined;
  error: string | undefined;
  detail: string | undefined;
  toJSON(): Refused;
}

/** Writes a trace (trace.d.ts), line for line as `riftcheck serve --record` does. */
export class TraceWriter {
  constructor(sink: string | ((line: string) => void), header: { engine: string; capabilities: Capabilities });
  /** A game starts: `{"setup", "observation"}`. */
  game(setup: Setup, observation: Observation): void;
  /** A step taken or refused: `{"action", "observation"}` or `{"action", "refused"}`; nothing before the first game. */
  step(action: Action | TraceAction | string, answer: { observation: Observation } | { refused: Refused }): void;
  /** Back to right after the setup: `{"reset": true, "observation"}` (the game and its snapshots go on). */
  reset(observation: Observation): void;
  /** `{"snapshot": token}`: the game now, named by the token handed out. */
  snapshot(token: SnapshotToken): void;
  /** `{"restore": token}`: back to a snapshot of this game. */
  restore(token: SnapshotToken): void;
  /** Writes out the lines buffered for a file. */
  flush(): void;
  close(): void;
}

export function seatsOf(mode: Mode): Seat[];
export function inTurnOrder(seats: Iterable<Seat>): Seat[];
export function seatAt(index: number | null | undefined): Seat | null;
export function seatIndex(seat: Seat): number;
export function readZone(at: string, card: { owner: Seat; controller?: Seat; name?: string }): Zone;
export function formatZone(zone: Zone): string;
export function effectKind(effect: string | undefined): EffectKind | null;
export function abilityKind(ability: string): { kind: AbilityKind; effect: EffectKind | null };
export function readSetup(setup: Setup): Table;
export function observation(fields: Observation): Observation;
export function event<K extends EventKind>(kind: K, facts: EventFacts[K] & { rule?: string }): EventOf<K>;
export function parseAction(text: string): Action;

export const SEATS: readonly Seat[];
export const TABLE_SIZES: Readonly<Record<Mode, number>>;
export const ACTION_KINDS: readonly ActionKind[];
export const CARD_KINDS: readonly CardKind[];
export const EFFECT_KINDS: readonly EffectKind[];
export const ABILITY_KINDS: readonly AbilityKind[];
export const OBSERVATION_FIELDS: readonly string[];
export const SUB_FIELDS: Readonly<Record<"cards" | "battlefields" | "chain", readonly string[]>>;
export const EVENT_FACTS: Readonly<Record<EventKind, readonly string[]>>;
export const EVENT_KINDS: readonly EventKind[];
