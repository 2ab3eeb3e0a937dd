//! Every rule an action breaks. The engine checks its rules in some order and cites the first
//! it finds; the spec lists all of them, and a lockstep accepts whichever of them the engine
//! cites (the tie between two rules that both refuse is settled that way: any true reason is a
//! right answer).

use super::Spec;
use super::state::{Needs, needs};
use riftbound_vocabulary::action::{Action, Choice};
use riftbound_vocabulary::card::{
    Ability, BattlefieldId, CardId, CardKind, CardSet, Effect, Timing,
};
use riftbound_vocabulary::error::RuleError;
use riftbound_vocabulary::seat::Seat;
use riftbound_vocabulary::zone::{Location, Zone};

/// The rules an action breaks, as they are found: every one, or only the first (what `check`
/// needs, without looking further or allocating).
pub(super) struct Broken {
    first: Option<RuleError>,
    all: Option<Vec<RuleError>>,
}

impl Broken {
    pub(super) fn all() -> Broken {
        Broken {
            first: None,
            all: Some(Vec::new()),
        }
    }

    pub(super) fn first_only() -> Broken {
        Broken {
            first: None,
            all: None,
        }
    }

    fn push(&mut self, e: RuleError) {
        if self.first.is_none() {
            self.first = Some(e);
        }
        if let Some(all) = &mut self.all {
            all.push(e);
        }
    }

    fn extend(&mut self, e: Option<RuleError>) {
        if let Some(e) = e {
            self.push(e);
        }
    }

    fn is_empty(&self) -> bool {
        self.first.is_none()
    }

    /// Whether looking further is of no use: only the first was wanted and it is found.
    fn done(&self) -> bool {
        self.all.is_none() && self.first.is_some()
    }

    pub(super) fn first(&self) -> Option<RuleError> {
        self.first
    }

    pub(super) fn into_vec(self) -> Vec<RuleError> {
        self.all.unwrap_or_else(|| self.first.into_iter().collect())
    }
}

impl Spec {
    /// The rules `action` breaks now, into `out`; nothing when it is legal.
    pub(super) fn broken_rules(&self, action: Action, out: &mut Broken) {
        if let Some(w) = &self.s.winners {
            out.push(RuleError::GameOver {
                winners: w.iter().copied().collect(),
                by_score: self.s.won_by_score,
            });
        }
        if !self.names_exist(action, out) {
            return;
        }
        let seat = action.seat();
        if seat.index() >= self.catalog.mode.players() {
            out.push(RuleError::NotSeated { seat });
            return;
        }
        if self.s.gone.contains(&seat) {
            out.push(RuleError::Removed { seat });
        }
        if !out.is_empty() {
            return;
        }
        match action {
            Action::Concede { .. } => {}
            Action::Place { card, .. } => self.place_rules(seat, card, out),
            Action::Choose { at, .. } => self.choose_rules(seat, at, out),
            Action::Assign { unit, .. } => self.assign_rules(seat, unit, out),
            _ => {
                if let Some(c) = self.choice() {
                    out.push(RuleError::AwaitingChoice { chooser: c.seat() });
                }
                if !out.done() {
                    self.discretionary_rules(action, out);
                }
            }
        }
    }

    /// 121, 168: an action may only name cards and battlefields of this game.
    fn names_exist(&self, action: Action, out: &mut Broken) -> bool {
        let mut wrong = false;
        let cards = self.s.cards.len();
        let fields = self.s.fields.len();
        let mut card = |c: CardId| {
            if c.index() >= cards {
                out.push(RuleError::NoSuchCard { card: c });
                wrong = true;
            }
        };
        let mut named: arrayvec::ArrayVec<CardId, { riftbound_vocabulary::card::MAX_CARDS + 2 }> =
            arrayvec::ArrayVec::new();
        let mut place = None;
        match action {
            Action::Play {
                card: c,
                target,
                at,
                ..
            } => {
                named.push(c);
                named.extend(target);
                place = at;
            }
            Action::Activate {
                card: c, target, ..
            } => {
                named.push(c);
                named.extend(target);
            }
            Action::Move { units, to, .. } => {
                named.extend(units.iter());
                place = Some(to);
            }
            Action::Place { card: c, .. } | Action::Assign { unit: c, .. } => named.push(c),
            Action::Choose { at, .. } => place = Some(Location::Field(at)),
            Action::Hide { card: c, at, .. } => {
                named.push(c);
                place = Some(Location::Field(at));
            }
            _ => {}
        }
        for c in named {
            card(c);
        }
        if let Some(Location::Field(b)) = place
            && b.index() >= fields
        {
            out.push(RuleError::NoSuchBattlefield { at: b });
            wrong = true;
        }
        !wrong
    }

    /// 312.1, 313.1: the discretionary actions need Priority, which in a Showdown Open state is
    /// the Focus holder's.
    fn priority_rule(&self, seat: Seat) -> Option<RuleError> {
        if self.s.priority == Some(seat) {
            return None;
        }
        match &self.s.fight {
            Some(f) if !self.s.chain_exists => Some(RuleError::NoFocus {
                seat,
                focus: f.focus,
            }),
            _ => Some(RuleError::NoPriority {
                seat,
                holder: self.s.priority,
            }),
        }
    }

    /// 383.3.d: the first waiting player places one of their own triggers.
    fn place_rules(&self, seat: Seat, card: CardId, out: &mut Broken) {
        if let Some(first) = self.s.waiting.first()
            && first.controller != seat
        {
            out.push(RuleError::AwaitingChoice {
                chooser: first.controller,
            });
        }
        let mine = self
            .s
            .waiting
            .iter()
            .any(|w| w.controller == seat && w.source == card);
        if !mine {
            out.push(RuleError::NoSuchTrigger { seat, card });
        }
    }

    /// 456.1: the Turn Player chooses among the staged fights.
    fn choose_rules(&self, seat: Seat, at: BattlefieldId, out: &mut Broken) {
        if seat != self.s.turn {
            out.push(RuleError::NotTurnPlayer {
                seat,
                turn: self.s.turn,
            });
        }
        if let Some(first) = self.s.waiting.first() {
            out.push(RuleError::AwaitingChoice {
                chooser: first.controller,
            });
        }
        if out.done() {
            return;
        }
        let choosing = self.s.waiting.is_empty()
            && self.neutral_open()
            && self.staged_count() > 1
            && self.is_staged(at);
        if !choosing {
            out.push(RuleError::NoStagedFight { at });
        }
    }

    fn discretionary_rules(&self, action: Action, out: &mut Broken) {
        let seat = action.seat();
        match action {
            Action::Pass { .. } => {
                if !self.s.chain_exists && self.s.invited != Some(seat) {
                    out.push(RuleError::NoChainToPass { seat });
                }
                out.extend(self.priority_rule(seat));
            }
            Action::PassFocus { .. } => match &self.s.fight {
                None => out.push(RuleError::NotInShowdown { seat }),
                Some(f) => {
                    if self.s.chain_exists {
                        out.push(RuleError::FocusPassInClosedState { seat });
                    }
                    if f.focus != seat {
                        out.push(RuleError::NoFocus {
                            seat,
                            focus: f.focus,
                        });
                    }
                }
            },
            Action::Play {
                card, target, at, ..
            } => self.play_rules(seat, card, target, at, out),
            Action::Activate { card, target, .. } => self.activate_rules(seat, card, target, out),
            Action::Move { units, to, .. } => self.move_rules(seat, units, to, out),
            Action::EndTurn { .. } => self.turn_player_at_rest(seat, out),
            Action::Invite { teammate, .. } => {
                if seat != self.s.turn
                    || !self.teammates(seat, teammate)
                    || !self.still_in(teammate)
                {
                    out.push(RuleError::NotATeammate { seat, teammate });
                }
                if !self.neutral_open() {
                    out.push(RuleError::NotNeutralOpen { seat });
                }
                out.extend(self.priority_rule(seat));
            }
            Action::Hide { card, at, .. } => self.hide_rules(seat, card, at, out),
            Action::Concede { .. }
            | Action::Place { .. }
            | Action::Choose { .. }
            | Action::Assign { .. } => {}
        }
    }

    /// 460: in a combat's damage step the player whose turn it is to choose names an enemy unit
    /// there that has not been picked yet.
    fn assign_rules(&self, seat: Seat, unit: CardId, out: &mut Broken) {
        let Some(d) = self.s.dealing.as_ref() else {
            match self.choice() {
                Some(c) => out.push(RuleError::AwaitingChoice { chooser: c.seat() }),
                None => out.push(RuleError::NotAssigning { seat }),
            }
            return;
        };
        match self.choice() {
            Some(Choice::AssignDamage { seat: s }) if s == seat => {}
            Some(c) => {
                out.push(RuleError::AwaitingChoice { chooser: c.seat() });
                return;
            }
            None => {
                out.push(RuleError::NotAssigning { seat });
                return;
            }
        }
        let enemy = if seat == d.attacker {
            d.defender
        } else {
            d.attacker
        };
        let card = &self.s.cards[unit.index()];
        let there =
            self.is_unit(unit) && card.zone == Zone::Field(d.at) && card.controller == enemy;
        if !there || d.picked.contains(&unit) {
            out.push(RuleError::NotAssignable { card: unit });
        }
    }

    /// 421, 811: hiding a card with Hidden from one's hand, a discretionary action (410.1), at
    /// a battlefield one controls (484.8.c: not a teammate's) with an empty facedown zone
    /// (107.3).
    fn hide_rules(&self, seat: Seat, card: CardId, at: BattlefieldId, out: &mut Broken) {
        let def = self.catalog.card(card);
        if self.s.cards[card.index()].zone != Zone::Hand || def.owner != seat || def.token {
            out.push(RuleError::NotInHand { seat, card });
        }
        if !def.hidden {
            out.push(RuleError::NotHidden { card });
        }
        if out.done() {
            return;
        }
        self.turn_player_at_rest(seat, out);
        if self.s.fields[at.index()].controller != Some(seat) {
            out.push(RuleError::NotYourBattlefield { seat, at });
        }
        if self.s.cards.iter().any(|c| c.zone == Zone::Facedown(at)) {
            out.push(RuleError::FacedownTaken { at });
        }
    }

    /// 316, 144.1: only the Turn Player, in a Neutral Open state, with Priority.
    fn turn_player_at_rest(&self, seat: Seat, out: &mut Broken) {
        if seat != self.s.turn {
            out.push(RuleError::NotTurnPlayer {
                seat,
                turn: self.s.turn,
            });
        }
        if !self.neutral_open() {
            out.push(RuleError::NotNeutralOpen { seat });
        }
        out.extend(self.priority_rule(seat));
    }

    /// 309.1.a, 308.1.a, 806, 813: in a Closed state only Reactions; in a Showdown only Actions
    /// and Reactions.
    fn timing_rule(&self, timing: Timing, card: CardId) -> Option<RuleError> {
        if self.s.chain_exists {
            (timing != Timing::Reaction).then_some(RuleError::ClosedNeedsReaction { card })
        } else if self.s.fight.is_some() {
            (timing == Timing::Normal).then_some(RuleError::ShowdownNeedsAction { card })
        } else {
            None
        }
    }

    /// 442.2.a, 444.2, 457, 442.2.b: why `who`'s unit may not go to (or be played at) `bf`.
    fn destination_rules(&self, who: Seat, bf: BattlefieldId, moving: bool, out: &mut Broken) {
        if out.done() {
            return;
        }
        if self.third_combatant(who, bf) {
            out.push(RuleError::ThirdCombatant { seat: who, at: bf });
        }
        if self.third_player(who, bf) {
            out.push(RuleError::ThirdPlayer { at: bf });
        }
        if moving && self.teammate_there(who, bf) {
            out.push(RuleError::TeammateThere { at: bf });
        }
    }

    /// 355.4.a: the battlefield chosen for `unit` to move to is not where it is (440) and is one
    /// its controller's units may go to (442.2.a, 444.2, 442.2.b).
    fn chosen_destination_rules(&self, unit: CardId, bf: BattlefieldId, out: &mut Broken) {
        if out.done() {
            return;
        }
        let c = self.s.cards[unit.index()];
        if c.zone == Zone::Field(bf) {
            out.push(RuleError::AlreadyThere { card: unit, at: bf });
        }
        self.destination_rules(c.controller, bf, true, out);
    }

    /// 349-359: playing a card from its owner's hand.
    fn play_rules(
        &self,
        seat: Seat,
        card: CardId,
        target: Option<CardId>,
        at: Option<Location>,
        out: &mut Broken,
    ) {
        let def = self.catalog.card(card);
        if self.s.cards[card.index()].zone != Zone::Hand || def.owner != seat || def.token {
            out.push(RuleError::NotInHand { seat, card });
            if out.done() {
                return;
            }
        }
        out.extend(self.priority_rule(seat));
        out.extend(self.timing_rule(def.timing, card));
        // 356: the cost comes out of the player's energy.
        let (cost, energy) = (def.cost, self.s.energy[seat.index()]);
        out.extend((cost > energy).then_some(RuleError::CannotAfford { card, cost, energy }));
        match def.kind {
            CardKind::Unit => {
                if target.is_some() {
                    out.push(RuleError::TargetNotNeeded { card });
                }
                if let Some(Location::Field(bf)) = at {
                    // 355.2.a: to your Base or a battlefield you control.
                    if self.s.fields[bf.index()].controller != Some(seat) {
                        out.push(RuleError::InvalidLocation { card, at: bf });
                    }
                    self.destination_rules(seat, bf, false, out);
                }
            }
            CardKind::Gear | CardKind::Rune => {
                if target.is_some() {
                    out.push(RuleError::TargetNotNeeded { card });
                }
                if matches!(at, Some(Location::Field(_))) {
                    out.push(RuleError::LocationNotNeeded { card });
                }
            }
            CardKind::Spell => {
                match (needs(def.effect), at) {
                    (Needs::ABattlefield, Some(Location::Field(bf))) => {
                        self.destination_rules(seat, bf, false, out);
                    }
                    (Needs::AUnitAndABattlefield, Some(Location::Field(bf))) => {
                        self.target_rules(seat, card, def.effect, target, out);
                        if let Some(u) = target
                            && self.on_board_unit(u)
                        {
                            self.chosen_destination_rules(u, bf, out);
                        }
                        return;
                    }
                    // Seed 003: the battlefield units are moved from may be any.
                    (Needs::AnyBattlefield, Some(Location::Field(_))) => {}
                    (
                        Needs::ABattlefield | Needs::AnyBattlefield | Needs::AUnitAndABattlefield,
                        _,
                    ) => {
                        out.push(RuleError::NoTarget { card });
                    }
                    (_, Some(_)) => out.push(RuleError::LocationNotNeeded { card }),
                    (_, None) => {}
                }
                self.target_rules(seat, card, def.effect, target, out);
            }
        }
    }

    /// 355.6: the target an effect needs, chosen as it is played.
    fn target_rules(
        &self,
        seat: Seat,
        card: CardId,
        effect: Effect,
        target: Option<CardId>,
        out: &mut Broken,
    ) {
        if out.done() {
            return;
        }
        match (needs(effect), target) {
            (Needs::Nothing | Needs::ABattlefield | Needs::AnyBattlefield, None) => {}
            (Needs::Nothing | Needs::ABattlefield | Needs::AnyBattlefield, Some(_)) => {
                out.push(RuleError::TargetNotNeeded { card });
            }
            (Needs::AnItem | Needs::AUnit | Needs::AUnitAndABattlefield, None) => {
                out.push(RuleError::NoTarget { card });
            }
            (Needs::AnItem, Some(t)) => {
                if !self.s.stack.iter().any(|i| i.source == t) {
                    out.push(RuleError::TargetNotOnChain { card, target: t });
                }
            }
            (Needs::AUnit | Needs::AUnitAndABattlefield, Some(t)) => {
                if !self.on_board_unit(t) {
                    out.push(RuleError::TargetNotAUnit { card, target: t });
                    return;
                }
                // 818: equip only onto a unit of one's own.
                if effect == Effect::Equip && self.s.cards[t.index()].controller != seat {
                    out.push(RuleError::NotYourUnit { card, target: t });
                }
                if effect == Effect::GainControl {
                    if self.s.cards[t.index()].controller == seat {
                        out.push(RuleError::AlreadyControlled { card, target: t });
                    }
                    if let Zone::Field(bf) = self.s.cards[t.index()].zone
                        && self.control_blocked(t, seat)
                    {
                        if self.third_combatant(seat, bf) {
                            out.push(RuleError::ThirdCombatant { seat, at: bf });
                        } else {
                            out.push(RuleError::ThirdPlayer { at: bf });
                        }
                    }
                }
            }
        }
    }

    /// 399-406, 420, 429: activating an ability of a card you control on the board.
    fn activate_rules(&self, seat: Seat, card: CardId, target: Option<CardId>, out: &mut Broken) {
        let c = self.s.cards[card.index()];
        if let Zone::Attached(_) = c.zone {
            // 718.2: an attached card's own abilities are inactive.
            out.push(RuleError::AlreadyAttached { card });
            if out.done() {
                return;
            }
        } else if !matches!(c.zone, Zone::Base(_) | Zone::Field(_)) {
            out.push(RuleError::NotOnBoard { card });
            if out.done() {
                return;
            }
        }
        if c.controller != seat {
            out.push(RuleError::NotController { seat, card });
        }
        let (timing, effect) = match self.catalog.card(card).ability {
            Some(Ability::Add) => (Timing::Reaction, None),
            Some(Ability::Activated { timing, effect }) => (timing, Some(effect)),
            _ => {
                out.push(RuleError::NoAbility { card });
                return;
            }
        };
        if c.exhausted {
            out.push(RuleError::Exhausted { card });
        }
        out.extend(self.priority_rule(seat));
        out.extend(self.timing_rule(timing, card));
        match effect {
            None if target.is_some() => out.push(RuleError::TargetNotNeeded { card }),
            None => {}
            Some(e) => self.target_rules(seat, card, e, target, out),
        }
    }

    /// 144: a Standard Move of ready units you control, from your Base to a battlefield or back.
    fn move_rules(&self, seat: Seat, units: CardSet, to: Location, out: &mut Broken) {
        if units.is_empty() {
            out.push(RuleError::NothingToMove { seat });
        }
        self.turn_player_at_rest(seat, out);
        if out.done() {
            return;
        }
        for u in units.iter() {
            if !self.is_unit(u) {
                out.push(RuleError::NotAUnit { card: u });
                continue;
            }
            let c = self.s.cards[u.index()];
            let from_base = matches!(c.zone, Zone::Base(_));
            let from_field = matches!(c.zone, Zone::Field(_));
            if !from_base && !from_field {
                out.push(RuleError::NotOnBoard { card: u });
                continue;
            }
            if c.controller != seat {
                out.push(RuleError::NotController { seat, card: u });
            }
            if c.exhausted {
                out.push(RuleError::Exhausted { card: u });
            }
            if from_base == matches!(to, Location::Base) {
                out.push(RuleError::NotAStandardMove { card: u });
            }
        }
        if let Location::Field(bf) = to {
            self.destination_rules(seat, bf, true, out);
        }
    }
}
