//! The limits every search of a check obeys: distinct states, a deadline, and the memory of the
//! process. A search asks [`Budget::full`] before it visits a new state and [`Budget::expired`] as it goes (cheaply: the clock every thousand
//! states, the memory every sixty-five thousand) and stops within a moment of a limit, saying
//! which one cut it.

use std::fmt;
use std::time::{Duration, Instant};

/// What the user allows one configuration's check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Distinct states each search may visit.
    pub max_states: Option<usize>,
    /// Wall time for all the searches of one configuration together.
    pub timeout: Option<Duration>,
    /// Resident memory of the whole process, in bytes.
    pub max_memory: Option<u64>,
}

/// The limit that cut a search short.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cut {
    /// `--max-states`.
    States,
    /// `--timeout`.
    Time,
    /// `--max-memory`.
    Memory,
}

impl Cut {
    /// The command-line option that set the limit.
    pub fn option(self) -> &'static str {
        match self {
            Cut::States => "--max-states",
            Cut::Time => "--timeout",
            Cut::Memory => "--max-memory",
        }
    }

    /// A short identifier for machines.
    pub fn key(self) -> &'static str {
        match self {
            Cut::States => "max-states",
            Cut::Time => "timeout",
            Cut::Memory => "max-memory",
        }
    }
}

impl fmt::Display for Cut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.option())
    }
}

/// The limits as one configuration's searches spend them: the deadline is fixed when the
/// configuration starts, so the searches after the main one have only what is left.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    limits: Limits,
    deadline: Option<Instant>,
}

/// States between two looks at the clock.
const CLOCK_EVERY: usize = 1 << 10;
/// States between two looks at the memory.
const MEMORY_EVERY: usize = 1 << 16;

impl Budget {
    /// The budget of a configuration starting now.
    pub fn start(limits: Limits) -> Budget {
        Budget {
            limits,
            deadline: limits.timeout.map(|t| Instant::now() + t),
        }
    }

    /// No limits at all.
    pub fn unlimited() -> Budget {
        Budget::start(Limits::default())
    }

    /// The limits.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Whether a search that has visited `states` distinct states may not visit another.
    pub fn full(&self, states: usize) -> bool {
        self.limits.max_states.is_some_and(|m| states >= m)
    }

    /// Whether the time or the memory has run out. `tick` counts the calls (any number that
    /// grows by one a call): the clock and the memory are read only every so many.
    pub fn expired(&self, tick: usize) -> Option<Cut> {
        if tick.is_multiple_of(CLOCK_EVERY) && self.out_of_time() {
            return Some(Cut::Time);
        }
        if tick.is_multiple_of(MEMORY_EVERY)
            && let Some(max) = self.limits.max_memory
            && resident_memory().is_some_and(|m| m >= max)
        {
            return Some(Cut::Memory);
        }
        None
    }

    /// Whether the deadline has passed (read now).
    pub fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// The resident memory of this process now, in bytes (Linux), if known.
pub fn resident_memory() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// The machine's physical memory in bytes (Linux), if known.
pub fn physical_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Reads a size written `512M`, `2G`, `1.5GiB` or a number of bytes.
///
/// # Errors
///
/// Not a positive size: the message says how sizes are written.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let scale: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kb" | "kib" => 1 << 10,
        "m" | "mb" | "mib" => 1 << 20,
        "g" | "gb" | "gib" => 1 << 30,
        "t" | "tb" | "tib" => 1 << 40,
        _ => return Err(size_error(text)),
    };
    let n: f64 = number.parse().map_err(|_| size_error(text))?;
    let bytes = n * scale as f64;
    if !bytes.is_finite() || bytes < 1.0 || bytes > u64::MAX as f64 {
        return Err(size_error(text));
    }
    Ok(bytes as u64)
}

fn size_error(text: &str) -> String {
    format!(
        "`{text}` is not a size: write a positive number of bytes, or with K, M, G or T (512M, 2G)"
    )
}

/// Reads a number of seconds for a limit: a finite number above zero, at most a year.
///
/// # Errors
///
/// Negative, zero, not a number, infinite or absurdly large: the message says what is expected.
pub fn parse_seconds(option: &str, seconds: f64) -> Result<Duration, String> {
    const YEAR: f64 = 365.0 * 24.0 * 3600.0;
    if !seconds.is_finite() || seconds <= 0.0 || seconds > YEAR {
        return Err(format!(
            "{option} {seconds}: expected a number of seconds above 0 and at most {YEAR} (a year)"
        ));
    }
    Ok(Duration::from_secs_f64(seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("2G"), Ok(2 << 30));
        assert_eq!(parse_size("1.5GiB"), Ok(3 << 29));
        assert_eq!(parse_size("4096"), Ok(4096));
        for bad in ["", "-1G", "0", "G", "12X", "1e400", "nan"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn seconds_must_be_finite_positive_and_sane() {
        assert_eq!(
            parse_seconds("--timeout", 1.5),
            Ok(Duration::from_millis(1500))
        );
        for bad in [-1.0, 0.0, f64::NAN, f64::INFINITY, 1e300] {
            let e = parse_seconds("--timeout", bad).unwrap_err();
            assert!(e.starts_with("--timeout"), "{e}");
        }
    }

    #[test]
    fn a_state_limit_cuts_at_once_and_no_limit_never_does() {
        let b = Budget::start(Limits {
            max_states: Some(10),
            ..Limits::default()
        });
        assert!(!b.full(9));
        assert!(b.full(10));
        let none = Budget::unlimited();
        assert!(!none.full(usize::MAX));
        assert_eq!(none.expired(0), None);
    }

    #[test]
    fn a_passed_deadline_cuts_when_the_clock_is_read() {
        let b = Budget::start(Limits {
            timeout: Some(Duration::from_nanos(1)),
            ..Limits::default()
        });
        std::thread::sleep(Duration::from_millis(2));
        assert_eq!(b.expired(1), None, "the clock is not read on this tick");
        assert_eq!(b.expired(CLOCK_EVERY), Some(Cut::Time));
        assert!(b.out_of_time());
    }

    #[test]
    fn a_memory_limit_below_what_is_in_use_cuts() {
        let b = Budget::start(Limits {
            max_memory: Some(1),
            ..Limits::default()
        });
        assert_eq!(b.expired(MEMORY_EVERY), Some(Cut::Memory));
    }
}
