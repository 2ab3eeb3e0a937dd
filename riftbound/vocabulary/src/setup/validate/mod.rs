//! Validating a setup into a [`Table`]: small validators, one per part of the setup, each
//! reporting every problem it finds with a typed reason and the field it is about. A validator
//! skips what depends on a part already found wrong, so one mistake is reported once.

mod battlefields;
mod cards;
mod chain;
mod check;
mod repairs;
mod seats;
mod windows;

use check::Check;

use std::sync::Arc;

use super::Setup;
use super::error::SetupErrors;
use super::table::Table;
use crate::card::Catalog;
use crate::seat::{Seat, SeatSet};

/// Validates `setup`: the table it describes, or every problem with it.
pub(super) fn validate(setup: &Setup) -> Result<Table, SetupErrors> {
    let mut c = Check {
        setup,
        errors: Vec::new(),
        seats: setup.mode.seats(),
        removed: SeatSet::EMPTY,
        battlefields: setup.battlefields_in_use(),
    };
    let (removed, turn) = seats::players(&mut c);
    let (bf_defs, fields) = battlefields::check(&mut c);
    let (defs, cards) = cards::check(&mut c);
    cards::three_players(&mut c, &defs, &cards);
    cards::attachments(&mut c, &cards);
    let (chain, priority, passed) = chain::check(&mut c, &defs, &cards);
    let showdown = windows::showdown(&mut c, &fields, !chain.is_empty());
    repairs::check(&mut c, &defs, &cards, &fields, !chain.is_empty(), showdown);
    windows::invitation(&mut c, turn, !chain.is_empty() || showdown.is_some());
    let (points, energy, victory_score) = seats::scores(&mut c);
    if let Some(errors) = SetupErrors::new(c.errors) {
        return Err(errors);
    }
    Ok(Table {
        catalog: Arc::new(Catalog {
            mode: setup.mode,
            victory_score,
            equipment: defs
                .iter()
                .enumerate()
                .filter(|(_, d)| {
                    matches!(
                        d.ability,
                        Some(crate::card::Ability::Activated {
                            effect: crate::card::Effect::Equip,
                            ..
                        })
                    )
                })
                .map(|(i, _)| crate::card::CardId::from_index(i))
                .collect(),
            cards: defs,
            battlefields: bf_defs,
        }),
        readings: setup.readings,
        removed,
        turn: turn.unwrap_or(Seat::A),
        points,
        energy,
        cards,
        battlefields: fields,
        chain,
        opened_by: setup.opened_by,
        priority,
        passed,
        showdown,
        invited: setup.invited,
    })
}
