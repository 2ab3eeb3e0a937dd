//! Readings of 800.4: the points where the MTG engine could read a sub-rule in more than one way,
//! each with its readings, and the reading a game is played under.
//!
//! As in Riftbound's vocabulary (`riftbound_vocabulary::readings`), a point is an enum of its
//! readings, the book's first (the default); the others are known to be wrong. A rule fault
//! ([`MtgFault`]) is a known-wrong reading of one point, named for the command line
//! (`riftcheck check --ruleset mtg --fault NAME`): the checker's self-check makes the reference
//! engine play under it and expects the property it breaks to catch it. MTG's 800.4 leaves
//! nothing to the project's choice here, so every reading but the default is a fault.
//!
//! Everything here is data. How the reference engine follows each reading is written in one
//! place, `riftcheck::mtg::engine::policy`; the spec follows the book and reads none of this.

macro_rules! points {
    ($(
        $(#[doc = $pdoc:literal])*
        $field:ident: $ty:ident = $key:literal {
            $( $(#[doc = $vdoc:literal])* $var:ident = $vkey:literal; )+
        }
    )*) => {
        $(
            riftcheck_core::reading_point! {
                $(#[doc = $pdoc])*
                $ty { $( $(#[doc = $vdoc])* $var = $vkey ),+ }
            }
        )*

        /// The reading a game of the MTG ruleset is played under at every point of 800.4. The
        /// default is the book's reading everywhere; an engine made to commit a rule fault plays
        /// under [`MtgFault::apply`]'s readings.
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
        pub struct MtgReadings {
            $( $(#[doc = $pdoc])* pub $field: $ty, )*
        }

        /// Every point by name, with the names of its readings, the book's first, in the order of
        /// 800.4.
        pub const POINTS: &[(&str, &[&str])] = &[ $( ($key, &[ $( $vkey, )+ ]), )* ];

        impl MtgReadings {
            /// Every point, by name, with the name of its reading here, in the order of 800.4.
            pub fn points(&self) -> Vec<(&'static str, &'static str)> {
                vec![ $( ($key, self.$field.key()), )* ]
            }
        }
    };
}

points! {
    /// 800.4a, point `controlled-exile`: when what the leaver still controls is exiled.
    controlled_exile: ControlledExile = "controlled-exile" {
        /// The book's order: the effects that gave the leaver control end first, then what they
        /// still control is exiled (and what 800.4c exiles with it), so a stolen creature returns
        /// to its owner.
        AfterControlEnds = "after-control-ends";
        /// What the leaver controls is exiled before the effects that gave them control end (and
        /// again after), so a stolen creature is exiled instead of returned.
        BeforeControlEnds = "before-control-ends";
        /// Nothing is exiled for the leaver's control: what they control but do not own stays
        /// on the battlefield, theirs.
        Skipped = "skipped";
    }
    /// 800.4a's last sentence, point `leaver-priority`: who holds priority after its holder
    /// leaves.
    leaver_priority: LeaverPriority = "leaver-priority" {
        /// The next player in turn order who is in the game.
        NextPlayer = "next-player";
        /// Nobody takes it over: it stays with the player who left.
        StaysWithLeaver = "stays-with-leaver";
    }
    /// 800.4b, point `leaver-token`: whether a token is created under a player who left.
    leaver_token: LeaverToken = "leaver-token" {
        /// It is not.
        NotCreated = "not-created";
        /// It is, as if the player were still in the game.
        Created = "created";
    }
    /// 800.4d, point `leaver-trigger`: whether a delayed trigger of a player who left is put on
    /// the stack.
    leaver_trigger: LeaverTrigger = "leaver-trigger" {
        /// It is not: the leaver's triggers all leave with them.
        NotPut = "not-put";
        /// A delayed trigger (Astral Slide's return) is put on the stack under the player who
        /// left.
        DelayedPut = "delayed-put";
    }
    /// 800.4e, point `leaver-damage`: whether combat damage is assigned to a player who left.
    leaver_damage: LeaverDamage = "leaver-damage" {
        /// It is not.
        NotAssigned = "not-assigned";
        /// It is, and their life total goes down.
        Assigned = "assigned";
    }
    /// 800.4f, point `appointed-chooser`: whom the controller of a choice that moved to them
    /// (Opponent's Choice's) may appoint to make it.
    appointed_chooser: AppointedChooser = "appointed-chooser" {
        /// An opponent, while one is left; themselves only when none is.
        Opponent = "opponent";
        /// Any player in the game, themselves included, though an opponent is left.
        AnyPlayer = "any-player";
    }
    /// 800.4g, point `leaver-choice`: a choice a rule gave a player who left.
    leaver_choice: LeaverChoice = "leaver-choice" {
        /// It moves to the next player in turn order who is in the game.
        NextPlayer = "next-player";
        /// It keeps waiting for the player who left.
        Waits = "waits";
    }
    /// 800.4h, point `last-known-life`: what an effect that needs a player who left (Life
    /// Mirror's power) reads.
    last_known_life: LastKnownLife = "last-known-life" {
        /// Their last known information: the life total they had as they left.
        Kept = "kept";
        /// Nothing: it forgets them, and Life Mirror's power becomes 0.
        Forgotten = "forgotten";
    }
    /// 800.4i, point `leaver-turn`: the turn of a player who left, while it is theirs.
    leaver_turn: LeaverTurn = "leaver-turn" {
        /// It goes on without an active player, through its combat and end step.
        GoesOn = "goes-on";
        /// It ends at once, with no combat or end step.
        EndsAtOnce = "ends-at-once";
    }
    /// 800.4j, point `leaver-next-turn`: a turn of a player who left, once it would begin.
    leaver_next_turn: LeaverNextTurn = "leaver-next-turn" {
        /// It is skipped.
        Skipped = "skipped";
        /// It begins, as if they were still in the game.
        Begins = "begins";
    }
    /// 800.4k, point `until-next-turn`: when the leaver's effects lasting "until your next turn"
    /// end.
    until_next_turn: UntilNextTurn = "until-next-turn" {
        /// When that turn would have begun.
        WhenTurnWouldBegin = "when-turn-would-begin";
        /// At once, as they leave.
        AtOnce = "at-once";
    }
    /// 800.4m, point `ante`: the leaver's cards in the ante zone.
    ante: Ante = "ante" {
        /// They stay in the ante zone.
        Stays = "stays";
        /// They leave the game with the leaver's other objects.
        Leaves = "leaves";
    }
    /// 800.4n, point `planar-controller`: who is the planar controller after the one who was
    /// leaves.
    planar_controller: PlanarController = "planar-controller" {
        /// The next player in turn order who stays, named before the old controller leaves.
        NextPlayer = "next-player";
        /// The player who left stays the planar controller.
        StaysWithLeaver = "stays-with-leaver";
    }
    /// 506.4, as 800.4a ends a control effect, point `control-change-in-combat`: an attacking
    /// creature whose controller changes as a player leaves (it returns to its owner).
    control_change_in_combat: ControlChangeInCombat = "control-change-in-combat" {
        /// It is removed from combat.
        RemovedFromCombat = "removed-from-combat";
        /// It stays in combat, attacking for the player who left.
        StaysInCombat = "stays-in-combat";
    }
}

impl MtgReadings {
    /// These readings, with `fault`'s misreading if there is one.
    pub fn with_fault(self, fault: Option<MtgFault>) -> MtgReadings {
        fault.map_or(self, |f| f.apply(self))
    }

    /// The rule faults among these readings.
    pub fn faults(&self) -> Vec<MtgFault> {
        MtgFault::ALL
            .into_iter()
            .filter(|f| f.apply(*self) == *self)
            .collect()
    }
}

/// A known misreading of 800.4 the MTG engine can be made to commit: a reading known to be wrong
/// of one point of [`MtgReadings`], by the name the command line uses.
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

    /// The readings `base` becomes when the engine commits this fault: the misreading at its
    /// point, `base`'s reading everywhere else.
    pub fn apply(self, base: MtgReadings) -> MtgReadings {
        let mut r = base;
        match self {
            MtgFault::StolenExiled => r.controlled_exile = ControlledExile::BeforeControlEnds,
            MtgFault::ControlledStays => r.controlled_exile = ControlledExile::Skipped,
            MtgFault::PriorityKept => r.leaver_priority = LeaverPriority::StaysWithLeaver,
            MtgFault::TokenForLeaver => r.leaver_token = LeaverToken::Created,
            MtgFault::LeaverTriggerPut => r.leaver_trigger = LeaverTrigger::DelayedPut,
            MtgFault::DamageToLeaver => r.leaver_damage = LeaverDamage::Assigned,
            MtgFault::AppointSelf => r.appointed_chooser = AppointedChooser::AnyPlayer,
            MtgFault::ChoiceStays => r.leaver_choice = LeaverChoice::Waits,
            MtgFault::MirrorForgets => r.last_known_life = LastKnownLife::Forgotten,
            MtgFault::TurnEndsAtOnce => r.leaver_turn = LeaverTurn::EndsAtOnce,
            MtgFault::TurnForLeaver => r.leaver_next_turn = LeaverNextTurn::Begins,
            MtgFault::EffectsEndAtOnce => r.until_next_turn = UntilNextTurn::AtOnce,
            MtgFault::AnteLeaves => r.ante = Ante::Leaves,
            MtgFault::PlanarLeaves => r.planar_controller = PlanarController::StaysWithLeaver,
            MtgFault::StaysInCombat => {
                r.control_change_in_combat = ControlChangeInCombat::StaysInCombat;
            }
        }
        r
    }

    /// The readings of a game in which the engine commits this fault and reads the rest of
    /// 800.4 as the book does.
    pub fn readings(self) -> MtgReadings {
        self.apply(MtgReadings::default())
    }

    /// The point it misreads and its reading there, by name (`controlled-exile`,
    /// `before-control-ends`).
    pub fn misreading(self) -> (&'static str, &'static str) {
        let book = MtgReadings::default().points();
        self.readings()
            .points()
            .into_iter()
            .zip(book)
            .find(|(mine, book)| mine != book)
            .map_or(("", ""), |(mine, _)| mine)
    }

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

#[cfg(test)]
mod tests {
    use super::*;

    /// Each fault is one known-wrong reading of one point: it changes that point and no other,
    /// no two faults read the rules alike, and the book's readings hold no fault.
    #[test]
    fn every_fault_misreads_one_point() {
        let book = MtgReadings::default();
        assert!(book.faults().is_empty());
        let mut seen = Vec::new();
        for f in MtgFault::ALL {
            let r = f.readings();
            let changed = r
                .points()
                .into_iter()
                .zip(book.points())
                .filter(|(mine, book)| mine != book)
                .count();
            assert_eq!(changed, 1, "{}", f.key());
            assert_eq!(r.faults(), vec![f], "{}", f.key());
            assert_eq!(book.with_fault(Some(f)), r);
            assert!(!seen.contains(&r), "{} reads as another fault", f.key());
            seen.push(r);
            assert_eq!(MtgFault::from_key(f.key()), Some(f));
            assert!(f.rule().starts_with("800.4") || f.rule() == "506.4");
        }
        assert_eq!(book.with_fault(None), book);
        assert_eq!(MtgFault::from_key("no-such-fault"), None);
    }

    /// A point's readings are the book's (the default, first) and the faults' on it, one fault
    /// for each other reading: 800.4 leaves nothing to choose.
    #[test]
    fn every_other_reading_is_a_fault() {
        let book = MtgReadings::default().points();
        assert_eq!(book.len(), POINTS.len());
        for ((point, readings), (key, default)) in POINTS.iter().zip(book) {
            assert_eq!((*point, readings[0]), (key, default));
            let mut faults: Vec<&str> = MtgFault::ALL
                .iter()
                .filter(|f| f.misreading().0 == *point)
                .map(|f| f.misreading().1)
                .collect();
            faults.sort_unstable();
            let mut wrong = readings[1..].to_vec();
            wrong.sort_unstable();
            assert_eq!(faults, wrong, "{point}");
        }
        assert_eq!(
            MtgFault::StolenExiled.misreading(),
            ("controlled-exile", "before-control-ends")
        );
        assert_eq!(ControlledExile::ALL[0], ControlledExile::default());
    }

    /// `docs/mtg.md` lists every point with its sub-rule, the book's reading and the faults'.
    #[test]
    fn the_docs_list_every_point() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/mtg.md");
        let doc = std::fs::read_to_string(path).expect("docs/mtg.md");
        for (point, readings) in POINTS {
            let on_it: Vec<MtgFault> = MtgFault::ALL
                .into_iter()
                .filter(|f| f.misreading().0 == *point)
                .collect();
            let wrong: Vec<String> = readings[1..]
                .iter()
                .map(|r| {
                    let f = on_it.iter().find(|f| f.misreading().1 == *r);
                    format!("`{r}` (`{}`)", f.map_or("", |f| f.key()))
                })
                .collect();
            let row = format!(
                "| `{point}` | {} | `{}` | {} |",
                on_it[0].rule(),
                readings[0],
                wrong.join(", ")
            );
            assert!(doc.contains(&row), "docs/mtg.md has no row {row}");
        }
    }
}
