//! `riftcheck explore`: the Explorer, a small web server on 127.0.0.1 (std::net only) to walk
//! the model of one starting position in a browser, for any ruleset that implements the
//! checker's [`Explorable`]. The page (`page.html`, one file, no external resource) names the
//! configuration and reads three endpoints:
//!
//! - `GET /`: the page;
//! - `GET /api/state?path=I,J,K`: the state reached by taking action I of the first state, then
//!   action J of the next, and so on (`path=` is the first state; no `path` at all is the state
//!   the Explorer opens on): what the ruleset shows of it (for Riftbound the whole board, the
//!   Chain and its pass record, the holders), the properties violated, the steps so far as
//!   rulebook sentences, and the actions the game takes there, numbered. A refused action is
//!   not listed; `refused=1` lists them apart, each with the rule that refuses it;
//! - `GET /api/svg?path=...`: the SVG timeline of the path so far, where the ruleset draws one.
//!
//! Given a scenario file (a counterexample `check --out` wrote, or any scenario), the Explorer
//! opens at the end of its steps, so that one can step back through them. `docs/explorer.md`
//! describes the endpoints.
//!
//! This crate names no ruleset: it imports the checker (the walk of a path, the trait a
//! ruleset implements to be explored); the command line imports it.

mod http;
mod route;

use std::net::TcpListener;
use std::sync::Arc;

use serde_json::{Value, json};

use self::http::{Request, Response};
use self::route::{parse_path, status};
use riftcheck_checker::explore::{Explorable, Opened, PathError, Walk, broken, stop_reason, walk};
use riftcheck_checker::plug::{Plug, Property};
use riftcheck_core::markup::escape_markup;

/// The page, with `{{TITLE}}` and `{{CONFIG}}` to fill in.
const PAGE: &str = include_str!("page.html");

/// The Explorer of one model of ruleset `E`: what it serves.
pub struct Explorer<E: Explorable> {
    opened: Opened<E>,
}

impl<E: Explorable> Explorer<E> {
    /// The Explorer of what the ruleset opened.
    pub fn new(opened: Opened<E>) -> Explorer<E> {
        Explorer { opened }
    }

    /// The path the Explorer opens on.
    pub fn initial_path(&self) -> &[usize] {
        &self.opened.initial
    }

    /// Why the path it opens on stops short of the scenario's last step, if it does.
    pub fn note(&self) -> Option<&str> {
        self.opened.note.as_deref()
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
                Err(e) => Response::error(status(&e), e.message()),
            },
            "/api/svg" => match self.walk(request) {
                Ok((_, walk)) => match E::timeline(&self.opened, &self.heading(), &walk) {
                    Ok(body) => Response {
                        status: 200,
                        content_type: "image/svg+xml; charset=utf-8",
                        body,
                    },
                    Err(e) => Response::error(404, e),
                },
                Err(e) => Response::error(status(&e), e.message()),
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
        let mut h = self.opened.name.clone();
        if let Some(t) = &self.opened.title {
            h.push_str(&format!(": {t}"));
        }
        if let Some(f) = &self.opened.fault {
            h.push_str(&format!(" (fault {f})"));
        }
        h
    }

    /// The page, naming the configuration.
    fn page(&self) -> String {
        PAGE.replace(
            "{{TITLE}}",
            &escape_markup(&format!("riftcheck Explorer: {}", self.heading())),
        )
        .replace("{{CONFIG}}", &escape_markup(&self.opened.name))
    }

    /// Walks the request's `path` (the opening path if it gives none).
    fn walk(&self, request: &Request) -> Result<(Vec<usize>, Walk<E::Explored>), PathError> {
        let path = match request.param("path") {
            Some(p) => parse_path(p)?,
            None => self.opened.initial.clone(),
        };
        let walk = walk::<E>(&self.opened.model, &path)?;
        Ok((path, walk))
    }

    /// The state at the end of `walk` (the path `path`), as `/api/state` answers it: what the
    /// ruleset shows of it, the path's steps, the actions numbered as a path names them (with
    /// `with_refused`, the refused ones too), the verdicts, and what names the exploration.
    fn state(&self, path: &[usize], walk: &Walk<E::Explored>, with_refused: bool) -> Value {
        let model = &self.opened.model;
        let last = walk.last();
        let mut out = E::shown(&self.opened, walk);
        let steps: Vec<Value> = E::steps(&self.opened, walk)
            .into_iter()
            .zip(path)
            .map(|(row, index)| indexed(row, *index))
            .collect();
        let actions: Vec<Value> = E::listed(model, last)
            .into_iter()
            .enumerate()
            .map(|(index, a)| indexed(E::action_row(&self.opened, last, a), index))
            .collect();
        let violated: Vec<Value> = broken(last)
            .into_iter()
            .map(|p| json!({ "property": p.name(), "rule": p.rule() }))
            .collect();
        out["path"] = json!(path);
        out["steps"] = Value::Array(steps);
        out["actions"] = Value::Array(actions);
        if with_refused {
            out["refused"] = Value::Array(E::refused(&self.opened, last));
        }
        out["violated"] = Value::Array(violated);
        out["final"] = json!(<E::Explored as Plug>::is_final(last));
        out["stopped"] = json!(stop_reason::<E>(last));
        out["config"] = json!(self.opened.name);
        out["title"] = json!(self.opened.title);
        out["fault"] = json!(self.opened.fault);
        out["bounds"] = self.opened.bounds.clone();
        out["initial_path"] = json!(self.opened.initial);
        out["opened"] = json!(self.opened.note);
        out
    }
}

/// `row` (an object) with its `index` first.
fn indexed(row: Value, index: usize) -> Value {
    let mut out = serde_json::Map::new();
    out.insert("index".into(), json!(index));
    if let Value::Object(fields) = row {
        out.extend(fields);
    }
    Value::Object(out)
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
/// The port cannot be bound, or the threads cannot be started.
pub fn serve<E: Explorable + 'static>(opened: Opened<E>, port: u16) -> Result<(), String> {
    let explorer = Arc::new(Explorer::<E>::new(opened));
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
    // With --port 0 the system chooses: say the port it chose, which is the one to open.
    let port = listener.local_addr().map_or(port, |a| a.port());
    println!(
        "Explorer for {} on http://127.0.0.1:{port}/ (Ctrl-C to stop)",
        explorer.opened.name
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
    use super::escape_markup;

    #[test]
    fn markup_in_a_name_is_escaped() {
        assert_eq!(
            escape_markup("<a & \"b\">"),
            "&lt;a &amp; &quot;b&quot;&gt;"
        );
    }
}
