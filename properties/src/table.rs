//! The table of properties: each row names a property, the rules it checks, how it is
//! judged, the function that judges it, the companion that shows the bounds reach its
//! situation, and what the counterexample prose shows of the state.

use riftcheck::Catalog;
use riftcheck::observation::Observation as View;

use super::judging::{Judging, Step, Verdict};
use super::{chain, damage, departed, durations, equipment, fights, holders, liveness};
use super::{movement, order, removal, scoring};

/// How a property is judged: one type for every ruleset's properties.
pub use riftcheck_core::Kind;

/// Who judges a property, and on what.
#[derive(Clone, Copy)]
pub enum Judge {
    /// A function of the state reached (the first state included); it may also read the step
    /// into it when there is one.
    State(fn(&Judging<'_>) -> Verdict),
    /// A function of the step into a state (never called on the first state).
    Step(fn(&Judging<'_>, &Step<'_>) -> Verdict),
    /// A companion's: whether the step into a state shows the companion's situation.
    Seen(fn(&Judging<'_>, &Step<'_>) -> bool),
    /// The lockstep pair: the engine and the spec disagree.
    Lockstep,
    /// The search over the whole state graph.
    Graph,
}

/// What the counterexample prose shows of the state: given the catalog, the observation before
/// the last step and after it.
pub type Shows = fn(&Catalog, &View, &View) -> String;

/// One row of the table.
#[derive(Clone, Copy)]
pub struct Row {
    /// The property.
    pub prop: Prop,
    /// Its sentence.
    pub name: &'static str,
    /// The rules it checks.
    pub rules: &'static str,
    /// How it is judged.
    pub kind: Kind,
    /// Who judges it.
    pub judge: Judge,
    /// The `sometimes` property that shows the bounds reach the situation this one is about.
    pub companion: Option<Prop>,
    /// What the prose shows when it fails; the holders and the Chain when not given.
    pub shows: Option<Shows>,
}

macro_rules! properties {
    (@opt) => { None };
    (@opt $x:expr) => { Some($x) };
    ($( $id:ident: $kind:ident, $rule:literal, $name:literal, $judge:expr
        $(, companion $companion:ident)? $(, shows $shows:expr)? ; )*) => {
        /// Every property, by its place in [`Prop::ALL`] and [`TABLE`].
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        #[repr(u8)]
        pub enum Prop { $( #[doc = $name] $id, )* }

        impl Prop {
            /// Every property, in the order they are reported.
            pub const ALL: &'static [Prop] = &[ $( Prop::$id, )* ];

            /// The identifier the property is named by in the table, from which its stable
            /// short id is made ([`Prop::id`]).
            const IDENTS: &'static [&'static str] = &[ $( stringify!($id), )* ];
        }

        /// Every property's row, in the order of [`Prop::ALL`].
        pub const TABLE: &[Row] = &[ $( Row {
            prop: Prop::$id,
            name: $name,
            rules: $rule,
            kind: Kind::$kind,
            judge: $judge,
            companion: properties!(@opt $(Prop::$companion)?),
            shows: properties!(@opt $($shows)?),
        }, )* ];

        /// Judges the rows of `todo`, one after another in the order of [`Prop::ALL`], each by
        /// a direct call to its judge (the table's function pointers are constants here, so
        /// the compiler calls each judge by name, where a loop over the table would jump
        /// through a pointer it cannot predict on every row): the rows that judged their
        /// property broken, or their companion's situation shown, are handed to `hit`.
        #[inline(always)]
        pub(crate) fn judge_rows(
            j: &Judging<'_>,
            todo: impl Fn(Prop) -> bool,
            mut hit: impl FnMut(Prop),
        ) {
            $(
                if todo(Prop::$id) && judged($judge, j) {
                    hit(Prop::$id);
                }
            )*
        }
    };
}

/// What `judge` makes of a state and the step into it: whether it finds its property broken
/// (or its companion's situation shown). Always inlined, so that a constant `judge` becomes a
/// direct call.
#[inline(always)]
fn judged(judge: Judge, j: &Judging<'_>) -> bool {
    match judge {
        State(f) => f(j) == Verdict::Broken,
        OnStep(f) => j.step.as_ref().is_some_and(|s| f(j, s) == Verdict::Broken),
        Seen(f) => j.step.as_ref().is_some_and(|s| f(j, s)),
        Lockstep | Graph => false,
    }
}

use Judge::{Graph, Lockstep, Seen, State, Step as OnStep};

properties! {
    // Agreement and consistency.
    EngineAndSpecAgree: Always, "every rule modelled", "the engine and the spec agree on every action",
        Lockstep;
    EngineNeverPanics: Always, "the engine boundary", "the engine answers every action without a panic",
        Lockstep;
    ViewConsistent: Always, "651.3, 652, 708, 444.2", "what an observer sees is consistent",
        State(view_consistent);
    // The three mission properties.
    CounteredNeverResolves: Always, "425, 652.4", "a countered item never resolves",
        OnStep(chain::countered_never_resolves), companion SeenItemCountered;
    DepartedNoPriority: Always, "651.3, 652.5.c.1", "a departed player never receives Priority",
        State(departed::no_priority), companion SeenPriorityHolderConcedes, shows departed::priority;
    ShowdownEndsWhenAllPassed: Always, "347.3.a, 652.5.b.2", "a Showdown ends once all remaining players have passed",
        State(liveness::showdown_ends_when_all_passed), companion SeenRemovalEndsShowdown,
        shows liveness::focus_passes;
    // Chain and Priority.
    LeaverItemsGone: Always, "652.4", "the items a removed player controlled are gone from the Chain",
        State(chain::leaver_items_gone), companion SeenCounteredByRemoval;
    RemovedItemsNeverResolve: Always, "652.4", "an item controlled by a removed player never resolves",
        OnStep(chain::removed_items_never_resolve), companion SeenConcessionTwoItems;
    ResolvesOnlyWhenAllPassed: Always, "339, 340, 652.5.c.2", "the newest item resolves once all remaining players have passed Priority, and not before",
        State(chain::resolves_only_when_all_passed), companion SeenRemovalResolves,
        shows holders::passes;
    // Departed players.
    DepartedNoFocus: Always, "651.3, 652.5.b.1", "a departed player never receives Focus",
        State(departed::no_focus), companion SeenFocusHolderConcedes, shows departed::focus;
    DepartedNoTurn: Always, "651.3, 652.5.a.1", "a departed player never takes the turn",
        State(departed::no_turn), companion SeenTurnPlayerConcedes, shows departed::turn;
    DepartedNeverChooses: Always, "651.3", "a departed player is never asked to choose",
        State(departed::never_chooses), shows departed::chooser;
    // Proceeding after a removal.
    PassesSurvive: Always, "652.5, pass-record", "the remaining players' passes survive a concession",
        OnStep(holders::passes_survive), companion SeenPassesSurvive, shows holders::passes;
    HoldersChangeOnlyIfLeaverHeld: Always, "652.5.a-c", "the Turn, Focus and Priority change hands only when the leaver held them",
        OnStep(holders::change_only_if_leaver_held), companion SeenPriorityHolderConcedes,
        shows holders::holders;
    TurnOrderPreserved: Always, "116, 652.5.a.1", "the turn order of the remaining players is preserved",
        OnStep(holders::turn_order_preserved), companion SeenAfterRemovalTurn, shows holders::holders;
    OneHolder: Always, "312, 313.2, 313.5", "at most one Priority holder and one Focus holder, and Focus only in a Showdown",
        State(holders::one_holder);
    // Removal of the leaver's things.
    NothingOfLeaverOnBoard: Always, "652.1", "after a removal nothing the leaver owned or controlled is on the board",
        OnStep(removal::nothing_of_leaver_on_board), companion SeenBorrowedBanished;
    BorrowedToOwnersBanishment: Always, "652.1, 056", "borrowed cards go to their owner's Banishment",
        OnStep(removal::borrowed_to_owners_banishment), companion SeenBorrowedBanished;
    TokenBattlefield: Always, "652.2.a, 652.2.c", "the contributed battlefield becomes a token with no abilities and its continuous effects are gone",
        OnStep(removal::token_battlefield), companion SeenBattlefieldReplaced;
    UnitsDidNotMove: Always, "652.2.b", "units at the replaced battlefield do not move",
        OnStep(removal::units_did_not_move), companion SeenBattlefieldReplaced;
    TwoPlayerWin: Always, "651.1, 651.2", "a concession ends the game only when one player or team is left, who wins at once",
        OnStep(removal::two_player_win), companion SeenTwoPlayerConcession, shows removal::winners;
    TeamRemoved: Always, "651.4", "a team's concession removes the team",
        OnStep(removal::team_removed), companion SeenTeamConcession, shows removal::winners;
    // Combat, movement and staged fights (seed 003).
    NeverThreePlayers: Always, "444.2, 358.2", "never units of three players at one battlefield",
        State(fights::never_three_players);
    NeverThirdCombatant: Always, "457, 442.2.a", "never a third combatant",
        State(fights::never_third_combatant), companion SeenCombatDamage;
    OneFightAtATime: Always, "455, 323.8-323.9", "only one Showdown or combat at a time",
        OnStep(fights::one_fight_at_a_time), companion SeenStagedWhileRunning;
    TurnPlayerChoosesFight: Always, "456.1, 652.5.a.1", "the Turn Player chooses which staged fight goes first",
        State(fights::turn_player_chooses_fight), companion SeenTurnPlayerChooses;
    CombatTriggerOrder: Always, "459.2.d.1", "combat-start triggers are placed Attacker first and Defender last",
        OnStep(fights::combat_trigger_order), companion SeenThreeTriggerPlayers;
    MoveAllInTurnOrder: Always, "303.2.a, 442.2.c", "an effect moving every unit at a battlefield moves them player by player in turn order, Recalling those of a player who may not go",
        OnStep(movement::move_all_in_turn_order), companion SeenMoveAllSplit;
    InstructedMoveRecalls: Always, "442.2.c", "an instructed move into an invalid destination ends in a Recall",
        OnStep(movement::instructed_move_recalls), companion SeenRecall;
    ForcedPlayToBase: Always, "457.2", "a forced play into an invalid battlefield ends in the player's Base",
        OnStep(movement::forced_play_to_base), companion SeenForcedPlayToBase;
    NoStandardMoveInShowdown: Always, "144.1", "no Standard Move during a Showdown or combat",
        OnStep(movement::no_standard_move_in_showdown);
    TeammateDestinations: Always, "442.2.b", "no unit moves to a battlefield its controller's teammate occupies",
        OnStep(movement::teammate_destinations);
    RecallIsNotAMove: Always, "451, 440", "a Recall triggers no move ability",
        OnStep(movement::recall_is_not_a_move), companion SeenMoveTrigger;
    ChosenDestinationOpen: Always, "355.4.a, 442.2.a, 444.2", "a battlefield chosen for a unit to move to is one it may go to",
        OnStep(movement::chosen_destination_open), companion SeenChosenMove;
    HiddenOnlyWhereControlled: Always, "421, 484.8.c, 107.3", "a card is hidden only at a battlefield its player controls, one to a battlefield",
        OnStep(movement::hidden_only_where_controlled), companion SeenHide;
    // Damage and kills.
    LethalDamageKills: Always, "143.2.a, 323.3, 417", "no unit stays on the board with lethal damage",
        State(damage::lethal_damage_kills), companion SeenEffectDamageKills;
    DamageLethalFirst: Always, "460.2.c, 460.2.d", "each side takes the other's Might in combat damage, lethal to each unit before the next",
        OnStep(damage::damage_lethal_first), companion SeenDamageAssigned;
    AssignedUnitTakesDamage: Always, "460", "the unit a player assigns damage to next takes damage",
        OnStep(damage::assigned_unit_takes_damage), companion SeenDefenderAssigns;
    KilledToOwnersTrash: Always, "428, 056, 183.1", "a killed unit goes to its owner's Trash",
        OnStep(damage::killed_to_owners_trash), companion SeenBorrowedKilled;
    // The order of events.
    AwardsWaitForTasks: Always, "320.1, 335.3", "Priority and Focus are awarded only once no task is outstanding: nothing but another award follows one",
        OnStep(order::awards_wait_for_tasks), companion SeenCleanupBeforeAward;
    ItemFinishesFirst: Always, "157.3, 157.3.a", "a resolving spell reaches its Trash before anything is finalized or anyone receives Priority or Focus",
        OnStep(order::item_finishes_first), companion SeenTriggerAfterResolution;
    RemovalInRuleOrder: Always, "652.1, 652.2, 652.3, 652.4, 652.5", "a removal banishes, replaces the battlefield, removes the leaver's cards and counters their items in that order, and only then goes on",
        OnStep(order::removal_in_rule_order), companion SeenLeaverSpellRemovedAndCountered;
    RemovalReportsMight: Always, "652.1, 652.2.c", "a removal reports every change it makes to the Might of a unit that stays where it was",
        OnStep(order::removal_reports_might), companion SeenMightLostWithEquipment;
    // Scoring.
    FinalPointNeedsEveryBattlefield: Always, "466.1.b, 484.8.f", "a Conquer scores the final point only once every other battlefield is scored this turn (in Magma Chamber, but those the teammate occupied as the turn began), and otherwise draws a card",
        OnStep(scoring::final_point_needs_every_battlefield), companion SeenFinalPointWithheld;
    MatesBattlefieldsUnscored: Always, "464.1.a, 484.8.b", "a team scores no battlefield the Turn Player's teammate controlled as the turn began, that turn",
        OnStep(scoring::mates_battlefields_unscored), companion SeenMatesBattlefieldConquered;
    WonOnPoints: Always, "467, 323.1, 484.6", "a side (a player, or a team with its points pooled) at the Victory Score with more points than every other side has won",
        State(scoring::won_on_points), companion SeenTeamWinsOnPoints;
    // Equipment.
    LeaversEquipmentGone: Always, "652.1, 718.8", "no equipment stays attached to a unit after its controller left",
        State(equipment::leavers_equipment_gone), companion SeenEquipmentOnOthersUnitLeaves;
    EquipmentLeftBehind: Always, "435.4.b, 452.1, 323.7", "equipment whose unit leaves the board stays behind and goes back to its controller's Base",
        OnStep(equipment::equipment_left_behind), companion SeenEquipmentLeftBehind;
    EquipmentKeepsController: Always, "718.8.a", "a unit changing hands does not change who controls its equipment",
        OnStep(equipment::equipment_keeps_controller), companion SeenEquippedUnitChangesHands;
    // Lasting effects.
    LastingOnSchedule: Always, "472.3, 317, 315, 110, 651.3", "a lasting effect ends when its duration, its unit leaving the board or policy leaver-durations says, and not before",
        OnStep(durations::lasting_on_schedule), companion SeenThisTurnEnds;
    MightAddsUp: Always, "140, 719.5, 472.3, 652.2.c", "a unit's Might is its printed Might plus its battlefield's, its equipment's and its lasting effects'",
        State(durations::might_adds_up), companion SeenNextTurnEnds;
    // Liveness.
    NeverStuck: Always, "305, 312, 335", "the game never gets stuck",
        State(liveness::never_stuck);
    ChainsEmpty: Always, "339-340", "every chain empties",
        OnStep(liveness::chains_empty), companion SeenItemResolves;
    ShowdownsEnd: Always, "347-348", "every Showdown ends",
        OnStep(liveness::showdowns_end), companion SeenShowdownEnds;
    NoCycles: Graph, "339, 347.3.a", "no sequence of actions returns the game to an earlier state",
        Graph;

    // Companions: the bounds reach the situations the properties are about.
    SeenItemResolves: Sometimes, "340", "an item resolves",
        Seen(chain::seen_item_resolves);
    SeenItemCountered: Sometimes, "425", "an item is countered",
        Seen(chain::seen_item_countered);
    SeenCounteredByRemoval: Sometimes, "652.4", "a removal counters an item",
        Seen(chain::seen_countered_by_removal);
    SeenConcessionTwoItems: Sometimes, "652.4", "a concession happens while the chain holds two items",
        Seen(chain::seen_concession_two_items);
    SeenPriorityHolderConcedes: Sometimes, "652.5.c.1", "the Priority holder concedes during a chain",
        Seen(holders::seen_priority_holder_concedes);
    SeenFocusHolderConcedes: Sometimes, "652.5.b.1", "the Focus holder concedes",
        Seen(holders::seen_focus_holder_concedes);
    SeenTurnPlayerConcedes: Sometimes, "652.5.a.1", "the Turn Player concedes and the game goes on",
        Seen(holders::seen_turn_player_concedes);
    SeenRemovalResolves: Sometimes, "652.5.c.2", "a concession completes a round of passes and the newest item resolves",
        Seen(chain::seen_removal_resolves);
    SeenRemovalEndsShowdown: Sometimes, "652.5.b.2", "a concession completes a round of Focus passes and the Showdown ends",
        Seen(liveness::seen_removal_ends_showdown);
    SeenPassesSurvive: Sometimes, "652.5", "a concession leaves other players' passes on record",
        Seen(holders::seen_passes_survive);
    SeenShowdownEnds: Sometimes, "347.3.a", "a Showdown ends after a round of Focus passes",
        Seen(liveness::seen_showdown_ends);
    SeenTriggerChainEmpties: Sometimes, "346.1", "a chain opened by a trigger empties during a Showdown",
        Seen(liveness::seen_trigger_chain_empties);
    SeenBorrowedBanished: Sometimes, "652.1", "a borrowed card is banished into its owner's Banishment",
        Seen(removal::seen_borrowed_banished);
    SeenBattlefieldReplaced: Sometimes, "652.2.c", "a battlefield with a continuous effect is replaced while a unit is there",
        Seen(removal::seen_battlefield_replaced);
    SeenTwoPlayerConcession: Sometimes, "651.1", "a two-player concession ends the game",
        Seen(removal::seen_two_player_concession);
    SeenTeamConcession: Sometimes, "651.4", "a team concedes",
        Seen(removal::seen_team_concession);
    SeenTurnEnds: Sometimes, "317", "a turn ends and the next player takes theirs",
        Seen(holders::seen_turn_ends);
    SeenCombatDamage: Sometimes, "460", "a combat deals damage",
        Seen(fights::seen_combat_damage);
    SeenStagedWhileRunning: Sometimes, "456", "a fight is staged while another runs",
        Seen(fights::seen_staged_while_running);
    SeenTurnPlayerChooses: Sometimes, "456.1", "the Turn Player chooses between staged fights",
        Seen(fights::seen_turn_player_chooses);
    SeenUnstaged: Sometimes, "456.2", "a staged fight is dropped because one side left",
        Seen(fights::seen_unstaged);
    SeenRecall: Sometimes, "442.2.c", "an instructed move ends in a Recall",
        Seen(movement::seen_recall);
    SeenForcedPlayToBase: Sometimes, "457.2", "a forced play goes to the player's Base",
        Seen(movement::seen_forced_play_to_base);
    SeenThreeTriggerPlayers: Sometimes, "459.2.d.1", "combat-start triggers of three players are placed",
        Seen(fights::seen_three_trigger_players);
    SeenConcessionInCombat: Sometimes, "652.5, combat-with-one-side-gone", "a player concedes during a combat",
        Seen(fights::seen_concession_in_combat);
    SeenCombatantConcedes: Sometimes, "combat-with-one-side-gone", "the Attacker or the Defender concedes during the combat",
        Seen(fights::seen_combatant_concedes);
    SeenAfterRemovalTurn: Sometimes, "116", "a turn passes over a removed player",
        Seen(holders::seen_after_removal_turn);
    SeenMoveTrigger: Sometimes, "440, 383", "a unit moves and its move ability triggers",
        Seen(movement::seen_move_trigger);
    SeenChosenMove: Sometimes, "355.4.a, 440", "a unit moves to the battlefield its player chose",
        Seen(movement::seen_chosen_move);
    SeenHide: Sometimes, "421", "a player hides a card",
        Seen(movement::seen_hide);
    SeenHiddenLost: Sometimes, "107.3.d", "a hidden card is trashed once its player loses the battlefield",
        Seen(movement::seen_hidden_lost);
    SeenDamageAssigned: Sometimes, "460", "a player chooses which enemy unit gets combat damage next",
        Seen(damage::seen_damage_assigned);
    SeenDefenderAssigns: Sometimes, "460", "the Defender assigns combat damage after the Attacker",
        Seen(damage::seen_defender_assigns);
    SeenMoveAllSplit: Sometimes, "303.2.a, 442.2.c", "an effect moves every unit at a battlefield, and one player's units are Recalled instead",
        Seen(movement::seen_move_all_split);
    SeenEffectDamageKills: Sometimes, "417, 323.3", "damage an effect deals kills a unit",
        Seen(damage::seen_effect_damage_kills);
    SeenBorrowedKilled: Sometimes, "428, 056", "a borrowed unit is killed",
        Seen(damage::seen_borrowed_killed);
    SeenKillInShowdown: Sometimes, "428, 341", "an effect kills a unit during a Showdown",
        Seen(damage::seen_kill_in_showdown);
    SeenKillUnstages: Sometimes, "428, 456.2", "a kill leaves a staged fight without a side",
        Seen(damage::seen_kill_unstages);
    SeenFinalPointWithheld: Sometimes, "466.1.b", "a Conquer that would be the final point draws a card instead",
        Seen(scoring::seen_final_point_withheld);
    SeenFinalConquerWins: Sometimes, "466.1.b, 467", "the final point is a Conquer, and wins the game",
        Seen(scoring::seen_final_conquer_wins);
    SeenFinalPointWaived: Sometimes, "484.8.f", "the Turn Player's final point does not wait for a battlefield their teammate occupied as the turn began",
        Seen(scoring::seen_final_point_waived);
    SeenMatesBattlefieldConquered: Sometimes, "464.1.a, 484.8.b", "the Turn Player's team conquers a battlefield the teammate controlled as the turn began",
        Seen(scoring::seen_mates_battlefield_conquered);
    SeenTeamWinsOnPoints: Sometimes, "484.6", "a team wins on points neither of its players has alone",
        Seen(scoring::seen_team_wins_on_points);
    SeenEquipmentOnOthersUnitLeaves: Sometimes, "652.1, 718.8", "a player leaves with equipment on another player's unit",
        Seen(equipment::seen_equipment_on_others_unit_leaves);
    SeenEquipmentLeftBehind: Sometimes, "435.4.b", "a unit leaves the board and its equipment stays behind",
        Seen(equipment::seen_equipment_left_behind);
    SeenEquippedUnitChangesHands: Sometimes, "718.8.a", "a unit carrying equipment changes hands",
        Seen(equipment::seen_equipped_unit_changes_hands);
    SeenThisTurnEnds: Sometimes, "317", "a \"this turn\" effect ends with the turn",
        Seen(durations::seen_this_turn_ends);
    SeenNextTurnEnds: Sometimes, "315", "an \"until your next turn\" effect ends as that turn begins",
        Seen(durations::seen_next_turn_ends);
    SeenCleanupBeforeAward: Sometimes, "323.3, 335.3", "a resolution's Cleanup kills a unit before anybody receives Priority or Focus",
        Seen(order::seen_cleanup_before_award);
    SeenTriggerAfterResolution: Sometimes, "157.3.a", "a resolving spell fires a trigger, finalized once the spell is in its Trash",
        Seen(order::seen_trigger_after_resolution);
    SeenLeaverSpellRemovedAndCountered: Sometimes, "652.3, 652.4", "a leaver's spell on the Chain leaves the game and its item is countered",
        Seen(order::seen_leaver_spell_removed_and_countered);
    SeenMightLostWithEquipment: Sometimes, "652.1", "a removal takes away equipment that gave a remaining unit Might",
        Seen(order::seen_might_lost_with_equipment);
    SeenExcessDamage: Sometimes, "460.2.c.4", "a unit takes more combat damage than kills it",
        Seen(damage::seen_excess_damage);
    SeenLeaverLasting: Sometimes, "651.3, leaver-durations", "a player leaves with a lasting effect on a unit that stays on the board",
        Seen(durations::seen_leaver_lasting);
}

impl Prop {
    /// The property's row.
    pub fn row(self) -> &'static Row {
        &TABLE[self as usize]
    }

    /// The property's sentence.
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// A short identifier for machines and file names, stable across releases as long as the
    /// property is: its name in the table, in kebab case (`countered-never-resolves`).
    pub fn id(self) -> String {
        let ident = Prop::IDENTS[self as usize];
        let mut out = String::with_capacity(ident.len() + 8);
        for (i, c) in ident.chars().enumerate() {
            if c.is_ascii_uppercase() {
                if i > 0 {
                    out.push('-');
                }
                out.push(c.to_ascii_lowercase());
            } else {
                out.push(c);
            }
        }
        out
    }

    /// The property whose [`Prop::id`] is `id`.
    pub fn from_id(id: &str) -> Option<Prop> {
        Prop::ALL.iter().copied().find(|p| p.id() == id)
    }

    /// The rules it checks.
    pub fn rule(self) -> &'static str {
        self.row().rules
    }

    /// How it is judged.
    pub fn kind(self) -> Kind {
        self.row().kind
    }

    /// What the counterexample prose shows of the state when this property fails.
    pub fn shows(self, catalog: &Catalog, before: &View, after: &View) -> String {
        match self.row().shows {
            Some(f) => f(catalog, before, after),
            None => holders::summary(catalog, before, after),
        }
    }
}

impl riftcheck_core::Property for Prop {
    const ALL: &'static [Prop] = Prop::ALL;
    fn index(self) -> usize {
        self as usize
    }
    fn name(self) -> &'static str {
        Prop::name(self)
    }
    fn rule(self) -> &'static str {
        Prop::rule(self)
    }
    fn kind(self) -> Kind {
        Prop::kind(self)
    }
    fn id(self) -> String {
        Prop::id(self)
    }
    fn companion(self) -> Option<Prop> {
        self.row().companion
    }
}

/// 651.3, 652, 708, 444.2: what an observer sees holds together (the oracle's invariants).
fn view_consistent(j: &Judging<'_>) -> Verdict {
    Verdict::broken_if(
        !riftcheck::oracle::invariants_under(j.catalog, j.readings, j.after).is_empty(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_the_order_of_the_properties() {
        for (i, row) in TABLE.iter().enumerate() {
            assert_eq!(row.prop as usize, i, "{}", row.name);
        }
        assert_eq!(TABLE.len(), Prop::ALL.len());
        // A set's bits are read back through `Prop::ALL` (`PropSet::iter`).
        for (i, p) in Prop::ALL.iter().enumerate() {
            assert_eq!(*p as usize, i, "{}", p.name());
        }
    }

    #[test]
    fn ids_are_kebab_case_distinct_and_read_back() {
        assert_eq!(
            Prop::CounteredNeverResolves.id(),
            "countered-never-resolves"
        );
        assert_eq!(Prop::NoCycles.id(), "no-cycles");
        let mut ids: Vec<String> = Prop::ALL.iter().map(|p| p.id()).collect();
        for (p, id) in Prop::ALL.iter().zip(&ids) {
            assert_eq!(Prop::from_id(id), Some(*p));
            assert!(
                id.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            );
        }
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), Prop::ALL.len());
    }

    #[test]
    fn companions_are_sometimes_properties_and_judges_fit_kinds() {
        for row in TABLE {
            if let Some(c) = row.companion {
                assert_eq!(c.kind(), Kind::Sometimes, "companion of {}", row.name);
                assert_eq!(row.kind, Kind::Always, "{} has a companion", row.name);
            }
            let judged_per_state =
                matches!(row.judge, Judge::State(_) | Judge::Step(_) | Judge::Seen(_));
            assert_eq!(
                matches!(row.judge, Judge::Seen(_)),
                row.kind == Kind::Sometimes,
                "{}: a companion is judged by whether a step shows its situation",
                row.name
            );
            assert_eq!(
                judged_per_state,
                row.kind != Kind::Graph
                    && !matches!(row.prop, Prop::EngineAndSpecAgree | Prop::EngineNeverPanics),
                "{}",
                row.name
            );
        }
    }
}
