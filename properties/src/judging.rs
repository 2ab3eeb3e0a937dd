//! What the properties are judged on: the observation reached, the step into it as an observer
//! saw it (what its events say read once), and the checker's record of the state (the ghost).

use riftcheck::card::MAX_BATTLEFIELDS;
use riftcheck::item::ItemKind;
use riftcheck::observation::Observation as View;
use riftcheck::{Action, Catalog, Event, ItemName, Readings, Seat, SeatSet};

use super::naive;

/// What the judge of an `always` property finds on a state (and the step into it): one type
/// for every ruleset's judges.
pub use riftcheck_core::Verdict;

/// An item's bit in [`super::Ghost::countered`]: three kinds of item per card, 32 cards.
pub fn item_bit(name: ItemName) -> u128 {
    let kind = match name.kind {
        ItemKind::Spell => 0,
        ItemKind::Activated => 1,
        ItemKind::Triggered => 2,
    };
    1u128 << ((name.source.index() * 3 + kind) % 128)
}

/// What the properties are judged on: the state reached and, unless it is the first, the step
/// into it.
pub struct Judging<'a> {
    /// The names of things.
    pub catalog: &'a Catalog,
    /// The readings the rules are read under (without rule faults).
    pub readings: &'a Readings,
    /// What an observer sees now, with the step's events.
    pub after: &'a View,
    /// The game is over (651.1): nothing else happens.
    pub over: bool,
    /// The players with units at each battlefield now ([`naive::present`]).
    pub present: [SeatSet; MAX_BATTLEFIELDS],
    /// The step into this state; `None` for the first state.
    pub step: Option<Step<'a>>,
}

/// One step as an observer saw it, with what its events say read once.
pub struct Step<'a> {
    /// What an observer saw before.
    pub before: &'a View,
    /// The action.
    pub action: Action,
    /// The events it caused, in the order reported.
    pub events: &'a [Event],
    /// Whether the engine accepts a pass-like action of the player who should act now.
    pub someone_can_act: bool,
    /// The items countered before this step and still on the Chain.
    pub countered_before: u128,
    /// The items countered so far (before or in this step) still on the Chain after it.
    pub countered_on_chain: u128,
    /// Players removed by this step.
    pub leavers: SeatSet,
    /// The seat that conceded in this step, whether or not the game ended.
    pub conceded: Option<Seat>,
    /// The seat that conceded, when the game goes on after the concession (651.1).
    pub conceded_game_goes_on: Option<Seat>,
    /// Some item resolved.
    pub resolved_any: bool,
    /// Some item was countered.
    pub countered_any: bool,
    /// A Showdown began.
    pub showdown_began: bool,
    /// A Showdown ended.
    pub showdown_ended: bool,
    /// The index of the event by which a combat began, if one did.
    pub combat_began: Option<usize>,
    /// Some unit was dealt damage.
    pub damaged: bool,
    /// A staged fight was dropped.
    pub unstaged: bool,
    /// What an observer saw of the Turn Player's teammate as the turn of `before` began.
    pub mates: naive::Mates,
}

impl<'a> Judging<'a> {
    /// The judging of the first state.
    pub fn first(catalog: &'a Catalog, readings: &'a Readings, after: &'a View) -> Self {
        Judging {
            catalog,
            readings,
            after,
            over: after.winners.is_some(),
            present: naive::presence(catalog, after),
            step: None,
        }
    }

    /// The judging of a step from `before` (in a state where the items of `countered` had been
    /// countered and were still on the Chain, and whose turn began as `mates` says) by `action`
    /// to `after`, whose events are the step's.
    pub fn step(
        catalog: &'a Catalog,
        readings: &'a Readings,
        (before, countered, mates): (&'a View, u128, naive::Mates),
        action: Action,
        after: &'a View,
        someone_can_act: bool,
    ) -> Self {
        let events = &after.events[..];
        let over = after.winners.is_some();
        let conceded = match action {
            Action::Concede { seat } => Some(seat),
            _ => None,
        };
        let mut step = Step {
            before,
            action,
            events,
            someone_can_act,
            countered_before: countered,
            countered_on_chain: 0,
            leavers: after.removed.difference(before.removed),
            conceded,
            conceded_game_goes_on: conceded.filter(|_| !over),
            resolved_any: false,
            countered_any: false,
            showdown_began: false,
            showdown_ended: false,
            combat_began: None,
            damaged: false,
            unstaged: false,
            mates,
        };
        let mut countered = countered;
        for (i, e) in events.iter().enumerate() {
            match e {
                Event::Resolved { .. } => step.resolved_any = true,
                Event::Countered { item, .. } => {
                    step.countered_any = true;
                    countered |= item_bit(*item);
                }
                Event::ShowdownBegan { .. } => step.showdown_began = true,
                Event::ShowdownEnded { .. } => step.showdown_ended = true,
                Event::CombatBegan { .. } if step.combat_began.is_none() => {
                    step.combat_began = Some(i);
                }
                Event::Damaged { .. } => step.damaged = true,
                Event::Unstaged { .. } => step.unstaged = true,
                _ => {}
            }
        }
        if countered != 0 {
            let on_chain = after.chain.iter().fold(0, |c, i| c | item_bit(i.item));
            step.countered_on_chain = countered & on_chain;
        }
        Judging {
            catalog,
            readings,
            after,
            over,
            present: naive::presence(catalog, after),
            step: Some(step),
        }
    }
}

/// A seat for the prose, or "nobody".
pub fn who(s: Option<Seat>) -> String {
    s.map_or("nobody".to_string(), |s| s.to_string())
}
