//! Engine and spec in lockstep: the same action to both, then the same view from both.

use std::fmt;

use super::spec::Spec;
use crate::action::Action;
use crate::error::RuleError;
use crate::event::Event;
use crate::game::Game;
use crate::observation::Difference;

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
    /// Both accepted, and afterwards an observer sees different things: the engine's value
    /// first, the spec's second.
    ViewsDiffer(Difference),
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
        let spec = Spec::from_view(
            game.catalog_arc().clone(),
            *game.readings(),
            &game.observe(),
        );
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
                let (engine, spec) = (self.game.observe(), self.spec.observe());
                match engine.first_difference(&spec, self.game.catalog()) {
                    None => Ok(Some(events)),
                    Some(d) => Err(Disagreement::ViewsDiffer(d)),
                }
            }
        }
    }
}
