//! How the MTG engine follows each reading of 800.4 ([`mtg_vocabulary::readings`]): one function
//! per point, named after it and citing its sub-rule, which the rest of the engine calls where
//! the point matters. Every reading of a point, the misreadings the checker's self-check selects
//! included, is written here and nowhere else, so `leave.rs`, `flow.rs`, `resolve.rs` and the
//! engine's core read like 800.4.

use mtg_vocabulary::readings::{
    Ante, AppointedChooser, ControlChangeInCombat, ControlledExile, LastKnownLife, LeaverChoice,
    LeaverDamage, LeaverNextTurn, LeaverPriority, LeaverToken, LeaverTrigger, LeaverTurn,
    MtgReadings, PlanarController, UntilNextTurn,
};
use mtg_vocabulary::types::{Player, TriggerEffect};

/// A moment of leaving the game at which what the leaver still controls may be exiled (800.4a).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Exile {
    /// Before the effects that gave the leaver control end.
    BeforeControlEnds,
    /// Once they have ended (followed by 800.4c's exile of what no effect holds).
    AfterControlEnds,
}

/// 800.4a, point `controlled-exile`: whether what the leaver still controls is exiled `at` this
/// moment of their leaving. The book exiles it once the effects that gave them control have
/// ended (`after-control-ends`); `before-control-ends` exiles it before too; `skipped` never.
pub(super) fn controlled_exile(r: &MtgReadings, at: Exile) -> bool {
    match r.controlled_exile {
        ControlledExile::AfterControlEnds => at == Exile::AfterControlEnds,
        ControlledExile::BeforeControlEnds => true,
        ControlledExile::Skipped => false,
    }
}

/// 800.4a's last sentence, point `leaver-priority`: whether priority held by a player who leaves
/// passes on to the next player in turn order (`next-player`) or stays with them
/// (`stays-with-leaver`).
pub(super) fn leaver_priority_passes_on(r: &MtgReadings) -> bool {
    r.leaver_priority == LeaverPriority::NextPlayer
}

/// 800.4b, point `leaver-token`: whether a token is created under a player who left.
pub(super) fn leaver_token_created(r: &MtgReadings) -> bool {
    r.leaver_token == LeaverToken::Created
}

/// 800.4d, point `leaver-trigger`: whether a trigger with `effect` of a player who left is put on
/// the stack. Never under the book's reading; `delayed-put` puts a delayed trigger (Astral
/// Slide's return).
pub(super) fn leaver_trigger_put(r: &MtgReadings, effect: Option<TriggerEffect>) -> bool {
    r.leaver_trigger == LeaverTrigger::DelayedPut
        && matches!(effect, Some(TriggerEffect::Return { .. }))
}

/// 800.4e, point `leaver-damage`: whether combat damage is assigned to a player who left.
pub(super) fn leaver_damage_assigned(r: &MtgReadings) -> bool {
    r.leaver_damage == LeaverDamage::Assigned
}

/// 800.4f, point `appointed-chooser`: whether `by`, the controller a choice moved to, may appoint
/// `appointed` (a player in the game) to make it, when the choice is an opponent's and an
/// opponent is left (`opponent_required`). The book's reading: then only an opponent;
/// `any-player`: anyone, themselves included.
pub(super) fn appointed_chooser_allowed(
    r: &MtgReadings,
    by: Player,
    appointed: Player,
    opponent_required: bool,
) -> bool {
    match r.appointed_chooser {
        AppointedChooser::Opponent => !opponent_required || appointed != by,
        AppointedChooser::AnyPlayer => true,
    }
}

/// 800.4g, point `leaver-choice`: whether a choice a rule gave a player who left moves to the
/// next player in turn order (`next-player`), or keeps waiting for them (`waits`).
pub(super) fn leaver_choice_moves(r: &MtgReadings) -> bool {
    r.leaver_choice == LeaverChoice::NextPlayer
}

/// 800.4h, point `last-known-life`: the life an effect that needs a player (Life Mirror's power)
/// reads, `life` being theirs, the last they had if they `left`. The book's reading keeps it;
/// `forgotten` reads 0 for a player who left.
pub(super) fn last_known_life(r: &MtgReadings, life: i16, left: bool) -> i16 {
    match r.last_known_life {
        LastKnownLife::Forgotten if left => 0,
        LastKnownLife::Kept | LastKnownLife::Forgotten => life,
    }
}

/// 800.4i, point `leaver-turn`: whether the turn of a player who left, while it is theirs, goes
/// on without an active player (`goes-on`) or ends at once (`ends-at-once`).
pub(super) fn leaver_turn_goes_on(r: &MtgReadings) -> bool {
    r.leaver_turn == LeaverTurn::GoesOn
}

/// 800.4j, point `leaver-next-turn`: whether a turn of a player who left is skipped as it would
/// begin (`skipped`), or begins (`begins`).
pub(super) fn leaver_next_turn_skipped(r: &MtgReadings) -> bool {
    r.leaver_next_turn == LeaverNextTurn::Skipped
}

/// 800.4k, point `until-next-turn`: whether the leaver's effects lasting until their next turn
/// end as they leave (`at-once`); under the book's reading they end when that turn would have
/// begun.
pub(super) fn until_next_turn_ends_on_leaving(r: &MtgReadings) -> bool {
    r.until_next_turn == UntilNextTurn::AtOnce
}

/// 800.4m, point `ante`: whether the leaver's cards in the ante zone stay there (`stays`) or
/// leave the game with their other objects (`leaves`).
pub(super) fn ante_stays(r: &MtgReadings) -> bool {
    r.ante == Ante::Stays
}

/// 800.4n, point `planar-controller`: whether a planar controller who leaves hands the role to
/// the next player in turn order (`next-player`) or keeps it (`stays-with-leaver`).
pub(super) fn planar_controller_passes_on(r: &MtgReadings) -> bool {
    r.planar_controller == PlanarController::NextPlayer
}

/// 506.4, as 800.4a ends a control effect, point `control-change-in-combat`: whether an
/// attacking creature whose controller changes as a player leaves is removed from combat
/// (`removed-from-combat`) or stays in it (`stays-in-combat`).
pub(super) fn control_change_in_combat_removes(r: &MtgReadings) -> bool {
    r.control_change_in_combat == ControlChangeInCombat::RemovedFromCombat
}

#[cfg(test)]
mod tests {
    use super::*;
    use mtg_vocabulary::readings::MtgFault;
    use mtg_vocabulary::types::ObjId;

    /// Under the book's readings every point reads as 800.4 does; each fault turns exactly its
    /// own point's function.
    #[test]
    fn each_fault_turns_its_own_point() {
        let answers = |r: &MtgReadings| {
            let ret = Some(TriggerEffect::Return { creature: ObjId(0) });
            [
                controlled_exile(r, Exile::BeforeControlEnds),
                controlled_exile(r, Exile::AfterControlEnds),
                leaver_priority_passes_on(r),
                leaver_token_created(r),
                leaver_trigger_put(r, ret),
                leaver_damage_assigned(r),
                appointed_chooser_allowed(r, Player(0), Player(0), true),
                leaver_choice_moves(r),
                last_known_life(r, 7, true) == 7,
                leaver_turn_goes_on(r),
                leaver_next_turn_skipped(r),
                until_next_turn_ends_on_leaving(r),
                ante_stays(r),
                planar_controller_passes_on(r),
                control_change_in_combat_removes(r),
            ]
        };
        let book = answers(&MtgReadings::default());
        assert_eq!(
            book,
            [
                false, true, true, false, false, false, false, true, true, true, true, false, true,
                true, true
            ]
        );
        for f in MtgFault::ALL {
            let mine = answers(&f.readings());
            let changed = mine.iter().zip(book).filter(|(a, b)| **a != *b).count();
            assert_eq!(changed, 1, "{}", f.key());
        }
        // Only a delayed trigger is put for a leaver, and only under the misreading.
        let r = MtgFault::LeaverTriggerPut.readings();
        assert!(!leaver_trigger_put(&r, None));
        assert!(!leaver_trigger_put(
            &r,
            Some(TriggerEffect::MyrFor { player: Player(1) })
        ));
        // The book lets a controller appoint themselves only when no opponent is left.
        let book = MtgReadings::default();
        assert!(appointed_chooser_allowed(
            &book,
            Player(0),
            Player(0),
            false
        ));
        assert!(appointed_chooser_allowed(&book, Player(0), Player(1), true));
        assert_eq!(
            last_known_life(&MtgFault::MirrorForgets.readings(), 7, false),
            7
        );
    }
}
