//! MTG behind the protocol as `riftcheck serve --ruleset mtg` is asked: the reference MTG
//! engine committing the fault named, or the MTG spec. MTG's session takes no other option.

use riftcheck::Engine;
use riftcheck::mtg::{MtgGame, MtgReadings, MtgSetup, spec::MtgSpec};
use riftcheck::protocol::mtg::MtgSession;
use riftcheck::protocol::serve::{Asked, Respond};

/// The session `asked` describes.
///
/// # Errors
///
/// An option MTG's session does not take, or a fault it does not know.
pub fn session(asked: &Asked) -> Result<Box<dyn Respond>, String> {
    let refused = [
        (!asked.snapshots, "--no-snapshot"),
        (!asked.policies.is_empty(), "--policy"),
        (asked.observes.is_some(), "--observes"),
        (asked.events != "sentences", "--events"),
        (asked.event_kinds.is_some(), "--event-kinds"),
        (asked.record.is_some(), "--record"),
        (asked.faults.len() > 1, "a second --fault"),
    ];
    if let Some((_, flag)) = refused.iter().find(|(on, _)| *on) {
        return Err(format!(
            "serve --ruleset mtg takes --spec and one --fault; {flag} is Riftbound's"
        ));
    }
    if asked.spec {
        let start = Box::new(|s: &MtgSetup| MtgSpec::start(s));
        return Ok(Box::new(MtgSession::new("riftcheck mtg spec", start)));
    }
    let fault = crate::plan::fault(asked.faults.first().map(String::as_str))?;
    let start = Box::new(move |s: &MtgSetup| {
        MtgGame::with_readings(s, MtgReadings::default().with_fault(fault))
    });
    Ok(Box::new(MtgSession::new("riftcheck mtg", start)))
}
