//! An engine that panics is a finding, not the end of the search: each step of the model runs
//! under [`guarded`], which catches the panic (of the engine, or of riftcheck's own reading of
//! what the engine showed) and hands back what it said. A search whose worker died would leave
//! the others waiting for its states for ever; a caught panic leaves it a final state that
//! breaks "the engine answers every action without a panic", with the steps that led to it.

use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, catch_unwind};

thread_local! {
    /// Whether this thread runs inside [`guarded`] (a panic hook then keeps quiet).
    static GUARDED: Cell<bool> = const { Cell::new(false) };
    /// What the last panic caught on this thread said, where a hook recorded it.
    static SAID: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs `f`; its panic comes back as `Err` with what it said (the message, and where, when the
/// program's panic hook calls [`note`]).
pub fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    let outer = GUARDED.with(|g| g.replace(true));
    let result = catch_unwind(AssertUnwindSafe(f));
    GUARDED.with(|g| g.set(outer));
    result.map_err(|payload| {
        SAID.with(|s| s.borrow_mut().take())
            .unwrap_or_else(|| message(payload.as_ref()).to_string())
    })
}

/// For a panic hook: whether the panic will be caught by [`guarded`] and reported as a
/// finding (the hook should then print nothing); if so, keeps `said` as what it said.
pub fn note(said: impl FnOnce() -> String) -> bool {
    let inside = GUARDED.with(Cell::get);
    if inside {
        let said = said();
        SAID.with(|s| *s.borrow_mut() = Some(said));
    }
    inside
}

/// What a panic's payload says.
pub fn message(payload: &(dyn std::any::Any + Send)) -> &str {
    payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or("(no message)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_inside_comes_back_as_what_it_said() {
        let caught = guarded(|| -> u8 { panic!("battlefield 7 is not in the catalog") });
        assert_eq!(
            caught,
            Err("battlefield 7 is not in the catalog".to_string())
        );
        assert_eq!(guarded(|| 3), Ok(3));
        // Outside a guard, a hook is told to speak.
        assert!(!note(|| "said".into()));
    }
}
