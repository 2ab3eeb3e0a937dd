//! The command-line program's integration tests, in one test binary: each file below was a
//! binary of its own, and together they linked the program's crates 21 times and ran one after
//! another, each leaving a processor idle while its last slow test finished. As modules of one
//! binary they are built once and scheduled together on every processor.

mod common;

mod checker;
mod cli;
mod conform;
mod conform_mtg;
mod conform_v2;
mod coverage;
mod diverge;
mod engine_boundary;
mod engine_panics;
mod explore;
mod faults;
mod kits;
mod malformed_cli;
mod memo;
mod mtg_check;
mod mtg_cli;
mod output;
mod past;
mod readings;
mod render;
mod shards;
mod traces;
