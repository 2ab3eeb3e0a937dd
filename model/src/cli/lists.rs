//! The listing subcommands: `riftcheck policies`, `faults` and `properties`.

use std::process::ExitCode;

use riftcheck_checker::plug::{Kind, Property};

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

/// `riftcheck faults` (`--ruleset mtg`: the MTG engine's).
pub fn faults(mtg: bool) -> ExitCode {
    if mtg {
        return mtg_faults();
    }
    for f in riftcheck::Fault::ALL {
        println!("{:32} ({}) {}", f.key(), f.rule(), f.what());
    }
    ExitCode::SUCCESS
}

/// `riftcheck faults --ruleset mtg`.
fn mtg_faults() -> ExitCode {
    use mtg_check::properties::broken_by;
    for f in riftcheck::mtg::MtgFault::ALL {
        println!(
            "{:22} ({}) {}; breaks: {}",
            f.key(),
            f.rule(),
            f.what(),
            broken_by(f).text()
        );
    }
    ExitCode::SUCCESS
}

/// `riftcheck properties`: a ruleset's properties, each with its kind, its rules and the
/// companion that shows the bounds reach it, if it has one.
pub fn properties<P: Property>() -> ExitCode {
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
