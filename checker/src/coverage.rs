//! Rule coverage (`check --coverage`): for every rule number a ruleset implements
//! ([`Plug::RULES`]), how many transitions of the main search cited it, and in which
//! configurations, in the manner of TLC's coverage of actions.
//!
//! A transition cites a rule in three ways:
//! - **events**: an event of the step names the rule ([`Plug::event_rule`]); a step citing a
//!   rule by several events counts once;
//! - **refusals**: the engine and the spec both refused the action tried, for that rule;
//! - **properties**: a companion ([`Kind::Sometimes`]) showed its situation on the step, which
//!   cites the companion's rules and the rules of the `always` properties it accompanies.
//!
//! The `always` properties with no companion are judged on every transition; their rules are
//! counted as judged, which is all such a property can say.

use std::cmp::Ordering;
use std::collections::HashMap as StdMap;
use std::sync::{Mutex, OnceLock};

use crate::plug::{Kind, Plug, Property, Set, StepOutcome};

/// Rules a [`RuleSet`] can hold.
pub const CAPACITY: usize = 192;

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

/// The position of `rule` in `rules` (a table built once per list: a step's events are looked
/// up on every transition of a search with coverage).
pub fn index(rules: &'static [&'static str], rule: &str) -> Option<usize> {
    type Table = StdMap<&'static str, usize>;
    static TABLES: OnceLock<Mutex<Vec<(usize, &'static Table)>>> = OnceLock::new();
    let key = rules.as_ptr() as usize;
    let tables = TABLES.get_or_init(Mutex::default);
    let table = {
        let mut tables = tables.lock().unwrap_or_else(|e| e.into_inner());
        match tables.iter().find(|(k, _)| *k == key) {
            Some((_, t)) => *t,
            None => {
                // One table per ruleset's list, for the whole run: leaked on purpose.
                let t: &'static Table = Box::leak(Box::new(
                    rules.iter().enumerate().map(|(i, r)| (*r, i)).collect(),
                ));
                tables.push((key, t));
                t
            }
        }
    };
    table.get(rule).copied()
}

/// The rule numbers a property cites (its `rules`, without the policy names among them).
pub fn prop_rules<P: Property>(p: P) -> impl Iterator<Item = &'static str> {
    p.rule()
        .split(',')
        .map(str::trim)
        .filter(|t| t.starts_with(|c: char| c.is_ascii_digit()))
}

/// The position of `rule`, a rule number the program holds for its whole run (an event's or a
/// refusal's), in `rules`: [`index`] behind a small cache of each thread's, keyed by the list
/// and by where the text is (text at a `'static` place never changes), since a search with
/// coverage looks up every event of every transition and the same few numbers come up again
/// and again.
pub fn index_static(rules: &'static [&'static str], rule: &'static str) -> Option<usize> {
    const WAYS: usize = 64;
    type Slot = (usize, usize, usize, Option<usize>);
    thread_local! {
        static CACHE: std::cell::RefCell<[Slot; WAYS]> =
            const { std::cell::RefCell::new([(0, 0, 0, None); WAYS]) };
    }
    let key = (rules.as_ptr() as usize, rule.as_ptr() as usize, rule.len());
    let slot = (key.1 >> 3) % WAYS;
    CACHE.with_borrow_mut(|cache| {
        let (list, ptr, len, found) = cache[slot];
        if (list, ptr, len) == key {
            return found;
        }
        let found = index(rules, rule);
        cache[slot] = (key.0, key.1, key.2, found);
        found
    })
}

/// A set of rules, by their position in a ruleset's [`Plug::RULES`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct RuleSet([u64; 3]);

impl RuleSet {
    /// Adds the rule at position `i` of the list.
    pub fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Adds `rule`, if `rules` lists it.
    pub fn cite(&mut self, rules: &'static [&'static str], rule: &'static str) {
        if let Some(i) = index_static(rules, rule) {
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
#[derive(PartialEq, Eq, Debug)]
pub struct Cites<P: Property> {
    /// The rules its events cite.
    pub events: RuleSet,
    /// The rule both refused it for, if they did (its position in the ruleset's list).
    pub refusal: Option<u8>,
    /// The companions it showed.
    pub shown: Set<P>,
}

impl<P: Property> Clone for Cites<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Property> Copy for Cites<P> {}

impl<P: Property> Default for Cites<P> {
    fn default() -> Self {
        Cites {
            events: RuleSet::default(),
            refusal: None,
            shown: Set::EMPTY,
        }
    }
}

impl<P: Property> Cites<P> {
    /// What a step of model `M` cited: the rule of its refusal, or the rules of its `events`
    /// and the companions it showed.
    pub fn of_step<M: Plug<Prop = P>>(outcome: StepOutcome<P>, events: &[M::Event]) -> Cites<P> {
        let mut cites = Cites::default();
        match outcome {
            StepOutcome::Refused(rule) => {
                cites.refusal = index_static(M::RULES, rule).and_then(|i| u8::try_from(i).ok());
            }
            StepOutcome::Disagreed { shown } | StepOutcome::Agreed { shown, .. } => {
                for e in events {
                    cites.events.cite(M::RULES, M::event_rule(e));
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
    /// Per rule of the ruleset's list: transitions whose events cite it.
    pub events: Vec<u64>,
    /// Per rule: actions tried that both refused citing it.
    pub refusals: Vec<u64>,
    /// Per property of the ruleset's list: transitions on which its companion situation
    /// showed.
    pub shown: Vec<u64>,
}

impl Counts {
    /// Nothing counted yet, for ruleset `M`.
    pub fn new<M: Plug>() -> Counts {
        Counts {
            events: vec![0; M::RULES.len()],
            refusals: vec![0; M::RULES.len()],
            shown: vec![0; M::Prop::ALL.len()],
        }
    }

    /// Counts one transition tried.
    pub fn add<P: Property>(&mut self, cites: &Cites<P>) {
        for i in cites.events.iter() {
            self.events[i] += 1;
        }
        if let Some(r) = cites.refusal {
            self.refusals[usize::from(r)] += 1;
        }
        for p in cites.shown.iter() {
            self.shown[p.index()] += 1;
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
fn citing<P: Property>(rules: &'static [&'static str], p: P) -> impl Iterator<Item = usize> {
    let accompanied = P::ALL
        .iter()
        .copied()
        .filter(move |q| q.companion() == Some(p));
    std::iter::once(p)
        .chain(accompanied)
        .flat_map(prop_rules)
        .filter_map(move |r| index(rules, r))
}

/// What a search's [`Counts`] say per rule of ruleset `M`, `judged` transitions having been
/// judged.
pub fn per_rule<M: Plug>(counts: &Counts, judged: u64) -> Vec<RuleCount> {
    let rules_list = M::RULES;
    let mut rules = vec![RuleCount::default(); rules_list.len()];
    for (i, r) in rules.iter_mut().enumerate() {
        r.events = counts.events[i];
        r.refusals = counts.refusals[i];
    }
    for &p in M::Prop::ALL {
        match p.kind() {
            Kind::Sometimes => {
                let shown = counts.shown[p.index()];
                let mut set = RuleSet::default();
                citing(rules_list, p).for_each(|i| set.insert(i));
                for i in set.iter() {
                    rules[i].shown += shown;
                }
            }
            Kind::Always | Kind::Graph if p.companion().is_none() => {
                for i in prop_rules(p).filter_map(|r| index(rules_list, r)) {
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
    /// The ruleset's rule numbers ([`Plug::RULES`]).
    pub list: &'static [&'static str],
    /// Per rule of the list: the citations, summed over the configurations.
    pub rules: Vec<RuleCount>,
    /// Per rule: the configurations that exercised it, in the order checked.
    pub configurations: Vec<Vec<String>>,
}

impl Coverage {
    /// Coverage of no search, for ruleset `M`.
    pub fn new<M: Plug>() -> Coverage {
        Coverage {
            list: M::RULES,
            rules: vec![RuleCount::default(); M::RULES.len()],
            configurations: vec![Vec::new(); M::RULES.len()],
        }
    }

    /// Adds the search of configuration `name` of ruleset `M`, which judged `judged`
    /// transitions.
    pub fn add<M: Plug>(&mut self, name: &str, counts: &Counts, judged: u64) {
        for (i, r) in per_rule::<M>(counts, judged).iter().enumerate() {
            self.rules[i].add(r);
            if r.exercised() {
                self.configurations[i].push(name.to_string());
            }
        }
    }

    /// The rules no search exercised.
    pub fn never_exercised(&self) -> Vec<&'static str> {
        self.list
            .iter()
            .zip(&self.rules)
            .filter(|(_, r)| !r.exercised())
            .map(|(rule, _)| *rule)
            .collect()
    }

    /// The coverage of `searches` of ruleset `M`: each configuration's name, what its search
    /// cited and how many transitions it judged. `None` when there are none (nothing was
    /// counted).
    pub fn of<'a, M: Plug>(
        searches: impl IntoIterator<Item = (&'a str, &'a Counts, u64)>,
    ) -> Option<Coverage> {
        let mut all = Coverage::new::<M>();
        let mut any = false;
        for (name, counts, judged) in searches {
            any = true;
            all.add::<M>(name, counts, judged);
        }
        any.then_some(all)
    }

    /// The rules and how each was cited, in rule order.
    pub fn rows(&self) -> impl Iterator<Item = (&'static str, &RuleCount, &[String])> {
        self.list
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
        const ONE: &[&str] = &["103", "651.2", "652.4"];
        const TWO: &[&str] = &["652.4", "800.4a"];
        for _ in 0..2 {
            for rules in [ONE, TWO] {
                for (i, rule) in rules.iter().enumerate() {
                    assert_eq!(index_static(rules, rule), Some(i), "{rule}");
                }
                assert_eq!(index_static(rules, "999.9"), None);
                assert_eq!(index_static(rules, "concession-timing"), None);
            }
        }
        // The same text in two lists is at its own place in each.
        assert_eq!(index_static(ONE, "652.4"), Some(2));
        assert_eq!(index_static(TWO, "652.4"), Some(0));
    }
}
