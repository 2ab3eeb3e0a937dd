//! The checker checks itself: the default check, run against an engine that commits each named
//! rule fault, must catch it with the property named for it and a shortest counterexample of the
//! stated length; against the engine without faults it must find nothing.
//!
//! Each fault is checked on the configuration named beside it, the cheapest of those in which
//! its shortest counterexample over every default configuration shows (at the quick bounds):
//! the same proof as the whole matrix for a tenth of the time. `RIFTCHECK_FAULTS_EVERYWHERE=1`
//! checks every fault on every configuration, and that no configuration has a shorter
//! counterexample (the weekly workflow `faults-weekly` runs it).

use riftbound_check::configs;
use riftbound_check::proof::{self, Options};
use riftcheck::Fault;
use riftcheck_properties::Prop;

/// Each fault, the property that names what it breaks, the length of the shortest
/// counterexample over the default configurations (breadth-first, so it cannot be shorter), and
/// a configuration where it shows.
const EXPECTED: &[(Fault, Prop, usize, &str)] = &[
    (
        Fault::CountPasses,
        Prop::ResolvesOnlyWhenAllPassed,
        4,
        "skirmish/chain",
    ),
    (
        Fault::PriorityStaysWithLeaver,
        Prop::DepartedNoPriority,
        2,
        "skirmish/combat",
    ),
    (
        Fault::FocusStaysWithLeaver,
        Prop::DepartedNoFocus,
        2,
        "skirmish/combat",
    ),
    (
        Fault::ShowdownNotEndedByRemoval,
        Prop::ShowdownEndsWhenAllPassed,
        4,
        "skirmish/combat",
    ),
    (
        Fault::PassesDiscardedOnConcession,
        Prop::PassesSurvive,
        3,
        "skirmish/chain",
    ),
    (
        Fault::LeaverItemsNotCountered,
        Prop::LeaverItemsGone,
        2,
        "skirmish/chain",
    ),
    (
        Fault::CounterByOwnership,
        Prop::LeaverItemsGone,
        3,
        "war/equipment",
    ),
    (
        Fault::CounteredItemResolves,
        Prop::CounteredNeverResolves,
        2,
        "skirmish/chain",
    ),
    (
        Fault::BorrowedUnitReturns,
        Prop::BorrowedToOwnersBanishment,
        1,
        "skirmish/equipment",
    ),
    (
        Fault::BattlefieldEffectKept,
        Prop::TokenBattlefield,
        1,
        "skirmish/chain",
    ),
    (
        Fault::GameEndsOnConcession,
        Prop::TwoPlayerWin,
        1,
        "skirmish/chain",
    ),
    (
        Fault::TurnRestartsAtFirstSeat,
        Prop::HoldersChangeOnlyIfLeaverHeld,
        2,
        "skirmish/chain",
    ),
    (
        Fault::CombatTriggersInTurnOrder,
        Prop::CombatTriggerOrder,
        1,
        "skirmish/combat",
    ),
    (
        Fault::ThirdCombatantAdmitted,
        Prop::NeverThirdCombatant,
        6,
        "skirmish/staged",
    ),
    (
        Fault::LastSeatSkipped,
        Prop::ResolvesOnlyWhenAllPassed,
        4,
        "magma-chamber/chain",
    ),
    (
        Fault::KillBanishes,
        Prop::KilledToOwnersTrash,
        3,
        "duel/staged",
    ),
    (
        Fault::LethalDamageOnlyInCombat,
        Prop::LethalDamageKills,
        3,
        "duel/showdown",
    ),
    (
        Fault::RecallTriggersMove,
        Prop::RecallIsNotAMove,
        6,
        "skirmish/kills",
    ),
    (
        Fault::ChosenDestinationUnchecked,
        Prop::ChosenDestinationOpen,
        3,
        "skirmish/kills",
    ),
    (
        Fault::HideAtTeammates,
        Prop::HiddenOnlyWhereControlled,
        1,
        "magma-chamber/team",
    ),
    (
        Fault::ThisTurnOutlastsTurn,
        Prop::LastingOnSchedule,
        4,
        "duel/durations",
    ),
    (
        Fault::EquipmentControlFollowsUnit,
        Prop::EquipmentKeepsController,
        6,
        "skirmish/equipment",
    ),
    (
        Fault::EquipmentLeavesWithUnit,
        Prop::EquipmentLeftBehind,
        1,
        "skirmish/equipment",
    ),
    (
        Fault::AttachedNotBanished,
        Prop::LeaversEquipmentGone,
        1,
        "skirmish/equipment",
    ),
    (
        Fault::FinalPointByAnyConquer,
        Prop::FinalPointNeedsEveryBattlefield,
        3,
        "duel/kills",
    ),
    (
        Fault::AssignmentIgnored,
        Prop::AssignedUnitTakesDamage,
        8,
        "duel/staged",
    ),
    (
        Fault::MatesBattlefieldScored,
        Prop::MatesBattlefieldsUnscored,
        10,
        "magma-chamber/team",
    ),
    (
        Fault::WaiverReadAtConquer,
        Prop::FinalPointNeedsEveryBattlefield,
        10,
        "magma-chamber/team",
    ),
    (
        Fault::OwnPointsOnly,
        Prop::WonOnPoints,
        2,
        "magma-chamber/team",
    ),
    (
        Fault::ExcessDamageDropped,
        Prop::DamageLethalFirst,
        3,
        "duel/staged",
    ),
    (
        Fault::PriorityBeforeCleanup,
        Prop::AwardsWaitForTasks,
        1,
        "duel/combat",
    ),
    (
        Fault::TriggerFinalizedMidResolution,
        Prop::ItemFinishesFirst,
        4,
        "skirmish/kills",
    ),
    (
        Fault::CounteredBeforeRemoved,
        Prop::RemovalInRuleOrder,
        2,
        "skirmish/chain",
    ),
];

/// Whether the whole matrix is asked for: every fault on every configuration.
fn everywhere() -> bool {
    std::env::var_os("RIFTCHECK_FAULTS_EVERYWHERE").is_some()
}

/// The shortest counterexample to `prop` the default check finds against `fault`, over the
/// configurations `only` names (every one if `None`), and the rulebook text of it.
fn caught(
    fault: Option<Fault>,
    prop: Prop,
    only: Option<&str>,
) -> (Vec<Prop>, Option<(usize, String)>) {
    let opts = Options {
        fault,
        threads: 2,
        ..Options::default()
    };
    let mut failed = Vec::new();
    let mut best: Option<(usize, String)> = None;
    for c in configs::all()
        .into_iter()
        .filter(|c| only.is_none_or(|name| c.name() == name))
    {
        let o = proof::check(&c.name(), &c.setup, c.quick, &opts).unwrap();
        failed.extend(o.failed.iter().copied());
        for ce in o.counterexamples.iter().filter(|ce| ce.property == prop) {
            if best.as_ref().is_none_or(|(n, _)| ce.path.len() < *n) {
                best = Some((ce.path.len(), ce.rulebook().to_string()));
            }
        }
    }
    (failed, best)
}

#[test]
fn every_fault_is_listed_with_what_catches_it() {
    for f in Fault::ALL {
        assert!(
            EXPECTED.iter().any(|(g, _, _, _)| g == f),
            "{f} has no expectation"
        );
    }
    assert!(Fault::ALL.len() >= 12);
    let names: Vec<String> = configs::all().iter().map(configs::Config::name).collect();
    for (f, _, _, config) in EXPECTED {
        assert!(
            names.iter().any(|n| n == config),
            "{f}: no configuration {config}"
        );
    }
}

#[test]
fn the_default_check_catches_every_fault_by_name_with_the_shortest_counterexample() {
    let mut report = Vec::new();
    for &(fault, prop, length, config) in EXPECTED {
        let only = (!everywhere()).then_some(config);
        let (failed, best) = caught(Some(fault), prop, only);
        let Some((found, text)) = best else {
            report.push(format!(
                "{fault}: \"{}\" not caught; failed: {failed:?}",
                prop.name()
            ));
            continue;
        };
        if found != length {
            report.push(format!(
                "{fault}: \"{}\" in {found} steps, expected {length}\n{text}",
                prop.name()
            ));
        }
        assert!(text.contains("Expected by rule"), "{fault}: {text}");
    }
    assert!(report.is_empty(), "{}", report.join("\n\n"));
}

#[test]
fn the_default_check_finds_nothing_without_a_fault() {
    let (failed, _) = caught(None, Prop::EngineAndSpecAgree, None);
    assert!(failed.is_empty(), "{failed:?}");
}
