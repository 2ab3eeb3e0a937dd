//! Engine and spec in lockstep: the same action to both, then the same view from both.

use std::fmt;

use super::spec::Spec;
use crate::action::Action;
use crate::error::RuleError;
use crate::event::Event;
use crate::game::Game;
use crate::view::View;

/// The engine and the spec read the rules differently here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Disagreement {
    /// The engine accepted an action the spec refuses.
    EngineAccepted {
        /// The spec's reason.
        spec_refusal: &'static str,
    },
    /// The engine refused an action the spec accepts.
    EngineRefused {
        /// The engine's error.
        error: RuleError,
    },
    /// Both accepted, and afterwards an observer sees different games.
    ViewsDiffer {
        /// The first field that differs.
        field: &'static str,
        /// The engine's value.
        engine: String,
        /// The spec's value.
        spec: String,
    },
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Disagreement::EngineAccepted { spec_refusal } => {
                write!(
                    f,
                    "the engine accepted it; the spec refuses it: {spec_refusal}"
                )
            }
            Disagreement::EngineRefused { error } => {
                write!(f, "the engine refused it ({error}); the spec accepts it")
            }
            Disagreement::ViewsDiffer {
                field,
                engine,
                spec,
            } => {
                write!(
                    f,
                    "afterwards {field} differs: the engine has {engine}, the spec {spec}"
                )
            }
        }
    }
}

/// The first field in which two views differ, with both values.
pub fn first_difference(engine: &View, spec: &View) -> Option<(&'static str, String, String)> {
    macro_rules! field {
        ($name:ident) => {
            if engine.$name != spec.$name {
                return Some((
                    stringify!($name),
                    format!("{:?}", engine.$name),
                    format!("{:?}", spec.$name),
                ));
            }
        };
    }
    field!(remaining);
    field!(removed);
    field!(winners);
    field!(turn);
    field!(priority);
    field!(focus);
    field!(showdown);
    field!(chain);
    field!(opened_by);
    field!(passed);
    field!(focus_passed);
    field!(unplaced);
    field!(awaiting);
    field!(invited);
    field!(points);
    field!(energy);
    for (i, (a, b)) in engine.cards.iter().zip(&spec.cards).enumerate() {
        if a != b {
            return Some((
                "cards",
                format!("card {i}: {a:?}"),
                format!("card {i}: {b:?}"),
            ));
        }
    }
    for (i, (a, b)) in engine
        .battlefields
        .iter()
        .zip(&spec.battlefields)
        .enumerate()
    {
        if a != b {
            return Some((
                "battlefields",
                format!("battlefield {i}: {a:?}"),
                format!("battlefield {i}: {b:?}"),
            ));
        }
    }
    None
}

/// A game and its spec, stepped together.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lockstep {
    /// The engine.
    pub game: Game,
    /// The spec.
    pub spec: Spec,
}

impl Lockstep {
    /// Starts the spec from the engine's first view.
    pub fn new(game: Game) -> Lockstep {
        let spec = Spec::from_view(game.catalog_arc().clone(), &game.view());
        Lockstep { game, spec }
    }

    /// Offers `action` to both. `Ok(Some(events))` when both accept and agree afterwards,
    /// `Ok(None)` when both refuse (and nothing changed), `Err` when they disagree.
    ///
    /// # Errors
    ///
    /// The [`Disagreement`].
    pub fn step(&mut self, action: Action) -> Result<Option<Vec<Event>>, Disagreement> {
        match (self.game.check(action), self.spec.check(action)) {
            (Err(_), Err(_)) => Ok(None),
            (Ok(()), Err(spec_refusal)) => Err(Disagreement::EngineAccepted { spec_refusal }),
            (Err(error), Ok(())) => Err(Disagreement::EngineRefused { error }),
            (Ok(()), Ok(())) => {
                let events = self
                    .game
                    .apply(action)
                    .map_err(|error| Disagreement::EngineRefused { error })?;
                self.spec
                    .apply(action)
                    .map_err(|spec_refusal| Disagreement::EngineAccepted { spec_refusal })?;
                match first_difference(&self.game.view(), &self.spec.view()) {
                    None => Ok(Some(events)),
                    Some((field, engine, spec)) => Err(Disagreement::ViewsDiffer {
                        field,
                        engine,
                        spec,
                    }),
                }
            }
        }
    }
}
