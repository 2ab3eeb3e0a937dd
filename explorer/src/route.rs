//! A path through the model, as the Explorer names it: the indices of the actions chosen, one
//! per step, each among the actions the game takes in the state it was chosen in (a refused
//! action is not in the list, so no index names one). The states are replayed from the start on
//! every request; a path is a few dozen steps.

use riftcheck::{Action, Event, Fault, RuleError, Scenario};
use stateright::Model;

use riftbound_check::model::{Bounds, RiftModel, State};
use riftcheck_checker::plug::{Plug, safety_violated};

/// The longest path walked: far beyond any game the bounds allow.
pub const MAX_PATH: usize = 10_000;

/// A path walked: every state on it, and each step's action and events.
pub struct Walk {
    /// The states, the first one first: one more than the steps.
    pub states: Vec<State>,
    /// Each step: the action taken and the events the engine reported.
    pub steps: Vec<(Action, Vec<Event>)>,
}

impl Walk {
    /// The state at the end of the path.
    pub fn last(&self) -> &State {
        // A walk always holds the first state.
        &self.states[self.states.len() - 1]
    }
}

/// Why a path cannot be walked: bad input, answered 400, or a path the graph does not have,
/// answered 404.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathError {
    /// The parameter is not a list of indices.
    Malformed(String),
    /// An index names no action of its state.
    NoSuchAction(String),
}

impl PathError {
    /// The HTTP status it is answered with.
    pub fn status(&self) -> u16 {
        match self {
            PathError::Malformed(_) => 400,
            PathError::NoSuchAction(_) => 404,
        }
    }

    /// What is wrong, in words.
    pub fn message(&self) -> &str {
        match self {
            PathError::Malformed(m) | PathError::NoSuchAction(m) => m,
        }
    }
}

/// Reads a `path` parameter: indices separated by commas; empty is the start.
///
/// # Errors
///
/// [`PathError::Malformed`] if a part is not a number, or the path is longer than
/// [`MAX_PATH`].
pub fn parse_path(text: &str) -> Result<Vec<usize>, PathError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() > MAX_PATH {
        return Err(PathError::Malformed(format!(
            "the path has {} steps; at most {MAX_PATH} are walked",
            parts.len()
        )));
    }
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            p.trim().parse::<usize>().map_err(|_| {
                PathError::Malformed(format!(
                    "step {} of the path is `{p}`: expected the index of an action (0, 1, ...), \
                     the indices separated by commas",
                    i + 1
                ))
            })
        })
        .collect()
}

/// The actions the game takes in `state`: those offered within the bounds that the engine and
/// the spec do not both refuse, in the model's order. An action of a removed Seat is not among
/// them (652.1): the engine does not list it, and takes none.
pub fn actions(model: &RiftModel, state: &State) -> Vec<Action> {
    let mut out = Vec::new();
    model.actions(state, &mut out);
    out
}

/// The actions offered in `state` that both the engine and the spec refuse, each with the
/// refusal (its words and its rule).
pub fn refused(model: &RiftModel, state: &State) -> Vec<(Action, RuleError)> {
    let mut offered = Vec::new();
    model.offered(state, &mut offered);
    offered
        .into_iter()
        .filter_map(|a| match state.pair.refusal(a) {
            Some(Ok(e)) => Some((a, e)),
            _ => None,
        })
        .collect()
}

/// Why no action follows `state`, if none does: a violation (what follows proves nothing) or
/// the end of the game (651.1).
pub fn stop_reason(state: &State) -> Option<&'static str> {
    if safety_violated::<RiftModel>(&state.ghost) {
        Some("a property is violated there, and what follows a violation proves nothing")
    } else if RiftModel::is_final(state) {
        Some("the game is over there (651.1)")
    } else {
        None
    }
}

/// Walks `path` from the first state.
///
/// # Errors
///
/// [`PathError::NoSuchAction`] if an index is not that of an action of its state.
pub fn walk(model: &RiftModel, path: &[usize]) -> Result<Walk, PathError> {
    let mut walk = Walk {
        states: vec![model.initial()],
        steps: Vec::new(),
    };
    for (n, &i) in path.iter().enumerate() {
        let state = walk.last();
        let listed = actions(model, state);
        let Some(&action) = listed.get(i) else {
            let why = if let Some(reason) = stop_reason(state) {
                reason.to_string()
            } else {
                format!(
                    "its actions are numbered 0 to {}",
                    listed.len().saturating_sub(1)
                )
            };
            return Err(PathError::NoSuchAction(format!(
                "step {} of the path is action {i}, but the state after step {n} has {} actions: \
                 {why}",
                n + 1,
                listed.len()
            )));
        };
        let Some(t) = model.step(state, action) else {
            return Err(PathError::NoSuchAction(format!(
                "step {}: the game refuses {}",
                n + 1,
                action.display(&model.catalog)
            )));
        };
        walk.states.push(t.state);
        walk.steps.push((action, t.events));
    }
    Ok(walk)
}

/// Bounds that let the model take every step of `actions` (the steps a scenario's engine
/// accepted): at least `base`, and as many concessions, turns ended and invitations in a turn
/// as the steps take.
pub fn bounds_for(actions: &[Action], base: Bounds) -> Bounds {
    let count = |f: fn(&Action) -> bool| actions.iter().filter(|a| f(a)).count();
    let concessions = count(|a| matches!(a, Action::Concede { .. }));
    let turns = count(|a| matches!(a, Action::EndTurn { .. }));
    let invites = actions
        .split(|a| matches!(a, Action::EndTurn { .. }))
        .map(|turn| {
            turn.iter()
                .filter(|a| matches!(a, Action::Invite { .. }))
                .count()
        })
        .max()
        .unwrap_or(0);
    let fit = |n: usize, at_least: u8| u8::try_from(n).unwrap_or(u8::MAX - 1).max(at_least);
    Bounds {
        turns: fit(turns, base.turns),
        concessions: fit(concessions, base.concessions),
        invites: base.invites.map(|at_least| fit(invites, at_least)),
        turns_begun: false,
    }
}

/// The path of a scenario's steps: each step the engine took, as the index of its action among
/// those of its state (a refused step changes nothing and is passed over). Where a step is not
/// among the actions of its state (the bounds, or a violation before it, end the path), the
/// path stops before it, with a note saying so. The scenario is replayed on an engine that makes
/// `fault`, as the model's engine does.
pub fn scenario_path(
    model: &RiftModel,
    scenario: &Scenario,
    fault: Option<Fault>,
) -> (Vec<usize>, Option<String>) {
    let replay = match scenario.replay_with_fault(fault) {
        Ok(r) => r,
        Err(e) => {
            return (
                Vec::new(),
                Some(format!("the steps cannot be replayed: {e}")),
            );
        }
    };
    let mut path = Vec::new();
    let mut state = model.initial();
    for (n, r) in replay.results.iter().enumerate() {
        if r.outcome.is_err() {
            continue;
        }
        let listed = actions(model, &state);
        let next = listed
            .iter()
            .position(|&a| a == r.action)
            .and_then(|i| Some((i, model.step(&state, r.action)?)));
        let Some((i, t)) = next else {
            let why = stop_reason(&state).unwrap_or("it is not among the actions there");
            return (
                path,
                Some(format!(
                    "the Explorer opens before step {} ({}): {why}",
                    n + 1,
                    r.action.display(&model.catalog)
                )),
            );
        };
        path.push(i);
        state = t.state;
    }
    (path, None)
}
