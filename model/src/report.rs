//! Turning a violation into something a rulebook author reads and a developer replays: the
//! shortest path written as a rulebook example ("Expected by rule X: ...; found: ...") and as a
//! scenario file whose expectations come from the spec.

use std::fmt::Write;

use riftcheck::oracle::{Disagreement, Lockstep};
use riftcheck::scenario::text::ZoneText;
use riftcheck::scenario::{
    CardExpect, Expect, FieldExpect, Outcome, Scenario, SourceMap, Step, render_example,
};
use riftcheck::{Action, Catalog, Observation as View, Seat, Setup};

use crate::model::{RiftModel, State};
use crate::properties::Prop;
use crate::search;

/// A violation, shortest path first.
#[derive(Clone, Debug)]
pub struct Counterexample {
    /// The configuration.
    pub config: String,
    /// The property that failed.
    pub property: Prop,
    /// The actions from the start, the last one showing the violation. For a cycle, the actions
    /// to the cycle and then around it.
    pub path: Vec<Action>,
    /// For a cycle: how many of the actions lead to it (the rest go around it).
    pub cycle_from: Option<usize>,
    /// The rules the violation breaks.
    pub rule: String,
    /// What the rules (or the spec) expect at the end.
    pub expected: String,
    /// What the engine did.
    pub found: String,
    /// The scenario that replays it.
    pub scenario: Scenario,
    /// The rulebook example.
    pub text: String,
}

fn seat_text(s: Option<Seat>) -> String {
    s.map_or("nobody".to_string(), |s| s.to_string())
}

fn names(cat: &Catalog, view: &View) -> Vec<String> {
    view.chain.iter().map(|i| i.item.text(cat)).collect()
}

/// What an observer sees that the property is about, for "found: ...".
fn observed(prop: Prop, cat: &Catalog, before: &View, after: &View) -> String {
    let chain = names(cat, after).join(", ");
    match prop {
        Prop::DepartedNoPriority => format!(
            "{} has Priority; removed: {}",
            seat_text(after.priority),
            after.removed
        ),
        Prop::DepartedNoFocus => format!(
            "{} has Focus; removed: {}",
            seat_text(after.focus),
            after.removed
        ),
        Prop::DepartedNoTurn => format!(
            "{} is the Turn Player; removed: {}",
            seat_text(after.turn),
            after.removed
        ),
        Prop::DepartedNeverChooses => format!(
            "{} must choose; removed: {}",
            seat_text(after.awaiting.map(|c| c.seat())),
            after.removed
        ),
        Prop::ShowdownEndsWhenAllPassed => format!(
            "the Showdown goes on although {} have passed Focus and {} remain",
            after.focus_passed, after.remaining
        ),
        Prop::ResolvesOnlyWhenAllPassed | Prop::PassesSurvive => format!(
            "passes before: {}; after: {}; remaining: {}; Chain: [{chain}]",
            before.passed, after.passed, after.remaining
        ),
        Prop::HoldersChangeOnlyIfLeaverHeld | Prop::TurnOrderPreserved => format!(
            "Turn {} → {}, Priority {} → {}, Focus {} → {}",
            seat_text(before.turn),
            seat_text(after.turn),
            seat_text(before.priority),
            seat_text(after.priority),
            seat_text(before.focus),
            seat_text(after.focus)
        ),
        Prop::TwoPlayerWin | Prop::TeamRemoved => format!(
            "winners: {}; removed: {}",
            after.winners.map_or("none".to_string(), |w| w.to_string()),
            after.removed
        ),
        _ => format!(
            "Priority {}, Focus {}, Turn {}, Chain [{chain}], passed {}",
            seat_text(after.priority),
            seat_text(after.focus),
            seat_text(after.turn),
            after.passed
        ),
    }
}

/// The spec's view as scenario expectations: the holders, the Chain, the records, and every card
/// and battlefield where the engine's view differs.
fn expectations(cat: &Catalog, spec: &View, engine: &View, after: usize) -> Expect {
    let mut e = Expect {
        after,
        turn: Some(spec.turn),
        priority: Some(spec.priority),
        focus: Some(spec.focus),
        showdown: Some(spec.showdown.map(|b| cat.bf_name(b).to_string())),
        combat: Some(spec.combat),
        awaiting: Some(spec.awaiting.map(|c| c.seat())),
        chain: Some(names(cat, spec)),
        passed: Some(spec.passed.iter().collect()),
        focus_passed: Some(spec.focus_passed.iter().collect()),
        remaining: Some(spec.remaining.iter().collect()),
        removed: Some(spec.removed.iter().collect()),
        winners: Some(spec.winners.unwrap_or_default().iter().collect()),
        ..Expect::default()
    };
    for (i, (s, g)) in spec.cards.iter().zip(&engine.cards).enumerate() {
        if s == g {
            continue;
        }
        let def = &cat.cards[i];
        e.cards.insert(
            def.name.clone(),
            CardExpect {
                at: Some(ZoneText::parse(&s.at.text(cat))),
                controller: Some(s.controller),
                might: s.might,
                mighty: Some(s.mighty),
                exhausted: Some(s.exhausted),
                damage: Some(s.damage),
            },
        );
    }
    for (i, (s, g)) in spec
        .battlefields
        .iter()
        .zip(&engine.battlefields)
        .enumerate()
    {
        if s == g {
            continue;
        }
        e.battlefields.insert(
            cat.battlefields[i].name.clone(),
            FieldExpect {
                controller: Some(s.controller),
                token: Some(s.token),
                might: Some(s.might),
                contested_by: Some(s.contested_by),
            },
        );
    }
    e
}

/// Builds the counterexample for `prop` from `path` (the violation is on its last step).
pub fn counterexample(
    model: &RiftModel,
    setup: &Setup,
    prop: Prop,
    path: Vec<Action>,
    cycle_from: Option<usize>,
) -> Counterexample {
    let cat = model.start.catalog();
    let states = search::replay(model, &path);
    let last = &states[states.len() - 1].0;
    let before: &State = if states.len() >= 2 {
        &states[states.len() - 2].0
    } else {
        last
    };
    let (before_view, after_view) = (before.game().observe(), last.game().observe());
    let mut steps: Vec<Step> = path
        .iter()
        .map(|a| Step {
            text: a.display(cat).to_string(),
            outcome: Outcome::Accepted,
        })
        .collect();
    let mut rule = prop.rule().to_string();
    let (expected, found, expect) = match prop {
        Prop::EngineAndSpecAgree => {
            let action = *path.last().expect("a disagreement has a step");
            let mut pair: Lockstep = before.pair.clone();
            let disagreement = pair.step(action).err();
            match disagreement {
                Some(Disagreement::EngineAccepted { spec_refusal }) => {
                    if let Some(step) = steps.last_mut() {
                        step.outcome = Outcome::Refused(None);
                    }
                    (
                        format!("{} is refused ({spec_refusal})", action.display(cat)),
                        "the engine accepts it".to_string(),
                        None,
                    )
                }
                Some(Disagreement::EngineRefused { error }) => (
                    format!("{} is allowed", action.display(cat)),
                    format!("the engine refuses it: {error}"),
                    None,
                ),
                Some(Disagreement::ViewsDiffer(d)) => {
                    rule = d.rule.to_string();
                    (
                        format!("{} is {} (the spec)", d.path, d.theirs.toml()),
                        format!("{} (the engine)", d.ours.toml()),
                        Some(expectations(
                            cat,
                            &pair.spec.observe(),
                            &pair.game.observe(),
                            path.len(),
                        )),
                    )
                }
                None => (
                    "the engine and the spec agree".into(),
                    "they did not".into(),
                    None,
                ),
            }
        }
        Prop::NoCycles => (
            "every sequence of actions makes progress".to_string(),
            format!(
                "after {} steps the game returns to an earlier state",
                path.len()
            ),
            None,
        ),
        _ => {
            let spec_view = last.pair.spec.observe();
            (
                prop.name().to_string(),
                observed(prop, cat, &before_view, &after_view),
                Some(expectations(cat, &spec_view, &after_view, path.len())),
            )
        }
    };
    let scenario = Scenario {
        title: format!("Counterexample to \"{}\" ({})", prop.name(), model.name),
        rules: rule.split(", ").map(str::to_string).collect(),
        description: Some(format!(
            "Found by riftcheck check in {}: the shortest sequence of actions that breaks \"{}\". \
             Expected by rule {rule}: {expected}; found: {found}.",
            model.name,
            prop.name(),
        )),
        setup: setup.clone(),
        steps,
        checks: Vec::new(),
        expect,
        source: SourceMap::default(),
    };
    let mut c = Counterexample {
        config: model.name.clone(),
        property: prop,
        path,
        cycle_from,
        rule,
        expected,
        found,
        scenario,
        text: String::new(),
    };
    c.text = c.written_for(model);
    c
}

impl Counterexample {
    /// The rulebook example: the table, one sentence per step and consequence as the engine
    /// (fault and all) played it, and what the rule expected against what the engine did.
    pub fn rulebook(&self) -> &str {
        &self.text
    }

    fn written_for(&self, model: &RiftModel) -> String {
        let mut game = model.start.clone();
        let steps: Vec<_> = self.path.iter().map(|&a| (a, game.apply(a))).collect();
        let mut text = render_example(
            &self.scenario.title,
            None,
            &self.scenario.rules,
            &model.start,
            &[],
            &steps,
        );
        if let Some(from) = self.cycle_from {
            let _ = writeln!(
                text,
                "The last {} steps return the game to the state after step {from}.",
                self.path.len() - from
            );
        }
        let _ = writeln!(
            text,
            "Expected by rule {}: {}; found: {}.",
            self.rule, self.expected, self.found
        );
        text
    }

    /// A file name for the scenario: the property's words.
    pub fn file_name(&self) -> String {
        let mut name: String = self
            .property
            .name()
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .collect();
        while name.contains("__") {
            name = name.replace("__", "_");
        }
        format!(
            "{}__{}.toml",
            self.config.replace('/', "_"),
            name.trim_matches('_')
        )
    }
}

/// A scenario of the configuration itself, with no steps: what `--print` shows.
pub fn setup_scenario(name: &str, about: &str, setup: &Setup) -> Scenario {
    Scenario {
        title: name.to_string(),
        rules: Vec::new(),
        description: Some(about.to_string()),
        setup: setup.clone(),
        steps: Vec::new(),
        checks: Vec::new(),
        expect: None,
        source: SourceMap::default(),
    }
}
