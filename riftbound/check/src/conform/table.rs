//! One Riftbound starting position checked on an engine ([`Table`], conform's [`Rules`]): the
//! spec's game, the bounds, what is offered at each step, and how an answer is judged.

use std::sync::Arc;

use riftcheck::observation::Value;
use riftcheck::oracle::Spec;
use riftcheck::protocol::Capabilities;
use riftcheck::protocol::client::{Answer, EngineFault};
use riftcheck::protocol::compare::{Divergence, Ruled, View, judge};
use riftcheck::protocol::wire::setup_json;
use riftcheck::readings::{Fault, POINTS, Readings};
use riftcheck::{Action, Catalog, Engine, Event, Setup};
use riftcheck_conform::table::{Counts, Reading, Rules, TakeOver, Took, ruled, taken_over};
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

    /// Takes over the fields the engine observes where they differ from the spec's game after
    /// the step (before it, if the rules refuse it); an engine that refused the step is still
    /// in the game before it.
    fn follow(
        &self,
        view: &View,
        spec: &Spec,
        step: Action,
        answer: &Answer,
    ) -> Result<Spec, String> {
        let state = view.state_only();
        let cat = &self.catalog;
        let differs =
            |s: &Spec, json: &Json| state.compare(&s.observe(), json, cat, Some(&step), "apply");
        // The engine's value read in the shape of the spec's own.
        let set = |s: &mut Spec, field: &'static str, json: &Json| {
            let Value::Map(ours) = state.expected(&s.observe(), cat) else {
                return Err("the spec shows no game".to_string());
            };
            let Some((_, like)) = ours.iter().find(|(k, _)| k == field) else {
                return Ok(());
            };
            let theirs =
                riftcheck::protocol::wire::shaped(json.get(field).unwrap_or(&Json::Null), like);
            s.take_over(field, &theirs)
        };
        // Nothing follows a finished game (651.1).
        let over = |s: &Spec| s.observe().winners.is_some();
        let how = TakeOver {
            differs: &differs,
            set: &set,
            over: &over,
        };
        taken_over(spec, ruled(spec, step).1, answer, &how)
    }

    /// Tries the named readings, those of `known` first, on the reference engine: the one under
    /// which it answers the last step of `path` as the engine did.
    fn diagnose(
        &self,
        view: &View,
        path: &[Action],
        answer: &Answer,
        known: &[String],
    ) -> Option<Reading> {
        let step = path.last()?;
        let base = self.setup.readings;
        let with_known = known.iter().fold(base, |r, k| read(r, k).unwrap_or(r));
        let mut candidates = other_readings(base, self.setup.mode);
        candidates.sort_by_key(|(k, _)| !known.contains(k));
        candidates.into_iter().find_map(|(key, said)| {
            let readings = read(with_known, &key)?;
            let ruled = self.ruled_under(readings, path)?;
            judge(&ruled, answer, &self.catalog, view, Some(step))
                .is_none()
                .then_some(Reading { key, said })
        })
    }
}

/// The readings `base` becomes with the named reading `key` (a rule fault's name, or
/// `point=reading`).
fn read(base: Readings, key: &str) -> Option<Readings> {
    if let Some(f) = Fault::ALL.iter().find(|f| f.key() == key) {
        return Some(f.apply(base));
    }
    let (point, reading) = key.split_once('=')?;
    let mut r = base;
    r.set(point, reading).ok()?;
    Some(r)
}

/// Every named reading other than `now`'s at a point that applies in `mode`: each policy's other
/// readings (`point=reading`) and each rule fault (its name), with what it reads in words.
fn other_readings(now: Readings, mode: riftcheck::Mode) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for p in POINTS.iter().filter(|p| p.applies_in(mode)) {
        for r in p.readings {
            if now.get(p.key) == Some(r.key) {
                continue;
            }
            let key = r
                .fault
                .map_or_else(|| format!("{}={}", p.key, r.key), str::to_string);
            let said = format!(
                "this engine behaves as if it read {} ({}) as `{}`: {}",
                p.rules,
                p.key,
                r.key,
                r.about.trim()
            );
            out.push((key, said));
        }
    }
    out
}

impl Table {
    /// What the reference engine under `readings` makes of the last step of `path` (the steps
    /// before it taken as it takes them), or none if it cannot set the game up.
    fn ruled_under(&self, readings: Readings, path: &[Action]) -> Option<Ruled> {
        let (last, before) = path.split_last()?;
        let mut setup = self.setup.clone();
        setup.readings = readings;
        let (mut game, _) = riftcheck::Game::start(&setup).ok()?;
        for &a in before {
            let _ = game.apply(a);
        }
        Some(ruled(&game, *last).0)
    }

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
