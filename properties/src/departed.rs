//! Departed players: a player who left the game is never given anything again (651.3, 652.5).

use riftcheck::{Catalog, Observation as View};

use super::judging::{Judging, Verdict, who};

/// 651.3, 652.5.c.1: a removed player never holds Priority.
pub fn no_priority(j: &Judging<'_>) -> Verdict {
    Verdict::broken_if(
        j.after
            .priority
            .is_some_and(|p| j.after.removed.contains(p)),
    )
}

/// 651.3, 652.5.b.1: a removed player never holds Focus.
pub fn no_focus(j: &Judging<'_>) -> Verdict {
    Verdict::broken_if(j.after.focus.is_some_and(|p| j.after.removed.contains(p)))
}

/// 651.3, 652.5.a.1: a removed player is never the Turn Player.
pub fn no_turn(j: &Judging<'_>) -> Verdict {
    Verdict::broken_if(j.after.turn.is_some_and(|p| j.after.removed.contains(p)))
}

/// 651.3: a removed player is never asked to choose, nor has triggers waiting to be placed.
pub fn never_chooses(j: &Judging<'_>) -> Verdict {
    let v = j.after;
    if v.removed.is_empty() {
        return Verdict::Holds;
    }
    Verdict::broken_if(
        v.awaiting.is_some_and(|c| v.removed.contains(c.seat()))
            || v.waiting.iter().any(|u| v.removed.contains(u.controller)),
    )
}

/// Who holds Priority, and who is gone.
pub fn priority(_: &Catalog, _: &View, after: &View) -> String {
    format!(
        "{} has Priority; removed: {}",
        who(after.priority),
        after.removed
    )
}

/// Who holds Focus, and who is gone.
pub fn focus(_: &Catalog, _: &View, after: &View) -> String {
    format!("{} has Focus; removed: {}", who(after.focus), after.removed)
}

/// Who is the Turn Player, and who is gone.
pub fn turn(_: &Catalog, _: &View, after: &View) -> String {
    format!(
        "{} is the Turn Player; removed: {}",
        who(after.turn),
        after.removed
    )
}

/// Who must choose, and who is gone.
pub fn chooser(_: &Catalog, _: &View, after: &View) -> String {
    format!(
        "{} must choose; removed: {}",
        who(after.awaiting.map(|c| c.seat())),
        after.removed
    )
}
