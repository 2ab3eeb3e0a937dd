//! The checker checks itself: the default check, run against an engine that commits each named
//! rule fault, must catch it with the property named for it and a shortest counterexample of the
//! stated length; against the engine without faults it must find nothing.

use riftcheck::Fault;
use riftcheck_model::configs;
use riftcheck_model::proof::{self, Options};
use riftcheck_model::properties::Prop;

/// Each fault, the property that names what it breaks, and the length of the shortest
/// counterexample over the default configurations (breadth-first, so it cannot be shorter).
const EXPECTED: &[(Fault, Prop, usize)] = &[
    (Fault::CountPasses, Prop::ResolvesOnlyWhenAllPassed, 4),
    (Fault::PriorityStaysWithLeaver, Prop::DepartedNoPriority, 2),
    (Fault::FocusStaysWithLeaver, Prop::DepartedNoFocus, 2),
    (
        Fault::ShowdownNotEndedByRemoval,
        Prop::ShowdownEndsWhenAllPassed,
        4,
    ),
    (Fault::PassesDiscardedOnConcession, Prop::PassesSurvive, 3),
    (Fault::LeaverItemsNotCountered, Prop::LeaverItemsGone, 2),
    (Fault::CounterByOwnership, Prop::LeaverItemsGone, 3),
    (
        Fault::CounteredItemResolves,
        Prop::CounteredNeverResolves,
        2,
    ),
    (
        Fault::BorrowedUnitReturns,
        Prop::BorrowedToOwnersBanishment,
        1,
    ),
    (Fault::BattlefieldEffectKept, Prop::TokenBattlefield, 1),
    (Fault::GameEndsOnConcession, Prop::TwoPlayerWin, 1),
    (
        Fault::TurnRestartsAtFirstSeat,
        Prop::HoldersChangeOnlyIfLeaverHeld,
        2,
    ),
    (
        Fault::CombatTriggersInTurnOrder,
        Prop::CombatTriggerOrder,
        1,
    ),
    (Fault::ThirdCombatantAdmitted, Prop::NeverThirdCombatant, 6),
    (Fault::LastSeatSkipped, Prop::ResolvesOnlyWhenAllPassed, 4),
    (Fault::KillBanishes, Prop::KilledToOwnersTrash, 3),
    (Fault::LethalDamageOnlyInCombat, Prop::LethalDamageKills, 3),
    (Fault::RecallTriggersMove, Prop::RecallIsNotAMove, 6),
    (
        Fault::ChosenDestinationUnchecked,
        Prop::ChosenDestinationOpen,
        3,
    ),
    (Fault::HideAtTeammates, Prop::HiddenOnlyWhereControlled, 1),
    (Fault::ThisTurnOutlastsTurn, Prop::LastingOnSchedule, 4),
    (
        Fault::EquipmentControlFollowsUnit,
        Prop::EquipmentKeepsController,
        6,
    ),
    (Fault::EquipmentLeavesWithUnit, Prop::EquipmentLeftBehind, 1),
    (Fault::AttachedNotBanished, Prop::LeaversEquipmentGone, 1),
    (
        Fault::FinalPointByAnyConquer,
        Prop::FinalPointNeedsEveryBattlefield,
        3,
    ),
    (Fault::AssignmentIgnored, Prop::AssignedUnitTakesDamage, 8),
    (
        Fault::MatesBattlefieldScored,
        Prop::MatesBattlefieldsUnscored,
        10,
    ),
    (
        Fault::WaiverReadAtConquer,
        Prop::FinalPointNeedsEveryBattlefield,
        10,
    ),
    (Fault::OwnPointsOnly, Prop::WonOnPoints, 2),
];

/// The shortest counterexample to `prop` the default check finds against `fault`, over every
/// configuration, and the rulebook text of it.
fn caught(fault: Option<Fault>, prop: Prop) -> (Vec<Prop>, Option<(usize, String)>) {
    let opts = Options {
        fault,
        ..Options::default()
    };
    let mut failed = Vec::new();
    let mut best: Option<(usize, String)> = None;
    for c in configs::all() {
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
            EXPECTED.iter().any(|(g, _, _)| g == f),
            "{f} has no expectation"
        );
    }
    assert!(Fault::ALL.len() >= 12);
}

#[test]
fn the_default_check_catches_every_fault_by_name_with_the_shortest_counterexample() {
    let mut report = Vec::new();
    for &(fault, prop, length) in EXPECTED {
        let (failed, best) = caught(Some(fault), prop);
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
    let (failed, _) = caught(None, Prop::EngineAndSpecAgree);
    assert!(failed.is_empty(), "{failed:?}");
}
