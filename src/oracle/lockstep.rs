//! Engine and spec in lockstep: the same action to both, then the same view from both.

use std::fmt;

use super::spec::Spec;
use crate::action::Action;
use crate::card::Catalog;
use crate::error::RuleError;
use crate::event::Event;
use crate::event::{item_name, zone_text};
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
        /// The rules that decide it.
        rule: &'static str,
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
                rule,
                engine,
                spec,
            } => write!(
                f,
                "afterwards {field} differs ({rule}): the engine has {engine}, the spec {spec}"
            ),
        }
    }
}

fn seat_text(s: Option<crate::seat::Seat>) -> String {
    s.map_or("nobody".to_string(), |s| s.to_string())
}

fn items_text(cat: &Catalog, v: &View) -> String {
    let items: Vec<String> = v
        .chain
        .iter()
        .map(|i| {
            let mut t = format!("{} ({}'s", item_name(cat, i.source, i.kind), i.controller);
            if !i.finalized {
                t.push_str(", pending");
            }
            t.push(')');
            t
        })
        .collect();
    format!("[{}]", items.join(", "))
}

fn card_text(cat: &Catalog, i: usize, c: &crate::view::CardView) -> String {
    let def = &cat.cards[i];
    let mut t = format!(
        "{} at {}, controlled by {}",
        def.name,
        zone_text(cat, c.zone, def.owner),
        c.controller
    );
    if let Some(m) = c.might {
        t.push_str(&format!(", Might {m}"));
    }
    if c.exhausted {
        t.push_str(", exhausted");
    }
    if c.damage > 0 {
        t.push_str(&format!(", {} damage", c.damage));
    }
    t
}

/// The first part of the observable state in which two views differ: what it is, the rules
/// that decide it, and the engine's and the spec's values in words.
pub fn first_difference(
    cat: &Catalog,
    engine: &View,
    spec: &View,
) -> Option<(&'static str, &'static str, String, String)> {
    macro_rules! field {
        ($name:ident, $rule:literal, $show:expr) => {
            if engine.$name != spec.$name {
                let show = $show;
                return Some((stringify!($name), $rule, show(engine), show(spec)));
            }
        };
    }
    field!(remaining, "651.2-651.4", |v: &View| v.remaining.to_string());
    field!(removed, "651.2-651.4", |v: &View| v.removed.to_string());
    field!(winners, "651.1, 467", |v: &View| v
        .winners
        .map_or("nobody".into(), |w| w.to_string()));
    field!(turn, "317.3, 652.5.a.1", |v: &View| seat_text(v.turn));
    field!(priority, "312.2, 340.4, 652.5.c.1", |v: &View| seat_text(
        v.priority
    ));
    field!(focus, "313, 347.4, 652.5.b.1", |v: &View| seat_text(
        v.focus
    ));
    field!(showdown, "344, 347.3.a, 459", |v: &View| format!(
        "{:?}",
        v.showdown
    ));
    field!(chain, "329-340, 425, 652.4", |v: &View| items_text(cat, v));
    field!(opened_by, "346.1", |v: &View| format!("{:?}", v.opened_by));
    field!(passed, "339, 652.5.c.2", |v: &View| v.passed.to_string());
    field!(focus_passed, "347.3.a, 652.5.b.2", |v: &View| v
        .focus_passed
        .to_string());
    field!(unplaced, "383.3.d, 459.2.d.1", |v: &View| format!(
        "{:?}",
        v.unplaced
    ));
    field!(awaiting, "383.3.d, 456.1", |v: &View| seat_text(
        v.awaiting.map(|c| c.seat())
    ));
    field!(invited, "316.2.b.1", |v: &View| seat_text(v.invited));
    field!(points, "462-467", |v: &View| format!("{:?}", v.points));
    field!(energy, "429", |v: &View| format!("{:?}", v.energy));
    for (i, (a, b)) in engine.cards.iter().zip(&spec.cards).enumerate() {
        if a != b {
            return Some((
                "cards",
                "652.1, 652.3, 056, 188, 440-453",
                card_text(cat, i, a),
                card_text(cat, i, b),
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
            let name = &cat.battlefields[i].name;
            return Some((
                "battlefields",
                "652.2, 187",
                format!("{name}: {a:?}"),
                format!("{name}: {b:?}"),
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
        let spec = Spec::from_view(game.catalog_arc().clone(), *game.readings(), &game.view());
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
                match first_difference(self.game.catalog(), &self.game.view(), &self.spec.view()) {
                    None => Ok(Some(events)),
                    Some((field, rule, engine, spec)) => Err(Disagreement::ViewsDiffer {
                        field,
                        rule,
                        engine,
                        spec,
                    }),
                }
            }
        }
    }
}
