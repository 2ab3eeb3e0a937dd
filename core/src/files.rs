//! Reading a file riftcheck is given, whatever it holds (a scenario, a report, fingerprints):
//! only a regular file, and never more than a limit of bytes, even from a file that grows or
//! lies about its size. The limit a program sets once (`--max-file-size`) is every reader's
//! default.

use std::fmt;
use std::fs::File;
use std::io::Read;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// The largest file read unless a program says otherwise: 16 MiB, far more than any scenario
/// or report needs.
pub const DEFAULT_MAX_BYTES: u64 = 16 * 1024 * 1024;

/// The limit [`max_bytes`] gives, as a program set it ([`set_max_bytes`]).
static LIMIT: AtomicU64 = AtomicU64::new(DEFAULT_MAX_BYTES);

/// The largest file read by default: [`DEFAULT_MAX_BYTES`], or what [`set_max_bytes`] set.
pub fn max_bytes() -> u64 {
    LIMIT.load(Ordering::Relaxed)
}

/// Sets [`max_bytes`] for the rest of the process: what a command line's `--max-file-size`
/// does, once, before any file is read.
pub fn set_max_bytes(limit: u64) {
    LIMIT.store(limit, Ordering::Relaxed);
}

/// Why a file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// Opening or reading it failed.
    Io(String),
    /// It is not a regular file, so it is not read (a FIFO or a device could be read forever).
    NotAFile {
        /// What it is: `a directory`, `a FIFO`, `a character device`, ...
        what: &'static str,
    },
    /// It holds more than the limit.
    TooLarge {
        /// The limit, in bytes.
        limit: u64,
    },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "cannot read the file: {e}"),
            ReadError::NotAFile { what } => {
                write!(f, "cannot read the file: it is {what}, not a regular file")
            }
            ReadError::TooLarge { limit } => {
                write!(f, "the file is larger than the limit of {limit} bytes")
            }
        }
    }
}

impl std::error::Error for ReadError {}

/// The bytes of the regular file at `path`, never more than `max_bytes` of them.
///
/// # Errors
///
/// The file is not a regular file (checked before it is opened, so a FIFO is never waited on,
/// and again on the opened file), is larger than `max_bytes` (even one that grows or lies about
/// its size), or cannot be read.
pub fn read_bytes(path: &Path, max_bytes: u64) -> Result<Vec<u8>, ReadError> {
    let io = |e: std::io::Error| ReadError::Io(e.to_string());
    let regular = |meta: &std::fs::Metadata| {
        if !meta.is_file() {
            return Err(ReadError::NotAFile {
                what: what(meta.file_type()),
            });
        }
        if meta.len() > max_bytes {
            return Err(ReadError::TooLarge { limit: max_bytes });
        }
        Ok(())
    };
    regular(&std::fs::metadata(path).map_err(io)?)?;
    let file = File::open(path).map_err(io)?;
    // The path may have been replaced since: check what was opened.
    regular(&file.metadata().map_err(io)?)?;
    let mut bytes = Vec::new();
    // One byte more than the limit, to tell a file at the limit from one past it, whatever its
    // metadata said.
    file.take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > max_bytes {
        return Err(ReadError::TooLarge { limit: max_bytes });
    }
    Ok(bytes)
}

/// What a file that is not a regular file is, for messages.
fn what(kind: std::fs::FileType) -> &'static str {
    if kind.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}
