//! A setup projected onto what an engine declares it can express (protocol version 2): the cards
//! of a kind it does not know, or whose effect it cannot carry out, are left out; the abilities
//! it cannot express are taken off the cards that keep their place; Chain items whose card is
//! gone go with it. A Counter stays wherever the engine knows Counters; a unit that is only
//! scenery goes when the engine knows no units.
//!
//! The spec plays the projected setup too, so the engine is held to the rules of the game it
//! can express. Whether that game still exercises what the setup was for is the caller's
//! question (a configuration's family, a scenario's expectations).

use crate::setup::{AbilitySetup, EffectSetup, Setup};

use super::{Capabilities, listed};

/// A setup as an engine can express it.
#[derive(Clone, Debug, PartialEq)]
pub struct Projected {
    /// The setup without what the engine cannot express.
    pub setup: Setup,
    /// The cards left out, each with why (`Poro (a unit)`).
    pub dropped: Vec<String>,
    /// What else was taken away with them: abilities of cards that stay, the control of a
    /// battlefield whose units are gone.
    pub stripped: Vec<String>,
}

impl Projected {
    /// Whether anything was left out.
    pub fn changed(&self) -> bool {
        !self.dropped.is_empty() || !self.stripped.is_empty()
    }

    /// What was left out, in words.
    pub fn summary(&self) -> String {
        let mut parts = Vec::new();
        if !self.dropped.is_empty() {
            parts.push(format!("without {}", self.dropped.join(", ")));
        }
        if !self.stripped.is_empty() {
            parts.push(format!("and no {}", self.stripped.join(", ")));
        }
        parts.join("; ")
    }

    /// The names of the cards left out.
    pub fn dropped_names(&self) -> Vec<&str> {
        self.dropped
            .iter()
            .map(|d| d.split(" (").next().unwrap_or(d))
            .collect()
    }
}

fn effect_ok(caps: &Capabilities, e: &EffectSetup) -> bool {
    listed(&caps.effects, super::effect_kind(e))
}

fn ability_ok(caps: &Capabilities, a: &AbilitySetup) -> bool {
    let (kind, effect) = match a {
        AbilitySetup::Add => ("add", None),
        AbilitySetup::Activated { effect, .. } => ("activated", Some(effect)),
        AbilitySetup::Triggered { effect, .. } => ("triggered", Some(effect)),
    };
    listed(&caps.abilities, kind) && effect.is_none_or(|e| effect_ok(caps, e))
}

/// `setup` without what `caps` cannot express. `Err`: why the engine cannot play it at all (its
/// mode, or readings of the policies other than those it declares).
///
/// # Errors
///
/// The mode or the readings are not the engine's.
pub fn project(setup: &Setup, caps: &Capabilities) -> Result<Projected, String> {
    if !caps.plays(setup.mode) {
        return Err(format!("the mode {}", setup.mode.key()));
    }
    let declared = caps.declared_readings().unwrap_or_default();
    if setup.readings != crate::readings::Readings::default() && setup.readings != declared {
        return Err("readings of the policies other than those it declares".into());
    }
    let mut out = setup.clone();
    let mut dropped = Vec::new();
    let mut stripped = Vec::new();
    out.cards.retain_mut(|c| {
        if !listed(&caps.cards, c.kind.key()) {
            dropped.push(format!("{} (a {})", c.name, c.kind.key()));
            return false;
        }
        if !effect_ok(caps, &c.effect) {
            dropped.push(format!(
                "{} (the effect `{}`)",
                c.name,
                super::effect_kind(&c.effect)
            ));
            return false;
        }
        if let Some(a) = &c.ability
            && !ability_ok(caps, a)
        {
            stripped.push(format!("ability on {}", c.name));
            c.ability = None;
        }
        true
    });
    let gone: Vec<String> = dropped
        .iter()
        .map(|d| d.split(" (").next().unwrap_or(d).to_string())
        .collect();
    // A battlefield is controlled or contested by a player's units there (187, 445): with the
    // units gone, so is that.
    if !dropped.is_empty() {
        for b in &mut out.battlefields {
            let holds = |seat: crate::seat::Seat| {
                out.cards.iter().any(|c| {
                    c.kind == crate::card::CardKind::Unit
                        && c.controller.unwrap_or(c.owner) == seat
                        && c.zone == crate::setup::ZoneSetup::Field(b.name.clone())
                })
            };
            if b.controller.is_some_and(|s| !holds(s)) {
                b.controller = None;
                stripped.push(format!("control of {} (no units left there)", b.name));
            }
            if b.contested_by.is_some_and(|s| !holds(s)) {
                b.contested_by = None;
                stripped.push(format!("contest of {}", b.name));
            }
        }
    }
    // A battlefield's Might bonus counts only for units there (187): with no unit in the game,
    // an engine that does not show it is not asked to hold it.
    let units = out
        .cards
        .iter()
        .any(|c| c.kind == crate::card::CardKind::Unit);
    let shows_might = caps.observes("battlefields")
        && caps
            .sub_fields("battlefields")
            .is_none_or(|s| s.contains(&"might"));
    if !units && !shows_might {
        for b in out.battlefields.iter_mut().filter(|b| b.might_bonus != 0) {
            b.might_bonus = 0;
            stripped.push(format!("Might of {} (no unit left to get it)", b.name));
        }
    }
    out.chain.retain(|i| !gone.contains(&i.source));
    for i in &mut out.chain {
        if i.target.as_ref().is_some_and(|t| gone.contains(t)) {
            i.target = None;
        }
    }
    Ok(Projected {
        setup: out,
        dropped,
        stripped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::CardKind;
    use crate::mode::Mode;
    use crate::seat::Seat;
    use crate::setup::{CardSetup, ZoneSetup};

    fn spells_only() -> Capabilities {
        Capabilities {
            cards: Some(vec!["spell".into()]),
            effects: Some(vec!["nothing".into(), "counter".into()]),
            abilities: Some(Vec::new()),
            ..Capabilities::default()
        }
    }

    #[test]
    fn a_unit_goes_and_a_counter_stays() {
        let mut s = Setup::new(Mode::Skirmish);
        s.cards.push(CardSetup::new(
            "Poro",
            CardKind::Unit,
            Seat::B,
            ZoneSetup::Base(Seat::B),
        ));
        let mut negate = CardSetup::new("Negate", CardKind::Spell, Seat::C, ZoneSetup::Hand);
        negate.effect = EffectSetup::Counter;
        s.cards.push(negate);
        let p = project(&s, &spells_only()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(p.dropped, vec!["Poro (a unit)".to_string()]);
        assert_eq!(p.setup.cards.len(), 1);
        assert_eq!(p.setup.cards[0].name, "Negate");
        assert!(p.changed() && p.summary().contains("Poro"));
        let all = project(&s, &Capabilities::everything()).unwrap_or_else(|e| panic!("{e}"));
        assert!(!all.changed());
        assert_eq!(all.setup, s);
    }

    #[test]
    fn a_mode_it_does_not_play_is_not_projected() {
        let caps = Capabilities {
            modes: Some(vec!["duel".into()]),
            ..Capabilities::default()
        };
        assert!(project(&Setup::new(Mode::War), &caps).is_err());
    }
}
