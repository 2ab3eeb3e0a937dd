//! Readings side by side (`riftcheck readings`): for a policy and one of its other readings, the
//! reference engine is played twice in lockstep from every default configuration where the
//! policy can apply, once under the project's reading and once under the other, the same action
//! to both, breadth first. The first step after which an observer sees the two games differ (the
//! events, the state, or one refusing what the other allows) is where the readings part ways; the
//! search is breadth first, so it is a shortest such situation, and it is the same one on every
//! run (configurations in order, actions in the order the engine lists them).

use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::Instant;

use riftcheck::readings::policies::POLICIES;
use riftcheck::readings::{POINTS, PointInfo, PointKind, ReadingInfo};
use riftcheck::scenario::{
    Expect, Outcome, SUMMARY, Scenario, SourceMap, Step, step_sentences, table_sentences, wrap,
};
use riftcheck::{Action, Engine, Event, Game, Observation, PolicyChoice, RuleError, Setup};

use super::probes::Start;
use crate::bounds::Bounds;

/// One policy's other reading, to set beside the project's.
#[derive(Clone, Copy, Debug)]
pub struct Alternative {
    /// The policy.
    pub point: &'static PointInfo,
    /// The other reading.
    pub reading: &'static ReadingInfo,
}

impl Alternative {
    /// The project's reading of the policy.
    pub fn default_reading(&self) -> &'static ReadingInfo {
        &self.point.readings[0]
    }
}

/// The other readings of `policies` (every policy if empty): each policy's readings that are not
/// known to be wrong, or, for a policy whose only other readings are rule faults (`pass-record`),
/// those. Policies the engine reads only one way are returned in the second list.
///
/// # Errors
///
/// A name is not a policy.
pub fn alternatives(policies: &[String]) -> Result<(Vec<Alternative>, Vec<&'static str>), String> {
    for p in policies {
        if !POLICIES.iter().any(|x| x.name == *p) {
            return Err(format!(
                "`{p}` is not a policy; `riftcheck policies` lists them"
            ));
        }
    }
    let mut out = Vec::new();
    let mut single = Vec::new();
    for policy in POLICIES
        .iter()
        .filter(|x| policies.is_empty() || policies.iter().any(|p| p == x.name))
    {
        let point = POINTS
            .iter()
            .find(|p| p.key == policy.name && p.kind == PointKind::Policy);
        let Some(point) = point else {
            single.push(policy.name);
            continue;
        };
        let others = &point.readings[1..];
        let sound: Vec<&ReadingInfo> = others.iter().filter(|r| r.fault.is_none()).collect();
        let chosen: Vec<&ReadingInfo> = if sound.is_empty() {
            others.iter().collect()
        } else {
            sound
        };
        if chosen.is_empty() {
            single.push(policy.name);
        }
        for reading in chosen {
            out.push(Alternative { point, reading });
        }
    }
    Ok((out, single))
}

/// What one side of the divergence did at the last step.
#[derive(Clone, Debug)]
pub struct Side {
    /// The step's events, or the refusal.
    pub outcome: Result<Vec<Event>, RuleError>,
    /// What an observer sees after it.
    pub view: Observation,
}

/// The shortest situation in which two readings part ways.
#[derive(Clone, Debug)]
pub struct Parting {
    /// The configuration.
    pub config: String,
    /// Its setup (under the project's readings).
    pub setup: Setup,
    /// The actions from the start; the last is where the readings part ways (empty: they build
    /// different games from the setup).
    pub path: Vec<Action>,
    /// Under the project's reading, then under the other.
    pub sides: [Side; 2],
    /// The first thing an observer sees differ, as `path: ours / theirs`.
    pub difference: String,
}

/// What the search found for one alternative.
pub type Verdict = riftcheck_checker::readings::Verdict<Parting, Panicked>;

/// Where the engine panicked under one of the readings.
#[derive(Clone, Debug)]
pub struct Panicked {
    /// The configuration.
    pub config: String,
    /// The actions from the start; the engine panicked on the last.
    pub path: Vec<Action>,
    /// The actions as the rulebook writes them.
    pub steps: Vec<String>,
    /// What the panic said.
    pub said: String,
}

/// One alternative, searched.
pub type Finding = riftcheck_checker::readings::Finding<Alternative, Parting, Panicked>;

/// The two games, and the counters the bounds read. While the two are in the same state only
/// the first is kept, the second being the first under the other readings.
#[derive(Clone)]
struct Node {
    first: Game,
    second: Option<Game>,
    turns: u8,
    removed: u8,
    invites: u8,
}

impl Node {
    fn fingerprint(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.first.hash(&mut h);
        self.second.hash(&mut h);
        (self.turns, self.removed, self.invites).hash(&mut h);
        h.finish()
    }
}

/// The setup under the project's reading and under `alt`'s.
fn setups(setup: &Setup, alt: &Alternative) -> [Setup; 2] {
    let mut other = setup.clone();
    let choice = PolicyChoice {
        point: alt.point.key,
        reading: alt.reading.key,
    };
    other.readings = choice.apply(other.readings);
    [setup.clone(), other]
}

/// What `game` shows after a step that had `outcome`, the step's events included.
fn side(game: &Game, outcome: Result<Vec<Event>, RuleError>) -> Side {
    let mut view = game.observe();
    if let Ok(events) = &outcome {
        view.events.clone_from(events);
    }
    Side { outcome, view }
}

/// How the two sides of a step differ, if they do.
fn compare(a: &Side, b: &Side, cat: &riftcheck::Catalog) -> Option<String> {
    match (&a.outcome, &b.outcome) {
        (Err(_), Err(_)) => None,
        (Ok(_), Err(e)) => Some(format!("allowed / refused ({}, {})", e.name(), e.rule())),
        (Err(e), Ok(_)) => Some(format!("refused ({}, {}) / allowed", e.name(), e.rule())),
        (Ok(x), Ok(y)) => {
            if let Some(d) = a.view.first_difference(&b.view, cat) {
                return Some(format!(
                    "{}: {} / {}",
                    d.path,
                    d.ours.toml(),
                    d.theirs.toml()
                ));
            }
            (x != y).then(|| "the events of the step".to_string())
        }
    }
}

/// One configuration's search: its name, setup, bounds and the removals it starts with.
struct Root<'a> {
    config: &'a Start,
    readings: riftcheck::Readings,
    removed_at_start: u8,
}

/// The actions to try from `node`: what either game lists as well formed, within the bounds.
fn tries(node: &Node, bounds: Bounds, actions: &mut Vec<Action>, other: &mut Vec<Action>) {
    actions.clear();
    other.clear();
    if node.first.is_over() {
        return;
    }
    node.first.well_formed(actions);
    // Well-formedness is the shape of an action, read off the state: a second game in the same
    // state lists the same.
    if let Some(second) = &node.second {
        second.well_formed(other);
    }
    if node.second.is_some() && actions != other {
        actions.extend_from_slice(other);
        actions.sort_unstable();
        actions.dedup();
    }
    actions.retain(|a| match a {
        Action::Concede { .. } => node.removed < bounds.concessions,
        Action::Invite { .. } => bounds.invites_allow(node.invites),
        Action::EndTurn { .. } => node.turns < bounds.turns,
        _ => true,
    });
}

/// `child` after `action`, which began a turn if `began` and left `removed` players removed:
/// the counters the bounds read.
fn count(
    child: &mut Node,
    action: Action,
    began: bool,
    removed: u8,
    bounds: Bounds,
    removed_at_start: u8,
) {
    match action {
        Action::Invite { .. } => child.invites = child.invites.saturating_add(1),
        Action::EndTurn { .. } => child.invites = 0,
        _ => {}
    }
    let turn_counts = if bounds.turns_begun {
        began
    } else {
        matches!(action, Action::EndTurn { .. })
    };
    if turn_counts {
        child.turns = child.turns.saturating_add(1);
    }
    child.removed = removed.saturating_sub(removed_at_start);
}

/// Searches the default configurations for where the project's reading and `alt` part ways,
/// and, if they never do, the positions of the policy's own scenarios ([`super::probes::probes`]).
pub fn search_everywhere(alt: Alternative, defaults: &[Start], max_states: u64) -> Finding {
    let first = search(alt, defaults, max_states);
    if matches!(first.verdict, Verdict::Parted(_)) {
        return first;
    }
    let own = super::probes::probes(alt.point.key);
    let second = search(alt, &own, max_states);
    if !matches!(second.verdict, Verdict::Parted(_)) {
        return first;
    }
    Finding {
        beyond_defaults: Some(first.states),
        seconds: first.seconds + second.seconds,
        ..second
    }
}

/// Searches every position of `starts` where the policy applies (the default configurations,
/// [`Start::of`], or a policy's scenarios, [`super::probes::probes`]), all at once and breadth
/// first, for the shortest situation in which the project's reading and `alt` part ways (on a
/// tie, the first position's, then the first in the engine's order of actions), spending at
/// most `max_states` pairs of games.
pub fn search(alt: Alternative, starts: &[Start], max_states: u64) -> Finding {
    search_stepping(alt, starts, max_states, |game, action| game.apply(action))
}

/// [`search`], each game taking its steps through `step` (the reference engine's own in
/// [`search`]). A panic in a step is a finding ([`Verdict::Panicked`]) with the actions that
/// led to it, never the end of the program.
pub fn search_stepping(
    alt: Alternative,
    starts: &[Start],
    max_states: u64,
    step: impl Fn(&mut Game, Action) -> Result<Vec<Event>, RuleError>,
) -> Finding {
    let clock = Instant::now();
    let mut budget = max_states;
    let finding = |verdict, budget: u64, n| Finding {
        alternative: alt,
        verdict,
        states: max_states - budget,
        configs: n,
        seconds: clock.elapsed().as_secs_f64(),
        beyond_defaults: None,
    };
    let mut roots: Vec<Root> = Vec::new();
    // Parents: for each pair found, its parent's index (u32::MAX for a root), the action and
    // its configuration.
    let mut tree: Vec<(u32, Action)> = Vec::new();
    let mut seen: HashSet<(u16, u64)> = HashSet::new();
    let mut level: Vec<(Node, u32, u16)> = Vec::new();
    for c in starts.iter().filter(|c| alt.point.applies_in(c.mode)) {
        let [sa, sb] = setups(&c.setup, &alt);
        let (Ok((ga, ea)), Ok((gb, eb))) = (Game::start(&sa), Game::start(&sb)) else {
            continue;
        };
        let start = [side(&ga, Ok(ea)), side(&gb, Ok(eb))];
        if let Some(difference) = compare(&start[0], &start[1], ga.catalog()) {
            let p = Parting {
                config: c.name.clone(),
                setup: c.setup.clone(),
                path: Vec::new(),
                sides: start,
                difference,
            };
            return finding(Verdict::Parted(Box::new(p)), budget, roots.len() + 1);
        }
        let r = roots.len() as u16;
        roots.push(Root {
            config: c,
            readings: sb.readings,
            removed_at_start: start[0].view.removed.len() as u8,
        });
        let root = Node {
            first: ga,
            second: None,
            turns: 0,
            removed: 0,
            invites: 0,
        };
        seen.insert((r, root.fingerprint()));
        level.push((root, u32::MAX, r));
    }
    let n = roots.len();
    let (mut actions, mut other) = (Vec::new(), Vec::new());
    while !level.is_empty() {
        let mut next: Vec<(Node, u32, u16)> = Vec::new();
        for (node, index, r) in &level {
            let root = &roots[usize::from(*r)];
            let bounds = root.config.bounds;
            tries(node, bounds, &mut actions, &mut other);
            for &action in &actions {
                let mut ga = node.first.clone();
                let mut gb = match &node.second {
                    Some(g) => g.clone(),
                    None => node.first.reread(root.readings),
                };
                let applied = riftcheck_checker::panics::guarded(|| {
                    (step(&mut ga, action), step(&mut gb, action))
                });
                let (ra, rb) = match applied {
                    Ok(both) => both,
                    Err(said) => {
                        let path = path_to(&tree, *index, action);
                        let cat = node.first.catalog();
                        let p = Panicked {
                            config: root.config.name.clone(),
                            steps: path.iter().map(|a| a.display(cat).to_string()).collect(),
                            path,
                            said,
                        };
                        return finding(Verdict::Panicked(Box::new(p)), budget, n);
                    }
                };
                if ra.is_err() && rb.is_err() {
                    continue;
                }
                // The same state and the same events show an observer the same thing.
                let same = matches!((&ra, &rb), (Ok(x), Ok(y)) if x == y) && ga.same_state(&gb);
                let began = ra
                    .as_ref()
                    .is_ok_and(|e| e.iter().any(|e| matches!(e, Event::TurnBegan { .. })));
                if !same {
                    let sides = [side(&ga, ra), side(&gb, rb)];
                    if let Some(difference) = compare(&sides[0], &sides[1], ga.catalog()) {
                        let p = Parting {
                            config: root.config.name.clone(),
                            setup: root.config.setup.clone(),
                            path: path_to(&tree, *index, action),
                            sides,
                            difference,
                        };
                        return finding(Verdict::Parted(Box::new(p)), budget, n);
                    }
                }
                let removed = ga.removed().len() as u8;
                let mut child = Node {
                    first: ga,
                    second: (!same).then_some(gb),
                    ..*node
                };
                count(
                    &mut child,
                    action,
                    began,
                    removed,
                    bounds,
                    root.removed_at_start,
                );
                if !seen.insert((*r, child.fingerprint())) {
                    continue;
                }
                if budget == 0 {
                    return finding(Verdict::Cut, budget, n);
                }
                budget -= 1;
                tree.push((*index, action));
                next.push((child, (tree.len() - 1) as u32, *r));
            }
        }
        level = next;
    }
    finding(Verdict::Same, budget, n)
}

/// The actions from the start to the pair at `index` of `tree` (each pair's parent and the
/// action that led to it; `u32::MAX` a root), then `action`.
fn path_to(tree: &[(u32, Action)], index: u32, action: Action) -> Vec<Action> {
    let mut path = vec![action];
    let mut at = index;
    while let Some(&(parent, a)) = tree.get(at as usize) {
        path.push(a);
        at = parent;
    }
    path.reverse();
    path
}

/// The divergence as a rulebook example: the table, the steps they share, then the last step
/// under each reading.
pub fn example(alt: &Alternative, p: &Parting) -> String {
    let Ok((game, events)) = Game::start(&p.setup) else {
        return String::new();
    };
    let cat = game.catalog().clone();
    let mut shared = table_sentences(&cat, &game.observe(), &events);
    let mut g = game;
    let (last, before) = match p.path.split_last() {
        Some((last, before)) => (Some(last), before),
        None => (None, &p.path[..]),
    };
    for a in before {
        let outcome = g.apply(*a);
        shared.extend(step_sentences(&cat, a, &outcome));
    }
    let mut o = format!(
        "Example - {}: {} or {}? ({})\n",
        alt.point.key,
        alt.default_reading().key,
        alt.reading.key,
        p.config
    );
    o.push_str(&wrap(&shared.join(" "), 100));
    o.push('\n');
    for (side, reading) in p.sides.iter().zip([alt.default_reading(), alt.reading]) {
        let said = match last {
            Some(a) => step_sentences(&cat, a, &side.outcome),
            None => vec!["The game begins.".to_string()],
        };
        let text = format!("Under reading {}: {}", reading.key, said.join(" "));
        o.push_str(&wrap(&text, 100));
        o.push('\n');
    }
    o.push_str(&wrap(
        &format!(
            "An observer sees them differ at {}. Rules: {}.",
            p.difference, alt.point.rules
        ),
        100,
    ));
    o.push('\n');
    o
}

/// The divergence as a scenario under one of the two readings (`0` the project's, `1` the
/// other), its expectations what that reading shows after the last step.
pub fn scenario(alt: &Alternative, p: &Parting, side: usize) -> Scenario {
    let reading = [alt.default_reading(), alt.reading][side];
    let mut setup = p.setup.clone();
    if side == 1 {
        setup.readings = PolicyChoice {
            point: alt.point.key,
            reading: reading.key,
        }
        .apply(setup.readings);
    }
    let cat = Game::start(&setup).map(|(g, _)| g.catalog().clone()).ok();
    let last = p.path.len();
    let steps = p
        .path
        .iter()
        .enumerate()
        .map(|(i, a)| Step {
            text: cat
                .as_ref()
                .map_or_else(|| format!("{a:?}"), |c| a.display(c).to_string()),
            outcome: match (&p.sides[side].outcome, i + 1 == last) {
                (Err(e), true) => Outcome::Refused(Some(e.name().to_string())),
                _ => Outcome::Accepted,
            },
        })
        .collect();
    let expect = cat.as_ref().map(|c| {
        let mut keys: Vec<&str> = SUMMARY.to_vec();
        let other = &p.sides[1 - side].view;
        for f in Observation::FIELDS {
            if !keys.contains(&f.key) && p.sides[side].view.field(f.key, c) != other.field(f.key, c)
            {
                keys.push(f.key);
            }
        }
        // After a refused last step, the game is as it was before it.
        Expect::of(&p.sides[side].view, c, &keys, last)
    });
    Scenario {
        title: format!("{}: the reading {}", alt.point.key, reading.key),
        rules: alt.point.rules.split(", ").map(str::to_string).collect(),
        description: Some(format!(
            "Policy {}, the reading {}: {} Found by riftcheck readings in {} as the shortest \
             situation in which it parts ways with the reading {} ({}).",
            alt.point.key,
            reading.key,
            reading.text(),
            p.config,
            [alt.default_reading(), alt.reading][1 - side].key,
            p.difference,
        )),
        setup,
        steps,
        checks: Vec::new(),
        expect,
        source: SourceMap::default(),
    }
}
