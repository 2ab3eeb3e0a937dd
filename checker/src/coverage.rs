//! Rule coverage (`check --coverage`): for every rule number the project implements, how many
//! transitions of the main search cited it, and in which configurations, in the manner of
//! TLC's coverage of actions.
//!
//! A transition cites a rule in three ways:
//! - **events**: an event of the step names the rule ([`riftcheck::Event::rule`]); a step
//!   citing a rule by several events counts once;
//! - **refusals**: the engine and the spec both refused the action tried, for that rule
//!   ([`riftcheck::RuleError::rule`]);
//! - **properties**: a companion ([`Kind::Sometimes`]) showed its situation on the step, which
//!   cites the companion's rules and the rules of the `always` properties it accompanies.
//!
//! The `always` properties with no companion are judged on every transition; their rules are
//! counted as judged, which is all such a property can say.
//!
//! [`RULES`] is the list of rule numbers the project implements: every rule an event, a refusal
//! or a property cites (a test reads the sources to keep it so).

use std::cmp::Ordering;
use std::sync::OnceLock;

use riftcheck_properties::{Kind, Prop};

/// Every rule number the engine's events and refusals, and the properties, cite, in rule
/// order ([`rule_order`]).
pub const RULES: &[&str] = &[
    "056",
    "107.3",
    "107.3.d",
    "110",
    "116",
    "121",
    "140",
    "143.2.a",
    "144",
    "144.1",
    "144.3",
    "144.4",
    "157.3",
    "157.3.a",
    "168",
    "183.1",
    "187.4",
    "187.4.c",
    "188",
    "303.2.a",
    "305",
    "308.1.a",
    "309.1.a",
    "312",
    "312.1",
    "312.2.a",
    "312.2.d",
    "313.1",
    "313.2",
    "313.3",
    "313.5",
    "315",
    "316",
    "316.2.b.1",
    "317",
    "317.3",
    "320.1",
    "323.1",
    "323.3",
    "323.7",
    "323.8-323.9",
    "329",
    "333.1",
    "335",
    "335.1",
    "335.3",
    "337",
    "337.1.c",
    "337.1.c.3",
    "338",
    "339",
    "339-340",
    "340",
    "340.4",
    "341",
    "344",
    "346.1",
    "347.3.a",
    "347.4",
    "347-348",
    "349",
    "355.2.a",
    "355.4.a",
    "355.6",
    "356",
    "358.2",
    "383",
    "383.3.d",
    "399",
    "417",
    "420",
    "421",
    "425",
    "428",
    "429.2",
    "435.4.b",
    "440",
    "442.2.a",
    "442.2.b",
    "442.2.c",
    "444.2",
    "445",
    "449",
    "451",
    "452.1",
    "455",
    "456",
    "456.1",
    "456.2",
    "457",
    "457.2",
    "459",
    "459.2.d.1",
    "460",
    "460.2.c",
    "460.2.c.4",
    "460.2.d",
    "461",
    "462",
    "464.1.a",
    "466.1.b",
    "467",
    "472.3",
    "478",
    "484.6",
    "484.8.a",
    "484.8.b",
    "484.8.c",
    "484.8.f",
    "650",
    "651.1",
    "651.2",
    "651.3",
    "651.4",
    "652",
    "652.1",
    "652.2",
    "652.2.a",
    "652.2.b",
    "652.2.c",
    "652.3",
    "652.4",
    "652.5",
    "652.5.a.1",
    "652.5.a-c",
    "652.5.b.1",
    "652.5.b.2",
    "652.5.c.1",
    "652.5.c.2",
    "708",
    "718.2",
    "718.8",
    "718.8.a",
    "719.5",
    "811",
    "818",
];

/// Rules a [`RuleSet`] can hold.
pub const CAPACITY: usize = 192;

const _: () = assert!(RULES.len() <= CAPACITY, "a RuleSet holds 192 rules");

/// The order of rule numbers: part by part (split at `.` and `-`), numbers as numbers, so that
/// 56 comes before 116 and 652.2 before 652.10.
pub fn rule_order(a: &str, b: &str) -> Ordering {
    let mut x = a.split(['.', '-']);
    let mut y = b.split(['.', '-']);
    loop {
        match (x.next(), y.next()) {
            (None, None) => return a.cmp(b),
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(p), Some(q)) => {
                let order = match (p.parse::<u32>(), q.parse::<u32>()) {
                    (Ok(m), Ok(n)) => m.cmp(&n),
                    (Ok(_), Err(_)) => Ordering::Less,
                    (Err(_), Ok(_)) => Ordering::Greater,
                    (Err(_), Err(_)) => p.cmp(q),
                };
                if order != Ordering::Equal {
                    return order;
                }
            }
        }
    }
}

/// The position of `rule` in [`RULES`] (a table built once: a step's events are looked up
/// on every transition of a search with coverage).
pub fn index(rule: &str) -> Option<usize> {
    static TABLE: OnceLock<crate::fingerprint::HashMap<&'static str, usize>> = OnceLock::new();
    TABLE
        .get_or_init(|| RULES.iter().enumerate().map(|(i, r)| (*r, i)).collect())
        .get(rule)
        .copied()
}

/// The rule numbers a property cites (its `rules`, without the policy names among them).
pub fn prop_rules(p: Prop) -> impl Iterator<Item = &'static str> {
    p.rule()
        .split(',')
        .map(str::trim)
        .filter(|t| t.starts_with(|c: char| c.is_ascii_digit()))
}

/// The position of `rule`, a rule number the program holds for its whole run (an event's or a
/// refusal's), in [`RULES`]: [`index`] behind a small cache of each thread's, keyed by where the
/// text is (text at a `'static` place never changes), since a search with coverage looks up
/// every event of every transition and the same few numbers come up again and again.
pub fn index_static(rule: &'static str) -> Option<usize> {
    const WAYS: usize = 64;
    type Slot = (usize, usize, Option<usize>);
    thread_local! {
        static CACHE: std::cell::RefCell<[Slot; WAYS]> =
            const { std::cell::RefCell::new([(0, 0, None); WAYS]) };
    }
    let key = (rule.as_ptr() as usize, rule.len());
    let slot = (key.0 >> 3) % WAYS;
    CACHE.with_borrow_mut(|cache| {
        let (ptr, len, found) = cache[slot];
        if (ptr, len) == key {
            return found;
        }
        let found = index(rule);
        cache[slot] = (key.0, key.1, found);
        found
    })
}

/// A set of rules, by their position in [`RULES`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct RuleSet([u64; 3]);

impl RuleSet {
    /// Adds the rule at position `i` of [`RULES`].
    pub fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Adds `rule`, if the project lists it.
    pub fn cite(&mut self, rule: &'static str) {
        if let Some(i) = index_static(rule) {
            self.insert(i);
        }
    }

    /// The positions in the set, in order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        self.0.into_iter().enumerate().flat_map(|(w, word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    w * 64 + i
                })
            })
        })
    }
}

/// What one transition tried cited.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Cites {
    /// The rules its events cite.
    pub events: RuleSet,
    /// The rule both refused it for, if they did ([`RULES`] position).
    pub refusal: Option<u8>,
    /// The companions it showed.
    pub shown: riftcheck_properties::PropSet,
}

impl Cites {
    /// What a step cited: the rule of its refusal, or the rules of its `events` and the
    /// companions it showed.
    pub fn of_step(outcome: crate::model::StepOutcome, events: &[riftcheck::Event]) -> Cites {
        use crate::model::StepOutcome;
        let mut cites = Cites::default();
        match outcome {
            StepOutcome::Refused(rule) => {
                cites.refusal = index_static(rule).and_then(|i| u8::try_from(i).ok());
            }
            StepOutcome::Disagreed { shown } | StepOutcome::Agreed { shown, .. } => {
                for e in events {
                    cites.events.cite(e.rule());
                }
                cites.shown = shown;
            }
        }
        cites
    }
}

/// What one search cited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    /// Per rule of [`RULES`]: transitions whose events cite it.
    pub events: Vec<u64>,
    /// Per rule: actions tried that both refused citing it.
    pub refusals: Vec<u64>,
    /// Per property of [`Prop::ALL`]: transitions on which its companion situation showed.
    pub shown: Vec<u64>,
}

impl Default for Counts {
    fn default() -> Counts {
        Counts {
            events: vec![0; RULES.len()],
            refusals: vec![0; RULES.len()],
            shown: vec![0; Prop::ALL.len()],
        }
    }
}

impl Counts {
    /// Counts one transition tried.
    pub fn add(&mut self, cites: &Cites) {
        for i in cites.events.iter() {
            self.events[i] += 1;
        }
        if let Some(r) = cites.refusal {
            self.refusals[usize::from(r)] += 1;
        }
        for p in cites.shown.iter() {
            self.shown[p as usize] += 1;
        }
    }
}

/// How one rule was cited in one search, or in many (summed).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct RuleCount {
    /// Transitions whose events cite it.
    pub events: u64,
    /// Actions tried that both refused for it.
    pub refusals: u64,
    /// Transitions on which a companion citing it (or accompanying a property that does)
    /// showed its situation.
    pub shown: u64,
    /// Transitions on which an `always` property citing it, with no companion, was judged.
    pub judged: u64,
}

impl RuleCount {
    /// Whether the search exercised the rule: a transition cited it by an event, a refusal or a
    /// companion's situation, or a property without companion that cites it was judged.
    pub fn exercised(&self) -> bool {
        self.total() > 0 || self.judged > 0
    }

    /// The citations, summed.
    pub fn total(&self) -> u64 {
        self.events + self.refusals + self.shown
    }

    fn add(&mut self, other: &RuleCount) {
        self.events += other.events;
        self.refusals += other.refusals;
        self.shown += other.shown;
        self.judged += other.judged;
    }
}

/// The properties that cite a rule when they show or are judged: for each property, the rules
/// of the companion itself and of the `always` properties it accompanies.
fn citing(p: Prop) -> impl Iterator<Item = usize> {
    let accompanied = Prop::ALL
        .iter()
        .copied()
        .filter(move |q| q.row().companion == Some(p));
    std::iter::once(p)
        .chain(accompanied)
        .flat_map(prop_rules)
        .filter_map(index)
}

/// What a search's [`Counts`] say per rule, `judged` transitions having been judged.
pub fn per_rule(counts: &Counts, judged: u64) -> Vec<RuleCount> {
    let mut rules = vec![RuleCount::default(); RULES.len()];
    for (i, r) in rules.iter_mut().enumerate() {
        r.events = counts.events[i];
        r.refusals = counts.refusals[i];
    }
    for &p in Prop::ALL {
        match p.kind() {
            Kind::Sometimes => {
                let shown = counts.shown[p as usize];
                let mut set = RuleSet::default();
                citing(p).for_each(|i| set.insert(i));
                for i in set.iter() {
                    rules[i].shown += shown;
                }
            }
            Kind::Always | Kind::Graph if p.row().companion.is_none() => {
                for i in prop_rules(p).filter_map(index) {
                    rules[i].judged = judged;
                }
            }
            _ => {}
        }
    }
    rules
}

/// Rule coverage over several configurations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coverage {
    /// Per rule of [`RULES`]: the citations, summed over the configurations.
    pub rules: Vec<RuleCount>,
    /// Per rule: the configurations that exercised it, in the order checked.
    pub configurations: Vec<Vec<String>>,
}

impl Coverage {
    /// Coverage of no search.
    pub fn new() -> Coverage {
        Coverage {
            rules: vec![RuleCount::default(); RULES.len()],
            configurations: vec![Vec::new(); RULES.len()],
        }
    }

    /// Adds the search of configuration `name`, which judged `judged` transitions.
    pub fn add(&mut self, name: &str, counts: &Counts, judged: u64) {
        for (i, r) in per_rule(counts, judged).iter().enumerate() {
            self.rules[i].add(r);
            if r.exercised() {
                self.configurations[i].push(name.to_string());
            }
        }
    }

    /// The rules no search exercised.
    pub fn never_exercised(&self) -> Vec<&'static str> {
        RULES
            .iter()
            .zip(&self.rules)
            .filter(|(_, r)| !r.exercised())
            .map(|(rule, _)| *rule)
            .collect()
    }
}

impl Default for Coverage {
    fn default() -> Coverage {
        Coverage::new()
    }
}

impl Coverage {
    /// The coverage of `searches`: each configuration's name, what its search cited and how
    /// many transitions it judged. `None` when there are none (nothing was counted).
    pub fn of<'a>(
        searches: impl IntoIterator<Item = (&'a str, &'a Counts, u64)>,
    ) -> Option<Coverage> {
        let mut all = Coverage::new();
        let mut any = false;
        for (name, counts, judged) in searches {
            any = true;
            all.add(name, counts, judged);
        }
        any.then_some(all)
    }

    /// The rules and how each was cited, in rule order.
    pub fn rows(&self) -> impl Iterator<Item = (&'static str, &RuleCount, &[String])> {
        RULES
            .iter()
            .zip(&self.rules)
            .zip(&self.configurations)
            .map(|((rule, count), confs)| (*rule, count, confs.as_slice()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cache answers as the table does, the first time and again, for every rule number and
    /// for text that is none (64 slots for more numbers than that: slots are shared).
    #[test]
    fn the_cached_lookup_agrees_with_the_table() {
        for _ in 0..2 {
            for (i, rule) in RULES.iter().enumerate() {
                assert_eq!(index_static(rule), Some(i), "{rule}");
            }
            assert_eq!(index_static("999.9"), None);
            assert_eq!(index_static("concession-timing"), None);
        }
    }
}
