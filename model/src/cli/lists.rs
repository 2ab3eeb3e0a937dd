//! The listing subcommands: `riftcheck policies`, `faults` and `properties`.

use std::process::ExitCode;

use riftcheck_properties::{Kind, Prop};

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

/// `riftcheck properties --ruleset mtg`.
fn mtg_properties() -> ExitCode {
    for p in mtg_check::properties::MtgProp::ALL {
        println!("always    {}", p.text());
    }
    ExitCode::SUCCESS
}

/// `riftcheck properties` (`--ruleset mtg`: the MTG checker's).
pub fn properties(mtg: bool) -> ExitCode {
    if mtg {
        return mtg_properties();
    }
    for &p in Prop::ALL {
        let kind = match p.kind() {
            Kind::Always => "always",
            Kind::Sometimes => "sometimes",
            Kind::Graph => "graph",
        };
        match p.row().companion {
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
