//! Rule faults of the MTG engine: each a known misreading of one sub-rule of 800.4, for the
//! checker's self-check (`riftcheck check --ruleset mtg --fault NAME` must catch each).

/// A known misreading of 800.4 the MTG engine can be made to commit.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum MtgFault {
    /// 800.4a read in the wrong order: what the leaver controls is exiled before the effects that
    /// gave them control end, so a stolen creature is exiled instead of returned to its owner.
    StolenExiled,
    /// 800.4a's last sentence skipped: priority stays with the player who left.
    PriorityKept,
    /// 800.4d ignored: a delayed trigger of a player who left is put on the stack.
    LeaverTriggerPut,
    /// 800.4e ignored: combat damage is assigned to a player who left.
    DamageToLeaver,
    /// 800.4b ignored: a token is created under a player who left.
    TokenForLeaver,
    /// 800.4j ignored: the turn of a player who left begins.
    TurnForLeaver,
    /// 800.4k read as "at once": the leaver's "until your next turn" effects end as they leave.
    EffectsEndAtOnce,
    /// 800.4m ignored: the leaver's cards in the ante zone leave the game too.
    AnteLeaves,
    /// 800.4g ignored: a rule's choice keeps waiting for the player who left.
    ChoiceStays,
    /// 800.4i misread: the turn of a player who left ends at once (no combat, no end step).
    TurnEndsAtOnce,
    /// 800.4a's exile skipped: what the leaver controls but does not own stays, theirs.
    ControlledStays,
    /// 800.4h ignored: an effect that needs a player who left forgets them (Life Mirror's
    /// power becomes 0).
    MirrorForgets,
    /// 800.4n ignored: the planar controller stays the player who left.
    PlanarLeaves,
    /// 800.4f misread: the appointed chooser may be the controller even when an opponent is
    /// left.
    AppointSelf,
    /// 506.4 ignored as 800.4a ends a control effect: a creature that returns to its owner
    /// stays in combat, attacking for the player who left.
    StaysInCombat,
}

impl MtgFault {
    /// Every fault.
    pub const ALL: [MtgFault; 15] = [
        MtgFault::StolenExiled,
        MtgFault::PriorityKept,
        MtgFault::LeaverTriggerPut,
        MtgFault::DamageToLeaver,
        MtgFault::TokenForLeaver,
        MtgFault::TurnForLeaver,
        MtgFault::EffectsEndAtOnce,
        MtgFault::AnteLeaves,
        MtgFault::ChoiceStays,
        MtgFault::TurnEndsAtOnce,
        MtgFault::ControlledStays,
        MtgFault::MirrorForgets,
        MtgFault::PlanarLeaves,
        MtgFault::AppointSelf,
        MtgFault::StaysInCombat,
    ];

    /// Its name on the command line.
    pub fn key(self) -> &'static str {
        match self {
            MtgFault::StolenExiled => "stolen-exiled",
            MtgFault::PriorityKept => "priority-kept",
            MtgFault::LeaverTriggerPut => "leaver-trigger-put",
            MtgFault::DamageToLeaver => "damage-to-leaver",
            MtgFault::TokenForLeaver => "token-for-leaver",
            MtgFault::TurnForLeaver => "turn-for-leaver",
            MtgFault::EffectsEndAtOnce => "effects-end-at-once",
            MtgFault::AnteLeaves => "ante-leaves",
            MtgFault::ChoiceStays => "choice-stays",
            MtgFault::TurnEndsAtOnce => "turn-ends-at-once",
            MtgFault::ControlledStays => "controlled-stays",
            MtgFault::MirrorForgets => "mirror-forgets",
            MtgFault::PlanarLeaves => "planar-leaves",
            MtgFault::AppointSelf => "appoint-self",
            MtgFault::StaysInCombat => "stays-in-combat",
        }
    }

    /// The sub-rule it breaks.
    pub fn rule(self) -> &'static str {
        match self {
            MtgFault::StolenExiled | MtgFault::PriorityKept | MtgFault::ControlledStays => "800.4a",
            MtgFault::TokenForLeaver => "800.4b",
            MtgFault::LeaverTriggerPut => "800.4d",
            MtgFault::DamageToLeaver => "800.4e",
            MtgFault::AppointSelf => "800.4f",
            MtgFault::ChoiceStays => "800.4g",
            MtgFault::MirrorForgets => "800.4h",
            MtgFault::TurnEndsAtOnce => "800.4i",
            MtgFault::TurnForLeaver => "800.4j",
            MtgFault::EffectsEndAtOnce => "800.4k",
            MtgFault::AnteLeaves => "800.4m",
            MtgFault::PlanarLeaves => "800.4n",
            MtgFault::StaysInCombat => "506.4",
        }
    }

    /// What the engine does wrong, in a sentence.
    pub fn what(self) -> &'static str {
        match self {
            MtgFault::StolenExiled => {
                "what the leaver controls is exiled before their control effects end, so a stolen creature is exiled instead of returned"
            }
            MtgFault::PriorityKept => "priority stays with the player who left",
            MtgFault::LeaverTriggerPut => {
                "a delayed trigger of a player who left is put on the stack"
            }
            MtgFault::DamageToLeaver => "combat damage is assigned to a player who left",
            MtgFault::TokenForLeaver => "a token is created under a player who left",
            MtgFault::TurnForLeaver => "the turn of a player who left begins",
            MtgFault::EffectsEndAtOnce => {
                "the leaver's effects lasting until their next turn end as they leave"
            }
            MtgFault::AnteLeaves => "the leaver's cards in the ante zone leave the game",
            MtgFault::ChoiceStays => "a rule's choice keeps waiting for the player who left",
            MtgFault::TurnEndsAtOnce => {
                "the turn of a player who left ends at once, with no combat or end step"
            }
            MtgFault::ControlledStays => {
                "what the leaver controls but does not own stays on the battlefield, theirs"
            }
            MtgFault::MirrorForgets => {
                "Life Mirror forgets a player who left (its power becomes 0)"
            }
            MtgFault::PlanarLeaves => "the planar controller stays the player who left",
            MtgFault::AppointSelf => {
                "Opponent's Choice's controller may appoint themselves though an opponent is left"
            }
            MtgFault::StaysInCombat => {
                "a creature whose controller changes as a player leaves stays in combat"
            }
        }
    }

    /// The fault a name on the command line spells.
    pub fn from_key(key: &str) -> Option<MtgFault> {
        MtgFault::ALL.into_iter().find(|f| f.key() == key)
    }
}
