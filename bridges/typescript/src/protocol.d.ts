// The riftcheck conformance protocol, version 2, as TypeScript declarations.
// docs/protocol.md explains every message; docs/protocol.schema.json is the
// JSON Schema these declarations follow (test/protocol-types.test.mjs checks
// that they agree). Version 2 observations have only the fields the engine
// declares in `capabilities.observes`, so every field of Observation is optional.

// ---------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------

/** Seats in turn order from the first player. */
export type Seat = "A" | "B" | "C" | "D";
/** duel: A-B; skirmish: A-C; war and magma-chamber: A-D (Magma Chamber teams A+C, B+D). */
export type Mode = "duel" | "skirmish" | "war" | "magma-chamber";
export type ActionKind =
  | "pass" | "pass focus" | "play" | "activate" | "move" | "end turn" | "concede"
  | "place" | "choose" | "invite" | "hide" | "assign";
export type CardKind = "unit" | "gear" | "rune" | "spell";
export type EffectKind =
  | "nothing" | "counter" | "gain control" | "move" | "play token" | "deal" | "kill"
  | "move chosen" | "move all" | "might" | "equip";
export type AbilityKind = "add" | "activated" | "triggered";
export type Timing = "normal" | "action" | "reaction";
export type Duration = "this turn" | "until your next turn";
/** Points or Energy by seat: `{"A": 0, "B": 1}`. */
export type PerSeat = Partial<Record<Seat, number>>;
/** Any JSON value (a snapshot token is one). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// ---------------------------------------------------------------------------
// hello
// ---------------------------------------------------------------------------

/** What the engine can do. Every list is optional; a list left out means "all of them". */
export interface Capabilities {
  modes?: Mode[];
  actions?: ActionKind[];
  cards?: CardKind[];
  effects?: EffectKind[];
  abilities?: AbilityKind[];
  /** With true, riftcheck returns to a state with `restore`; without, with `reset` and a replay. Default false. */
  snapshot?: boolean;
  /** true (the default): every event is compared; false: none; a list (version 2): only those kinds. */
  events?: boolean | EventKind[];
  /** Policy to reading, where the engine reads a policy otherwise than the project. */
  readings?: Record<string, string>;
  /** Version 2: the observation fields (and sub-fields such as `cards.at`) the engine exposes. Left out: all. */
  observes?: ObservedField[];
}

export type ObservedField =
  | Exclude<keyof Observation, "events">
  | `cards.${keyof ObservedCard}`
  | `battlefields.${keyof ObservedBattlefield}`
  | `chain.${keyof ChainItem}`;

export interface Hello {
  protocol: 1 | 2;
  name: string;
  version?: string;
  capabilities?: Capabilities;
  /** The ruleset played; left out, "riftbound" (this kit's). */
  ruleset?: "riftbound" | "mtg";
}

// ---------------------------------------------------------------------------
// setup: the [setup] table of the scenario format (docs/scenarios.md) as JSON
// ---------------------------------------------------------------------------

export interface Setup {
  mode: Mode;
  /** The Turn Player; default "A". */
  turn?: Seat;
  /** Seats already removed. */
  removed?: Seat[];
  /** Default 8, or 11 in Magma Chamber. */
  victory_score?: number;
  points?: PerSeat;
  energy?: PerSeat;
  /** Who has Priority on the Chain; given exactly when `chain` is not empty. */
  priority?: Seat;
  /** Who has passed Priority since the newest item was added. */
  passed?: Seat[];
  opened_by?: "play" | "trigger";
  /** Magma Chamber: the Turn Player's teammate, invited to act. */
  invited?: Seat;
  readings?: Record<string, string>;
  /** Left out: one battlefield per contributing seat, named "B's Battlefield". */
  battlefields?: SetupBattlefield[];
  cards?: SetupCard[];
  /** The Chain, bottom first. */
  chain?: SetupItem[];
  showdown?: SetupShowdown;
}

export interface SetupBattlefield {
  name: string;
  contributor: Seat;
  might?: number;
  controller?: Seat;
  contested_by?: Seat;
  token?: boolean;
}

export interface SetupCard {
  name: string;
  kind: CardKind;
  owner: Seat;
  /** Default: the owner. */
  controller?: Seat;
  /** "hand", "A's hand", "base", "A's Base", a battlefield, "facedown at <battlefield>", "chain",
   * "trash", "A's Trash", "banishment", "A's Banishment", "removed", "nowhere", "attached to <unit>". */
  at: string;
  might?: number;
  timing?: Timing;
  cost?: number;
  /** "nothing" (the default), "counter", "deal 2", "move to Left", "+2 might this turn", ... */
  effect?: string;
  /** "add", "exhaust: <effect>", "when I attack: <effect>", ... */
  ability?: string;
  exhausted?: boolean;
  damage?: number;
  token?: boolean;
  hidden?: boolean;
}

export interface SetupItem {
  /** The spell card (at "chain"), or the card whose ability it is. */
  source: string;
  kind?: "spell" | "ability" | "trigger";
  controller: Seat;
  target?: string;
}

export interface SetupShowdown {
  at: string;
  focus: Seat;
  passed?: Seat[];
  attacker?: Seat;
  defender?: Seat;
}

// ---------------------------------------------------------------------------
// apply: one action; `text` alone determines it, the other fields spell it out
// ---------------------------------------------------------------------------

export interface Action {
  /** The step's sentence: "B plays Negate on Firebolt". */
  text: string;
  kind: ActionKind;
  seat: Seat;
  card?: string;
  /** A card's or an item's name. */
  target?: string;
  /** A battlefield or "Base". */
  at?: string;
  units?: string[];
  /** A battlefield or "Base". */
  to?: string;
  teammate?: Seat;
  /** The enemy unit that gets the assigning side's combat damage next. */
  unit?: string;
}

// ---------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------

export interface HelloRequest { op: "hello"; protocol: number }
export interface SetupRequest { op: "setup"; setup: Setup }
export interface ApplyRequest { op: "apply"; action: Action }
export interface ObserveRequest { op: "observe" }
export interface SnapshotRequest { op: "snapshot" }
export interface RestoreRequest { op: "restore"; snapshot: Json }
export interface ResetRequest { op: "reset" }

export type Request =
  | HelloRequest | SetupRequest | ApplyRequest | ObserveRequest | SnapshotRequest | RestoreRequest | ResetRequest;
export type Op = Request["op"];

// ---------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------

export interface Refused {
  /** riftcheck's name of the error (NoPriority), or the engine's own (then the rule decides). */
  error?: string;
  /** The rule the engine cites (312.1). */
  rule?: string;
  message?: string;
}

export interface HelloResponse { hello: Hello }
export interface ObservationResponse { observation: Observation }
export interface RefusedResponse { refused: Refused }
export interface UnsupportedResponse { unsupported: string }
export interface InvalidResponse { invalid: string }
export interface SnapshotResponse { snapshot: Json }
export interface RestoredResponse { restored: true }
export interface ErrorResponse { error: string }

export type Response =
  | HelloResponse | ObservationResponse | RefusedResponse | UnsupportedResponse | InvalidResponse
  | SnapshotResponse | RestoredResponse | ErrorResponse;

// ---------------------------------------------------------------------------
// The observation (null is none; seat lists in turn order)
// ---------------------------------------------------------------------------

export interface Observation {
  turn?: Seat | null;
  priority?: Seat | null;
  focus?: Seat | null;
  awaiting?: Seat | null;
  invited?: Seat | null;
  /** A battlefield's name. */
  showdown?: string | null;
  /** "A attacks C". */
  combat?: string | null;
  /** Bottom first. */
  chain?: ChainItem[];
  opened_by?: "play" | "trigger" | null;
  waiting?: WaitingTrigger[];
  passed?: Seat[];
  focus_passed?: Seat[];
  remaining?: Seat[];
  removed?: Seat[];
  winners?: Seat[];
  points?: PerSeat;
  energy?: PerSeat;
  staged?: string[];
  /** An entry for every card of the setup, by name. */
  cards?: Record<string, ObservedCard>;
  battlefields?: Record<string, ObservedBattlefield>;
  lasting?: LastingEffect[];
  /** What this step did, in order: sentences or structured events. */
  events?: Event[];
}

export interface ChainItem {
  /** The card's name, "Totem's ability" or "Sentry's trigger". */
  item?: string;
  controller?: Seat;
  pending?: boolean;
  target?: string | null;
}

export interface WaitingTrigger { trigger: string; controller: Seat }

export interface ObservedCard {
  /** "A's hand", "A's Base", a battlefield, "facedown at <battlefield>", "chain", "A's Trash",
   * "A's Banishment", "removed", "nowhere" or "attached to <unit>". */
  at?: string;
  controller?: Seat;
  might?: number | null;
  mighty?: boolean;
  exhausted?: boolean;
  damage?: number;
}

export interface ObservedBattlefield {
  controller?: Seat | null;
  token?: boolean;
  might?: number;
  contested_by?: Seat | null;
  scored?: Seat[];
}

export interface LastingEffect { unit: string; by: Seat; might: number; until: Duration }

// ---------------------------------------------------------------------------
// Structured events: the facts of each kind (docs/protocol.md, "Kinds of event")
// ---------------------------------------------------------------------------

/** The facts of every kind of event, besides `kind` (and the optional, never compared `rule`). */
export interface EventFacts {
  conceded: { seat: Seat };
  won: { winners: Seat[] };
  player_removed: { seat: Seat };
  banished: { card: string };
  battlefield_replaced: { battlefield: string };
  might_changed: { card: string; from: number; to: number };
  removed_from_game: { card: string };
  countered: { item: string };
  left_chain: { item: string };
  battlefield_uncontrolled: { battlefield: string };
  turn_to: { seat: Seat };
  turn_began: { seat: Seat };
  turn_ended: { seat: Seat };
  focus_to: { seat: Seat };
  priority_to: { seat: Seat };
  passed: { seat: Seat };
  passed_focus: { seat: Seat };
  played: { seat: Seat; card: string };
  activated: { seat: Seat; card: string };
  energy_added: { seat: Seat; card: string };
  item_added: { item: string; controller: Seat };
  finalized: { item: string };
  triggers_waiting: { seat: Seat };
  resolved: { item: string };
  hid: { seat: Seat; card: string; battlefield: string };
  hidden_lost: { card: string };
  trashed: { card: string };
  entered_board: { card: string; to: string };
  control_gained: { card: string; seat: Seat };
  moved: { card: string; to: string };
  recalled: { card: string };
  assigned: { seat: Seat; card: string };
  damaged: { card: string; amount: number };
  dealt: { card: string; amount: number };
  attached: { card: string; to: string };
  detached: { card: string; from: string; at: string };
  final_point_withheld: { seat: Seat; battlefield: string };
  empowered: { card: string; by: Seat; amount: number; until: Duration };
  expired: { card: string; by: Seat; amount: number };
  killed: { card: string };
  ceased_to_exist: { card: string };
  contested: { battlefield: string; seat: Seat };
  unstaged: { battlefield: string };
  showdown_began: { battlefield: string };
  combat_began: { battlefield: string; attacker: Seat; defender: Seat };
  showdown_ended: { battlefield: string };
  combat_ended: { battlefield: string; winner: Seat | null };
  control_established: { seat: Seat; battlefield: string };
  scored: { seat: Seat; battlefield: string; how: "conquer" | "hold" };
  invited: { seat: Seat };
}

export type EventKind = keyof EventFacts;

/** One structured event of kind K: `{"kind": "played", "seat": "A", "card": "Firebolt"}`. */
export type EventOf<K extends EventKind> = { kind: K; rule?: string } & EventFacts[K];

/** A structured event: a union discriminated by `kind`, one member per kind. */
export type StructuredEvent = { [K in EventKind]: EventOf<K> }[EventKind];

/** A sentence in riftcheck's words ("A passes (339)") or a structured event. */
export type Event = string | StructuredEvent;
