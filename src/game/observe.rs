//! What an observer sees of the reference engine's game.

use super::state::Game;
use crate::observation::{CardObs, FieldObs, ItemObs, Observation, Place};

impl Game {
    /// What an observer sees now; the events are those of no step (empty).
    pub fn observe(&self) -> Observation {
        let cat = &self.catalog;
        let over = self.is_over();
        Observation {
            remaining: self.remaining(),
            removed: self.removed(),
            winners: self.winners(),
            turn: self.turn_player(),
            priority: self.priority(),
            focus: self.focus(),
            awaiting: self.awaiting(),
            invited: if over { None } else { self.s.invited },
            showdown: self.showdown_at().map(|(at, _)| at),
            combat: self.showdown_at().and_then(|(_, c)| c),
            staged: if over {
                Default::default()
            } else {
                self.staged_fights()
            },
            chain: self
                .chain_items()
                .iter()
                .map(|i| ItemObs {
                    item: i.name(),
                    controller: i.controller,
                    pending: !i.finalized,
                    target: i.target,
                })
                .collect(),
            opened_by: self.s.chain.as_ref().map(|c| c.opened_by),
            passed: self.passed(),
            focus_passed: self.focus_passed(),
            waiting: self
                .s
                .chain
                .as_ref()
                .map(|c| c.unplaced.clone())
                .unwrap_or_default(),
            points: self.s.points,
            energy: self.s.energy,
            cards: cat
                .card_ids()
                .map(|c| {
                    let st = self.card_state(c);
                    CardObs {
                        at: Place::of(st.zone, cat.card(c).owner),
                        controller: st.controller,
                        might: self.might(c),
                        mighty: self.mighty(c),
                        exhausted: st.exhausted,
                        damage: st.damage,
                    }
                })
                .collect(),
            battlefields: cat
                .battlefield_ids()
                .map(|b| {
                    let f = self.field(b);
                    FieldObs {
                        controller: f.controller,
                        token: f.token,
                        might: self.might_bonus(b),
                        contested_by: f.contested_by,
                        scored: f.scored,
                    }
                })
                .collect(),
            events: Vec::new(),
        }
    }
}
