//! How the reference engine follows each reading ([`crate::readings`]): one function per point,
//! named after it, which the rules call where the point matters. Every reading of a point,
//! including the ones known to be wrong, is written here and nowhere else, so `rules/` reads like
//! the rulebook.

use crate::item::Opener;
use crate::mode::Mode;
use crate::readings::{
    AttachedControl, Awards, ChosenDestination, CombatEntry, CombatTriggerOrder,
    CombatWithOneSideGone, Concession, Counter, DamageOrder, DefenderKeepsControl, Detach,
    Durations, ExcessDamage, FinalPoint, FinalPointWaiver, FocusAfterChain, FocusAfterRemoval,
    FocusPassesAfterTriggerChain, Hide, Kill, LeaverBattlefieldControl, LeaverCards, LeaverChoices,
    LeaverDurations, LeaverItems, LeaverPermanents, LethalDamage, MatesBattlefields,
    OwnedSpellOnChain, PassRecord, PriorityAfterRemoval, Readings, Recall, RemovalOrder,
    Resolution, ShowdownAfterRemoval, TeamPoints, TeamVictory, TeammateDestination,
    TokenBattlefield, TopItemCountered, TurnPlayerLeaves,
};
use crate::seat::{Seat, SeatSet};
use crate::zone::Zone;

/// How a Chain came to be empty (340.2): by its last item resolving, or by a removal countering
/// or removing its items (652.3, 652.4).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Emptied {
    /// Its last item resolved (340).
    Resolved,
    /// A removal took its last items away (652.3, 652.4).
    Removal,
}

/// Policy `focus-after-chain` (340.2.a, 346, 346.1, 429.2.a): whether Focus passes when a Chain
/// opened by `opened_by` empties during a Showdown; `extended` when a player added an item to it
/// (recorded only where [`records_player_items`] says so).
///
/// - `play-opened` (the default): a play-opened Chain passes it however it emptied; a
///   trigger-opened one does not (346.1).
/// - `countered-does-not-pass`: as the default, except that a Chain emptied by a removal, not by
///   resolution, does not pass it (340.2.a read as "when the last item resolves").
/// - `extended-trigger-chain-passes`: as the default, and a trigger-opened Chain to which a
///   player added an item passes it too (346 read as "a Chain with a play on it").
pub(crate) fn focus_after_chain(
    r: &Readings,
    opened_by: Opener,
    extended: bool,
    emptied: Emptied,
) -> bool {
    match (r.focus_after_chain, opened_by) {
        (FocusAfterChain::CounteredDoesNotPass, Opener::Play) => emptied == Emptied::Resolved,
        (_, Opener::Play) => true,
        (FocusAfterChain::ExtendedTriggerChainPasses, Opener::Trigger) => extended,
        (_, Opener::Trigger) => false,
    }
}

/// Policy `focus-after-chain` (346.1): whether a Chain opened by `opened_by` keeps a record that
/// a player added an item to it. Only the reading `extended-trigger-chain-passes` reads that
/// record, and only for a trigger-opened Chain; under every other reading it is not kept, so that
/// two Chains differing only in it are one state.
pub(crate) fn records_player_items(r: &Readings, opened_by: Opener) -> bool {
    r.focus_after_chain == FocusAfterChain::ExtendedTriggerChainPasses
        && opened_by == Opener::Trigger
}

/// Policy `focus-passes-after-trigger-chain` (346.1, 347.3.a): whether the Focus passes made so
/// far survive a chain opened by `opened_by`. Plays and activations start a new sequence;
/// triggers do not, unless read `trigger-chain-resets`, where a trigger-opened Chain starts a
/// new sequence too (the passes made before it are forgotten as it closes).
pub(crate) fn focus_passes_survive(r: &Readings, opened_by: Opener) -> bool {
    match r.focus_passes_after_trigger_chain {
        FocusPassesAfterTriggerChain::Kept => opened_by == Opener::Trigger,
        FocusPassesAfterTriggerChain::TriggerChainResets => false,
    }
}

/// Policy `pass-record` (339, 347.3.a, 652.5.b.2, 652.5.c.2): whether the passes recorded make a
/// complete round. Under the project's reading a round is complete when every remaining seat is
/// in the set of seats that passed; a count would let a departed player's pass stand in for a
/// remaining player's.
pub(crate) fn round_complete(r: &Readings, passed: SeatSet, remaining: SeatSet) -> bool {
    match r.pass_record {
        PassRecord::Seats | PassRecord::ResetByRemoval => {
            !remaining.is_empty() && passed.is_superset(remaining)
        }
        PassRecord::Count => !remaining.is_empty() && passed.len() >= remaining.len(),
        PassRecord::FirstThreeSeats if remaining.len() == 4 => {
            passed.is_superset(remaining.difference(SeatSet::only(Seat::D)))
        }
        PassRecord::FirstThreeSeats => !remaining.is_empty() && passed.is_superset(remaining),
    }
}

/// Policy `pass-record` (652.5): the pass record once `leavers` have left. Their passes are
/// deleted and the remaining players' passes stand.
pub(crate) fn forget_passes(r: &Readings, passed: SeatSet, leavers: SeatSet) -> SeatSet {
    match r.pass_record {
        PassRecord::Seats | PassRecord::FirstThreeSeats => passed.difference(leavers),
        // A count cannot forget whose passes they were.
        PassRecord::Count => passed,
        PassRecord::ResetByRemoval => SeatSet::EMPTY,
    }
}

/// Policy `next-player` (652.5): the next remaining seat after `seat` in turn order (116: the
/// turn order is a looping queue, and a removal keeps the others' order); `seat` may itself have
/// just been removed.
pub(crate) fn next_player(remaining: SeatSet, seat: Seat) -> Option<Seat> {
    remaining.next_after(seat)
}

/// Policy `turn-player-leaves` (652.5.a.1): who takes the turn of the Turn Player `leaver`.
pub(crate) fn turn_after_removal(r: &Readings, remaining: SeatSet, leaver: Seat) -> Option<Seat> {
    match r.turn_player_leaves {
        TurnPlayerLeaves::NextPlayer => next_player(remaining, leaver),
        TurnPlayerLeaves::FirstSeat => remaining.lowest(),
    }
}

/// 652.5.c.1: who receives Priority when its holder `leaver` leaves; `None` when nobody takes it
/// over.
pub(crate) fn priority_after_removal(
    r: &Readings,
    remaining: SeatSet,
    leaver: Seat,
) -> Option<Seat> {
    match r.priority_after_removal {
        PriorityAfterRemoval::NextPlayer => next_player(remaining, leaver),
        PriorityAfterRemoval::StaysWithLeaver => None,
    }
}

/// Policy `top-item-countered` (652.4, 652.5.c, 340.4): who receives Priority, with a new round
/// of passes, when a removal countered the newest item and the newest is now one controlled by
/// `newest`. `None` under the default reading `priority-stays`: Priority stays with its holder
/// unless the leaver held it (652.5.c.1) and the remaining players' passes stand. Under
/// `fresh-round` the new newest item is treated as after a resolution (340.4): its controller
/// receives Priority and everyone must pass again.
pub(crate) fn top_item_countered(r: &Readings, newest: Seat) -> Option<Seat> {
    match r.top_item_countered {
        TopItemCountered::PriorityStays => None,
        TopItemCountered::FreshRound => Some(newest),
    }
}

/// 652.5.b.1: who receives Focus when its holder `leaver` leaves; `None` when nobody takes it
/// over.
pub(crate) fn focus_after_removal(r: &Readings, remaining: SeatSet, leaver: Seat) -> Option<Seat> {
    match r.focus_after_removal {
        FocusAfterRemoval::NextPlayer => next_player(remaining, leaver),
        FocusAfterRemoval::StaysWithLeaver => None,
    }
}

/// 652.5.b.2: whether a Showdown whose round of Focus passes a removal completed ends at once.
pub(crate) fn removal_ends_showdown(r: &Readings) -> bool {
    match r.showdown_after_removal {
        ShowdownAfterRemoval::Ends => true,
        ShowdownAfterRemoval::Unnoticed => false,
    }
}

/// 652.4: whether a removal of `leaver` counters an item controlled by `controller` whose card is
/// owned by `owner`. Control decides, not ownership.
pub(crate) fn removal_counters(r: &Readings, leaver: Seat, controller: Seat, owner: Seat) -> bool {
    match r.leaver_items {
        LeaverItems::ByControl => controller == leaver,
        LeaverItems::Kept => false,
        LeaverItems::ByOwnership => owner == leaver,
    }
}

/// 425: whether a countered item leaves the Chain.
pub(crate) fn countered_item_leaves(r: &Readings) -> bool {
    match r.counter {
        Counter::Clears => true,
        Counter::LeavesOnChain => false,
    }
}

/// 652.1, 056: whether a card the leaver borrowed (controls, another player owns) returns to its
/// owner's board instead of being banished into its owner's Banishment.
pub(crate) fn borrowed_card_returns(r: &Readings) -> bool {
    match r.leaver_cards {
        LeaverCards::Banished => false,
        LeaverCards::BorrowedReturn => true,
    }
}

/// Policy `leaver-choices` (651.3, 652.4): who makes the choices `leaver` would have made, such
/// as placing their waiting triggers: nobody under `skipped` (they never go on the Chain); the
/// next remaining player in turn order under `next-player-chooses` (as MTG 800.4g).
pub(crate) fn leaver_choices_go_to(r: &Readings, remaining: SeatSet, leaver: Seat) -> Option<Seat> {
    match r.leaver_choices {
        LeaverChoices::Skipped => None,
        LeaverChoices::NextPlayerChooses => next_player(remaining, leaver),
    }
}

/// Policy `combat-with-one-side-gone` (460.1, 461): whether a combat whose Attacker or Defender
/// left is fought out (`goes-on`: damage skipped for want of a side, resolution by 461) or ends
/// with no resolution and no Conquer (`combat-ends`).
pub(crate) fn combat_goes_on_without_a_side(r: &Readings) -> bool {
    match r.combat_with_one_side_gone {
        CombatWithOneSideGone::GoesOn => true,
        CombatWithOneSideGone::CombatEnds => false,
    }
}

/// Policy `owned-spell-on-chain` (652.3, 652.4): whether a spell the leaver owns that another
/// player controls on the Chain leaves the game with the leaver's cards (`removed-with-leaver`),
/// or stays and resolves (`controlled-only`: 652.3 read as about cards off the Chain).
pub(crate) fn owned_spell_leaves_chain(r: &Readings) -> bool {
    match r.owned_spell_on_chain {
        OwnedSpellOnChain::RemovedWithLeaver => true,
        OwnedSpellOnChain::ControlledOnly => false,
    }
}

/// Policy `leaver-battlefield-control` (651.3, 187.4.c, 323.6): whether the battlefields a
/// leaver controlled become uncontrolled as they leave (`at-once`), or only at the next
/// Open-state cleanup, which finds none of their units there (`at-next-cleanup`).
pub(crate) fn leaver_battlefields_released_at_once(r: &Readings) -> bool {
    match r.leaver_battlefield_control {
        LeaverBattlefieldControl::AtOnce => true,
        LeaverBattlefieldControl::AtNextCleanup => false,
    }
}

/// Policy `token-battlefield` (652.2.a, 652.2.c): whether the token battlefield that replaces a
/// leaver's battlefield has no abilities, so that the old continuous effects stop.
pub(crate) fn token_has_no_abilities(r: &Readings) -> bool {
    match r.token_battlefield {
        TokenBattlefield::NoAbilities | TokenBattlefield::UncontrolledToken => true,
        TokenBattlefield::KeepsEffects => false,
    }
}

/// Policy `token-battlefield` (652.2.a, 439.4.b): whether the token battlefield starts
/// uncontrolled and not Contested (`uncontrolled-token`) instead of keeping the old
/// battlefield's controller and Contested status.
pub(crate) fn token_starts_uncontrolled(r: &Readings) -> bool {
    r.token_battlefield == TokenBattlefield::UncontrolledToken
}

/// 651.1-651.2: the winner if a concession by `seat` ends the game although more than one other
/// player (or team) remains; `None` under the rules, where the conceder is removed instead.
pub(crate) fn concession_ends_game(r: &Readings, after: SeatSet, seat: Seat) -> Option<Seat> {
    match r.concession {
        Concession::Removal => None,
        Concession::GameEnds if after.len() >= 2 => next_player(after, seat),
        Concession::GameEnds => None,
    }
}

/// Policy `team-victory` (651.1, 651.4, 484.6.a): the winners, if the remaining players are one
/// player or one team (`one-team-wins`); under `last-player-only` (651.1 read literally) only one
/// player left ends the game, and two teammates play on.
pub(crate) fn team_victory(r: &Readings, mode: Mode, remaining: SeatSet) -> Option<SeatSet> {
    let first = remaining.lowest()?;
    match r.team_victory {
        TeamVictory::OneTeamWins => mode.team_of(first).is_superset(remaining),
        TeamVictory::LastPlayerOnly => remaining.len() == 1,
    }
    .then_some(remaining)
}

/// Policy `defender-keeps-control` (461.5, 464.1): whether establishing control of a battlefield
/// is a Conquer. Under `no-conquer` only gaining control is: a Defender who already controlled
/// it does not Conquer it by winning. Under `defender-conquers` (461.5.d read literally) winning
/// a combat (`by_combat`) is a Conquer whoever held the battlefield before.
pub(crate) fn conquers(
    r: &Readings,
    previous_controller: Option<Seat>,
    new_controller: Seat,
    by_combat: bool,
) -> bool {
    match r.defender_keeps_control {
        DefenderKeepsControl::NoConquer => previous_controller != Some(new_controller),
        DefenderKeepsControl::DefenderConquers => {
            by_combat || previous_controller != Some(new_controller)
        }
    }
}

/// Policy `combat-trigger-order` (459.2.d.1, 383.3.d): the order in which players place
/// simultaneous triggers. For combat-start triggers (`combat` names Attacker and Defender): the
/// Attacker, then every non-Defender in turn order after the Attacker, then the Defender.
/// Otherwise: from the Turn Player on, in turn order.
pub(crate) fn trigger_placement_order(
    r: &Readings,
    remaining: SeatSet,
    turn_player: Seat,
    combat: Option<(Seat, Seat)>,
) -> Vec<Seat> {
    let (combat, others_after) = match r.combat_trigger_order {
        CombatTriggerOrder::AttackerFirst => (combat, combat.map(|(a, _)| a.index())),
        // The seat before the Turn Player, so that the Turn Player comes first among the others.
        CombatTriggerOrder::TurnOrderAfterAttacker => {
            (combat, combat.map(|_| turn_player.index() + 3))
        }
        CombatTriggerOrder::TurnOrder => (None, None),
    };
    let (first, last) = match combat {
        Some((attacker, defender)) => (attacker, Some(defender)),
        None => (turn_player, None),
    };
    let mut order = Vec::with_capacity(4);
    if remaining.contains(first) {
        order.push(first);
    }
    let start = others_after.unwrap_or(first.index());
    for k in 1..=4 {
        let Some(seat) = Seat::from_index((start + k) % 4) else {
            continue;
        };
        if remaining.contains(seat) && seat != first && Some(seat) != last {
            order.push(seat);
        }
    }
    if let Some(last) = last
        && remaining.contains(last)
    {
        order.push(last);
    }
    order
}

/// Policy `teammate-destination` (442.2.b, seed 003): whether a mover's unit may not go to a
/// battlefield because of a teammate, given whether the teammate has units there and whether
/// the teammate controls it.
pub(crate) fn teammate_blocks(
    r: &Readings,
    teammate_units_there: bool,
    teammate_controls: bool,
) -> bool {
    match r.teammate_destination {
        TeammateDestination::Occupied => teammate_units_there,
        TeammateDestination::Controlled => teammate_controls,
    }
}

/// 442.2.a, 457: whether a staged or ongoing combat is closed to a player not in it.
pub(crate) fn combat_closed_to_others(r: &Readings) -> bool {
    match r.combat_entry {
        CombatEntry::Closed => true,
        CombatEntry::Open => false,
    }
}

/// Rule 428: the zone of its owner a killed permanent goes to (056).
pub(crate) fn killed_to(r: &Readings) -> Zone {
    match r.kill {
        Kill::ToTrash => Zone::Trash,
        Kill::ToBanishment => Zone::Banishment,
    }
}

/// Rules 143.2.a, 323.3: whether a cleanup kills the units with lethal damage now; `combat` when
/// it follows the damage of a combat (460).
pub(crate) fn lethal_damage_kills(r: &Readings, combat: bool) -> bool {
    match r.lethal_damage {
        LethalDamage::NextCleanup => true,
        LethalDamage::CombatOnly => combat,
    }
}

/// Rules 355.4.a, 442.2.a, 444.2: whether a destination a player chooses for a move is checked
/// as the spell is played (it is: a closed battlefield is not a choice).
pub(crate) fn chosen_destination_checked(r: &Readings) -> bool {
    match r.chosen_destination {
        ChosenDestination::Checked => true,
        ChosenDestination::Unchecked => false,
    }
}

/// Rules 421 and 484.8.c: whether `seat` may hide a card at a battlefield controlled by
/// `controller`: only their own (control is not shared with a teammate).
pub(crate) fn may_hide_at(r: &Readings, mode: Mode, controller: Option<Seat>, seat: Seat) -> bool {
    match (r.hide, controller) {
        (_, Some(c)) if c == seat => true,
        (Hide::TeammatesToo, Some(c)) => mode.teammates(c, seat),
        _ => false,
    }
}

/// Rules 449-451: whether a Recall triggers "when I move" abilities, as a move does. It does
/// not: a Recall is not a move.
pub(crate) fn recall_is_move(r: &Readings) -> bool {
    match r.recall {
        Recall::NotAMove => false,
        Recall::CountsAsMove => true,
    }
}

/// Rule 460 (point `damage-order`): whether combat damage follows the order the players
/// assigned it in.
pub(crate) fn damage_as_assigned(r: &Readings) -> bool {
    match r.damage_order {
        DamageOrder::AsAssigned => true,
        DamageOrder::CardOrder => false,
    }
}

/// Rule 466.1.b (point `final-point`): whether the final point by Conquer asks for every
/// other battlefield to have been scored this turn.
pub(crate) fn final_point_needs_every_battlefield(r: &Readings) -> bool {
    match r.final_point {
        FinalPoint::EveryBattlefield => true,
        FinalPoint::AnyConquer => false,
    }
}

/// Rules 464.1.a and 484.8.b (point `mates-battlefields`): whether the Turn Player's team
/// may score a battlefield their teammate controlled during the Beginning Phase.
pub(crate) fn mates_battlefields_scored(r: &Readings) -> bool {
    match r.mates_battlefields {
        MatesBattlefields::Unscored => false,
        MatesBattlefields::Scored => true,
    }
}

/// Rule 484.8.f (point `final-point-waiver`): the battlefields, one bit each, the Turn
/// Player's final point by Conquer does not wait for: those their teammate occupied during the
/// Beginning Phase (`as_turn_began`), not those the teammate occupies now (`now`).
pub(crate) fn final_point_waived(r: &Readings, as_turn_began: u8, now: u8) -> u8 {
    match r.final_point_waiver {
        FinalPointWaiver::OccupiedAsTurnBegan => as_turn_began,
        FinalPointWaiver::OccupiedNow => now,
    }
}

/// Rules 467 and 484.6 (point `team-points`): whose points count toward the victory of
/// `seat`, of the team `team`: the team's, pooled.
pub(crate) fn points_counted(r: &Readings, team: SeatSet, seat: Seat) -> SeatSet {
    match r.team_points {
        TeamPoints::Pooled => team,
        TeamPoints::OwnOnly => SeatSet::only(seat),
    }
}

/// Rule 718.8.a (point `attached-control`): who controls an equipment controlled by `was`
/// once the unit it is attached to is `unit_controller`'s: still `was`.
pub(crate) fn attached_controller(r: &Readings, was: Seat, unit_controller: Seat) -> Seat {
    match r.attached_control {
        AttachedControl::Independent => was,
        AttachedControl::FollowsUnit => unit_controller,
    }
}

/// Rule 435.4.b (point `detach`): where an equipment goes when the unit it is attached to goes
/// from `was` to the non-Board zone `to`: it stays at `was`.
pub(crate) fn detached_to(r: &Readings, was: Zone, to: Zone) -> Zone {
    match r.detach {
        Detach::StaysBehind => was,
        Detach::GoesWithUnit => to,
    }
}

/// Rule 652.1 (point `leaver-permanents`): whether the removal banishes the leaver's card where
/// it is (every permanent does; misread, an attached one is missed).
pub(crate) fn banishes_at(r: &Readings, zone: Zone) -> bool {
    match r.leaver_permanents {
        LeaverPermanents::All => zone.on_board(),
        LeaverPermanents::NotAttached => zone.on_board() && !matches!(zone, Zone::Attached(_)),
    }
}

/// Rules 317 and 315 (point `durations`): whether a "this turn" effect ends with the turn, or
/// (misread) only as its player's next turn begins.
pub(crate) fn this_turn_ends_with_turn(r: &Readings) -> bool {
    match r.durations {
        Durations::AsWritten => true,
        Durations::ThisTurnLasts => false,
    }
}

/// Policy `leaver-durations` (651.3, 652): whether the lasting effects of a player who leaves
/// end at once, or run their course.
pub(crate) fn leaver_durations_end(r: &Readings) -> bool {
    match r.leaver_durations {
        LeaverDurations::EndAtOnce => true,
        LeaverDurations::RunTheirCourse => false,
    }
}

/// Rules 460.2.c.4 and 460.2.d (point `excess-damage`): whether a side's damage past what kills
/// every enemy unit goes to the last of them.
pub(crate) fn excess_to_last_unit(r: &Readings) -> bool {
    match r.excess_damage {
        ExcessDamage::ToLastUnit => true,
        ExcessDamage::Dropped => false,
    }
}

/// Rules 320.1 and 335.3 (point `awards`): whether Priority and Focus are announced only once
/// the game rests, after the Cleanup.
pub(crate) fn awards_at_rest(r: &Readings) -> bool {
    match r.awards {
        Awards::AtRest => true,
        Awards::AsMade => false,
    }
}

/// Rules 157.3 and 157.3.a (point `resolution`): whether an item resolves completely before
/// the triggers it fired are placed and finalized.
pub(crate) fn item_completes_first(r: &Readings) -> bool {
    match r.resolution {
        Resolution::Completes => true,
        Resolution::TriggersFirst => false,
    }
}

/// Rules 652.3 and 652.4 (point `removal-order`): whether a leaver's own spell on the Chain
/// leaves the game as a card before its item is countered.
pub(crate) fn removed_before_countered(r: &Readings) -> bool {
    match r.removal_order {
        RemovalOrder::RemovedThenCountered => true,
        RemovalOrder::CounteredFirst => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(s: &str) -> SeatSet {
        s.chars()
            .map(|c| c.to_string().parse::<Seat>().unwrap())
            .collect()
    }

    fn order(remaining: &str, turn: Seat, combat: Option<(Seat, Seat)>) -> Vec<Seat> {
        trigger_placement_order(&Readings::default(), seats(remaining), turn, combat)
    }

    #[test]
    fn a_attacks_c_in_war_places_a_b_d_c() {
        // Seed 003, "A attacks C in War".
        let o = order("ABCD", Seat::A, Some((Seat::A, Seat::C)));
        assert_eq!(o, vec![Seat::A, Seat::B, Seat::D, Seat::C]);
    }

    #[test]
    fn combat_order_starts_after_the_attacker() {
        let o = order("ABCD", Seat::A, Some((Seat::C, Seat::B)));
        assert_eq!(o, vec![Seat::C, Seat::D, Seat::A, Seat::B]);
    }

    #[test]
    fn other_triggers_start_with_the_turn_player() {
        assert_eq!(order("ACD", Seat::C, None), vec![Seat::C, Seat::D, Seat::A]);
    }

    #[test]
    fn a_removed_attacker_is_skipped_but_its_place_is_kept() {
        let o = order("BCD", Seat::B, Some((Seat::A, Seat::C)));
        assert_eq!(o, vec![Seat::B, Seat::D, Seat::C]);
    }

    #[test]
    fn read_from_the_turn_player_the_others_start_there() {
        let mut r = Readings::default();
        r.set("combat-trigger-order", "turn-order-after-attacker")
            .unwrap();
        // B's turn; C attacks A: C, then B and D from the Turn Player on, A last.
        let o = trigger_placement_order(&r, seats("ABCD"), Seat::B, Some((Seat::C, Seat::A)));
        assert_eq!(o, vec![Seat::C, Seat::B, Seat::D, Seat::A]);
        let o = order("ABCD", Seat::B, Some((Seat::C, Seat::A)));
        assert_eq!(o, vec![Seat::C, Seat::D, Seat::B, Seat::A]);
    }

    #[test]
    fn the_turn_order_misreading_ignores_the_combat() {
        let r = crate::readings::Fault::CombatTriggersInTurnOrder.apply(Readings::default());
        let o = trigger_placement_order(&r, seats("ABCD"), Seat::A, Some((Seat::A, Seat::C)));
        assert_eq!(o, vec![Seat::A, Seat::B, Seat::C, Seat::D]);
    }

    #[test]
    fn only_plays_start_a_new_round_of_focus_passes() {
        let r = Readings::default();
        assert!(focus_passes_survive(&r, Opener::Trigger));
        assert!(!focus_passes_survive(&r, Opener::Play));
        let mut resets = r;
        resets
            .set("focus-passes-after-trigger-chain", "trigger-chain-resets")
            .unwrap();
        assert!(!focus_passes_survive(&resets, Opener::Trigger));
        assert!(!focus_passes_survive(&resets, Opener::Play));
    }

    #[test]
    fn a_play_opened_chain_passes_focus_however_it_emptied() {
        use Emptied::{Removal, Resolved};
        let r = Readings::default();
        for (extended, emptied) in [(false, Resolved), (true, Removal)] {
            assert!(focus_after_chain(&r, Opener::Play, extended, emptied));
            assert!(!focus_after_chain(&r, Opener::Trigger, extended, emptied));
        }
        assert!(!records_player_items(&r, Opener::Trigger));
    }

    #[test]
    fn read_otherwise_a_countered_chain_keeps_focus_and_an_extended_one_passes_it() {
        use Emptied::{Removal, Resolved};
        let mut countered = Readings::default();
        countered
            .set("focus-after-chain", "countered-does-not-pass")
            .unwrap();
        assert!(focus_after_chain(&countered, Opener::Play, false, Resolved));
        assert!(!focus_after_chain(&countered, Opener::Play, false, Removal));
        assert!(!focus_after_chain(
            &countered,
            Opener::Trigger,
            true,
            Resolved
        ));
        let mut extended = Readings::default();
        extended
            .set("focus-after-chain", "extended-trigger-chain-passes")
            .unwrap();
        assert!(records_player_items(&extended, Opener::Trigger));
        assert!(!records_player_items(&extended, Opener::Play));
        assert!(focus_after_chain(
            &extended,
            Opener::Trigger,
            true,
            Resolved
        ));
        assert!(focus_after_chain(&extended, Opener::Trigger, true, Removal));
        assert!(!focus_after_chain(
            &extended,
            Opener::Trigger,
            false,
            Resolved
        ));
        assert!(focus_after_chain(&extended, Opener::Play, false, Removal));
    }

    #[test]
    fn read_as_a_fresh_round_the_new_newest_items_controller_has_priority() {
        let r = Readings::default();
        assert_eq!(top_item_countered(&r, Seat::A), None);
        let mut fresh = r;
        fresh.set("top-item-countered", "fresh-round").unwrap();
        assert_eq!(top_item_countered(&fresh, Seat::A), Some(Seat::A));
    }

    #[test]
    fn one_team_left_wins() {
        let r = Readings::default();
        assert_eq!(
            team_victory(&r, Mode::MagmaChamber, seats("BD")),
            Some(seats("BD"))
        );
        assert_eq!(team_victory(&r, Mode::War, seats("BD")), None);
        assert_eq!(team_victory(&r, Mode::War, seats("D")), Some(seats("D")));
        let mut literal = r;
        literal.set("team-victory", "last-player-only").unwrap();
        assert_eq!(
            team_victory(&literal, Mode::MagmaChamber, seats("BD")),
            None
        );
        assert_eq!(
            team_victory(&literal, Mode::MagmaChamber, seats("D")),
            Some(seats("D"))
        );
    }

    #[test]
    fn a_round_is_every_remaining_seat_and_a_count_is_not() {
        let r = Readings::default();
        assert!(round_complete(&r, seats("ACD"), seats("ACD")));
        assert!(!round_complete(&r, seats("ABC"), seats("ACD")));
        let count = crate::readings::Fault::CountPasses.apply(r);
        assert!(round_complete(&count, seats("ABC"), seats("ACD")));
        assert_eq!(forget_passes(&r, seats("AB"), seats("B")), seats("A"));
    }

    #[test]
    fn every_policy_names_a_function_that_exists() {
        let sources = [
            ("game::policy", include_str!("policy.rs")),
            ("rules::removal", include_str!("../rules/removal.rs")),
            ("rules::combat", include_str!("../rules/combat.rs")),
        ];
        for p in crate::readings::policies::POLICIES {
            let (module, function) = p.implemented_by.rsplit_once("::").unwrap();
            let (_, text) = sources
                .iter()
                .find(|(m, _)| *m == module)
                .unwrap_or_else(|| panic!("{}: unknown module {module}", p.name));
            assert!(
                text.contains(&format!("fn {function}(")),
                "{}: no function {function} in {module}",
                p.name
            );
        }
    }
}
