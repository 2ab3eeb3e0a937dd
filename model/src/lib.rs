//! The riftcheck command-line program (`riftcheck`): one file per subcommand under [`cli`],
//! over the crates that do the work: the checker (`riftcheck_checker`), the properties it proves
//! (`riftcheck_properties`), the conformance runner (`riftcheck_conform`), the Explorer
//! (`riftcheck_explorer`), the checker of the second ruleset (`mtg_check`) and the
//! rulebook tools (`riftcheck_rulebook`: readings side by side, Riftbound beside MTG).
//!
//! It re-exports none of them: code here and in its tests names each by its own crate, so one
//! name leads to one place.

pub mod args;
pub mod cli;
