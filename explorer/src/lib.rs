//! `riftcheck explore`: the Explorer, a small web server on 127.0.0.1 (std::net only) to walk
//! the model of one starting position in a browser. The page (`page.html`, one file, no
//! external resource) names the configuration and reads three endpoints:
//!
//! - `GET /`: the page;
//! - `GET /api/state?path=I,J,K`: the state reached by taking action I of the first state, then
//!   action J of the next, and so on (`path=` is the first state; no `path` at all is the state
//!   the Explorer opens on): the whole board, the Chain and its pass record, the holders (Turn
//!   Player, Priority, Focus), the removed Seats, the properties violated, the steps so far as
//!   rulebook sentences, and the actions the game takes there, numbered. A refused action is
//!   not listed; `refused=1` lists them apart, each with the rule that refuses it;
//! - `GET /api/svg?path=...`: the SVG timeline of the path so far.
//!
//! Given a scenario file (a counterexample `check --out` wrote, or any scenario), the Explorer
//! opens at the end of its steps, so that one can step back through them. `docs/explorer.md`
//! describes the endpoints.
//!
//! This crate imports the rules engine's library, the checker (the model, the configurations)
//! and the properties; the command line imports it.

mod http;
mod json;
mod route;

use std::net::TcpListener;
use std::sync::Arc;

use riftcheck::{Fault, Scenario, Setup};
use serde_json::json;

use self::http::{Request, Response};
use self::route::{PathError, Walk, bounds_for, parse_path, scenario_path};
use riftbound_check::model::{Bounds, RiftModel};

/// The page, with `{{TITLE}}` and `{{CONFIG}}` to fill in.
const PAGE: &str = include_str!("page.html");

/// What to explore.
pub struct Opening {
    /// The configuration's name, or the scenario file's path.
    pub name: String,
    /// The starting position.
    pub setup: Setup,
    /// The bounds (a scenario's are widened to let every one of its steps be taken).
    pub bounds: Bounds,
    /// The rule fault the engine under test makes, if any.
    pub fault: Option<Fault>,
    /// The scenario whose steps the Explorer opens on, if any.
    pub scenario: Option<Scenario>,
}

/// The Explorer of one model: what it serves.
pub struct Explorer {
    model: RiftModel,
    name: String,
    title: Option<String>,
    fault: Option<Fault>,
    /// The path it opens on: a scenario's steps, or the first state.
    initial: Vec<usize>,
    /// Why the path it opens on stops short of the scenario's last step, if it does.
    note: Option<String>,
}

impl Explorer {
    /// The Explorer of `opening`.
    ///
    /// # Errors
    ///
    /// The setup is impossible.
    pub fn new(opening: Opening) -> Result<Explorer, String> {
        let mut bounds = opening.bounds;
        if let Some(s) = &opening.scenario
            && let Ok(replay) = s.replay_with_fault(opening.fault)
        {
            let taken: Vec<riftcheck::Action> = replay
                .results
                .iter()
                .filter(|r| r.outcome.is_ok())
                .map(|r| r.action)
                .collect();
            bounds = bounds_for(&taken, bounds);
        }
        let setup = opening.setup.with_fault(opening.fault);
        let model = RiftModel::new(opening.name.clone(), &setup, bounds)?;
        let (initial, note) = match &opening.scenario {
            Some(s) => scenario_path(&model, s, opening.fault),
            None => (Vec::new(), None),
        };
        Ok(Explorer {
            model,
            name: opening.name,
            title: opening.scenario.map(|s| s.title),
            fault: opening.fault,
            initial,
            note,
        })
    }

    /// The path the Explorer opens on.
    pub fn initial_path(&self) -> &[usize] {
        &self.initial
    }

    /// Why the path it opens on stops short of the scenario's last step, if it does.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// The answer to `request`: the page, a state, a timeline, or a 4xx error in JSON.
    pub fn handle(&self, request: &Request) -> Response {
        if request.method != "GET" && request.method != "HEAD" {
            return Response::error(405, format!("{} is not served: only GET", request.method));
        }
        match request.path.as_str() {
            "/" | "/index.html" => Response {
                status: 200,
                content_type: "text/html; charset=utf-8",
                body: self.page(),
            },
            "/api/state" => match self.walk(request) {
                Ok((path, walk)) => {
                    let refused = matches!(request.param("refused"), Some("1" | "true"));
                    Response::json(&self.state(&path, &walk, refused))
                }
                Err(e) => Response::error(e.status(), e.message()),
            },
            "/api/svg" => match self.walk(request) {
                Ok((_, walk)) => Response {
                    status: 200,
                    content_type: "image/svg+xml; charset=utf-8",
                    body: json::svg(&self.model, &self.heading(), &walk),
                },
                Err(e) => Response::error(e.status(), e.message()),
            },
            other => Response::error(
                404,
                format!(
                    "nothing is served at {other}: the endpoints are /, /api/state and /api/svg"
                ),
            ),
        }
    }

    /// The configuration, with the scenario's title and the fault if any.
    fn heading(&self) -> String {
        let mut h = self.name.clone();
        if let Some(t) = &self.title {
            h.push_str(&format!(": {t}"));
        }
        if let Some(f) = self.fault {
            h.push_str(&format!(" (fault {})", f.key()));
        }
        h
    }

    /// The page, naming the configuration.
    fn page(&self) -> String {
        PAGE.replace(
            "{{TITLE}}",
            &riftcheck::scenario::escape_markup(&format!("riftcheck Explorer: {}", self.heading())),
        )
        .replace(
            "{{CONFIG}}",
            &riftcheck::scenario::escape_markup(&self.name),
        )
    }

    /// Walks the request's `path` (the opening path if it gives none).
    fn walk(&self, request: &Request) -> Result<(Vec<usize>, Walk), PathError> {
        let path = match request.param("path") {
            Some(p) => parse_path(p)?,
            None => self.initial.clone(),
        };
        let walk = route::walk(&self.model, &path)?;
        Ok((path, walk))
    }

    /// The state at the end of `walk`, with what names the exploration.
    fn state(&self, path: &[usize], walk: &Walk, refused: bool) -> serde_json::Value {
        let mut out = json::state(&self.model, walk, path, refused);
        let b = self.model.bounds;
        out["config"] = json!(self.name);
        out["title"] = json!(self.title);
        out["fault"] = json!(self.fault.map(Fault::key));
        out["bounds"] = json!({
            "turns": b.turns,
            "concessions": b.concessions,
            "invites": b.invites,
        });
        out["initial_path"] = json!(self.initial);
        out["opened"] = json!(self.note);
        out
    }
}

/// The threads that serve connections: enough that a browser's few idle connections hold up
/// nobody, and a fixed number, so that a flood of connections cannot start a thread each.
pub const WORKERS: usize = 16;

/// Connections accepted and waiting for a thread; one beyond them is answered at once with
/// 503 and closed.
pub const WAITING: usize = 64;

/// Serves the Explorer of `opening` on 127.0.0.1:`port` until the process is stopped, from a
/// pool of [`WORKERS`] threads: a connection waits its turn (at most [`WAITING`] of them), and
/// one that says nothing is let go after the request timeout.
///
/// # Errors
///
/// The setup is impossible, the port cannot be bound, or the threads cannot be started.
pub fn serve(opening: Opening, port: u16) -> Result<(), String> {
    let explorer = Arc::new(Explorer::new(opening)?);
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
    // With --port 0 the system chooses: say the port it chose, which is the one to open.
    let port = listener.local_addr().map_or(port, |a| a.port());
    println!(
        "Explorer for {} on http://127.0.0.1:{port}/ (Ctrl-C to stop)",
        explorer.name
    );
    if let Some(note) = explorer.note() {
        eprintln!("note: {note}");
    }
    let (queue, waiting) = std::sync::mpsc::sync_channel::<std::net::TcpStream>(WAITING);
    let waiting = Arc::new(std::sync::Mutex::new(waiting));
    for _ in 0..WORKERS {
        let waiting = Arc::clone(&waiting);
        let explorer = Arc::clone(&explorer);
        std::thread::Builder::new()
            .name("explore".into())
            .spawn(move || {
                loop {
                    // One worker at a time waits on the queue; the others wait for the lock.
                    let next = match waiting.lock() {
                        Ok(w) => w.recv(),
                        Err(_) => return,
                    };
                    let Ok(stream) = next else { return };
                    http::serve_one(stream, |r| explorer.handle(r));
                }
            })
            .map_err(|e| format!("cannot start the Explorer's threads: {e}"))?;
    }
    for stream in listener.incoming() {
        let Ok(stream) = stream else {
            // Out of file descriptors, say: wait a little for some to come back rather than
            // trying again at once, over and over, at full speed.
            std::thread::sleep(std::time::Duration::from_millis(50));
            continue;
        };
        if let Err(std::sync::mpsc::TrySendError::Full(stream)) = queue.try_send(stream) {
            http::busy(stream);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn explorer(name: &str) -> Explorer {
        let c = riftbound_check::configs::all()
            .into_iter()
            .find(|c| c.name() == name)
            .unwrap();
        Explorer::new(Opening {
            name: c.name(),
            setup: c.setup,
            bounds: c.bounds,
            fault: None,
            scenario: None,
        })
        .unwrap()
    }

    fn get(e: &Explorer, target: &str) -> Response {
        e.handle(&Request::parse_line(&format!("GET {target} HTTP/1.1")).unwrap())
    }

    #[test]
    fn bad_paths_and_unknown_endpoints_are_4xx_json() {
        let e = explorer("duel/chain");
        for (target, status) in [
            ("/api/state?path=x", 400),
            ("/api/state?path=1,,2", 400),
            ("/api/state?path=-1", 400),
            ("/api/state?path=99999999999999999999999", 400),
            ("/api/state?path=999", 404),
            ("/api/svg?path=0,999", 404),
            ("/nothing", 404),
        ] {
            let r = get(&e, target);
            assert_eq!(r.status, status, "{target}: {}", r.body);
            let v: serde_json::Value = serde_json::from_str(&r.body).unwrap();
            assert!(v["error"].is_string(), "{target}");
        }
        let r = e.handle(&Request::parse_line("POST / HTTP/1.1").unwrap());
        assert_eq!(r.status, 405);
    }

    #[test]
    fn the_page_names_the_configuration_and_escapes_it() {
        let e = explorer("war/chain");
        let page = get(&e, "/").body;
        assert!(page.contains("riftcheck Explorer: war/chain"));
        assert!(!page.contains("{{"));
        assert_eq!(
            riftcheck::scenario::escape_markup("<a & \"b\">"),
            "&lt;a &amp; &quot;b&quot;&gt;"
        );
    }
}
