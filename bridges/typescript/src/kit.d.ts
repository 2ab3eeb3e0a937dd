// The kit's own types: the adapter an engine author writes, and what the
// helpers return. The protocol's messages are in protocol.d.ts.

import type {
  Action, Capabilities, Event, Mode, Observation, Request, Response, Seat, Setup,
  SetupBattlefield, SetupCard, SetupItem, SetupShowdown, Timing,
} from "./protocol.js";
import type { Refusal, TraceWriter } from "./index.js";

/** What `setup` and `apply` return: the game after the step, and what the step did. */
export interface Step<Game, EngineEvent = Event> {
  game: Game;
  /** The step's events: protocol events, or the engine's own if the adapter maps them with `events`. */
  events?: EngineEvent[];
}

type Awaitable<T> = T | Promise<T>;

/**
 * What an engine author writes: riftcheck's words to the engine's and back.
 * The kit does the rest (the loop, hello, snapshot, restore, reset, events
 * filtering, unsupported modes and kinds, traces).
 *
 * The kit keeps the games that `setup` and `apply` return: the one after setup
 * for `reset`, and one per `snapshot`. With a pure reducer (apply never changes
 * the game it is given) that is all it takes. An engine that changes its game in
 * place gives `clone`, which the kit then calls to keep and to restore games; or,
 * without one, declares `snapshot: false`: riftcheck then resets and replays, and
 * the kit sets the game up again on `reset`.
 */
export interface Adapter<Game = unknown, EngineEvent = Event> {
  name: string;
  version?: string;
  /** As hello declares them; `snapshot` defaults to true, since the kit keeps the games itself. */
  capabilities: Capabilities;
  /** A new game; throw Unsupported(why) or Invalid(why). */
  setup(setup: Setup): Awaitable<Step<Game, EngineEvent>>;
  /** The game after the action, never the game given unless `clone` is given or snapshots are declared off; throw Refusal(rule?, {error, message}) or Unsupported(why). */
  apply(game: Game, action: Action): Awaitable<Step<Game, EngineEvent>>;
  /** The observation of a game, without `events` (the kit adds them). */
  observe(game: Game): Awaitable<Observation>;
  /**
   * The engine's events of a step as protocol events; without it, a step's events are protocol events already.
   * `before` is the game before the step (a copy the kit takes with `clone` when there is one); null after setup,
   * and after a step of an engine that changed its game in place and gives no `clone`.
   */
  events?(engineEvents: EngineEvent[], before: Game | null, after: Game): Event[];
  /** The engine's own error thrown by apply, as a Refusal; anything falsy: it was a bug, answered `error`. */
  refusal?(error: unknown, game: Game, action: Action): Refusal | null | undefined | false;
  /** A deep copy of a game, for an engine that changes games in place. */
  clone?(game: Game): Game;
}

export interface SessionOptions {
  /** Record every game played into a trace file: a path ("{pid}" is replaced by the process id), a TraceWriter, or a function that takes each line. Default: the environment variable RIFTCHECK_TRACE. */
  trace?: string | TraceWriter | ((line: string) => void) | null;
  /** Where the log goes; default process.stderr. */
  log?: { write(text: string): unknown };
}

export interface ServeOptions extends SessionOptions {
  input?: NodeJS.ReadableStream;
  output?: { write(text: string): unknown };
}

/** The protocol without the transport, for tests: one request in, one response out, in order. */
export interface Session {
  handle(request: Request): Promise<Response>;
  /** One line in, the response line out (without a newline), or null for a blank line. */
  answer(line: string): Promise<string | null>;
  close(): void;
}

/** Where a card is, read from the setup's `at` (readZone) or written as an observation's (formatZone). */
export type Zone =
  | { zone: "hand" | "base" | "trash" | "banishment"; seat: Seat }
  | { zone: "chain" | "removed" | "nowhere" }
  | { zone: "battlefield" | "facedown" | "attached"; name: string };

export interface TableCard extends SetupCard {
  controller: Seat;
  timing: Timing;
  cost: number;
  effect: string;
  zone: Zone;
}

/** readSetup's result: the setup with its defaults filled in and its seats and zones read. */
export interface Table {
  mode: Mode;
  /** The seats at the table, in turn order. */
  seats: Seat[];
  turn: Seat;
  removed: Seat[];
  /** The seats still in the game, in turn order. */
  remaining: Seat[];
  victoryScore: number;
  points: Record<Seat, number>;
  energy: Record<Seat, number>;
  priority: Seat | null;
  passed: Seat[];
  openedBy: "play" | "trigger" | null;
  invited: Seat | null;
  readings: Record<string, string>;
  battlefields: SetupBattlefield[];
  cards: TableCard[];
  chain: SetupItem[];
  showdown: SetupShowdown | null;
}
