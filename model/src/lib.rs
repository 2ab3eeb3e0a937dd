//! The riftcheck command-line program (`riftcheck`): one file per subcommand under [`cli`],
//! over the crates that do the work: the checker (`riftcheck_checker`), the properties it proves
//! (`riftcheck_properties`), the conformance runner (`riftcheck_conform`), the Explorer
//! (`riftcheck_explorer`), each ruleset's implementation of the checker's and conform's
//! traits (named in one file, `cli/ruleset.rs`, which dispatches every subcommand on the
//! ruleset) and the rulebook tools (`riftcheck_rulebook`: the two rulesets side by side).
//!
//! It re-exports none of them: code here and in its tests names each by its own crate, so one
//! name leads to one place.

pub mod args;
pub mod cli;
