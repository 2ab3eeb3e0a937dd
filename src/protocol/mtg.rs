//! MTG's 800.4 behind the protocol (`riftcheck serve --ruleset mtg`): the same messages as
//! Riftbound's, with MTG's setup, actions and observation as `docs/protocol.md`'s MTG section
//! writes them (the serialized forms of [`MtgSetup`], [`Action`] and [`MtgView`]; players by
//! their place in turn order, 0 for A). `hello` says `"ruleset": "mtg"`.

use serde_json::{Value as Json, json};

use super::serve::{Respond, error};
use super::{Capabilities, Hello, VERSION};
use crate::engine::Engine;
use crate::mtg::{Action, Mtg, MtgEvent, MtgSetup, MtgSetupErrors, MtgView, Refusal};

/// How a session starts a game: the engine and the events of its start.
pub type Start<E> = Box<dyn Fn(&MtgSetup) -> Result<(E, Vec<MtgEvent>), MtgSetupErrors>>;

/// Every field of MTG's observation, in order, with the rules that decide it.
pub const FIELDS: [(&str, &str); 19] = [
    ("players", "800.4a, 800.4h"),
    ("turn_of", "800.4i"),
    ("active", "800.4i"),
    ("step", "500.1"),
    ("turns_left", "800.4j"),
    ("priority", "117.3, 800.4a"),
    ("passed", "117.4"),
    ("attacks_declared", "508.1"),
    ("stack", "800.4a, 800.4d"),
    ("objects", "800.4a, 800.4c"),
    ("control", "800.4a"),
    ("protections", "800.4k"),
    ("delayed", "800.4d"),
    ("waiting", "800.4d"),
    ("pending", "800.4f, 800.4g"),
    ("planar_controller", "800.4n"),
    ("over", "104.2a"),
    ("winner", "104.2a"),
    ("events", "800.4"),
];

/// An MTG observation as the protocol sends it: every field of [`MtgView`], the events as
/// objects (`{"event": "left-game", "player": 1}`).
pub fn observation_json(view: &MtgView) -> Json {
    serde_json::to_value(view).unwrap_or(Json::Null)
}

/// The first place where `ours` and `theirs` differ, under `path`: the path and both values.
pub fn first_difference(path: String, ours: &Json, theirs: &Json) -> Option<(String, Json, Json)> {
    match (ours, theirs) {
        _ if ours == theirs => None,
        (Json::Object(a), Json::Object(b)) => a
            .iter()
            .map(|(k, v)| (k, v, b.get(k).unwrap_or(&Json::Null)))
            .chain(
                b.iter()
                    .filter(|(k, _)| !a.contains_key(*k))
                    .map(|(k, v)| (k, &Json::Null, v)),
            )
            .find_map(|(k, x, y)| first_difference(format!("{path}.{k}"), x, y)),
        (Json::Array(a), Json::Array(b)) if a.len() == b.len() => a
            .iter()
            .zip(b)
            .enumerate()
            .find_map(|(i, (x, y))| first_difference(format!("{path}.{i}"), x, y)),
        _ => Some((path, ours.clone(), theirs.clone())),
    }
}

/// An MTG refusal as the protocol sends it: its name, the rule and the message.
pub fn refusal_json(r: Refusal) -> Json {
    json!({ "refused": { "error": r.name(), "rule": r.rule(), "message": r.to_string() } })
}

/// A game being served: the engine now, right after setup (with that answer), and snapshots.
struct Served<E> {
    engine: E,
    first: (E, Json),
    snapshots: Vec<E>,
}

/// A session of an MTG engine.
pub struct MtgSession<E> {
    name: String,
    start: Start<E>,
    game: Option<Served<E>>,
}

impl<E: Engine<Mtg>> MtgSession<E> {
    /// A session of an engine that calls itself `name` and starts its games with `start`.
    pub fn new(name: impl Into<String>, start: Start<E>) -> MtgSession<E> {
        MtgSession {
            name: name.into(),
            start,
            game: None,
        }
    }

    fn setup(&mut self, json: &Json) -> Json {
        let setup: MtgSetup = match serde_json::from_value(json.clone()) {
            Ok(s) => s,
            Err(e) => return json!({ "invalid": format!("the MTG setup cannot be read: {e}") }),
        };
        match (self.start)(&setup) {
            Ok((engine, events)) => {
                let mut view = engine.observe();
                view.events = events;
                let answer = json!({ "observation": observation_json(&view) });
                self.game = Some(Served {
                    first: (engine.clone(), answer.clone()),
                    engine,
                    snapshots: Vec::new(),
                });
                answer
            }
            Err(e) => json!({ "invalid": e.to_string() }),
        }
    }
}

impl<E: Engine<Mtg>> Respond for MtgSession<E> {
    fn respond(&mut self, line: &str) -> Json {
        let request: Json = match serde_json::from_str(line) {
            Ok(r) => r,
            Err(e) => return error(format!("the request is not JSON: {e}")),
        };
        let op = request.get("op").and_then(Json::as_str).unwrap_or("");
        let field = |k: &str| request.get(k).cloned().unwrap_or(Json::Null);
        if op == "hello" {
            return json!({ "hello": Hello {
                protocol: VERSION,
                name: self.name.clone(),
                version: env!("CARGO_PKG_VERSION").to_string(),
                capabilities: Capabilities::everything(),
                ruleset: "mtg".into(),
            }});
        }
        if op == "setup" {
            return self.setup(&field("setup"));
        }
        let Some(game) = self.game.as_mut() else {
            return error(format!("`{op}` before any `setup`"));
        };
        match op {
            "apply" => match serde_json::from_value::<Action>(field("action")) {
                Ok(a) => match crate::engine::step(&mut game.engine, a) {
                    Ok(view) => json!({ "observation": observation_json(&view) }),
                    Err(r) => refusal_json(r),
                },
                Err(e) => error(format!("the MTG action cannot be read: {e}")),
            },
            "observe" => json!({ "observation": observation_json(&game.engine.observe()) }),
            "snapshot" => {
                game.snapshots.push(game.engine.clone());
                json!({ "snapshot": game.snapshots.len() - 1 })
            }
            "restore" => {
                let found = field("snapshot")
                    .as_u64()
                    .and_then(|i| game.snapshots.get(usize::try_from(i).ok()?));
                match found {
                    Some(e) => {
                        game.engine = e.clone();
                        json!({ "restored": true })
                    }
                    None => error("`restore` needs a `snapshot` this session handed out"),
                }
            }
            "reset" => {
                game.engine = game.first.0.clone();
                game.first.1.clone()
            }
            _ => error(format!(
                "unknown op `{op}`: expected hello, setup, apply, observe, snapshot, restore or reset"
            )),
        }
    }
}

impl super::trace::Recorded for Mtg {
    const NAME: &'static str = "mtg";
    type Context = ();
    fn check(caps: &Capabilities) -> Result<(), String> {
        let unknown =
            (caps.observes.iter().flatten()).find(|f| !FIELDS.iter().any(|(k, _)| k == f));
        match unknown {
            Some(f) => Err(format!(
                "`observes` lists `{f}`, which is not a field of MTG's observation"
            )),
            None => Ok(()),
        }
    }
    fn setup(json: &Json, _: &Capabilities) -> Result<(MtgSetup, ()), String> {
        let setup: MtgSetup = serde_json::from_value(json.clone())
            .map_err(|e| format!("the MTG setup cannot be read: {e}"))?;
        setup.validate().map_err(|e| e.to_string())?;
        Ok((setup, ()))
    }
    fn action(json: &Json, (): &()) -> Result<Action, String> {
        serde_json::from_value(json.clone())
            .map_err(|e| format!("the MTG action cannot be read: {e}"))
    }
}
