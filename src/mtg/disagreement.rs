//! Where the MTG engine and the MTG spec part ways, in words (a [`Disagreement`] of MTG's), as
//! the Explorer lists it beside an action and the fuzz law reports it.

use std::fmt;

use crate::oracle::Disagreement;
use mtg_vocabulary::view::Mtg;

impl fmt::Display for Disagreement<Mtg> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let first = |refusals: &[mtg_vocabulary::view::Refusal]| {
            refusals.first().map_or(String::new(), ToString::to_string)
        };
        match self {
            Disagreement::SetupRefused { by, errors } => {
                write!(f, "{by} refused the setup and the other did not: {errors}")
            }
            Disagreement::EngineAccepted { spec_refusals } => write!(
                f,
                "the engine accepted it; the spec refuses it: {}",
                first(spec_refusals)
            ),
            Disagreement::EngineRefused { error } => {
                write!(f, "the engine refused it ({error}); the spec accepts it")
            }
            Disagreement::RefusedForAnotherRule {
                error,
                spec_refusals,
            } => write!(
                f,
                "both refuse it, but the engine says {error}, which the spec does not find; the \
                 spec finds {}",
                spec_refusals
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Disagreement::ViewsDiffer(()) => write!(f, "afterwards an observer sees them differ"),
        }
    }
}
