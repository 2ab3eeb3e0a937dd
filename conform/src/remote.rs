//! The engine under test, as `conform` holds it: a command, and a connection opened on demand
//! and dropped after a fault (the next use starts the engine again).

use std::time::Duration;

use riftcheck::protocol::Capabilities;
use riftcheck::protocol::client::{Connection, EngineFault};
use riftcheck::protocol::compare::View;
use riftcheck::protocol::trace::Recorder;

/// An engine behind the protocol.
pub struct Remote {
    /// The command that starts it.
    pub command: String,
    /// How long one answer may take.
    pub timeout: Duration,
    conn: Option<Connection>,
    /// Its name and version, from `hello`.
    pub name: String,
    /// What it says it can do.
    pub caps: Capabilities,
    /// How its observations are compared, from what it declares.
    pub view: View,
    /// Whether it was started again since a game was last set up on it (after a fault): the
    /// game must be set up again before anything else.
    pub restarted: bool,
    /// Requests sent over every connection so far.
    pub requests: u64,
    /// Where to record the games played, as traces (`conform --record`).
    pub record: Option<std::path::PathBuf>,
    recorder: Option<Recorder>,
    /// Where `recorder` writes.
    recording: Option<std::path::PathBuf>,
    record_error: Option<std::io::Error>,
    /// Its answer to `hello`.
    pub hello: riftcheck::protocol::Hello,
}

impl Remote {
    /// Starts the engine and reads its `hello`.
    ///
    /// # Errors
    ///
    /// It cannot be started or does not answer `hello`.
    pub fn open(command: &str, timeout: Duration) -> Result<Remote, EngineFault> {
        let conn = Connection::open(command, timeout)?;
        let h = conn.hello.clone();
        Ok(Remote {
            command: command.to_string(),
            timeout,
            name: format!("{} {}", h.name, h.version).trim().to_string(),
            caps: h.capabilities.clone(),
            view: View::of(&h.capabilities),
            restarted: false,
            conn: Some(conn),
            requests: 0,
            record: None,
            recorder: None,
            recording: None,
            record_error: None,
            hello: h,
        })
    }

    /// Records what follows into the trace `name` (`exhaustive/war_chain`) under the
    /// `--record` folder, if there is one.
    pub fn record_as(&mut self, name: &str) {
        self.drain();
        let Some(dir) = &self.record else { return };
        // `exhaustive/war/chain` is `exhaustive/war_chain.jsonl`.
        let path = match name.split_once('/') {
            Some((phase, rest)) => dir
                .join(phase.replace(' ', "_"))
                .join(format!("{}.jsonl", rest.replace(['/', ' '], "_"))),
            None => dir.join(format!("{}.jsonl", name.replace(' ', "_"))),
        };
        match Recorder::create(&path).and_then(|mut r| r.hello(&self.hello).map(|()| r)) {
            Ok(r) => {
                let old = self.recorder.replace(r);
                let old_path = self.recording.replace(path);
                self.finish(old, old_path);
                if let Some(c) = &mut self.conn {
                    c.record();
                }
            }
            Err(e) => {
                self.record_error.get_or_insert(e);
            }
        }
    }

    /// Ends the recording `r` at `path`: flushed, or removed if the engine took no setup in it.
    fn finish(&mut self, r: Option<Recorder>, path: Option<std::path::PathBuf>) {
        let Some(mut r) = r else { return };
        let done = if r.games() == 0 {
            drop(r);
            path.map_or(Ok(()), std::fs::remove_file)
        } else {
            r.flush()
        };
        if let Err(e) = done {
            self.record_error.get_or_insert(e);
        }
    }

    /// Writes what the engine answered since the last time into the trace being recorded.
    pub fn drain(&mut self) {
        let (Some(r), Some(c)) = (&mut self.recorder, &mut self.conn) else {
            return;
        };
        for (request, answer) in c.take_log() {
            if let Err(e) = r.exchange(&request, &answer) {
                self.record_error.get_or_insert(e);
            }
        }
    }

    /// Finishes recording.
    ///
    /// # Errors
    ///
    /// A trace could not be written.
    pub fn recorded(&mut self) -> std::io::Result<()> {
        self.drain();
        let (r, path) = (self.recorder.take(), self.recording.take());
        self.finish(r, path);
        self.record_error.take().map_or(Ok(()), Err)
    }

    /// The connection, started again if the last one ended in a fault.
    ///
    /// # Errors
    ///
    /// The engine cannot be started again.
    pub fn conn(&mut self) -> Result<&mut Connection, EngineFault> {
        if self.conn.is_none() {
            let mut conn = Connection::open(&self.command, self.timeout)?;
            if self.recorder.is_some() {
                conn.record();
            }
            self.conn = Some(conn);
            self.restarted = true;
        }
        self.conn.as_mut().ok_or(EngineFault::Spawn {
            command: self.command.clone(),
            error: "no connection".into(),
        })
    }

    /// Whether the engine is running (not stopped after a fault).
    pub fn is_open(&self) -> bool {
        self.conn.is_some()
    }

    /// Stops the engine; the next use starts it again.
    pub fn close(&mut self) {
        self.drain();
        self.conn = None;
    }

    /// Runs `f` on the connection; a fault closes it.
    ///
    /// # Errors
    ///
    /// What `f` or starting the engine returned.
    pub fn with<T>(
        &mut self,
        f: impl FnOnce(&mut Connection) -> Result<T, EngineFault>,
    ) -> Result<T, EngineFault> {
        let conn = self.conn()?;
        let before = conn.requests;
        let out = f(conn);
        let after = conn.requests;
        self.requests += after - before;
        self.drain();
        if out.is_err() {
            self.conn = None;
        }
        out
    }
}
