//! The properties the checker proves, in one table ([`table`]): each row names a property, the
//! rules it checks, how it is judged, the function that judges it, the companion that shows the
//! bounds reach its situation, and what the counterexample prose shows of the state.
//!
//! A property is read in one place: its row in the table and its function in the module of its
//! part of the rulebook. The judge of an `always` property returns a [`Verdict`] and is named
//! for what the property promises; a companion's says whether the step showed its situation
//! and is named `seen_...`. Every judge reads only what an observer sees (the observation
//! before and after, the action, the step's events) against a naive reading of the rules
//! ([`naive`]); none reads the engine's bookkeeping. The verdicts are kept in the state
//! ([`Ghost`]), and the searches read them there.
//!
//! This crate imports only the rules engine's library (`riftcheck`: the observation, the
//! events, the readings); the model checker imports it.

mod chain;
mod damage;
mod departed;
mod durations;
mod equipment;
mod fights;
mod ghost;
mod holders;
mod judging;
mod liveness;
mod movement;
pub mod naive;
mod order;
mod removal;
mod scoring;
mod set;
pub mod table;

pub use ghost::Ghost;
pub use judging::{Judging, Step, Verdict, item_bit};
pub use naive::Mates;
pub use set::PropSet;
pub use table::{Judge, Kind, Prop, Row, Shows, TABLE};

use table::Judge::{Seen, State, Step as OnStep};

/// The `always` properties.
const ALWAYS: PropSet = rows(Rows::Always);

/// The rows judged on a state or a step ([`Judge::State`], [`Judge::Step`], [`Judge::Seen`]).
const JUDGED: PropSet = rows(Rows::OnStep);

/// The rows judged on a state alone ([`Judge::State`]): the first state's.
const ON_STATE: PropSet = rows(Rows::OnState);

/// Which rows of the table [`rows`] picks.
enum Rows {
    Always,
    OnStep,
    OnState,
}

/// The rows of the table `which` says.
const fn rows(which: Rows) -> PropSet {
    let mut set = PropSet::EMPTY;
    let mut i = 0;
    while i < TABLE.len() {
        let row = &TABLE[i];
        let picked = match which {
            Rows::Always => matches!(row.kind, Kind::Always),
            Rows::OnStep => matches!(row.judge, State(_) | OnStep(_) | Seen(_)),
            Rows::OnState => matches!(row.judge, State(_)),
        };
        if picked {
            set = set.union(PropSet::of_index(row.prop as usize));
        }
        i += 1;
    }
    set
}

/// The verdicts on one state.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Verdicts {
    /// `always` properties broken.
    pub violated: PropSet,
    /// Companions shown.
    pub seen: PropSet,
    /// The countered items still on the Chain, for the next state's [`Ghost::countered`].
    pub countered: u128,
}

/// Judges every property of the table on a state and the step into it, but for the companions
/// in `known` (already shown elsewhere: showing them again adds nothing).
pub fn judge(j: &Judging<'_>, known: PropSet) -> Verdicts {
    // The rows to judge: those with a judge of their own, but the companions already shown, and
    // on the first state (no step) the rows judged on a step.
    let rows = if j.step.is_some() { JUDGED } else { ON_STATE };
    let todo = rows.difference(known.difference(ALWAYS));
    let mut hits = PropSet::EMPTY;
    table::judge_rows(j, |p| todo.contains(p), |p| hits.insert(p));
    let mut verdict = Verdicts {
        violated: hits.intersection(ALWAYS),
        seen: hits.difference(ALWAYS),
        countered: 0,
    };
    if let Some(s) = &j.step {
        verdict.countered = s.countered_on_chain;
    }
    verdict
}
