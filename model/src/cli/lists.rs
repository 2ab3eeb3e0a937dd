//! The listing subcommands, each of a ruleset: `riftcheck policies`, `faults` and `properties`.

use std::process::ExitCode;

use super::ruleset::{Run, Tools};
use riftcheck_checker::plug::{Kind, Plug, Property};

/// `riftcheck policies` and `riftcheck faults`: a ruleset's lines of either, printed.
pub enum Listing {
    /// Its policies and the readings of each point ([`riftcheck_checker::plan::Checkable::policies`]).
    Policies,
    /// Its engine's faults, each with its rule and what it does ([`riftcheck_checker::plan::Checkable::faults`]).
    Faults,
}

impl Run for Listing {
    type Out = ExitCode;

    fn run<R: Tools>(self) -> ExitCode {
        let lines = match self {
            Listing::Policies => R::policies(),
            Listing::Faults => R::faults(),
        };
        for line in lines {
            println!("{line}");
        }
        ExitCode::SUCCESS
    }
}

/// `riftcheck properties`: a ruleset's properties, each with its kind, its rules and the
/// companion that shows the bounds reach it, if it has one.
pub struct Properties;

impl Run for Properties {
    type Out = ExitCode;

    fn run<R: Tools>(self) -> ExitCode {
        properties::<<R::Model as Plug>::Prop>()
    }
}

/// `riftcheck properties`: a ruleset's properties, each with its kind, its rules and the
/// companion that shows the bounds reach it, if it has one.
fn properties<P: Property>() -> ExitCode {
    for &p in P::ALL {
        let kind = match p.kind() {
            Kind::Always => "always",
            Kind::Sometimes => "sometimes",
            Kind::Graph => "graph",
        };
        match p.companion() {
            Some(c) => println!(
                "{kind:9} {} ({}); reached: {}",
                p.name(),
                p.rule(),
                c.name()
            ),
            None => println!("{kind:9} {} ({})", p.name(), p.rule()),
        }
    }
    ExitCode::SUCCESS
}
