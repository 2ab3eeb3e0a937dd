//! The Chain and Priority: what is countered stays countered, what a removed player controlled
//! leaves the Chain, and the newest item resolves after a full round of passes (339-340, 425,
//! 652.4, 652.5.c.2).

use riftcheck::{Action, Event};

use super::judging::{Judging, Step, Verdict, item_bit};

/// 425, 652.4: an item reported countered never resolves, and is not seen on the Chain again.
pub fn countered_never_resolves(_: &Judging<'_>, s: &Step<'_>) -> Verdict {
    let mut countered = s.countered_before;
    for e in s.events {
        match e {
            Event::Resolved { item } if countered & item_bit(*item) != 0 => return Verdict::Broken,
            Event::Countered { item, .. } => countered |= item_bit(*item),
            _ => {}
        }
    }
    Verdict::broken_if(s.countered_on_chain != 0)
}

/// 652.4: an item whose controller was removed by the time it resolves never resolves.
pub fn removed_items_never_resolve(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    Verdict::broken_if(
        s.resolved_any
            && s.events.iter().any(|e| {
                let Event::Resolved { item } = e else {
                    return false;
                };
                s.before
                    .chain
                    .iter()
                    .find(|i| i.item == *item)
                    .is_some_and(|i| j.after.removed.contains(i.controller))
            }),
    )
}

/// 652.4: once a player is removed, nothing they controlled is on the Chain or waiting to be
/// placed (unless the game is over, when the Chain is left as it was: 651.1).
pub fn leaver_items_gone(j: &Judging<'_>) -> Verdict {
    let v = j.after;
    Verdict::broken_if(
        !j.over
            && !v.removed.is_empty()
            && (v.chain.iter().any(|i| v.removed.contains(i.controller))
                || v.waiting.iter().any(|u| v.removed.contains(u.controller))),
    )
}

/// 339, 340, 652.5.c.2: with every remaining player passed, the newest item has resolved (no
/// Chain is left waiting on nobody); and an item resolves only when everyone still in has
/// passed, the acting player's pass included.
pub fn resolves_only_when_all_passed(j: &Judging<'_>) -> Verdict {
    let v = j.after;
    if !j.over && !v.chain.is_empty() && v.awaiting.is_none() && v.passed.is_superset(v.remaining) {
        return Verdict::Broken;
    }
    let Some(s) = &j.step else {
        return Verdict::Holds;
    };
    let mut passes = s.before.passed;
    if let Action::Pass { seat } = s.action {
        passes.insert(seat);
    }
    Verdict::broken_if(s.resolved_any && !passes.is_superset(v.remaining))
}

/// Companion: an item resolves (340).
pub fn seen_item_resolves(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.resolved_any
}

/// Companion: an item is countered (425).
pub fn seen_item_countered(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.countered_any
}

/// Companion: a concession counters an item (652.4).
pub fn seen_countered_by_removal(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.conceded_game_goes_on.is_some() && s.countered_any
}

/// Companion: a concession with two items on the Chain (652.4).
pub fn seen_concession_two_items(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.conceded_game_goes_on.is_some() && s.before.chain.len() >= 2
}

/// Companion: a concession completes a round of passes and the newest item resolves
/// (652.5.c.2).
pub fn seen_removal_resolves(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.conceded_game_goes_on.is_some() && s.resolved_any
}
