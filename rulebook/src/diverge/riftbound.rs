//! Riftbound's side of each situation, read from a replay of its scenario: where a card ended,
//! whose turn came, what happened to Priority, a choice, a lasting effect or a combat, each from
//! the final observation and the events after the concession.

use riftcheck::card::Until;
use riftcheck::event::{Event, Expiry, PriorityWhy, ScoreKind};
use riftcheck::observation::{CardObs, Place};
use riftcheck::scenario::Replay;
use riftcheck::{Action, CardId, Seat};

use super::outcome::{Kind, Outcome};

type Read = Result<Outcome, String>;

/// The step of the first concession, and who conceded.
fn concession(r: &Replay) -> Result<(usize, Seat), String> {
    r.results
        .iter()
        .enumerate()
        .find_map(|(i, s)| match s.action {
            Action::Concede { seat } => Some((i, seat)),
            _ => None,
        })
        .ok_or_else(|| "nobody concedes in this scenario".to_string())
}

/// The events of steps `from..` (the steps the engine took).
fn events_from(r: &Replay, from: usize) -> impl Iterator<Item = &Event> {
    r.results
        .iter()
        .skip(from)
        .filter_map(|s| s.outcome.as_ref().ok())
        .flatten()
}

/// The events of the steps before `to`, setup's first.
fn events_before(r: &Replay, to: usize) -> impl Iterator<Item = &Event> {
    r.setup_events.iter().chain(
        r.results
            .iter()
            .take(to)
            .filter_map(|s| s.outcome.as_ref().ok())
            .flatten(),
    )
}

fn card(r: &Replay, name: &str) -> Result<(CardId, CardObs), String> {
    let id = r
        .catalog
        .card_named(name)
        .ok_or_else(|| format!("no card is called `{name}`"))?;
    let obs = r
        .last
        .cards
        .get(id.index())
        .copied()
        .ok_or_else(|| format!("`{name}` is not observed"))?;
    Ok((id, obs))
}

/// Where card `name` ended, after the first concession.
pub fn fate(r: &Replay, name: &str) -> Read {
    let (at, leaver) = concession(r)?;
    let (id, c) = card(r, name)?;
    let owner = r.catalog.card(id).owner;
    let banished =
        events_from(r, at).any(|e| matches!(e, Event::Banished { card, .. } if *card == id));
    match c.at {
        Place::Banishment(s) if owner != leaver => Outcome::new(
            Kind::BanishedOrExiled,
            format!(
                "{name}, {owner}'s card under {leaver}'s control, is banished into {s}'s \
                 Banishment (652.1) and is still there at the end: it does not go back to {owner}"
            ),
        ),
        Place::Removed if banished => Outcome::new(
            Kind::LeavesTheGame,
            format!(
                "{name}, {leaver}'s card, is banished (652.1) and then removed from the game with \
                 {leaver}'s other cards (652.3)"
            ),
        ),
        Place::Removed => Outcome::new(
            Kind::LeavesTheGame,
            format!("{name}, {leaver}'s card, is removed from the game (652.3)"),
        ),
        Place::Nowhere if banished => Outcome::new(
            Kind::LeavesTheGame,
            format!(
                "{name}, a token of {owner}'s, is banished (652.1) and ceases to exist (183.1)"
            ),
        ),
        p if p.on_board() && c.controller != leaver => Outcome::new(
            Kind::StaysWithController,
            format!(
                "{name} stays on the board ({}) under {}'s control: 652.1 banishes only what the \
                 leaver owns or controls now",
                p.text(&r.catalog),
                c.controller
            ),
        ),
        p => Err(format!(
            "{name} ended at {} under {}, which no outcome describes",
            p.text(&r.catalog),
            c.controller
        )),
    }
}

/// Every card the leaver owns, wherever it was: all out of the game.
pub fn everything_owned_leaves(r: &Replay) -> Read {
    let (_, leaver) = concession(r)?;
    let mut places = Vec::new();
    for id in r.catalog.card_ids() {
        if r.catalog.card(id).owner != leaver {
            continue;
        }
        let (_, c) = card(r, r.catalog.name(id))?;
        if !matches!(c.at, Place::Removed | Place::Nowhere) {
            return Err(format!(
                "{} is still at {}",
                r.catalog.name(id),
                c.at.text(&r.catalog)
            ));
        }
        places.push(r.catalog.name(id).to_string());
    }
    Outcome::new(
        Kind::LeavesTheGame,
        format!(
            "every card {leaver} owns ({} of them: in hand, in the Trash, on the board, facedown \
             and on the Chain) is removed from the game (652.3); no zone keeps any",
            places.len()
        ),
    )
}

/// The leaver's item on the Chain: countered by the removal, never resolved.
pub fn leavers_item(r: &Replay) -> Read {
    let (at, leaver) = concession(r)?;
    let countered = events_from(r, at)
        .find_map(|e| match e {
            Event::Countered {
                item,
                by_removal: true,
            } => Some(*item),
            _ => None,
        })
        .ok_or("no item is countered by the removal")?;
    if events_from(r, at).any(|e| matches!(e, Event::Resolved { item } if *item == countered)) {
        return Err("the leaver's item resolved".into());
    }
    let name = countered.text(&r.catalog);
    let removed = events_from(r, at)
        .any(|e| matches!(e, Event::RemovedFromGame { card } if *card == countered.source));
    let what = if removed {
        format!(
            "{leaver}'s {name} leaves the game with the rest of the leaver's cards (652.3) and its \
             item is countered (652.4)"
        )
    } else {
        format!("{leaver}'s {name} is countered (652.4)")
    };
    Outcome::new(Kind::NeverResolves, format!("{what}: it never resolves"))
}

/// The leaver held Priority: it goes to the next player, the passes before still counting.
pub fn priority_passes_on(r: &Replay) -> Read {
    let (at, leaver) = concession(r)?;
    let to = events_from(r, at)
        .take_while(|e| !matches!(e, Event::Passed { .. }))
        .find_map(|e| match e {
            Event::PriorityTo {
                seat,
                why: PriorityWhy::LeaverHeld,
            } => Some(*seat),
            _ => None,
        })
        .ok_or("Priority does not pass on from the leaver")?;
    let passes = events_from(r, at + 1)
        .take_while(|e| !matches!(e, Event::Resolved { .. }))
        .filter(|e| matches!(e, Event::Passed { .. }))
        .count();
    if passes >= r.last.remaining.len() {
        return Err("the passes made before the concession did not count".into());
    }
    Outcome::new(
        Kind::PriorityToNextPlayer,
        format!(
            "{leaver} held Priority: it goes to {to}, next in turn order (652.5.c.1), and the \
             passes made before still count, so {} resolve the item (652.5.c.2)",
            passes_text(passes)
        ),
    )
}

/// The Turn Player left: the next player's turn.
pub fn turn_handed_on(r: &Replay) -> Read {
    let (at, leaver) = concession(r)?;
    let here = r.results[at].outcome.as_ref().map_err(|e| e.to_string())?;
    let to = here
        .iter()
        .find_map(|e| match e {
            Event::TurnTo { seat } => Some(*seat),
            _ => None,
        })
        .ok_or("the turn does not change hands")?;
    let began_at_once = here
        .iter()
        .any(|e| matches!(e, Event::TurnBegan { seat } if *seat == to));
    if !events_from(r, at).any(|e| matches!(e, Event::TurnBegan { seat } if *seat == to)) {
        return Err(format!("{to}'s turn never begins"));
    }
    let when = if began_at_once {
        "and that turn begins at once"
    } else {
        "and that turn begins once the window in progress is over"
    };
    Outcome::new(
        Kind::NextPlayersTurn,
        format!(
            "{leaver} was the Turn Player: play proceeds to {to}, next in turn order \
             (652.5.a.1), {when}; the rest of {leaver}'s turn is not played"
        ),
    )
}

/// The turns after the concession pass over the leaver's seat.
pub fn turn_never_comes(r: &Replay) -> Read {
    let (at, leaver) = concession(r)?;
    let n = r.last.remaining.len() + r.last.removed.len();
    let next = |s: Seat| Seat::from_index((s.index() + 1) % n).unwrap_or(s);
    let mut ended = None;
    let mut began = Vec::new();
    for e in events_from(r, at) {
        match e {
            Event::TurnEnded { seat } if ended.is_none() => ended = Some(*seat),
            Event::TurnBegan { seat } => began.push(*seat),
            _ => {}
        }
    }
    let (Some(from), Some(&to)) = (ended, began.first()) else {
        return Err("no turn ends and begins after the concession".into());
    };
    let mut s = next(from);
    let mut passed_over = false;
    while s != to && s != from {
        passed_over |= s == leaver;
        s = next(s);
    }
    if !passed_over || began.contains(&leaver) {
        return Err(format!("the turns do not pass over {leaver}'s seat"));
    }
    let order: Vec<String> = began.iter().map(ToString::to_string).collect();
    Outcome::new(
        Kind::TurnNeverComes,
        format!(
            "{leaver} is out of the turn order (651.3): when {from}'s turn ends the next turns \
             are {}'s; {leaver}'s seat is passed over, with no turn to skip",
            order.join("'s, then ")
        ),
    )
}

/// The leaver was to order their triggers: nobody does it for them.
pub fn choice_skipped(r: &Replay) -> Read {
    let (at, leaver) = concession(r)?;
    let waited = events_before(r, at)
        .any(|e| matches!(e, Event::TriggersWaiting { seat } if *seat == leaver));
    if !waited {
        return Err(format!("no choice waited for {leaver}"));
    }
    let moved = events_from(r, at).any(|e| match e {
        Event::ItemAdded { item, .. } => r.catalog.card(item.source).owner == leaver,
        _ => false,
    });
    if moved
        || r.last
            .waiting
            .iter()
            .any(|u| r.catalog.card(u.source).owner == leaver)
    {
        return Err(format!("someone made {leaver}'s choice"));
    }
    Outcome::new(
        Kind::ChoiceSkipped,
        format!(
            "{leaver} was to order {leaver}'s triggers (383.3.d); once {leaver} is removed that \
             choice is nobody's (651.3, policy leaver-choices) and the game goes on"
        ),
    )
}

/// The leaver's waiting triggers never reach the Chain.
pub fn triggers_never_put(r: &Replay) -> Read {
    let (at, leaver) = concession(r)?;
    let of_leaver = |source: CardId| r.catalog.card(source).owner == leaver;
    if events_from(r, at)
        .any(|e| matches!(e, Event::ItemAdded { item, .. } if of_leaver(item.source)))
        || r.last.chain.iter().any(|i| of_leaver(i.item.source))
    {
        return Err(format!("a trigger of {leaver}'s reached the Chain"));
    }
    let others: Vec<String> = r
        .last
        .chain
        .iter()
        .map(|i| i.item.text(&r.catalog))
        .collect();
    Outcome::new(
        Kind::TriggerNeverPut,
        format!(
            "{leaver}'s waiting triggers never go on the Chain (651.3, policy leaver-choices); \
             the Chain holds only {}",
            if others.is_empty() {
                "nothing".to_string()
            } else {
                others.join(", ")
            }
        ),
    )
}

/// The leaver's "until your next turn" effect ends with them.
pub fn duration_ends(r: &Replay) -> Read {
    let (at, leaver) = concession(r)?;
    let next_turn = events_before(r, at)
        .find_map(|e| match e {
            Event::Empowered {
                card,
                by,
                until: Until::YourNextTurn,
                ..
            } if *by == leaver => Some(*card),
            _ => None,
        })
        .ok_or("the leaver made no \"until your next turn\" effect")?;
    let here = r.results[at].outcome.as_ref().map_err(|e| e.to_string())?;
    let ended = here.iter().any(|e| {
        matches!(e, Event::Expired { card, by, why: Expiry::PlayerLeft, .. }
            if *card == next_turn && *by == leaver)
    });
    if !ended {
        return Err("the effect did not end with the removal".into());
    }
    Outcome::new(
        Kind::EndsAtOnce,
        format!(
            "{leaver}'s \"until your next turn\" effect on {} ends as {leaver} is removed (651.3, \
             policy leaver-durations), not when {leaver}'s next turn would have begun",
            r.catalog.name(next_turn)
        ),
    )
}

/// The combat goes on without the leaver, and the side left wins and conquers.
pub fn combat_won_anyway(r: &Replay) -> Read {
    let (at, leaver) = concession(r)?;
    let (bf, winner) = events_from(r, at)
        .find_map(|e| match e {
            Event::CombatEnded {
                battlefield,
                winner: Some(w),
            } => Some((*battlefield, *w)),
            _ => None,
        })
        .ok_or("the combat does not end with a winner")?;
    let conquered = events_from(r, at).any(
        |e| matches!(e, Event::Scored { seat, how: ScoreKind::Conquer, .. } if *seat == winner),
    );
    let then = if conquered {
        " and conquers it for a point (465)".to_string()
    } else {
        String::new()
    };
    Outcome::new(
        Kind::CombatWonAnyway,
        format!(
            "the combat goes on without {leaver}: with one side empty no damage is dealt (460.1), \
             and {winner}, alone at {}, wins the combat (461){then}",
            r.catalog.bf_name(bf)
        ),
    )
}

/// The leaver's battlefield is replaced by a token battlefield with no abilities.
pub fn battlefield_replaced(r: &Replay) -> Read {
    let (at, leaver) = concession(r)?;
    let here = r.results[at].outcome.as_ref().map_err(|e| e.to_string())?;
    let bf = here
        .iter()
        .find_map(|e| match e {
            Event::BattlefieldReplaced { battlefield } => Some(*battlefield),
            _ => None,
        })
        .ok_or("no battlefield is replaced")?;
    let changes: Vec<String> = here
        .iter()
        .filter_map(|e| match e {
            Event::MightChanged { card, from, to } => Some(format!(
                "{} goes from {from} to {to} Might where it stands",
                r.catalog.name(*card)
            )),
            _ => None,
        })
        .collect();
    let tail = if changes.is_empty() {
        String::new()
    } else {
        format!("; {} (652.2.c)", changes.join(", "))
    };
    Outcome::new(
        Kind::ReplacedByToken,
        format!(
            "{leaver}'s battlefield {} stays in place as a token battlefield with no abilities \
             (652.2.a), its units and hidden cards unmoved (652.2.b){tail}",
            r.catalog.bf_name(bf)
        ),
    )
}

/// The game of two ends: the other player wins.
pub fn last_player_wins(r: &Replay) -> Read {
    let (at, leaver) = concession(r)?;
    let winners = r.last.winners.ok_or("nobody has won")?;
    if events_from(r, at)
        .any(|e| matches!(e, Event::Banished { .. } | Event::RemovedFromGame { .. }))
    {
        return Err("the leaver's cards were moved".into());
    }
    Outcome::new(
        Kind::LastPlayerWins,
        format!(
            "{winners}, the only player left, wins at once (651.1); no Removal of a Player is \
             run, and {leaver}'s cards stay where they were"
        ),
    )
}

/// "1 more pass", "2 more passes".
pub fn passes_text(n: usize) -> String {
    if n == 1 {
        "1 more pass".to_string()
    } else {
        format!("{n} more passes")
    }
}
