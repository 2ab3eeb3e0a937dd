//! What a depth-first search keeps and counts beside the states.

/// The layers a depth-first search puts around the model's one step ([`crate::plug::Plug::take`]):
/// what it keeps and what it counts beside the states. The results do not depend on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layers {
    /// Reuse what an action did to a pair in another state ([`super::memo`]); `check --no-memo`
    /// takes every transition afresh.
    pub memo: bool,
    /// Count what each transition tried cites ([`crate::coverage`]; `check --coverage`): every
    /// companion is then judged on every transition, not only until it first shows.
    pub coverage: bool,
}

impl Default for Layers {
    fn default() -> Layers {
        Layers {
            memo: true,
            coverage: false,
        }
    }
}
