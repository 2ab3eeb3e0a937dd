//! The short text forms scenario files use for zones, effects and abilities.
//!
//! | field | forms |
//! | --- | --- |
//! | a card's `at` | `hand`, `A's hand`, `base`, `A's Base`, a battlefield's name, `facedown at <battlefield>`, `chain`, `trash`, `A's Trash`, `banishment`, `A's Banishment`, `removed`, `nowhere`, `attached to <unit>` |
//! | `effect` | `nothing`, `counter`, `gain control`, `move to <battlefield>`, `play <token> at <battlefield>`, `play <token>` (the player chooses the battlefield), `deal <1-9>` (to target unit), `kill` (target unit), `move to a battlefield of your choice` (target unit; the step names both: `A plays Nudge on Scout at Crag`) |
//! | `ability` | `add`, `exhaust: <effect>`, `exhaust, action: <effect>`, `exhaust, reaction: <effect>`, `when I attack: <effect>`, `when I defend: <effect>`, `when a unit attacks: <effect>`, `when a Showdown begins: <effect>` |

use std::fmt;

use crate::card::{Timing, TriggerEvent, Until};
use crate::seat::Seat;
use crate::setup::{AbilitySetup, EffectSetup, ZoneSetup};

/// A zone as a scenario names it. Owner-qualified forms (`A's Trash`) also say whose zone it is;
/// the plain forms (`trash`) match any owner's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZoneText {
    /// A hand.
    Hand(Option<Seat>),
    /// A Base; `None` means the card's controller's.
    Base(Option<Seat>),
    /// A battlefield.
    Field(String),
    /// Facedown at a battlefield.
    Facedown(String),
    /// The Chain.
    Chain,
    /// A Trash.
    Trash(Option<Seat>),
    /// A Banishment.
    Banishment(Option<Seat>),
    /// Removed from the game.
    Removed,
    /// A token not created, or gone.
    Nowhere,
    /// Attached to a unit, by name.
    Attached(String),
}

fn owned(text: &str, suffix: &str) -> Option<Option<Seat>> {
    if text.eq_ignore_ascii_case(suffix) {
        return Some(None);
    }
    let (seat, rest) = text.split_once("'s ")?;
    if !rest.eq_ignore_ascii_case(suffix) {
        return None;
    }
    seat.parse().ok().map(Some)
}

impl ZoneText {
    /// Reads a zone; anything that is no other form names a battlefield.
    pub fn parse(text: &str) -> ZoneText {
        let text = text.trim();
        if let Some(s) = owned(text, "hand") {
            return ZoneText::Hand(s);
        }
        if let Some(s) = owned(text, "base") {
            return ZoneText::Base(s);
        }
        if let Some(s) = owned(text, "trash") {
            return ZoneText::Trash(s);
        }
        if let Some(s) = owned(text, "banishment") {
            return ZoneText::Banishment(s);
        }
        match text {
            "chain" => ZoneText::Chain,
            "removed" => ZoneText::Removed,
            "nowhere" => ZoneText::Nowhere,
            _ => match (
                text.strip_prefix("facedown at "),
                text.strip_prefix("attached to "),
            ) {
                (Some(bf), _) => ZoneText::Facedown(bf.to_string()),
                (_, Some(unit)) => ZoneText::Attached(unit.to_string()),
                _ => ZoneText::Field(text.to_string()),
            },
        }
    }

    /// The setup zone this names; a plain `base` is `controller`'s Base.
    pub fn to_setup(&self, controller: Seat) -> ZoneSetup {
        match self {
            ZoneText::Hand(_) => ZoneSetup::Hand,
            ZoneText::Base(s) => ZoneSetup::Base(s.unwrap_or(controller)),
            ZoneText::Field(n) => ZoneSetup::Field(n.clone()),
            ZoneText::Facedown(n) => ZoneSetup::Facedown(n.clone()),
            ZoneText::Chain => ZoneSetup::Chain,
            ZoneText::Trash(_) => ZoneSetup::Trash,
            ZoneText::Banishment(_) => ZoneSetup::Banishment,
            ZoneText::Removed => ZoneSetup::Removed,
            ZoneText::Nowhere => ZoneSetup::Nowhere,
            ZoneText::Attached(u) => ZoneSetup::Attached(u.clone()),
        }
    }

    /// The canonical, owner-qualified text of a zone of the game, for a card owned by `owner`.
    pub fn of(catalog: &crate::card::Catalog, zone: crate::zone::Zone, owner: Seat) -> ZoneText {
        use crate::zone::Zone;
        match zone {
            Zone::Hand => ZoneText::Hand(Some(owner)),
            Zone::Base(s) => ZoneText::Base(Some(s)),
            Zone::Field(b) => ZoneText::Field(catalog.bf_name(b).to_string()),
            Zone::Facedown(b) => ZoneText::Facedown(catalog.bf_name(b).to_string()),
            Zone::Chain => ZoneText::Chain,
            Zone::Trash => ZoneText::Trash(Some(owner)),
            Zone::Banishment => ZoneText::Banishment(Some(owner)),
            Zone::Removed => ZoneText::Removed,
            Zone::Nowhere => ZoneText::Nowhere,
            Zone::Attached(u) => ZoneText::Attached(
                catalog
                    .cards
                    .get(u.index())
                    .map_or("?", |d| d.name.as_str())
                    .to_string(),
            ),
        }
    }

    /// The canonical text of a setup zone for a card owned by `owner`.
    pub fn from_setup(zone: &ZoneSetup, owner: Seat) -> ZoneText {
        match zone {
            ZoneSetup::Hand => ZoneText::Hand(Some(owner)),
            ZoneSetup::Base(s) => ZoneText::Base(Some(*s)),
            ZoneSetup::Field(n) => ZoneText::Field(n.clone()),
            ZoneSetup::Facedown(n) => ZoneText::Facedown(n.clone()),
            ZoneSetup::Chain => ZoneText::Chain,
            ZoneSetup::Trash => ZoneText::Trash(Some(owner)),
            ZoneSetup::Banishment => ZoneText::Banishment(Some(owner)),
            ZoneSetup::Removed => ZoneText::Removed,
            ZoneSetup::Nowhere => ZoneText::Nowhere,
            ZoneSetup::Attached(u) => ZoneText::Attached(u.clone()),
        }
    }

    /// Whether `actual` (a canonical, owner-qualified zone) is what this text expects.
    pub fn matches(&self, actual: &ZoneText) -> bool {
        use ZoneText::*;
        match (self, actual) {
            (Hand(None), Hand(_)) | (Base(None), Base(_)) => true,
            (Trash(None), Trash(_)) | (Banishment(None), Banishment(_)) => true,
            _ => self == actual,
        }
    }
}

impl fmt::Display for ZoneText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let own = |f: &mut fmt::Formatter<'_>, s: &Option<Seat>, plain: &str, proper: &str| match s
        {
            Some(s) => write!(f, "{s}'s {proper}"),
            None => f.write_str(plain),
        };
        match self {
            ZoneText::Hand(s) => own(f, s, "hand", "hand"),
            ZoneText::Base(s) => own(f, s, "base", "Base"),
            ZoneText::Field(n) => f.write_str(n),
            ZoneText::Facedown(n) => write!(f, "facedown at {n}"),
            ZoneText::Chain => f.write_str("chain"),
            ZoneText::Trash(s) => own(f, s, "trash", "Trash"),
            ZoneText::Banishment(s) => own(f, s, "banishment", "Banishment"),
            ZoneText::Removed => f.write_str("removed"),
            ZoneText::Nowhere => f.write_str("nowhere"),
            ZoneText::Attached(u) => write!(f, "attached to {u}"),
        }
    }
}

/// Reads an effect; the error says what was expected.
pub fn parse_effect(text: &str) -> Result<EffectSetup, String> {
    let text = text.trim();
    match text {
        "nothing" => return Ok(EffectSetup::Nothing),
        "counter" => return Ok(EffectSetup::Counter),
        "gain control" => return Ok(EffectSetup::GainControl),
        "kill" => return Ok(EffectSetup::Kill),
        "equip" => return Ok(EffectSetup::Equip),
        _ => {}
    }
    if let Some(n) = text.strip_prefix("deal ") {
        return match n.trim().parse::<u8>() {
            Ok(n @ 1..=9) => Ok(EffectSetup::Deal(n)),
            _ => Err(format!(
                "`{text}`: deal takes an amount of damage from 1 to 9, as in `deal 2`"
            )),
        };
    }
    if let Some(e) = parse_might(text) {
        return e;
    }
    if text == "move to a battlefield of your choice" {
        return Ok(EffectSetup::MoveToChosen);
    }
    if let Some(bf) = text.strip_prefix("move all units at a battlefield of your choice to ") {
        return Ok(EffectSetup::MoveAllTo(bf.to_string()));
    }
    if let Some(bf) = text.strip_prefix("move to ") {
        return Ok(EffectSetup::MoveTo(bf.to_string()));
    }
    if let Some(rest) = text.strip_prefix("play ") {
        return Ok(match rest.split_once(" at ") {
            Some((token, bf)) => EffectSetup::PlayToken {
                at: Some(bf.to_string()),
                token: token.to_string(),
            },
            None => EffectSetup::PlayToken {
                at: None,
                token: rest.to_string(),
            },
        });
    }
    Err(format!(
        "`{text}` is not an effect: expected nothing, counter, gain control, move to <battlefield>, \
         play <token> at <battlefield>, play <token>, deal <1-9>, kill, move to a battlefield of \
         your choice, move all units at a battlefield of your choice to <battlefield>, \
         +<1-9> might this turn, -<1-9> might until your next turn or (for \
         equipment) equip"
    ))
}

/// Reads `+2 might this turn`, `-1 might until your next turn` (472.3): `None` if the text is
/// not about Might at all.
fn parse_might(text: &str) -> Option<Result<EffectSetup, String>> {
    let sign = match text.chars().next()? {
        '+' => 1,
        '-' => -1,
        _ => return None,
    };
    let (amount, rest) = text[1..].split_once(" might")?;
    let until = match rest.trim() {
        "this turn" => Until::ThisTurn,
        "until your next turn" => Until::YourNextTurn,
        _ => {
            return Some(Err(format!(
                "`{text}`: a Might effect lasts `this turn` or `until your next turn`, as in \
                 `+2 might this turn`"
            )));
        }
    };
    Some(match amount.trim().parse::<i8>() {
        Ok(n @ 1..=9) => Ok(EffectSetup::Might {
            amount: sign * n,
            until,
        }),
        _ => Err(format!(
            "`{text}`: a Might effect gives 1 to 9 Might, or takes it away, as in \
             `+2 might this turn` or `-1 might this turn`"
        )),
    })
}

/// The text of an effect.
pub fn effect_text(e: &EffectSetup) -> String {
    match e {
        EffectSetup::Nothing => "nothing".to_string(),
        EffectSetup::Counter => "counter".to_string(),
        EffectSetup::GainControl => "gain control".to_string(),
        EffectSetup::MoveTo(bf) => format!("move to {bf}"),
        EffectSetup::MoveAllTo(bf) => {
            format!("move all units at a battlefield of your choice to {bf}")
        }
        EffectSetup::PlayToken {
            at: Some(bf),
            token,
        } => format!("play {token} at {bf}"),
        EffectSetup::PlayToken { at: None, token } => format!("play {token}"),
        EffectSetup::Deal(n) => format!("deal {n}"),
        EffectSetup::Kill => "kill".to_string(),
        EffectSetup::Equip => "equip".to_string(),
        EffectSetup::MoveToChosen => "move to a battlefield of your choice".to_string(),
        EffectSetup::Might { amount, until } => format!("{amount:+} might {}", until.text()),
    }
}

const ACTIVATIONS: [(&str, Timing); 3] = [
    ("exhaust", Timing::Normal),
    ("exhaust, action", Timing::Action),
    ("exhaust, reaction", Timing::Reaction),
];

/// Reads an ability; the error says what was expected.
pub fn parse_ability(text: &str) -> Result<AbilitySetup, String> {
    let text = text.trim();
    if text == "add" {
        return Ok(AbilitySetup::Add);
    }
    let Some((head, effect)) = text.split_once(':') else {
        return Err(format!(
            "`{text}` is not an ability: expected add, exhaust: <effect>, exhaust, reaction: \
             <effect>, or when <event>: <effect>"
        ));
    };
    let effect = parse_effect(effect)?;
    if let Some((_, timing)) = ACTIVATIONS.iter().find(|(h, _)| *h == head.trim()) {
        return Ok(AbilitySetup::Activated {
            timing: *timing,
            effect,
        });
    }
    if let Some(when) = TriggerEvent::from_text(head.trim()) {
        return Ok(AbilitySetup::Triggered { when, effect });
    }
    let triggers: Vec<&str> = TriggerEvent::ALL.iter().map(|(_, t)| *t).collect();
    Err(format!(
        "`{head}` is not an ability's start: expected exhaust, exhaust, action, exhaust, \
         reaction, {}",
        triggers.join(", ")
    ))
}

/// The text of an ability.
pub fn ability_text(a: &AbilitySetup) -> String {
    match a {
        AbilitySetup::Add => "add".to_string(),
        AbilitySetup::Activated { timing, effect } => {
            let head = ACTIVATIONS
                .iter()
                .find(|(_, t)| t == timing)
                .map_or("exhaust", |(h, _)| h);
            format!("{head}: {}", effect_text(effect))
        }
        AbilitySetup::Triggered { when, effect } => {
            format!("{}: {}", when.text(), effect_text(effect))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_round_trip() {
        for text in [
            "A's hand",
            "B's Base",
            "Left",
            "facedown at Left",
            "chain",
            "C's Trash",
            "D's Banishment",
            "removed",
            "nowhere",
            "attached to Ember",
        ] {
            assert_eq!(ZoneText::parse(text).to_string(), text);
        }
        assert_eq!(ZoneText::parse("banishment"), ZoneText::Banishment(None));
        assert!(ZoneText::parse("banishment").matches(&ZoneText::parse("A's Banishment")));
        assert!(!ZoneText::parse("B's Banishment").matches(&ZoneText::parse("A's Banishment")));
    }

    #[test]
    fn abilities_round_trip() {
        for text in [
            "add",
            "exhaust: nothing",
            "exhaust, reaction: counter",
            "when I attack: nothing",
            "when a Showdown begins: play Whelp at Left",
        ] {
            assert_eq!(ability_text(&parse_ability(text).unwrap()), text);
        }
        assert!(parse_ability("whenever: nothing").is_err());
        assert!(parse_effect("explode").is_err());
    }
}
