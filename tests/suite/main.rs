//! The engine's integration tests, in one test binary: scenarios replayed on the engine and the
//! spec, the engine laws and the engine-spec lockstep on random games, refusals, events and the
//! readers' errors. Each file below was a binary of its own; as modules of one they are built
//! and linked once, and scheduled together on every processor. (`tests/structure/`, which reads
//! the sources rather than running the engine, stays a binary of its own.)

mod corpus;

mod at_issue;
mod citations;
mod events;
mod fuzz_bodies;
mod laws;
mod malformed;
mod mtg_lockstep;
mod mtg_scenarios;
mod refusals;
mod scenario_errors;
mod scenarios;
mod state_machine;
mod well_formed;
