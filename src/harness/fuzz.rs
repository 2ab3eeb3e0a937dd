//! The bodies of the fuzz targets. The targets in `fuzz/` are one line each; everything they
//! check lives here, so `cargo test` exercises it without a fuzzer (see `tests/suite/fuzz_bodies.rs`).
//!
//! An input that starts with a scenario file (TOML text, ended by a NUL byte or the end of the
//! input) plays that scenario's setup and steps first, then decodes the remaining bytes as
//! further choices; this is how the scenario files seed the corpora. Any other input is decoded
//! by [`super::generate`]. A broken law prints the shrunk scenario and its rulebook paragraph,
//! then panics so the fuzzer records the input.
//!
//! `RIFTCHECK_FAULT=<name>` makes the engine commit a rule fault (a reading known to be wrong), to
//! show that the fuzzers find it.

use std::sync::OnceLock;

use arbitrary::Unstructured;

use super::generate::{self, Pick};
use super::laws::{self, Finding, Options};
use crate::action::Action;
use crate::engine::Engine as _;
use crate::game::Game;
use crate::oracle::Spec;
use crate::oracle::invariants_under;
use crate::oracle::{Lockstep, Stepped};
use crate::readings::Fault;
use crate::scenario::Scenario;
use crate::setup::Setup;

/// The fault named by `RIFTCHECK_FAULT`, if any.
pub fn fault_from_env() -> Option<Fault> {
    static FAULT: OnceLock<Option<Fault>> = OnceLock::new();
    *FAULT.get_or_init(|| {
        let name = std::env::var("RIFTCHECK_FAULT").ok()?;
        match name.parse() {
            Ok(f) => Some(f),
            Err(e) => panic!("RIFTCHECK_FAULT: {e}"),
        }
    })
}

/// A scenario at the start of the input, and the bytes after it.
pub fn scenario_prefix(data: &[u8]) -> Option<(Scenario, &[u8])> {
    let end = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let text = std::str::from_utf8(&data[..end]).ok()?;
    if !text.trim_start().starts_with("title") {
        return None;
    }
    let scenario = Scenario::parse(text).ok()?;
    Some((scenario, data.get(end + 1..).unwrap_or(&[])))
}

/// The actions of a scenario's steps.
fn steps_of(scenario: &Scenario) -> Option<(Setup, Vec<Action>)> {
    let game = Game::from_setup(&scenario.setup).ok()?;
    let actions = scenario
        .steps
        .iter()
        .filter_map(|s| Action::parse(&s.text, game.catalog()).ok())
        .collect();
    Some((scenario.setup.clone(), actions))
}

fn crash(finding: Finding, opts: &Options) -> ! {
    let finding = finding.shrunk(opts);
    eprintln!("{}", finding.report());
    panic!("{}: {}", finding.law, finding.what);
}

fn play_input(data: &[u8], opts: &Options) {
    let result = match scenario_prefix(data).and_then(|(s, rest)| steps_of(&s).map(|x| (x, rest))) {
        Some(((setup, prefix), rest)) => {
            laws::play(&setup, &prefix, &mut Unstructured::new(rest), opts)
        }
        None => laws::run(data, opts),
    };
    if let Err(f) = result {
        crash(*f, opts);
    }
}

/// `lockstep`: an arbitrary setup and action sequence; the engine and the spec agree after every
/// step and the invariants hold.
pub fn lockstep(data: &[u8]) {
    let opts = Options {
        pick: Pick::Mixed,
        steps: 80,
        every_action: false,
        fault: fault_from_env(),
    };
    play_input(data, &opts);
}

/// `legals_are_legal`: along any game, the well-formed actions the engine takes are exactly
/// those the spec finds legal, and every refusal leaves the game unchanged.
pub fn legals_are_legal(data: &[u8]) {
    let opts = Options {
        pick: Pick::Mixed,
        steps: 40,
        every_action: true,
        fault: fault_from_env(),
    };
    play_input(data, &opts);
}

/// `arbitrary_state`: an arbitrary described state through the validating constructor: either
/// a typed refusal, or a game on which every action, each player's concession first, keeps the
/// invariants and the engine and the spec agree.
pub fn arbitrary_state(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(setup) = generate::described_state(&mut u) else {
        return;
    };
    let opts = Options {
        pick: Pick::Mixed,
        steps: 30,
        every_action: true,
        fault: fault_from_env(),
    };
    let fail = |law: laws::Law, what: String, path: Vec<Action>| {
        crash(finding(&setup, &opts, law, what, path), &opts)
    };
    // A refusal is typed SetupErrors from both; a panic would be a bug, and the fuzzer reports
    // it.
    let started = match Lockstep::<Game, Spec>::start(&setup.with_fault(opts.fault)) {
        Ok(s) => s,
        Err(Ok(_)) => return,
        Err(Err(d)) => fail(laws::Law::Lockstep, d.to_string(), Vec::new()),
    };
    if let Some(d) = started.disagreement {
        fail(laws::Law::Lockstep, d.to_string(), Vec::new());
    }
    for seat in started.pair.engine.remaining().iter() {
        let concede = Action::Concede { seat };
        let mut probe = started.pair.clone();
        if let Stepped::Disagreed(d, _) = probe.step(concede, &started.catalog) {
            fail(laws::Law::Lockstep, d.to_string(), vec![concede]);
        }
        let broken = invariants_under(&started.catalog, &setup.readings, &probe.engine.observe());
        if let Some(v) = broken.first() {
            fail(laws::Law::Invariants, v.to_string(), vec![concede]);
        }
    }
    if let Err(f) = laws::play(&setup, &[], &mut u, &opts) {
        crash(*f, &opts);
    }
}

fn finding(
    setup: &Setup,
    opts: &Options,
    law: laws::Law,
    what: String,
    actions: Vec<Action>,
) -> Finding {
    Finding {
        law,
        what,
        setup: setup.clone(),
        actions,
        fault: opts.fault,
    }
}

/// `scenario_roundtrip`: arbitrary bytes to the scenario parser never panic; a scenario that
/// parses prints and parses back to itself.
pub fn scenario_roundtrip(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(scenario) = Scenario::parse(text) else {
        return;
    };
    let printed = scenario.to_toml();
    let again = match Scenario::parse(&printed) {
        Ok(s) => s,
        Err(e) => panic!("a printed scenario does not parse: {e}\n{printed}"),
    };
    assert_eq!(
        scenario, again,
        "printing and parsing changed the scenario:\n{printed}"
    );
}
