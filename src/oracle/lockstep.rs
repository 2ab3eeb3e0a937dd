//! Two engines in lockstep: the same setup and the same actions to both, and after each step
//! the same observation (events included) from both. The second engine is the reference, the
//! spec by default; the first is the engine under test. The comparison of refusals and the step
//! of both are the same for every ruleset ([`Lockstep::refusal`], [`Lockstep::take_both_into`]);
//! Riftbound's lockstep also compares what an observer sees field by field, naming things from
//! the setup's catalog.
//!
//! Refusals are compared by rule: the engine under test must refuse what the reference refuses,
//! citing one of the rules the reference finds broken (the reference lists them all, so where
//! two rules both refuse an action either answer is right).

use std::fmt;

use crate::action::Action;
use crate::engine::{Engine, Riftbound, Ruleset};
use crate::error::RuleError;
use crate::game::Game;
use crate::observation::Observation;
use crate::setup::{Setup, SetupErrors};
use riftbound_spec::Spec;

/// The engine and the reference read the rules of ruleset `R` differently here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Disagreement<R: Ruleset = Riftbound> {
    /// One of them refused the setup and the other built a game from it.
    SetupRefused {
        /// Which refused it.
        by: &'static str,
        /// Why.
        errors: R::SetupErrors,
    },
    /// The engine accepted an action the reference refuses, for these rules.
    EngineAccepted {
        /// Every rule the reference finds broken.
        spec_refusals: Vec<R::Refusal>,
    },
    /// The engine refused an action the reference accepts.
    EngineRefused {
        /// The engine's refusal.
        error: R::Refusal,
    },
    /// Both refused, but the engine cites a rule the reference does not find broken.
    RefusedForAnotherRule {
        /// The engine's refusal.
        error: R::Refusal,
        /// Every rule the reference finds broken.
        spec_refusals: Vec<R::Refusal>,
    },
    /// Both took the action (or built the game), and afterwards an observer sees different
    /// things: the engine's value first, the reference's second.
    ViewsDiffer(R::Difference),
}

fn rules_text(v: &[RuleError]) -> String {
    let all: Vec<String> = v
        .iter()
        .map(|e| format!("{} ({})", e.name(), e.rule()))
        .collect();
    all.join(", ")
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Disagreement::SetupRefused { by, errors } => {
                write!(f, "{by} refused the setup and the other did not: {errors}")
            }
            Disagreement::EngineAccepted { spec_refusals } => write!(
                f,
                "the engine accepted it; the spec refuses it: {}",
                spec_refusals
                    .first()
                    .map_or(String::new(), |e| format!("{e}"))
            ),
            Disagreement::EngineRefused { error } => {
                write!(f, "the engine refused it ({error}); the spec accepts it")
            }
            Disagreement::RefusedForAnotherRule {
                error,
                spec_refusals,
            } => write!(
                f,
                "both refuse it, but the engine cites {} ({}), which the spec does not find \
                 broken; the spec finds {}",
                error.name(),
                error.rule(),
                rules_text(spec_refusals)
            ),
            Disagreement::ViewsDiffer(d) => write!(
                f,
                "afterwards {} differs ({}): the engine has {}, the spec {}",
                d.path,
                d.rule,
                d.ours.toml(),
                d.theirs.toml()
            ),
        }
    }
}

/// What a step of the lockstep did.
// The observation is moved once per step, where boxing it would allocate on every transition
// the model checker takes.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stepped<R: Ruleset = Riftbound> {
    /// Both refused, and the engine's rule is one the reference finds broken. Nothing changed.
    Refused(R::Refusal),
    /// Both took the action and an observer sees the same: the observation, events included
    /// (shared: the checker keeps it as the next state's view without copying it).
    Agreed(std::sync::Arc<R::Observation>),
    /// They disagree. When both took the action, their observations come with it: the
    /// engine's, then the reference's.
    Disagreed(
        Disagreement<R>,
        Option<Box<(R::Observation, R::Observation)>>,
    ),
}

/// An engine and a reference of ruleset `R`, stepped together.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Lockstep<E = Game, S = Spec, R = Riftbound> {
    /// The engine under test.
    pub engine: E,
    /// The reference reading of the rules.
    pub spec: S,
    ruleset: std::marker::PhantomData<R>,
}

impl<E: Clone, S: Clone, R> Clone for Lockstep<E, S, R> {
    fn clone(&self) -> Self {
        Lockstep::new(self.engine.clone(), self.spec.clone())
    }

    /// Each side in place (the model checker copies a pair into another's room for every
    /// transition it tries).
    fn clone_from(&mut self, source: &Self) {
        self.engine.clone_from(&source.engine);
        self.spec.clone_from(&source.spec);
    }
}

/// Two engines started from one setup.
#[derive(Clone, Debug)]
pub struct Started<E: Engine<Riftbound>, R: Engine<Riftbound>> {
    /// The pair.
    pub pair: Lockstep<E, R>,
    /// The engine's first observation, with the events of what proceeded after setup.
    pub first: Observation,
    /// The reference's first observation, likewise.
    pub reference_first: Observation,
    /// Where their first observations differ, if they do.
    pub disagreement: Option<Disagreement>,
    /// The names of things, from the setup.
    pub catalog: std::sync::Arc<crate::card::Catalog>,
}

impl<E, S, R> Lockstep<E, S, R> {
    /// The engine under test and the reference, as they are.
    pub fn new(engine: E, spec: S) -> Self {
        Lockstep {
            engine,
            spec,
            ruleset: std::marker::PhantomData,
        }
    }
}

impl<R: Ruleset, E: Engine<R>, S: Engine<R>> Lockstep<E, S, R> {
    /// What the two make of `action` without taking it: `Some(Ok(rule))` when both refuse and
    /// the engine's rule is one the reference finds broken, `Some(Err(..))` when they disagree
    /// about refusing it, `None` when both accept.
    pub fn refusal(&self, action: R::Action) -> Option<Result<R::Refusal, Disagreement<R>>> {
        match self.engine.check(action) {
            Err(error) => {
                // Most often both find the same rule first; only otherwise is every rule the
                // reference finds broken needed.
                match self.spec.check(action) {
                    Ok(()) => return Some(Err(Disagreement::EngineRefused { error })),
                    Err(first) if R::same_rule(&first, &error) => return Some(Ok(error)),
                    Err(_) => {}
                }
                let spec_refusals = self.spec.refusals(action);
                if spec_refusals.is_empty() {
                    Some(Err(Disagreement::EngineRefused { error }))
                } else if spec_refusals.iter().any(|r| R::same_rule(r, &error)) {
                    Some(Ok(error))
                } else {
                    Some(Err(Disagreement::RefusedForAnotherRule {
                        error,
                        spec_refusals,
                    }))
                }
            }
            Ok(()) => match self.spec.check(action) {
                Ok(()) => None,
                Err(_) => Some(Err(Disagreement::EngineAccepted {
                    spec_refusals: self.spec.refusals(action),
                })),
            },
        }
    }

    /// Takes `action`, which [`Lockstep::refusal`] has just found both accept in this game (so
    /// neither checks it again), writing what each shows afterwards over `ours` (the engine's)
    /// and `theirs` (the reference's), whose rooms are reused. Comparing them is the caller's.
    ///
    /// # Errors
    ///
    /// One of them refused the action after all: [`Disagreement::EngineRefused`] or
    /// [`Disagreement::EngineAccepted`].
    pub fn take_both_into(
        &mut self,
        action: R::Action,
        ours: &mut R::Observation,
        theirs: &mut R::Observation,
    ) -> Result<(), Disagreement<R>> {
        if let Err(error) = self.engine.step_checked_into(action, ours) {
            return Err(Disagreement::EngineRefused { error });
        }
        if self.spec.step_checked_into(action, theirs).is_err() {
            return Err(Disagreement::EngineAccepted {
                spec_refusals: self.spec.refusals(action),
            });
        }
        Ok(())
    }

    /// The one step of both, with one typed outcome: refused by both for the same rule
    /// ([`Lockstep::refusal`]), taken by one only, or taken by both and what each shows then
    /// compared by `differ` (the ruleset's first difference an observer sees, `None` if none).
    /// The model checkers take the same step in rooms they reuse
    /// ([`Lockstep::take_both_into`]); the fuzz laws, the tools and the examples take this.
    pub fn step_by(
        &mut self,
        action: R::Action,
        differ: impl FnOnce(&R::Observation, &R::Observation) -> Option<R::Difference>,
    ) -> Stepped<R>
    where
        R::Observation: Default,
    {
        match self.refusal(action) {
            Some(Ok(rule)) => return Stepped::Refused(rule),
            Some(Err(d)) => return Stepped::Disagreed(d, None),
            None => {}
        }
        let mut ours = R::Observation::default();
        let mut theirs = R::Observation::default();
        if let Err(d) = self.take_both_into(action, &mut ours, &mut theirs) {
            return Stepped::Disagreed(d, None);
        }
        match differ(&ours, &theirs) {
            None => Stepped::Agreed(std::sync::Arc::new(ours)),
            Some(d) => {
                Stepped::Disagreed(Disagreement::ViewsDiffer(d), Some(Box::new((ours, theirs))))
            }
        }
    }
}

impl<E: Engine<Riftbound>, R: Engine<Riftbound>> Lockstep<E, R> {
    /// Starts both engines from `setup`, each building its own game.
    ///
    /// # Errors
    ///
    /// `Err(Ok(errors))` when both refuse the setup, `Err(Err(disagreement))` when only one
    /// does.
    pub fn start(setup: &Setup) -> Result<Started<E, R>, Result<SetupErrors, Disagreement>> {
        match (E::start(setup), R::start(setup)) {
            (Err(errors), Err(_)) => Err(Ok(errors)),
            (Err(errors), Ok(_)) => Err(Err(Disagreement::SetupRefused {
                by: E::NAME,
                errors,
            })),
            (Ok(_), Err(errors)) => Err(Err(Disagreement::SetupRefused {
                by: R::NAME,
                errors,
            })),
            (Ok((engine, events)), Ok((spec, spec_events))) => {
                let catalog = setup.validate().map_err(Ok)?.catalog;
                let pair = Lockstep::new(engine, spec);
                let mut first = pair.engine.observe();
                first.events = events;
                let mut theirs = pair.spec.observe();
                theirs.events = spec_events;
                let disagreement = first
                    .first_difference(&theirs, &catalog)
                    .map(Disagreement::ViewsDiffer);
                Ok(Started {
                    pair,
                    first,
                    reference_first: theirs,
                    disagreement,
                    catalog,
                })
            }
        }
    }

    /// Offers `action` to both and compares what they do, names in messages from `catalog`:
    /// [`Lockstep::refusal`], then the one step of both ([`Lockstep::take_both_into`]), then
    /// what an observer sees of each compared. For the tools that step a pair on its own; the
    /// checker's models compose the same two in place.
    pub fn step(&mut self, action: Action, catalog: &crate::card::Catalog) -> Stepped {
        self.step_by(action, |ours, theirs| {
            ours.first_difference(theirs, catalog)
        })
    }
}
