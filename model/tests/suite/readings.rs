//! `riftcheck readings`: two readings of a policy set side by side part ways where they should,
//! the situation is a shortest one, and each reading's scenario pins that reading (it fails
//! under the other).

use riftbound_check::configs;
use riftbound_check::readings::probes::{self, Start};
use riftbound_check::readings::side_by_side::{
    Verdict, alternatives, scenario, search, search_stepping,
};
use riftcheck::Scenario;
use riftcheck::{Action, Engine};

fn alternative(
    policy: &str,
    reading: &str,
) -> riftbound_check::readings::side_by_side::Alternative {
    let (alts, _) = alternatives(&[policy.to_string()]).unwrap();
    *alts
        .iter()
        .find(|a| a.reading.key == reading)
        .unwrap_or_else(|| panic!("{policy} has no reading {reading}"))
}

/// Each side's scenario passes under its own reading and fails under the other.
fn pins_each_reading(policy: &str, reading: &str) -> usize {
    let alt = alternative(policy, reading);
    let f = search(alt, &probes::defaults(true), 5_000_000);
    let Verdict::Parted(p) = &f.verdict else {
        panic!(
            "{policy}: {reading} never parts from the default: {:?}",
            f.verdict
        );
    };
    assert!(!p.path.is_empty());
    for side in 0..2 {
        let s = scenario(&alt, p, side);
        // Through the file format and back, as `--out` writes it.
        let s = Scenario::parse(&s.to_toml()).unwrap();
        let r = s.replay().unwrap();
        assert!(r.passed(), "{policy} side {side}: {:?}", r.failures);
        let mut swapped = s.clone();
        swapped.setup.readings = scenario(&alt, p, 1 - side).setup.readings;
        let r = swapped.replay().unwrap();
        assert!(
            !r.passed(),
            "{policy} side {side} passes under the other reading too"
        );
    }
    p.path.len()
}

#[test]
fn teammate_destination_parts_where_a_teammate_controls_but_does_not_occupy() {
    let alt = alternative("teammate-destination", "controlled");
    let f = search(alt, &probes::defaults(true), 5_000_000);
    let Verdict::Parted(p) = &f.verdict else {
        panic!("never parted");
    };
    // The policy is about teammates: only a team mode can separate the readings.
    assert!(p.config.starts_with("magma-chamber/"), "{}", p.config);
    assert_eq!(f.configs, 9, "every Magma Chamber configuration, no other");
    pins_each_reading("teammate-destination", "controlled");
}

#[test]
fn leavers_durations_part_at_the_concession() {
    let steps = pins_each_reading("leaver-durations", "run-their-course");
    // Play the effect (a play and a round of passes), then concede: nothing shorter shows it.
    assert_eq!(steps, 5);
}

#[test]
fn the_search_is_deterministic() {
    let alt = alternative("leaver-durations", "run-their-course");
    let a = search(alt, &probes::defaults(true), 5_000_000);
    let b = search(alt, &probes::defaults(true), 5_000_000);
    let (Verdict::Parted(x), Verdict::Parted(y)) = (&a.verdict, &b.verdict) else {
        panic!("never parted");
    };
    assert_eq!(
        (&x.config, &x.path, a.states),
        (&y.config, &y.path, b.states)
    );
}

#[test]
fn readings_that_a_configuration_cannot_separate_are_reported_as_such() {
    // In a Duel's Chain family nobody leaves, so what becomes of a leaver's effects never shows.
    let alt = alternative("leaver-durations", "run-their-course");
    let duel: Vec<_> = configs::all()
        .into_iter()
        .filter(|c| c.name() == "duel/chain")
        .map(|c| Start::of(&c))
        .collect();
    let f = search(alt, &duel, 5_000_000);
    assert!(matches!(f.verdict, Verdict::Same), "{:?}", f.verdict);
    assert!(f.states > 0);
    let f = search(alt, &probes::defaults(true), 10);
    assert!(matches!(f.verdict, Verdict::Cut), "{:?}", f.verdict);
}

/// An engine that panics under the readings is a finding with the steps that led there, never
/// the end of the search (`readings` then exits 1).
#[test]
fn a_panic_under_a_reading_is_a_finding_with_its_steps() {
    let alt = alternative("leaver-durations", "run-their-course");
    let f = search_stepping(alt, &probes::defaults(true), 5_000_000, |game, action| {
        if matches!(action, Action::Concede { .. }) {
            panic!("this engine cannot seat fewer players");
        }
        game.apply(action)
    });
    let Verdict::Panicked(p) = &f.verdict else {
        panic!("no panic found: {:?}", f.verdict);
    };
    assert_eq!(p.said, "this engine cannot seat fewer players");
    assert!(
        matches!(p.path.last(), Some(Action::Concede { .. })),
        "{:?}",
        p.path
    );
    assert_eq!(p.path.len(), p.steps.len());
    // The shortest way there: the first concession on offer is the first step.
    assert_eq!(p.path.len(), 1, "{:?}", p.steps);
}

#[test]
fn a_name_that_is_not_a_policy_is_refused() {
    assert!(alternatives(&["no-such-policy".to_string()]).is_err());
    // A rule with misreadings is not a policy: its readings are faults.
    assert!(alternatives(&["kill".to_string()]).is_err());
    let out = crate::common::program()
        .args(["readings", "no-such-policy"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a policy"));
    let out = crate::common::program()
        .args([
            "check",
            "--quick",
            "--policy",
            "pass-record=consecutive-count",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--fault count-passes"));
    // No pair of games at all is no search: refused, not reported as "not separated".
    let out = crate::common::program()
        .args(["readings", "--max-states", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--max-states"));
}

#[test]
fn the_command_prints_both_outcomes_and_writes_a_scenario_per_reading() {
    let dir = crate::common::scratch("out");
    let out = crate::common::program()
        .args(["readings", "leaver-durations", "--no-properties", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Under reading end-at-once: A concedes."),
        "{text}"
    );
    assert!(
        text.contains("Under reading run-their-course: A concedes."),
        "{text}"
    );
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
    assert_eq!(files.len(), 2);
    for f in files {
        let s = Scenario::load(&f.path()).unwrap();
        assert!(s.replay().unwrap().passed(), "{}", f.path().display());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `docs/readings.md` is what `riftcheck readings --format markdown` prints: its table names
/// every other reading of every policy, and each divergence it reports is found again where it
/// says, after as many steps (a policy that never parts is searched for a while and does not).
#[test]
fn the_readings_document_is_consistent_with_the_engine() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/readings.md"))
        .unwrap();
    let (alts, single) = alternatives(&[]).unwrap();
    let rows: Vec<Vec<String>> = doc
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().trim_matches('`').to_string())
                .collect()
        })
        .collect();
    assert_eq!(
        rows.len(),
        alts.len() + single.len(),
        "docs/readings.md is out of date: `riftcheck readings --format markdown` rewrites it"
    );
    for name in &single {
        assert!(rows.iter().any(|r| r[0] == *name && r[1] == "-"), "{name}");
    }
    let quick = probes::defaults(true);
    let mut parted = 0;
    for alt in &alts {
        let row = rows
            .iter()
            .find(|r| r[0] == alt.point.key && r[2] == alt.reading.key)
            .unwrap_or_else(|| {
                panic!(
                    "{} {} is not in the document",
                    alt.point.key, alt.reading.key
                )
            });
        assert_eq!(row[1], alt.default_reading().key);
        let parts = &row[3];
        if parts == "never" {
            let f = search(*alt, &quick, 50_000);
            assert!(
                !matches!(f.verdict, Verdict::Parted(_)),
                "{}",
                alt.point.key
            );
            continue;
        }
        // `war/chain, 4 step(s)` or `not in the default configurations; scenario
        // policies/F.toml, 1 step(s)`.
        let (place, steps) = parts.rsplit_once(", ").unwrap();
        let steps: usize = steps.trim_end_matches(" step(s)").parse().unwrap();
        let starts: Vec<Start> = match place.split_once("scenario ") {
            Some((_, file)) => probes::probes(alt.point.key)
                .into_iter()
                .filter(|s| s.name.ends_with(file))
                .collect(),
            None => quick.iter().filter(|s| s.name == place).cloned().collect(),
        };
        assert_eq!(starts.len(), 1, "{place}");
        let f = search(*alt, &starts, 5_000_000);
        let Verdict::Parted(p) = &f.verdict else {
            panic!(
                "{} {}: no longer parts in {place}",
                alt.point.key, alt.reading.key
            );
        };
        assert_eq!(p.path.len(), steps, "{} {}", alt.point.key, alt.reading.key);
        parted += 1;
    }
    // The policies (section 3 of the rules reference, and leaver-durations) some other
    // reading of which parts from the project's.
    let separated: std::collections::BTreeSet<&str> = rows
        .iter()
        .filter(|r| r[3] != "never" && r[1] != "-")
        .map(|r| r[0].as_str())
        .collect();
    assert!(parted >= 12 && separated.len() >= 12, "{separated:?}");
}
