//! What the Explorer's endpoints answer: a state as JSON (the whole board, the Chain and its
//! pass record, the holders, the removed Seats, the verdicts, the steps so far in rulebook
//! sentences and the actions the game takes) and the SVG timeline of the path so far. Every
//! name comes from the catalog and the observation's own declaration; the sentences are the
//! scenario renderer's.

use riftcheck::observation::{CardObs, Place, Value};
use riftcheck::scenario::svg::{Failing, Frame, timeline};
use riftcheck::scenario::{step_sentences, table_sentences};
use riftcheck::{Catalog, Observation, Seat, SeatSet};
use serde_json::{Value as Json, json};

use super::route::{Walk, actions, refused, stop_reason};
use riftbound_check::model::{RiftModel, State};
use riftcheck_checker::plug::Plug;
use riftcheck_properties::{Kind, Prop};

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
pub fn value(v: &Value) -> Json {
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

/// The properties violated on the way into `state`: each `always` property's name and rule.
fn violated(state: &State) -> Json {
    Json::Array(
        Prop::ALL
            .iter()
            .filter(|p| p.kind() == Kind::Always && state.ghost.violated.contains(**p))
            .map(|p| json!({ "property": p.name(), "rule": p.rule() }))
            .collect(),
    )
}

/// The path's steps, each as the rulebook sentences of the scenario renderer.
fn steps(cat: &Catalog, walk: &Walk, path: &[usize]) -> Json {
    Json::Array(
        walk.steps
            .iter()
            .zip(path)
            .map(|((action, events), index)| {
                json!({
                    "index": index,
                    "seat": seat(action.seat()),
                    "action": action.display(cat).to_string(),
                    "sentences": step_sentences(cat, action, &Ok(events.clone())),
                })
            })
            .collect(),
    )
}

/// The actions the game takes at the end of the walk, numbered as a path names them; with
/// `with_refused`, also those offered that both the engine and the spec refuse, each with its
/// refusal and rule.
fn choices(model: &RiftModel, state: &State, with_refused: bool) -> (Json, Json) {
    let cat = &model.catalog;
    let listed: Vec<Json> = actions(model, state)
        .into_iter()
        .enumerate()
        .map(|(index, a)| {
            let mut row = json!({
                "index": index,
                "seat": seat(a.seat()),
                "text": a.display(cat).to_string(),
            });
            // Taken by one of the engine and the spec only: the step breaks "the engine and
            // the spec agree".
            if let Some(Err(d)) = state.pair.refusal(a) {
                row["disagreement"] = Json::String(d.to_string());
            }
            row
        })
        .collect();
    let refusals = if with_refused {
        Json::Array(
            refused(model, state)
                .into_iter()
                .map(|(a, e)| {
                    json!({
                        "seat": seat(a.seat()),
                        "text": a.display(cat).to_string(),
                        "error": e.to_string(),
                        "rule": e.rule(),
                    })
                })
                .collect(),
        )
    } else {
        Json::Null
    };
    (Json::Array(listed), refusals)
}

/// The state at the end of `walk` (the path `path`), as `/api/state` answers it.
pub fn state(model: &RiftModel, walk: &Walk, path: &[usize], with_refused: bool) -> Json {
    let cat = &model.catalog;
    let last = walk.last();
    let view: &Observation = &last.view;
    let (listed, refusals) = choices(model, last, with_refused);
    let mut out = json!({
        "path": path,
        "setup": table_sentences(cat, &model.first_view, &model.first_view.events),
        "steps": steps(cat, walk, path),
        "now": table_sentences(cat, view, &[]),
        "board": board(cat, view),
        "chain": chain(cat, view),
        "pass_record": {
            "priority": seats(view.passed),
            "focus": seats(view.focus_passed),
        },
        "opened_by": field(view, "opened_by", cat),
        "holders": {
            "turn_player": holder(view.turn),
            "priority": holder(view.priority),
            "focus": holder(view.focus),
            "invited": holder(view.invited),
            "awaiting": field(view, "awaiting", cat),
        },
        "showdown": field(view, "showdown", cat),
        "combat": field(view, "combat", cat),
        "staged": field(view, "staged", cat),
        "waiting": field(view, "waiting", cat),
        "seats": seats(cat.mode.seats()),
        "remaining": seats(view.remaining),
        "removed": seats(view.removed),
        "winners": view.winners.map_or(Json::Null, seats),
        "violated": violated(last),
        "final": RiftModel::is_final(last),
        "stopped": stop_reason(last),
        "actions": listed,
    });
    if with_refused {
        out["refused"] = refusals;
    }
    out
}

/// The SVG timeline of `walk`, titled `title`: a lane per Seat, a row per step, the holders
/// and the Chain after each; the last step highlighted with the properties it violates.
pub fn svg(model: &RiftModel, title: &str, walk: &Walk) -> String {
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
    let broken: Vec<String> = Prop::ALL
        .iter()
        .filter(|p| p.kind() == Kind::Always && walk.last().ghost.violated.contains(**p))
        .map(|p| format!("{} ({})", p.name(), p.rule()))
        .collect();
    let failing = (!broken.is_empty() && !frames.is_empty()).then(|| Failing {
        step: frames.len() - 1,
        what: format!("Violated: {}.", broken.join("; ")),
    });
    let table: Vec<Seat> = cat.mode.seats().iter().collect();
    timeline(
        title,
        cat,
        &table,
        &model.first_view,
        &frames,
        failing.as_ref(),
    )
}
