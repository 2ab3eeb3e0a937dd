//! Recorded games (`docs/traces.md`): what an engine showed, step by step, written as JSON lines
//! by the engine's own tests, a server's log, `riftcheck serve --record` or `conform --record`,
//! and read back by `riftcheck validate`, which holds each step to the rules without driving
//! the engine.
//!
//! A trace is an optional header (`{"trace": 1, "engine": ..., "capabilities": ...}`, and
//! `"ruleset": "mtg"` for an MTG engine's: [`Recorded`] reads either ruleset's lines), then for
//! each game a `setup` line (the setup as the protocol sends it, and the observation the engine
//! showed right after it), then a line per step (the action, and the engine's observation or
//! refusal). A session that went back in the game says so where it did: `{"reset": true, ...}`
//! with the observation, `{"snapshot": T}` and `{"restore": T}`, so that a recorded exploration
//! holds each step once. [`Recorder`] writes one from a session's requests and answers; [`read`]
//! reads one, each mistake in it an error naming the line and column.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::{Value as Json, json};

use super::client::Answer;
use super::wire::{Refusal, action_from_json, setup_from_json};
use super::{Capabilities, Hello};
use crate::action::Action;
use crate::setup::Setup;

/// The trace format's version, the header's `trace`.
pub const TRACE_VERSION: u64 = 1;

/// Writes a trace from the requests a session got and the answers it gave.
pub struct Recorder {
    out: std::io::BufWriter<std::fs::File>,
    /// Whether a game is set up.
    playing: bool,
    header: bool,
    /// Games set up so far.
    games: usize,
}

impl Recorder {
    /// A recorder writing to a new file at `path` (its folder made if need be).
    ///
    /// # Errors
    ///
    /// The file cannot be created.
    pub fn create(path: &Path) -> std::io::Result<Recorder> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        Ok(Recorder {
            out: std::io::BufWriter::new(std::fs::File::create(path)?),
            playing: false,
            header: false,
            games: 0,
        })
    }

    /// Writes the header from the engine's `hello` (once; a later `hello`, from an engine
    /// started again, changes nothing).
    ///
    /// # Errors
    ///
    /// Writing failed.
    pub fn hello(&mut self, hello: &Hello) -> std::io::Result<()> {
        if self.header {
            return Ok(());
        }
        self.header = true;
        let engine = format!("{} {}", hello.name, hello.version);
        let mut caps = hello.capabilities.clone();
        if hello.protocol == 1 {
            caps.observes = None;
        }
        let caps = serde_json::to_string(&caps).map_err(std::io::Error::other)?;
        // Riftbound's traces leave the ruleset out, as its hello does.
        let ruleset = if hello.ruleset == "riftbound" {
            String::new()
        } else {
            format!(",\"ruleset\":{}", Json::from(hello.ruleset.as_str()))
        };
        writeln!(
            self.out,
            "{{\"trace\":{TRACE_VERSION},\"engine\":{}{ruleset},\"capabilities\":{caps}}}",
            Json::from(engine.trim())
        )
    }

    /// Writes a line, its keys in the order given (what happened, then what the engine showed).
    fn line(&mut self, parts: &[(&str, &Json)]) -> std::io::Result<()> {
        let inner: Vec<String> = parts.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
        writeln!(self.out, "{{{}}}", inner.join(","))
    }

    /// Records one request and the engine's answer to it. Answers that are not part of a game
    /// (`unsupported`, `invalid`, `error`, a step before any setup) write nothing.
    ///
    /// # Errors
    ///
    /// Writing failed.
    pub fn exchange(&mut self, request: &Json, answer: &Json) -> std::io::Result<()> {
        let op = request.get("op").and_then(Json::as_str).unwrap_or("");
        let shown = ["observation", "refused"]
            .into_iter()
            .find_map(|k| answer.get(k).map(|v| (k, v)));
        match (op, shown) {
            ("hello", _) => {
                if let Some(h) = answer
                    .get("hello")
                    .and_then(|h| serde_json::from_value::<Hello>(h.clone()).ok())
                {
                    self.hello(&h)?;
                }
            }
            ("setup", Some(("observation", obs))) => {
                self.playing = true;
                self.games += 1;
                let setup = request.get("setup").unwrap_or(&Json::Null);
                self.line(&[("setup", setup), ("observation", obs)])?;
            }
            ("setup", _) => self.playing = false,
            _ if !self.playing => {}
            ("apply", Some((key, v))) => {
                let action = request.get("action").unwrap_or(&Json::Null);
                self.line(&[("action", action), (key, v)])?;
            }
            ("reset", Some(("observation", obs))) => {
                self.line(&[("reset", &Json::Bool(true)), ("observation", obs)])?;
            }
            ("snapshot", _) => {
                if let Some(token) = answer.get("snapshot") {
                    self.line(&[("snapshot", token)])?;
                }
            }
            ("restore", _) if answer.get("restored") == Some(&Json::Bool(true)) => {
                self.line(&[("restore", request.get("snapshot").unwrap_or(&Json::Null))])?;
            }
            _ => {}
        }
        Ok(())
    }

    /// How many games were set up: none if the engine took no setup (a trace of no game is not
    /// one `validate` reads, and is best not left behind).
    pub fn games(&self) -> usize {
        self.games
    }

    /// Writes out what is buffered.
    ///
    /// # Errors
    ///
    /// Writing failed.
    pub fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// A ruleset whose games a trace can hold: how its header names it, and how a line's setup and
/// action are read.
pub trait Recorded: crate::engine::Ruleset<Setup: std::fmt::Debug> + std::fmt::Debug {
    /// Its name in a trace's header and an engine's hello (`riftbound`, left out, or `mtg`).
    const NAME: &'static str;
    /// What reading a game's actions needs of its setup (Riftbound's: the catalog of its cards).
    type Context;
    /// Whether the header's capabilities declare only what this ruleset has.
    ///
    /// # Errors
    ///
    /// What they declare that it does not have.
    fn check(caps: &Capabilities) -> Result<(), String>;
    /// A `setup` line's setup, as the engine read it under `caps`, and what reading the game's
    /// actions needs.
    ///
    /// # Errors
    ///
    /// It is not a setup of this ruleset, or not a possible one.
    fn setup(json: &Json, caps: &Capabilities) -> Result<(Self::Setup, Self::Context), String>;
    /// An `action` line's action.
    ///
    /// # Errors
    ///
    /// It is not an action of the game.
    fn action(json: &Json, context: &Self::Context) -> Result<Self::Action, String>;
}

impl Recorded for crate::engine::Riftbound {
    const NAME: &'static str = "riftbound";
    type Context = std::sync::Arc<crate::card::Catalog>;
    fn check(caps: &Capabilities) -> Result<(), String> {
        if let Some(p) = caps.problem() {
            return Err(p);
        }
        caps.declared_readings()
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
    fn setup(
        json: &Json,
        caps: &Capabilities,
    ) -> Result<(Setup, std::sync::Arc<crate::card::Catalog>), String> {
        let setup = caps.as_read(&setup_from_json(json)?);
        let table = setup.validate().map_err(|e| e.to_string())?;
        Ok((setup, table.catalog))
    }
    fn action(json: &Json, cat: &std::sync::Arc<crate::card::Catalog>) -> Result<Action, String> {
        match json {
            Json::String(text) => action_from_json(&json!({ "text": text }), cat),
            other => action_from_json(other, cat),
        }
    }
}

/// A trace as read: the engine it came from, what it declared, and its games.
#[derive(Debug)]
pub struct Trace<R: Recorded = crate::engine::Riftbound> {
    /// The file.
    pub path: PathBuf,
    /// The engine's name and version, from the header (empty without one).
    pub engine: String,
    /// What the engine declared (everything, without a header).
    pub capabilities: Capabilities,
    /// The games, in order.
    pub games: Vec<Game<R>>,
}

/// One recorded game.
#[derive(Debug)]
pub struct Game<R: Recorded = crate::engine::Riftbound> {
    /// The line of its `setup`, from 1.
    pub line: usize,
    /// The setup, as the engine read it (with the readings it declares).
    pub setup: R::Setup,
    /// What the engine showed right after setup, if recorded.
    pub first: Option<Answer>,
    /// Its steps, and the moves back in it, in order.
    pub steps: Vec<Entry<R>>,
}

/// A line of a game after its setup.
#[derive(Debug)]
pub enum Entry<R: Recorded = crate::engine::Riftbound> {
    /// A step.
    Step(TraceStep<R>),
    /// Back to the game right after setup, and what the engine showed then (if recorded).
    Reset {
        /// Its line.
        line: usize,
        /// What the engine showed.
        shown: Option<Answer>,
    },
    /// The game as it is now, named by a token (the JSON text of it).
    Snapshot(String),
    /// Back to the game a token named.
    Restore(String),
}

/// One recorded step.
#[derive(Debug)]
pub struct TraceStep<R: Recorded = crate::engine::Riftbound> {
    /// Its line, from 1.
    pub line: usize,
    /// The action.
    pub action: R::Action,
    /// The engine's answer: an observation or a refusal (none recorded: it took the step, what
    /// it showed is not known).
    pub answer: Option<Answer>,
}

/// A trace of either ruleset, as its header says.
#[derive(Debug)]
pub enum AnyTrace {
    /// A Riftbound engine's.
    Riftbound(Trace),
    /// An MTG engine's.
    Mtg(Trace<crate::mtg::Mtg>),
}

impl AnyTrace {
    /// The key of the ruleset its engine plays, as a `hello` names it.
    pub fn ruleset(&self) -> &'static str {
        match self {
            AnyTrace::Riftbound(_) => "riftbound",
            AnyTrace::Mtg(_) => "mtg",
        }
    }

    /// The name of the engine that played it.
    pub fn engine(&self) -> &str {
        match self {
            AnyTrace::Riftbound(t) => &t.engine,
            AnyTrace::Mtg(t) => &t.engine,
        }
    }
}

/// A mistake in a trace file, where it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}:{} {message}", path.display(), at(*.line, *.column))]
pub struct TraceError {
    /// The file.
    pub path: PathBuf,
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// `line:column:`, or nothing for a problem of the whole file (line 0).
fn at(line: usize, column: usize) -> String {
    if line == 0 {
        String::new()
    } else {
        format!("{line}:{column}:")
    }
}

/// The largest trace read by default: a recorded exhaustive phase runs to tens of megabytes.
pub const TRACE_LIMIT: u64 = 1 << 30;

/// The largest trace read now ([`set_trace_limit`]).
static TRACE_LIMIT_NOW: std::sync::atomic::AtomicU64 =
    std::sync::atomic::AtomicU64::new(TRACE_LIMIT);

/// Sets the largest trace file read from now on (`--max-file-size`, when given).
pub fn set_trace_limit(bytes: u64) {
    TRACE_LIMIT_NOW.store(bytes, std::sync::atomic::Ordering::Relaxed);
}

/// Reads the trace at `path`, as every file riftcheck is given is read: a regular file (a FIFO
/// or a device is refused, not waited on) of at most 1 GiB ([`TRACE_LIMIT`], or
/// `--max-file-size` when given), UTF-8.
///
/// # Errors
///
/// The file cannot be read, or a line of it is not what the format allows.
pub fn load(path: &Path) -> Result<AnyTrace, TraceError> {
    let err = |line, column, message| TraceError {
        path: path.to_path_buf(),
        line,
        column,
        message,
    };
    let limit = TRACE_LIMIT_NOW.load(std::sync::atomic::Ordering::Relaxed);
    let bytes = crate::scenario::read_bytes(path, limit).map_err(|e| err(0, 0, e.to_string()))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = good.iter().filter(|b| **b == b'\n').count() + 1;
        let column = good.iter().rev().take_while(|b| **b != b'\n').count() + 1;
        err(line, column, "not UTF-8 text".to_string())
    })?;
    // The header, if the first line is one, names the ruleset; without it, Riftbound's.
    let head: Option<Json> = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .and_then(|l| serde_json::from_str(l).ok());
    let ruleset = head
        .as_ref()
        .filter(|h| h.get("trace").is_some())
        .and_then(|h| h.get("ruleset"))
        .and_then(Json::as_str);
    if ruleset == Some(<crate::mtg::Mtg as Recorded>::NAME) {
        return read::<crate::mtg::Mtg>(path, &text).map(AnyTrace::Mtg);
    }
    read(path, &text).map(AnyTrace::Riftbound)
}

/// The answer a line records: its `observation` or `refused`.
fn answer_of(o: &serde_json::Map<String, Json>) -> Result<Option<Answer>, String> {
    match (o.get("observation"), o.get("refused")) {
        (Some(_), Some(_)) => Err("a step has an `observation` or a `refusal`, not both".into()),
        (Some(Json::Object(obs)), None) => Ok(Some(Answer::Observation(Json::Object(obs.clone())))),
        (Some(_), None) => Err("`observation` must be an object".into()),
        (None, Some(r @ Json::Object(_))) => Ok(Some(Answer::Refused(Refusal::from_json(r)))),
        (None, Some(_)) => Err("`refused` must be an object, e.g. {\"rule\": \"312.1\"}".into()),
        (None, None) => Ok(None),
    }
}

/// Reads the header line `o` into `trace`.
fn header<R: Recorded>(
    o: &serde_json::Map<String, Json>,
    trace: &mut Trace<R>,
) -> Result<(), String> {
    if let Some(k) = o
        .keys()
        .find(|k| !["trace", "engine", "ruleset", "capabilities"].contains(&k.as_str()))
    {
        return Err(format!(
            "`{k}` is not a key of the header: expected trace, engine, ruleset, capabilities"
        ));
    }
    let ruleset = o.get("ruleset").map_or(Some("riftbound"), Json::as_str);
    if ruleset != Some(R::NAME) {
        return Err(format!(
            "`ruleset` {}: this is read as a trace of a {} engine",
            o.get("ruleset").unwrap_or(&Json::Null),
            R::NAME
        ));
    }
    let version = &o["trace"];
    if version.as_u64() != Some(TRACE_VERSION) {
        return Err(format!(
            "trace version {version}: riftcheck reads version {TRACE_VERSION}"
        ));
    }
    trace.engine = o
        .get("engine")
        .and_then(Json::as_str)
        .unwrap_or_default()
        .to_string();
    let caps = o.get("capabilities").cloned().unwrap_or(json!({}));
    trace.capabilities =
        serde_json::from_value(caps).map_err(|e| format!("`capabilities`: {e}"))?;
    R::check(&trace.capabilities).map_err(|p| format!("`capabilities`: {p}"))
}

/// What kind of line `o` is (`setup`, `action`, `reset`, `snapshot`, `restore`), its keys
/// checked: a key a line of its kind does not have is most likely a misspelling.
fn kind_of(o: &serde_json::Map<String, Json>) -> Result<&'static str, String> {
    let kind = ["setup", "action", "reset", "snapshot", "restore"]
        .into_iter()
        .find(|k| o.contains_key(*k))
        .ok_or(
            "expected a `setup`, an `action`, a `reset`, a `snapshot` or a `restore` (or, on the \
             first line, the header `trace`)",
        )?;
    let keys: &[&str] = match kind {
        "setup" => &["setup", "observation"],
        "reset" => &["reset", "observation"],
        "action" => &["action", "observation", "refused"],
        _ => &[kind],
    };
    if let Some(k) = o.keys().find(|k| !keys.contains(&k.as_str())) {
        return Err(format!(
            "`{k}` is not a key of a `{kind}` line: expected {}",
            keys.join(", ")
        ));
    }
    Ok(kind)
}

/// A `reset`, `snapshot` or `restore` line of `game`.
fn going_back<R: Recorded>(
    o: &serde_json::Map<String, Json>,
    n: usize,
    answer: Option<Answer>,
    game: &Game<R>,
) -> Result<Entry<R>, String> {
    if let Some(reset) = o.get("reset") {
        if reset != &Json::Bool(true) || matches!(answer, Some(Answer::Refused(_))) {
            return Err(
                "a reset line is `{\"reset\": true}`, with the `observation` the engine showed"
                    .into(),
            );
        }
        return Ok(Entry::Reset {
            line: n,
            shown: answer,
        });
    }
    if let Some(t) = o.get("snapshot") {
        return Ok(Entry::Snapshot(t.to_string()));
    }
    let t = o.get("restore").map(Json::to_string).unwrap_or_default();
    let taken = game
        .steps
        .iter()
        .any(|e| matches!(e, Entry::Snapshot(s) if *s == t));
    if !taken {
        return Err(format!(
            "`restore` of {t}: no such `snapshot` earlier in this game"
        ));
    }
    Ok(Entry::Restore(t))
}

/// Reads a trace from `text`, the contents of `path`.
///
/// # Errors
///
/// A line of it is not what the format allows: the first such, with its line and column.
pub fn read<R: Recorded>(path: &Path, text: &str) -> Result<Trace<R>, TraceError> {
    let err = |line: usize, column: usize, message: String| TraceError {
        path: path.to_path_buf(),
        line,
        column,
        message,
    };
    let mut trace = Trace {
        path: path.to_path_buf(),
        engine: String::new(),
        capabilities: Capabilities::default(),
        games: Vec::new(),
    };
    let mut catalog = None;
    let mut first_line = true;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let v: Json =
            serde_json::from_str(raw).map_err(|e| err(n, e.column(), format!("not JSON: {e}")))?;
        let Json::Object(o) = v else {
            return Err(err(n, 1, "each line of a trace is a JSON object".into()));
        };
        let first = std::mem::take(&mut first_line);
        if o.contains_key("trace") {
            if !first {
                return Err(err(
                    n,
                    1,
                    "the header (`trace`) can only be the first line".into(),
                ));
            }
            header(&o, &mut trace).map_err(|m| err(n, 1, m))?;
            continue;
        }
        let kind = kind_of(&o).map_err(|m| err(n, 1, m))?;
        let answer = answer_of(&o).map_err(|m| err(n, 1, m))?;
        if kind == "setup" {
            let (setup, context) = R::setup(&o["setup"], &trace.capabilities)
                .map_err(|m| err(n, 1, format!("`setup`: {m}")))?;
            if matches!(answer, Some(Answer::Refused(_))) {
                return Err(err(
                    n,
                    1,
                    "a `setup` is answered with an `observation`".into(),
                ));
            }
            catalog = Some(context);
            trace.games.push(Game {
                line: n,
                setup,
                first: answer,
                steps: Vec::new(),
            });
            continue;
        }
        let (Some(game), Some(cat)) = (trace.games.last_mut(), &catalog) else {
            return Err(err(n, 1, format!("a `{kind}` line before any `setup`")));
        };
        let entry = if kind == "action" {
            let action =
                R::action(&o["action"], cat).map_err(|m| err(n, 1, format!("`action`: {m}")))?;
            Entry::Step(TraceStep {
                line: n,
                action,
                answer,
            })
        } else {
            going_back(&o, n, answer, game).map_err(|m| err(n, 1, m))?
        };
        game.steps.push(entry);
    }
    if trace.games.is_empty() {
        return Err(err(
            text.lines().count().max(1),
            1,
            "no game: a trace needs a `setup` line".into(),
        ));
    }
    Ok(trace)
}
