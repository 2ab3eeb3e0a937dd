//! Progress on standard error while a configuration is checked: on a terminal one line that
//! rewrites itself; in a log a plain line every so often (30 s by default), each standing alone,
//! in the manner of TLC's progress lines.

use std::io::Write;
use std::time::{Duration, Instant};

/// How far a search has got, for a progress line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    /// Transitions taken (states generated, repeats included).
    pub generated: usize,
    /// Distinct states.
    pub unique: usize,
    /// The longest path so far, in states.
    pub depth: usize,
    /// Time since the search began.
    pub elapsed: Duration,
}

/// How progress is shown while a configuration is checked, on standard error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    /// Nothing.
    Quiet,
    /// One line that rewrites itself (`\r`), for a terminal.
    Redraw,
    /// A plain line every so often, for a log.
    Lines(Duration),
}

/// Shows the progress of one configuration's search.
pub struct Shower {
    name: String,
    show: Show,
    started: Instant,
    last: Option<Instant>,
    drawn: bool,
}

/// How long a search runs before a terminal line appears at all: short checks print nothing.
const REDRAW_AFTER: Duration = Duration::from_millis(1500);
/// How often the terminal line is redrawn.
const REDRAW_EVERY: Duration = Duration::from_millis(250);

impl Shower {
    /// A shower for configuration `name`.
    pub fn new(name: &str, show: Show) -> Shower {
        Shower {
            name: name.to_string(),
            show,
            started: Instant::now(),
            last: None,
            drawn: false,
        }
    }

    /// Shows `p` if it is time to.
    pub fn show(&mut self, p: &Progress) {
        let now = Instant::now();
        match self.show {
            Show::Quiet => {}
            Show::Redraw => {
                if now - self.started < REDRAW_AFTER
                    || self.last.is_some_and(|l| now - l < REDRAW_EVERY)
                {
                    return;
                }
                self.last = Some(now);
                eprint!("\r  {}", line(&self.name, p));
                let _ = std::io::stderr().flush();
                self.drawn = true;
            }
            Show::Lines(every) => {
                let due = self.last.unwrap_or(self.started) + every;
                if now < due {
                    return;
                }
                self.last = Some(now);
                eprintln!("riftcheck: {}", line(&self.name, p));
            }
        }
    }
}

impl Drop for Shower {
    /// Clears a terminal line that was drawn, so that the report starts on a clean line.
    fn drop(&mut self) {
        if self.drawn {
            eprint!("\r{:90}\r", "");
            let _ = std::io::stderr().flush();
        }
    }
}

/// One progress line: the configuration, states generated and their rate, distinct states,
/// depth and time.
pub fn line(name: &str, p: &Progress) -> String {
    let secs = p.elapsed.as_secs_f64();
    let rate = if secs > 0.0 {
        p.generated as f64 / secs
    } else {
        0.0
    };
    format!(
        "{name}: {} states generated ({}/s), {} distinct, depth {}, {:.0} s ",
        thousands(p.generated as u64),
        thousands(rate as u64),
        thousands(p.unique as u64),
        p.depth,
        secs
    )
}

/// `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }

    #[test]
    fn a_line_names_the_configuration_and_the_counts() {
        let p = Progress {
            generated: 2_000_000,
            unique: 1_000_000,
            depth: 31,
            elapsed: Duration::from_secs(10),
        };
        let l = line("war/removal", &p);
        assert_eq!(
            l.trim_end(),
            "war/removal: 2,000,000 states generated (200,000/s), 1,000,000 distinct, depth 31, 10 s"
        );
    }
}
