//! Every MTG scenario under `tests/mtg/scenarios/` replays on the reference MTG engine and meets
//! its expectations; the engine's known faults each break at least one of them; every file under
//! `tests/mtg/malformed/` is refused at the line (and column) its first line promises.

use crate::corpus::toml_files;
use std::path::Path;

use riftcheck::mtg::MtgFault;
use riftcheck::mtg::scenario::MtgScenario;
use riftcheck::mtg::spec::MtgSpec;

fn scenarios() -> Vec<MtgScenario> {
    toml_files("tests/mtg/scenarios")
        .iter()
        .map(|p| MtgScenario::load(p).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

fn load(name: &str) -> MtgScenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/mtg/scenarios")
        .join(name);
    MtgScenario::load(path).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_mtg_scenario_replays_and_meets_its_expectations() {
    let paths = toml_files("tests/mtg/scenarios");
    assert!(paths.len() >= 20, "only {} MTG scenarios", paths.len());
    let mut failed = Vec::new();
    for path in &paths {
        let s = match MtgScenario::load(path) {
            Ok(s) => s,
            Err(e) => {
                failed.push(e.to_string());
                continue;
            }
        };
        assert!(!s.rules.is_empty(), "{}: no rules", path.display());
        assert!(
            s.description.is_some(),
            "{}: no description",
            path.display()
        );
        for f in s.replay().failures {
            failed.push(format!("{}: {f}", path.display()));
        }
        // The spec, a second reading of the same game, meets them too.
        for f in s.replay_on::<MtgSpec>().failures {
            failed.push(format!("{} (on the spec): {f}", path.display()));
        }
    }
    assert!(
        failed.is_empty(),
        "{} failures:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

/// Every sub-rule of 800.4 has a scenario of its own, named after it.
#[test]
fn every_sub_rule_has_a_scenario() {
    let names: Vec<String> = toml_files("tests/mtg/scenarios")
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    for sub in [
        "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "m", "n",
    ] {
        let prefix = format!("800_4{sub}_");
        assert!(
            names.iter().any(|n| n.starts_with(&prefix)),
            "no scenario for 800.4{sub}"
        );
    }
}

/// Each fault of the engine makes at least one scenario fail.
#[test]
fn every_fault_breaks_a_scenario() {
    let all = scenarios();
    let mut uncaught = Vec::new();
    for fault in MtgFault::ALL {
        if !all.iter().any(|s| !s.replay_with_fault(fault).passed()) {
            uncaught.push(fault.key());
        }
    }
    assert!(uncaught.is_empty(), "no scenario catches {uncaught:?}");
}

/// The seed's first example is caught by the fault that exiles the stolen creature.
#[test]
fn stolen_exiled_breaks_the_mind_control_example() {
    let s = load("seed_004_mind_control_alex_leaves.toml");
    assert!(s.replay().passed());
    let r = s.replay_with_fault(MtgFault::StolenExiled);
    assert!(
        r.failures.iter().any(|f| f.key.contains("Assault Griffin")),
        "{:?}",
        r.failures
    );
}

/// A few faults and the very scenario each must break.
#[test]
fn named_faults_break_their_scenarios() {
    let cases = [
        (MtgFault::PriorityKept, "800_4a_priority_passes_on.toml"),
        (MtgFault::TokenForLeaver, "800_4b_token_for_leaver.toml"),
        (MtgFault::DamageToLeaver, "800_4e_attack_on_conceder.toml"),
        (MtgFault::TurnForLeaver, "800_4j_leaver_turn_skipped.toml"),
        (MtgFault::AnteLeaves, "800_4m_ante_stays.toml"),
        (MtgFault::PlanarLeaves, "800_4n_planar_controller.toml"),
        (
            MtgFault::StaysInCombat,
            "800_4a_act_of_treason_attacker_leaves_combat.toml",
        ),
        (
            MtgFault::LeaverTriggerPut,
            "seed_004_astral_slide_bianca_leaves.toml",
        ),
    ];
    for (fault, file) in cases {
        let s = load(file);
        assert!(s.replay().passed(), "{file}: {:?}", s.replay().failures);
        assert!(
            !s.replay_with_fault(fault).passed(),
            "{} does not break {file}",
            fault.key()
        );
    }
}

/// The rendering is a paragraph naming the steps and the rules they cite.
#[test]
fn render_tells_the_example() {
    let text = load("seed_004_mind_control_alex_leaves.toml").render();
    assert!(text.contains("A leaves the game"), "{text}");
    assert!(
        text.contains("Mind Control leaves the game with its owner (800.4a)"),
        "{text}"
    );
    assert!(
        text.contains("Assault Griffin is now controlled by B"),
        "{text}"
    );
    for s in scenarios() {
        let text = s.render();
        assert!(text.starts_with(&s.title), "{text}");
        assert!(!text.contains("Not as expected"), "{text}");
    }
}

/// What a malformed file's first line promises: `# expect: LINE:COL SUBSTRING`, as Riftbound's
/// malformed files do (`tests/suite/malformed.rs`).
fn header(path: &Path) -> (usize, usize, String) {
    let text = std::fs::read_to_string(path).expect("readable");
    let first = text.lines().next().unwrap_or("");
    let rest = first
        .strip_prefix("# expect: ")
        .unwrap_or_else(|| panic!("{}: no `# expect: LINE:COL TEXT`", path.display()));
    let (at, sub) = rest.split_once(' ').expect("LINE:COL TEXT");
    let (l, c) = at.split_once(':').expect("LINE:COL");
    (
        l.parse().expect("line"),
        c.parse().expect("column"),
        sub.to_string(),
    )
}

#[test]
fn every_malformed_mtg_file_is_refused_where_it_says() {
    let paths = toml_files("tests/mtg/malformed");
    assert!(paths.len() >= 8, "only {} malformed MTG files", paths.len());
    for path in &paths {
        let (line, column, sub) = header(path);
        let err = match MtgScenario::load(path) {
            Ok(_) => panic!("{}: accepted", path.display()),
            Err(e) => e,
        };
        let at = (err.line, err.column);
        assert_eq!(at, (line, column), "{}: {err}", path.display());
        assert!(
            err.to_string().contains(&sub),
            "{}: `{err}` does not say `{sub}`",
            path.display()
        );
        assert!(
            err.to_string().contains(&path.display().to_string()),
            "{err}"
        );
    }
}

/// No text makes the reader panic: every prefix of every scenario and malformed file.
#[test]
fn no_prefix_of_any_file_panics() {
    let mut all = toml_files("tests/mtg/scenarios");
    all.extend(toml_files("tests/mtg/malformed"));
    for path in all {
        let text = std::fs::read_to_string(&path).expect("readable");
        let mut cut = 0;
        while cut < text.len() {
            if text.is_char_boundary(cut) {
                let _ = MtgScenario::parse(&text[..cut], None);
            }
            cut += 7;
        }
    }
}

/// Print a scenario's rendering: `MTG_RENDER=file.toml cargo test -p riftcheck --test
/// mtg_scenarios print_render -- --nocapture`.
#[test]
fn print_render() {
    if let Ok(name) = std::env::var("MTG_RENDER") {
        let s = load(&name);
        println!("{}", s.render());
        for f in s.replay().failures {
            println!("FAIL {f}");
        }
    }
}

/// Print the errors of the malformed files: `MTG_MALFORMED=1 cargo test -p riftcheck --test
/// mtg_scenarios print_malformed -- --nocapture`.
#[test]
fn print_malformed() {
    if std::env::var("MTG_MALFORMED").is_ok() {
        for path in toml_files("tests/mtg/malformed") {
            match MtgScenario::load(&path) {
                Ok(_) => println!("{}: accepted", path.display()),
                Err(e) => println!("{e}"),
            }
        }
    }
}

/// An MTG file is read as a Riftbound one is, into the same error: one that is not UTF-8 is
/// refused at its first byte that is not, with the kind that says so.
#[test]
fn an_mtg_file_that_is_not_utf8_is_refused_at_the_byte() {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("riftcheck-mtg-latin1-{}.toml", std::process::id()));
    std::fs::write(&path, b"ruleset = \"mtg\"\ntitle = \"Caf\xe9\"\n").unwrap();
    let err = MtgScenario::load(&path).unwrap_err();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(err.kind, riftcheck::scenario::ErrorKind::NotUtf8, "{err}");
    assert_eq!((err.line, err.column), (2, 13), "{err}");
    assert!(err.to_string().contains("not UTF-8"), "{err}");
}

/// A file of either ruleset is read once and parsed by its ruleset's reader, each scenario as
/// its own reader makes it.
#[test]
fn any_scenario_reads_each_ruleset_with_its_reader() {
    use riftcheck::mtg::scenario::AnyScenario;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mtg = root.join("tests/mtg/scenarios/800_4a_priority_passes_on.toml");
    let riftbound = root.join("tests/scenarios/seed_000/two_borrowed_units.toml");
    match AnyScenario::load(&mtg) {
        Ok(AnyScenario::Mtg(s)) => assert_eq!(*s, load("800_4a_priority_passes_on.toml")),
        _ => panic!("{} is an MTG scenario", mtg.display()),
    }
    match AnyScenario::load(&riftbound) {
        Ok(AnyScenario::Riftbound(s)) => {
            assert_eq!(*s, riftcheck::Scenario::load(&riftbound).unwrap());
        }
        _ => panic!("{} is a Riftbound scenario", riftbound.display()),
    }
    let bad = root.join("tests/mtg/malformed/card_unknown.toml");
    let err = AnyScenario::load(&bad).err().expect("refused");
    assert_eq!(err, MtgScenario::load(&bad).unwrap_err());
}

/// A path with a step the spec refuses is written with the refusal named, as a Riftbound
/// counterexample's is, and the file reads back and replays as written.
#[test]
fn a_written_scenario_names_the_refusal_of_a_refused_step() {
    use riftcheck::mtg::scenario::write::{Heading, written};
    use riftcheck::mtg::{Action, Player, Refusal};
    let setup = load("800_4a_priority_passes_on.toml").setup;
    // A holds priority first: B's pass is refused, A's is taken.
    let path = [
        Action::Pass { player: Player(1) },
        Action::Pass { player: Player(0) },
    ];
    let heading = Heading {
        title: "B passes out of turn".into(),
        rules: vec!["117.1".into()],
        description: "B does not hold priority.".into(),
    };
    let text = written(&heading, &setup, &path);
    assert!(
        text.contains("\"B passes -> refused (NoPriority)\","),
        "{text}"
    );
    let back = MtgScenario::parse(&text, None).expect("a written file reads back");
    let r = back.replay();
    assert!(r.passed(), "{:?}", r.failures);
    // Every refusal's name is one of the names a file and an engine may give.
    let samples = [
        Refusal::GameOver,
        Refusal::Left(Player(0)),
        Refusal::NoSuchPlayer(Player(0)),
        Refusal::NoPriority(Player(0)),
        Refusal::ChoicePending,
        Refusal::NoChoice(Player(0)),
        Refusal::BadPick,
        Refusal::NotInHand,
        Refusal::WrongCard,
        Refusal::SorcerySpeed,
        Refusal::BadTarget,
        Refusal::NotDeclaring,
        Refusal::CannotAttack,
    ];
    assert_eq!(samples.map(Refusal::name), Refusal::NAMES);
}
