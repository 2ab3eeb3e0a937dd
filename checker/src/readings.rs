//! A ruleset's readings side by side (`riftcheck readings`): for each point where its rules can
//! be read more than one way and the ruleset chose one (a policy), each other reading played
//! beside the chosen one until an observer sees them part ways, and the properties each other
//! reading breaks. What the ruleset finds ([`Readable::readings`]) is in the words of this
//! module, so that the command line prints it, as text or as `docs/readings.md`, and writes its
//! scenario files, once for every ruleset.

use crate::plan::Checkable;
use crate::plug::Plug;

/// What `readings` was asked.
#[derive(Clone, Copy, Debug)]
pub struct Asked<'a> {
    /// The policies (none: every one).
    pub policies: &'a [String],
    /// The most pairs of games explored per reading before giving up on it.
    pub max_states: u64,
    /// Whether to check the properties under each other reading.
    pub properties: bool,
    /// The default check's bounds rather than the quick ones.
    pub full: bool,
    /// Threads.
    pub threads: usize,
}

/// One policy's other reading, set beside the ruleset's.
#[derive(Clone, Debug)]
pub struct Alternative {
    /// The policy, by its key.
    pub point: &'static str,
    /// The ruleset's reading, by its key.
    pub default: &'static str,
    /// The other reading, by its key.
    pub reading: &'static str,
    /// What the ruleset's reading does.
    pub default_text: String,
    /// What the other reading does.
    pub reading_text: String,
}

/// Where two readings part ways: the shortest situation found.
#[derive(Clone, Debug)]
pub struct Parted {
    /// The configuration, or the scenario whose position it starts from.
    pub config: String,
    /// The steps from the start; the last is where they part.
    pub steps: usize,
    /// The situation as a rulebook example: the shared steps, then the last under each reading.
    pub example: String,
    /// The situation as two scenario files (the ruleset's reading, then the other), each
    /// expecting what its reading shows.
    pub scenarios: [String; 2],
}

/// Where the engine panicked under one of the readings.
#[derive(Clone, Debug)]
pub struct Panicked {
    /// The configuration.
    pub config: String,
    /// The steps from the start, as the rulebook writes them; the last panicked.
    pub steps: Vec<String>,
    /// What the panic said.
    pub said: String,
}

/// What the search found for one alternative: where the readings part (`P`, [`Parted`] once
/// written), or where the engine panicked (`K`, [`Panicked`] once written).
#[derive(Clone, Debug)]
pub enum Verdict<P = Parted, K = Panicked> {
    /// The readings part ways here.
    Parted(Box<P>),
    /// Every reachable state was explored and the two readings never part.
    Same,
    /// The state budget ran out first.
    Cut,
    /// The engine panicked: a finding.
    Panicked(Box<K>),
}

/// One alternative (`A`, [`Alternative`] once written), searched.
#[derive(Clone, Debug)]
pub struct Finding<A = Alternative, P = Parted, K = Panicked> {
    /// The policy and the other reading.
    pub alternative: A,
    /// What the search found.
    pub verdict: Verdict<P, K>,
    /// Pairs of games explored.
    pub states: u64,
    /// Configurations searched.
    pub configs: usize,
    /// Seconds spent.
    pub seconds: f64,
    /// Set when the default configurations did not separate the readings and the finding is
    /// from positions of the policy's own: the pairs of games the defaults took.
    pub beyond_defaults: Option<u64>,
}

impl<A, P, K> Finding<A, P, K> {
    /// The finding in other words: its alternative, its parting and its panic each written
    /// by the function given.
    pub fn written<B, Q, L>(
        &self,
        alternative: impl FnOnce(&A) -> B,
        parted: impl FnOnce(&A, &P) -> Q,
        panicked: impl FnOnce(&K) -> L,
    ) -> Finding<B, Q, L> {
        let verdict = match &self.verdict {
            Verdict::Parted(p) => Verdict::Parted(Box::new(parted(&self.alternative, p))),
            Verdict::Same => Verdict::Same,
            Verdict::Cut => Verdict::Cut,
            Verdict::Panicked(k) => Verdict::Panicked(Box::new(panicked(k))),
        };
        Finding {
            alternative: alternative(&self.alternative),
            verdict,
            states: self.states,
            configs: self.configs,
            seconds: self.seconds,
            beyond_defaults: self.beyond_defaults,
        }
    }
}

/// The properties of a ruleset's model.
pub type PropOf<R> = <<R as Checkable>::Model as Plug>::Prop;

/// What `readings` found: each alternative searched, with the properties that fail under its
/// reading (`None`: not checked), and the policies read one way only, each with why.
pub struct Read<P> {
    /// The alternatives, in the order of the policies.
    pub rows: Vec<(Finding, Option<Vec<P>>)>,
    /// The policies with no other reading to set beside, and why.
    pub single: Vec<(&'static str, &'static str)>,
}

/// A ruleset whose policies can be set side by side.
pub trait Readable: Checkable {
    /// Sets each policy `asked` names beside its other readings, and checks the properties
    /// under each at the quick bounds (if asked).
    ///
    /// # Errors
    ///
    /// A name is not a policy, the ruleset has none, or a configuration cannot be played; in
    /// words.
    fn readings(asked: &Asked<'_>) -> Result<Read<PropOf<Self>>, String>;
}
