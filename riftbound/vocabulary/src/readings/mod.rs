//! Readings: the ways a rule can be read, each named, and the one a game is played under.
//!
//! Some points are the project's policies, where the rules are silent or ambiguous (rules
//! reference, section 3): `teammate-destination` has two readings the rules admit. Others are
//! rules whose reading is clear, listed with the misreadings engines are known to make. A
//! misreading is a reading *known to be wrong*: its name is a rule fault (`count-passes`,
//! `borrowed-unit-returns`, ...), which `riftcheck check --fault NAME` selects for the engine under
//! test to show that the checker, the fuzzers and the property tests catch it.
//!
//! Everything here is data. How the reference engine follows each reading is written in one
//! place, `game::policy`; the spec follows only the readings that are not known to be wrong.

use std::fmt;
use std::str::FromStr;

use crate::mode::Mode;

/// Whether a point is one of the project's policies or a rule with known misreadings.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PointKind {
    /// The rules are silent or ambiguous; the project chose a default (rules reference, §3).
    Policy,
    /// The rules are clear; the other readings are known to be wrong.
    Rule,
}

/// One reading of a point.
#[derive(Clone, Copy, Debug)]
pub struct ReadingInfo {
    /// Its name (`occupied`, `count`).
    pub key: &'static str,
    /// What the engine does under it.
    pub about: &'static str,
    /// The rule fault it is, if it is known to be wrong.
    pub fault: Option<&'static str>,
}

impl ReadingInfo {
    /// What the engine does under it, as one line.
    pub fn text(&self) -> String {
        self.about.split_whitespace().collect::<Vec<_>>().join(" ")
    }
}

/// A point where the rules can be read in more than one way.
#[derive(Clone, Copy, Debug)]
pub struct PointInfo {
    /// Its name (`teammate-destination`).
    pub key: &'static str,
    /// A policy or a rule.
    pub kind: PointKind,
    /// The rules it reads.
    pub rules: &'static str,
    /// Its readings, the default first.
    pub readings: &'static [ReadingInfo],
    /// The modes in which it can apply.
    pub modes: Modes,
}

impl PointInfo {
    /// Whether the point can apply in `mode`: a point about teammates only where there are teams
    /// (484).
    pub fn applies_in(&self, mode: Mode) -> bool {
        match self.modes {
            Modes::All => true,
            Modes::Teams => mode.has_teams(),
        }
    }
}

/// The modes in which a point can apply.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Modes {
    /// Every mode.
    All,
    /// The modes with teams (Magma Chamber, 484).
    Teams,
}

impl fmt::Display for Modes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Modes::All => "every mode",
            Modes::Teams => "team modes (Magma Chamber, 484)",
        })
    }
}

macro_rules! readings {
    ($(
        $(#[doc = $pdoc:literal])*
        $field:ident: $ty:ident = $key:literal, $kind:ident, $rules:literal $(, $modes:ident)? {
            $( $(#[doc = $vdoc:literal])* $var:ident = $vkey:literal $(wrong $fid:ident $fkey:literal)? ; )+
        }
    )*) => {
        $(
            riftcheck_core::reading_point! {
                $(#[doc = $pdoc])*
                $ty { $( $(#[doc = $vdoc])* $var = $vkey ),+ }
            }
        )*

        /// The reading a game is played under at every point. The default is the project's
        /// reading of the rules; a game played by an engine under test may carry a rule fault
        /// (a reading known to be wrong), which only that engine follows.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
        pub struct Readings {
            $( $(#[doc = $pdoc])* pub $field: $ty, )*
        }

        /// Every point, in the order of the rules reference.
        pub const POINTS: &[PointInfo] = &[
            $( PointInfo {
                key: $key,
                kind: PointKind::$kind,
                rules: $rules,
                modes: readings!(@modes $($modes)?),
                readings: &[ $( ReadingInfo {
                    key: $vkey,
                    about: concat!($($vdoc, " ",)*),
                    fault: readings!(@fault $($fkey)?),
                }, )+ ],
            }, )*
        ];

        /// A rule fault: a reading known to be wrong, by the name the command line uses.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum Fault {
            $( $( $( #[doc = $fkey] $fid, )? )+ )*
        }

        impl Fault {
            /// Every fault.
            pub const ALL: &'static [Fault] = &[ $( $( $( Fault::$fid, )? )+ )* ];

            /// Its name on the command line.
            pub fn key(self) -> &'static str {
                match self { $( $( $( Fault::$fid => $fkey, )? )+ )* }
            }

            /// The point it misreads.
            pub fn point(self) -> &'static PointInfo {
                let key = match self { $( $( $( Fault::$fid => $key, )? )+ )* };
                POINTS.iter().find(|p| p.key == key).unwrap_or(&POINTS[0])
            }

            /// The misreading, as a reading of its point.
            pub fn reading(self) -> &'static ReadingInfo {
                let key = match self { $( $( $( Fault::$fid => $vkey, )? )+ )* };
                self.point().readings.iter().find(|r| r.key == key).unwrap_or(&self.point().readings[0])
            }

            /// The readings `base` becomes when the engine makes this fault.
            pub fn apply(self, base: Readings) -> Readings {
                let mut r = base;
                match self { $( $( $( Fault::$fid => r.$field = $ty::$var, )? )+ )* }
                r
            }
        }

        impl Readings {
            /// The name of the reading at `point`, if there is such a point.
            pub fn get(&self, point: &str) -> Option<&'static str> {
                match point {
                    $( $key => Some(self.$field.key()), )*
                    _ => None,
                }
            }

            /// Sets the reading at `point` to the one named `reading`.
            ///
            /// # Errors
            ///
            /// The point or the reading does not exist.
            pub fn set(&mut self, point: &str, reading: &str) -> Result<(), ReadingError> {
                match point {
                    $( $key => {
                        self.$field = *$ty::ALL.iter().find(|r| r.key() == reading).ok_or_else(|| {
                            ReadingError::UnknownReading {
                                point: $key,
                                reading: reading.to_string(),
                                expected: $ty::ALL.iter().map(|r| r.key()).collect(),
                            }
                        })?;
                        Ok(())
                    } )*
                    _ => Err(ReadingError::UnknownPoint(point.to_string())),
                }
            }

            /// The rule faults among these readings.
            pub fn faults(&self) -> Vec<Fault> {
                Fault::ALL
                    .iter()
                    .copied()
                    .filter(|f| self.get(f.point().key) == Some(f.reading().key))
                    .collect()
            }

            /// These readings with every rule fault put back to the default reading: what the spec
            /// follows.
            pub fn without_faults(&self) -> Readings {
                let mut r = *self;
                for f in self.faults() {
                    let _ = r.set(f.point().key, f.point().readings[0].key);
                }
                r
            }

            /// Every point whose reading is not the default, as `(point, reading)`.
            pub fn chosen(&self) -> Vec<(&'static str, &'static str)> {
                let default = Readings::default();
                POINTS
                    .iter()
                    .filter_map(|p| {
                        let mine = self.get(p.key)?;
                        (default.get(p.key) != Some(mine)).then_some((p.key, mine))
                    })
                    .collect()
            }
        }
    };
    (@fault $fkey:literal) => { Some($fkey) };
    (@fault) => { None };
    (@modes $modes:ident) => { Modes::$modes };
    (@modes) => { Modes::All };
}

readings! {
    /// Policy `teammate-destination` (442.2.b, seed 003): which battlefields are closed to your
    /// units because of your teammate, in Magma Chamber.
    teammate_destination: TeammateDestination = "teammate-destination", Policy, "442.2.b, 442.2.c", Teams {
        /// Seed 003: a battlefield occupied by your teammate's units is an invalid destination.
        Occupied = "occupied";
        /// Core Rules 442.2.b: a battlefield your teammate controls is an invalid destination.
        Controlled = "controlled";
    }
    /// Policy `pass-record` (339, 347.3.a, 652.5): what counts as a complete round of passes.
    pass_record: PassRecord = "pass-record", Policy, "339, 347.3.a, 652.5.b.2, 652.5.c.2" {
        /// Passes are a set of seats; the round is complete when every remaining seat is in it;
        /// a removal deletes the leaver from the set.
        Seats = "seats";
        /// A count of consecutive passes, clamped to the new table size after a removal (what
        /// several public engines do), so a departed player's pass still counts.
        Count = "consecutive-count" wrong CountPasses "count-passes";
        /// The remaining players' passes are discarded when someone concedes.
        ResetByRemoval = "reset-by-removal" wrong PassesDiscardedOnConcession "passes-discarded-on-concession";
        /// In War, A, B and C passing is taken for a complete round, skipping D's response.
        FirstThreeSeats = "first-three-seats" wrong LastSeatSkipped "last-seat-skipped";
    }
    /// Policy `turn-player-leaves` (652.5.a.1): who takes the turn of a Turn Player who leaves.
    turn_player_leaves: TurnPlayerLeaves = "turn-player-leaves", Policy, "652.5.a.1" {
        /// The next remaining player in turn order, at once; a window in progress finishes first.
        NextPlayer = "next-player";
        /// The first remaining seat, whoever left.
        FirstSeat = "first-seat" wrong TurnRestartsAtFirstSeat "turn-restarts-at-first-seat";
    }
    /// Policy `focus-after-chain` (340.2.a, 346, 346.1, 429.2.a): whether Focus passes when a
    /// Chain empties during a Showdown.
    focus_after_chain: FocusAfterChain = "focus-after-chain", Policy, "340.2.a, 346, 346.1, 429.2.a" {
        /// A Chain opened by a play passes Focus however it emptied; one opened by a trigger
        /// does not.
        PlayOpened = "play-opened";
        /// A Chain emptied by a removal's countering (652.4), not by resolution, keeps Focus.
        CounteredDoesNotPass = "countered-does-not-pass";
        /// A Chain opened by a trigger passes Focus too once a player added an item to it (346).
        ExtendedTriggerChainPasses = "extended-trigger-chain-passes";
    }
    /// Policy `top-item-countered` (652.4, 652.5.c): Priority when a removal counters the newest
    /// item.
    top_item_countered: TopItemCountered = "top-item-countered", Policy, "652.4, 652.5.c, 340.4" {
        /// Priority stays with its holder unless the leaver held it; the passes stand.
        PriorityStays = "priority-stays";
        /// Priority goes to the controller of the new newest item (340.4) and a new round of
        /// passes starts.
        FreshRound = "fresh-round";
    }
    /// Policy `owned-spell-on-chain` (652.3, 652.4): a card the leaver owns on the Chain under
    /// another player's control.
    owned_spell_on_chain: OwnedSpellOnChain = "owned-spell-on-chain", Policy, "652.3, 652.4" {
        /// It leaves the game with the leaver's cards.
        RemovedWithLeaver = "removed-with-leaver";
        /// It stays on the Chain and resolves (652.3 read as applying to cards off the Chain).
        ControlledOnly = "controlled-only";
    }
    /// Policy `leaver-battlefield-control` (651.3, 187.4.c): when the leaver's battlefields stop
    /// being theirs.
    leaver_battlefield_control: LeaverBattlefieldControl = "leaver-battlefield-control", Policy, "651.3, 187.4.c, 323.6" {
        /// At once, as they leave.
        AtOnce = "at-once";
        /// At the next Open-state cleanup, which finds no units of their controller there.
        AtNextCleanup = "at-next-cleanup";
    }
    /// Policy `combat-with-one-side-gone` (460.1, 461): a combat whose Attacker or Defender left.
    combat_with_one_side_gone: CombatWithOneSideGone = "combat-with-one-side-gone", Policy, "460.1, 461" {
        /// It goes on: the Showdown finishes, no damage with a side empty, resolution by 461.
        GoesOn = "goes-on";
        /// It ends at once, with no resolution and no Conquer.
        CombatEnds = "combat-ends";
    }
    /// Policy `defender-keeps-control` (461.5, 464.1): whether a Defender who already controlled
    /// the battlefield Conquers it by winning the combat.
    defender_keeps_control: DefenderKeepsControl = "defender-keeps-control", Policy, "461.5, 464.1" {
        /// It does not: only gaining control is a Conquer.
        NoConquer = "no-conquer";
        /// It does (461.5.d read literally).
        DefenderConquers = "defender-conquers";
    }
    /// Policy `focus-passes-after-trigger-chain` (346.1, 347.3.a): whether a Chain opened by
    /// triggers during a Showdown keeps the sequence of Focus passes.
    focus_passes_after_trigger_chain: FocusPassesAfterTriggerChain = "focus-passes-after-trigger-chain", Policy, "346.1, 347.3.a" {
        /// It keeps them; only plays start a new sequence.
        Kept = "kept";
        /// It starts a new sequence of Focus passes, as a play does (347.3.a).
        TriggerChainResets = "trigger-chain-resets";
    }
    /// Policy `team-victory` (651.1, 651.4, 484.6.a): when a game with teams ends.
    team_victory: TeamVictory = "team-victory", Policy, "651.1, 651.4, 484.6.a", Teams {
        /// When every remaining player is on one team, that team wins.
        OneTeamWins = "one-team-wins";
        /// Only when one player is left (651.1 read literally); teammates play on.
        LastPlayerOnly = "last-player-only";
    }
    /// Policy `leaver-choices` (651.3, 652.4): what becomes of the choices a leaver would have
    /// made, such as placing their triggers still waiting to go on the Chain.
    leaver_choices: LeaverChoices = "leaver-choices", Policy, "651.3, 652.4" {
        /// They are skipped: the leaver's waiting triggers never go on the Chain.
        Skipped = "skipped";
        /// The next remaining player in turn order makes them (as MTG 800.4g): the leaver's
        /// waiting triggers are theirs to place, and go on the Chain under their control.
        NextPlayerChooses = "next-player-chooses";
    }
    /// Rule 652.5.c.1: who receives Priority when its holder leaves.
    priority_after_removal: PriorityAfterRemoval = "priority-after-removal", Rule, "652.5.c.1" {
        /// The next remaining player in turn order.
        NextPlayer = "next-player";
        /// Nobody takes it over: it stays with the player who left.
        StaysWithLeaver = "stays-with-leaver" wrong PriorityStaysWithLeaver "priority-stays-with-leaver";
    }
    /// Rule 652.5.b.1: who receives Focus when its holder leaves.
    focus_after_removal: FocusAfterRemoval = "focus-after-removal", Rule, "652.5.b.1" {
        /// The next remaining player in turn order.
        NextPlayer = "next-player";
        /// Nobody takes it over: it stays with the player who left.
        StaysWithLeaver = "stays-with-leaver" wrong FocusStaysWithLeaver "focus-stays-with-leaver";
    }
    /// Rule 652.5.b.2: a removal that completes the round of Focus passes.
    showdown_after_removal: ShowdownAfterRemoval = "showdown-after-removal", Rule, "652.5.b.2" {
        /// The Showdown ends at once.
        Ends = "ends";
        /// The completed round goes unnoticed until someone passes Focus again.
        Unnoticed = "unnoticed" wrong ShowdownNotEndedByRemoval "showdown-not-ended-by-removal";
    }
    /// Rule 652.4: which items a removal counters.
    leaver_items: LeaverItems = "leaver-items", Rule, "652.4" {
        /// Every item the leaver controls.
        ByControl = "by-control";
        /// None: the leaver's items stay on the Chain.
        Kept = "kept" wrong LeaverItemsNotCountered "leaver-items-not-countered";
        /// The items whose card the leaver owns, instead of those the leaver controls.
        ByOwnership = "by-ownership" wrong CounterByOwnership "counter-by-ownership";
    }
    /// Rule 425: what countering does to an item.
    counter: Counter = "counter", Rule, "425" {
        /// The item is cleared from the Chain without resolving.
        Clears = "clears";
        /// The item is reported countered but left on the Chain, where it later resolves.
        LeavesOnChain = "leaves-on-chain" wrong CounteredItemResolves "countered-item-resolves";
    }
    /// Rule 652.1: where the leaver's permanents, runes and facedown cards go.
    leaver_cards: LeaverCards = "leaver-cards", Rule, "652.1, 056" {
        /// Each is banished into its owner's Banishment, what they borrowed included.
        Banished = "banished";
        /// A card the leaver borrowed returns to its owner's board.
        BorrowedReturn = "borrowed-return" wrong BorrowedUnitReturns "borrowed-unit-returns";
    }
    /// Policy `token-battlefield` (652.2): what the battlefield that replaces the leaver's is.
    token_battlefield: TokenBattlefield = "token-battlefield", Policy, "652.2, 438" {
        /// A token with no abilities: the old continuous effects stop at once.
        NoAbilities = "no-abilities";
        /// The token is uncontrolled (439.4.b): it loses its controller and its Contested
        /// status as it replaces the old battlefield, abilities gone as under the default.
        UncontrolledToken = "uncontrolled-token";
        /// The replacement keeps the removed battlefield's continuous effect.
        KeepsEffects = "keeps-effects" wrong BattlefieldEffectKept "battlefield-effect-kept";
    }
    /// Rules 651.1-651.2: what a concession does when more than one player would remain.
    concession: Concession = "concession", Rule, "651.1, 651.2" {
        /// The conceder is removed and the game goes on.
        Removal = "removal";
        /// The whole game ends, the player after the conceder winning.
        GameEnds = "game-ends" wrong GameEndsOnConcession "game-ends-on-concession";
    }
    /// Policy `combat-trigger-order` (459.2.d.1): the order players place combat-start triggers.
    combat_trigger_order: CombatTriggerOrder = "combat-trigger-order", Policy, "459.2.d.1, 383.3.d" {
        /// The Attacker first, then each non-Defender in turn order after the Attacker, the
        /// Defender last.
        AttackerFirst = "attacker-first";
        /// The Attacker first, then the non-Defenders in turn order from the Turn Player (not
        /// from the Attacker), the Defender last.
        TurnOrderAfterAttacker = "turn-order-after-attacker";
        /// Plain turn order from the Turn Player.
        TurnOrder = "turn-order" wrong CombatTriggersInTurnOrder "combat-triggers-in-turn-order";
    }
    /// Rule 428: where a killed permanent goes.
    kill: Kill = "kill", Rule, "428, 056" {
        /// To its owner's Trash; a token ceases to exist.
        ToTrash = "to-trash";
        /// To its owner's Banishment, as if banished.
        ToBanishment = "to-banishment" wrong KillBanishes "kill-banishes";
    }
    /// Rules 143.2.a and 323.3: when a unit with lethal damage is killed.
    lethal_damage: LethalDamage = "lethal-damage", Rule, "143.2.a, 323.3" {
        /// At the first cleanup after the damage, whatever dealt it.
        NextCleanup = "next-cleanup";
        /// Only damage dealt in combat kills; damage an effect deals stays on the unit until
        /// the unit next fights.
        CombatOnly = "combat-only" wrong LethalDamageOnlyInCombat "effect-damage-never-kills";
    }
    /// Rules 355.4.a, 442.2.a, 444.2 and 484.8.c: whether a destination a player chooses for a
    /// move must be one the unit may go to.
    chosen_destination: ChosenDestination = "chosen-destination", Rule, "355.4.a, 442.2.a, 444.2" {
        /// It must: a staged or ongoing combat of others, a battlefield beside two other players
        /// or the teammate's are not choices; the play is refused.
        Checked = "checked";
        /// Any battlefield may be chosen; only when the spell resolves is a unit that may not
        /// go there Recalled.
        Unchecked = "unchecked" wrong ChosenDestinationUnchecked "chosen-destination-unchecked";
    }
    /// Rules 421 and 484.8.c: where a player may hide a card.
    hide: Hide = "hide", Rule, "421, 484.8.c" {
        /// Only at a battlefield they control: not a teammate's, not an uncontrolled one.
        Controlled = "controlled";
        /// At a battlefield they or a teammate control, as if control were shared.
        TeammatesToo = "teammates-too" wrong HideAtTeammates "hide-at-teammates";
    }
    /// Rules 449-451: whether a Recall is a move.
    recall: Recall = "recall", Rule, "440, 449-451" {
        /// It is not: no move ability triggers.
        NotAMove = "not-a-move";
        /// A Recall triggers the unit's "when I move" ability, as a move would.
        CountsAsMove = "counts-as-move" wrong RecallTriggersMove "recall-triggers-move";
    }
    /// Rule 466.1.b: when a Conquer scores a player's final point.
    final_point: FinalPoint = "final-point", Rule, "466.1.b" {
        /// Only if they have scored every other battlefield this turn (in Magma Chamber, those
        /// their teammate held as the turn began excepted); else they draw a card instead.
        EveryBattlefield = "every-battlefield";
        /// Any Conquer scores it, as any other point.
        AnyConquer = "any-conquer" wrong FinalPointByAnyConquer "final-point-by-any-conquer";
    }
    /// Rules 464.1.a and 484.8.b: whether a team may score, on one of its players' turns, a
    /// battlefield that player's teammate controlled during the Beginning Phase.
    mates_battlefields: MatesBattlefields = "mates-battlefields", Rule, "464.1.a, 484.8.b", Teams {
        /// It may not, that turn: neither teammate scores it, by Conquer or by Hold.
        Unscored = "unscored";
        /// It may, as any other battlefield.
        Scored = "scored" wrong MatesBattlefieldScored "mates-battlefield-scored";
    }
    /// Rule 484.8.f: which battlefields the Turn Player's final point by Conquer does not wait
    /// for (466.1.b).
    final_point_waiver: FinalPointWaiver = "final-point-waiver", Rule, "466.1.b, 484.8.f", Teams {
        /// Those their teammate occupied (had units at) during the Beginning Phase.
        OccupiedAsTurnBegan = "occupied-as-turn-began";
        /// Those the teammate occupies at the moment of the Conquer.
        OccupiedNow = "occupied-now" wrong WaiverReadAtConquer "waiver-read-at-conquer";
    }
    /// Rules 467 and 484.6: whose points a team's victory counts.
    team_points: TeamPoints = "team-points", Rule, "467, 484.6", Teams {
        /// The team's, pooled: the first team to reach the Victory Score wins.
        Pooled = "pooled";
        /// Each player's own only, as in a game without teams.
        OwnOnly = "own-only" wrong OwnPointsOnly "own-points-only";
    }
    /// Rule 460: whose order combat damage follows.
    damage_order: DamageOrder = "damage-order", Rule, "460" {
        /// The order the assigning players chose, lethal damage to each unit before the next.
        AsAssigned = "as-assigned";
        /// Card order, whatever the players chose.
        CardOrder = "card-order" wrong AssignmentIgnored "assignment-ignored";
    }
    /// Rules 460.2.c.4 and 460.2.d: what becomes of a side's damage past what kills every enemy
    /// unit.
    excess_damage: ExcessDamage = "excess-damage", Rule, "460.2.c.4, 460.2.d" {
        /// The last unit takes it: a side deals all its Might.
        ToLastUnit = "to-last-unit";
        /// It is dropped: each unit takes at most what kills it.
        Dropped = "dropped" wrong ExcessDamageDropped "excess-damage-dropped";
    }
    /// Rules 320.1 and 335.3: when Priority and Focus are awarded.
    awards: Awards = "awards", Rule, "320.1, 335.3" {
        /// Once no task is outstanding: after the Cleanup, a Showdown or turn beginning, and
        /// triggers placed.
        AtRest = "at-rest";
        /// As soon as the action makes them, before the Cleanup that follows it.
        AsMade = "as-made" wrong PriorityBeforeCleanup "priority-before-cleanup";
    }
    /// Rules 157.3 and 157.3.a: when the triggers a resolving item fires are finalized.
    resolution: Resolution = "resolution", Rule, "157.3, 157.3.a" {
        /// After the item has resolved completely (a spell is in its Trash) and the Cleanup
        /// has run.
        Completes = "completes";
        /// At once, while the item is still resolving.
        TriggersFirst = "triggers-first" wrong TriggerFinalizedMidResolution "trigger-finalized-mid-resolution";
    }
    /// Rules 652.3 and 652.4: the order in which a removal deals with a leaver's own spell on
    /// the Chain.
    removal_order: RemovalOrder = "removal-order", Rule, "652.3, 652.4" {
        /// Its card leaves the game with the leaver's other cards (652.3), then its item is
        /// countered (652.4).
        RemovedThenCountered = "removed-then-countered";
        /// Its item is countered first and the card then leaves the game, the reverse of the
        /// procedure's order.
        CounteredFirst = "countered-first" wrong CounteredBeforeRemoved "countered-before-removed";
    }
    /// Rule 718.8.a: whether a change of control of a unit changes control of what is attached
    /// to it.
    attached_control: AttachedControl = "attached-control", Rule, "718.8.a" {
        /// It does not: an equipment keeps its controller whoever controls its unit.
        Independent = "independent";
        /// The equipment changes control with the unit it is attached to.
        FollowsUnit = "follows-unit" wrong EquipmentControlFollowsUnit "equipment-control-follows-unit";
    }
    /// Rule 435.4.b: where an equipment goes when its unit leaves the board.
    detach: Detach = "detach", Rule, "435.4.b, 452.1" {
        /// It comes off and stays at the unit's last location (and is Recalled from a
        /// battlefield by the next cleanup, 452.1).
        StaysBehind = "stays-behind";
        /// It goes with the unit, to its owner's Trash or Banishment.
        GoesWithUnit = "goes-with-unit" wrong EquipmentLeavesWithUnit "equipment-leaves-with-unit";
    }
    /// Rule 652.1: which of the leaver's permanents the removal banishes.
    leaver_permanents: LeaverPermanents = "leaver-permanents", Rule, "652.1, 718.5" {
        /// Every one on the board, an equipment attached to another player's unit included.
        All = "all";
        /// Only those in a Base or at a battlefield: an attached equipment is missed and stays
        /// on its unit.
        NotAttached = "not-attached" wrong AttachedNotBanished "attached-not-banished";
    }
    /// Rules 317 and 315: when a lasting effect ends.
    durations: Durations = "durations", Rule, "317, 315, 472.3" {
        /// "This turn" ends in the Expiration step of the turn (317); "until your next turn" as
        /// that player's turn begins (315).
        AsWritten = "as-written";
        /// A "this turn" effect is kept past the Ending Phase and ends only as its player's
        /// next turn begins, as if it lasted until then.
        ThisTurnLasts = "this-turn-lasts" wrong ThisTurnOutlastsTurn "this-turn-outlasts-turn";
    }
    /// Policy `leaver-durations` (651.3, 652): what becomes of the lasting effects of a player
    /// who leaves, on units that stay on the board (a teammate's, an opponent's).
    leaver_durations: LeaverDurations = "leaver-durations", Policy, "651.3, 652, 317, 315" {
        /// They end at once: the leaver no longer influences the game (651.3), as their
        /// battlefields stop being theirs (policy `leaver-battlefield-control`).
        EndAtOnce = "end-at-once";
        /// They run their course, since 652 ends none of them: "this turn" ends with the turn;
        /// "until your next turn" never ends, since that turn never comes (MTG 800.4k has them
        /// end when it would have begun; Riftbound says nothing).
        RunTheirCourse = "run-their-course";
    }
    /// Rules 442.2.a and 457: whether a staged or ongoing combat is closed to third players.
    combat_entry: CombatEntry = "combat-entry", Rule, "442.2.a, 442.2.c, 457" {
        /// Closed to any player not in it, by a move, an instructed move or a play.
        Closed = "closed";
        /// Open to a third player's unit.
        Open = "open" wrong ThirdCombatantAdmitted "third-combatant-admitted";
    }
}

impl Fault {
    /// The rules it breaks.
    pub fn rule(self) -> &'static str {
        self.point().rules
    }

    /// What the faulty engine does.
    pub fn what(self) -> String {
        self.reading().text()
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// The text named no fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a fault; `riftcheck faults` lists them")]
pub struct UnknownFault(pub String);

impl FromStr for Fault {
    type Err = UnknownFault;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Fault::ALL
            .iter()
            .copied()
            .find(|f| f.key() == s)
            .ok_or_else(|| UnknownFault(s.to_string()))
    }
}

/// A reading that does not exist.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadingError {
    /// No point has this name.
    #[error("`{0}` is not a point with readings; `riftcheck policies` lists them")]
    UnknownPoint(String),
    /// The point has no reading of this name.
    #[error("`{reading}` is not a reading of {point}: expected {}", expected.join(", "))]
    UnknownReading {
        /// The point.
        point: &'static str,
        /// The name given.
        reading: String,
        /// The readings it has.
        expected: Vec<&'static str>,
    },
}

pub mod choice;
pub mod policies;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fault_is_a_wrong_reading_of_its_point() {
        assert_eq!(Fault::ALL.len(), 33);
        for &f in Fault::ALL {
            assert_eq!(f.key().parse::<Fault>(), Ok(f));
            assert_eq!(f.reading().fault, Some(f.key()));
            assert_ne!(f.point().readings[0].key, f.reading().key, "{f}: default");
            let r = f.apply(Readings::default());
            assert_eq!(r.faults(), vec![f]);
            assert_eq!(r.without_faults(), Readings::default());
            assert_eq!(r.chosen(), vec![(f.point().key, f.reading().key)]);
            assert!(!f.what().is_empty() && !f.rule().is_empty());
        }
        assert!("no-such-fault".parse::<Fault>().is_err());
    }

    /// `riftcheck faults` and the fault tests print each fault's rules and what the faulty engine
    /// does: rule numbers as the rulebook writes them (652.4, 442.2.a, a range 449-451), and the
    /// reading's words on one line, however its text is wrapped in the source.
    #[test]
    fn a_fault_cites_rule_numbers_and_says_what_it_does_on_one_line() {
        let rule_number = |n: &str| {
            let mut parts = n.split('.');
            parts
                .next()
                .is_some_and(|s| s.len() == 3 && s.bytes().all(|b| b.is_ascii_digit()))
                && parts.all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric()))
        };
        for &f in Fault::ALL {
            for cited in f.rule().split(", ") {
                assert!(cited.split('-').all(rule_number), "{f}: {cited:?}");
            }
            let what = f.what();
            assert!(
                !what.contains('\n') && !what.contains("  "),
                "{f}: {what:?}"
            );
            let words: Vec<&str> = f.reading().about.split_whitespace().collect();
            assert_eq!(what.split(' ').collect::<Vec<_>>(), words, "{f}");
        }
    }

    #[test]
    fn readings_are_set_by_name() {
        let mut r = Readings::default();
        assert_eq!(r.get("teammate-destination"), Some("occupied"));
        r.set("teammate-destination", "controlled").unwrap();
        assert_eq!(r.teammate_destination, TeammateDestination::Controlled);
        assert!(r.faults().is_empty());
        assert_eq!(r.without_faults(), r);
        assert!(matches!(
            r.set("teammate-destination", "nearby"),
            Err(ReadingError::UnknownReading { .. })
        ));
        assert!(matches!(
            r.set("no-such-point", "x"),
            Err(ReadingError::UnknownPoint(_))
        ));
        // Every point's default is the first reading and no default is a fault.
        for p in POINTS {
            assert_eq!(Readings::default().get(p.key), Some(p.readings[0].key));
            assert!(p.readings[0].fault.is_none(), "{}", p.key);
        }
    }
}
