//! Driving an engine in another process: spawn it, say `hello`, and exchange one line of JSON
//! for one line of JSON, each answer awaited for at most a timeout. Whatever the engine does
//! wrong (it cannot be started, exits, crashes, hangs, writes what is not JSON, answers with an
//! `error`) comes back as an [`EngineFault`]; the connection is then closed.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value as Json, json};

use super::wire::{Refusal, action_json};
use super::{Hello, VERSION};
use crate::action::Action;
use crate::card::Catalog;

/// Something the engine did that the protocol does not allow: a finding about the engine.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum EngineFault {
    /// The command could not be started.
    #[error("cannot start `{command}`: {error}")]
    Spawn {
        /// The command.
        command: String,
        /// Why.
        error: String,
    },
    /// The engine's process ended while riftcheck waited for an answer.
    #[error("the engine exited ({status}){}", stderr_tail(.stderr))]
    Exited {
        /// How it ended.
        status: String,
        /// The last lines it wrote to its standard error.
        stderr: String,
    },
    /// The engine closed its standard output but its process goes on: no answer can come.
    #[error("the engine closed its output, though it is still running{}", stderr_tail(.stderr))]
    OutputClosed {
        /// The last lines it wrote to its standard error.
        stderr: String,
    },
    /// No answer within the timeout.
    #[error("the engine did not answer `{op}` within {seconds} s")]
    Hung {
        /// The request.
        op: String,
        /// The timeout.
        seconds: f64,
    },
    /// An answer that is not a JSON object on one line.
    #[error("the engine's answer to `{op}` is not a JSON object ({error}): {line}")]
    Malformed {
        /// The request.
        op: String,
        /// What is wrong.
        error: String,
        /// The line (shortened).
        line: String,
    },
    /// A JSON object, but not an answer to the request.
    #[error("the engine answered `{op}` without {expected}: {line}")]
    Unexpected {
        /// The request.
        op: String,
        /// What was expected.
        expected: String,
        /// The line (shortened).
        line: String,
    },
    /// The engine answered with an `error`.
    #[error("the engine answered `{op}` with an error: {message}")]
    Error {
        /// The request.
        op: String,
        /// Its message.
        message: String,
    },
    /// It speaks another version of the protocol.
    #[error("the engine speaks protocol {theirs}; riftcheck speaks 1 and {VERSION}")]
    Version {
        /// Its version.
        theirs: u32,
    },
}

fn stderr_tail(s: &str) -> String {
    if s.is_empty() {
        String::new()
    } else {
        format!("; its last words on stderr:\n{s}")
    }
}

/// An answer to `setup`, `apply` or `reset`.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// What an observer sees now, as the engine sent it.
    Observation(Json),
    /// The action was refused.
    Refused(Refusal),
    /// The engine cannot express this setup or action.
    Unsupported(String),
    /// The engine finds the setup impossible.
    Invalid(String),
}

const KEEP_STDERR: usize = 20;
const SHOW: usize = 300;

fn shorten(line: &str) -> String {
    if line.len() <= SHOW {
        return line.to_string();
    }
    let mut end = SHOW;
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &line[..end])
}

/// A running engine.
pub struct Connection {
    child: Child,
    stdin: BufWriter<ChildStdin>,
    lines: Receiver<Result<String, Unreadable>>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    timeout: Duration,
    /// The engine's answer to `hello`.
    pub hello: Hello,
    /// Requests sent so far.
    pub requests: u64,
    /// The ops of requests sent and not yet answered, oldest first.
    pending: VecDeque<&'static str>,
    /// When recording ([`Connection::record`]): the requests not yet answered, oldest first,
    /// and the requests answered with their answers, to be taken by [`Connection::take_log`].
    log: Option<(VecDeque<Json>, Vec<Exchange>)>,
}

/// A request and the engine's answer to it.
pub type Exchange = (Json, Json);

/// A line of the engine's output that could not be read.
#[derive(Debug)]
enum Unreadable {
    /// Not UTF-8 text: the column of the first byte that is not, and the line as far as it reads.
    NotUtf8(usize, String),
    /// Longer than the limit ([`max_line`]; the rest of it was read and dropped).
    TooLong,
    /// Reading failed.
    Io,
}

/// The longest line of the engine's output riftcheck reads by default: far more than any
/// observation.
pub const MAX_LINE: u64 = 16 << 20;

/// The longest line of an engine's output read by the connections opened from now on
/// ([`set_max_line`]).
static MAX_LINE_NOW: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(MAX_LINE);

/// Sets the longest line of an engine's standard output that connections opened from now on
/// read (`--max-line`): a longer one is a malformed answer, read and dropped, never held whole.
pub fn set_max_line(bytes: u64) {
    MAX_LINE_NOW.store(bytes.max(1), std::sync::atomic::Ordering::Relaxed);
}

/// The longest line of an engine's output read now.
pub fn max_line() -> u64 {
    MAX_LINE_NOW.load(std::sync::atomic::Ordering::Relaxed)
}

/// The most of a line of the engine's standard error kept.
const STDERR_LINE: u64 = 4096;

/// How a line was read by [`read_line_within`].
enum Line {
    /// The whole line (its end of line taken off).
    Whole,
    /// Longer than the limit: its first bytes kept, the rest dropped.
    TooLong,
    /// No more lines.
    End,
}

/// Reads one line into `bytes`, at most `max` bytes of it: a longer line's first `max` bytes are
/// kept and the rest read and dropped, so that no line, however long, is held whole.
fn read_line_within(
    input: &mut impl BufRead,
    bytes: &mut Vec<u8>,
    max: u64,
) -> std::io::Result<Line> {
    if input.take(max + 1).read_until(b'\n', bytes)? == 0 {
        return Ok(Line::End);
    }
    if bytes.last() == Some(&b'\n') {
        while bytes.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
            bytes.pop();
        }
        return Ok(Line::Whole);
    }
    if (bytes.len() as u64) <= max {
        return Ok(Line::Whole); // the last line, without an end of line
    }
    bytes.truncate(usize::try_from(max).unwrap_or(usize::MAX));
    let mut rest = Vec::new();
    loop {
        rest.clear();
        let n = input.take(1 << 16).read_until(b'\n', &mut rest)?;
        if n == 0 || rest.last() == Some(&b'\n') {
            return Ok(Line::TooLong);
        }
    }
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A request that can be sent ahead of the answers to those before it ([`Connection::send`]).
#[derive(Clone, Debug)]
pub enum Request<'a> {
    /// `apply` an action, as the protocol writes it ([`action_json`] for Riftbound's).
    Apply(Json),
    /// `reset` to the game right after setup.
    Reset,
    /// Take a `snapshot`.
    Snapshot,
    /// `restore` a snapshot.
    Restore(&'a Json),
}

impl Request<'_> {
    fn op(&self) -> &'static str {
        match self {
            Request::Apply(_) => "apply",
            Request::Reset => "reset",
            Request::Snapshot => "snapshot",
            Request::Restore(_) => "restore",
        }
    }
}

impl Connection {
    /// Starts `command` (run by `sh -c`) and says `hello`.
    ///
    /// # Errors
    ///
    /// It cannot be started, or its answer to `hello` is not one.
    pub fn open(command: &str, timeout: Duration) -> Result<Connection, EngineFault> {
        let mut sh = Command::new("sh");
        sh.arg("-c").arg(command);
        // The engine and whatever it starts form a process group of their own, so that stopping
        // the engine stops all of it, not only the shell.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut sh, 0);
        let mut child = sh
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| EngineFault::Spawn {
                command: command.to_string(),
                error: e.to_string(),
            })?;
        let (stdin, stdout, stderr) =
            match (child.stdin.take(), child.stdout.take(), child.stderr.take()) {
                (Some(i), Some(o), Some(e)) => (i, o, e),
                _ => {
                    stop(&mut child);
                    return Err(EngineFault::Spawn {
                        command: command.to_string(),
                        error: "its standard streams are not available".into(),
                    });
                }
            };
        let (tx, lines) = mpsc::channel();
        let max = max_line();
        std::thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            let mut bytes = Vec::new();
            loop {
                bytes.clear();
                let line = match read_line_within(&mut out, &mut bytes, max) {
                    Ok(Line::End) => break,
                    Ok(Line::TooLong) => Err(Unreadable::TooLong),
                    // A line that is not UTF-8 is a malformed answer, not the end.
                    Ok(Line::Whole) => String::from_utf8(bytes.clone()).map_err(|e| {
                        Unreadable::NotUtf8(e.utf8_error().valid_up_to() + 1, lossy(&bytes))
                    }),
                    Err(_) => Err(Unreadable::Io),
                };
                let end = matches!(line, Err(Unreadable::Io));
                if tx.send(line).is_err() || end {
                    break;
                }
            }
        });
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let keep = Arc::clone(&tail);
        std::thread::spawn(move || drain(stderr, &keep));
        let mut conn = Connection {
            child,
            stdin: BufWriter::new(stdin),
            lines,
            stderr: tail,
            timeout,
            hello: Hello {
                protocol: VERSION,
                name: String::new(),
                version: String::new(),
                capabilities: super::Capabilities::default(),
                ruleset: "riftbound".into(),
            },
            requests: 0,
            pending: VecDeque::new(),
            log: None,
        };
        let answer = conn.request("hello", &json!({ "op": "hello", "protocol": VERSION }))?;
        let hello = answer
            .get("hello")
            .cloned()
            .ok_or_else(|| conn.unexpected("hello", "`hello`", &answer))?;
        conn.hello = serde_json::from_value(hello).map_err(|e| EngineFault::Unexpected {
            op: "hello".into(),
            expected: format!("a `hello` riftcheck can read ({e})"),
            line: shorten(&answer.to_string()),
        })?;
        if !super::SPOKEN.contains(&conn.hello.protocol) {
            return Err(EngineFault::Version {
                theirs: conn.hello.protocol,
            });
        }
        // What the engine calls itself goes into every report and file: a few hundred
        // characters of it are enough.
        conn.hello.name = shorten(&conn.hello.name);
        conn.hello.version = shorten(&conn.hello.version);
        if conn.hello.protocol == 1 {
            // Version 1 knows no partial observations: every field is there.
            conn.hello.capabilities.observes = None;
        }
        Ok(conn)
    }

    fn unexpected(&self, op: &str, expected: &str, answer: &Json) -> EngineFault {
        EngineFault::Unexpected {
            op: op.into(),
            expected: expected.into(),
            line: shorten(&answer.to_string()),
        }
    }

    fn write(&mut self, op: &'static str, message: &Json) -> Result<(), EngineFault> {
        self.requests += 1;
        let sent = serde_json::to_writer(&mut self.stdin, message)
            .map_err(std::io::Error::from)
            .and_then(|()| self.stdin.write_all(b"\n"));
        if sent.is_err() {
            return Err(self.exited());
        }
        self.pending.push_back(op);
        if let Some((sent, _)) = &mut self.log {
            sent.push_back(message.clone());
        }
        Ok(())
    }

    /// Keeps every request from now on with its answer, for a trace ([`super::trace`]).
    pub fn record(&mut self) {
        if self.log.is_none() {
            self.log = Some((VecDeque::new(), Vec::new()));
        }
    }

    /// The requests answered since the last call, with their answers, in order (none when not
    /// recording). A request whose answer was a fault is not among them.
    pub fn take_log(&mut self) -> Vec<Exchange> {
        self.log
            .as_mut()
            .map(|(_, done)| std::mem::take(done))
            .unwrap_or_default()
    }

    /// Reads the answer to the oldest request not yet answered: a JSON object.
    fn read(&mut self) -> Result<Json, EngineFault> {
        if self.stdin.flush().is_err() {
            return Err(self.exited());
        }
        let op = self.pending.pop_front().unwrap_or("a request");
        let request = self.log.as_mut().and_then(|(sent, _)| sent.pop_front());
        let line = match self.next_line() {
            Ok(Ok(line)) => line,
            Ok(Err(Unreadable::TooLong)) => {
                return Err(EngineFault::Malformed {
                    op: op.into(),
                    error: format!(
                        "a line longer than {} bytes (--max-line), read and dropped",
                        max_line()
                    ),
                    line: String::new(),
                });
            }
            Ok(Err(Unreadable::NotUtf8(column, line))) => {
                return Err(EngineFault::Malformed {
                    op: op.into(),
                    error: format!("not UTF-8 text from column {column}"),
                    line: shorten(&line),
                });
            }
            Ok(Err(Unreadable::Io)) | Err(RecvTimeoutError::Disconnected) => {
                return Err(self.exited());
            }
            Err(RecvTimeoutError::Timeout) => {
                stop(&mut self.child);
                return Err(EngineFault::Hung {
                    op: op.into(),
                    seconds: self.timeout.as_secs_f64(),
                });
            }
        };
        let answer: Json = serde_json::from_str(&line).map_err(|e| EngineFault::Malformed {
            op: op.into(),
            error: e.to_string(),
            line: shorten(&line),
        })?;
        if !answer.is_object() {
            return Err(EngineFault::Malformed {
                op: op.into(),
                error: "not an object".into(),
                line: shorten(&line),
            });
        }
        if let Some(e) = answer.get("error") {
            return Err(EngineFault::Error {
                op: op.into(),
                message: shorten(e.as_str().map_or(&e.to_string(), |s| s)),
            });
        }
        if let (Some((_, done)), Some(request)) = (&mut self.log, request) {
            done.push((request, answer.clone()));
        }
        Ok(answer)
    }

    /// Sends one request and waits for its answer, a JSON object. Answers still owed to
    /// requests sent ahead are read and dropped first.
    fn request(&mut self, op: &'static str, message: &Json) -> Result<Json, EngineFault> {
        self.settle()?;
        self.write(op, message)?;
        self.read()
    }

    /// Reads and drops the answers still owed to requests sent ahead.
    ///
    /// # Errors
    ///
    /// As for any request.
    pub fn settle(&mut self) -> Result<(), EngineFault> {
        while !self.pending.is_empty() {
            self.read()?;
        }
        Ok(())
    }

    /// Sends `request` without waiting for its answer, which [`Connection::receive`] (or
    /// [`Connection::receive_snapshot`], [`Connection::receive_restored`]) reads later, in the
    /// order sent. Many requests in flight save a round trip each.
    ///
    /// # Errors
    ///
    /// The engine is gone.
    pub fn send(&mut self, request: Request<'_>) -> Result<(), EngineFault> {
        let message = match &request {
            Request::Apply(a) => json!({ "op": "apply", "action": a }),
            Request::Reset => json!({ "op": "reset" }),
            Request::Snapshot => json!({ "op": "snapshot" }),
            Request::Restore(token) => json!({ "op": "restore", "snapshot": token }),
        };
        self.write(request.op(), &message)
    }

    /// The answer to a request sent ahead that `apply` or `reset`.
    ///
    /// # Errors
    ///
    /// As for any request.
    pub fn receive(&mut self) -> Result<Answer, EngineFault> {
        let op = self.pending.front().copied().unwrap_or("apply");
        let a = self.read()?;
        self.parse_answer(op, &a)
    }

    /// The token of a `snapshot` sent ahead.
    ///
    /// # Errors
    ///
    /// As for any request.
    pub fn receive_snapshot(&mut self) -> Result<Json, EngineFault> {
        let a = self.read()?;
        a.get("snapshot")
            .cloned()
            .ok_or_else(|| self.unexpected("snapshot", "`snapshot`", &a))
    }

    /// The answer to a `restore` sent ahead.
    ///
    /// # Errors
    ///
    /// As for any request.
    pub fn receive_restored(&mut self) -> Result<(), EngineFault> {
        let a = self.read()?;
        match a.get("restored") {
            Some(Json::Bool(true)) => Ok(()),
            _ => Err(self.unexpected("restore", "`restored`", &a)),
        }
    }

    /// The next line of the engine's output, waiting at most the timeout; an engine whose process
    /// has ended is not waited for (a child of its may still hold its output open).
    fn next_line(&mut self) -> Result<Result<String, Unreadable>, RecvTimeoutError> {
        let deadline = std::time::Instant::now() + self.timeout;
        loop {
            let now = std::time::Instant::now();
            let slice = deadline
                .saturating_duration_since(now)
                .min(Duration::from_millis(100));
            match self.lines.recv_timeout(slice) {
                Err(RecvTimeoutError::Timeout) if now + slice < deadline => {
                    if matches!(self.child.try_wait(), Ok(Some(_))) {
                        // Whatever it wrote before it ended has been read by now.
                        return self
                            .lines
                            .recv_timeout(Duration::from_millis(100))
                            .or(Err(RecvTimeoutError::Disconnected));
                    }
                }
                other => return other,
            }
        }
    }

    fn exited(&mut self) -> EngineFault {
        // Give the process a moment to finish so that its status and last words are known.
        let mut status = None;
        for _ in 0..50 {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = Some(s);
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let stderr = self
            .stderr
            .lock()
            .map(|t| t.iter().cloned().collect::<Vec<_>>().join("\n"))
            .unwrap_or_default();
        match status {
            Some(s) => EngineFault::Exited {
                status: s.to_string(),
                stderr,
            },
            None => EngineFault::OutputClosed { stderr },
        }
    }

    fn answer(&mut self, op: &'static str, message: &Json) -> Result<Answer, EngineFault> {
        let a = self.request(op, message)?;
        self.parse_answer(op, &a)
    }

    fn parse_answer(&self, op: &str, a: &Json) -> Result<Answer, EngineFault> {
        if let Some(o) = a.get("observation") {
            if !o.is_object() {
                return Err(self.unexpected(op, "`observation` as a JSON object", a));
            }
            return Ok(Answer::Observation(o.clone()));
        }
        if let Some(r) = a.get("refused") {
            return Ok(Answer::Refused(Refusal::from_json(r)));
        }
        let text = |v: &Json| v.as_str().map_or_else(|| v.to_string(), str::to_string);
        if let Some(u) = a.get("unsupported") {
            return Ok(Answer::Unsupported(text(u)));
        }
        if let Some(i) = a.get("invalid") {
            return Ok(Answer::Invalid(text(i)));
        }
        Err(self.unexpected(
            op,
            "`observation`, `refused`, `unsupported` or `invalid`",
            a,
        ))
    }

    /// Sets up a game from a setup in its JSON form ([`super::wire::setup_json`]).
    ///
    /// # Errors
    ///
    /// As for any request.
    pub fn setup(&mut self, setup: &Json) -> Result<Answer, EngineFault> {
        self.answer("setup", &json!({ "op": "setup", "setup": setup }))
    }

    /// Takes an action.
    ///
    /// # Errors
    ///
    /// As for any request.
    pub fn apply(&mut self, action: &Action, catalog: &Catalog) -> Result<Answer, EngineFault> {
        self.apply_json(action_json(action, catalog))
    }

    /// Takes an action written as the protocol writes it (any ruleset's).
    ///
    /// # Errors
    ///
    /// As for any request.
    pub fn apply_json(&mut self, action: Json) -> Result<Answer, EngineFault> {
        self.answer("apply", &json!({ "op": "apply", "action": action }))
    }

    /// Returns to the game right after the last setup.
    ///
    /// # Errors
    ///
    /// As for any request.
    pub fn reset(&mut self) -> Result<Answer, EngineFault> {
        self.answer("reset", &json!({ "op": "reset" }))
    }

    /// What an observer sees now.
    ///
    /// # Errors
    ///
    /// As for any request.
    pub fn observe(&mut self) -> Result<Json, EngineFault> {
        match self.answer("observe", &json!({ "op": "observe" }))? {
            Answer::Observation(o) => Ok(o),
            _ => Err(EngineFault::Unexpected {
                op: "observe".into(),
                expected: "`observation`".into(),
                line: String::new(),
            }),
        }
    }

    /// A token for the game as it is now.
    ///
    /// # Errors
    ///
    /// As for any request.
    pub fn snapshot(&mut self) -> Result<Json, EngineFault> {
        let a = self.request("snapshot", &json!({ "op": "snapshot" }))?;
        a.get("snapshot")
            .cloned()
            .ok_or_else(|| self.unexpected("snapshot", "`snapshot`", &a))
    }

    /// Returns to the game a snapshot's token stands for.
    ///
    /// # Errors
    ///
    /// As for any request.
    pub fn restore(&mut self, token: &Json) -> Result<(), EngineFault> {
        self.settle()?;
        self.write("restore", &json!({ "op": "restore", "snapshot": token }))?;
        self.receive_restored()
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        stop(&mut self.child);
        let _ = self.child.wait();
    }
}

/// Kills the engine's whole process group (the shell and everything it started), so that an
/// engine that hangs does not outlive the check.
fn stop(child: &mut Child) {
    #[cfg(unix)]
    if let Ok(pid) = i32::try_from(child.id()) {
        unsafe extern "C" {
            fn kill(pid: i32, sig: i32) -> i32;
        }
        // SAFETY: kill(2) takes two integers and touches no memory of ours; a negative pid names
        // the process group the child leads (it was spawned with `process_group(0)`), and 9 is
        // SIGKILL. An error (the group is already gone) is of no interest.
        unsafe {
            kill(-pid, 9);
        }
    }
    let _ = child.kill();
}

fn drain(stderr: impl Read, tail: &Mutex<VecDeque<String>>) {
    let mut err = BufReader::new(stderr);
    let mut bytes = Vec::new();
    loop {
        // At most a few kilobytes of a line are kept (the rest of a longer one is read and
        // dropped), so an engine that writes without end cannot fill riftcheck's memory.
        bytes.clear();
        match read_line_within(&mut err, &mut bytes, STDERR_LINE) {
            Ok(Line::End) | Err(_) => break,
            Ok(_) => {}
        }
        let line = lossy(&bytes);
        if let Ok(mut t) = tail.lock() {
            if t.len() == KEEP_STDERR {
                t.pop_front();
            }
            t.push_back(line);
        }
    }
}
