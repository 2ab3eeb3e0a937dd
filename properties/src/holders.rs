//! Who holds the Turn, Priority and Focus, and the record of passes: one holder of each, turns
//! in seat order, and a removal that moves a holding on only when the leaver held it (312-313,
//! 116, 652.5).

use riftcheck::{Action, Catalog, Observation as View};

use super::judging::{Judging, Step, Verdict, who};
use super::naive;

/// 312, 313.2, 313.5: Focus exists exactly during a Showdown; in an open Showdown (nothing on
/// the Chain) the Focus holder has Priority; nobody has Priority while someone must choose.
pub fn one_holder(j: &Judging<'_>) -> Verdict {
    let v = j.after;
    let open_showdown = v.showdown.is_some() && v.chain.is_empty() && v.waiting.is_empty();
    Verdict::broken_if(
        v.focus.is_some() != v.showdown.is_some()
            || (open_showdown && !j.over && v.priority != v.focus)
            || (v.awaiting.is_some() && v.priority.is_some()),
    )
}

/// 652.5.a-c: after a concession the game goes on from where it was: the Turn, Priority (while
/// the Chain stays and nothing resolved) and Focus (while the Showdown goes on) stay where they
/// were, or pass to the next remaining player when the leaver held them.
pub fn change_only_if_leaver_held(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    if s.conceded_game_goes_on.is_none() {
        return Verdict::Holds;
    }
    let (before, after) = (s.before, j.after);
    let expected = |held: Option<riftcheck::Seat>| match held {
        Some(p) if s.leavers.contains(p) => naive::next(after.remaining, p),
        other => other,
    };
    if before.turn.is_some() && after.turn.is_some() && after.turn != expected(before.turn) {
        return Verdict::Broken;
    }
    let chain_before = !before.chain.is_empty();
    let chain_after = !after.chain.is_empty();
    if chain_before
        && chain_after
        && !s.resolved_any
        && before.awaiting.is_none()
        && after.awaiting.is_none()
        && after.priority != expected(before.priority)
    {
        return Verdict::Broken;
    }
    Verdict::broken_if(
        before.focus.is_some()
            && after.focus.is_some()
            && (!chain_before || chain_after)
            && !s.showdown_ended
            && after.focus != expected(before.focus),
    )
}

/// 116, 652.5.a.1: when a turn ends, the next remaining player in seat order takes the next.
pub fn turn_order_preserved(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    Verdict::broken_if(match s.action {
        Action::EndTurn { seat } if !j.over => j.after.turn != naive::next(j.after.remaining, seat),
        _ => false,
    })
}

/// 652.5 and policy `pass-record`: a concession leaves the remaining players' passes on record
/// (Priority passes while the Chain stays and nothing resolved; Focus passes while the Showdown
/// goes on, unless the concession closed the Chain it was played on).
pub fn passes_survive(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    if s.conceded_game_goes_on.is_none() {
        return Verdict::Holds;
    }
    let (before, after) = (s.before, j.after);
    let chain_before = !before.chain.is_empty();
    let chain_after = !after.chain.is_empty();
    if chain_before
        && chain_after
        && !s.resolved_any
        && after.passed != before.passed.difference(s.leavers)
    {
        return Verdict::Broken;
    }
    let closed_play_chain = chain_before && !chain_after;
    Verdict::broken_if(
        before.showdown.is_some()
            && after.showdown.is_some()
            && !s.showdown_ended
            && !closed_play_chain
            && after.focus_passed != before.focus_passed.difference(s.leavers),
    )
}

/// Companion: the Priority holder concedes while the Chain holds an item (652.5.c.1).
pub fn seen_priority_holder_concedes(_: &Judging<'_>, s: &Step<'_>) -> bool {
    let seat = s.conceded_game_goes_on;
    seat.is_some() && !s.before.chain.is_empty() && s.before.priority == seat
}

/// Companion: the Focus holder concedes (652.5.b.1).
pub fn seen_focus_holder_concedes(_: &Judging<'_>, s: &Step<'_>) -> bool {
    let seat = s.conceded_game_goes_on;
    seat.is_some() && s.before.focus == seat
}

/// Companion: the Turn Player concedes and the game goes on (652.5.a.1).
pub fn seen_turn_player_concedes(_: &Judging<'_>, s: &Step<'_>) -> bool {
    let seat = s.conceded_game_goes_on;
    seat.is_some() && s.before.turn == seat
}

/// Companion: a concession leaves someone's pass on record (652.5).
pub fn seen_passes_survive(j: &Judging<'_>, s: &Step<'_>) -> bool {
    s.conceded_game_goes_on.is_some()
        && !s.before.chain.is_empty()
        && !j.after.chain.is_empty()
        && !s.resolved_any
        && !j.after.passed.is_empty()
}

/// Companion: a turn ends and the game goes on (317).
pub fn seen_turn_ends(j: &Judging<'_>, s: &Step<'_>) -> bool {
    matches!(s.action, Action::EndTurn { .. }) && !j.over
}

/// Companion: the turn passes over a removed player (116).
pub fn seen_after_removal_turn(j: &Judging<'_>, s: &Step<'_>) -> bool {
    match s.action {
        Action::EndTurn { seat } if !j.over => naive::next(j.after.remaining, seat)
            .is_some_and(|n| (seat.index() + 1) % 4 != n.index()),
        _ => false,
    }
}

fn chain_text(cat: &Catalog, v: &View) -> String {
    let names: Vec<String> = v.chain.iter().map(|i| i.item.text(cat)).collect();
    names.join(", ")
}

/// The passes before and after, who remains, and the Chain.
pub fn passes(cat: &Catalog, before: &View, after: &View) -> String {
    format!(
        "passes before: {}; after: {}; remaining: {}; Chain: [{}]",
        before.passed,
        after.passed,
        after.remaining,
        chain_text(cat, after)
    )
}

/// The Turn, Priority and Focus before and after.
pub fn holders(_: &Catalog, before: &View, after: &View) -> String {
    format!(
        "Turn {} → {}, Priority {} → {}, Focus {} → {}",
        who(before.turn),
        who(after.turn),
        who(before.priority),
        who(after.priority),
        who(before.focus),
        who(after.focus)
    )
}

/// The holders, the Chain and the passes after the step.
pub fn summary(cat: &Catalog, _: &View, after: &View) -> String {
    format!(
        "Priority {}, Focus {}, Turn {}, Chain [{}], passed {}",
        who(after.priority),
        who(after.focus),
        who(after.turn),
        chain_text(cat, after),
        after.passed
    )
}
