//! MTG's side of each situation, read from a replay of its scenario on the reference engine:
//! where an object ended, whose turn came, where priority or a choice went, how long an effect
//! lasted, from the views and the events after the concession.

use riftcheck::mtg::scenario::{MtgReplay, MtgScenario, Sentence};
use riftcheck::mtg::{MtgEvent, MtgView, ObjId, Player, StackItem, Step, Zone};

use super::outcome::{Kind, Outcome};

type Read = Result<Outcome, String>;

/// The step of the first concession (0-based among the steps), and who conceded.
fn leaving(s: &MtgScenario) -> Result<(usize, Player), String> {
    s.steps
        .iter()
        .enumerate()
        .find_map(|(i, st)| match st {
            Sentence::Concede(p) => Some((i, *p)),
            _ => None,
        })
        .ok_or_else(|| "nobody concedes in this scenario".to_string())
}

/// The events of the steps from step `i` (0-based) on.
fn events_from(r: &MtgReplay, i: usize) -> impl Iterator<Item = &MtgEvent> {
    r.events.iter().skip(i + 1).flatten()
}

/// The view right after step `i` (0-based).
fn after(r: &MtgReplay, i: usize) -> Result<&MtgView, String> {
    r.views
        .get(i + 1)
        .ok_or_else(|| format!("step {} was not taken", i + 1))
}

fn last(r: &MtgReplay) -> Result<&MtgView, String> {
    r.views
        .last()
        .ok_or_else(|| "the table cannot be played".to_string())
}

/// The object called `name` in `view`: a setup card's name, or "Myr token k".
fn object(s: &MtgScenario, view: &MtgView, name: &str) -> Result<ObjId, String> {
    if let Some(k) = name.strip_prefix("Myr token ") {
        let k: usize = k.parse().map_err(|_| format!("`{name}` is not a token"))?;
        return view
            .objects
            .iter()
            .enumerate()
            .filter(|(_, o)| o.token)
            .nth(k.saturating_sub(1))
            .and_then(|(i, _)| u8::try_from(i).ok().map(ObjId))
            .ok_or_else(|| format!("{name} was never created"));
    }
    s.names
        .iter()
        .position(|n| n == name)
        .and_then(|i| u8::try_from(i).ok().map(ObjId))
        .ok_or_else(|| format!("no object is called `{name}`"))
}

fn item_name(s: &MtgScenario, item: &StackItem) -> String {
    let name = |id: ObjId| {
        s.names
            .get(usize::from(id.0))
            .cloned()
            .unwrap_or_else(|| "a token".to_string())
    };
    match *item {
        StackItem::Spell { card, .. } => name(card),
        StackItem::Trigger { source, .. } => format!("{}'s trigger", name(source)),
    }
}

/// Where object `name` ended, after the first concession.
pub fn fate(s: &MtgScenario, r: &MtgReplay, name: &str) -> Read {
    let (i, leaver) = leaving(s)?;
    let end = last(r)?;
    let id = object(s, end, name)?;
    let o = end.object(id).ok_or("no such object")?;
    let owner = o.owner;
    let before = r.views.get(i).and_then(|v| v.object(id)).copied();
    match o.zone {
        Zone::Exile => {
            let (step, rule) = r
                .events
                .iter()
                .enumerate()
                .skip(i + 1)
                .find_map(|(n, es)| {
                    es.iter().find_map(|e| match e {
                        MtgEvent::Exiled { object, rule } if *object == id => Some((n, *rule)),
                        _ => None,
                    })
                })
                .ok_or("it was not exiled after the concession")?;
            let when = match before.and_then(|b| b.controller) {
                _ if step == i + 1 => format!("at once, {leaver} still controlling it"),
                Some(c) => format!(
                    "later, when the effect giving {c} control of it ends and no effect gives it \
                     to a player in the game"
                ),
                None => "later".to_string(),
            };
            Outcome::new(
                Kind::BanishedOrExiled,
                format!(
                    "{name}, {owner}'s card, is exiled {when} ({rule}); it does not return to \
                     {owner}"
                ),
            )
        }
        Zone::Gone => Outcome::new(
            Kind::LeavesTheGame,
            if o.token {
                format!(
                    "{name}, a token owned by {owner}, the player it was created under (111.2), \
                     leaves the game with {owner} (800.4a)"
                )
            } else {
                format!("{name}, {owner}'s card, leaves the game with its owner (800.4a)")
            },
        ),
        Zone::Battlefield => {
            let was = before.and_then(|b| b.controller);
            if o.controller == Some(owner) && was.is_some_and(|c| c != owner) {
                let rule = events_from(r, i)
                    .find_map(|e| match e {
                        MtgEvent::ControlEnded { effect, rule } if effect.object == id => {
                            Some(*rule)
                        }
                        _ => None,
                    })
                    .ok_or("no control effect ended")?;
                Outcome::new(
                    Kind::ReturnsToOwner,
                    format!(
                        "the effect that gave {leaver} control of {name} ends ({rule}), and {name} \
                         stays on the battlefield under its owner {owner}'s control"
                    ),
                )
            } else {
                Err(format!(
                    "{name} stays on the battlefield under {:?}",
                    o.controller
                ))
            }
        }
        Zone::Ante => Outcome::new(
            Kind::StaysWhereItIs,
            format!(
                "{name}, {owner}'s card in the ante zone, stays there (800.4m) while {owner}'s \
                 other cards leave the game (800.4a)"
            ),
        ),
        z => Err(format!("{name} ended in {z:?}, which no outcome describes")),
    }
}

/// The leaver's item on the stack ceases to exist.
pub fn item_ceases(s: &MtgScenario, r: &MtgReplay) -> Read {
    let (i, leaver) = leaving(s)?;
    let item = events_from(r, i)
        .find_map(|e| match e {
            MtgEvent::CeasedToExist { item } => Some(*item),
            _ => None,
        })
        .ok_or("nothing on the stack ceased to exist")?;
    if events_from(r, i).any(|e| matches!(e, MtgEvent::Resolved { item: x } if *x == item)) {
        return Err("the leaver's item resolved".into());
    }
    Outcome::new(
        Kind::NeverResolves,
        format!(
            "{leaver}'s {} on the stack ceases to exist (800.4a), and {leaver}'s cards leave the \
             game with {leaver}: it never resolves",
            item_name(s, &item)
        ),
    )
}

/// The leaver held priority: it goes to the next player, the passes before still counting.
pub fn priority_passes_on(s: &MtgScenario, r: &MtgReplay) -> Read {
    let (i, leaver) = leaving(s)?;
    let to = after(r, i)?.priority.ok_or("nobody holds priority")?;
    if to == leaver || r.views.get(i).and_then(|v| v.priority) != Some(leaver) {
        return Err(format!("{leaver} did not hold priority, or kept it"));
    }
    let passes = events_from(r, i + 1)
        .take_while(|e| !matches!(e, MtgEvent::Resolved { .. } | MtgEvent::StepBegan { .. }))
        .filter(|e| matches!(e, MtgEvent::Passed { .. }))
        .count();
    let in_game = after(r, i)?.players.iter().filter(|p| p.in_game).count();
    if passes >= in_game {
        return Err("the passes made before the concession did not count".into());
    }
    Outcome::new(
        Kind::PriorityToNextPlayer,
        format!(
            "{leaver} held priority: it goes to {to}, next in turn order (800.4a), and the passes \
             made before still count, so {} end the step (117.4)",
            super::riftbound::passes_text(passes)
        ),
    )
}

/// The active player left: the turn goes on without one.
pub fn turn_goes_on(s: &MtgScenario, r: &MtgReplay) -> Read {
    let (i, leaver) = leaving(s)?;
    let v = after(r, i)?;
    if v.turn_of != leaver || v.active.is_some() {
        return Err("the turn did not go on without an active player".into());
    }
    let mut steps = Vec::new();
    let mut next = None;
    for e in events_from(r, i) {
        match e {
            MtgEvent::StepBegan { step } => steps.push(match step {
                Step::Main => "main",
                Step::Combat => "combat",
                Step::End => "end",
            }),
            MtgEvent::TurnBegan { player } => {
                next = Some(*player);
                break;
            }
            _ => {}
        }
    }
    let next = next.ok_or("no next turn begins")?;
    Outcome::new(
        Kind::TurnGoesOn,
        format!(
            "{leaver}'s turn goes on to its end without an active player (800.4i): its {} \
             step{} still played, nobody declaring attackers, before {next}'s turn begins",
            steps.join(" and "),
            if steps.len() == 1 { " is" } else { "s are" }
        ),
    )
}

/// The leaver's turn does not begin.
pub fn turn_skipped(s: &MtgScenario, r: &MtgReplay) -> Read {
    let (i, leaver) = leaving(s)?;
    let mut events = events_from(r, i)
        .skip_while(|e| !matches!(e, MtgEvent::TurnSkipped { player } if *player == leaver));
    events.next().ok_or("the leaver's turn was not skipped")?;
    let next = events
        .find_map(|e| match e {
            MtgEvent::TurnBegan { player } => Some(*player),
            _ => None,
        })
        .ok_or("no turn begins after the skipped one")?;
    Outcome::new(
        Kind::TurnNeverComes,
        format!("when {leaver}'s turn would begin, it does not (800.4j); {next}'s turn begins"),
    )
}

/// A choice waiting for the leaver moves to another player.
pub fn choice_moves(s: &MtgScenario, r: &MtgReplay) -> Read {
    let (i, leaver) = leaving(s)?;
    if r.views.get(i).and_then(|v| v.pending).map(|p| p.by) != Some(leaver) {
        return Err(format!("no choice waited for {leaver}"));
    }
    let (to, rule) = events_from(r, i)
        .find_map(|e| match e {
            MtgEvent::ChoiceTo { player, rule } => Some((*player, *rule)),
            _ => None,
        })
        .ok_or("the choice did not move")?;
    Outcome::new(
        Kind::ChoiceMoves,
        format!(
            "the choice waiting for {leaver} is not lost: it goes to {to}, the next player in \
             turn order ({rule}), who makes it"
        ),
    )
}

/// The leaver's "until your next turn" effect lasts until that turn would have begun.
pub fn lasts_until_turn(s: &MtgScenario, r: &MtgReplay) -> Read {
    let (i, leaver) = leaving(s)?;
    let turn = after(r, i)?.turn_of;
    if !after(r, i)?.protections.iter().any(|p| p.player == leaver) {
        return Err("the effect ended with the concession".into());
    }
    let mut turns = Vec::new();
    let mut ended = None;
    for e in events_from(r, i + 1) {
        match e {
            MtgEvent::TurnBegan { player } => turns.push(player.to_string()),
            MtgEvent::ProtectionEnded { protection, rule } if protection.player == leaver => {
                ended = Some(*rule);
                break;
            }
            _ => {}
        }
    }
    let rule = ended.ok_or("the effect never ended")?;
    let through = if turns.is_empty() {
        format!("the rest of {turn}'s turn")
    } else {
        format!(
            "the rest of {turn}'s turn and {}'s turn",
            turns.join("'s and ")
        )
    };
    Outcome::new(
        Kind::LastsUntilTurnWouldBegin,
        format!(
            "{leaver}'s \"until your next turn\" effect stays after {leaver} leaves, through \
             {through}, and ends when {leaver}'s next turn would have begun ({rule}, 800.4j)"
        ),
    )
}

/// The leaver's triggered ability is not put on the stack.
pub fn trigger_not_put(s: &MtgScenario, r: &MtgReplay) -> Read {
    let (i, leaver) = leaving(s)?;
    let source = events_from(r, i)
        .find_map(|e| match e {
            MtgEvent::TriggerNotPut { controller, source } if *controller == leaver => {
                Some(*source)
            }
            _ => None,
        })
        .ok_or("no trigger of the leaver's was held back")?;
    let name = s
        .names
        .get(usize::from(source.0))
        .cloned()
        .unwrap_or_default();
    Outcome::new(
        Kind::TriggerNeverPut,
        format!(
            "{leaver}'s delayed trigger from {name} still triggers, but it is not put on the \
             stack, {leaver} having left (800.4d): what it would have returned stays in exile"
        ),
    )
}

/// Combat damage to the leaver is not assigned.
pub fn damage_not_assigned(s: &MtgScenario, r: &MtgReplay) -> Read {
    let (i, leaver) = leaving(s)?;
    let creature = events_from(r, i)
        .find_map(|e| match e {
            MtgEvent::DamageNotAssigned { creature, player } if *player == leaver => {
                Some(*creature)
            }
            _ => None,
        })
        .ok_or("no damage went unassigned")?;
    let name = s
        .names
        .get(usize::from(creature.0))
        .cloned()
        .unwrap_or_default();
    Outcome::new(
        Kind::DamageNotAssigned,
        format!(
            "the combat damage of {name} to {leaver} is not assigned, {leaver} having left (800.4e): \
             the attack on {leaver} comes to nothing, while the rest of combat goes on"
        ),
    )
}

/// The game of two ends: the other player wins.
pub fn last_player_wins(s: &MtgScenario, r: &MtgReplay) -> Read {
    let (i, leaver) = leaving(s)?;
    let end = last(r)?;
    let winner = end.winner.filter(|_| end.over).ok_or("nobody has won")?;
    let gone = events_from(r, i)
        .filter(|e| matches!(e, MtgEvent::LeftGame { .. }))
        .count();
    let moved = if gone == 0 {
        format!("nothing of {leaver}'s is moved")
    } else {
        format!(
            "the engine still applies 800.4a on the way out: {gone} {} of {leaver}'s {} the \
             game with {leaver}, which changes nothing once the game is over",
            if gone == 1 { "object" } else { "objects" },
            if gone == 1 { "leaves" } else { "leave" }
        )
    };
    Outcome::new(
        Kind::LastPlayerWins,
        format!("{winner}, the only player left, wins at once (104.2a); {moved}"),
    )
}
