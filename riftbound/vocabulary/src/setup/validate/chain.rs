//! The Chain: each item's card and kind (325.2), controller (188.4) and target (355.6); who has
//! Priority and who has passed (337.1.c.3, 339-340).

use super::check::{Check, Who};
use crate::card::{Ability, CardDef, CardKind, TargetKind};
use crate::item::{ItemKind, ItemName, ItemTarget, MAX_CHAIN};
use crate::seat::{Seat, SeatSet};
use crate::setup::ItemSetup;
use crate::setup::error::{SetupPath, SetupProblem};
use crate::setup::table::{CardStart, ItemStart};
use crate::zone::Zone;

/// The items, the Priority holder and the passes.
pub(super) fn check(
    c: &mut Check<'_>,
    defs: &[CardDef],
    cards: &[CardStart],
) -> (Vec<ItemStart>, Option<Seat>, SeatSet) {
    if c.setup.chain.len() > MAX_CHAIN {
        c.fail(
            SetupPath::Setup("chain"),
            SetupProblem::TooMany {
                what: "chain items",
                max: MAX_CHAIN,
            },
        );
        return (Vec::new(), None, SeatSet::EMPTY);
    }
    let mut items: Vec<ItemStart> = Vec::new();
    let setup = c.setup;
    for (i, it) in setup.chain.iter().enumerate() {
        if let Some(item) = item(c, i, it, defs, cards, &items) {
            items.push(item);
        }
    }
    for (i, st) in cards.iter().enumerate() {
        let named = items
            .iter()
            .any(|x| x.kind == ItemKind::Spell && x.source.index() == i);
        if st.zone == Zone::Chain
            && !named
            && defs.get(i).is_some_and(|d| d.kind == CardKind::Spell)
        {
            c.fail(SetupPath::Card(i, "zone"), SetupProblem::OnChainWithoutItem);
        }
    }
    let passed = c.seat_set(&setup.passed, SetupPath::Setup("passed"), "have passed");
    let holder = c.setup.priority;
    if c.setup.chain.is_empty() {
        if holder.is_some() || !passed.is_empty() {
            c.fail(
                SetupPath::Setup("priority"),
                SetupProblem::PriorityWithoutChain,
            );
        }
        return (items, None, passed);
    }
    let Some(holder) = holder else {
        c.fail(SetupPath::Setup("priority"), SetupProblem::NoPriorityHolder);
        return (items, None, passed);
    };
    let holder = c.seat(
        holder,
        SetupPath::Setup("priority"),
        Who::InGame("hold Priority"),
    );
    let remaining = c.seats.difference(c.removed);
    if !remaining.is_empty() && passed.is_superset(remaining) {
        c.fail(
            SetupPath::Setup("passed"),
            SetupProblem::PriorityRoundComplete,
        );
    }
    (items, holder, passed)
}

fn item(
    c: &mut Check<'_>,
    i: usize,
    it: &ItemSetup,
    defs: &[CardDef],
    cards: &[CardStart],
    below: &[ItemStart],
) -> Option<ItemStart> {
    let at = |f| SetupPath::Item(i, f);
    let source = c.card(&it.source, at("source"))?;
    let role = Who::InGame("control a chain item (652.4)");
    let controller = c.seat(it.controller, at("controller"), role)?;
    let (def, st) = (defs.get(source.index())?, cards.get(source.index())?);
    let effect = match it.kind {
        ItemKind::Spell => {
            if def.kind != CardKind::Spell || st.zone != Zone::Chain {
                c.fail(at("source"), SetupProblem::SpellItemNotOnChain);
                return None;
            }
            if st.controller != controller {
                c.fail(at("controller"), SetupProblem::ItemControllerDiffers);
            }
            if below
                .iter()
                .any(|x| x.source == source && x.kind == ItemKind::Spell)
            {
                c.fail(at("source"), SetupProblem::SpellTwiceOnChain);
            }
            def.effect
        }
        ItemKind::Activated => match def.ability {
            Some(Ability::Activated { effect, .. }) => effect,
            _ => {
                let what = "activated";
                c.fail(at("source"), SetupProblem::NoSuchAbility { what });
                return None;
            }
        },
        ItemKind::Triggered => match def.ability {
            Some(Ability::Triggered { effect, .. }) => effect,
            _ => {
                let what = "triggered";
                c.fail(at("source"), SetupProblem::NoSuchAbility { what });
                return None;
            }
        },
    };
    let target = match (effect.target_kind(), effect.chooses_location(), &it.target) {
        (None, false, None) => None,
        (Some(TargetKind::Item), _, Some(t)) => {
            let t = c.card(t, at("target"))?;
            match below.iter().rev().find(|x| x.source == t) {
                Some(x) => Some(ItemTarget::Item(ItemName {
                    source: x.source,
                    kind: x.kind,
                })),
                None => {
                    c.fail(at("target"), SetupProblem::TargetNotBelow);
                    return None;
                }
            }
        }
        (Some(TargetKind::Unit), chosen, Some(t)) => {
            // A unit and, for a move to a chosen battlefield, where to: "Scout to Crag".
            let (t, to) = match (chosen, t.split_once(" to ")) {
                (true, Some((u, b))) => (u, Some(b)),
                (true, None) => {
                    c.fail(at("target"), SetupProblem::TargetMissing);
                    return None;
                }
                (false, _) => (t.as_str(), None),
            };
            let t = c.card(t, at("target"))?;
            let unit = defs
                .get(t.index())
                .is_some_and(|d| d.kind == CardKind::Unit)
                && cards
                    .get(t.index())
                    .is_some_and(|s| matches!(s.zone, Zone::Base(_) | Zone::Field(_)));
            if !unit {
                c.fail(at("target"), SetupProblem::TargetNotAUnit);
                return None;
            }
            match to {
                Some(b) => Some(ItemTarget::UnitTo(t, c.battlefield(b, at("target"))?)),
                None => Some(ItemTarget::Unit(t)),
            }
        }
        (None, true, Some(place)) => {
            Some(ItemTarget::Location(c.battlefield(place, at("target"))?))
        }
        (None, false, Some(_)) => {
            c.fail(at("target"), SetupProblem::TargetNotTaken);
            return None;
        }
        (_, _, None) => {
            c.fail(at("target"), SetupProblem::TargetMissing);
            return None;
        }
    };
    Some(ItemStart {
        source,
        kind: it.kind,
        controller,
        target,
    })
}
