//! Riftbound as the Explorer walks it ([`Explorable`]): the model of a built-in configuration or
//! of a scenario's setup (opened at the end of the scenario's steps), and a state shown as JSON
//! for the page: the whole board, the Chain and its pass record, the holders (Turn Player,
//! Priority, Focus), the Seats, the steps so far in the scenario renderer's rulebook sentences;
//! and the SVG timeline of a path. Every name comes from the catalog and the observation's own
//! declaration.

use riftcheck::observation::{CardObs, Place, Value};
use riftcheck::scenario::svg::{Failing, Frame, timeline};
use riftcheck::scenario::{step_sentences, table_sentences};
use riftcheck::{Action, Catalog, Fault, Observation, Scenario, Seat, SeatSet, Setup};
use riftcheck_checker::explore::{Explorable, Opened, Opening, Walk, broken, path_of};
use riftcheck_checker::plug::Plug;
use serde_json::{Value as Json, json};
use stateright::Model;

use crate::bounds::Bounds;
use crate::configs;
use crate::model::{RiftModel, State};
use crate::plan::RiftboundCheck;

impl Explorable for RiftboundCheck {
    type Explored = RiftModel;
    type Names = ();

    const DEFAULT_CONFIG: &'static str = "skirmish/chain";
    const GAME_OVER: &'static str = "the game is over there (651.1)";

    fn open(opening: &Opening<'_>) -> Result<Opened<Self>, String> {
        let fault = opening
            .fault
            .map(str::parse::<Fault>)
            .transpose()
            .map_err(|e| e.to_string())?;
        let (name, setup, mut bounds, scenario) = match opening.file {
            Some(path) => {
                let s = Scenario::load(path).map_err(|e| e.to_string())?;
                (
                    path.display().to_string(),
                    s.setup.clone(),
                    Bounds::default(),
                    Some(s),
                )
            }
            None => {
                let (name, setup, bounds) =
                    config_named(opening.config.unwrap_or(Self::DEFAULT_CONFIG))?;
                (name, setup, bounds, None)
            }
        };
        // The steps of the scenario its engine took, each with its number among its steps; a
        // refused step changes nothing and is passed over.
        let taken = scenario.as_ref().map(|s| match s.replay_with_fault(fault) {
            Ok(replay) => Ok(replay
                .results
                .iter()
                .enumerate()
                .filter(|(_, r)| r.outcome.is_ok())
                .map(|(n, r)| (n + 1, r.action))
                .collect::<Vec<_>>()),
            Err(e) => Err(format!("the steps cannot be replayed: {e}")),
        });
        if let Some(Ok(steps)) = &taken {
            let actions: Vec<Action> = steps.iter().map(|&(_, a)| a).collect();
            bounds = bounds_for(&actions, bounds);
        }
        let model = RiftModel::new(name.clone(), &setup.with_fault(fault), bounds)?;
        let (initial, note) = match taken {
            Some(Ok(steps)) => path_of::<Self>(&model, &steps),
            Some(Err(why)) => (Vec::new(), Some(why)),
            None => (Vec::new(), None),
        };
        Ok(Opened {
            bounds: json!({
                "turns": bounds.turns,
                "concessions": bounds.concessions,
                "invites": bounds.invites,
            }),
            model,
            names: (),
            name,
            title: scenario.map(|s| s.title),
            fault: fault.map(|f| f.key().to_string()),
            initial,
            note,
        })
    }

    fn listed(model: &RiftModel, state: &State) -> Vec<Action> {
        let mut out = Vec::new();
        model.actions(state, &mut out);
        out
    }

    fn action_named(model: &RiftModel, action: Action) -> String {
        action.display(&model.catalog).to_string()
    }

    fn action_row(at: &Opened<Self>, state: &State, action: Action) -> Json {
        let model = &at.model;
        let mut row = json!({
            "seat": seat(action.seat()),
            "text": action.display(&model.catalog).to_string(),
        });
        // Taken by one of the engine and the spec only: the step breaks "the engine and the
        // spec agree".
        if let Some(Err(d)) = state.pair.refusal(action) {
            row["disagreement"] = Json::String(d.to_string());
        }
        row
    }

    fn refused(at: &Opened<Self>, state: &State) -> Vec<Json> {
        let model = &at.model;
        let mut offered = Vec::new();
        model.offered(state, &mut offered);
        offered
            .into_iter()
            .filter_map(|a| match state.pair.refusal(a) {
                Some(Ok(e)) => Some(json!({
                    "seat": seat(a.seat()),
                    "text": a.display(&model.catalog).to_string(),
                    "error": e.to_string(),
                    "rule": e.rule(),
                })),
                _ => None,
            })
            .collect()
    }

    fn shown(at: &Opened<Self>, walk: &Walk<RiftModel>) -> Json {
        let model = &at.model;
        let cat = &model.catalog;
        let view: &Observation = &walk.last().view;
        let board = board(cat, view);
        let chain = chain(cat, view);
        let holders = json!({
            "turn_player": holder(view.turn),
            "priority": holder(view.priority),
            "focus": holder(view.focus),
            "invited": holder(view.invited),
            "awaiting": field(view, "awaiting", cat),
        });
        let mut out = json!({
            "setup": table_sentences(cat, &model.first_view, &model.first_view.events),
            "now": table_sentences(cat, view, &[]),
            "pass_record": {
                "priority": seats(view.passed),
                "focus": seats(view.focus_passed),
            },
            "opened_by": field(view, "opened_by", cat),
            "showdown": field(view, "showdown", cat),
            "combat": field(view, "combat", cat),
            "staged": field(view, "staged", cat),
            "waiting": field(view, "waiting", cat),
            "seats": seats(cat.mode.seats()),
            "remaining": seats(view.remaining),
            "removed": seats(view.removed),
            "winners": view.winners.map_or(Json::Null, seats),
        });
        out["sections"] = sections(&out, &holders, &board, &chain);
        out["holders"] = holders;
        out["board"] = board;
        out["chain"] = chain;
        out
    }

    fn steps(at: &Opened<Self>, walk: &Walk<RiftModel>) -> Vec<Json> {
        let cat = &at.model.catalog;
        walk.steps
            .iter()
            .map(|(action, events)| {
                json!({
                    "seat": seat(action.seat()),
                    "action": action.display(cat).to_string(),
                    "sentences": step_sentences(cat, action, &Ok(events.clone())),
                })
            })
            .collect()
    }

    fn timeline(at: &Opened<Self>, title: &str, walk: &Walk<RiftModel>) -> Result<String, String> {
        let model = &at.model;
        let cat = &model.catalog;
        let frames: Vec<Frame> = walk
            .steps
            .iter()
            .zip(&walk.states[1..])
            .map(|((action, events), state)| {
                let mut after = Observation::clone(&state.view);
                after.events.clone_from(events);
                Frame {
                    action: *action,
                    outcome: Ok(events.clone()),
                    after,
                }
            })
            .collect();
        let broken: Vec<String> = broken(walk.last())
            .into_iter()
            .map(|p| format!("{} ({})", p.name(), p.rule()))
            .collect();
        let failing = (!broken.is_empty() && !frames.is_empty()).then(|| Failing {
            step: frames.len() - 1,
            what: format!("Violated: {}.", broken.join("; ")),
        });
        let table: Vec<Seat> = cat.mode.seats().iter().collect();
        Ok(timeline(
            title,
            cat,
            &table,
            &model.first_view,
            &frames,
            failing.as_ref(),
        ))
    }
}

/// The built-in configuration called `config`: its name, setup and bounds.
fn config_named(config: &str) -> Result<(String, Setup, Bounds), String> {
    configs::all()
        .into_iter()
        .find(|c| c.name() == config)
        .map(|c| (c.name(), c.setup, c.bounds))
        .ok_or_else(|| {
            format!("no configuration is called `{config}`; `riftcheck check --list` shows them")
        })
}

/// Bounds that let the model take every step of `actions` (the steps a scenario's engine
/// accepted): at least `base`, and as many concessions, turns ended and invitations in a turn
/// as the steps take.
pub fn bounds_for(actions: &[Action], base: Bounds) -> Bounds {
    let count = |f: fn(&Action) -> bool| actions.iter().filter(|a| f(a)).count();
    let concessions = count(|a| matches!(a, Action::Concede { .. }));
    let turns = count(|a| matches!(a, Action::EndTurn { .. }));
    let invites = actions
        .split(|a| matches!(a, Action::EndTurn { .. }))
        .map(|turn| {
            turn.iter()
                .filter(|a| matches!(a, Action::Invite { .. }))
                .count()
        })
        .max()
        .unwrap_or(0);
    let fit = |n: usize, at_least: u8| u8::try_from(n).unwrap_or(u8::MAX - 1).max(at_least);
    Bounds {
        turns: fit(turns, base.turns),
        concessions: fit(concessions, base.concessions),
        invites: base.invites.map(|at_least| fit(invites, at_least)),
        turns_begun: false,
    }
}

/// The tables the page draws, from the fields of `out` and the holders, board and Chain: the
/// holders and Seats, the Chain with its pass record, the cards (those off the game faded),
/// the battlefields.
fn sections(out: &Json, holders: &Json, board: &Json, chain: &Json) -> Json {
    let pair = |label: &str, v: &Json| json!([label, v]);
    let holders_rows = vec![
        pair("Turn Player", &holders["turn_player"]),
        pair("Priority", &holders["priority"]),
        pair("Focus", &holders["focus"]),
        pair("Invited", &holders["invited"]),
        pair("Awaiting", &holders["awaiting"]),
        pair("Showdown", &out["showdown"]),
        pair("Combat", &out["combat"]),
        pair("Staged fights", &out["staged"]),
        pair("Waiting triggers", &out["waiting"]),
        pair("Seats at the table", &out["seats"]),
        pair("Remaining", &out["remaining"]),
        pair("Removed", &out["removed"]),
        pair("Winners", &out["winners"]),
        pair("Points", &board["points"]),
        pair("Energy", &board["energy"]),
        pair("Lasting effects", &board["lasting"]),
    ];
    let rows = |list: &Json, keys: &[&str]| -> Vec<Json> {
        list.as_array()
            .map(|items| {
                items
                    .iter()
                    .map(|i| Json::Array(keys.iter().map(|k| i[*k].clone()).collect()))
                    .collect()
            })
            .unwrap_or_default()
    };
    let cards = board["cards"].as_array().cloned().unwrap_or_default();
    let card_rows: Vec<Json> = cards
        .iter()
        .map(|c| {
            let name = c["name"].as_str().unwrap_or_default();
            let name = if c["token"] == json!(true) {
                format!("{name} (token)")
            } else {
                name.to_string()
            };
            let mut row = vec![json!(name)];
            for k in [
                "kind",
                "owner",
                "controller",
                "place",
                "might",
                "exhausted",
                "damage",
                "facedown",
            ] {
                row.push(c[k].clone());
            }
            Json::Array(row)
        })
        .collect();
    let off: Vec<bool> = cards
        .iter()
        .map(|c| c["zone"] == json!("nowhere") || c["zone"] == json!("removed"))
        .collect();
    json!([
        {
            "title": "Holders and Seats",
            "columns": ["Who or what", "Now"],
            "rows": holders_rows,
        },
        {
            "title": "Chain",
            "muted": "(newest first)",
            "columns": ["Item", "Controller", "Pending", "Target"],
            "rows": rows(chain, &["item", "controller", "pending", "target"]),
            "after": [
                ["Passed Priority since the newest item", out["pass_record"]["priority"]],
                ["Passed Focus", out["pass_record"]["focus"]],
                ["Opened by", out["opened_by"]],
            ],
        },
        {
            "title": "Board",
            "columns": ["Card", "Kind", "Owner", "Controller", "Place", "Might", "Exhausted",
                "Damage", "Facedown"],
            "rows": card_rows,
            "off": off,
        },
        {
            "title": "Battlefields",
            "columns": ["Battlefield", "Contributor", "Controller", "Contested by", "Scored",
                "Token", "Might"],
            "rows": rows(&board["battlefields"], &["name", "contributor", "controller",
                "contested_by", "scored", "token", "might"]),
        },
    ])
}

/// A Seat as JSON: its letter.
fn seat(s: Seat) -> Json {
    Json::String(s.to_string())
}

/// A Seat or nobody (`null`).
fn holder(s: Option<Seat>) -> Json {
    s.map_or(Json::Null, seat)
}

/// Seats as a list of letters, in turn order.
fn seats(set: SeatSet) -> Json {
    Json::Array(set.iter().map(seat).collect())
}

/// An observed value as JSON: `none` is `null`, tables are objects.
fn value(v: &Value) -> Json {
    match v {
        Value::None => Json::Null,
        Value::Bool(b) => Json::Bool(*b),
        Value::Int(n) => json!(n),
        Value::Text(t) => Json::String(t.clone()),
        Value::List(items) => Json::Array(items.iter().map(value).collect()),
        Value::Map(entries) => {
            Json::Object(entries.iter().map(|(k, x)| (k.clone(), value(x))).collect())
        }
    }
}

/// The field `key` of `view`, as its declaration writes it.
fn field(view: &Observation, key: &str, cat: &Catalog) -> Json {
    view.field(key, cat).as_ref().map_or(Json::Null, value)
}

/// The kind of zone a place is (`hand`, `base`, `battlefield`, `facedown`, `chain`, `trash`,
/// `banishment`, `removed`, `nowhere`, `attached`).
fn zone(at: Place) -> &'static str {
    match at {
        Place::Hand(_) => "hand",
        Place::Base(_) => "base",
        Place::Field(_) => "battlefield",
        Place::Facedown(_) => "facedown",
        Place::Chain => "chain",
        Place::Trash(_) => "trash",
        Place::Banishment(_) => "banishment",
        Place::Removed => "removed",
        Place::Nowhere => "nowhere",
        Place::Attached(_) => "attached",
    }
}

/// One card: its name and kind, its owner (056) and controller (188), its place, its Might
/// (140), exhaustion (420) and damage (460), and whether it is facedown (107.3).
fn card(cat: &Catalog, i: usize, c: &CardObs) -> Json {
    let def = &cat.cards[i];
    json!({
        "name": def.name,
        "kind": def.kind.key(),
        "token": def.token,
        "owner": seat(def.owner),
        "controller": seat(c.controller),
        "place": c.at.text(cat),
        "zone": zone(c.at),
        "on_board": c.at.on_board(),
        "might": c.might,
        "mighty": c.mighty,
        "exhausted": c.exhausted,
        "damage": c.damage,
        "facedown": matches!(c.at, Place::Facedown(_)),
    })
}

/// The whole board: every card and battlefield, the points and energy of each Seat at the
/// table, and the lasting effects.
fn board(cat: &Catalog, view: &Observation) -> Json {
    let cards: Vec<Json> = view
        .cards
        .iter()
        .enumerate()
        .map(|(i, c)| card(cat, i, c))
        .collect();
    let battlefields: Vec<Json> = cat
        .battlefields
        .iter()
        .zip(&view.battlefields)
        .map(|(def, f)| {
            json!({
                "name": def.name,
                "contributor": seat(def.contributor),
                "controller": holder(f.controller),
                "contested_by": holder(f.contested_by),
                "scored": seats(f.scored),
                "token": f.token,
                "might": f.might,
            })
        })
        .collect();
    let per_seat = |n: &[u8; 4]| -> Json {
        Json::Object(
            cat.mode
                .seats()
                .iter()
                .map(|s| (s.to_string(), json!(n[s.index()])))
                .collect(),
        )
    };
    json!({
        "cards": cards,
        "battlefields": battlefields,
        "points": per_seat(&view.points),
        "energy": per_seat(&view.energy),
        "lasting": field(view, "lasting", cat),
    })
}

/// The Chain, newest item first (329): each item's name, controller (188.4), whether it is
/// still pending (337) and its target.
fn chain(cat: &Catalog, view: &Observation) -> Json {
    Json::Array(
        view.chain
            .iter()
            .rev()
            .map(|i| {
                json!({
                    "item": i.item.text(cat),
                    "controller": seat(i.controller),
                    "pending": i.pending,
                    "target": value(&riftcheck::observation::Field::value(&i.target, cat)),
                })
            })
            .collect(),
    )
}
