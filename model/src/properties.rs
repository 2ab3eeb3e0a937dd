//! The properties the checker proves, each named after what it says and the rule it checks.
//!
//! Every property is judged once per transition, in [`judge`], from what an observer sees: the
//! view before and after, the action, the events, and the spec (through the lockstep). The
//! verdicts are kept in the state as bits ([`Ghost`]), and the stateright properties only read
//! those bits, so each property's logic is written once, here.

use riftcheck::card::{Ability, BattlefieldId, CardKind, Effect};
use riftcheck::item::{ItemKind, ItemTarget};
use riftcheck::observation::{Observation as View, Place};
use riftcheck::{Action, Catalog, Event, ItemName, Seat, SeatSet};

/// How a property is judged.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// Must hold in every reachable state.
    Always,
    /// Must happen somewhere within the bounds: proves the bounds reach a situation.
    Sometimes,
    /// A property of the whole state graph, checked by riftcheck's own search rather than per
    /// state.
    Graph,
}

macro_rules! properties {
    ($( $id:ident: $kind:ident, $rule:literal, $name:literal; )*) => {
        /// Every property, by its place in [`Prop::ALL`].
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        #[repr(u8)]
        pub enum Prop { $( #[doc = $name] $id, )* }

        impl Prop {
            /// Every property, in the order they are reported.
            pub const ALL: &'static [Prop] = &[ $( Prop::$id, )* ];

            /// The property's sentence.
            pub fn name(self) -> &'static str {
                match self { $( Prop::$id => $name, )* }
            }

            /// The rules it checks.
            pub fn rule(self) -> &'static str {
                match self { $( Prop::$id => $rule, )* }
            }

            /// How it is judged.
            pub fn kind(self) -> Kind {
                match self { $( Prop::$id => Kind::$kind, )* }
            }
        }
    };
}

properties! {
    // Agreement and consistency.
    EngineAndSpecAgree: Always, "every rule modelled", "the engine and the spec agree on every action";
    ViewConsistent: Always, "651.3, 652, 708, 444.2", "what an observer sees is consistent";
    // The three mission properties.
    CounteredNeverResolves: Always, "425, 652.4", "a countered item never resolves";
    DepartedNoPriority: Always, "651.3, 652.5.c.1", "a departed player never receives Priority";
    ShowdownEndsWhenAllPassed: Always, "347.3.a, 652.5.b.2", "a Showdown ends once all remaining players have passed";
    // Chain and Priority.
    LeaverItemsGone: Always, "652.4", "the items a removed player controlled are gone from the Chain";
    RemovedItemsNeverResolve: Always, "652.4", "an item controlled by a removed player never resolves";
    ResolvesOnlyWhenAllPassed: Always, "339, 340, 652.5.c.2", "the newest item resolves once all remaining players have passed Priority, and not before";
    // Departed players.
    DepartedNoFocus: Always, "651.3, 652.5.b.1", "a departed player never receives Focus";
    DepartedNoTurn: Always, "651.3, 652.5.a.1", "a departed player never takes the turn";
    DepartedNeverChooses: Always, "651.3", "a departed player is never asked to choose";
    // Proceeding after a removal.
    PassesSurvive: Always, "652.5, pass-record", "the remaining players' passes survive a concession";
    HoldersChangeOnlyIfLeaverHeld: Always, "652.5.a-c", "the Turn, Focus and Priority change hands only when the leaver held them";
    TurnOrderPreserved: Always, "116, 652.5.a.1", "the turn order of the remaining players is preserved";
    OneHolder: Always, "312, 313.2, 313.5", "at most one Priority holder and one Focus holder, and Focus only in a Showdown";
    // Removal of the leaver's things.
    NothingOfLeaverOnBoard: Always, "652.1", "after a removal nothing the leaver owned or controlled is on the board";
    BorrowedToOwnersBanishment: Always, "652.1, 056", "borrowed cards go to their owner's Banishment";
    TokenBattlefield: Always, "652.2.a, 652.2.c", "the contributed battlefield becomes a token with no abilities and its continuous effects are gone";
    UnitsDidNotMove: Always, "652.2.b", "units at the replaced battlefield do not move";
    TwoPlayerWin: Always, "651.1, 651.2", "a concession ends the game only when one player or team is left, who wins at once";
    TeamRemoved: Always, "651.4", "a team's concession removes the team";
    // Combat, movement and staged fights (seed 003).
    NeverThreePlayers: Always, "444.2, 358.2", "never units of three players at one battlefield";
    NeverThirdCombatant: Always, "457, 442.2.a", "never a third combatant";
    OneFightAtATime: Always, "455, 323.8-323.9", "only one Showdown or combat at a time";
    TurnPlayerChoosesFight: Always, "456.1, 652.5.a.1", "the Turn Player chooses which staged fight goes first";
    CombatTriggerOrder: Always, "459.2.d.1", "combat-start triggers are placed Attacker first and Defender last";
    InstructedMoveRecalls: Always, "442.2.c", "an instructed move into an invalid destination ends in a Recall";
    ForcedPlayToBase: Always, "457.2", "a forced play into an invalid battlefield ends in the player's Base";
    NoStandardMoveInShowdown: Always, "144.1", "no Standard Move during a Showdown or combat";
    TeammateDestinations: Always, "442.2.b", "no unit moves to a battlefield its controller's teammate occupies";
    // Liveness.
    NeverStuck: Always, "305, 312, 335", "the game never gets stuck";
    ChainsEmpty: Always, "339-340", "every chain empties";
    ShowdownsEnd: Always, "347-348", "every Showdown ends";
    NoCycles: Graph, "339, 347.3.a", "no sequence of actions returns the game to an earlier state";

    // Companions: the bounds reach the situations the properties are about.
    SeenItemResolves: Sometimes, "340", "an item resolves";
    SeenItemCountered: Sometimes, "425", "an item is countered";
    SeenCounteredByRemoval: Sometimes, "652.4", "a removal counters an item";
    SeenConcessionTwoItems: Sometimes, "652.4", "a concession happens while the chain holds two items";
    SeenPriorityHolderConcedes: Sometimes, "652.5.c.1", "the Priority holder concedes during a chain";
    SeenFocusHolderConcedes: Sometimes, "652.5.b.1", "the Focus holder concedes";
    SeenTurnPlayerConcedes: Sometimes, "652.5.a.1", "the Turn Player concedes and the game goes on";
    SeenRemovalResolves: Sometimes, "652.5.c.2", "a concession completes a round of passes and the newest item resolves";
    SeenRemovalEndsShowdown: Sometimes, "652.5.b.2", "a concession completes a round of Focus passes and the Showdown ends";
    SeenPassesSurvive: Sometimes, "652.5", "a concession leaves other players' passes on record";
    SeenShowdownEnds: Sometimes, "347.3.a", "a Showdown ends after a round of Focus passes";
    SeenTriggerChainEmpties: Sometimes, "346.1", "a chain opened by a trigger empties during a Showdown";
    SeenBorrowedBanished: Sometimes, "652.1", "a borrowed card is banished into its owner's Banishment";
    SeenBattlefieldReplaced: Sometimes, "652.2.c", "a battlefield with a continuous effect is replaced while a unit is there";
    SeenTwoPlayerConcession: Sometimes, "651.1", "a two-player concession ends the game";
    SeenTeamConcession: Sometimes, "651.4", "a team concedes";
    SeenTurnEnds: Sometimes, "317", "a turn ends and the next player takes theirs";
    SeenCombatDamage: Sometimes, "460", "a combat deals damage";
    SeenStagedWhileRunning: Sometimes, "456", "a fight is staged while another runs";
    SeenTurnPlayerChooses: Sometimes, "456.1", "the Turn Player chooses between staged fights";
    SeenUnstaged: Sometimes, "456.2", "a staged fight is dropped because one side left";
    SeenRecall: Sometimes, "442.2.c", "an instructed move ends in a Recall";
    SeenForcedPlayToBase: Sometimes, "457.2", "a forced play goes to the player's Base";
    SeenThreeTriggerPlayers: Sometimes, "459.2.d.1", "combat-start triggers of three players are placed";
    SeenConcessionInCombat: Sometimes, "652.5, combat-with-one-side-gone", "a player concedes during a combat";
    SeenCombatantConcedes: Sometimes, "combat-with-one-side-gone", "the Attacker or the Defender concedes during the combat";
    SeenAfterRemovalTurn: Sometimes, "116", "a turn passes over a removed player";
}

/// What the checker records about a state beyond the game and the spec. It is hashed with the
/// state, so it holds as little history as the properties need: the verdicts of the transition
/// into the state (all zero unless a property failed, and then the state is final), the items
/// still on the Chain that were countered, and a bound. Which companions a transition showed is
/// not kept here (it would split equal states); the model records it on the side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Ghost {
    /// `always` properties the transition into this state violated.
    pub violated: u64,
    /// Items on the Chain that have been countered, by name ([`item_bit`]; 425, 652.4): a
    /// countered item must never be seen again, let alone resolve.
    pub countered: u128,
    /// Invitations this turn (a bound: an invitation handed back returns to the same state).
    pub invites: u8,
    /// Turns ended so far (a bound).
    pub turns_ended: u8,
    /// Seats removed so far, for the bound on concessions.
    pub removed: u8,
    /// The game is over: nothing more happens.
    pub over: bool,
}

/// An item's bit in [`Ghost::countered`]: three kinds of item per card, 32 cards.
pub fn item_bit(name: ItemName) -> u128 {
    let kind = match name.kind {
        ItemKind::Spell => 0,
        ItemKind::Activated => 1,
        ItemKind::Triggered => 2,
    };
    1u128 << ((name.source.index() * 3 + kind) % 128)
}

impl Prop {
    /// The property's bit in [`Ghost::violated`] or [`Ghost::seen`].
    pub fn bit(self) -> u64 {
        1u64 << (self as u8)
    }
}

/// What one transition looked like to an observer.
pub struct Step<'a> {
    /// The catalog.
    pub catalog: &'a Catalog,
    /// The readings the rules are read under (without rule faults).
    pub readings: riftcheck::Readings,
    /// The view before.
    pub before: &'a View,
    /// The action.
    pub action: Action,
    /// The events it caused.
    pub events: &'a [Event],
    /// The view after.
    pub after: &'a View,
    /// Whether the engine accepts a pass-like action of the player who should act now.
    pub someone_can_act: bool,
}

/// The seat after `seat` among `remaining`, in seat order: the naive reading of "the next
/// player in turn order".
fn naive_next(remaining: SeatSet, seat: Seat) -> Option<Seat> {
    (1..=4)
        .map(|k| Seat::ALL[(seat.index() + k) % 4])
        .find(|s| remaining.contains(*s))
}

/// Players with units at `bf`.
fn present(cat: &Catalog, v: &View, bf: BattlefieldId) -> SeatSet {
    v.cards
        .iter()
        .enumerate()
        .filter(|(i, c)| cat.cards[*i].kind == CardKind::Unit && c.at == Place::Field(bf))
        .map(|(_, c)| c.controller)
        .collect()
}

/// Fights staged (not running) in `v`: contested battlefields whose contesting player still has
/// units there.
fn staged(cat: &Catalog, v: &View) -> Vec<BattlefieldId> {
    (0..v.battlefields.len())
        .map(BattlefieldId::from_index)
        .filter(|&b| {
            v.showdown.is_none_or(|at| at != b)
                && v.battlefields[b.index()]
                    .contested_by
                    .is_some_and(|p| present(cat, v, b).contains(p))
        })
        .collect()
}

/// Whether a unit of `who` may not go to `bf` in `v`, read naively from 442.2, 444.2 and 457
/// (and 442.2.b for moves, with the default reading of policy `teammate-destination`).
fn closed_to(cat: &Catalog, v: &View, who: Seat, bf: BattlefieldId, moving: bool) -> bool {
    let here = present(cat, v, bf);
    let running = v.combat.filter(|_| v.showdown == Some(bf));
    let contested = v.battlefields[bf.index()]
        .contested_by
        .is_some_and(|p| here.contains(p));
    let sides: Option<SeatSet> = match running {
        Some((a, d)) => Some([a, d].into_iter().collect()),
        None if contested && here.len() >= 2 => Some(here),
        None => None,
    };
    if sides.is_some_and(|s| !s.contains(who)) {
        return true;
    }
    let others = here.difference(SeatSet::only(who));
    if others.len() >= 2 {
        return true;
    }
    moving && cat.mode.has_teams() && others.iter().any(|o| cat.mode.teammates(who, o))
}

/// The order in which players place combat-start triggers, read naively from 459.2.d.1.
fn combat_order(remaining: SeatSet, attacker: Seat, defender: Seat) -> Vec<Seat> {
    let mut order = Vec::new();
    if remaining.contains(attacker) {
        order.push(attacker);
    }
    for k in 1..4 {
        let s = Seat::ALL[(attacker.index() + k) % 4];
        if s != defender && remaining.contains(s) {
            order.push(s);
        }
    }
    if remaining.contains(defender) {
        order.push(defender);
    }
    order
}

/// Judges every property on a state and (if it is not the first) the transition into it.
/// Returns (violated, seen).
pub fn judge(
    step: Option<&Step<'_>>,
    catalog: &Catalog,
    readings: &riftcheck::Readings,
    after: &View,
    ghost: &Ghost,
) -> (u64, u64) {
    let _ = readings;
    let mut violated = 0u64;
    let mut seen = 0u64;
    let mut fail = |p: Prop| violated |= p.bit();
    let over = after.winners.is_some();

    // ---- properties of the state alone ----
    if !riftcheck::oracle::invariants(catalog, after).is_empty() {
        fail(Prop::ViewConsistent);
    }
    let departed = after.removed;
    // Once the game is over nothing else happens (651.1): the Chain is left as it was.
    if !over
        && (after.chain.iter().any(|i| departed.contains(i.controller))
            || after
                .waiting
                .iter()
                .any(|u| departed.contains(u.controller)))
    {
        fail(Prop::LeaverItemsGone);
    }
    if after.priority.is_some_and(|p| departed.contains(p)) {
        fail(Prop::DepartedNoPriority);
    }
    if after.focus.is_some_and(|p| departed.contains(p)) {
        fail(Prop::DepartedNoFocus);
    }
    if after.turn.is_some_and(|p| departed.contains(p)) {
        fail(Prop::DepartedNoTurn);
    }
    if after.awaiting.is_some_and(|c| departed.contains(c.seat()))
        || after
            .waiting
            .iter()
            .any(|u| departed.contains(u.controller))
    {
        fail(Prop::DepartedNeverChooses);
    }
    if !over
        && after.showdown.is_some()
        && after.chain.is_empty()
        && after.waiting.is_empty()
        && after.focus_passed.is_superset(after.remaining)
    {
        fail(Prop::ShowdownEndsWhenAllPassed);
    }
    if !over
        && !after.chain.is_empty()
        && after.awaiting.is_none()
        && after.passed.is_superset(after.remaining)
    {
        fail(Prop::ResolvesOnlyWhenAllPassed);
    }
    let open_showdown =
        after.showdown.is_some() && after.chain.is_empty() && after.waiting.is_empty();
    if after.focus.is_some() != after.showdown.is_some()
        || (open_showdown && !over && after.priority != after.focus)
        || (after.awaiting.is_some() && after.priority.is_some())
    {
        fail(Prop::OneHolder);
    }
    if !over && (after.priority.is_none() && after.awaiting.is_none()) {
        fail(Prop::NeverStuck);
    }
    for b in 0..after.battlefields.len() {
        let bf = BattlefieldId::from_index(b);
        let here = present(catalog, after, bf);
        if here.len() > 2 {
            fail(Prop::NeverThreePlayers);
        }
        if after.showdown == Some(bf)
            && let Some((a, d)) = after.combat
            && !here.difference([a, d].into_iter().collect()).is_empty()
        {
            fail(Prop::NeverThirdCombatant);
        }
    }
    if let Some(riftcheck::Choice::ChooseFight { seat }) = after.awaiting
        && after.turn != Some(seat)
    {
        fail(Prop::TurnPlayerChoosesFight);
    }
    // Liveness. Every path is finite (the state graph has no cycles: [`Prop::NoCycles`]), so a
    // chain that can always be moved on empties, and a Showdown whose Focus holder can always
    // pass ends.
    if let Some(s) = step
        && !over
        && !s.someone_can_act
    {
        fail(Prop::NeverStuck);
        if !after.chain.is_empty() || !after.waiting.is_empty() {
            fail(Prop::ChainsEmpty);
        } else if after.showdown.is_some() {
            fail(Prop::ShowdownsEnd);
        }
    }

    let Some(s) = step else {
        return (violated, seen);
    };
    let before = s.before;
    let cat = s.catalog;

    // ---- items ----
    let mut resolved_any = false;
    let mut countered = ghost.countered;
    for e in s.events {
        match e {
            Event::Resolved { item } => {
                resolved_any = true;
                seen |= Prop::SeenItemResolves.bit();
                if countered & item_bit(*item) != 0 {
                    fail(Prop::CounteredNeverResolves);
                }
                let controller = before
                    .chain
                    .iter()
                    .find(|i| i.item == *item)
                    .map(|i| i.controller);
                if controller.is_some_and(|c| s.after.removed.contains(c)) {
                    fail(Prop::RemovedItemsNeverResolve);
                }
                // Not before: everyone still in must have passed (the acting player's pass
                // included).
                let mut passes = before.passed;
                if let Action::Pass { seat } = s.action {
                    passes.insert(seat);
                }
                if !passes.is_superset(s.after.remaining) {
                    fail(Prop::ResolvesOnlyWhenAllPassed);
                }
            }
            Event::Countered { item } => {
                seen |= Prop::SeenItemCountered.bit();
                countered |= item_bit(*item);
            }
            _ => {}
        }
    }

    // ---- turns ----
    if let Action::EndTurn { seat } = s.action
        && !over
    {
        seen |= Prop::SeenTurnEnds.bit();
        let expected = naive_next(s.after.remaining, seat);
        if s.after.turn != expected {
            fail(Prop::TurnOrderPreserved);
        }
        if expected.is_some_and(|n| (seat.index() + 1) % 4 != n.index()) {
            seen |= Prop::SeenAfterRemovalTurn.bit();
        }
    }

    // ---- concessions ----
    if let Action::Concede { seat } = s.action {
        let leavers = s.after.removed.difference(before.removed);
        let game_ended = s.after.winners.is_some();
        let mode = cat.mode;
        if !leavers.contains(seat) {
            fail(Prop::TeamRemoved);
        }
        if mode.has_teams() {
            seen |= Prop::SeenTeamConcession.bit();
            if !leavers.is_superset(mode.team_of(seat)) {
                fail(Prop::TeamRemoved);
            }
        }
        let others = before.remaining.difference(mode.team_of(seat));
        let one_side_left = others
            .lowest()
            .is_some_and(|o| mode.team_of(o).is_superset(others));
        if one_side_left {
            seen |= Prop::SeenTwoPlayerConcession.bit();
            if s.after.winners != Some(others) {
                fail(Prop::TwoPlayerWin);
            }
        } else if game_ended {
            fail(Prop::TwoPlayerWin);
        }
        if !game_ended {
            let removal_countered = s
                .events
                .iter()
                .any(|e| matches!(e, Event::Countered { .. }));
            if removal_countered {
                seen |= Prop::SeenCounteredByRemoval.bit();
            }
            if before.chain.len() >= 2 {
                seen |= Prop::SeenConcessionTwoItems.bit();
            }
            let chain_before = !before.chain.is_empty();
            let chain_after = !s.after.chain.is_empty();
            let showdown_ended = s
                .events
                .iter()
                .any(|e| matches!(e, Event::ShowdownEnded { .. }));
            if chain_before && before.priority == Some(seat) {
                seen |= Prop::SeenPriorityHolderConcedes.bit();
            }
            if before.focus == Some(seat) {
                seen |= Prop::SeenFocusHolderConcedes.bit();
            }
            if before.turn == Some(seat) {
                seen |= Prop::SeenTurnPlayerConcedes.bit();
            }
            if resolved_any {
                seen |= Prop::SeenRemovalResolves.bit();
            }
            if showdown_ended && before.showdown.is_some() {
                seen |= Prop::SeenRemovalEndsShowdown.bit();
            }
            // Passes survive: with the chain still there and nothing resolved, the record is the
            // old one minus the leavers.
            if chain_before && chain_after && !resolved_any {
                if s.after.passed != before.passed.difference(leavers) {
                    fail(Prop::PassesSurvive);
                }
                if !s.after.passed.is_empty() {
                    seen |= Prop::SeenPassesSurvive.bit();
                }
            }
            if before.showdown.is_some() && s.after.showdown.is_some() && !showdown_ended {
                let closed_play_chain = chain_before && !chain_after;
                if !closed_play_chain
                    && s.after.focus_passed != before.focus_passed.difference(leavers)
                {
                    fail(Prop::PassesSurvive);
                }
            }
            // Holders change hands only when the leaver held them, and then to the next player.
            if let (Some(t0), Some(t1)) = (before.turn, s.after.turn) {
                let expected = if leavers.contains(t0) {
                    naive_next(s.after.remaining, t0)
                } else {
                    Some(t0)
                };
                if Some(t1) != expected {
                    fail(Prop::HoldersChangeOnlyIfLeaverHeld);
                }
            }
            if chain_before && chain_after && !resolved_any && before.awaiting.is_none() {
                let p0 = before.priority;
                let expected = match p0 {
                    Some(p) if leavers.contains(p) => naive_next(s.after.remaining, p),
                    other => other,
                };
                if s.after.awaiting.is_none() && s.after.priority != expected {
                    fail(Prop::HoldersChangeOnlyIfLeaverHeld);
                }
            }
            if let (Some(f0), Some(f1)) = (before.focus, s.after.focus)
                && (!chain_before || chain_after)
                && !showdown_ended
            {
                let expected = if leavers.contains(f0) {
                    naive_next(s.after.remaining, f0)
                } else {
                    Some(f0)
                };
                if Some(f1) != expected {
                    fail(Prop::HoldersChangeOnlyIfLeaverHeld);
                }
            }
            // 652.1: nothing the leaver owned or controlled stays on the board; what they
            // borrowed is in its owner's Banishment.
            for (i, (c0, c1)) in before.cards.iter().zip(&s.after.cards).enumerate() {
                let def = &cat.cards[i];
                let theirs = leavers.contains(def.owner)
                    || (c0.at.on_board() && leavers.contains(c0.controller));
                if theirs && c1.at.on_board() {
                    fail(Prop::NothingOfLeaverOnBoard);
                }
                if c0.at.on_board()
                    && leavers.contains(c0.controller)
                    && !leavers.contains(def.owner)
                {
                    seen |= Prop::SeenBorrowedBanished.bit();
                    let expected = if def.token {
                        Place::Nowhere
                    } else {
                        Place::Banishment(def.owner)
                    };
                    if c1.at != expected {
                        fail(Prop::BorrowedToOwnersBanishment);
                    }
                }
            }
            // 652.2: the leaver's battlefield.
            for (i, def) in cat.battlefields.iter().enumerate() {
                if !leavers.contains(def.contributor) {
                    continue;
                }
                let f1 = &s.after.battlefields[i];
                if !f1.token || f1.might != 0 {
                    fail(Prop::TokenBattlefield);
                }
                let here = riftcheck::BattlefieldId::from_index(i);
                for (j, (c0, c1)) in before.cards.iter().zip(&s.after.cards).enumerate() {
                    let card = &cat.cards[j];
                    if card.kind != riftcheck::CardKind::Unit || c0.at != Place::Field(here) {
                        continue;
                    }
                    let stays = !leavers.contains(card.owner) && !leavers.contains(c0.controller);
                    if !stays {
                        continue;
                    }
                    if before.battlefields[i].might != 0 {
                        seen |= Prop::SeenBattlefieldReplaced.bit();
                    }
                    // It may die of damage it already had once its Might drops, or be moved by
                    // an item the removal let resolve (652.5.c.2); otherwise it stays where it
                    // was, with its printed Might.
                    if c1.at.on_board() && !resolved_any {
                        if c1.at != c0.at {
                            fail(Prop::UnitsDidNotMove);
                        }
                        if c1.might != Some(card.might) {
                            fail(Prop::TokenBattlefield);
                        }
                    }
                }
            }
        }
    }

    // ---- fights ----
    let mut running = before.showdown.is_some();
    for e in s.events {
        match e {
            Event::ShowdownBegan { .. } => {
                if running {
                    fail(Prop::OneFightAtATime);
                }
                running = true;
            }
            Event::ShowdownEnded { .. } => running = false,
            Event::Damaged { .. } if before.combat.is_some() => {
                seen |= Prop::SeenCombatDamage.bit();
            }
            Event::Unstaged { .. } => seen |= Prop::SeenUnstaged.bit(),
            _ => {}
        }
    }
    let began = s
        .events
        .iter()
        .any(|e| matches!(e, Event::ShowdownBegan { .. }));
    match s.action {
        Action::Choose { seat, .. } => {
            seen |= Prop::SeenTurnPlayerChooses.bit();
            if before.turn != Some(seat) {
                fail(Prop::TurnPlayerChoosesFight);
            }
        }
        // A fight that began by itself was the only one staged.
        _ if began && !staged(cat, s.after).is_empty() && s.after.awaiting.is_none() => {
            fail(Prop::TurnPlayerChoosesFight);
        }
        _ => {}
    }
    if s.after.showdown.is_some() && !staged(cat, s.after).is_empty() {
        seen |= Prop::SeenStagedWhileRunning.bit();
    }
    if let Some(Event::CombatBegan {
        attacker, defender, ..
    }) = s
        .events
        .iter()
        .find(|e| matches!(e, Event::CombatBegan { .. }))
    {
        let order = combat_order(s.after.remaining, *attacker, *defender);
        let rank = |p: Seat| order.iter().position(|&q| q == p).unwrap_or(usize::MAX);
        // Placed (and still waiting) triggers, in placement order.
        let mut placed: Vec<Seat> = Vec::new();
        let mut after_combat = false;
        for e in s.events {
            match e {
                Event::CombatBegan { .. } => after_combat = true,
                Event::ItemAdded { item, controller }
                    if after_combat && item.kind == ItemKind::Triggered =>
                {
                    placed.push(*controller);
                }
                _ => {}
            }
        }
        placed.extend(s.after.waiting.iter().map(|u| u.controller));
        if placed.windows(2).any(|w| rank(w[0]) > rank(w[1])) {
            fail(Prop::CombatTriggerOrder);
        }
        let players: SeatSet = placed.iter().copied().collect();
        if players.len() >= 3 {
            seen |= Prop::SeenThreeTriggerPlayers.bit();
        }
    }
    if let Action::Move { .. } = s.action
        && (before.showdown.is_some() || !before.chain.is_empty())
    {
        fail(Prop::NoStandardMoveInShowdown);
    }
    // Units already on the board that arrive at a battlefield their teammate occupied.
    if cat.mode.has_teams() {
        for (i, (c0, c1)) in before.cards.iter().zip(&s.after.cards).enumerate() {
            if cat.cards[i].kind != CardKind::Unit || !c0.at.on_board() || c0.at == c1.at {
                continue;
            }
            if let Place::Field(bf) = c1.at
                && present(cat, before, bf)
                    .iter()
                    .any(|o| cat.mode.teammates(c1.controller, o))
                && s.readings.teammate_destination
                    == riftcheck::readings::TeammateDestination::Occupied
            {
                fail(Prop::TeammateDestinations);
            }
        }
    }
    // Instructed moves and forced plays, when their item resolves (outside concessions, whose
    // removals change the board before the item resolves).
    let conceding = matches!(s.action, Action::Concede { .. });
    for e in s.events.iter().filter(|_| !conceding) {
        let Event::Resolved { item } = e else {
            continue;
        };
        let Some(iv) = before.chain.iter().find(|i| i.item == *item) else {
            continue;
        };
        let def = &cat.cards[iv.item.source.index()];
        let effect = match (iv.item.kind, def.ability) {
            (ItemKind::Spell, _) => def.effect,
            (_, Some(Ability::Activated { effect, .. } | Ability::Triggered { effect, .. })) => {
                effect
            }
            _ => continue,
        };
        match (effect, iv.target) {
            (Effect::MoveTo(bf), Some(ItemTarget::Unit(u))) => {
                let c0 = before.cards[u.index()];
                if !matches!(c0.at, Place::Base(_) | Place::Field(_)) || c0.at == Place::Field(bf) {
                    continue;
                }
                let c1 = s.after.cards[u.index()];
                if closed_to(cat, before, c0.controller, bf, true) {
                    seen |= Prop::SeenRecall.bit();
                    if c1.at == Place::Field(bf)
                        || (c1.at.on_board() && c1.at != Place::Base(c1.controller))
                    {
                        fail(Prop::InstructedMoveRecalls);
                    }
                } else if c1.at.on_board() && c1.at != Place::Field(bf) {
                    fail(Prop::InstructedMoveRecalls);
                }
            }
            (Effect::PlayTokenAt { at, token }, target) => {
                let place = match target {
                    Some(ItemTarget::Location(b)) => Some(b),
                    _ => at,
                };
                let Some(bf) = place else { continue };
                if before.cards[token.index()].at != Place::Nowhere
                    || !s.after.remaining.contains(iv.controller)
                {
                    continue;
                }
                let t1 = s.after.cards[token.index()].at;
                if closed_to(cat, before, iv.controller, bf, false) {
                    seen |= Prop::SeenForcedPlayToBase.bit();
                    if t1 == Place::Field(bf) {
                        fail(Prop::ForcedPlayToBase);
                    }
                } else if t1 == Place::Base(iv.controller) {
                    fail(Prop::ForcedPlayToBase);
                }
            }
            _ => {}
        }
    }
    if let Action::Concede { seat } = s.action
        && let Some((a, d)) = before.combat
        && s.after.winners.is_none()
    {
        seen |= Prop::SeenConcessionInCombat.bit();
        if seat == a || seat == d {
            seen |= Prop::SeenCombatantConcedes.bit();
        }
    }

    // ---- Showdowns ----
    for e in s.events {
        if let Event::ShowdownEnded { .. } = e {
            seen |= Prop::SeenShowdownEnds.bit();
        }
    }
    if before.showdown.is_some()
        && s.after.showdown.is_some()
        && !before.chain.is_empty()
        && s.after.chain.is_empty()
        && s.after.waiting.is_empty()
        && before.opened_by == Some(riftcheck::Opener::Trigger)
    {
        seen |= Prop::SeenTriggerChainEmpties.bit();
    }
    (violated, seen)
}
