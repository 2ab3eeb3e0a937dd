//! The riftcheck command-line program (`riftcheck`): one file per subcommand under [`cli`],
//! over the crates that do the work: the checker (`riftcheck_checker`), the properties it proves
//! (`riftcheck_properties`), the conformance runner (`riftcheck_conform`), the Explorer
//! (`riftcheck_explorer`), the checker of the second ruleset (`riftcheck_mtg_check`) and the
//! rulebook tools (`riftcheck_rulebook`: readings side by side, Riftbound beside MTG).
//!
//! The others are re-exported under their old names (`riftcheck_model::model`,
//! `riftcheck_model::conform`, ...), so that one path reaches each from the command line and
//! its tests.

pub mod args;
pub mod cli;

pub use riftcheck_checker::{
    bounds, configs, coverage, files, fingerprint, junit, model, panics, progress, proof, report,
    search, simulate,
};
pub use riftcheck_conform as conform;
pub use riftcheck_explorer as explore;
pub use riftcheck_mtg_check as mtg;
pub use riftcheck_properties as properties;
pub use riftcheck_rulebook::{diverge, probes, side_by_side};
