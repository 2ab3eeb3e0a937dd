//! What an observer sees of the reference engine's game.

use super::state::Game;
use crate::observation::{CardObs, FieldObs, ItemObs, Observation, Place};

impl Game {
    /// What an observer sees now; the events are those of no step (none).
    pub(crate) fn observation(&self) -> Observation {
        let mut out = Observation::default();
        self.observation_into(&mut out);
        out
    }

    /// What an observer sees now, written over `out` in place (its room reused); its events are
    /// left as they are. The engine's [`crate::Engine::observe`] and
    /// [`crate::Engine::step_checked_into`] are this.
    pub(crate) fn observation_into(&self, out: &mut Observation) {
        let cat = &self.catalog;
        let over = self.is_over();
        out.remaining = self.remaining();
        out.removed = self.removed();
        out.winners = self.winners();
        out.turn = self.turn_player();
        out.priority = self.priority();
        out.focus = self.focus();
        out.awaiting = self.awaiting();
        out.invited = if over { None } else { self.s.invited };
        let showdown = self.showdown_at();
        out.showdown = showdown.map(|(at, _)| at);
        out.combat = self.combat_at().map(|(_, c)| c);
        out.staged = if over {
            Default::default()
        } else {
            self.staged_fights()
        };
        out.chain.clear();
        out.chain.extend(self.chain_items().iter().map(|i| ItemObs {
            item: i.name(),
            controller: i.controller,
            pending: !i.finalized,
            target: i.target,
        }));
        out.opened_by = self.s.chain.as_ref().map(|c| c.opened_by);
        out.passed = self.passed();
        out.focus_passed = self.focus_passed();
        out.waiting.clear();
        if let Some(c) = &self.s.chain {
            out.waiting.extend(c.unplaced.iter().copied());
        }
        out.points = self.s.points;
        out.energy = self.s.energy;
        out.lasting.clone_from(&self.s.lasting);
        out.cards.clear();
        out.cards.extend(cat.card_ids().map(|c| {
            let st = self.card_state(c);
            CardObs {
                at: Place::of(st.zone, cat.card(c).owner),
                controller: st.controller,
                might: self.might(c),
                mighty: self.mighty(c),
                exhausted: st.exhausted,
                damage: st.damage,
            }
        }));
        out.battlefields.clear();
        out.battlefields.extend(cat.battlefield_ids().map(|b| {
            let f = self.field(b);
            FieldObs {
                controller: f.controller,
                token: f.token,
                might: self.might_bonus(b),
                contested_by: f.contested_by,
                scored: f.scored,
            }
        }));
    }
}
