//! One Riftbound starting position checked on an engine ([`Table`], conform's [`Rules`]): the
//! spec's game, the bounds, what is offered at each step, and how an answer is judged.

use std::sync::Arc;

use riftcheck::oracle::Spec;
use riftcheck::protocol::Capabilities;
use riftcheck::protocol::client::{Answer, EngineFault};
use riftcheck::protocol::compare::{Divergence, Ruled, View, judge};
use riftcheck::protocol::wire::setup_json;
use riftcheck::{Action, Catalog, Engine, Event, Setup};
use riftcheck_conform::table::{Counts, Rules, Took, ruled};
use serde_json::Value as Json;

use crate::model::Bounds;

/// A starting position and what is needed to check an engine from it.
pub struct Table {
    /// Its name (`war/chain`, or a file's).
    pub name: String,
    /// The setup.
    pub setup: Setup,
    /// The setup as the protocol sends it.
    pub setup_json: Json,
    /// The names of things.
    pub catalog: Arc<Catalog>,
    /// The spec right after setup, and the events of getting there.
    pub first: (Spec, Vec<Event>),
    /// The bounds.
    pub bounds: Bounds,
    removed_at_start: usize,
}

impl Rules for Table {
    type Spec = Spec;
    type Action = Action;
    type Ruled = Ruled;

    fn name(&self) -> &str {
        &self.name
    }

    fn first(&self) -> &Spec {
        &self.first.0
    }

    fn first_ruled(&self) -> Ruled {
        let mut obs = self.first.0.observe();
        obs.events = self.first.1.clone();
        Ok(obs)
    }

    fn setup_json(&self) -> &Json {
        &self.setup_json
    }

    fn offered(&self, spec: &Spec, counts: Counts, caps: &Capabilities, out: &mut Vec<Action>) {
        out.clear();
        if spec.observe().winners.is_some() {
            return;
        }
        spec.well_formed(out);
        out.sort_unstable();
        out.dedup();
        let conceded = spec
            .observe()
            .removed
            .len()
            .saturating_sub(self.removed_at_start);
        out.retain(|a| {
            caps.takes(a)
                && match a {
                    Action::Concede { .. } => conceded < usize::from(self.bounds.concessions),
                    Action::Invite { .. } => self.bounds.invites_allow(counts.invites),
                    Action::EndTurn { .. } => counts.turns < self.bounds.turns,
                    _ => true,
                }
        });
    }

    fn rule(spec: &Spec, action: Action) -> (Ruled, Option<Spec>) {
        ruled(spec, action)
    }

    fn taken(ruled: &Ruled) -> bool {
        ruled.is_ok()
    }

    fn breaks(ruled: &Ruled) -> Vec<riftcheck::protocol::compare::Cite> {
        ruled
            .as_ref()
            .err()
            .map(|r| riftcheck::protocol::compare::Cite::all(r))
            .unwrap_or_default()
    }

    fn count(counts: Counts, action: Action) -> Counts {
        match action {
            Action::Invite { .. } => Counts {
                invites: counts.invites.saturating_add(1),
                ..counts
            },
            Action::EndTurn { .. } => Counts {
                turns: counts.turns.saturating_add(1),
                invites: 0,
            },
            _ => counts,
        }
    }

    fn action_json(&self, action: Action) -> Json {
        riftcheck::protocol::wire::action_json(&action, &self.catalog)
    }

    fn step_kind(action: Option<&Action>) -> &'static str {
        riftcheck::scenario::at_issue::step_kind(action)
    }

    fn judged(
        &self,
        view: &View,
        ruled: &Ruled,
        answer: Result<Answer, EngineFault>,
        next: Option<Spec>,
        step: Option<&Action>,
    ) -> Took<Spec> {
        match answer {
            Err(f) => Took::Diverged(Divergence::Fault(f)),
            Ok(Answer::Unsupported(why)) => Took::Unsupported(why),
            Ok(a) => match judge(ruled, &a, &self.catalog, view, step) {
                Some(d) => Took::Diverged(d),
                None => Took::Agreed(next.map(Box::new)),
            },
        }
    }
}

impl Table {
    /// The table of `setup`.
    ///
    /// # Errors
    ///
    /// The setup is impossible.
    pub fn new(name: String, setup: Setup, bounds: Bounds) -> Result<Table, String> {
        let catalog = setup.validate().map_err(|e| e.to_string())?.catalog;
        let first = Spec::start(&setup).map_err(|e| e.to_string())?;
        Ok(Table {
            name,
            setup_json: setup_json(&setup),
            removed_at_start: setup.removed.len(),
            setup,
            catalog,
            first,
            bounds,
        })
    }

    /// What an observer of the spec sees after `path`, with the last step's events.
    pub fn spec_after(&self, path: &[Action]) -> riftcheck::Observation {
        let mut spec = self.first.0.clone();
        let mut events = self.first.1.clone();
        for &a in path {
            if let Ok(e) = spec.apply(a) {
                events = e;
            }
        }
        let mut obs = spec.observe();
        obs.events = events;
        obs
    }
}
