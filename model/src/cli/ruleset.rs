//! The one place the command line names the rulesets: `--ruleset`'s values, and the dispatch
//! that runs a subcommand, written once generic over the ruleset ([`Run`]), with the ruleset
//! asked for. Every other file of the command line reaches a ruleset through this.

use clap::ValueEnum;
use mtg_check::plan::MtgCheck;
use riftbound_check::plan::RiftboundCheck;
use riftcheck_checker::plan::Checkable;
use riftcheck_conform::Conformed;

/// A ruleset the checker knows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum Ruleset {
    /// Riftbound: its multiplayer rules (651-652), Priority, Focus, the Chain, Showdowns, combat.
    Riftbound,
    /// Magic: The Gathering's multiplayer leaving (800.4), docs/mtg.md.
    Mtg,
}

impl Ruleset {
    /// Every ruleset, in the order a default check runs them.
    pub const ALL: [Ruleset; 2] = [Ruleset::Riftbound, Ruleset::Mtg];

    /// Runs `work` with this ruleset.
    pub fn run<W: Run>(self, work: W) -> W::Out {
        match self {
            Ruleset::Riftbound => work.run::<RiftboundCheck>(),
            Ruleset::Mtg => work.run::<MtgCheck>(),
        }
    }

    /// The ruleset's key (`--ruleset`'s value).
    pub fn key(self) -> &'static str {
        struct Key;
        impl Run for Key {
            type Out = &'static str;
            fn run<R: Tools>(self) -> &'static str {
                R::KEY
            }
        }
        self.run(Key)
    }

    /// The ruleset whose key is `key`, if there is one.
    pub fn of_key(key: &str) -> Option<Ruleset> {
        Ruleset::ALL.into_iter().find(|r| r.key() == key)
    }
}

/// A ruleset as the command line runs it: checked ([`Checkable`]) and driving other engines
/// ([`Conformed`]).
pub trait Tools: Checkable {
    /// How `conform` drives an engine of the ruleset.
    type Driver: Conformed;
}

impl Tools for RiftboundCheck {
    type Driver = riftbound_check::conform::Driver;
}

impl Tools for MtgCheck {
    type Driver = mtg_check::conform::Driver;
}

/// A subcommand's work, written once for any ruleset.
pub trait Run {
    /// What it gives back (an exit status, mostly).
    type Out;
    /// Does the work with ruleset `R`.
    fn run<R: Tools>(self) -> Self::Out;
}
