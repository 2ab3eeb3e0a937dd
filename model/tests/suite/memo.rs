//! The memo of transitions changes nothing but the time: with it and without it, every
//! configuration has the same distinct states (the same fingerprints), the same transitions,
//! the same depth, the same companions, the same verdicts and the same counterexamples, with
//! and without a rule fault.

use riftbound_check::configs;
use riftbound_check::proof::{self, Options, Outcome};
use riftcheck::Fault;

/// Everything a check reports that the memo could change.
fn summary(o: &Outcome) -> impl PartialEq + std::fmt::Debug {
    (
        o.unique,
        o.states,
        o.depth,
        o.seen,
        o.failed.clone(),
        o.acyclic,
        o.counterexamples
            .iter()
            .map(|c| (c.property, c.path.clone()))
            .collect::<Vec<_>>(),
        o.fingerprints.clone(),
    )
}

/// Checks `name` at `bounds` (the quick ones if empty) with the memo and without, and returns
/// the transitions the memo found and those taken in all.
fn both(fault: Option<Fault>, name: &str, bounds: &str) -> (usize, usize) {
    let c = configs::all()
        .into_iter()
        .find(|c| c.name() == name)
        .unwrap_or_else(|| panic!("no configuration {name}"));
    let bounds = c.quick.read(bounds).unwrap();
    let run = |memo| {
        let opts = Options {
            fault,
            memo,
            keep_fingerprints: true,
            ..Options::default()
        };
        proof::check(name, &c.setup, bounds, &opts).unwrap()
    };
    // The two checks at once, one on each processor.
    let (with, without) = std::thread::scope(|s| {
        let with = s.spawn(|| run(true));
        let without = run(false);
        (with.join().expect("the check with the memo"), without)
    });
    assert_eq!(summary(&with), summary(&without), "{name}, fault {fault:?}");
    assert_eq!(without.kept, 0);
    (with.kept, with.states)
}

#[test]
fn the_memo_changes_nothing_in_any_configuration() {
    for c in configs::all() {
        both(None, &c.name(), "");
    }
}

/// Under a fault the engine and the spec part ways: such transitions are never kept, and the
/// ones kept (a violation found again from another turn) lead to the same verdicts and the
/// same counterexamples.
#[test]
fn the_memo_changes_nothing_under_a_fault() {
    for (fault, name) in [
        (Fault::CountPasses, "war/chain"),
        (Fault::LastSeatSkipped, "war/chain"),
        (Fault::CounteredItemResolves, "skirmish/chain"),
        (Fault::LeaverItemsNotCountered, "war/chain"),
        (Fault::PriorityStaysWithLeaver, "skirmish/showdown"),
        (Fault::TurnRestartsAtFirstSeat, "war/showdown"),
    ] {
        let (kept, states) = both(Some(fault), name, "turns=6");
        eprintln!("{fault} {name}: {kept} of {states}");
        assert!(kept > 0, "{fault} in {name}: the memo found nothing");
    }
}

/// Where one engine-and-spec pair stands in many states (the turns counted apart), the memo
/// finds most transitions, and the check is the one without it.
#[test]
fn a_long_game_of_few_pairs_is_the_same_with_the_memo() {
    let (kept, states) = both(None, "war/chain", "turns-begun=40,concessions=3");
    assert!(
        kept * 10 > states * 8,
        "{kept} of {states} transitions found"
    );
}
