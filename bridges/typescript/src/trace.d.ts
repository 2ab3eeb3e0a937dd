// The trace format (JSON lines) that `riftcheck validate TRACE` reads: games an
// engine played on its own (in its tests, on a server), recorded in the
// protocol's words. Written by TraceWriter (src/trace.mjs), or by `serve` with
// RIFTCHECK_TRACE=path.
//
//   {"trace": 1, "engine": "my-engine 1.2.0", "capabilities": {...}}       the header, once
//   {"setup": {...}, "observation": {...}}                                  a game starts
//   {"action": {"text": "A plays Firebolt", ...}, "observation": {...}}     a step taken
//   {"action": {"text": "B passes"}, "refused": {"rule": "312.1", ...}}     a step refused
//
// A new `setup` line starts a new game; a trace is linear (no snapshots).

import type { Action, Capabilities, Observation, Refused, Setup } from "./protocol.js";

export interface TraceHeader {
  trace: 1;
  /** "<name> <version>". */
  engine: string;
  /** The same object as hello's capabilities. */
  capabilities: Capabilities;
}

/** The game starts: the setup table and the engine's observation right after it. */
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

export type TraceLine = TraceHeader | TraceGame | TraceStep | TraceRefusal;
