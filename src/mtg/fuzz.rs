//! The MTG ruleset's fuzz law, shared by the `mtg_lockstep` fuzz target and the property test
//! `tests/suite/mtg_lockstep.rs`: from arbitrary bytes, a table and a run of actions, stepped on the
//! MTG engine and the MTG spec together, through the oracle's lockstep as the checker's model
//! steps them. They must refuse the same actions for the same rule, accept the same others and
//! show the same after every step (events included), and a refused action must change neither.
//! A breach is shrunk (the core's shrinker, as every failure riftcheck reports) to the fewest
//! actions that still break the law, and panics with what differed, the scenario file of those
//! steps and its rulebook example, so that the fuzzer records the input and a person can replay
//! the file.

use arbitrary::{Result, Unstructured};

use super::engine::MtgGame;
use super::scenario::{MtgScenario, write};
use crate::engine::Engine;
use crate::oracle::{Disagreement, Lockstep, Stepped};
use mtg_spec::MtgSpec;
use mtg_vocabulary::setup::{CardAt, MtgSetup, MtgSetupErrors};
use mtg_vocabulary::types::{Action, Card, Player, Step, Zone};
use mtg_vocabulary::view::{Mtg, MtgEvent, MtgView};

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
/// When the engine and the spec part ways, or a refusal changes a game: the message holds the
/// shrunk breach as a scenario file and a rulebook example.
pub fn lockstep(data: &[u8]) {
    lockstep_on(data, MtgGame::start);
}

/// How the law starts the engine under test: the reference one, or one committing a fault.
pub type Start = fn(&MtgSetup) -> Result<(MtgGame, Vec<MtgEvent>), MtgSetupErrors>;

/// [`lockstep`] with the engine started by `start` (one committing a rule fault, to show that
/// the law finds it).
///
/// # Panics
///
/// As [`lockstep`].
pub fn lockstep_on(data: &[u8], start: Start) {
    let mut u = Unstructured::new(data);
    let Ok(setup) = table(&mut u) else { return };
    if setup.validate().is_err() {
        return;
    }
    let mut pair = match started(&setup, start) {
        Ok(pair) => pair,
        Err(breach) => panic!("{breach}: {setup:?}"),
    };
    let mut taken = Vec::new();
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
        taken.push(action);
        if step(&mut pair, action).is_err() {
            panic!("{}", reported(&setup, taken, start));
        }
    }
}

/// The engine and the spec set up from `setup`, after checking that they start alike.
fn started(setup: &MtgSetup, start: Start) -> Result<Lockstep<MtgGame, MtgSpec, Mtg>, String> {
    let (Ok((engine, events)), Ok((spec, spec_events))) = (start(setup), MtgSpec::start(setup))
    else {
        return Err("a valid setup is refused".into());
    };
    if events != spec_events {
        return Err(format!(
            "the start's events differ: {events:?} / {spec_events:?}"
        ));
    }
    if engine.observe() != spec.observe() {
        return Err("the start differs".into());
    }
    Ok(Lockstep::new(engine, spec))
}

/// One step of the law: the one step of the lockstep (the refusals compared by rule first,
/// then both take it and what an observer sees of each is compared), as the checker's model
/// takes it; and a refused action is refused when taken too, and changes neither game.
fn step(pair: &mut Lockstep<MtgGame, MtgSpec, Mtg>, action: Action) -> Result<(), String> {
    let before = pair.engine.observe();
    match pair.step_by(action, |ours, theirs| (ours != theirs).then_some(())) {
        Stepped::Refused(_) => {
            let taken = (
                crate::engine::step(&mut pair.engine, action),
                crate::engine::step(&mut pair.spec, action),
            );
            if taken.0.is_ok() || taken.1.is_ok() {
                return Err(format!(
                    "{action}: refused when checked, taken when applied"
                ));
            }
            if pair.engine.observe() != before {
                return Err(format!("refusing {action} changed the engine"));
            }
            if pair.spec.observe() != before {
                return Err(format!("refusing {action} changed the spec"));
            }
            Ok(())
        }
        Stepped::Agreed(_) => Ok(()),
        Stepped::Disagreed(d, both) => Err(format!("{action}: {}", parted(&d, both.as_deref()))),
    }
}

/// How the engine and the spec parted, in a line: who refused what, or the first thing an
/// observer sees differ afterwards (a field of the view).
fn parted(d: &Disagreement<Mtg>, both: Option<&(MtgView, MtgView)>) -> String {
    match d {
        Disagreement::ViewsDiffer(()) => {
            // The first field of the view (as it serializes) an observer sees differ.
            let json = |v: &MtgView| serde_json::to_value(v).unwrap_or_default();
            let found = both.and_then(|(ours, theirs)| {
                let (ours, theirs) = (json(ours), json(theirs));
                let (key, mine) = ours
                    .as_object()?
                    .iter()
                    .find(|(k, v)| theirs.get(k.as_str()) != Some(*v))?;
                Some(format!(
                    "afterwards {key} differs: the engine shows {mine}, the spec {}",
                    theirs.get(key.as_str()).unwrap_or(&serde_json::Value::Null)
                ))
            });
            found.unwrap_or_else(|| d.to_string())
        }
        other => other.to_string(),
    }
}

/// What breaks the law when `path` is played from `setup`, if anything does.
fn breach(setup: &MtgSetup, path: &[Action], start: Start) -> Option<String> {
    let mut pair = match started(setup, start) {
        Ok(pair) => pair,
        Err(breach) => return Some(breach),
    };
    path.iter().find_map(|&a| step(&mut pair, a).err())
}

/// The breach `path` shows, shrunk to the fewest actions that still show one: what differed,
/// the scenario file of those steps, and its rulebook example.
fn reported(setup: &MtgSetup, path: Vec<Action>, start: Start) -> String {
    let short = riftcheck_core::shrink::shrink(path, |p| breach(setup, p, start).is_some());
    let what = breach(setup, &short, start).unwrap_or_default();
    let heading = write::Heading {
        title: "The MTG engine and the MTG spec part ways".into(),
        rules: vec!["800.4".into()],
        description: format!(
            "Found by the mtg_lockstep fuzz law and shrunk to {} step(s): {what}",
            short.len()
        ),
    };
    let file = write::written(&heading, setup, &short);
    let example = MtgScenario::parse(&file, None).map_or_else(|e| e.to_string(), |s| s.render());
    format!(
        "the MTG lockstep law is broken after {} step(s): {what}\n\n{example}\n\
         the scenario file (replay it with `riftcheck replay FILE`):\n{file}",
        short.len()
    )
}
