//! A divergence as its readers take it, whatever the ruleset: a rulebook example ("Expected by
//! rule X: ...; found: ...") and a scenario file, its expectations the spec's, that replays it on
//! the engine. Each ruleset writes its own ([`crate::Conformed::write_up`]).

use riftcheck::protocol::compare::Divergence;

/// The closing lines of a rulebook example: what the rules expect and what the engine did, one
/// line per field that differs, each citing its rule.
pub fn verdict_lines(d: &Divergence, step: &str) -> Vec<String> {
    let cite = |rule: &str| {
        if rule.is_empty() {
            "the protocol".to_string()
        } else {
            format!("rule {rule}")
        }
    };
    match d {
        Divergence::Differs(diffs) => diffs
            .iter()
            .map(|x| {
                format!(
                    "Expected by {}: {} is {}; found: {}.",
                    cite(x.rule),
                    x.path,
                    x.ours.toml(),
                    x.theirs.toml()
                )
            })
            .collect(),
        other => vec![format!(
            "Expected by {}: {}; found: {}.",
            cite(&other.rule()),
            other.expected(step),
            other.found()
        )],
    }
}

/// A divergence found in a phase, with the steps that show it.
#[derive(Clone, Debug)]
pub struct Found {
    /// The starting position.
    pub config: String,
    /// The phase (`exhaustive`, `random walks`).
    pub phase: &'static str,
    /// The sentences of the steps from the start; the last one diverges (none: the setup
    /// does).
    pub steps: Vec<String>,
    /// How.
    pub divergence: Divergence,
    /// The rules to cite.
    pub rule: String,
    /// What the rules expect.
    pub expected: String,
    /// What the engine did.
    pub found: String,
    /// The rulebook example.
    pub text: String,
    /// The scenario file that replays it, as TOML.
    pub file: String,
    /// How to replay that file on the engine (`riftcheck replay --engine CMD` and the file).
    pub replay: &'static str,
}

impl Found {
    /// A file name for the scenario of finding number `id`.
    pub fn file_name(&self, id: usize) -> String {
        let (by, walk) = match self.phase {
            "exhaustive" => ("conform", ""),
            "trace" => ("validate", ""),
            _ => ("conform", "_walk"),
        };
        format!(
            "finding_{id:02}_{}__{by}{walk}.toml",
            self.config.replace(['/', ' ', ':', '.'], "_")
        )
    }
}
