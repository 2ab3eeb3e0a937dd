//! Riftbound as the command line checks it ([`Checkable`]): `check`'s filters, bounds, fault
//! and policies read into the configurations and their models, a built-in configuration as a
//! scenario file, the walks of `simulate` and the faults listed.

use std::path::Path;

use riftcheck::{Action, Game, Scenario, Setup};
use riftcheck_checker::plan::{Asked, Checkable, Entry, Plan, Walked};

use crate::bounds::Bounds;
use crate::configs;
use crate::model::RiftModel;
use crate::proof::{self, Options};

/// Riftbound, for the command line.
pub struct RiftboundCheck;

/// A configuration to check: its name, its family, its setup and its bounds.
struct Target {
    name: String,
    family: String,
    about: &'static str,
    setup: Setup,
    bounds: Bounds,
}

impl Target {
    fn entry(&self, players: usize, mode: &str) -> Entry {
        let b = self.bounds;
        let bounds = serde_json::json!({
            "turns": b.turns,
            "concessions": b.concessions,
            "invites": b.invites,
            "turns_begun": b.turns_begun,
        });
        Entry {
            line: format!(
                "{:24} {}  (bounds: turns={}, concessions={}, invites={})",
                self.name,
                self.about,
                b.turns,
                b.concessions,
                b.invites
                    .map_or_else(|| "unbounded".to_string(), |n| n.to_string())
            ),
            listed: serde_json::json!({
                "name": self.name,
                "mode": mode,
                "family": self.family,
                "players": players,
                "about": self.about,
                "bounds": bounds,
            }),
            name: self.name.clone(),
            family: self.family.clone(),
            bounds,
        }
    }
}

/// The built-in configurations the filters leave or the scenario files' setups, each with the
/// bounds asked for (over its own, or over the defaults for a file), as entries and targets.
fn targets(asked: &Asked<'_>) -> Result<(Vec<Entry>, Vec<Target>), String> {
    asked.no_filters_with_files()?;
    let over = |base: Bounds| asked.bounds.map_or(Ok(base), |t| base.read(t));
    let mut out = Vec::new();
    for path in asked.files {
        let s = Scenario::load(path).map_err(|e| e.to_string())?;
        let name = riftcheck::scenario::escaped(&path.display().to_string()).into_owned();
        let target = Target {
            family: name.clone(),
            name,
            about: "a scenario file's setup",
            bounds: over(Bounds::default())?,
            setup: s.setup,
        };
        let (players, mode) = (target.setup.mode.players(), target.setup.mode.key());
        out.push((target.entry(players, mode), target));
    }
    if asked.files.is_empty() {
        for c in configs::select(asked.mode, asked.family, asked.players)? {
            let target = Target {
                name: c.name(),
                family: c.family.key().to_string(),
                about: c.family.about(),
                bounds: over(if asked.quick { c.quick } else { c.bounds })?,
                setup: c.setup,
            };
            out.push((target.entry(c.mode.players(), c.mode.key()), target));
        }
    }
    Ok(out.into_iter().unzip())
}

/// The fault and policies `asked` names, as the options each model is made under.
fn options(asked: &Asked<'_>) -> Result<Options, String> {
    let mut opts = Options::default();
    if let Some(name) = asked.fault {
        opts.fault = Some(name.parse().map_err(|e| format!("{e}"))?);
    }
    for text in asked.policies {
        let c = text.parse().map_err(|e| format!("--policy {text}: {e}"))?;
        opts.policies.push(c);
    }
    Ok(opts)
}

impl Checkable for RiftboundCheck {
    const KEY: &'static str = "riftbound";
    type Model = RiftModel<Game>;

    fn plan(asked: &Asked<'_>) -> Result<Plan<'static, RiftModel<Game>>, String> {
        let (entries, targets) = targets(asked)?;
        let opts = options(asked)?;
        let fault = opts.fault.map(|f| f.key());
        let model_of = move |i: usize| {
            let t: &Target = &targets[i];
            proof::model::<Game>(&t.name, &t.setup, t.bounds, &opts)
                .map_err(|e| format!("{}: {e}", t.name))
        };
        Ok(Plan {
            ruleset: Self::KEY,
            entries,
            model_of: Box::new(model_of),
            fault,
            of: serde_json::json!({
                "bounds": asked.bounds,
                "quick": asked.quick,
                "fault": asked.fault,
                "policies": asked.policies,
            }),
        })
    }

    fn print(name: &str) -> Result<String, String> {
        let c = configs::all()
            .into_iter()
            .find(|c| c.name() == name)
            .ok_or_else(|| {
                format!("no configuration is called `{name}`; `riftcheck check --list` shows them")
            })?;
        Ok(crate::report::setup_scenario(&c.name(), c.family.about(), &c.setup).to_toml())
    }

    fn walked(
        file: Option<&Path>,
        bounds: Option<&str>,
        fault: Option<&str>,
    ) -> Result<Walked<RiftModel<Game>>, String> {
        let fault = fault
            .map(str::parse::<riftcheck::Fault>)
            .transpose()
            .map_err(|e| e.to_string())?;
        let bounds = Bounds::default().read(bounds.unwrap_or("turns=6,concessions=3,invites=2"))?;
        let targets: Vec<(String, Setup)> = match file {
            Some(path) => {
                let s = Scenario::load(path).map_err(|e| e.to_string())?;
                vec![(path.display().to_string(), s.setup)]
            }
            None => configs::all()
                .into_iter()
                .map(|c| (c.name(), c.setup))
                .collect(),
        };
        let models = targets.into_iter().map(move |(name, setup)| {
            let mut model = RiftModel::<Game>::new(name.clone(), &setup.with_fault(fault), bounds)
                .map_err(|e| format!("{name}: {e}"))?;
            // Written as the check writes one: the setup as given, the engine's fault aside.
            model.written = setup;
            Ok(model)
        });
        Ok(Walked {
            models: Box::new(models),
            rare: |a: &Action| matches!(a, Action::Concede { .. }),
            shortest: None,
        })
    }

    fn policies() -> Vec<String> {
        let mut out = Vec::new();
        for p in riftcheck::readings::policies::POLICIES {
            out.push(format!(
                "{} ({})\n  {}\n  implemented by {}\n",
                p.name, p.rules, p.default, p.implemented_by
            ));
        }
        out.push(
            "readings (the first is the default; a fault is a reading known to be wrong):".into(),
        );
        for p in riftcheck::readings::POINTS {
            out.push(format!("  {} ({})", p.key, p.rules));
            for r in p.readings {
                let fault = r.fault.map_or(String::new(), |f| format!(" [fault {f}]"));
                out.push(format!("    {}{fault}: {}", r.key, r.text()));
            }
        }
        out
    }

    fn faults() -> Vec<String> {
        (riftcheck::Fault::ALL.iter())
            .map(|f| format!("{:32} ({}) {}", f.key(), f.rule(), f.what()))
            .collect()
    }
}
