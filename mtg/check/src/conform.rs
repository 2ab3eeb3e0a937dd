//! `conform --ruleset mtg`: an MTG engine checked over the protocol against the MTG spec (the
//! second reading of 800.4), on MTG's built-in configurations, by the same exhaustive and random
//! phases as a Riftbound engine. Its observation is compared field by field as MTG's section of
//! `docs/protocol.md` declares it (a field the engine's `hello` does not list under `observes`
//! is not compared), each field with the rule that decides it; a refusal agrees if it names the
//! spec's refusal or cites its rule.

use crate::configs::MtgConfig;
use riftcheck::Engine;
use riftcheck::mtg::scenario::write::{Heading, names, sentence, written};
use riftcheck::mtg::spec::{MtgSpec, Shown};
use riftcheck::mtg::{Action, MtgEvent, MtgSetup, MtgView, Refusal};
use riftcheck::mtg::{MtgFault, MtgGame, MtgReadings};
use riftcheck::observation::Difference;
use riftcheck::protocol::Capabilities;
use riftcheck::protocol::client::{Answer, EngineFault};
use riftcheck::protocol::compare::{Cite, Divergence, View};
pub use riftcheck::protocol::mtg::FIELDS;
use riftcheck::protocol::mtg::{first_difference, observation_json};
use riftcheck::protocol::remote::Verdict;
use riftcheck::protocol::wire::from_json;
use riftcheck::scenario::Failure;
use serde_json::Value as Json;

use riftcheck_checker::plan::Asked;
use riftcheck_conform::found::{Found, verdict_lines};
use riftcheck_conform::table::{Counts, Reading, Rules, TakeOver, Took, ruled, taken_over};
use riftcheck_conform::unchecked::Unchecked;
use riftcheck_conform::{ConfigRow, Conformed, Findings, Remote, ScenarioRow};

/// What the rules make of an MTG step: what an observer sees after it, or every rule it breaks.
pub type MtgRuled = Result<MtgView, Vec<Refusal>>;

/// An MTG starting position, checked on an engine.
pub struct MtgTable {
    /// Its name (`mtg-3/steal`).
    pub name: String,
    /// The setup.
    pub setup: MtgSetup,
    setup_json: Json,
    first: (MtgSpec, Vec<MtgEvent>),
    concessions: u8,
}

impl MtgTable {
    /// The table of a built-in configuration.
    ///
    /// # Errors
    ///
    /// The setup is impossible.
    pub fn new(cfg: &MtgConfig) -> Result<MtgTable, String> {
        let first = MtgSpec::start(&cfg.setup).map_err(|e| e.to_string())?;
        Ok(MtgTable {
            name: cfg.name.clone(),
            setup_json: serde_json::to_value(&cfg.setup).map_err(|e| e.to_string())?,
            setup: cfg.setup.clone(),
            first,
            concessions: cfg.concessions,
        })
    }
}

/// The rule at issue where the events differ: that of the first event that differs, the spec's
/// if it cites one of 800.4's rules, else the engine's, else 800.4.
fn event_rule(ours: &Json, theirs: &Json) -> &'static str {
    const CITED: [&str; 17] = [
        "800.4a", "800.4b", "800.4c", "800.4d", "800.4e", "800.4f", "800.4g", "800.4h", "800.4i",
        "800.4j", "800.4k", "800.4m", "800.4n", "104.2a", "400.7", "514.2", "704.5m",
    ];
    let (ours, theirs) = (ours.as_array(), theirs.as_array());
    let empty = Vec::new();
    let (ours, theirs) = (ours.unwrap_or(&empty), theirs.unwrap_or(&empty));
    let at = (0..ours.len().max(theirs.len()))
        .find(|&i| ours.get(i) != theirs.get(i))
        .unwrap_or(0);
    [ours.get(at), theirs.get(at)]
        .into_iter()
        .flatten()
        .filter_map(|e| e.get("rule").and_then(Json::as_str))
        .find_map(|r| CITED.iter().find(|c| **c == r).copied())
        .unwrap_or("800.4")
}

/// Compares the spec's observation with the engine's, in every field the engine exposes.
fn compare(ours: &MtgView, theirs: &Json, view: &View, op: &'static str) -> Option<Divergence> {
    let ours = observation_json(ours);
    let mut missing = Vec::new();
    let mut differs = Vec::new();
    for (field, rule) in FIELDS {
        if !view.observes(field) {
            continue;
        }
        let Some(t) = theirs.get(field) else {
            missing.push(field.to_string());
            continue;
        };
        let o = ours.get(field).unwrap_or(&Json::Null);
        if let Some((path, o, t)) = first_difference(field.to_string(), o, t) {
            let rule = if field == "events" {
                event_rule(&ours[field], &theirs[field])
            } else {
                rule
            };
            differs.push(Difference {
                field,
                rule,
                path,
                ours: from_json(&o),
                theirs: from_json(&t),
            });
        }
    }
    // The events tell what happened; when a field shows it, that field is the difference.
    if differs.len() > 1 {
        differs.retain(|d| d.field != "events");
    }
    if !missing.is_empty() {
        return Some(Divergence::Missing {
            op,
            fields: missing,
        });
    }
    (!differs.is_empty()).then_some(Divergence::Differs(differs))
}

fn cites(refusals: &[Refusal]) -> Vec<Cite> {
    refusals
        .iter()
        .map(|r| Cite {
            name: r.name(),
            rule: r.rule(),
            text: r.to_string(),
        })
        .collect()
}

impl Rules for MtgTable {
    type Spec = MtgSpec;
    type Action = Action;
    type Ruled = MtgRuled;

    fn name(&self) -> &str {
        &self.name
    }

    fn first(&self) -> &MtgSpec {
        &self.first.0
    }

    fn first_ruled(&self) -> MtgRuled {
        let mut view = self.first.0.observe();
        view.events = self.first.1.clone();
        Ok(view)
    }

    fn setup_json(&self) -> &Json {
        &self.setup_json
    }

    fn offered(&self, spec: &MtgSpec, _: Counts, _: &Capabilities, out: &mut Vec<Action>) {
        out.clear();
        let view = spec.observe();
        if view.over {
            return;
        }
        spec.well_formed(out);
        out.sort_unstable();
        out.dedup();
        let left = view.players.iter().filter(|p| !p.in_game).count();
        if left >= usize::from(self.concessions) {
            out.retain(|a| !matches!(a, Action::Concede { .. }));
        }
    }

    fn rule(spec: &MtgSpec, action: Action) -> (MtgRuled, Option<MtgSpec>) {
        ruled(spec, action)
    }

    fn taken(ruled: &MtgRuled) -> bool {
        ruled.is_ok()
    }

    fn breaks(ruled: &MtgRuled) -> Vec<Cite> {
        ruled.as_ref().err().map(|r| cites(r)).unwrap_or_default()
    }

    fn count(counts: Counts, _: Action) -> Counts {
        counts
    }

    fn action_json(&self, action: Action) -> Json {
        serde_json::to_value(action).unwrap_or(Json::Null)
    }

    fn step_kind(action: Option<&Action>) -> &'static str {
        match action {
            None => "setup",
            Some(Action::Pass { .. }) => "pass",
            Some(Action::Concede { .. }) => "concede",
            Some(Action::Cast { .. }) => "cast",
            Some(Action::Cycle { .. }) => "cycle",
            Some(Action::Attack { .. }) => "attack",
            Some(Action::Choose { .. }) => "choose",
        }
    }

    fn judged(
        &self,
        view: &View,
        ruled: &MtgRuled,
        answer: Result<Answer, EngineFault>,
        next: Option<MtgSpec>,
        step: Option<&Action>,
    ) -> Took<MtgSpec> {
        let answer = match answer {
            Err(f) => return Took::Diverged(Divergence::Fault(f)),
            Ok(Answer::Unsupported(why)) => return Took::Unsupported(why),
            Ok(a) => a,
        };
        let op = if step.is_some() { "apply" } else { "setup" };
        let diverged = match (ruled, answer) {
            (Ok(ours), Answer::Observation(theirs)) => compare(ours, &theirs, view, op),
            (Ok(_), Answer::Refused(refusal)) => Some(Divergence::Refused {
                refusal,
                rule: match step {
                    Some(Action::Pass { .. }) => "117.3d",
                    Some(Action::Concede { .. }) => "104.3a, 800.4a",
                    Some(Action::Cast { .. } | Action::Cycle { .. }) => "601.2",
                    Some(Action::Attack { .. }) => "508.1",
                    Some(Action::Choose { .. }) => "101.4",
                    None => "",
                },
            }),
            (Err(refusals), Answer::Observation(_)) => Some(Divergence::Accepted {
                refusals: cites(refusals),
            }),
            (Err(refusals), Answer::Refused(refusal)) => {
                let allowed = cites(refusals);
                (!refusal.agrees_cited(&allowed, &Refusal::NAMES)).then_some(
                    Divergence::OtherReason {
                        refusal,
                        refusals: allowed,
                    },
                )
            }
            (_, answer) => Some(Divergence::Fault(EngineFault::Unexpected {
                op: op.into(),
                expected: "an observation or a refusal".into(),
                line: format!("{answer:?}"),
            })),
        };
        match diverged {
            Some(d) => Took::Diverged(d),
            None => Took::Agreed(next.map(Box::new)),
        }
    }

    /// Takes over priority, the passes, the attacks declared, the turn and the game's end where
    /// the engine shows them otherwise (see [`Shown`]); the rest is not taken over yet.
    fn follow(
        &self,
        view: &View,
        spec: &MtgSpec,
        step: Action,
        answer: &Answer,
    ) -> Result<MtgSpec, String> {
        let state = view.state_only();
        let differs = |s: &MtgSpec, json: &Json| compare(&s.observe(), json, &state, "apply");
        let set = |s: &mut MtgSpec, field: &'static str, json: &Json| {
            let v = json.get(field).cloned().unwrap_or(Json::Null);
            let shown = match field {
                "priority" => serde_json::from_value(v).map(Shown::Priority),
                "passed" => serde_json::from_value(v).map(Shown::Passed),
                "attacks_declared" => serde_json::from_value(v).map(Shown::AttacksDeclared),
                "turn_of" => serde_json::from_value(v).map(Shown::TurnOf),
                "turns_left" => serde_json::from_value(v).map(Shown::TurnsLeft),
                "over" => serde_json::from_value(v).map(Shown::Over),
                "winner" => serde_json::from_value(v).map(Shown::Winner),
                // Whose turn it is, while they are in the game: it follows `turn_of`.
                "active" => return Ok(()),
                _ => return Err("the spec cannot hold another than its own".into()),
            };
            shown.map(|x| s.take_over(x)).map_err(|e| e.to_string())
        };
        let over = |s: &MtgSpec| s.observe().over;
        let how = TakeOver {
            differs: &differs,
            set: &set,
            over: &over,
        };
        taken_over(spec, ruled(spec, step).1, answer, &how)
    }

    /// Tries each rule fault on the reference engine, those of `known` first: the one under
    /// which it answers the last step of `path` as the engine did.
    fn diagnose(
        &self,
        view: &View,
        path: &[Action],
        answer: &Answer,
        known: &[String],
    ) -> Option<Reading> {
        let (last, before) = path.split_last()?;
        let with_known = MtgFault::ALL
            .into_iter()
            .filter(|f| known.iter().any(|k| k == f.key()))
            .fold(MtgReadings::default(), |r, f| f.apply(r));
        let mut faults: Vec<MtgFault> = MtgFault::ALL.to_vec();
        faults.sort_by_key(|f| !known.iter().any(|k| k == f.key()));
        faults.into_iter().find_map(|f| {
            let (mut game, _) = MtgGame::with_readings(&self.setup, f.apply(with_known)).ok()?;
            for &a in before {
                let _ = game.apply(a);
            }
            let (ruled, _) = ruled(&game, *last);
            let agrees = match (&ruled, answer) {
                (Ok(ours), Answer::Observation(theirs)) => {
                    compare(ours, theirs, view, "apply").is_none()
                }
                (Err(refusals), Answer::Refused(r)) => {
                    r.agrees_cited(&cites(refusals), &Refusal::NAMES)
                }
                _ => false,
            };
            agrees.then(|| Reading {
                key: f.key().to_string(),
                said: format!(
                    "this engine behaves as if it read {} as the fault `{}` does: {}",
                    f.rule(),
                    f.key(),
                    f.what()
                ),
            })
        })
    }
}

impl MtgTable {
    /// The divergence written up: the steps as scenario sentences, the verdict, and an MTG
    /// scenario file whose expectations are the spec's at the end.
    pub(crate) fn write_up(
        &self,
        (engine, _): (&str, &View),
        phase: &'static str,
        path: Vec<Action>,
        divergence: Divergence,
    ) -> Found {
        let names = names(&self.setup);
        let steps: Vec<String> = path
            .iter()
            .map(|&a| sentence(&names, &self.setup, a))
            .collect();
        let step = steps.last().cloned().unwrap_or("the setup".into());
        let (rule, expected, found) = (
            divergence.rule(),
            divergence.expected(&step),
            divergence.found(),
        );
        let cite = if rule.is_empty() {
            "the protocol".to_string()
        } else {
            format!("rule {rule}")
        };
        let heading = Heading {
            title: format!("{engine} parts from the rules ({})", self.name),
            rules: rule
                .split(", ")
                .filter(|r| !r.is_empty())
                .map(str::to_string)
                .collect(),
            description: format!(
                "Found by riftcheck conform --ruleset mtg ({phase}) in {}: the shortest sequence \
                 of steps on which {engine} parts from the rules. Expected by {cite}: {expected}; \
                 found: {found}. The expectations are what the MTG spec shows at the end.",
                self.name
            ),
        };
        let file = written(&heading, &self.setup, &path);
        // The rulebook example of what the rules do on these steps (the reference engine's
        // game, cards by name), then where the engine parted from them.
        let mut text = match riftcheck::mtg::scenario::MtgScenario::parse(&file, None) {
            Ok(s) => s.render(),
            Err(_) => format!("{}\n\n{}\n", heading.title, steps.join("; ")),
        };
        for line in verdict_lines(&divergence, &step) {
            text.push_str(&format!("{}\n", named_objects(&line, &names)));
        }
        Found {
            config: self.name.clone(),
            phase,
            file,
            replay: "riftcheck replay --engine CMD",
            steps,
            divergence,
            rule,
            expected,
            found,
            text,
        }
    }
}

/// `line` with each object the protocol names by its index (`objects.2`) followed by the name
/// the scenario file gives it (`objects.2 (Assault Griffin)`), for a reader of the example.
fn named_objects(line: &str, names: &[String]) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find("objects.") {
        let (before, from) = rest.split_at(at + "objects.".len());
        out.push_str(before);
        let digits = from.chars().take_while(char::is_ascii_digit).count();
        out.push_str(&from[..digits]);
        if let Some(name) = from[..digits]
            .parse::<usize>()
            .ok()
            .and_then(|i| names.get(i))
        {
            let field_end = from[digits..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '_'))
                .map_or(from.len(), |e| e + digits);
            out.push_str(&from[digits..field_end]);
            out.push_str(&format!(" ({name})"));
            rest = &from[field_end..];
        } else {
            rest = &from[digits..];
        }
    }
    out.push_str(rest);
    out
}

/// MTG's configurations as `conform` explores them: the same table in every phase (MTG's bounds
/// are the configuration's own), the whole setup sent (MTG's engines declare no projection).
pub struct Driver {
    /// The configurations, in order.
    pub configs: Vec<MtgConfig>,
}

impl Conformed for Driver {
    type Table = MtgTable;

    /// MTG's built-in configurations the filters leave, chosen as `check --ruleset mtg` chooses
    /// them, each allowed the concessions the bounds say (its own by default); MTG's walks are
    /// bounded by each configuration's own turns and concessions.
    fn of(asked: &Asked<'_>, _walk_bounds: Option<&str>) -> Result<Driver, String> {
        let concessions = asked.bounds.map(crate::plan::concessions).transpose()?;
        let mut configs = crate::plan::built_in(asked.mode, asked.players, asked.family)?;
        if configs.is_empty() {
            return Err("no MTG configuration matches --mode, --players and --family".into());
        }
        for c in &mut configs {
            c.concessions = concessions.unwrap_or(c.concessions);
        }
        Ok(Driver { configs })
    }

    fn key(&self) -> &'static str {
        "mtg"
    }

    fn default_scenarios(&self) -> &'static str {
        "tests/mtg/scenarios"
    }

    fn accepts(&self, remote: &Remote) -> Result<(), String> {
        accepts(remote)
    }

    fn configs(&self) -> Vec<String> {
        self.configs.iter().map(|c| c.name.clone()).collect()
    }

    fn table(
        &mut self,
        i: usize,
        _: &'static str,
        _: &Remote,
    ) -> Result<(MtgTable, Option<String>), String> {
        MtgTable::new(&self.configs[i])
            .map(|t| (t, None))
            .map_err(|why| format!("the setup is impossible: {why}"))
    }

    fn write_up(
        table: &MtgTable,
        engine: (&str, &View),
        phase: &'static str,
        path: Vec<Action>,
        divergence: Divergence,
    ) -> Found {
        table.write_up(engine, phase, path, divergence)
    }

    fn scenarios(&self, remote: &mut Remote, files: &[std::path::PathBuf]) -> Vec<ScenarioRow> {
        scenarios(remote, files)
    }

    fn judge(trace: &riftcheck::protocol::trace::AnyTrace, all: &mut Findings) -> Vec<ConfigRow> {
        match trace {
            riftcheck::protocol::trace::AnyTrace::Mtg(t) => judge_trace(t, all),
            _ => Vec::new(),
        }
    }

    /// MTG's observation is compared field by field as the engine declares it; the report's
    /// list of what is left unchecked is Riftbound's.
    fn unchecked(&self, _: &View) -> Vec<Unchecked> {
        Vec::new()
    }
}

/// Whether an MTG engine's `hello` observes only fields of MTG's observation ([`FIELDS`]).
///
/// # Errors
///
/// The first field it lists that MTG's observation does not have.
pub fn accepts(remote: &Remote) -> Result<(), String> {
    let fields = FIELDS.map(|(f, _)| f);
    match (remote.caps.observes.iter().flatten()).find(|f| !fields.contains(&f.as_str())) {
        Some(f) => Err(format!(
            "the engine's hello: `observes` lists `{f}`, which is not a field of MTG's \
             observation ({})",
            fields.join(", ")
        )),
        None => Ok(()),
    }
}

/// Judges every game of an MTG engine's `trace` against the MTG spec
/// ([`riftcheck_conform::validate::judge_games`]); a row per game.
pub fn judge_trace(
    trace: &riftcheck::protocol::trace::Trace<riftcheck::mtg::Mtg>,
    all: &mut Findings,
) -> Vec<ConfigRow> {
    riftcheck_conform::validate::judge_games(
        trace,
        all,
        |name, setup| {
            MtgTable::new(&MtgConfig {
                name,
                family: "trace",
                setup: setup.clone(),
                concessions: 0,
            })
        },
        |table, engine, path, d| table.write_up(engine, "trace", path, d),
    )
}

/// Replays MTG scenario files on the MTG engine `remote` ([`replay_file`]); a Riftbound file
/// is not for it.
pub fn scenarios(remote: &mut Remote, files: &[std::path::PathBuf]) -> Vec<ScenarioRow> {
    files
        .iter()
        .map(|path| scenario_row(remote, path))
        .collect()
}

fn scenario_row(remote: &mut Remote, path: &std::path::Path) -> ScenarioRow {
    let row = |title: String, verdict| ScenarioRow {
        path: path.to_path_buf(),
        title,
        verdict,
        projected: None,
    };
    if !riftcheck::mtg::scenario::is_mtg_file(path) {
        let why = "a Riftbound scenario, and the engine plays mtg";
        return row(String::new(), Ok(Verdict::Unsupported(why.into())));
    }
    let shown = path.display().to_string();
    let (title, verdict) = match riftcheck::mtg::scenario::MtgScenario::load(path) {
        Ok(s) => (s.title.clone(), replay_file(remote, &s, &shown)),
        Err(e) => (String::new(), Err(e.to_string())),
    };
    remote.drain();
    if matches!(verdict, Ok(Verdict::Fault { .. })) {
        // Start the engine afresh for the next scenario.
        remote.close();
    }
    row(title, verdict)
}

/// Replays MTG scenario `s` (named `name`) on `remote`: its steps read as actions on the MTG
/// spec, then taken on the engine from a fresh setup, each answer judged as `conform` judges
/// one (the fields the engine observes, the refusal's rule). A scenario the spec passes holds
/// on every engine that agrees with the spec on its steps, so the first step where the engine
/// parts from the spec fails it: each field that differs is one failure, at the step's line.
///
/// # Errors
///
/// The scenario does not hold on the MTG spec itself, so it cannot judge an engine.
pub fn replay_file(
    remote: &mut Remote,
    s: &riftcheck::mtg::scenario::MtgScenario,
    name: &str,
) -> Result<Verdict, String> {
    let on_spec = s.replay_on::<MtgSpec>();
    if let Some(f) = on_spec.failures.first() {
        return Err(format!("{name}: it does not hold on the MTG spec: {f}"));
    }
    let cfg = MtgConfig {
        name: name.to_string(),
        family: "file",
        setup: s.setup.clone(),
        concessions: 0,
    };
    let table = MtgTable::new(&cfg).map_err(|e| format!("{name}: the setup is impossible: {e}"))?;
    let Some((after, d)) = table.replay(remote, &on_spec.actions, true) else {
        return Ok(Verdict::Passed);
    };
    let at = after.checked_sub(1);
    let line = at.and_then(|i| s.step_lines.get(i)).copied().unwrap_or(1);
    let step = at
        .and_then(|i| s.step_text.get(i))
        .map_or("the setup", String::as_str);
    Ok(match d {
        Divergence::Fault(fault) => Verdict::Fault { after, fault },
        Divergence::Differs(diffs) => Verdict::Failed(
            diffs
                .iter()
                .map(|x| Failure {
                    after,
                    at: (line, 1),
                    what: format!("{} (rule {})", x.path, x.rule),
                    expected: x.ours.toml(),
                    actual: x.theirs.toml(),
                })
                .collect(),
        ),
        other => Verdict::Failed(vec![Failure {
            after,
            at: (line, 1),
            what: match other.rule() {
                r if r.is_empty() => format!("step {after}: {step} (the protocol)"),
                r => format!("step {after}: {step} (rule {r})"),
            },
            expected: other.expected(step),
            actual: other.found(),
        }]),
    })
}
