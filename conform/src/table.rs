//! One starting position of some ruleset checked on an engine ([`Rules`]): the spec's game,
//! what is offered at each step, and the engine taken along the same steps, each answer judged
//! as it comes.

use riftcheck::Engine;
use riftcheck::protocol::Capabilities;
use riftcheck::protocol::client::{Answer, EngineFault};
use riftcheck::protocol::compare::{Divergence, View};
use serde_json::Value as Json;

use super::remote::Remote;

/// What the bounds count along a path.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Counts {
    /// Turns ended.
    pub turns: u8,
    /// Invitations this turn.
    pub invites: u8,
}

/// How the engine answered a step, once judged; `S`, the spec's game.
pub enum Took<S> {
    /// As the rules say: the spec's next game if the step was taken.
    Agreed(Option<Box<S>>),
    /// The engine cannot express the step (or the setup): why, in its words.
    Unsupported(String),
    /// Differently.
    Diverged(Divergence),
}

/// One of the ruleset's named readings of a rule (a policy's other reading, or a rule fault:
/// a reading known to be wrong) under which the rules give what an engine showed: a diagnosis,
/// where a divergence alone is a symptom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// Its name (`game-ends-on-concession`, or `point=reading` for a policy's reading).
    pub key: String,
    /// What it reads, in words, with the rules it reads.
    pub said: String,
}

/// A starting position of some ruleset, as the exhaustive and random phases check an engine
/// from it: the spec's game, what is offered at each step, what the rules make of a step, and
/// how an engine's answer is judged. Each ruleset implements it in its own crate.
pub trait Rules {
    /// The spec's game.
    type Spec: Clone + std::hash::Hash;
    /// An action.
    type Action: Copy + Eq + std::fmt::Debug;
    /// What the rules make of a step: what an observer sees after it, or the rules it breaks.
    type Ruled;

    /// Its name (a configuration's, or a file's).
    fn name(&self) -> &str;
    /// The spec right after setup.
    fn first(&self) -> &Self::Spec;
    /// What the rules make of the setup (its observation, with the events of getting there).
    fn first_ruled(&self) -> Self::Ruled;
    /// The setup as the protocol sends it.
    fn setup_json(&self) -> &Json;
    /// The actions offered in `spec`'s game, within the bounds.
    fn offered(
        &self,
        spec: &Self::Spec,
        counts: Counts,
        caps: &Capabilities,
        out: &mut Vec<Self::Action>,
    );
    /// What the rules make of `action` in `spec`'s game, and the next game if it is taken.
    fn rule(spec: &Self::Spec, action: Self::Action) -> (Self::Ruled, Option<Self::Spec>);
    /// Whether the rules take the step.
    fn taken(ruled: &Self::Ruled) -> bool;
    /// The rules a step the rules do not take breaks, as a divergence cites them (none for a
    /// step they take).
    fn breaks(ruled: &Self::Ruled) -> Vec<riftcheck::protocol::compare::Cite>;
    /// The counts after `action`.
    fn count(counts: Counts, action: Self::Action) -> Counts;
    /// `action` as the protocol writes it.
    fn action_json(&self, action: Self::Action) -> Json;
    /// The kind of step (`concede`, `setup` for none), for grouping divergences into findings.
    fn step_kind(action: Option<&Self::Action>) -> &'static str;
    /// Judges an answer to `step` (none: the setup, or a reset to it), which the rules decided
    /// as `ruled` (`next`: the spec's game after it).
    fn judged(
        &self,
        view: &View,
        ruled: &Self::Ruled,
        answer: Result<Answer, EngineFault>,
        next: Option<Self::Spec>,
        step: Option<&Self::Action>,
    ) -> Took<Self::Spec>;

    /// The spec brought to the game the engine shows after it parted from the rules at `step`
    /// from `spec`'s game, answering `answer`: every field the engine observes (through `view`)
    /// taken from its answer, the rest kept from the spec's game after the step (before it, if
    /// the rules refuse the step). Exploration goes on from there.
    ///
    /// # Errors
    ///
    /// The engine's game cannot be taken over (a field the spec's state cannot hold as the
    /// engine shows it): why, in words.
    fn follow(
        &self,
        view: &View,
        spec: &Self::Spec,
        step: Self::Action,
        answer: &Answer,
    ) -> Result<Self::Spec, String> {
        let _ = (view, spec, step, answer);
        Err("this ruleset cannot take an engine's game over".into())
    }

    /// The named reading under which the rules give what the engine answered (`answer`) to the
    /// last step of `path` (none: no named reading does), the readings of `known` (found
    /// before in this starting position) kept along the way.
    fn diagnose(
        &self,
        view: &View,
        path: &[Self::Action],
        answer: &Answer,
        known: &[String],
    ) -> Option<Reading> {
        let _ = (view, path, answer, known);
        None
    }

    /// Sets the engine up (or resets it, if `fresh` is false) and judges what it shows.
    fn begin(&self, remote: &mut Remote, fresh: bool) -> Took<Self::Spec> {
        let answer = remote.with(|c| {
            if fresh {
                c.setup(self.setup_json())
            } else {
                c.reset()
            }
        });
        remote.restarted = false;
        self.judged(&remote.view, &self.first_ruled(), answer, None, None)
    }

    /// Takes `action` on the engine, in the game the spec `spec` is in, and judges the answer.
    fn take(
        &self,
        remote: &mut Remote,
        spec: &Self::Spec,
        action: Self::Action,
    ) -> Took<Self::Spec> {
        self.take_answered(remote, spec, action).0
    }

    /// [`Rules::take`], with the engine's answer when it gave one.
    fn take_answered(
        &self,
        remote: &mut Remote,
        spec: &Self::Spec,
        action: Self::Action,
    ) -> (Took<Self::Spec>, Option<Answer>) {
        let (ruled, next) = Self::rule(spec, action);
        let answer = remote.with(|c| c.apply_json(self.action_json(action)));
        let kept = answer.as_ref().ok().cloned();
        (
            self.judged(&remote.view, &ruled, answer, next, Some(&action)),
            kept,
        )
    }

    /// Replays `path` from the start on the spec and the engine: the index of the first step that
    /// diverges and how (`None` if all agree; the start is step 0, the first action step 1).
    fn replay(
        &self,
        remote: &mut Remote,
        path: &[Self::Action],
        fresh: bool,
    ) -> Option<(usize, Divergence)> {
        if let Took::Diverged(d) = self.begin(remote, fresh) {
            return Some((0, d));
        }
        let mut spec = self.first().clone();
        for (i, &a) in path.iter().enumerate() {
            match self.take(remote, &spec, a) {
                Took::Diverged(d) => return Some((i + 1, d)),
                Took::Agreed(Some(next)) => spec = *next,
                Took::Agreed(None) | Took::Unsupported(_) => {}
            }
        }
        None
    }
}

/// What the rules of ruleset `R` make of a step: what an observer sees after it, or every rule
/// it breaks.
pub type RuledBy<R> = Result<
    <R as riftcheck::engine::Ruleset>::Observation,
    Vec<<R as riftcheck::engine::Ruleset>::Refusal>,
>;

/// What the spec `spec` (of either ruleset) makes of `action`: what an observer sees after it
/// and the game it leads to, or every rule it breaks (at least the one its step gives).
pub fn ruled<R: riftcheck::engine::Ruleset, S: Engine<R>>(
    spec: &S,
    action: R::Action,
) -> (RuledBy<R>, Option<S>) {
    let mut next = spec.clone();
    match riftcheck::engine::step(&mut next, action) {
        Ok(obs) => (Ok(obs), Some(next)),
        Err(e) => {
            let mut all = spec.refusals(action);
            if all.is_empty() {
                all.push(e);
            }
            (Err(all), None)
        }
    }
}

/// How a ruleset takes an engine's game over, field by field ([`taken_over`]).
pub struct TakeOver<'a, S> {
    /// Where the spec's game differs from what the engine shows (`json`), events aside.
    pub differs: &'a dyn Fn(&S, &Json) -> Option<Divergence>,
    /// Sets one field of the spec's game to what the engine shows, or says why it cannot.
    pub set: &'a dyn Fn(&mut S, &'static str, &Json) -> Result<(), String>,
    /// Whether the game is over: nothing follows it, so what could not be held is not needed.
    pub over: &'a dyn Fn(&S) -> bool,
}

/// The spec brought to the game the engine shows in `answer` after a divergent step from
/// `spec` (`next`: the spec's game after it, if the rules take it), every field that differs
/// set as `how` sets it ([`Rules::follow`]): an engine that refused the step is still in the game
/// before it.
///
/// # Errors
///
/// The engine showed no game, or a field cannot be taken over: which, and why.
pub fn taken_over<S: Clone>(
    spec: &S,
    next: Option<S>,
    answer: &Answer,
    how: &TakeOver<'_, S>,
) -> Result<S, String> {
    let json = match answer {
        Answer::Observation(j) => j,
        Answer::Refused(_) => return Ok(spec.clone()),
        _ => return Err("the engine showed no game".into()),
    };
    let mut taken = next.unwrap_or_else(|| spec.clone());
    let mut fields = match (how.differs)(&taken, json) {
        None => return Ok(taken),
        Some(Divergence::Differs(d)) => d.iter().map(|d| d.field).collect::<Vec<_>>(),
        Some(other) => return Err(other.to_string()),
    };
    fields.dedup();
    let cannot: Vec<String> = fields
        .into_iter()
        .filter_map(|f| {
            (how.set)(&mut taken, f, json)
                .err()
                .map(|why| format!("`{f}` ({why})"))
        })
        .collect();
    if (how.over)(&taken) {
        return Ok(taken);
    }
    if !cannot.is_empty() {
        return Err(format!(
            "the engine's {} cannot be taken over",
            cannot.join(", ")
        ));
    }
    match (how.differs)(&taken, json) {
        None => Ok(taken),
        Some(d) => Err(format!("taken over, the game still differs: {d}")),
    }
}
