//! The engine boundary: what the checker needs of a rules engine, and nothing more.
//!
//! The reference engine ([`crate::Game`]) and the spec ([`crate::oracle::Spec`]) both implement
//! [`Engine`]; the model checker, the shrinker, `simulate`, scenario replay and the fuzz laws
//! are written against it, and a lockstep is any two engines stepped together. `docs/engine.md`
//! is the contract for the developer of another engine.

use std::fmt::Debug;
use std::hash::Hash;

use crate::action::Action;
use crate::error::RuleError;
use crate::event::Event;
use crate::observation::Observation;
use crate::setup::{Setup, SetupErrors};

/// A rules engine the checker can drive.
///
/// An engine is a plain value: cloning it copies the game, and two engines are equal exactly
/// when an observer could never tell them apart from here on (the model checker hashes them to
/// find states it has seen).
pub trait Engine: Clone + Eq + Hash + Debug + Send + Sync + 'static {
    /// How reports name this engine ("the engine", "the spec").
    const NAME: &'static str;

    /// The game `setup` describes, after it has proceeded through anything that needs no
    /// player, and the events of that proceeding.
    ///
    /// # Errors
    ///
    /// Every problem that makes the table impossible ([`Setup::validate`]).
    fn start(setup: &Setup) -> Result<(Self, Vec<Event>), SetupErrors>;

    /// Appends every well-formed action at the table now, legal or not: every seat (removed
    /// ones included) with every card, target and destination the catalog makes meaningful.
    /// The checker offers the union of the engines' lists to each.
    fn well_formed(&self, out: &mut Vec<Action>);

    /// Takes `action`: the events it caused, in order, or the rule it breaks, in which case
    /// nothing changed.
    ///
    /// # Errors
    ///
    /// [`RuleError`] names the rule the action breaks.
    fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError>;

    /// What an observer sees now, without events.
    fn observe(&self) -> Observation;

    /// Whether [`Engine::apply`] would accept `action`, and if not why; changes nothing. By
    /// default it applies the action to a copy.
    ///
    /// # Errors
    ///
    /// As [`Engine::apply`].
    fn check(&self, action: Action) -> Result<(), RuleError> {
        self.clone().apply(action).map(|_| ())
    }

    /// Every rule `action` breaks now, empty if it is legal. An engine that checks one rule at
    /// a time returns the one it found; a reading of the rules that lists them all (the spec)
    /// lets a lockstep accept whichever of them the other engine cites.
    fn refusals(&self, action: Action) -> Vec<RuleError> {
        self.check(action).err().into_iter().collect()
    }

    /// Takes `action` and returns what an observer sees afterwards, the step's events
    /// included.
    ///
    /// # Errors
    ///
    /// As [`Engine::apply`].
    fn step(&mut self, action: Action) -> Result<Observation, RuleError> {
        let events = self.apply(action)?;
        let mut obs = self.observe();
        obs.events = events;
        Ok(obs)
    }

    /// Takes `action`, which [`Engine::check`] has just accepted in this very game, so that an
    /// engine whose `apply` checks before it performs need not check twice. By default it is
    /// [`Engine::apply`], check included.
    ///
    /// # Errors
    ///
    /// As [`Engine::apply`]; an engine that skips the check never refuses here.
    fn apply_checked(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        self.apply(action)
    }

    /// [`Engine::step`] for an action [`Engine::check`] has just accepted in this game.
    ///
    /// # Errors
    ///
    /// As [`Engine::apply_checked`].
    fn step_checked(&mut self, action: Action) -> Result<Observation, RuleError> {
        let events = self.apply_checked(action)?;
        let mut obs = self.observe();
        obs.events = events;
        Ok(obs)
    }

    /// What an observer sees now, written over `out` (its events are left as they are). An
    /// engine may fill `out` in place and spare the checker a copy; by default it is
    /// [`Engine::observe`] moved in.
    fn observe_into(&self, out: &mut Observation) {
        let events = std::mem::take(&mut out.events);
        *out = self.observe();
        out.events = events;
    }

    /// [`Engine::step_checked`] written over `out`, events included: the checker reuses one
    /// observation's room for every step it takes. On a refusal `out` is unspecified.
    ///
    /// # Errors
    ///
    /// As [`Engine::step_checked`].
    fn step_checked_into(
        &mut self,
        action: Action,
        out: &mut Observation,
    ) -> Result<(), RuleError> {
        let events = self.apply_checked(action)?;
        self.observe_into(out);
        out.events = events;
        Ok(())
    }
}
