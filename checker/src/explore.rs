//! A ruleset as the Explorer walks it (`riftcheck explore`): the model it opens on
//! ([`Explorable::open`]), the actions it numbers in a state, and how a state and a path are
//! shown (JSON for the page, an SVG timeline where the ruleset draws one). The walk of a path
//! ([`walk`]) and why a state has no action ([`stop_reason`]) are written here once; the
//! Explorer's server is written once over this trait, and each ruleset implements it in its
//! own crate.

use std::path::Path;

use serde_json::Value;

use crate::plug::{Kind, Plug, Property, State, safety_violated};

/// What the Explorer was asked to open: a scenario file, or else a built-in configuration by
/// name; and the fault the engine commits, by its key.
#[derive(Clone, Copy, Debug)]
pub struct Opening<'a> {
    /// A scenario file: its setup is explored, and the Explorer opens at the end of its steps.
    pub file: Option<&'a Path>,
    /// The built-in configuration (none: the ruleset's [`Explorable::DEFAULT_CONFIG`]).
    pub config: Option<&'a str>,
    /// `--fault`, by its key.
    pub fault: Option<&'a str>,
}

/// A model opened for the Explorer, with what names it.
pub struct Opened<E: Explorable + ?Sized> {
    /// The model walked.
    pub model: E::Explored,
    /// What the ruleset keeps beside the model to show its states (the names of things).
    pub names: E::Names,
    /// The configuration's name, or the scenario file's path.
    pub name: String,
    /// The scenario's title, if a scenario was opened.
    pub title: Option<String>,
    /// The fault the engine commits, by its key.
    pub fault: Option<String>,
    /// The bounds, as the state's `bounds` shows them.
    pub bounds: Value,
    /// The path the Explorer opens on: a scenario's steps, or the first state.
    pub initial: Vec<usize>,
    /// Why that path stops short of the scenario's last step, if it does.
    pub note: Option<String>,
}

/// What a ruleset gives the Explorer.
pub trait Explorable {
    /// The model walked.
    type Explored: Plug;
    /// What the ruleset keeps beside the model to show its states (the names of things).
    type Names: Send + Sync;

    /// The configuration opened when neither a file nor a configuration is named.
    const DEFAULT_CONFIG: &'static str;

    /// Why no action follows a state where the game is over, with its rule.
    const GAME_OVER: &'static str;

    /// The model `opening` names, and the path it opens on.
    ///
    /// # Errors
    ///
    /// The file cannot be read, no configuration has that name, the fault is not the
    /// ruleset's, or the setup is impossible: what is wrong, in words.
    fn open(opening: &Opening<'_>) -> Result<Opened<Self>, String>;

    /// The actions the game takes in `state`, in the model's order: those offered within the
    /// bounds that the engine and the spec do not both refuse. The Explorer numbers them.
    fn listed(model: &Self::Explored, state: &State<Self::Explored>) -> Vec<ActionOf<Self>>;

    /// An action in words, from the model alone (where a path cannot be walked).
    fn action_named(model: &Self::Explored, action: ActionOf<Self>) -> String;

    /// An action the game takes in `state`, as `actions[]` lists it (without its index): its
    /// player, its text, and whether only one of the engine and the spec takes it.
    fn action_row(
        at: &Opened<Self>,
        state: &State<Self::Explored>,
        action: ActionOf<Self>,
    ) -> Value;

    /// The actions offered in `state` that both the engine and the spec refuse, each with the
    /// refusal and its rule, as `refused[]` lists them.
    fn refused(at: &Opened<Self>, state: &State<Self::Explored>) -> Vec<Value>;

    /// The state at the end of `walk`, as the ruleset shows it: `setup` and `now` (sentences),
    /// `winners`, `sections` (the tables the page draws: each a `title`, `columns`, `rows`,
    /// and `off`, the rows drawn faded, and an optional `note`), and any field of its own.
    fn shown(at: &Opened<Self>, walk: &Walk<Self::Explored>) -> Value;

    /// The steps of `walk`, each as `steps[]` lists it (without its index): its player, its
    /// action in words, and the sentences of what it did with their rules.
    fn steps(at: &Opened<Self>, walk: &Walk<Self::Explored>) -> Vec<Value>;

    /// The SVG timeline of `walk`, titled `title`.
    ///
    /// # Errors
    ///
    /// The ruleset draws no picture, in words.
    fn timeline(
        at: &Opened<Self>,
        title: &str,
        walk: &Walk<Self::Explored>,
    ) -> Result<String, String>;
}

/// The action type of a ruleset's model.
pub type ActionOf<E> = <<E as Explorable>::Explored as Plug>::Action;

/// A path walked: every state on it, and each step's action and events.
pub struct Walk<M: Plug> {
    /// The states, the first one first: one more than the steps.
    pub states: Vec<State<M>>,
    /// Each step: the action taken and the events the engine reported.
    pub steps: Vec<(M::Action, Vec<M::Event>)>,
}

impl<M: Plug> Walk<M> {
    /// The state at the end of the path.
    pub fn last(&self) -> &State<M> {
        // A walk always holds the first state.
        &self.states[self.states.len() - 1]
    }
}

/// Why a path cannot be walked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathError {
    /// The path is not a list of indices.
    Malformed(String),
    /// An index names no action of its state.
    NoSuchAction(String),
}

impl PathError {
    /// What is wrong, in words.
    pub fn message(&self) -> &str {
        match self {
            PathError::Malformed(m) | PathError::NoSuchAction(m) => m,
        }
    }
}

/// The `always` properties broken on the step into `state`, in the ruleset's order.
pub fn broken<M: Plug>(state: &State<M>) -> Vec<M::Prop> {
    let broken = M::violated(&state.ghost);
    M::Prop::ALL
        .iter()
        .copied()
        .filter(|p| p.kind() == Kind::Always && broken.contains(*p))
        .collect()
}

/// Why no action follows `state`, if none does: a violation (what follows proves nothing) or
/// the end of the game.
pub fn stop_reason<E: Explorable>(state: &State<E::Explored>) -> Option<&'static str> {
    if safety_violated::<E::Explored>(&state.ghost) {
        Some("a property is violated there, and what follows a violation proves nothing")
    } else if E::Explored::is_final(state) {
        Some(E::GAME_OVER)
    } else {
        None
    }
}

/// Walks `path` (each step the index of an action among [`Explorable::listed`]) from the
/// first state.
///
/// # Errors
///
/// [`PathError::NoSuchAction`] if an index is not that of an action of its state.
pub fn walk<E: Explorable>(
    model: &E::Explored,
    path: &[usize],
) -> Result<Walk<E::Explored>, PathError> {
    let mut walk = Walk {
        states: vec![model.initial()],
        steps: Vec::new(),
    };
    for (n, &i) in path.iter().enumerate() {
        let state = walk.last();
        let listed = E::listed(model, state);
        let Some(&action) = listed.get(i) else {
            let why = if let Some(reason) = stop_reason::<E>(state) {
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
                E::action_named(model, action)
            )));
        };
        walk.states.push(t.state);
        walk.steps.push((action, t.events));
    }
    Ok(walk)
}

/// The path of `steps` (a scenario's steps the engine took, each with its number among the
/// scenario's steps): each as the index of its action among those [`Explorable::listed`] in
/// its state. Where one is not among them (the bounds, or a violation before it, end the
/// path), the path stops before it, with a note saying so.
pub fn path_of<E: Explorable>(
    model: &E::Explored,
    steps: &[(usize, ActionOf<E>)],
) -> (Vec<usize>, Option<String>) {
    let mut path = Vec::new();
    let mut state = model.initial();
    for &(number, action) in steps {
        let listed = E::listed(model, &state);
        let next = listed
            .iter()
            .position(|&a| a == action)
            .and_then(|i| Some((i, model.step(&state, action)?)));
        let Some((i, t)) = next else {
            let why = stop_reason::<E>(&state).unwrap_or("it is not among the actions there");
            return (
                path,
                Some(format!(
                    "the Explorer opens before step {number} ({}): {why}",
                    E::action_named(model, action)
                )),
            );
        };
        path.push(i);
        state = t.state;
    }
    (path, None)
}
