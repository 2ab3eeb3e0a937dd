//! The conformance protocol: any rules engine, in any language, behind newline-delimited JSON on
//! its standard input and output, checked against the rules as riftcheck reads them.
//!
//! `docs/protocol.md` specifies every message with an example; `docs/protocol.schema.json` is
//! its JSON Schema. [`serve`] puts an [`crate::Engine`] behind the protocol (`riftcheck serve`);
//! [`client::Connection`] drives an engine in another process, turning a crash, a hang, an exit
//! or malformed output into an [`client::EngineFault`] rather than a panic.

pub mod client;
pub mod compare;
pub mod events;
pub mod mtg;
pub mod project;
pub mod remote;
pub mod serve;
pub mod trace;
pub mod wire;

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::mode::Mode;
use crate::readings::Readings;
use crate::setup::{EffectSetup, Setup};

/// The protocol's version; `hello` states it and an engine answers with the one it speaks.
pub const VERSION: u32 = 2;

/// The versions riftcheck speaks: an engine may answer `hello` with any of them. Version 1 is
/// version 2 without `observes` and with `events` a flag: every field of the observation is
/// required, every event a sentence.
pub const SPOKEN: [u32; 2] = [1, 2];

/// What an engine says it can do, in its answer to `hello`. A list left out means "all of them".
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Capabilities {
    /// The modes it plays (`duel`, `skirmish`, `war`, `magma-chamber`), and so the table sizes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub modes: Option<Vec<String>>,
    /// The kinds of action it takes ([`wire::ACTION_KINDS`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actions: Option<Vec<String>>,
    /// The kinds of card it knows (`unit`, `gear`, `rune`, `spell`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<String>>,
    /// The effects it carries out ([`EFFECTS`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effects: Option<Vec<String>>,
    /// The abilities cards may have (`add`, `activated`, `triggered`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub abilities: Option<Vec<String>>,
    /// Whether it answers `snapshot` and `restore`.
    pub snapshot: bool,
    /// Which events its observations carry: all (`true`, the default), none (`false`: events
    /// are not compared) or the kinds it lists (version 2), each as a sentence or a structured
    /// event.
    pub events: events::Reported,
    /// The observation fields it exposes (version 2), a record's sub-fields as `cards.at`; left
    /// out, every field. Fields it does not list are neither required nor compared.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub observes: Option<Vec<String>>,
    /// The readings of the project's policies it follows where they are not the project's,
    /// policy by policy (`{"team-victory": "last-player-only"}`); every other policy, the
    /// project's reading.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub readings: std::collections::BTreeMap<String, String>,
}

/// Every effect, as capabilities name them.
pub const EFFECTS: [&str; 11] = [
    "nothing",
    "counter",
    "gain control",
    "move",
    "play token",
    "deal",
    "kill",
    "move chosen",
    "move all",
    "might",
    "equip",
];

pub(crate) fn effect_kind(e: &EffectSetup) -> &'static str {
    match e {
        EffectSetup::Nothing => "nothing",
        EffectSetup::Counter => "counter",
        EffectSetup::GainControl => "gain control",
        EffectSetup::MoveTo(_) => "move",
        EffectSetup::PlayToken { .. } => "play token",
        EffectSetup::Deal(_) => "deal",
        EffectSetup::Kill => "kill",
        EffectSetup::MoveToChosen => "move chosen",
        EffectSetup::MoveAllTo(_) => "move all",
        EffectSetup::Might { .. } => "might",
        EffectSetup::Equip => "equip",
    }
}

/// Whether `what` is in a declared list (a list left out means all of them).
pub(crate) fn listed(list: &Option<Vec<String>>, what: &str) -> bool {
    list.as_ref().is_none_or(|l| l.iter().any(|x| x == what))
}

impl Capabilities {
    /// Everything, with snapshots and events: what `riftcheck serve` declares.
    pub fn everything() -> Capabilities {
        Capabilities {
            snapshot: true,
            ..Capabilities::default()
        }
    }

    /// Whether it exposes the observation field `key` (all of it, or some of its sub-fields).
    pub fn observes(&self, key: &str) -> bool {
        self.observes.as_ref().is_none_or(|l| {
            l.iter()
                .any(|f| f == key || f.split_once('.').is_some_and(|(k, _)| k == key))
        })
    }

    /// The sub-fields of `key` it exposes, if it declares only some (`cards.at`): `None` for
    /// all of them.
    pub fn sub_fields(&self, key: &str) -> Option<Vec<&str>> {
        let l = self.observes.as_ref()?;
        if l.iter().any(|f| f == key) {
            return None;
        }
        let subs: Vec<&str> = l
            .iter()
            .filter_map(|f| f.split_once('.').filter(|(k, _)| *k == key).map(|(_, s)| s))
            .collect();
        (!subs.is_empty()).then_some(subs)
    }

    /// What is wrong with what it declares: a field or sub-field of the observation, a kind of
    /// event, an action, a card, an effect or an ability that riftcheck does not know.
    pub fn problem(&self) -> Option<String> {
        use crate::observation::{CardObs, FieldObs, ItemObs};
        let records: [(&str, &[crate::observation::FieldInfo]); 3] = [
            ("cards", CardObs::FIELDS),
            ("battlefields", FieldObs::FIELDS),
            ("chain", ItemObs::FIELDS),
        ];
        for f in self.observes.iter().flatten() {
            let ok = match f.split_once('.') {
                None => crate::Observation::FIELDS.iter().any(|x| x.key == f),
                Some((k, sub)) => records
                    .iter()
                    .any(|(r, fields)| *r == k && fields.iter().any(|x| x.key == sub)),
            };
            if !ok {
                return Some(format!(
                    "`observes` lists `{f}`, which is not a field of the observation ({}; \
                     sub-fields as cards.at, battlefields.controller, chain.item)",
                    crate::Observation::keys()
                ));
            }
        }
        if let Some(k) = self.events.unknown() {
            return Some(format!(
                "`events` lists `{k}`, which is not a kind of event ({})",
                crate::observation::facts::EVENT_KINDS.join(", ")
            ));
        }
        let known = [
            ("actions", &self.actions, &wire::ACTION_KINDS[..]),
            ("cards", &self.cards, &["unit", "gear", "rune", "spell"][..]),
            ("effects", &self.effects, &EFFECTS[..]),
            (
                "abilities",
                &self.abilities,
                &["add", "activated", "triggered"][..],
            ),
            (
                "modes",
                &self.modes,
                &["duel", "skirmish", "war", "magma-chamber"][..],
            ),
        ];
        for (what, list, all) in known {
            if let Some(x) = list.iter().flatten().find(|x| !all.contains(&x.as_str())) {
                return Some(format!(
                    "`{what}` lists `{x}`, which riftcheck does not know ({})",
                    all.join(", ")
                ));
            }
        }
        None
    }

    /// The readings it declares, on top of the project's.
    ///
    /// # Errors
    ///
    /// A declared name is not a policy, not one of its readings, or a reading known to be
    /// wrong (a rule fault).
    pub fn declared_readings(
        &self,
    ) -> Result<Readings, crate::readings::choice::PolicyChoiceError> {
        let mut r = Readings::default();
        for (point, reading) in &self.readings {
            let c: crate::readings::choice::PolicyChoice = format!("{point}={reading}").parse()?;
            r = c.apply(r);
        }
        Ok(r)
    }

    /// `setup` as this engine plays it: a setup under the project's readings is played under
    /// the readings it declares.
    pub fn as_read(&self, setup: &Setup) -> Setup {
        let mut s = setup.clone();
        if s.readings == Readings::default()
            && let Ok(r) = self.declared_readings()
        {
            s.readings = r;
        }
        s
    }

    /// Whether it plays `mode`.
    pub fn plays(&self, mode: Mode) -> bool {
        listed(&self.modes, mode.key())
    }

    /// Whether it takes actions of `action`'s kind.
    pub fn takes(&self, action: &Action) -> bool {
        self.takes_kind(wire::action_kind(action))
    }

    /// Whether it takes actions of the kind called `kind` (`concede`).
    pub fn takes_kind(&self, kind: &str) -> bool {
        listed(&self.actions, kind)
    }
}

/// An engine's answer to `hello`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// The protocol version it speaks.
    pub protocol: u32,
    /// Its name.
    pub name: String,
    /// Its version.
    #[serde(default)]
    pub version: String,
    /// What it can do.
    #[serde(default)]
    pub capabilities: Capabilities,
    /// The ruleset it plays: `riftbound` (the default, left out) or `mtg` (MTG's 800.4, whose
    /// setups, actions and observations are those of `docs/protocol.md`'s MTG section).
    #[serde(default = "riftbound", skip_serializing_if = "is_riftbound")]
    pub ruleset: String,
}

fn riftbound() -> String {
    "riftbound".into()
}

fn is_riftbound(r: &str) -> bool {
    r == "riftbound"
}
