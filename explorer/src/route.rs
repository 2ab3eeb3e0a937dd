//! A path through the model, as the Explorer's requests name it: the indices of the actions
//! chosen, one per step, each among the actions the game takes in the state it was chosen in (a
//! refused action is not in the list, so no index names one). The states are replayed from the
//! start on every request (`riftcheck_checker::explore::walk`); a path is a few dozen steps.

use riftcheck_checker::explore::PathError;

/// The longest path walked: far beyond any game the bounds allow.
pub const MAX_PATH: usize = 10_000;

/// The HTTP status a path that cannot be walked is answered with: 400 for bad input, 404 for
/// a path the graph does not have.
pub fn status(e: &PathError) -> u16 {
    match e {
        PathError::Malformed(_) => 400,
        PathError::NoSuchAction(_) => 404,
    }
}

/// Reads a `path` parameter: indices separated by commas; empty is the start.
///
/// # Errors
///
/// [`PathError::Malformed`] if a part is not a number, or the path is longer than
/// [`MAX_PATH`].
pub fn parse_path(text: &str) -> Result<Vec<usize>, PathError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() > MAX_PATH {
        return Err(PathError::Malformed(format!(
            "the path has {} steps; at most {MAX_PATH} are walked",
            parts.len()
        )));
    }
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            p.trim().parse::<usize>().map_err(|_| {
                PathError::Malformed(format!(
                    "step {} of the path is `{p}`: expected the index of an action (0, 1, ...), \
                     the indices separated by commas",
                    i + 1
                ))
            })
        })
        .collect()
}
