//! The MTG engine and the MTG spec, stepped together on random tables and random actions
//! (`riftcheck::mtg::fuzz::lockstep`, the law the `mtg_lockstep` fuzz target runs): they accept
//! the same actions and show the same after every step (events included), and a refused action
//! changes nothing. The model checker covers the built-in configurations exhaustively; this
//! covers tables it does not (other life totals, starting steps, zones and card mixes).

use proptest::prelude::*;
use riftcheck::mtg::fuzz::{lockstep, table};

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn the_mtg_engine_and_spec_agree_on_random_games(
        data in proptest::collection::vec(any::<u8>(), 0..600),
    ) {
        lockstep(&data);
    }
}

/// The bytes reach tables of every size, and games of some length.
#[test]
fn the_tables_are_varied() {
    let mut sizes = std::collections::BTreeSet::new();
    let mut seed = 1u64;
    for _ in 0..300 {
        let bytes: Vec<u8> = (0..200)
            .map(|_| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (seed >> 33) as u8
            })
            .collect();
        let mut u = arbitrary::Unstructured::new(&bytes);
        if let Ok(s) = table(&mut u) {
            sizes.insert((s.players, s.cards.len().min(4)));
        }
    }
    assert!(sizes.len() >= 9, "{sizes:?}");
}

/// What the fuzz target found stays fixed: every `seed-regression-*` of its corpus passes.
#[test]
fn the_fuzz_findings_stay_fixed() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/mtg_lockstep");
    let mut found = 0;
    for entry in std::fs::read_dir(&dir).expect("the corpus is there") {
        let path = entry.expect("an entry").path();
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        if name.starts_with("seed-regression-") {
            lockstep(&std::fs::read(&path).expect("readable"));
            found += 1;
        }
    }
    assert!(found >= 1, "no regression seeds in {}", dir.display());
}
