//! The listing subcommands, each of a ruleset: `riftcheck policies`, `faults` and `properties`.

use std::process::ExitCode;

use super::ruleset::{Run, Tools};
use riftcheck_checker::plug::{Kind, Plug, Property};

/// `riftcheck policies`: a ruleset's policies and the readings of each point.
pub struct Policies;

impl Run for Policies {
    type Out = ExitCode;

    fn run<R: Tools>(self) -> ExitCode {
        for line in R::policies() {
            println!("{line}");
        }
        ExitCode::SUCCESS
    }
}

/// `riftcheck faults`: the faults of a ruleset's engine, each with its rule and what it does.
pub struct Faults;

impl Run for Faults {
    type Out = ExitCode;

    fn run<R: Tools>(self) -> ExitCode {
        for line in R::faults() {
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
