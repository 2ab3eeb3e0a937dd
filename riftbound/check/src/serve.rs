//! Riftbound behind the protocol as `riftcheck serve` is asked: the reference engine (or the
//! spec) with the faults, readings and view of the game asked for.

use riftcheck::protocol::Capabilities;
use riftcheck::protocol::events::Reported;
use riftcheck::protocol::serve::{Asked, Respond, Session, Shown};

/// The faults named, one per policy at most.
fn faults(names: &[String]) -> Result<Vec<riftcheck::Fault>, String> {
    let mut out: Vec<riftcheck::Fault> = Vec::new();
    for n in names {
        let f: riftcheck::Fault = n.parse().map_err(|e| format!("--fault {n}: {e}"))?;
        if let Some(g) = out.iter().find(|g| g.point().key == f.point().key) {
            return Err(format!(
                "--fault {n} and --fault {} both misread the policy `{}`: one fault per policy",
                g.key(),
                f.point().key
            ));
        }
        out.push(f);
    }
    Ok(out)
}

/// What the session shows of the game: the fields, and which events in which form.
fn shown(asked: &Asked) -> Result<Shown, String> {
    let (events, structured) = match (asked.events.as_str(), &asked.event_kinds) {
        ("none", Some(_)) => return Err("--event-kinds with --events none".into()),
        ("none", None) => (Reported::Nothing, false),
        ("sentences" | "structured", kinds) => (
            kinds.clone().map_or(Reported::All, Reported::Kinds),
            asked.events == "structured",
        ),
        (other, _) => {
            return Err(format!(
                "--events {other}: expected sentences, structured or none"
            ));
        }
    };
    let declared = Capabilities {
        observes: asked.observes.clone(),
        events: events.clone(),
        ..Capabilities::default()
    };
    if let Some(p) = declared.problem() {
        return Err(p);
    }
    Ok(Shown {
        observes: asked.observes.clone(),
        events,
        structured,
    })
}

/// The session `asked` describes.
///
/// # Errors
///
/// A fault, reading or view that cannot be, in words.
pub fn session(asked: &Asked) -> Result<Box<dyn Respond>, String> {
    let faults = faults(&asked.faults)?;
    let shown = shown(asked)?;
    let mut chosen = Vec::new();
    for p in &asked.policies {
        let c = p
            .parse::<riftcheck::PolicyChoice>()
            .map_err(|e| format!("--policy {p}: {e}"))?;
        chosen.push(c);
    }
    Ok(if asked.spec {
        let session = Session::<riftcheck::oracle::Spec>::new("riftcheck spec")
            .with_policies(chosen)
            .showing(shown);
        Box::new(session.with_snapshots(asked.snapshots))
    } else {
        let session = Session::<riftcheck::Game>::new("riftcheck")
            .with_faults(faults)
            .with_policies(chosen)
            .showing(shown);
        Box::new(session.with_snapshots(asked.snapshots))
    })
}
