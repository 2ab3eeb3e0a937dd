//! The spec: a second, deliberately plain reading of the rules, run in lockstep with the engine
//! under test.
//!
//! It shares the vocabulary with the engine (seats, cards, actions, events, refusals, the
//! observation) and none of its logic: it builds its own state from the validated setup, lists
//! its own well-formed actions, finds every rule an action breaks, and reports what each step
//! did in the same canonical events. Players are a list in turn order from which a leaver is
//! deleted; passes are lists of seats; Priority is written down in one field and moved
//! explicitly; nothing is cached. The sections follow the rulebook, like the engine's `rules/`:
//! Priority and the Chain, playing, effects, triggers, Showdowns, combat, movement, removal,
//! turns and cleanups.
//!
//! Where the engine and the spec disagree (one accepts, the other refuses, or what an observer
//! sees afterwards differs, events included) one of them misreads the rules, and the checker
//! reports the action that showed it.
//!
//! This crate depends on the core and on Riftbound's vocabulary, never on the reference
//! engine: its independence is kept by the compiler.

#![warn(missing_docs)]

mod chain;
mod cleanup;
mod combat;
mod effects;
mod enumerate;
mod lasting;
mod legality;
mod movement;
mod observe;
mod play;
mod removal;
mod showdown;
mod state;
mod takeover;
mod triggers;
mod turn;

use legality::Broken;
pub use state::Spec;

use riftbound_vocabulary::Riftbound;
use riftbound_vocabulary::action::Action;
use riftbound_vocabulary::error::RuleError;
use riftbound_vocabulary::event::Event;
use riftbound_vocabulary::observation::Observation;
use riftbound_vocabulary::setup::{Setup, SetupErrors};
use riftcheck_core::Engine;

impl Spec {
    fn take(&mut self, action: Action) {
        match action {
            Action::Pass { seat } => self.pass(seat),
            Action::PassFocus { seat } => self.pass_focus(seat),
            Action::Play {
                seat,
                card,
                target,
                at,
            } => self.play(seat, card, target, at),
            Action::Activate { seat, card, target } => self.activate(seat, card, target),
            Action::Move { seat, units, to } => self.standard_move(seat, units, to),
            Action::EndTurn { seat } => self.end_turn(seat),
            Action::Concede { seat } => self.concede(seat),
            Action::Place { seat, card } => self.place(seat, card),
            Action::Choose { at, .. } => self.begin_fight(at),
            Action::Invite { teammate, .. } => self.invite(teammate),
            Action::Hide { seat, card, at } => self.hide(seat, card, at),
            Action::Assign { seat, unit } => self.assign(seat, unit),
        }
        self.proceed();
    }
}

impl Engine<Riftbound> for Spec {
    const NAME: &'static str = "the spec";

    fn start(setup: &Setup) -> Result<(Spec, Vec<Event>), SetupErrors> {
        let mut spec = Spec::from_table(&setup.validate()?);
        spec.note_mates_fields();
        spec.proceed();
        let events = std::mem::take(&mut spec.log);
        Ok((spec, events))
    }

    fn well_formed(&self, out: &mut Vec<Action>) {
        self.enumerate(out);
        // 383.3.d: a waiting trigger whose card has left the board is still placed, by any
        // seat (the refusals say whose turn to place it is).
        let off_board = |w: &&riftbound_vocabulary::item::Unplaced| {
            !self.s.cards[w.source.index()].zone.on_board()
        };
        let seats = self.catalog.mode.seats();
        for card in self.s.waiting.iter().filter(off_board).map(|w| w.source) {
            let places = seats.iter().map(|seat| Action::Place { seat, card });
            let new: Vec<Action> = places.filter(|p| !out.contains(p)).collect();
            out.extend(new);
        }
    }

    fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        self.check(action)?;
        self.log.clear();
        self.take(action);
        // A copy of the exact size: the log keeps its room for the next action.
        Ok(self.log.as_slice().to_vec())
    }

    fn observe(&self) -> Observation {
        let mut seen = Observation::default();
        self.observation_into(&mut seen);
        seen
    }

    fn step_checked_into(
        &mut self,
        action: Action,
        out: &mut Observation,
    ) -> Result<(), RuleError> {
        self.log.clear();
        self.take(action);
        // What an observer sees afterwards, written over the last step's observation in its
        // room: rebuilding it whole cost the check a copy of it on every step.
        out.events.clone_from(&self.log);
        self.observation_into(out);
        Ok(())
    }

    fn check(&self, action: Action) -> Result<(), RuleError> {
        let mut first = Broken::first_only();
        self.broken_rules(action, &mut first);
        match first.first() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    fn refusals(&self, action: Action) -> Vec<RuleError> {
        let mut all = Broken::all();
        self.broken_rules(action, &mut all);
        all.into_vec()
    }
}
