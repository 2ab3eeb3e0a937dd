//! Unit tests of the MTG scenario format: sentences, names, errors, and replay.

use super::{Aim, Chosen, MtgScenario, ObjRef, Sentence};
use crate::mtg::MtgFault;
use crate::scenario::{ErrorKind, ScenarioError};
use mtg_vocabulary::types::{ObjId, Player};

const TABLE: &str = r#"ruleset = "mtg"
title = "t"
steps = STEPS

[setup]
players = 3

[[setup.cards]]
card = "mind-control"
owner = "A"
zone = "hand"

[[setup.cards]]
card = "assault-griffin"
owner = "B"
zone = "battlefield"

[[setup.cards]]
card = "myr"
owner = "C"
zone = "battlefield"
"#;

fn with_steps(steps: &str) -> Result<MtgScenario, ScenarioError> {
    MtgScenario::parse(&TABLE.replace("STEPS", steps), Some("t.toml"))
}

#[test]
fn sentences_name_players_objects_and_numbers() {
    let s = with_steps(
        r#"["A casts Mind Control targeting Assault Griffin", "B chooses C", "B chooses 2",
           "C chooses Myr token 1", "A attacks B with Myr token 2", "B declines", "A passes."]"#,
    )
    .unwrap();
    let a = Player(0);
    let b = Player(1);
    assert_eq!(
        s.steps[0],
        Sentence::Cast(
            a,
            ObjRef::Setup(ObjId(0)),
            Some(Aim::Object(ObjRef::Setup(ObjId(1))))
        )
    );
    assert_eq!(s.steps[1], Sentence::Choose(b, Chosen::Player(Player(2))));
    assert_eq!(s.steps[2], Sentence::Choose(b, Chosen::Number(2)));
    assert_eq!(
        s.steps[3],
        Sentence::Choose(Player(2), Chosen::Object(ObjRef::Setup(ObjId(2))))
    );
    assert_eq!(s.steps[4], Sentence::Attack(a, b, ObjRef::Token(2)));
    assert_eq!(s.steps[5], Sentence::Decline(b));
    assert_eq!(s.steps[6], Sentence::Pass(a));
    assert_eq!(s.names[2], "Myr token 1");
}

#[test]
fn a_bad_step_is_located_at_its_word() {
    let e = with_steps(r#"["A passes", "B casts Mind Contro"]"#).unwrap_err();
    assert_eq!((e.line, e.column, &e.kind), (3, 31, &ErrorKind::Invalid));
    assert!(e.to_string().starts_with("t.toml:3:31: step 2"), "{e}");
    let e = with_steps(r#"["A"]"#).unwrap_err();
    assert!(e.message.starts_with("step 1: "), "{e}");
    let e = with_steps(r#"["A passes now"]"#).unwrap_err();
    assert_eq!((e.line, e.column), (3, 20));
}

#[test]
fn a_token_not_yet_created_fails_the_step_not_the_reader() {
    let s = with_steps(r#"["A attacks B with Myr token 2"]"#).unwrap();
    let r = s.replay();
    assert_eq!(r.failures.len(), 1, "{:?}", r.failures);
    assert!(r.failures[0].actual.contains("no Myr token 2"));
}

#[test]
fn a_refused_step_is_a_failure_naming_the_refusal() {
    let s = with_steps(r#"["B passes"]"#).unwrap();
    let r = s.replay();
    assert!(
        r.failures[0].actual.contains("does not hold priority"),
        "{:?}",
        r.failures
    );
    let s = with_steps(r#"["B passes -> refused", "A passes"]"#).unwrap();
    assert!(s.replay().passed());
    assert!(s.replay_with_fault(MtgFault::PriorityKept).passed());
    // Named, the refusal must be that one.
    let s = with_steps(r#"["B passes -> refused (NoPriority)", "A passes"]"#).unwrap();
    assert!(s.replay().passed(), "{:?}", s.replay().failures);
    let s = with_steps(r#"["B passes -> refused (GameOver)", "A passes"]"#).unwrap();
    let f = &s.replay().failures[0];
    assert_eq!((f.step, f.key.as_str()), (1, "step"));
    assert_eq!(f.expected, "`B passes` to be refused (GameOver)");
    assert!(f.actual.contains("refused it (NoPriority)"), "{f:?}");
    // A step the engine takes fails a step expected refused.
    let s = with_steps(r#"["A passes -> refused"]"#).unwrap();
    assert!(s.replay().failures[0].actual.ends_with("accepted it"));
}

#[test]
fn a_step_expected_refused_is_written_as_in_a_riftbound_file() {
    // The old mark, an unknown refusal and a word other than `refused` are located.
    for (steps, column, says) in [
        (
            r#"["A passes", "B passes (refused)"]"#,
            32,
            "ends with `-> refused`, not `(refused)`",
        ),
        (
            r#"["B passes -> refused (Nope)"]"#,
            32,
            "`Nope` is not one of MTG's refusals",
        ),
        (r#"["B passes -> taken"]"#, 23, "after `->` write `refused`"),
    ] {
        let e = with_steps(steps).unwrap_err();
        assert!(e.message.contains(says), "{steps}: {e}");
        assert_eq!(e.column, column, "{steps}: {e}");
    }
}

#[test]
fn names_must_be_unique_and_unambiguous() {
    for (name, says) in [
        ("B", "player's letter"),
        ("12", "number"),
        ("Myr token 3", "how tokens are named"),
        ("Mind Control", "two objects are named"),
    ] {
        let text = format!(
            "{}\n[[setup.cards]]\ncard = \"serra-angel\"\nowner = \"A\"\nzone = \"hand\"\nname = \"{name}\"\n",
            TABLE.replace("STEPS", "[]")
        );
        let e = MtgScenario::parse(&text, None).unwrap_err();
        assert!(e.message.contains(says), "{name}: {e}");
        let line = text.lines().position(|l| l.starts_with("name =")).unwrap() + 1;
        assert_eq!((e.line, e.column), (line, 8), "{e}");
    }
}

#[test]
fn no_bytes_make_the_reader_panic() {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let base = TABLE.replace("STEPS", r#"["A passes", "B chooses 2"]"#);
    for _ in 0..2000 {
        let mut bytes = base.clone().into_bytes();
        for _ in 0..3 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let i = (seed % bytes.len() as u64) as usize;
            let pool = b"\"[]={}, \nAZ0'\\#.x";
            bytes[i] = pool[(seed >> 32) as usize % pool.len()];
        }
        if let Ok(text) = String::from_utf8(bytes)
            && let Ok(s) = MtgScenario::parse(&text, None)
        {
            let _ = s.render();
        }
    }
}

/// MTG's schema and the tables serde reads a file into agree, as Riftbound's do: the same keys,
/// the same required keys, and every value the schema accepts read.
#[test]
fn the_schema_and_the_raw_tables_agree() {
    use super::expect::RawExpect;
    use super::parse::{CARD, EXPECT, RawCard, RawScenario, RawSetup, SCENARIO, SETUP};
    use crate::scenario::schema::agreement::{agree, reads};
    agree(SCENARIO, reads::<RawScenario>);
    agree(SETUP, reads::<RawSetup>);
    agree(CARD, reads::<RawCard>);
    agree(EXPECT, reads::<RawExpect>);
}

/// The file is TOML read as a Riftbound file is: a byte-order mark is dropped, and a key written
/// twice is said so at its place.
#[test]
fn a_byte_order_mark_and_a_key_written_twice_are_read_as_in_a_riftbound_file() {
    let text = TABLE.replace("STEPS", r#"["A passes"]"#);
    let with_bom = format!("\u{feff}{text}");
    assert!(super::declares_mtg(&with_bom));
    let s = MtgScenario::parse(&with_bom, None).expect("a byte-order mark is dropped");
    assert_eq!(s.steps.len(), 1);
    let twice = text.replacen("title = \"t\"", "title = \"t\"\ntitle = \"u\"", 1);
    let e = MtgScenario::parse(&twice, None).unwrap_err();
    assert_eq!((e.line, e.column), (3, 1), "{e}");
    assert!(e.message.contains("`title` is written twice"), "{e}");
}
