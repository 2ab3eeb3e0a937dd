//! MTG as the Explorer walks it ([`Explorable`]): the model of a built-in configuration or of a
//! scenario's setup (opened at the end of the scenario's steps), and a state shown as JSON for
//! the page: the players (in the game or left, life), the turn, priority and the choice awaited
//! (800.4i, 117), the stack, every object, the effects that outlast their source. Things are
//! named as the scenario file names them (a built-in configuration as `check --ruleset mtg
//! --print` writes it), and a step is told in the scenario renderer's sentences. MTG draws no
//! SVG timeline.

use riftcheck::mtg::scenario::{MtgScenario, write};
use riftcheck::mtg::spec::MtgSpec;
use riftcheck::mtg::{Action, MtgGame, MtgView, Player, StackItem, Step, Target, Zone};
use riftcheck::scenario::Outcome;
use riftcheck_checker::explore::{Explorable, Opened, Opening, Walk, path_of};
use riftcheck_checker::plug::Plug;
use serde_json::{Value as Json, json};

use crate::plan::{MtgCheck, fault};
use crate::{MtgModel, MtgState, configs};

type Model = MtgModel<MtgGame, MtgSpec>;

impl Explorable for MtgCheck {
    type Explored = Model;
    type Names = MtgScenario;

    const DEFAULT_CONFIG: &'static str = "mtg-3/steal";
    const GAME_OVER: &'static str = "the game is over there (104.2a)";

    fn open(opening: &Opening<'_>) -> Result<Opened<Self>, String> {
        let fault = fault(opening.fault)?;
        let (name, scenario, concessions, from_file) = match opening.file {
            Some(path) => {
                let s = MtgScenario::load(path).map_err(|e| e.to_string())?;
                (path.display().to_string(), s, 1, true)
            }
            None => {
                let name = opening.config.unwrap_or(Self::DEFAULT_CONFIG);
                let c = configs::named(name).ok_or_else(|| {
                    format!(
                        "no MTG configuration is called `{name}`; `riftcheck check --ruleset mtg \
                         --list` shows them"
                    )
                })?;
                // Named as the configuration's scenario file names them.
                let s = MtgScenario::parse(&write::setup_scenario(&c.name, &c.setup), None)
                    .map_err(|e| format!("{}: {e}", c.name))?;
                (c.name, s, c.concessions, false)
            }
        };
        // The scenario's steps the game took (a step expected to be refused changes nothing
        // and is passed over), each with its number among the steps.
        let steps: Vec<(usize, Action)> = if from_file {
            let replay = match fault {
                Some(f) => scenario.replay_with_fault(f),
                None => scenario.replay(),
            };
            replay
                .actions
                .iter()
                .enumerate()
                .filter(|(i, _)| {
                    scenario
                        .step_outcome
                        .get(*i)
                        .is_none_or(|o| *o == Outcome::Accepted)
                })
                .map(|(i, a)| (i + 1, *a))
                .collect()
        } else {
            Vec::new()
        };
        // As many concessions as the steps take.
        let conceded = steps
            .iter()
            .filter(|(_, a)| matches!(a, Action::Concede { .. }))
            .count();
        let concessions = concessions.max(u8::try_from(conceded).unwrap_or(u8::MAX));
        let model = Model::new(scenario.setup.clone(), concessions, fault)
            .map_err(|e| format!("{name}: {e}"))?
            .named(&name);
        let (initial, note) = path_of::<Self>(&model, &steps);
        Ok(Opened {
            bounds: json!({
                "turns": model.setup.turns,
                "concessions": model.concessions,
            }),
            model,
            title: from_file.then(|| scenario.title.clone()),
            names: scenario,
            name,
            fault: fault.map(|f| f.key().to_string()),
            initial,
            note,
        })
    }

    fn listed(model: &Model, state: &MtgState) -> Vec<Action> {
        let mut out = Vec::new();
        model.offered(state, &mut out);
        out.retain(|a| !matches!(state.pair.refusal(*a), Some(Ok(_))));
        out
    }

    fn action_named(_: &Model, action: Action) -> String {
        action.to_string()
    }

    fn action_row(at: &Opened<Self>, state: &MtgState, action: Action) -> Json {
        let mut row = json!({
            "seat": action.player().to_string(),
            "text": sentence(&at.names, action),
        });
        // Taken by one of the engine and the spec only: the step breaks "the engine and the
        // spec agree".
        if let Some(Err(d)) = state.pair.refusal(action) {
            row["disagreement"] = Json::String(d.to_string());
        }
        row
    }

    fn refused(at: &Opened<Self>, state: &MtgState) -> Vec<Json> {
        let mut offered = Vec::new();
        at.model.offered(state, &mut offered);
        offered
            .into_iter()
            .filter_map(|a| match state.pair.refusal(a) {
                Some(Ok(e)) => Some(json!({
                    "seat": a.player().to_string(),
                    "text": sentence(&at.names, a),
                    "error": e.to_string(),
                    "rule": e.rule(),
                })),
                _ => None,
            })
            .collect()
    }

    fn shown(at: &Opened<Self>, walk: &Walk<Model>) -> Json {
        let s = &at.names;
        let view: &MtgView = &walk.last().view;
        let first = &at.model.first_views.0;
        let players: Vec<Player> = Player::all(view.players.len()).collect();
        let left: Vec<String> = players
            .iter()
            .filter(|p| !view.in_game(**p))
            .map(Player::to_string)
            .collect();
        let winners = view
            .over
            .then(|| view.winner.map(|w| vec![w.to_string()]).unwrap_or_default());
        let stack: Vec<Json> = view
            .stack
            .iter()
            .rev()
            .map(|item| {
                let (controller, target) = match *item {
                    StackItem::Spell {
                        controller, target, ..
                    } => (controller, target.map(|t| target_text(s, view, t))),
                    StackItem::Trigger { controller, .. } => (controller, None),
                };
                json!({
                    "item": s.item_in(view, item),
                    "controller": controller.to_string(),
                    "target": target,
                })
            })
            .collect();
        let objects: Vec<Json> = (0..view.objects.len())
            .filter_map(|i| {
                let id = riftcheck::mtg::ObjId(u8::try_from(i).ok()?);
                let o = view.object(id)?;
                Some(json!({
                    "name": s.object_in(view, id),
                    "card": o.card.key(),
                    "token": o.token,
                    "owner": o.owner.to_string(),
                    "controller": o.controller.map(|p| p.to_string()),
                    "zone": o.zone.key(),
                    "attached": o.attached.map(|t| s.object_in(view, t)),
                    "attacking": o.attacking.map(|p| p.to_string()),
                    "power": o.power,
                    "mirror_of": o.mirror_of.map(|p| p.to_string()),
                }))
            })
            .collect();
        let life: Vec<Json> = players
            .iter()
            .zip(&view.players)
            .map(|(p, v)| json!([p.to_string(), v.in_game, v.life]))
            .collect();
        let passed: Vec<String> = players
            .iter()
            .filter(|p| view.passed & (1 << p.0) != 0)
            .map(Player::to_string)
            .collect();
        let turn = json!({
            "turn_of": view.turn_of.to_string(),
            "active": view.active.map(|p| p.to_string()),
            "step": Step::key(view.step),
            "priority": view.priority.map(|p| p.to_string()),
            "passed": passed,
            "pending": view.pending.map(|p| p.by.to_string()),
            "planar_controller": view.planar_controller.map(|p| p.to_string()),
            "turns_left": view.turns_left,
        });
        let lasting = json!({
            "control": view.control.len(),
            "protections": view.protections.len(),
            "delayed": view.delayed.len(),
            "waiting": view.waiting.len(),
        });
        let turn_rows: Vec<Json> = [
            ("Whose turn", &turn["turn_of"]),
            ("Active player", &turn["active"]),
            ("Step", &turn["step"]),
            ("Priority", &turn["priority"]),
            ("Passed since the last action", &turn["passed"]),
            ("A choice awaited from", &turn["pending"]),
            ("Planar controller", &turn["planar_controller"]),
            ("Turns that may still begin", &turn["turns_left"]),
            ("Control effects in force", &lasting["control"]),
            ("\"Until your next turn\" effects", &lasting["protections"]),
            ("Delayed triggers waiting", &lasting["delayed"]),
            ("Triggers waiting for the stack", &lasting["waiting"]),
        ]
        .into_iter()
        .map(|(k, v)| json!([k, v]))
        .collect();
        let rows = |list: &[Json], keys: &[&str]| -> Vec<Json> {
            list.iter()
                .map(|i| Json::Array(keys.iter().map(|k| i[*k].clone()).collect()))
                .collect()
        };
        let off: Vec<bool> = objects
            .iter()
            .map(|o| o["zone"] == json!(Zone::key(Zone::Gone)))
            .collect();
        let sections = json!([
            {
                "title": "Players",
                "columns": ["Player", "In the game", "Life"],
                "rows": life,
                "off": players.iter().map(|p| !view.in_game(*p)).collect::<Vec<_>>(),
            },
            { "title": "Turn", "columns": ["What", "Now"], "rows": turn_rows },
            {
                "title": "Stack",
                "muted": "(top first)",
                "columns": ["Item", "Controller", "Target"],
                "rows": rows(&stack, &["item", "controller", "target"]),
            },
            {
                "title": "Objects",
                "columns": ["Object", "Owner", "Controller", "Zone", "Enchanting", "Attacking",
                    "Power"],
                "rows": rows(&objects, &["name", "owner", "controller", "zone", "attached",
                    "attacking", "power"]),
                "off": off,
            },
        ]);
        json!({
            "setup": [s.table_text(first)],
            "now": [now(s, view)],
            "players": life,
            "left": left,
            "winners": winners,
            "turn": turn,
            "stack": stack,
            "objects": objects,
            "sections": sections,
        })
    }

    fn steps(at: &Opened<Self>, walk: &Walk<Model>) -> Vec<Json> {
        walk.steps
            .iter()
            .zip(&walk.states[1..])
            .map(|((action, events), after)| {
                let text = sentence(&at.names, *action);
                let mut sentences = vec![format!("{text}.")];
                sentences.extend(
                    at.names
                        .clauses(events, &after.view)
                        .into_iter()
                        .map(|c| format!("{}.", capitalized(&c))),
                );
                json!({
                    "seat": action.player().to_string(),
                    "action": text,
                    "sentences": sentences,
                })
            })
            .collect()
    }

    fn timeline(_: &Opened<Self>, _: &str, _: &Walk<Model>) -> Result<String, String> {
        Err("MTG's states are not drawn as a timeline: /api/state shows them".into())
    }
}

/// `clause` as a sentence begins: its first letter a capital.
fn capitalized(clause: &str) -> String {
    let mut chars = clause.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

/// An action as the scenario's sentence writes it.
fn sentence(s: &MtgScenario, action: Action) -> String {
    write::sentence(&s.names, &s.setup, action)
}

/// A spell's target in words.
fn target_text(s: &MtgScenario, view: &MtgView, t: Target) -> String {
    match t {
        Target::Object(o) => s.object_in(view, o),
        Target::Player(p) => p.to_string(),
    }
}

/// The state in a sentence: whose turn and step, who holds priority, what is on the stack, who
/// has left, and whether the game is over.
fn now(s: &MtgScenario, view: &MtgView) -> String {
    let mut out = format!(
        "It is {}'s turn, {} step",
        view.turn_of,
        Step::key(view.step)
    );
    if view.active.is_none() {
        out.push_str(", with no active player (800.4i)");
    }
    match view.priority {
        Some(p) => out.push_str(&format!("; {p} holds priority")),
        None => out.push_str("; nobody holds priority"),
    }
    if !view.stack.is_empty() {
        let items: Vec<String> = view
            .stack
            .iter()
            .rev()
            .map(|i| s.item_in(view, i))
            .collect();
        out.push_str(&format!("; the stack holds {}", items.join(", ")));
    }
    out.push('.');
    if view.over {
        match view.winner {
            Some(w) => out.push_str(&format!(" The game is over: {w} won.")),
            None => out.push_str(" The game is over."),
        }
    }
    out
}
