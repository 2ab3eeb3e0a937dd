//! Divergences grouped into findings: the same kind of divergence (a difference in what an
//! observer sees, a refusal, an acceptance, a protocol fault) citing the same rule at issue at the
//! same kind of step is one mistake of the engine, however many states and configurations show
//! it, and whichever field shows it first (a Counter left on the Chain shows in `chain` in one
//! state and only in `events` in another: both cite 652.4 at a concession). Each finding keeps
//! its shortest example and the configurations it showed in.

use riftcheck::protocol::compare::Divergence;

use super::found::Found;
use super::table::Rules;

/// What makes two divergences one finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key {
    /// The kind of step (`concede`, `setup`).
    pub step: &'static str,
    /// The kind of divergence: `differs`, a refusal, an acceptance, a protocol fault.
    pub class: String,
    /// The rule at issue.
    pub rule: String,
}

impl Key {
    /// The key of `d`, found after `path`.
    pub fn of<R: Rules>(path: &[R::Action], d: &Divergence) -> Key {
        Key {
            step: R::step_kind(path.last()),
            class: d.class(),
            rule: d.rule(),
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
}

/// The findings of a run so far.
#[derive(Debug, Default)]
pub struct Findings {
    /// In the order first found.
    pub list: Vec<Finding>,
    /// Stop once there are this many.
    pub max: Option<usize>,
    started: Option<std::time::Instant>,
}

impl Findings {
    /// Findings, stopping at `max` if given.
    pub fn new(max: Option<usize>) -> Findings {
        Findings {
            list: Vec::new(),
            max,
            started: Some(std::time::Instant::now()),
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
        key: Key,
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
                });
                id
            }
        }
    }
}
