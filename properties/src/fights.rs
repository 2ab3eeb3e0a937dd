//! Showdowns and combats at several battlefields (seed 003): two sides at most, one fight at a
//! time, the Turn Player choosing among staged fights, and combat-start triggers in order (444.2,
//! 455-460).

use riftcheck::item::ItemKind;
use riftcheck::{Action, Choice, Event, Seat, SeatSet};

use super::judging::{Judging, Step, Verdict};
use super::naive;

/// 444.2, 358.2: never units of three players at one battlefield.
pub fn never_three_players(j: &Judging<'_>) -> Verdict {
    Verdict::broken_if(j.present.iter().any(|p| p.len() > 2))
}

/// 457, 442.2.a: at a battlefield in combat, only the Attacker's and the Defender's units.
pub fn never_third_combatant(j: &Judging<'_>) -> Verdict {
    let v = j.after;
    Verdict::broken_if(match (v.showdown, v.combat) {
        (Some(bf), Some((a, d))) => !j.present[bf.index()]
            .difference([a, d].into_iter().collect())
            .is_empty(),
        _ => false,
    })
}

/// 455, 323.8-323.9: a Showdown never begins while another runs.
pub fn one_fight_at_a_time(_: &Judging<'_>, s: &Step<'_>) -> Verdict {
    if !s.showdown_began {
        return Verdict::Holds;
    }
    let mut running = s.before.showdown.is_some();
    for e in s.events {
        match e {
            Event::ShowdownBegan { .. } if running => return Verdict::Broken,
            Event::ShowdownBegan { .. } => running = true,
            Event::ShowdownEnded { .. } => running = false,
            _ => {}
        }
    }
    Verdict::broken_if(false)
}

/// 456.1, 652.5.a.1: only the Turn Player is asked to choose the next fight, and chooses it; a
/// fight begins by itself only when it was the only one staged.
pub fn turn_player_chooses_fight(j: &Judging<'_>) -> Verdict {
    let v = j.after;
    if let Some(Choice::ChooseFight { seat }) = v.awaiting
        && v.turn != Some(seat)
    {
        return Verdict::Broken;
    }
    let Some(s) = &j.step else {
        return Verdict::Holds;
    };
    Verdict::broken_if(match s.action {
        Action::Choose { seat, .. } => s.before.turn != Some(seat),
        _ => s.showdown_began && naive::any_staged(v, &j.present) && v.awaiting.is_none(),
    })
}

/// When a combat began in this step: the order 459.2.d.1 asks for, and the controllers of the
/// combat-start triggers in the order they were placed (those still waiting last).
fn placements(j: &Judging<'_>, s: &Step<'_>) -> Option<(Vec<Seat>, Vec<Seat>)> {
    let began = s.combat_began?;
    let Event::CombatBegan {
        attacker, defender, ..
    } = s.events[began]
    else {
        return None;
    };
    let order = naive::combat_order(j.after.remaining, attacker, defender);
    let mut placed: Vec<Seat> = s.events[began..]
        .iter()
        .filter_map(|e| match e {
            Event::ItemAdded { item, controller } if item.kind == ItemKind::Triggered => {
                Some(*controller)
            }
            _ => None,
        })
        .collect();
    placed.extend(j.after.waiting.iter().map(|u| u.controller));
    Some((order, placed))
}

/// 459.2.d.1: combat-start triggers are placed the Attacker's first, then the others' in turn
/// order, the Defender's last.
pub fn combat_trigger_order(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    let Some((order, placed)) = placements(j, s) else {
        return Verdict::Holds;
    };
    let rank = |p: Seat| order.iter().position(|&q| q == p).unwrap_or(usize::MAX);
    Verdict::broken_if(placed.windows(2).any(|w| rank(w[0]) > rank(w[1])))
}

/// Companion: combat-start triggers of three players are placed (459.2.d.1).
pub fn seen_three_trigger_players(j: &Judging<'_>, s: &Step<'_>) -> bool {
    placements(j, s).is_some_and(|(_, placed)| placed.into_iter().collect::<SeatSet>().len() >= 3)
}

/// Companion: a combat deals damage (460).
pub fn seen_combat_damage(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.before.combat.is_some() && s.damaged
}

/// Companion: a fight is staged while another runs (456).
pub fn seen_staged_while_running(j: &Judging<'_>, _: &Step<'_>) -> bool {
    j.after.showdown.is_some() && naive::any_staged(j.after, &j.present)
}

/// Companion: the Turn Player chooses between staged fights (456.1).
pub fn seen_turn_player_chooses(_: &Judging<'_>, s: &Step<'_>) -> bool {
    matches!(s.action, Action::Choose { .. })
}

/// Companion: a staged fight is dropped because one side left (456.2).
pub fn seen_unstaged(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.unstaged
}

/// Companion: a player concedes during a combat and the game goes on (652.5).
pub fn seen_concession_in_combat(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.conceded_game_goes_on.is_some() && s.before.combat.is_some()
}

/// Companion: the Attacker or the Defender concedes during the combat (policy
/// `combat-with-one-side-gone`).
pub fn seen_combatant_concedes(_: &Judging<'_>, s: &Step<'_>) -> bool {
    match (s.conceded_game_goes_on, s.before.combat) {
        (Some(seat), Some((a, d))) => seat == a || seat == d,
        _ => false,
    }
}
