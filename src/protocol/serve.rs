//! An [`Engine`] behind the protocol: one request per line in, one response per line out
//! (`riftcheck serve`). A bad request gets an `error` response naming what is wrong; it never
//! ends the session.

use crate::engine::Riftbound;
use std::io::{self, BufRead, Write};
use std::sync::Arc;

use serde_json::{Value as Json, json};

use super::wire::{action_from_json, refusal_json, setup_from_json};
use super::{Capabilities, Hello, VERSION};
use crate::card::Catalog;
use crate::engine::Engine;
use crate::readings::Fault;

/// A game being served: the engine now, the engine right after setup, and the snapshots.
struct Served<E> {
    engine: E,
    first: E,
    first_json: Json,
    catalog: Arc<Catalog>,
    snapshots: Vec<E>,
    shown: Shown,
}

/// The session: the game, if one was set up.
pub struct Session<E> {
    name: String,
    faults: Vec<Fault>,
    policies: Vec<crate::readings::choice::PolicyChoice>,
    snapshots: bool,
    shown: Shown,
    game: Option<Served<E>>,
}

/// What the session's observations show, as its `hello` declares it (protocol version 2): the
/// fields, and the events as sentences or structured events, all kinds or some.
#[derive(Clone, Debug, Default)]
pub struct Shown {
    /// The fields it exposes (`None`: all); see [`Capabilities::observes`].
    pub observes: Option<Vec<String>>,
    /// Which events.
    pub events: super::events::Reported,
    /// Events as structured objects rather than sentences.
    pub structured: bool,
}

impl Shown {
    /// The observation as the protocol sends it, restricted to what is shown.
    fn json(&self, obs: &crate::Observation, catalog: &Catalog) -> Json {
        let caps = Capabilities {
            observes: self.observes.clone(),
            ..Capabilities::default()
        };
        let mut json =
            super::wire::to_json(&super::compare::View::of(&caps).expected(obs, catalog));
        let events: Vec<Json> = obs
            .events
            .iter()
            .filter(|e| self.events.includes(crate::observation::facts::kind(e)))
            .map(|e| {
                if self.structured {
                    crate::observation::facts::structured(e, catalog)
                } else {
                    json!(format!("{} ({})", e.display(catalog), e.rule()))
                }
            })
            .collect();
        if let (Some(m), true) = (json.as_object_mut(), self.events.any()) {
            m.insert("events".into(), Json::Array(events));
        }
        json
    }
}

pub(crate) fn error(message: impl Into<String>) -> Json {
    json!({ "error": message.into() })
}

/// What `riftcheck serve` is asked to be, for a ruleset to make its session of: the spec or
/// the reference engine, the faults it commits, whether it hands out snapshots, the readings it
/// follows, what it shows of the game, and whether its games are recorded.
#[derive(Clone, Debug, Default)]
pub struct Asked {
    /// The spec rather than the reference engine.
    pub spec: bool,
    /// Rule faults, by name.
    pub faults: Vec<String>,
    /// Whether it hands out snapshots.
    pub snapshots: bool,
    /// Readings of policies, `POLICY=READING`.
    pub policies: Vec<String>,
    /// The fields it exposes.
    pub observes: Option<Vec<String>>,
    /// `sentences`, `structured` or `none`.
    pub events: String,
    /// The kinds of event it reports.
    pub event_kinds: Option<Vec<String>>,
    /// Where to record the games played, as a trace (docs/traces.md).
    pub record: Option<std::path::PathBuf>,
}

/// A session behind the protocol, of either ruleset: one response per request line.
pub trait Respond {
    /// The response to one request line.
    fn respond(&mut self, line: &str) -> Json;
}

impl<R: Respond + ?Sized> Respond for Box<R> {
    fn respond(&mut self, line: &str) -> Json {
        (**self).respond(line)
    }
}

impl<E: Engine<Riftbound>> Respond for Session<E> {
    fn respond(&mut self, line: &str) -> Json {
        Session::respond(self, line)
    }
}

impl<E: Engine<Riftbound>> Session<E> {
    /// A session of an engine that calls itself `name` in `hello`.
    pub fn new(name: impl Into<String>) -> Session<E> {
        Session {
            name: name.into(),
            faults: Vec::new(),
            policies: Vec::new(),
            snapshots: true,
            shown: Shown::default(),
            game: None,
        }
    }

    /// The same session, its engine following these readings of the project's policies, which
    /// its `hello` declares; a setup under the project's readings is played under them.
    #[must_use]
    pub fn with_policies(
        mut self,
        policies: Vec<crate::readings::choice::PolicyChoice>,
    ) -> Session<E> {
        self.policies = policies;
        self
    }

    /// The same session, its engine reading every setup with these rule faults: an engine with
    /// known mistakes, for testing whatever checks engines.
    #[must_use]
    pub fn with_faults(mut self, faults: Vec<Fault>) -> Session<E> {
        self.faults = faults;
        self
    }

    /// The same session, showing only what `shown` says (and declaring it in `hello`).
    #[must_use]
    pub fn showing(mut self, shown: Shown) -> Session<E> {
        self.shown = shown;
        self
    }

    /// The same session, declaring no `snapshot` and `restore` when `on` is false: a client then
    /// returns to a state by `reset` and a replay, as it must with many engines.
    #[must_use]
    pub fn with_snapshots(mut self, on: bool) -> Session<E> {
        self.snapshots = on;
        self
    }

    /// The response to one request line.
    pub fn respond(&mut self, line: &str) -> Json {
        let request: Json = match serde_json::from_str(line) {
            Ok(r) => r,
            Err(e) => return error(format!("the request is not JSON: {e}")),
        };
        let Some(op) = request.get("op").and_then(Json::as_str) else {
            return error("the request has no `op`");
        };
        match op {
            "hello" => json!({ "hello": Hello {
                // A client that speaks version 1 is answered in version 1.
                protocol: request
                    .get("protocol")
                    .and_then(Json::as_u64)
                    .and_then(|v| u32::try_from(v).ok())
                    .filter(|v| super::SPOKEN.contains(v))
                    .unwrap_or(VERSION),
                name: self.name.clone(),
                version: env!("CARGO_PKG_VERSION").to_string(),
                capabilities: Capabilities {
                    snapshot: self.snapshots,
                    observes: self.shown.observes.clone(),
                    events: self.shown.events.clone(),
                    readings: self
                        .policies
                        .iter()
                        .map(|c| (c.point.to_string(), c.reading.to_string()))
                        .collect(),
                    ..Capabilities::everything()
                },
                ruleset: "riftbound".into(),
            }}),
            "snapshot" | "restore" if !self.snapshots => {
                error(format!("`{op}`: this session declared no snapshots"))
            }
            "setup" => self.setup(request.get("setup").unwrap_or(&Json::Null)),
            _ => {
                let Some(game) = self.game.as_mut() else {
                    return error(format!("`{op}` before any `setup`"));
                };
                game.respond(op, &request)
            }
        }
    }

    fn setup(&mut self, json: &Json) -> Json {
        let mut setup = match setup_from_json(json) {
            Ok(s) => s,
            Err(e) => return json!({ "invalid": e }),
        };
        if setup.readings == crate::readings::Readings::default() {
            for c in &self.policies {
                setup.readings = c.apply(setup.readings);
            }
        }
        let setup = self
            .faults
            .iter()
            .fold(setup, |s, f| s.with_fault(Some(*f)));
        let catalog = match setup.validate() {
            Ok(t) => t.catalog,
            Err(e) => return json!({ "invalid": e.to_string() }),
        };
        let (engine, events) = match E::start(&setup) {
            Ok(x) => x,
            Err(e) => return json!({ "invalid": e.to_string() }),
        };
        let mut obs = engine.observe();
        obs.events = events;
        let first_json = json!({ "observation": self.shown.json(&obs, &catalog) });
        self.game = Some(Served {
            shown: self.shown.clone(),
            first: engine.clone(),
            engine,
            first_json: first_json.clone(),
            catalog,
            snapshots: Vec::new(),
        });
        first_json
    }
}

impl<E: Engine<Riftbound>> Served<E> {
    fn respond(&mut self, op: &str, request: &Json) -> Json {
        match op {
            "apply" => {
                let action = match action_from_json(
                    request.get("action").unwrap_or(&Json::Null),
                    &self.catalog,
                ) {
                    Ok(a) => a,
                    Err(e) => return error(e),
                };
                match crate::engine::step(&mut self.engine, action) {
                    Ok(obs) => json!({ "observation": self.shown.json(&obs, &self.catalog) }),
                    Err(e) => refusal_json(&e),
                }
            }
            "observe" => {
                json!({ "observation": self.shown.json(&self.engine.observe(), &self.catalog) })
            }
            "snapshot" => {
                self.snapshots.push(self.engine.clone());
                json!({ "snapshot": self.snapshots.len() - 1 })
            }
            "restore" => {
                let found = request
                    .get("snapshot")
                    .and_then(Json::as_u64)
                    .and_then(|i| self.snapshots.get(usize::try_from(i).ok()?));
                match found {
                    Some(e) => {
                        self.engine = e.clone();
                        json!({ "restored": true })
                    }
                    None => error("`restore` needs a `snapshot` this session handed out"),
                }
            }
            "reset" => {
                self.engine = self.first.clone();
                self.first_json.clone()
            }
            _ => error(format!(
                "unknown op `{op}`: expected hello, setup, apply, observe, snapshot, restore or reset"
            )),
        }
    }
}

/// Serves `session` on `input` and `output` until the input ends, recording the games played in
/// `record` if given ([`super::trace`]).
///
/// # Errors
///
/// Reading the input, writing the output or the record failed (the other side went away).
pub fn serve(
    mut session: impl Respond,
    input: impl BufRead,
    mut output: impl Write,
    mut record: Option<&mut super::trace::Recorder>,
) -> io::Result<()> {
    let mut input = input;
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        // A line that is not UTF-8 is a bad request like any other: answered, not the end.
        let line = match std::str::from_utf8(&bytes) {
            Ok(l) => l.trim_end_matches(['\n', '\r']).to_string(),
            Err(e) => {
                let at = e.valid_up_to();
                let response = error(format!(
                    "the request is not UTF-8 text: the byte {:#04x} at column {} is no part of \
                     a valid character",
                    bytes[at],
                    at + 1
                ));
                serde_json::to_writer(&mut output, &response)?;
                output.write_all(b"\n")?;
                output.flush()?;
                continue;
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        let response = session.respond(&line);
        serde_json::to_writer(&mut output, &response)?;
        output.write_all(b"\n")?;
        output.flush()?;
        if let (Some(r), Ok(request)) = (record.as_deref_mut(), serde_json::from_str(&line)) {
            r.exchange(&request, &response)?;
            r.flush()?;
        }
    }
    Ok(())
}
