//! Divergences grouped into findings: the same kind of divergence (a difference in what an
//! observer sees, a refusal, an acceptance, a protocol fault) citing the same rule at issue at the
//! same kind of step is one mistake of the engine, however many states and configurations show
//! it, and whichever field shows it first (a Counter left on the Chain shows in `chain` in one
//! state and only in `events` in another: both cite 652.4 at a concession). Each finding keeps
//! its shortest example and the configurations it showed in.
//!
//! Where one of the ruleset's named readings explains a divergence (the rules read that way give
//! what the engine showed), the reading is the finding: every divergence it explains is one
//! mistake, whatever step and rule each showed at.

use riftcheck::protocol::client::Answer;
use riftcheck::protocol::compare::Divergence;

use super::found::Found;
use super::table::{Reading, Rules};

/// A divergent step as a phase tells it: the steps to it (the last one diverges; none: the
/// setup), how, what the engine answered, and the finding the path followed the engine past
/// last, if it went on past one.
#[derive(Debug)]
pub struct Divergent<A> {
    /// The steps from the start.
    pub path: Vec<A>,
    /// How the engine parts from the rules.
    pub divergence: Divergence,
    /// What the engine answered to the last step of a path, and that path (a shrunk example's
    /// path is shorter than the one the engine answered), if it answered.
    pub answer: Option<(Vec<A>, Answer)>,
    /// The finding past which the engine was followed to get here.
    pub past: Option<usize>,
}

/// What became of a divergent step once told: the finding it is, and whether to stop.
#[derive(Clone, Copy, Debug)]
pub struct Told {
    /// The finding's number.
    pub id: usize,
    /// Whether the phase stops here.
    pub stop: bool,
}

/// What makes two divergences one finding: the same kind of step, divergence and rule, or the
/// same named reading explaining both (then the step and rule are the first divergence's, for
/// the report, and do not tell findings apart).
#[derive(Clone, Debug, Eq)]
pub struct Key {
    /// The kind of step (`concede`, `setup`).
    pub step: &'static str,
    /// The kind of divergence: `differs`, a refusal, an acceptance, a protocol fault.
    pub class: String,
    /// The rule at issue.
    pub rule: String,
    /// The named reading that explains it, if one does: then it alone makes the finding.
    pub reading: Option<String>,
}

impl PartialEq for Key {
    fn eq(&self, other: &Key) -> bool {
        match (&self.reading, &other.reading) {
            (Some(a), Some(b)) => a == b,
            (None, None) => {
                (self.step, &self.class, &self.rule) == (other.step, &other.class, &other.rule)
            }
            _ => false,
        }
    }
}

impl Key {
    /// The key of `d`, found after `path`.
    pub fn of<R: Rules>(path: &[R::Action], d: &Divergence) -> Key {
        Key {
            step: R::step_kind(path.last()),
            class: d.class(),
            rule: d.rule(),
            reading: None,
        }
    }

    /// The key of a divergence the reading `r` explains: the reading's, whatever the step.
    #[must_use]
    pub fn read(self, r: &Reading) -> Key {
        Key {
            reading: Some(r.key.clone()),
            ..self
        }
    }
}

/// One mistake of the engine.
#[derive(Debug)]
pub struct Finding {
    /// Its number in the report, from 1.
    pub id: usize,
    /// What it is.
    pub key: Key,
    /// The configurations (or scenario files) it showed in, with the phase, in order found.
    pub configurations: Vec<String>,
    /// The divergent steps that showed it.
    pub divergences: u64,
    /// Its shortest example.
    pub example: Found,
    /// Seconds from the start of the run to when it was first found.
    pub seconds: f64,
    /// The named reading the engine behaves as if it read, if one explains the finding.
    pub reading: Option<Reading>,
    /// The finding past which the engine was followed to reach its example, if any.
    pub past: Option<usize>,
    /// Why the engine's game could not be followed past it, where it could not.
    pub not_followed: Option<String>,
}

impl Finding {
    /// The rules to cite: those of its shortest example.
    pub fn rule(&self) -> &str {
        if self.key.reading.is_some() {
            &self.example.rule
        } else {
            &self.key.rule
        }
    }

    /// What the report says of the finding beyond its example: the reading that explains it,
    /// the finding past which it was found, and why the engine could not be followed past it.
    pub fn notes(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(r) = &self.reading {
            out.push(format!(
                "Diagnosis: {} (the rules read that way give what the engine showed).",
                r.said
            ));
        }
        if let Some(p) = self.past {
            out.push(format!(
                "Found after following the engine past finding #{p}: its example's steps show \
                 finding #{p} first on this engine."
            ));
        }
        if let Some(why) = &self.not_followed {
            out.push(format!(
                "Not explored past: {why}; what follows it on this engine goes unchecked."
            ));
        }
        out
    }
}

/// The findings of a run so far.
#[derive(Debug, Default)]
pub struct Findings {
    /// In the order first found.
    pub list: Vec<Finding>,
    /// Stop once there are this many.
    pub max: Option<usize>,
    started: Option<std::time::Instant>,
    /// What diagnosing a divergence of each key gave first in the run: a key no reading
    /// explained once is not diagnosed again, so that a reading that happens to give the same
    /// answer in some game does not split one mistake in two.
    tried: Vec<(Key, Option<String>)>,
}

impl Findings {
    /// Findings, stopping at `max` if given.
    pub fn new(max: Option<usize>) -> Findings {
        Findings {
            list: Vec::new(),
            max,
            started: Some(std::time::Instant::now()),
            tried: Vec::new(),
        }
    }

    fn index(&self, key: &Key) -> Option<usize> {
        self.list.iter().position(|f| &f.key == key)
    }

    /// Whether a divergence `d` after `len` steps would be a new finding or a shorter example
    /// of a known one (worth shrinking and writing up).
    pub fn wants(&self, key: &Key, len: usize) -> bool {
        self.index(key)
            .is_none_or(|i| len < self.list[i].example.steps.len())
    }

    /// Notes, once, that the engine could not be followed past finding `id`, and why.
    pub fn not_followed(&mut self, id: usize, why: String) {
        if let Some(f) = self.list.get_mut(id.wrapping_sub(1))
            && f.not_followed.is_none()
        {
            f.not_followed = Some(why);
        }
    }

    /// Whether `--max-findings` is reached.
    pub fn full(&self) -> bool {
        self.max.is_some_and(|m| self.list.len() >= m)
    }

    /// Records a divergence found in the configuration `config` during `phase`, grouped by
    /// `key`, after `len` steps; `write_up` makes its example if it is a new finding or a
    /// shorter example of a known one. The finding's number.
    pub fn record(
        &mut self,
        (config, phase): (&str, &'static str),
        (key, reading, past): (Key, Option<Reading>, Option<usize>),
        len: usize,
        write_up: impl FnOnce() -> Found,
    ) -> usize {
        let place = format!("{config} ({phase})");
        match self.index(&key) {
            Some(i) => {
                let f = &mut self.list[i];
                f.divergences += 1;
                if !f.configurations.contains(&place) {
                    f.configurations.push(place);
                }
                if len < f.example.steps.len() {
                    f.example = write_up();
                    f.past = past.filter(|&p| p != f.id);
                }
                f.id
            }
            None => {
                let id = self.list.len() + 1;
                self.list.push(Finding {
                    id,
                    key,
                    configurations: vec![place],
                    divergences: 1,
                    example: write_up(),
                    seconds: self.started.map_or(0.0, |t| t.elapsed().as_secs_f64()),
                    reading,
                    past,
                    not_followed: None,
                });
                id
            }
        }
    }
}

/// Tells one starting position's divergent steps to the findings: each is diagnosed where one
/// of the ruleset's named readings explains it (the readings found so far kept along), grouped,
/// and written up when it is a new finding or a shorter example of a known one.
pub(crate) struct Teller<'a, R: Rules> {
    table: &'a R,
    view: &'a riftcheck::protocol::compare::View,
    place: (&'a str, &'static str),
    /// Readings found in this starting position, in order.
    known: Vec<String>,
}

impl<'a, R: Rules> Teller<'a, R> {
    /// A teller for `table` (observed through `view`) in `phase`.
    pub(crate) fn new(
        table: &'a R,
        view: &'a riftcheck::protocol::compare::View,
        phase: &'static str,
    ) -> Self {
        Teller {
            table,
            view,
            place: (table.name(), phase),
            known: Vec::new(),
        }
    }

    /// The reading that explains `d`, if one does. A key no reading explained the first time
    /// in the run is not tried again: its divergences are the same mistake.
    fn diagnose(
        &mut self,
        all: &mut Findings,
        d: &Divergent<R::Action>,
        key: &Key,
    ) -> Option<Reading> {
        let (path, answer) = d.answer.as_ref()?;
        if d.divergence.is_protocol() {
            return None;
        }
        let before = all.tried.iter().position(|(k, _)| k == key);
        if let Some(i) = before
            && all.tried[i].1.is_none()
        {
            return None;
        }
        let r = self.table.diagnose(self.view, path, answer, &self.known);
        if before.is_none() {
            all.tried
                .push((key.clone(), r.as_ref().map(|r| r.key.clone())));
        }
        if let Some(r) = &r
            && !self.known.contains(&r.key)
        {
            self.known.push(r.key.clone());
        }
        r
    }

    /// Tells `d` to `all`, `write_up` making its example if it is needed; the finding's number.
    pub(crate) fn tell(
        &mut self,
        all: &mut Findings,
        d: Divergent<R::Action>,
        write_up: impl FnOnce(Vec<R::Action>, Divergence) -> Found,
    ) -> usize {
        let raw = Key::of::<R>(&d.path, &d.divergence);
        let reading = self.diagnose(all, &d, &raw);
        let key = match &reading {
            Some(r) => raw.read(r),
            None => raw,
        };
        let len = d.path.len();
        all.record(self.place, (key, reading, d.past), len, || {
            write_up(d.path, d.divergence)
        })
    }
}
