//! `riftcheck diverge`: every situation's two scenarios replay and pass, enough situations
//! differ and each says how on both sides, the output is deterministic, and
//! `docs/riftbound-vs-mtg.md` is the Markdown output (`RIFTCHECK_BLESS=1` rewrites it).

use std::path::PathBuf;

use riftcheck::Scenario;
use riftcheck::mtg::scenario::MtgScenario;
use riftcheck_rulebook::diverge::{self, DivergeFormat, MtgSide, RiftSide, situations};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn every_side_is_a_file_that_replays_and_passes() {
    let all = situations();
    assert!(all.len() >= 10, "only {} situations", all.len());
    for s in &all {
        // The embedded text is the file's.
        let rb = root().join(s.riftbound.file);
        let text = std::fs::read_to_string(&rb).unwrap_or_else(|e| panic!("{}: {e}", rb.display()));
        assert_eq!(text, s.riftbound.text, "{}", s.riftbound.file);
        let replay = Scenario::load(&rb)
            .unwrap_or_else(|e| panic!("{e}"))
            .replay()
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(
            replay.passed(),
            "{}: {:?}",
            s.riftbound.file,
            replay.failures
        );

        let mtg = root().join(s.mtg.file);
        let text =
            std::fs::read_to_string(&mtg).unwrap_or_else(|e| panic!("{}: {e}", mtg.display()));
        assert_eq!(text, s.mtg.text, "{}", s.mtg.file);
        let replay = MtgScenario::load(&mtg)
            .unwrap_or_else(|e| panic!("{e}"))
            .replay();
        assert!(replay.passed(), "{}: {:?}", s.mtg.file, replay.failures);
    }
}

#[test]
fn enough_situations_differ_and_say_how() {
    let all = diverge::compare().unwrap_or_else(|e| panic!("{e}"));
    let differ: Vec<_> = all.iter().filter(|c| c.differs()).collect();
    assert!(differ.len() >= 8, "only {} situations differ", differ.len());
    for c in &all {
        for side in [&c.riftbound, &c.mtg] {
            assert!(!side.outcome.sentence.is_empty(), "{}", c.key);
            assert!(!side.rules.is_empty(), "{}: {}", c.key, side.file);
            assert!(
                side.rules
                    .iter()
                    .all(|r| r.starts_with(|x: char| x.is_ascii_digit())),
                "{}: {:?}",
                c.key,
                side.rules
            );
            // The sentence cites a rule number too.
            assert!(
                side.outcome.sentence.contains(|x: char| x.is_ascii_digit()),
                "{}: {}",
                c.key,
                side.outcome.sentence
            );
        }
        assert!(
            c.riftbound.rules.iter().all(|r| !r.starts_with("800.")),
            "{}",
            c.key
        );
        assert!(
            c.mtg
                .rules
                .iter()
                .any(|r| r.starts_with("800.") || r.starts_with("104.")),
            "{}",
            c.key
        );
    }
    let keys: std::collections::BTreeSet<_> = all.iter().map(|c| c.key).collect();
    assert_eq!(keys.len(), all.len(), "keys are unique");
}

#[test]
fn the_output_is_deterministic() {
    for f in [DivergeFormat::Text, DivergeFormat::Markdown] {
        let a = diverge::report(f).unwrap_or_else(|e| panic!("{e}"));
        let b = diverge::report(f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a, b);
        assert!(a.contains("652.1") && a.contains("800.4a"));
    }
}

#[test]
fn the_document_is_the_markdown_output() {
    let md = diverge::report(DivergeFormat::Markdown).unwrap_or_else(|e| panic!("{e}"));
    let path = root().join(diverge::DOC);
    if std::env::var_os("RIFTCHECK_BLESS").is_some() {
        std::fs::write(&path, &md).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    let doc = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        doc == md,
        "{} is out of date: run RIFTCHECK_BLESS=1 cargo test --release -p riftcheck-model --test \
         diverge",
        diverge::DOC
    );
}

#[test]
fn a_side_that_fails_is_reported_with_its_file() {
    let all = situations();
    let s = &all[0];
    // Riftbound: the same file expecting something else fails, and the error names the file.
    let broken = s.riftbound.text.replace("A's Banishment", "A's Trash");
    let side = RiftSide {
        file: "tests/scenarios/broken.toml",
        text: Box::leak(broken.into_boxed_str()),
        ..s.riftbound
    };
    let e = diverge::riftbound_side(&side).expect_err("a failing replay");
    assert!(
        e.starts_with("tests/scenarios/broken.toml: the replay fails"),
        "{e}"
    );
    // MTG: likewise.
    let broken = s.mtg.text.replace(
        r#"controllers = { "Assault Griffin" = "B" }"#,
        r#"controllers = { "Assault Griffin" = "C" }"#,
    );
    let side = MtgSide {
        file: "tests/mtg/scenarios/broken.toml",
        text: Box::leak(broken.into_boxed_str()),
        ..s.mtg
    };
    let e = diverge::mtg_side(&side).expect_err("a failing replay");
    assert!(
        e.starts_with("tests/mtg/scenarios/broken.toml: the replay fails"),
        "{e}"
    );
    // A reader that finds no outcome it knows is an error too, naming the file.
    let side = RiftSide {
        read: |r| diverge::riftbound::fate(r, "Nobody"),
        ..s.riftbound
    };
    let e = diverge::riftbound_side(&side).expect_err("no outcome");
    assert!(e.starts_with(s.riftbound.file), "{e}");
}
