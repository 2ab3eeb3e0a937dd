//! Decoding bytes into games: a valid setup, then a sequence of choices among actions. Fuzz
//! targets, property tests and seeded `#[test]`s all draw games through here, so every input is a
//! game the rules allow (the generator decodes choices; it does not filter random structs).
//!
//! Running out of bytes is not an error: [`arbitrary::Unstructured`] then answers with the
//! smallest choice, so short inputs give small games.

use crate::engine::Riftbound;
use arbitrary::{Result, Unstructured};

use crate::action::Action;
use crate::card::{CardKind, Timing, TriggerEvent};
use crate::engine::Engine;
use crate::mode::Mode;
use crate::seat::{Seat, SeatSet};
use crate::setup::{AbilitySetup, BattlefieldSetup, CardSetup, EffectSetup, Setup, ZoneSetup};

/// Battlefield names, by contributor.
pub const BATTLEFIELD_NAMES: [&str; 4] = ["Ridge", "Marsh", "Crag", "Dunes"];

/// Which actions a choice picks among.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pick {
    /// Only actions the engine accepts: every input is a legal game.
    Legal,
    /// Every well-formed action, so refusals are exercised too.
    WellFormed,
    /// Mostly legal actions, one choice in eight among every well-formed one.
    Mixed,
}

fn timing(u: &mut Unstructured<'_>) -> Result<Timing> {
    Ok(*u.choose(&[Timing::Normal, Timing::Action, Timing::Reaction])?)
}

/// A setup for a table of any mode at the start of a turn, with units on the board (some
/// borrowed), runes, gear with abilities, hands of spells and units, and sometimes a seat already
/// removed. Always valid ([`Setup::validate`]).
pub fn setup(u: &mut Unstructured<'_>) -> Result<Setup> {
    let mode = *u.choose(&Mode::ALL)?;
    let mut s = Setup::new(mode);
    let seats = mode.seats();
    // Sometimes a free-for-all table has already lost a player.
    let mut removed = SeatSet::EMPTY;
    if matches!(mode, Mode::Skirmish | Mode::War) && u.ratio(1, 4)? {
        let gone = *u.choose(&seats.iter().collect::<Vec<_>>())?;
        removed.insert(gone);
        s.removed.push(gone);
    }
    let remaining: Vec<Seat> = seats.difference(removed).iter().collect();
    s.turn = *u.choose(&remaining)?;
    for contributor in mode.contributors().iter() {
        let controller = if !removed.contains(contributor) && u.ratio(1, 4)? {
            Some(*u.choose(&remaining)?)
        } else {
            None
        };
        s.battlefields.push(BattlefieldSetup {
            name: BATTLEFIELD_NAMES[contributor.index()].to_string(),
            contributor,
            might_bonus: u.int_in_range(0..=2)?,
            controller,
            token: removed.contains(contributor),
            contested_by: None,
        });
    }
    let bf_names: Vec<String> = s.battlefields.iter().map(|b| b.name.clone()).collect();
    for &owner in &remaining {
        board_units(u, &mut s, owner, &remaining, &bf_names)?;
        runes_and_gear(u, &mut s, owner)?;
        hand(u, &mut s, owner, &bf_names)?;
        if u.ratio(1, 3)? {
            s.energy.push((owner, 1));
        }
    }
    hold_only_where_present(&mut s);
    for &gone in s.removed.clone().iter() {
        if room(&s) {
            s.cards.push(CardSetup::new(
                &format!("Lost {gone}"),
                CardKind::Unit,
                gone,
                ZoneSetup::Removed,
            ));
        }
    }
    Ok(s)
}

/// A battlefield stays controlled only by a player with units there (323.4; the setup refuses
/// a state the first cleanup would have to repair): a controller drawn without units there
/// gives way to one who has them, or to none.
fn hold_only_where_present(s: &mut Setup) {
    for b in 0..s.battlefields.len() {
        let Some(drawn) = s.battlefields[b].controller else {
            continue;
        };
        let here = ZoneSetup::Field(s.battlefields[b].name.clone());
        let occupants: Vec<Seat> = s
            .cards
            .iter()
            .filter(|c| c.kind == CardKind::Unit && c.zone == here)
            .map(|c| c.controller.unwrap_or(c.owner))
            .collect();
        if !occupants.contains(&drawn) {
            s.battlefields[b].controller = occupants.first().copied();
        }
    }
}

/// Whether the setup has room for another card.
fn room(s: &Setup) -> bool {
    s.cards.len() < crate::card::MAX_CARDS
}

/// Units on the board, some controlled by another player, never a third player's at one
/// battlefield (444.2).
fn board_units(
    u: &mut Unstructured<'_>,
    s: &mut Setup,
    owner: Seat,
    remaining: &[Seat],
    bf_names: &[String],
) -> Result<()> {
    // Units on the board, some controlled by another player.
    for n in 0..u.int_in_range(0..=2)? {
        if !room(s) {
            break;
        }
        let controller = if remaining.len() > 1 && u.ratio(1, 5)? {
            *u.choose(remaining)?
        } else {
            owner
        };
        let field = u.choose(bf_names)?.clone();
        // 444.2: never a third player's units at one battlefield.
        let there: SeatSet = s
            .cards
            .iter()
            .filter(|c| c.kind == CardKind::Unit && c.zone == ZoneSetup::Field(field.clone()))
            .map(|c| c.controller.unwrap_or(c.owner))
            .collect();
        let fits = there.contains(controller) || there.len() < 2;
        let zone = if fits && u.ratio(1, 2)? {
            ZoneSetup::Field(field)
        } else {
            ZoneSetup::Base(controller)
        };
        let mut c = CardSetup::new(&format!("Unit {owner}{n}"), CardKind::Unit, owner, zone);
        c.controller = Some(controller);
        c.might = u.int_in_range(1..=5)?;
        c.exhausted = u.ratio(1, 3)?;
        if u.ratio(1, 4)? {
            c.ability = Some(AbilitySetup::Triggered {
                when: u.choose(&TriggerEvent::ALL)?.0,
                effect: EffectSetup::Nothing,
            });
        }
        s.cards.push(c);
    }
    Ok(())
}

/// A rune that adds Energy, and gear with a triggered or an activated ability, in the Base.
fn runes_and_gear(u: &mut Unstructured<'_>, s: &mut Setup, owner: Seat) -> Result<()> {
    if room(s) && u.ratio(1, 2)? {
        let mut c = CardSetup::new(
            &format!("Rune {owner}"),
            CardKind::Rune,
            owner,
            ZoneSetup::Base(owner),
        );
        c.ability = Some(AbilitySetup::Add);
        s.cards.push(c);
    }
    if room(s) && u.ratio(1, 2)? {
        let ability = if u.ratio(1, 2)? {
            AbilitySetup::Triggered {
                when: u.choose(&TriggerEvent::ALL)?.0,
                effect: EffectSetup::Nothing,
            }
        } else {
            AbilitySetup::Activated {
                timing: timing(u)?,
                effect: match u.int_in_range(0..=2)? {
                    0 => EffectSetup::Nothing,
                    1 => EffectSetup::Counter,
                    _ => EffectSetup::Equip,
                },
            }
        };
        let mut c = CardSetup::new(
            &format!("Gear {owner}"),
            CardKind::Gear,
            owner,
            ZoneSetup::Base(owner),
        );
        if let AbilitySetup::Activated {
            effect: EffectSetup::Equip,
            ..
        } = ability
        {
            // Equipment gives Might (719.5), and may start on one of its player's units.
            c.might = u.int_in_range(0..=2)?;
            let units: Vec<String> = s
                .cards
                .iter()
                .filter(|x| {
                    x.kind == CardKind::Unit
                        && x.controller.unwrap_or(x.owner) == owner
                        && matches!(x.zone, ZoneSetup::Base(_) | ZoneSetup::Field(_))
                })
                .map(|x| x.name.clone())
                .collect();
            if !units.is_empty() && u.ratio(1, 2)? {
                c.zone = ZoneSetup::Attached(u.choose(&units)?.clone());
            }
        }
        c.ability = Some(ability);
        s.cards.push(c);
    }
    Ok(())
}

/// The hand: spells of every effect (a token for those that play one) and sometimes a unit.
fn hand(u: &mut Unstructured<'_>, s: &mut Setup, owner: Seat, bf_names: &[String]) -> Result<()> {
    // The hand.
    for n in 0..u.int_in_range(0..=2)? {
        if !room(s) {
            break;
        }
        let mut c = CardSetup::new(
            &format!("Spell {owner}{n}"),
            CardKind::Spell,
            owner,
            ZoneSetup::Hand,
        );
        c.timing = timing(u)?;
        c.cost = u.int_in_range(0..=1)?;
        c.hidden = u.ratio(1, 4)?;
        c.effect = match u.int_in_range(0..=9)? {
            0 => EffectSetup::Nothing,
            1 => EffectSetup::Counter,
            2 => EffectSetup::GainControl,
            3 => EffectSetup::MoveTo(u.choose(bf_names)?.clone()),
            4 => EffectSetup::Deal(u.int_in_range(1..=3)?),
            5 => EffectSetup::Kill,
            6 => EffectSetup::MoveToChosen,
            7 => {
                let n: i8 = u.int_in_range(1..=3)?;
                EffectSetup::Might {
                    amount: if u.ratio(1, 3)? { -n } else { n },
                    until: if u.ratio(1, 2)? {
                        crate::card::Until::ThisTurn
                    } else {
                        crate::card::Until::YourNextTurn
                    },
                }
            }
            8 => EffectSetup::MoveAllTo(u.choose(bf_names)?.clone()),
            _ if s.cards.len() + 1 < crate::card::MAX_CARDS => {
                let token = format!("Token {owner}{n}");
                let mut t = CardSetup::new(&token, CardKind::Unit, owner, ZoneSetup::Nowhere);
                t.token = true;
                t.might = 1;
                s.cards.push(t);
                let at = if u.ratio(1, 2)? {
                    Some(u.choose(bf_names)?.clone())
                } else {
                    None
                };
                EffectSetup::PlayToken { at, token }
            }
            _ => EffectSetup::Nothing,
        };
        s.cards.push(c);
    }
    if room(s) && u.ratio(1, 3)? {
        let mut c = CardSetup::new(
            &format!("Recruit {owner}"),
            CardKind::Unit,
            owner,
            ZoneSetup::Hand,
        );
        c.timing = timing(u)?;
        c.might = u.int_in_range(1..=4)?;
        s.cards.push(c);
    }
    Ok(())
}

/// Picks an action for `engine`: one of the legal actions, or one of all well-formed ones.
/// `None` when there is nothing to pick (the game is over, for [`Pick::Legal`]).
///
/// A legal action is found by drawing a place among the well-formed actions and taking the first
/// legal one from there on, round the list: a check or two per step, where listing every legal
/// action first (as a fuzz target once did at every step) costs a check per well-formed action
/// and was most of the target's time.
pub fn action<E: Engine<Riftbound>>(
    engine: &E,
    u: &mut Unstructured<'_>,
    pick: Pick,
) -> Result<Option<Action>> {
    let pick = match pick {
        Pick::Mixed if u.ratio(1, 8)? => Pick::WellFormed,
        Pick::Mixed => Pick::Legal,
        other => other,
    };
    let mut actions = Vec::new();
    engine.well_formed(&mut actions);
    // Concessions are always legal; drawn as often as anything else they would end most games
    // within a few steps. One choice in eight may concede.
    let may_concede = u.ratio(1, 8)?;
    let (mut first, mut then): (Vec<Action>, Vec<Action>) = if may_concede {
        (actions, Vec::new())
    } else {
        actions
            .into_iter()
            .partition(|a| !matches!(a, Action::Concede { .. }))
    };
    if first.is_empty() {
        std::mem::swap(&mut first, &mut then);
    }
    if first.is_empty() {
        return Ok(None);
    }
    let start = u.choose_index(first.len())?;
    if pick == Pick::WellFormed {
        return Ok(Some(first[start]));
    }
    let legal = |a: &Action| engine.check(*a).is_ok();
    let around = first[start..].iter().chain(&first[..start]);
    Ok(around.chain(&then).copied().find(legal))
}

/// Bytes from a seed (splitmix64), for seeded tests that run the generator without a fuzzer.
pub fn seeded_bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut state = seed;
    let mut out = Vec::with_capacity(len + 8);
    while out.len() < len {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        out.extend_from_slice(&z.to_le_bytes());
    }
    out.truncate(len);
    out
}

/// An arbitrary described state: a valid table from [`setup`], then bent by the bytes into a
/// game in progress, with spells on the Chain under arbitrary controllers, a Priority holder and
/// a pass record, a Showdown or combat with a Focus holder and Focus passes, contested and
/// controlled battlefields, seats already removed, borrowed and damaged units. Many of these
/// describe impossible tables: [`Setup::validate`] must refuse those with a
/// [`crate::SetupError`], never panic, and accept the rest.
pub fn described_state(u: &mut Unstructured<'_>) -> Result<Setup> {
    let mut s = setup(u)?;
    let seats: Vec<Seat> = s.mode.seats().iter().collect();
    let bf_names: Vec<String> = s.battlefields.iter().map(|b| b.name.clone()).collect();
    // Spells go on the Chain.
    let spells: Vec<usize> = (0..s.cards.len())
        .filter(|&i| s.cards[i].kind == CardKind::Spell && s.cards[i].zone == ZoneSetup::Hand)
        .collect();
    for &i in &spells {
        if u.ratio(1, 2)? {
            let controller = *u.choose(&seats)?;
            s.cards[i].zone = ZoneSetup::Chain;
            if u.ratio(1, 4)? {
                s.cards[i].controller = Some(controller);
            }
            let effect_target = match &s.cards[i].effect {
                EffectSetup::Counter => s.chain.last().map(|it| it.source.clone()),
                EffectSetup::GainControl
                | EffectSetup::MoveTo(_)
                | EffectSetup::Deal(_)
                | EffectSetup::Might { .. }
                | EffectSetup::Kill => s
                    .cards
                    .iter()
                    .find(|c| {
                        c.kind == CardKind::Unit
                            && matches!(c.zone, ZoneSetup::Base(_) | ZoneSetup::Field(_))
                    })
                    .map(|c| c.name.clone()),
                EffectSetup::PlayToken { at: None, .. } | EffectSetup::MoveAllTo(_) => {
                    Some(u.choose(&bf_names)?.clone())
                }
                EffectSetup::MoveToChosen => {
                    let unit = s
                        .cards
                        .iter()
                        .find(|c| {
                            c.kind == CardKind::Unit
                                && matches!(c.zone, ZoneSetup::Base(_) | ZoneSetup::Field(_))
                        })
                        .map(|c| c.name.clone());
                    let bf = u.choose(&bf_names)?.clone();
                    unit.map(|unit| format!("{unit} to {bf}"))
                }
                _ => None,
            };
            s.chain.push(crate::setup::ItemSetup {
                source: s.cards[i].name.clone(),
                kind: crate::item::ItemKind::Spell,
                controller: s.cards[i].controller.unwrap_or(s.cards[i].owner),
                target: effect_target,
            });
        }
    }
    if !s.chain.is_empty() || u.ratio(1, 8)? {
        s.priority = Some(*u.choose(&seats)?);
        for &seat in &seats {
            if u.ratio(1, 3)? {
                s.passed.push(seat);
            }
        }
        if u.ratio(1, 4)? {
            s.opened_by = crate::item::Opener::Trigger;
        }
    }
    // A Showdown, perhaps a combat.
    if u.ratio(1, 3)? {
        let at = u.choose_index(s.battlefields.len())?;
        let contester = *u.choose(&seats)?;
        s.battlefields[at].contested_by = Some(contester);
        let mut passed = Vec::new();
        for &seat in &seats {
            if u.ratio(1, 3)? {
                passed.push(seat);
            }
        }
        let combat = if u.ratio(1, 2)? {
            Some((contester, *u.choose(&seats)?))
        } else {
            None
        };
        s.showdown = Some(crate::setup::ShowdownSetup {
            at: s.battlefields[at].name.clone(),
            focus: *u.choose(&seats)?,
            passed,
            combat,
        });
    }
    // Battlefields, controllers, damage, departures.
    for b in 0..s.battlefields.len() {
        if u.ratio(1, 4)? {
            s.battlefields[b].controller = Some(*u.choose(&seats)?);
        }
        if u.ratio(1, 8)? {
            s.battlefields[b].contested_by = Some(*u.choose(&seats)?);
        }
    }
    for c in 0..s.cards.len() {
        if u.ratio(1, 10)? {
            s.cards[c].controller = Some(*u.choose(&seats)?);
        }
        if s.cards[c].kind == CardKind::Unit && u.ratio(1, 10)? {
            s.cards[c].damage = u.int_in_range(0..=3)?;
        }
    }
    if u.ratio(1, 6)? {
        let gone = *u.choose(&seats)?;
        if !s.removed.contains(&gone) {
            s.removed.push(gone);
        }
    }
    if u.ratio(1, 10)? {
        s.turn = *u.choose(&seats)?;
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thousand_seeded_setups_are_valid() {
        for seed in 0..1000 {
            let bytes = seeded_bytes(seed, 256);
            let mut u = Unstructured::new(&bytes);
            let s = setup(&mut u).expect("the generator never fails");
            if let Err(e) = s.validate() {
                panic!("seed {seed}: generated setup refused: {e}\n{s:#?}");
            }
        }
    }

    #[test]
    fn no_bytes_give_a_small_duel() {
        let mut u = Unstructured::new(&[]);
        let s = setup(&mut u).unwrap();
        assert_eq!(s.mode, Mode::Duel);
        assert!(s.validate().is_ok());
    }
}
