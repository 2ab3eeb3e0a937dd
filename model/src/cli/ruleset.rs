//! The one place the command line names the rulesets: `--ruleset`'s values, and the dispatch
//! that runs a subcommand, written once generic over the ruleset ([`Run`]), with the ruleset
//! asked for. Every other file of the command line reaches a ruleset through this.

use clap::ValueEnum;
use mtg_check::plan::MtgCheck;
use riftbound_check::plan::RiftboundCheck;
use riftcheck::harness::cost::{Costs, engine_costs};
use riftcheck::protocol::serve::{Asked, Respond};
use riftcheck_checker::explore::Explorable;
use riftcheck_checker::plan::{Checkable, Scenarios};
use riftcheck_checker::readings::Readable;
use riftcheck_conform::Conformed;

/// A ruleset the checker knows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, ValueEnum)]
pub enum Ruleset {
    /// Riftbound: its multiplayer rules (651-652), Priority, Focus, the Chain, Showdowns, combat.
    #[default]
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

    /// The ruleset the scenario file at `path` declares; a file that declares none, or one
    /// riftcheck does not know, is read as Riftbound's, whose reader says what is wrong.
    pub fn of_file(path: &std::path::Path) -> Ruleset {
        Ruleset::of_key(&riftcheck::scenario::ruleset_of(path)).unwrap_or_default()
    }

    /// The ruleset whose engine has a fault called `key`, if one has.
    pub fn of_fault(key: &str) -> Option<Ruleset> {
        struct Knows<'a>(&'a str);
        impl Run for Knows<'_> {
            type Out = bool;
            fn run<R: Tools>(self) -> bool {
                R::knows_fault(self.0)
            }
        }
        Ruleset::ALL.into_iter().find(|r| r.run(Knows(key)))
    }
}

/// A ruleset as the command line runs it: checked ([`Checkable`]), its scenario files
/// replayed and rendered ([`Scenarios`]), walked in the Explorer ([`Explorable`]), its policies
/// set side by side ([`Readable`]), driving
/// other engines ([`Conformed`]) and served behind the protocol.
pub trait Tools: Checkable + Scenarios + Explorable + Readable + 'static {
    /// How `conform` drives an engine of the ruleset.
    type Driver: Conformed;

    /// The bytes of the reference engine's game, inline in each state of the model.
    const ENGINE_BYTES: usize;

    /// What the reference engine's steps cost on random games played for `seconds`
    /// (`riftcheck bench`).
    fn engine_costs(seconds: f64) -> Costs;

    /// The ruleset's reference engine (or spec) behind the protocol, as `serve` is asked.
    ///
    /// # Errors
    ///
    /// An option the ruleset's session cannot take, in words.
    fn session(asked: &Asked) -> Result<Box<dyn Respond>, String>;
}

impl Tools for RiftboundCheck {
    type Driver = riftbound_check::conform::Driver;

    const ENGINE_BYTES: usize = std::mem::size_of::<riftcheck::Game>();

    fn engine_costs(seconds: f64) -> Costs {
        use riftcheck::harness::generate::{self, Pick};
        engine_costs::<riftcheck::Riftbound, riftcheck::Game, riftcheck::oracle::Spec>(
            seconds,
            |u| generate::setup(u).ok(),
            |game, _, u| generate::action(game, u, Pick::Legal).ok().flatten(),
        )
    }

    fn session(asked: &Asked) -> Result<Box<dyn Respond>, String> {
        riftbound_check::serve::session(asked)
    }
}

impl Tools for MtgCheck {
    type Driver = mtg_check::conform::Driver;

    const ENGINE_BYTES: usize = std::mem::size_of::<riftcheck::mtg::MtgGame>();

    fn engine_costs(seconds: f64) -> Costs {
        use riftcheck::mtg::{Mtg, MtgGame, fuzz, spec::MtgSpec};
        engine_costs::<Mtg, MtgGame, MtgSpec>(
            seconds,
            |u| fuzz::table(u).ok().filter(|s| s.validate().is_ok()),
            riftcheck::harness::cost::uniform,
        )
    }

    fn session(asked: &Asked) -> Result<Box<dyn Respond>, String> {
        mtg_check::serve::session(asked)
    }
}

/// A subcommand's work, written once for any ruleset.
pub trait Run {
    /// What it gives back (an exit status, mostly).
    type Out;
    /// Does the work with ruleset `R`.
    fn run<R: Tools>(self) -> Self::Out;
}
