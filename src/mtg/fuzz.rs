//! The MTG ruleset's fuzz law, shared by the `mtg_lockstep` fuzz target and the property test
//! `tests/suite/mtg_lockstep.rs`: from arbitrary bytes, a table and a run of actions, stepped on the
//! MTG engine and the MTG spec together. They must accept the same actions and show the same
//! after every step (events included), and a refused action must change neither. A breach
//! panics with what differed.

use arbitrary::{Result, Unstructured};

use super::engine::MtgGame;
use crate::engine::Engine;
use mtg_spec::MtgSpec;
use mtg_vocabulary::setup::{CardAt, MtgSetup};
use mtg_vocabulary::types::{Card, Player, Step, Zone};

/// A table from `u`: 2 to 4 players at low life (so that combat can end a player), any starting
/// step, up to two more turns, up to eight cards anywhere they may start, perhaps a rule's
/// choice and a planar controller.
///
/// # Errors
///
/// When `u` runs out of bytes.
pub fn table(u: &mut Unstructured<'_>) -> Result<MtgSetup> {
    let players = u.int_in_range(2u8..=4)?;
    let seat = |p: u8| Player(p % players);
    let zones = [
        Zone::Library,
        Zone::Hand,
        Zone::Battlefield,
        Zone::Graveyard,
        Zone::Exile,
        Zone::Ante,
    ];
    let count = u.int_in_range(0usize..=8)?;
    let mut cards = Vec::with_capacity(count);
    for _ in 0..count {
        let card = *u.choose(&Card::ALL)?;
        let owner = seat(u.arbitrary()?);
        let mut zone = *u.choose(&zones)?;
        // A Mind Control on the battlefield needs its creature and a Life Mirror its choice:
        // they start in the hand; a token starts on the battlefield and nowhere else.
        if card == Card::Myr {
            zone = Zone::Battlefield;
        } else if zone == Zone::Battlefield
            && (!card.is_permanent() || card == Card::MindControl || card == Card::LifeMirror)
        {
            zone = Zone::Hand;
        }
        cards.push(CardAt::new(card, owner, zone));
    }
    Ok(MtgSetup {
        players,
        life: u.int_in_range(1i16..=6)?,
        active: seat(u.arbitrary()?),
        step: *u.choose(&[Step::Main, Step::Combat, Step::End])?,
        turns: u.int_in_range(0u8..=2)?,
        cards,
        rule_choice: if u.arbitrary()? {
            Some(seat(u.arbitrary()?))
        } else {
            None
        },
        planar_controller: if u.arbitrary()? {
            Some(seat(u.arbitrary()?))
        } else {
            None
        },
    })
}

/// The law: see the module's documentation.
///
/// # Panics
///
/// When the engine and the spec part ways, or a refusal changes a game.
pub fn lockstep(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(setup) = table(&mut u) else { return };
    if setup.validate().is_err() {
        return;
    }
    let (Ok((mut engine, events)), Ok((mut spec, spec_events))) =
        (MtgGame::start(&setup), MtgSpec::start(&setup))
    else {
        panic!("a valid setup is refused: {setup:?}");
    };
    assert_eq!(events, spec_events, "the start's events differ: {setup:?}");
    assert_eq!(
        engine.observe(),
        spec.observe(),
        "the start differs: {setup:?}"
    );
    let mut actions = Vec::new();
    for _ in 0..200 {
        let Ok(pick) = u.arbitrary::<u16>() else {
            return;
        };
        actions.clear();
        engine.well_formed(&mut actions);
        // Mostly legal actions, so that games get somewhere; now and then any action.
        let legal: Vec<_> = actions
            .iter()
            .copied()
            .filter(|&a| engine.check(a).is_ok())
            .collect();
        let pool = if pick % 5 == 0 || legal.is_empty() {
            &actions
        } else {
            &legal
        };
        let Some(&action) = pool.get(usize::from(pick) % pool.len().max(1)) else {
            return;
        };
        let before = engine.observe();
        match (
            crate::engine::step(&mut engine, action),
            crate::engine::step(&mut spec, action),
        ) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "after {action}: {setup:?}"),
            (Err(_), Err(_)) => {
                assert_eq!(
                    engine.observe(),
                    before,
                    "refusing {action} changed the engine"
                );
                assert_eq!(spec.observe(), before, "refusing {action} changed the spec");
            }
            (a, b) => panic!(
                "{action}: the engine {:?}, the spec {:?}: {setup:?}",
                a.err(),
                b.err()
            ),
        }
    }
}
