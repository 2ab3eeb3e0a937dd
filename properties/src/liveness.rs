//! Liveness: someone can always act, every Chain empties and every Showdown ends (305, 312,
//! 335, 339-340, 347-348). Every path is finite (the state graph has no cycles:
//! [`super::Prop::NoCycles`]), so a Chain that can always be moved on empties and a Showdown
//! whose Focus holder can always pass ends.

use riftcheck::{Catalog, Observation as View, Opener};

use super::judging::{Judging, Step, Verdict};

/// 305, 312, 335: while the game goes on, someone holds Priority or is asked to choose, and
/// that player can act (pass, end the turn, or choose).
pub fn never_stuck(j: &Judging<'_>) -> Verdict {
    let v = j.after;
    if j.over {
        return Verdict::Holds;
    }
    Verdict::broken_if(
        (v.priority.is_none() && v.awaiting.is_none())
            || j.step.as_ref().is_some_and(|s| !s.someone_can_act),
    )
}

/// 339-340: nobody able to act while the Chain holds an item (or triggers wait to be placed).
pub fn chains_empty(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    Verdict::broken_if(
        !j.over && !s.someone_can_act && (!j.after.chain.is_empty() || !j.after.waiting.is_empty()),
    )
}

/// 347-348: nobody able to act in an open Showdown.
pub fn showdowns_end(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    let v = j.after;
    Verdict::broken_if(
        !j.over
            && !s.someone_can_act
            && v.chain.is_empty()
            && v.waiting.is_empty()
            && v.showdown.is_some(),
    )
}

/// 347.3.a, 652.5.b.2: an open Showdown in which every remaining player has passed Focus is
/// over.
pub fn showdown_ends_when_all_passed(j: &Judging<'_>) -> Verdict {
    let v = j.after;
    Verdict::broken_if(
        !j.over
            && v.showdown.is_some()
            && v.chain.is_empty()
            && v.waiting.is_empty()
            && v.focus_passed.is_superset(v.remaining),
    )
}

/// Companion: a Showdown ends (347.3.a).
pub fn seen_showdown_ends(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.showdown_ended
}

/// Companion: a Chain opened by a trigger during a Showdown empties and the Showdown goes on
/// (346.1).
pub fn seen_trigger_chain_empties(j: &Judging<'_>, s: &Step<'_>) -> bool {
    let (before, after) = (s.before, j.after);
    before.showdown.is_some()
        && after.showdown.is_some()
        && !before.chain.is_empty()
        && after.chain.is_empty()
        && after.waiting.is_empty()
        && before.opened_by == Some(Opener::Trigger)
}

/// Companion: a concession completes a round of Focus passes and the Showdown ends
/// (652.5.b.2).
pub fn seen_removal_ends_showdown(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.conceded_game_goes_on.is_some() && s.before.showdown.is_some() && s.showdown_ended
}

/// Who has passed Focus, and who remains.
pub fn focus_passes(_: &Catalog, _: &View, after: &View) -> String {
    format!(
        "the Showdown goes on although {} have passed Focus and {} remain",
        after.focus_passed, after.remaining
    )
}
