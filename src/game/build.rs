//! The reference engine's setup code: its state built from a validated [`Table`].

use std::sync::Arc;

use arrayvec::ArrayVec;

use super::chain::{Chain, Item};
use super::policy;
use super::state::{CardState, Combat, FieldState, Game, Showdown, State, Window};
use crate::item::ItemKind;
use crate::seat::SeatSet;
use crate::setup::Table;

impl Game {
    /// The game a table describes, before anything proceeds by itself (the rules' `settle`
    /// runs next: a lone staged fight begins, a Showdown whose round of passes is complete
    /// ends).
    pub(crate) fn from_table(table: &Table) -> Game {
        let cards: ArrayVec<CardState, { crate::card::MAX_CARDS }> = table
            .cards
            .iter()
            .map(|c| CardState {
                zone: c.zone,
                controller: c.controller,
                exhausted: c.exhausted,
                damage: c.damage,
            })
            .collect();
        let fields = table
            .battlefields
            .iter()
            .map(|f| FieldState {
                controller: f.controller,
                token: f.token,
                contested_by: f.contested_by,
                scored: SeatSet::EMPTY,
            })
            .collect();
        let chain = (!table.chain.is_empty()).then(|| {
            let mut chain = Chain::new(table.opened_by);
            chain.items = table
                .chain
                .iter()
                .map(|i| Item {
                    source: i.source,
                    kind: i.kind,
                    controller: i.controller,
                    finalized: true,
                    target: i.target,
                })
                .collect();
            // A trigger-opened Chain holding a spell or an activated ability was added to by a
            // player (policy `focus-after-chain`).
            chain.extended = policy::records_player_items(&table.readings, table.opened_by)
                && chain.items.iter().any(|i| i.kind != ItemKind::Triggered);
            chain.holder = table.priority;
            chain.passed = table.passed;
            chain
        });
        let window = match table.showdown {
            None => Window::Neutral,
            Some(sd) => Window::Showdown(Showdown {
                at: sd.at,
                focus: sd.focus,
                passed: sd.passed,
                combat: sd
                    .combat
                    .map(|(attacker, defender)| Combat { attacker, defender }),
            }),
        };
        let mut game = Game {
            catalog: Arc::clone(&table.catalog),
            readings: table.readings,
            s: State {
                removed: table.removed,
                turn: table.turn,
                turn_begun: true,
                points: table.points,
                energy: table.energy,
                invited: table.invited,
                cards,
                fields,
                window,
                chain,
                lasting: Vec::new(),
                mates_controlled: 0,
                mates_occupied: 0,
            },
            pending: Default::default(),
        };
        (game.s.mates_controlled, game.s.mates_occupied) = game.mates_fields(game.s.turn);
        game
    }
}
