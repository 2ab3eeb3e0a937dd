//! The cards: names, owners and controllers, where each kind of card can be (107, 183.1, 337.1.c),
//! what a card of each kind may carry (Might, damage, an effect or an ability), and never units
//! of three players at one battlefield (444.2).

use std::collections::BTreeSet;

use super::check::{Check, Who, name_problem};
use crate::card::{Ability, BattlefieldId, CardDef, CardKind, Effect, MAX_BATTLEFIELDS, MAX_CARDS};
use crate::seat::SeatSet;
use crate::setup::error::{SetupPath, SetupProblem};
use crate::setup::table::CardStart;
use crate::setup::{AbilitySetup, CardSetup, EffectSetup, ZoneSetup};
use crate::zone::Zone;

/// Every card's definition and where it starts.
pub(super) fn check(c: &mut Check<'_>) -> (Vec<CardDef>, Vec<CardStart>) {
    if c.setup.cards.len() > MAX_CARDS {
        c.fail(
            SetupPath::Setup("cards"),
            SetupProblem::TooMany {
                what: "cards",
                max: MAX_CARDS,
            },
        );
        return (Vec::new(), Vec::new());
    }
    let mut names = BTreeSet::new();
    let mut facedown = [false; MAX_BATTLEFIELDS];
    let mut defs = Vec::new();
    let mut starts = Vec::new();
    let setup = c.setup;
    for (i, card) in setup.cards.iter().enumerate() {
        let at = |f| SetupPath::Card(i, f);
        if let Some(p) = name_problem(&card.name) {
            c.fail(at("name"), p);
        } else if !names.insert(card.name.clone()) {
            let name = card.name.clone();
            c.fail(at("name"), SetupProblem::DuplicateName { name });
        }
        let owner_ok = c.seat(card.owner, at("owner"), Who::AtTable).is_some();
        let controller = card.controller.unwrap_or(card.owner);
        let controller_ok = c.seat(controller, at("controller"), Who::AtTable).is_some();
        let zone = zone(c, i, &card.zone);
        if let Some(zone) = zone
            && owner_ok
            && controller_ok
        {
            place(c, i, card, zone, controller, &mut facedown);
        }
        kind_fields(c, i, card);
        let (effect, ability) = text(c, i, card);
        defs.push(CardDef {
            name: card.name.clone(),
            kind: card.kind,
            owner: card.owner,
            might: card.might,
            timing: card.timing,
            cost: card.cost,
            effect,
            ability,
            token: card.token,
            hidden: card.hidden,
        });
        let zone = zone.unwrap_or(Zone::Hand);
        starts.push(CardStart {
            zone,
            controller: if zone.on_board() || zone == Zone::Chain {
                controller
            } else {
                card.owner
            },
            exhausted: card.exhausted,
            damage: card.damage,
        });
    }
    (defs, starts)
}

fn zone(c: &mut Check<'_>, i: usize, z: &ZoneSetup) -> Option<Zone> {
    let at = SetupPath::Card(i, "zone");
    Some(match z {
        ZoneSetup::Hand => Zone::Hand,
        ZoneSetup::Base(s) => Zone::Base(c.seat(*s, at, Who::AtTable)?),
        ZoneSetup::Field(n) => Zone::Field(c.battlefield(n, at)?),
        ZoneSetup::Facedown(n) => Zone::Facedown(c.battlefield(n, at)?),
        ZoneSetup::Chain => Zone::Chain,
        ZoneSetup::Trash => Zone::Trash,
        ZoneSetup::Banishment => Zone::Banishment,
        ZoneSetup::Removed => Zone::Removed,
        ZoneSetup::Nowhere => Zone::Nowhere,
        ZoneSetup::Attached(unit) => Zone::Attached(c.card(unit, at)?),
    })
}

/// Whether the card setup is equipment: gear whose ability is Equip (818).
fn is_equipment(card: &CardSetup) -> bool {
    card.kind == CardKind::Gear
        && matches!(
            card.ability,
            Some(AbilitySetup::Activated {
                effect: EffectSetup::Equip,
                ..
            })
        )
}

/// 716-719: only equipment is attached, and only to a unit in a Base or at a battlefield.
pub(super) fn attachments(c: &mut Check<'_>, cards: &[CardStart]) {
    let setup = c.setup;
    for (i, card) in setup.cards.iter().enumerate() {
        let ZoneSetup::Attached(name) = &card.zone else {
            continue;
        };
        let at = SetupPath::Card(i, "zone");
        if !is_equipment(card) {
            c.fail(at, SetupProblem::AttachedNotEquipment);
            continue;
        }
        let Some(u) = setup.cards.iter().position(|x| &x.name == name) else {
            continue;
        };
        let unit_ok = setup.cards[u].kind == CardKind::Unit
            && cards
                .get(u)
                .is_some_and(|s| matches!(s.zone, Zone::Base(_) | Zone::Field(_)));
        if !unit_ok {
            let name = name.clone();
            c.fail(at, SetupProblem::AttachedToNoUnit { name });
        }
    }
}

/// Whether the card can be where it is, with the controller it has.
fn place(
    c: &mut Check<'_>,
    i: usize,
    card: &CardSetup,
    zone: Zone,
    controller: crate::seat::Seat,
    facedown: &mut [bool; MAX_BATTLEFIELDS],
) {
    let at = |f| SetupPath::Card(i, f);
    if c.removed.contains(card.owner) && zone != Zone::Removed && zone != Zone::Nowhere {
        c.fail(at("zone"), SetupProblem::RemovedPlayersCard);
        return;
    }
    if zone.on_board() {
        let role = Who::InGame("control a card on the board");
        if c.seat(controller, at("controller"), role).is_none() {
            return;
        }
    } else if card.controller.is_some_and(|s| s != card.owner) && zone != Zone::Chain {
        c.fail(at("controller"), SetupProblem::ControllerOffBoard);
        return;
    }
    let problem = match (card.kind, zone) {
        (_, Zone::Hand) if card.token => Some(SetupProblem::TokenInHand),
        (CardKind::Rune, Zone::Hand) => Some(SetupProblem::RuneInHand),
        (_, Zone::Nowhere) if !card.token => Some(SetupProblem::NowhereButNotAToken),
        (_, Zone::Trash | Zone::Banishment | Zone::Chain) if card.token => {
            Some(SetupProblem::TokenOffBoard)
        }
        (kind @ (CardKind::Gear | CardKind::Rune), Zone::Field(_)) => {
            Some(SetupProblem::NotInBase { kind })
        }
        (CardKind::Spell, Zone::Base(_) | Zone::Field(_)) => Some(SetupProblem::SpellOnBoard),
        (CardKind::Rune, Zone::Facedown(_)) => Some(SetupProblem::RuneFacedown),
        (_, Zone::Facedown(bf)) if std::mem::replace(&mut facedown[bf.index()], true) => {
            Some(SetupProblem::FacedownZoneFull)
        }
        (CardKind::Unit | CardKind::Gear | CardKind::Rune, Zone::Chain) => {
            Some(SetupProblem::PermanentOnChain)
        }
        // Units in a Base or at a battlefield, gear and runes in a Base, spells in a hand,
        // facedown, in the Trash or Banishment: all where such cards can be.
        _ => None,
    };
    if let Some(p) = problem {
        c.fail(at("zone"), p);
    }
    if (card.damage > 0 || card.exhausted) && !zone.on_board() {
        c.fail(at("damage"), SetupProblem::StateOffBoard);
    }
}

/// What only some kinds of card have.
fn kind_fields(c: &mut Check<'_>, i: usize, card: &CardSetup) {
    let at = |f| SetupPath::Card(i, f);
    if card.kind != CardKind::Unit && !is_equipment(card) && card.might != 0 {
        c.fail(at("might"), SetupProblem::MightOfNonUnit);
    }
    if card.damage > 0 && card.kind != CardKind::Unit {
        c.fail(at("damage"), SetupProblem::DamageOfNonUnit);
    }
    if card.token && card.kind != CardKind::Unit {
        c.fail(at("token"), SetupProblem::TokenNotAUnit);
    }
}

/// The card's effect and ability, names resolved.
fn text(c: &mut Check<'_>, i: usize, card: &CardSetup) -> (Effect, Option<Ability>) {
    let at = |f| SetupPath::Card(i, f);
    let effect = resolve_effect(c, &card.effect, at("effect")).unwrap_or(Effect::Nothing);
    if card.kind != CardKind::Spell && effect != Effect::Nothing {
        c.fail(at("effect"), SetupProblem::EffectOfNonSpell);
    } else if effect == Effect::Equip {
        c.fail(at("effect"), SetupProblem::EquipNotOnGear);
    }
    let ability = match &card.ability {
        None => None,
        Some(_) if card.kind == CardKind::Spell => {
            c.fail(at("ability"), SetupProblem::AbilityOfSpell);
            None
        }
        Some(AbilitySetup::Add) => Some(Ability::Add),
        Some(AbilitySetup::Activated { timing, effect: e }) => {
            let e = resolve_effect(c, e, at("ability")).unwrap_or(Effect::Nothing);
            if e.chooses_location() {
                c.fail(at("ability"), SetupProblem::AbilityChoosesLocation);
            }
            if e == Effect::Equip && card.kind != CardKind::Gear {
                c.fail(at("ability"), SetupProblem::EquipNotOnGear);
            }
            Some(Ability::Activated {
                timing: *timing,
                effect: e,
            })
        }
        Some(AbilitySetup::Triggered { when, effect: e }) => {
            let e = resolve_effect(c, e, at("ability")).unwrap_or(Effect::Nothing);
            if e.target_kind().is_some() || e.chooses_location() {
                c.fail(at("ability"), SetupProblem::TriggerTargets);
            }
            Some(Ability::Triggered {
                when: *when,
                effect: e,
            })
        }
    };
    (effect, ability)
}

fn resolve_effect(c: &mut Check<'_>, e: &EffectSetup, at: SetupPath) -> Option<Effect> {
    Some(match e {
        EffectSetup::Nothing => Effect::Nothing,
        EffectSetup::Counter => Effect::Counter,
        EffectSetup::GainControl => Effect::GainControl,
        EffectSetup::MoveTo(bf) => Effect::MoveTo(c.battlefield(bf, at)?),
        EffectSetup::MoveAllTo(bf) => Effect::MoveAllTo(c.battlefield(bf, at)?),
        EffectSetup::Deal(n) => Effect::Deal(*n),
        EffectSetup::Kill => Effect::Kill,
        EffectSetup::MoveToChosen => Effect::MoveToChosen,
        EffectSetup::Equip => Effect::Equip,
        EffectSetup::Might { amount, until } => Effect::Might {
            amount: *amount,
            until: *until,
        },
        EffectSetup::PlayToken { at: place, token } => {
            let token_id = c.card(token, at)?;
            let setup = c.setup;
            let def = &setup.cards[token_id.index()];
            if !def.token || def.kind != CardKind::Unit {
                let name = token.clone();
                c.fail(at, SetupProblem::NotAUnitToken { name });
                return None;
            }
            let place = match place {
                Some(p) => Some(c.battlefield(p, at)?),
                None => None,
            };
            Effect::PlayTokenAt {
                at: place,
                token: token_id,
            }
        }
    })
}

/// 444.2, 358.2: no battlefield holds units of three players.
pub(super) fn three_players(c: &mut Check<'_>, defs: &[CardDef], cards: &[CardStart]) {
    for i in 0..c.battlefields.len() {
        let bf = BattlefieldId::from_index(i);
        let players: SeatSet = cards
            .iter()
            .zip(defs)
            .filter(|(st, d)| st.zone == Zone::Field(bf) && d.kind == CardKind::Unit)
            .map(|(st, _)| st.controller)
            .collect();
        if players.len() > 2 {
            c.fail(
                SetupPath::Battlefield(i, "name"),
                SetupProblem::ThreePlayersAtBattlefield,
            );
        }
    }
}
