//! The listing subcommands: `riftcheck policies`, `faults` and `properties`.

use std::process::ExitCode;

use super::ruleset::{Run, Tools};
use riftcheck_checker::plug::{Kind, Plug, Property};

/// `riftcheck policies`.
pub fn policies() -> ExitCode {
    for p in riftcheck::readings::policies::POLICIES {
        println!(
            "{} ({})\n  {}\n  implemented by {}\n",
            p.name, p.rules, p.default, p.implemented_by
        );
    }
    println!("readings (the first is the default; a fault is a reading known to be wrong):");
    for p in riftcheck::readings::POINTS {
        println!("  {} ({})", p.key, p.rules);
        for r in p.readings {
            let fault = r.fault.map_or(String::new(), |f| format!(" [fault {f}]"));
            println!("    {}{fault}: {}", r.key, r.text());
        }
    }
    ExitCode::SUCCESS
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
