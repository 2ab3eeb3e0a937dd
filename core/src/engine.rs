//! The engine boundary: what the checker needs of a rules engine, and nothing more.
//!
//! Each ruleset's reference engine and its spec implement [`Engine`]; the model checker, the
//! shrinker, `simulate`, scenario replay and the fuzz laws are written against it, and a
//! lockstep is any two engines stepped together. `docs/engine.md` is the contract for the
//! developer of another engine.
//!
//! The boundary is no ruleset's own: a [`Ruleset`] names the types a game of it is made of
//! (its setup, actions, events, observation and refusals), and `Engine<R>` is an engine of that
//! ruleset. Riftbound (`riftbound_vocabulary::Riftbound`) and Magic: The Gathering's rule 800.4
//! (`mtg_vocabulary::view::Mtg`) are the two rulesets, checked by the same model checker.

use std::fmt::Debug;
use std::hash::Hash;

/// The types a game of one ruleset is made of.
pub trait Ruleset: 'static {
    /// The table before the game starts.
    type Setup;
    /// Why a setup cannot be played.
    type SetupErrors: Clone + Eq + Debug;
    /// One thing a player does.
    type Action: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// One thing that happened, in the rulebook's words.
    type Event: Clone + Eq + Debug;
    /// Why an action is refused: the rule it breaks.
    type Refusal: Clone + Eq + Debug + std::fmt::Display;
    /// What an observer sees, the last step's events included.
    type Observation: Clone + Eq + Debug;
    /// Where two observations differ, as a lockstep reports it.
    type Difference: Clone + Eq + Debug;
    /// The events `observation` carries.
    fn events_of(observation: &mut Self::Observation) -> &mut Vec<Self::Event>;
    /// Whether two refusals cite the same rule (a lockstep accepts an engine's refusal when
    /// the reference finds that rule broken, whatever the details).
    fn same_rule(a: &Self::Refusal, b: &Self::Refusal) -> bool;
}

/// A rules engine the checker can drive: what the checker needs and nothing more. An engine
/// starts from a setup, lists the well-formed actions, takes an action or refuses it with the
/// rule it breaks, and shows what an observer sees; it may say why it would refuse an action
/// without taking it ([`Engine::check`], [`Engine::refusals`]), and may take one fast path
/// ([`Engine::step_checked_into`]).
///
/// An engine is a plain value: cloning it copies the game, and two engines are equal exactly
/// when an observer could never tell them apart from here on (the model checker hashes them to
/// find states it has seen).
pub trait Engine<R: Ruleset>: Clone + Eq + Hash + Debug + Send + Sync + 'static {
    /// How reports name this engine ("the engine", "the spec").
    const NAME: &'static str;

    /// The game `setup` describes, after it has proceeded through anything that needs no
    /// player, and the events of that proceeding.
    ///
    /// # Errors
    ///
    /// Every problem that makes the table impossible.
    fn start(setup: &R::Setup) -> Result<(Self, Vec<R::Event>), R::SetupErrors>;

    /// Appends every well-formed action at the table now, legal or not: every seat (removed
    /// ones included) with every card, target and destination the catalog makes meaningful.
    /// The checker offers the union of the engines' lists to each.
    fn well_formed(&self, out: &mut Vec<R::Action>);

    /// Takes `action`: the events it caused, in order, or the rule it breaks, in which case
    /// nothing changed.
    ///
    /// # Errors
    ///
    /// The refusal names the rule the action breaks.
    fn apply(&mut self, action: R::Action) -> Result<Vec<R::Event>, R::Refusal>;

    /// What an observer sees now, without events.
    fn observe(&self) -> R::Observation;

    /// Whether [`Engine::apply`] would accept `action`, and if not why; changes nothing. By
    /// default it applies the action to a copy.
    ///
    /// # Errors
    ///
    /// As [`Engine::apply`].
    fn check(&self, action: R::Action) -> Result<(), R::Refusal> {
        self.clone().apply(action).map(|_| ())
    }

    /// Every rule `action` breaks now, empty if it is legal. An engine that checks one rule at
    /// a time returns the one it found; a reading of the rules that lists them all (the spec)
    /// lets a lockstep accept whichever of them the other engine cites.
    fn refusals(&self, action: R::Action) -> Vec<R::Refusal> {
        self.check(action).err().into_iter().collect()
    }

    /// The one fast path: takes `action`, which [`Engine::check`] has just accepted in this
    /// very game, and writes what an observer sees afterwards over `out`, the step's events
    /// included. The checker reuses one observation's room for every step it takes, so an
    /// engine may fill `out` in place, and need not check the action again. By default it is
    /// [`Engine::apply`] then [`Engine::observe`]. On a refusal `out` is unspecified.
    ///
    /// # Errors
    ///
    /// As [`Engine::apply`]; an engine that skips the check never refuses here.
    fn step_checked_into(
        &mut self,
        action: R::Action,
        out: &mut R::Observation,
    ) -> Result<(), R::Refusal> {
        let events = self.apply(action)?;
        *out = self.observe();
        *R::events_of(out) = events;
        Ok(())
    }
}

/// Takes `action` on `engine` and returns what an observer sees afterwards, the step's events
/// included.
///
/// # Errors
///
/// As [`Engine::apply`].
pub fn step<R: Ruleset, E: Engine<R>>(
    engine: &mut E,
    action: R::Action,
) -> Result<R::Observation, R::Refusal> {
    let events = engine.apply(action)?;
    let mut obs = engine.observe();
    *R::events_of(&mut obs) = events;
    Ok(obs)
}
