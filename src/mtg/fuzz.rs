//! The MTG ruleset's fuzz law, shared by the `mtg_lockstep` fuzz target and the property test
//! `tests/suite/mtg_lockstep.rs`: from arbitrary bytes, a table and a run of actions, stepped on the
//! MTG engine and the MTG spec together, through the oracle's lockstep as the checker's model
//! steps them. They must refuse the same actions for the same rule, accept the same others and
//! show the same after every step (events included), and a refused action must change neither.
//! A breach panics with what differed.

use arbitrary::{Result, Unstructured};

use super::engine::MtgGame;
use crate::engine::Engine;
use crate::oracle::{Lockstep, Stepped};
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
    let (Ok((engine, events)), Ok((spec, spec_events))) =
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
    let mut pair = Lockstep::new(engine, spec);
    let mut actions = Vec::new();
    for _ in 0..200 {
        let Ok(pick) = u.arbitrary::<u16>() else {
            return;
        };
        actions.clear();
        pair.engine.well_formed(&mut actions);
        // Mostly legal actions, so that games get somewhere; now and then any action.
        let legal: Vec<_> = actions
            .iter()
            .copied()
            .filter(|&a| pair.engine.check(a).is_ok())
            .collect();
        let pool = if pick % 5 == 0 || legal.is_empty() {
            &actions
        } else {
            &legal
        };
        let Some(&action) = pool.get(usize::from(pick) % pool.len().max(1)) else {
            return;
        };
        let before = pair.engine.observe();
        // The one step of the lockstep (the refusals compared by rule first, then both take it
        // and what an observer sees of each is compared), as the checker's model takes it.
        match pair.step_by(action, |ours, theirs| (ours != theirs).then_some(())) {
            Stepped::Refused(_) => {
                // Both refuse, for the same rule: taking it is refused too, and changes nothing.
                let taken = (
                    crate::engine::step(&mut pair.engine, action),
                    crate::engine::step(&mut pair.spec, action),
                );
                assert!(
                    taken.0.is_err() && taken.1.is_err(),
                    "{action}: refused when checked, taken when applied: {setup:?}"
                );
                assert_eq!(
                    pair.engine.observe(),
                    before,
                    "refusing {action} changed the engine"
                );
                assert_eq!(
                    pair.spec.observe(),
                    before,
                    "refusing {action} changed the spec"
                );
            }
            Stepped::Agreed(_) => {}
            Stepped::Disagreed(d, both) => panic!("{action}: {d:?} {both:?}: {setup:?}"),
        }
    }
}
