//! The engine under test, as `conform` holds it: a command, and a connection opened on demand
//! and dropped after a fault (the next use starts the engine again).

use std::time::Duration;

use riftcheck::protocol::Capabilities;
use riftcheck::protocol::client::{Connection, EngineFault};
use riftcheck::protocol::compare::View;

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
}

impl Remote {
    /// Starts the engine and reads its `hello`.
    ///
    /// # Errors
    ///
    /// It cannot be started or does not answer `hello`.
    pub fn open(command: &str, timeout: Duration) -> Result<Remote, EngineFault> {
        let conn = Connection::open(command, timeout)?;
        let h = &conn.hello;
        Ok(Remote {
            command: command.to_string(),
            timeout,
            name: format!("{} {}", h.name, h.version).trim().to_string(),
            caps: h.capabilities.clone(),
            view: View::of(&h.capabilities),
            restarted: false,
            conn: Some(conn),
            requests: 0,
        })
    }

    /// The connection, started again if the last one ended in a fault.
    ///
    /// # Errors
    ///
    /// The engine cannot be started again.
    pub fn conn(&mut self) -> Result<&mut Connection, EngineFault> {
        if self.conn.is_none() {
            self.conn = Some(Connection::open(&self.command, self.timeout)?);
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
        if out.is_err() {
            self.conn = None;
        }
        out
    }
}
