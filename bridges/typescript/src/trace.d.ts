// The trace format (JSON lines) that `riftcheck validate TRACE` reads: games an
// engine played on its own (in its tests, on a server, under `conform`),
// recorded in the protocol's words. Written by TraceWriter (src/trace.mjs), or
// by `serve` with RIFTCHECK_TRACE=path, line for line as `riftcheck serve
// --record` writes it (src/protocol/trace.rs in riftcheck).
//
//   {"trace": 1, "engine": "my-engine 1.2.0", "capabilities": {...}}       the header, once, first
//   {"setup": {...}, "observation": {...}}                                  a game starts
//   {"action": {"text": "A plays Firebolt", ...}, "observation": {...}}     a step taken
//   {"action": {"text": "B passes"}, "refused": {"rule": "312.1", ...}}     a step refused
//   {"reset": true, "observation": {...}}                                   back to right after the setup
//   {"snapshot": 0}                                                         the game now, named by a token
//   {"restore": 0}                                                          back to the game a token named
//
// A `setup` line starts a new game; every other line belongs to the game of
// the last `setup` line. A `reset` is not a new game: the game goes on from its
// setup, and its snapshots stay valid. A token is the one the engine handed out
// for `snapshot`, valid until the next `setup` line; a `restore` names a
// `snapshot` earlier in the same game. Keys are written in the order shown:
// what happened first, then what the engine showed. Nothing is written for
// answers `unsupported`, `invalid` or `error`, nor for `observe`.

import type { Action, Capabilities, Json, Observation, Refused, Setup } from "./protocol.js";

export interface TraceHeader {
  trace: 1;
  /** "<name> <version>". */
  engine: string;
  /** The same object as hello's capabilities. */
  capabilities: Capabilities;
}

/** The game starts: the setup table as the protocol sent it, and the engine's observation right after it. */
export interface TraceGame {
  setup: Setup;
  observation: Observation;
}

/** The action as in the protocol's apply request; `text` alone is enough. */
export type TraceAction = Partial<Action> & { text: string };

export interface TraceStep {
  action: TraceAction;
  observation: Observation;
}

export interface TraceRefusal {
  action: TraceAction;
  refused: Refused & { rule: string };
}

/** Back to the game right after its setup (the protocol's `reset`), with the observation the reset answered. */
export interface TraceReset {
  reset: true;
  observation: Observation;
}

/** A snapshot token as the engine handed it out: any JSON value (the kit's are indices from 0). */
export type SnapshotToken = Json;

/** The game as it is now, named by the token the engine handed out for `snapshot`. */
export interface TraceSnapshot {
  snapshot: SnapshotToken;
}

/** Back to the game an earlier `snapshot` line of this game named (a `restore` answered `{"restored": true}`). */
export interface TraceRestore {
  restore: SnapshotToken;
}

export type TraceLine =
  | TraceHeader
  | TraceGame
  | TraceStep
  | TraceRefusal
  | TraceReset
  | TraceSnapshot
  | TraceRestore;
