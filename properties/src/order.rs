//! The order of what a step reports, against the order the rules give: an item resolves
//! completely before anything else is dealt with (157.3), nobody receives Priority or Focus
//! while a task is outstanding (320.1, 335.3), and a removal goes step by step (652.1-652.5).
//! Each judge reads only the step's events (and, for Might, what an observer sees before and
//! after it).

use riftcheck::card::CardKind;
use riftcheck::item::ItemKind;
use riftcheck::{CardId, Event};

use super::judging::{Judging, Step, Verdict};

/// An award of Priority or Focus.
fn is_award(e: &Event) -> bool {
    matches!(e, Event::PriorityTo { .. } | Event::FocusTo { .. })
}

/// 320.1, 335.3: Priority and Focus are awarded only once no task is outstanding, and the
/// player who receives one acts next. So once a step reports an award, nothing follows it but
/// other awards (the Focus holder receiving Priority on a Chain a trigger opened, say): no
/// Cleanup's kill or release, no Showdown or turn beginning, no resolution.
pub fn awards_wait_for_tasks(_: &Judging<'_>, s: &Step<'_>) -> Verdict {
    let first = s.events.iter().position(is_award);
    Verdict::broken_if(first.is_some_and(|i| !s.events[i..].iter().all(is_award)))
}

/// 157.3, 157.3.a: a spell resolves completely before anything else is dealt with: from its
/// resolution until its card reaches its Trash (or leaves the game), no item is finalized, no
/// player is asked to order triggers, and nobody receives Priority or Focus.
pub fn item_finishes_first(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    let mut resolving: Option<CardId> = None;
    for e in s.events {
        match (resolving, e) {
            (None, Event::Resolved { item })
                if item.kind == ItemKind::Spell
                    && j.catalog.cards[item.source.index()].kind == CardKind::Spell =>
            {
                resolving = Some(item.source);
            }
            (Some(spell), Event::Trashed { card } | Event::RemovedFromGame { card })
                if *card == spell =>
            {
                resolving = None;
            }
            (
                Some(_),
                Event::Finalized { .. }
                | Event::TriggersWaiting { .. }
                | Event::PriorityTo { .. }
                | Event::FocusTo { .. },
            ) => return Verdict::Broken,
            _ => {}
        }
    }
    Verdict::Holds
}

/// Where an event of a removal stands in the procedure of 652: banishing (652.1), replacing the
/// battlefield (652.2), removing the leaver's cards from the game (652.3), countering their
/// items (652.4), going on (652.5). `None` for what the procedure does not order.
fn removal_stage(e: &Event) -> Option<u8> {
    Some(match e {
        Event::Banished { .. } => 1,
        Event::BattlefieldReplaced { .. } => 2,
        Event::RemovedFromGame { .. } | Event::LeftChain { .. } => 3,
        Event::Countered {
            by_removal: true, ..
        } => 4,
        Event::TurnTo { .. }
        | Event::FocusTo { .. }
        | Event::PriorityTo { .. }
        | Event::Resolved { .. }
        | Event::ShowdownEnded { .. } => 5,
        _ => return None,
    })
}

/// 652.1-652.5: a removal that lets the game go on does its steps in the rules' order for each
/// leaver (a teammate's removal starts again at 652.1): their cards are banished, their
/// battlefield replaced, their cards removed from the game, their items countered, and only
/// then does play go on (the Turn, Focus or Priority handed on, an item resolving, a Showdown
/// ending). From a resolution on, the events are play's own.
pub fn removal_in_rule_order(_: &Judging<'_>, s: &Step<'_>) -> Verdict {
    if s.conceded_game_goes_on.is_none() {
        return Verdict::Holds;
    }
    let mut reached = 0;
    for e in s.events {
        if matches!(e, Event::PlayerRemoved { .. }) {
            reached = 0;
            continue;
        }
        let Some(stage) = removal_stage(e) else {
            continue;
        };
        if stage < reached {
            return Verdict::Broken;
        }
        reached = stage;
        if matches!(e, Event::Resolved { .. }) {
            break;
        }
    }
    Verdict::Holds
}

/// 652.1, 652.2.c: a removal that changes the Might of a unit that stays where it was says so.
/// For each such unit whose Might an observer sees change (the naive reading, before and after),
/// the step reports Might changes for it from the old value to the new one, unless the step
/// said otherwise what changed it: a lasting effect given or ended (an item resolving after the
/// removal, a turn beginning), or equipment attached.
pub fn removal_reports_might(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    if s.conceded_game_goes_on.is_none() {
        return Verdict::Holds;
    }
    let broken = (0..s.before.cards.len()).any(|u| {
        if s.before.cards[u].at != j.after.cards[u].at {
            return false;
        }
        let (Some(from), Some(to)) = (
            super::naive::might(j.catalog, s.before, u),
            super::naive::might(j.catalog, j.after, u),
        ) else {
            return false;
        };
        let said_otherwise = s.events.iter().any(|e| match e {
            Event::Expired { card, .. } | Event::Empowered { card, .. } => card.index() == u,
            Event::Attached { to, .. } => to.index() == u,
            _ => false,
        });
        if from == to || said_otherwise {
            return false;
        }
        let changes: Vec<(i8, i8)> = s
            .events
            .iter()
            .filter_map(|e| match e {
                Event::MightChanged { card, from, to } if card.index() == u => Some((*from, *to)),
                _ => None,
            })
            .collect();
        changes.first().map(|c| c.0) != Some(from) || changes.last().map(|c| c.1) != Some(to)
    });
    Verdict::broken_if(broken)
}

/// Companion: a resolution leaves a unit with lethal damage, and the Cleanup that follows kills
/// it before anybody receives Priority or Focus (323.3, 335.3).
pub fn seen_cleanup_before_award(_: &Judging<'_>, s: &Step<'_>) -> bool {
    let resolved = s
        .events
        .iter()
        .position(|e| matches!(e, Event::Resolved { .. }));
    let Some(r) = resolved else {
        return false;
    };
    let killed = s.events[r..]
        .iter()
        .position(|e| matches!(e, Event::Killed { .. }));
    killed.is_some_and(|k| s.events[r + k..].iter().any(is_award))
}

/// Companion: a resolving spell makes a trigger fire, and the trigger is finalized after the
/// spell has reached its Trash (157.3.a).
pub fn seen_trigger_after_resolution(_: &Judging<'_>, s: &Step<'_>) -> bool {
    let trashed = s.events.iter().position(|e| {
        matches!(e, Event::Trashed { card }
            if s.events.iter().any(|r| matches!(r, Event::Resolved { item } if item.source == *card)))
    });
    trashed.is_some_and(|t| {
        s.events[t..]
            .iter()
            .any(|e| matches!(e, Event::Finalized { .. }))
    })
}

/// Companion: a leaver's own spell on the Chain leaves the game with their cards (652.3) and
/// its item is countered (652.4).
pub fn seen_leaver_spell_removed_and_countered(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.conceded.is_some()
        && s.events.iter().enumerate().any(|(i, e)| {
            matches!(e, Event::RemovedFromGame { card } if s.events[i..].iter().any(|c| {
                matches!(c, Event::Countered { item, by_removal: true } if item.source == *card)
            }))
        })
}

/// Companion: a removal takes away equipment that gave a remaining unit Might (652.1): the
/// unit's Might changes before any battlefield is replaced.
pub fn seen_might_lost_with_equipment(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.conceded.is_some()
        && s.events
            .iter()
            .take_while(|e| !matches!(e, Event::BattlefieldReplaced { .. }))
            .any(|e| matches!(e, Event::MightChanged { .. }))
}
