//! The spec's state, and the plain readings of the table every section uses: who is still in,
//! who is next, who are teammates and opponents, what is where, what is staged, where a unit
//! may not go. Written here again on purpose: the spec shares vocabulary with the engine, never
//! its logic.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use arrayvec::ArrayVec;

use riftbound_vocabulary::action::Choice;
use riftbound_vocabulary::card::{
    BattlefieldId, CardId, CardKind, Catalog, Effect, MAX_BATTLEFIELDS, MAX_CARDS, Until,
};
use riftbound_vocabulary::event::{Event, PriorityWhy};
use riftbound_vocabulary::item::{ItemKind, ItemTarget, MAX_CHAIN, MAX_UNPLACED, Unplaced};
use riftbound_vocabulary::mode::Mode;
use riftbound_vocabulary::readings::Readings;
use riftbound_vocabulary::readings::{FocusAfterChain, TeammateDestination};
use riftbound_vocabulary::seat::Seat;
use riftbound_vocabulary::setup::Table;
use riftbound_vocabulary::zone::Zone;

/// The naive second reading of the rules.
#[derive(Debug)]
pub struct Spec {
    pub(super) catalog: Arc<Catalog>,
    /// The readings it follows: the game's, without rule faults.
    pub(super) readings: Readings,
    pub(super) s: SpecState,
    /// What the action being taken has done so far (empty between actions; not part of the
    /// state).
    pub(super) log: Vec<Event>,
    /// Priority and Focus given during the action, in order, not yet announced: nobody
    /// receives either while a task is outstanding (320.1, 335.3). Empty between actions.
    pub(super) owed: Vec<Event>,
    /// Triggers have fired and wait for the Cleanup before they are placed (335.1, 157.3.a).
    pub(super) triggers_due: bool,
}

riftcheck_core::clone_in_place!(Spec {
    shared catalog;
    readings,
    s,
    log,
    owed,
    triggers_due,
});

impl Spec {
    /// The names of things in this game.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// The spec of the game a table describes, before anything proceeds by itself.
    pub(super) fn from_table(table: &Table) -> Spec {
        let players = table
            .catalog
            .mode
            .seats()
            .difference(table.removed)
            .iter()
            .collect();
        // Every card, battlefield and Chain item as the table has it; no battlefield scored
        // yet this turn, and every item on the Chain already finalized.
        let mut cards = ArrayVec::new();
        for c in &table.cards {
            let (zone, controller, exhausted, damage) =
                (c.zone, c.controller, c.exhausted, c.damage);
            cards.push(Card {
                zone,
                controller,
                exhausted,
                damage,
            });
        }
        let mut fields = ArrayVec::new();
        for f in &table.battlefields {
            let (controller, token, contested_by) = (f.controller, f.token, f.contested_by);
            let scored = Seats::new();
            fields.push(Field {
                controller,
                token,
                contested_by,
                scored,
            });
        }
        let mut stack: ArrayVec<StackItem, { riftbound_vocabulary::item::MAX_CHAIN }> =
            ArrayVec::new();
        for i in &table.chain {
            let (source, kind, controller, target) = (i.source, i.kind, i.controller, i.target);
            let finalized = true;
            stack.push(StackItem {
                source,
                kind,
                controller,
                finalized,
                target,
            });
        }
        let fight = table.showdown.map(|sd| Fight {
            at: sd.at,
            focus: sd.focus,
            focus_passes: sd.passed.iter().collect(),
            sides: sd.combat,
        });
        let chain_exists = !stack.is_empty();
        let chain_by_trigger =
            chain_exists && table.opened_by == riftbound_vocabulary::item::Opener::Trigger;
        // Policy `focus-after-chain`, read `extended-trigger-chain-passes`: a spell or an ability
        // on a trigger-opened Chain is one a player added.
        let trigger_chain_joined = chain_by_trigger
            && table.readings.focus_after_chain == FocusAfterChain::ExtendedTriggerChainPasses
            && stack.iter().any(|i| i.kind != ItemKind::Triggered);
        let priority = match (&fight, chain_exists) {
            (_, true) => table.priority,
            (Some(f), false) => Some(f.focus),
            (None, false) => Some(table.invited.unwrap_or(table.turn)),
        };
        Spec {
            s: SpecState {
                // What the table says: who is in and who left, whose turn it is, the cards,
                // battlefields and Chain, who has Priority and who passed on the Chain, the
                // fight under way, the scores and who was invited.
                players,
                gone: table.removed.iter().collect(),
                turn: table.turn,
                cards,
                fields,
                stack,
                chain_exists,
                chain_by_trigger,
                trigger_chain_joined,
                priority,
                passes: if chain_exists {
                    table.passed.iter().collect()
                } else {
                    Seats::new()
                },
                fight,
                points: table.points,
                energy: table.energy,
                invited: table.invited,
                // What has not begun yet: no turn waits, no trigger waits to be placed,
                // no damage is being assigned, nobody has won, no lasting effect is made, and
                // no Magma Chamber has noted the teammate's battlefields.
                turn_waiting: false,
                waiting: ArrayVec::new(),
                dealing: None,
                winners: None,
                won_by_score: false,
                grants: Vec::new(),
                mates_fields: ArrayVec::new(),
                mates_units_at: ArrayVec::new(),
            },
            catalog: Arc::clone(&table.catalog),
            readings: table.readings.without_faults(),
            log: Vec::new(),
            owed: Vec::new(),
            triggers_due: false,
        }
    }

    /// Records an event of the action being taken.
    pub(super) fn say(&mut self, e: Event) {
        self.log.push(e);
    }

    /// Records that Priority or Focus was given, to be announced when the game next waits for
    /// a player.
    pub(super) fn owe(&mut self, e: Event) {
        self.owed.push(e);
    }

    /// The game waits for a player (or is over): of what was given during the action, the last
    /// word on Priority and the last on Focus are said, in the order they were given, if their
    /// player still has it. Nothing is given in a finished game.
    pub(super) fn pay_owed(&mut self) {
        let owed = std::mem::take(&mut self.owed);
        if self.s.winners.is_some() {
            return;
        }
        let last_priority = owed
            .iter()
            .rposition(|e| matches!(e, Event::PriorityTo { .. }));
        let last_focus = owed
            .iter()
            .rposition(|e| matches!(e, Event::FocusTo { .. }));
        let focus_now = self.s.fight.as_ref().map(|f| f.focus);
        for (i, e) in owed.into_iter().enumerate() {
            let still_true = match e {
                Event::PriorityTo { seat, why } => {
                    let neutral_gone =
                        matches!(why, PriorityWhy::NeutralOpen | PriorityWhy::Invited)
                            && self.s.fight.is_some();
                    Some(i) == last_priority && self.s.priority == Some(seat) && !neutral_gone
                }
                Event::FocusTo { seat } => Some(i) == last_focus && focus_now == Some(seat),
                _ => false,
            };
            if still_true {
                self.say(e);
            }
        }
    }
}

/// Two specs are equal when their states are: they share one catalog and read the rules one
/// way, and what an action is doing (its log, the Priority and Focus it owes, the triggers it
/// has fired) is empty between actions.
impl PartialEq for Spec {
    fn eq(&self, other: &Self) -> bool {
        self.s == other.s
    }
}

impl Eq for Spec {}

impl Hash for Spec {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.s.hash(state);
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Card {
    pub zone: Zone,
    pub controller: Seat,
    pub exhausted: bool,
    pub damage: u8,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(super) struct Field {
    pub controller: Option<Seat>,
    pub token: bool,
    pub contested_by: Option<Seat>,
    pub scored: Seats,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) struct StackItem {
    pub source: CardId,
    pub kind: ItemKind,
    pub controller: Seat,
    pub finalized: bool,
    pub target: Option<ItemTarget>,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(super) struct Fight {
    pub at: BattlefieldId,
    pub focus: Seat,
    pub focus_passes: Seats,
    pub sides: Option<(Seat, Seat)>,
}

/// A combat's damage step while its players assign damage (460).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(super) struct Dealing {
    pub at: BattlefieldId,
    pub attacker: Seat,
    pub defender: Seat,
    /// The units players have picked to get damage, in the order picked.
    pub picked: ArrayVec<CardId, 8>,
}

/// A list of seats (four at most), in the order they were written down.
pub(super) type Seats = ArrayVec<Seat, 4>;

/// Everything the spec keeps, in plain lists (of fixed capacity: the rules bound each).
#[derive(PartialEq, Eq, Hash, Debug)]
pub(super) struct SpecState {
    /// Players still in the game, in turn order.
    pub players: Seats,
    /// Players who left.
    pub gone: Seats,
    pub turn: Seat,
    /// The Turn was handed on by a removal and the new turn has not begun yet.
    pub turn_waiting: bool,
    pub cards: ArrayVec<Card, MAX_CARDS>,
    pub fields: ArrayVec<Field, MAX_BATTLEFIELDS>,
    /// Whether the Chain exists.
    pub chain_exists: bool,
    pub chain_by_trigger: bool,
    /// A player played or activated onto the trigger-opened Chain; written down only where
    /// policy `focus-after-chain` is read `extended-trigger-chain-passes`, the one reading that
    /// asks.
    pub trigger_chain_joined: bool,
    pub stack: ArrayVec<StackItem, MAX_CHAIN>,
    pub waiting: ArrayVec<Unplaced, MAX_UNPLACED>,
    /// Who has Priority, whatever the state.
    pub priority: Option<Seat>,
    pub passes: Seats,
    pub fight: Option<Fight>,
    /// A combat whose Showdown has ended and whose damage is being assigned (460).
    pub dealing: Option<Dealing>,
    pub points: [u8; 4],
    pub energy: [u8; 4],
    pub invited: Option<Seat>,
    pub winners: Option<Seats>,
    /// The game was won on points (467) rather than by concessions (651.1).
    pub won_by_score: bool,
    /// Every lasting effect made and not yet ended, in the order they were made.
    pub grants: Vec<Grant>,
    /// Magma Chamber: the battlefields the Turn Player's teammate controlled during the
    /// Beginning Phase, which their team may not score this turn (464.1.a, 484.8.b).
    pub mates_fields: ArrayVec<BattlefieldId, MAX_BATTLEFIELDS>,
    /// Magma Chamber: the battlefields where the Turn Player's teammate had units during the
    /// Beginning Phase, which the Turn Player's final point does not wait for (484.8.f).
    pub mates_units_at: ArrayVec<BattlefieldId, MAX_BATTLEFIELDS>,
}

riftcheck_core::clone_in_place!(SpecState {
    players,
    gone,
    turn,
    turn_waiting,
    cards,
    fields,
    chain_exists,
    chain_by_trigger,
    trigger_chain_joined,
    stack,
    waiting,
    priority,
    passes,
    fight,
    dealing,
    points,
    energy,
    invited,
    winners,
    won_by_score,
    grants,
    mates_fields,
    mates_units_at,
});

/// One lasting effect on a unit's Might, as one item made it (472.3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) struct Grant {
    pub unit: CardId,
    pub by: Seat,
    pub amount: i8,
    pub until: Until,
}

/// What an effect needs chosen as it is played.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Needs {
    Nothing,
    AnItem,
    AUnit,
    ABattlefield,
    /// A battlefield, whoever is there: the one units are moved from.
    AnyBattlefield,
    /// A unit, and a battlefield for it to move to.
    AUnitAndABattlefield,
}

/// What a spell or ability needs chosen as it is played (355.6): "counter target item", "gain
/// control of target unit", "move target unit", "play a token at a battlefield of your choice".
pub(super) fn needs(effect: Effect) -> Needs {
    match effect {
        Effect::Counter => Needs::AnItem,
        Effect::GainControl
        | Effect::MoveTo(_)
        | Effect::Deal(_)
        | Effect::Kill
        | Effect::Equip
        | Effect::Might { .. } => Needs::AUnit,
        Effect::PlayTokenAt { at: None, .. } => Needs::ABattlefield,
        Effect::MoveToChosen => Needs::AUnitAndABattlefield,
        Effect::MoveAllTo(_) => Needs::AnyBattlefield,
        Effect::Nothing | Effect::PlayTokenAt { .. } => Needs::Nothing,
    }
}

impl Spec {
    pub(super) fn still_in(&self, seat: Seat) -> bool {
        self.s.players.contains(&seat)
    }

    /// The player after `seat` in turn order among those still in; `seat` may have left.
    pub(super) fn after(&self, seat: Seat) -> Seat {
        let mut i = seat.index();
        for _ in 0..4 {
            i = (i + 1) % 4;
            let candidate = Seat::ALL[i];
            if self.still_in(candidate) {
                return candidate;
            }
        }
        seat
    }

    pub(super) fn everyone_in(&self, passes: &[Seat]) -> bool {
        !self.s.players.is_empty() && self.s.players.iter().all(|p| passes.contains(p))
    }

    /// 484: in Magma Chamber, A with C and B with D.
    pub(super) fn teammates(&self, a: Seat, b: Seat) -> bool {
        self.catalog.mode == Mode::MagmaChamber && a != b && a.index() % 2 == b.index() % 2
    }

    pub(super) fn is_unit(&self, c: CardId) -> bool {
        self.catalog.card(c).kind == CardKind::Unit
    }

    pub(super) fn on_board_unit(&self, c: CardId) -> bool {
        self.is_unit(c) && matches!(self.s.cards[c.index()].zone, Zone::Base(_) | Zone::Field(_))
    }

    /// A unit's Might on the board (140): printed, plus its battlefield's, its equipment's
    /// (719.5) and its lasting effects' (472.3); none off the board.
    pub(super) fn might_of(&self, c: CardId) -> Option<i8> {
        let def = self.catalog.card(c);
        if def.kind != CardKind::Unit {
            return None;
        }
        let mut m = match self.s.cards[c.index()].zone {
            Zone::Base(_) => def.might,
            Zone::Field(b) => def.might.saturating_add(self.bonus(b)),
            _ => return None,
        };
        // 719.5: every equipment attached to it.
        for (i, card) in self.s.cards.iter().enumerate() {
            if card.zone == Zone::Attached(c) {
                m = m.saturating_add(self.catalog.cards[i].might);
            }
        }
        // 472.3: every lasting effect on it.
        for g in self.s.grants.iter().filter(|g| g.unit == c) {
            m = m.saturating_add(g.amount);
        }
        Some(m)
    }

    /// The Might a battlefield gives units there: none once it is a token (652.2.c).
    pub(super) fn bonus(&self, b: BattlefieldId) -> i8 {
        if self.s.fields[b.index()].token {
            0
        } else {
            self.catalog.battlefields[b.index()].might_bonus
        }
    }

    /// Players with units at `bf`, in turn order.
    pub(super) fn present(&self, bf: BattlefieldId) -> ArrayVec<Seat, 4> {
        let mut out: ArrayVec<Seat, 4> = ArrayVec::new();
        for (i, c) in self.s.cards.iter().enumerate() {
            if c.zone == Zone::Field(bf)
                && self.is_unit(CardId::from_index(i))
                && !out.contains(&c.controller)
            {
                out.push(c.controller);
            }
        }
        out.sort();
        out
    }

    /// Whether `seat` has units at `bf`.
    pub(super) fn has_units(&self, bf: BattlefieldId, seat: Seat) -> bool {
        self.s.cards.iter().enumerate().any(|(i, c)| {
            c.zone == Zone::Field(bf) && c.controller == seat && self.is_unit(CardId::from_index(i))
        })
    }

    /// Whether a fight is staged at `bf` and waits: contested, with the contesting player's units
    /// still there, and not where one runs now.
    pub(super) fn is_staged(&self, bf: BattlefieldId) -> bool {
        !self.fight_at(bf)
            && self.s.fields[bf.index()]
                .contested_by
                .is_some_and(|p| self.has_units(bf, p))
    }

    pub(super) fn fight_at(&self, bf: BattlefieldId) -> bool {
        self.s.fight.as_ref().is_some_and(|f| f.at == bf)
            || self.s.dealing.as_ref().is_some_and(|d| d.at == bf)
    }

    /// Battlefields where a fight is staged and waits: contested, with the contesting player's
    /// units still there, and not where one runs now.
    pub(super) fn staged(&self) -> ArrayVec<BattlefieldId, MAX_BATTLEFIELDS> {
        (0..self.s.fields.len())
            .map(BattlefieldId::from_index)
            .filter(|&b| self.is_staged(b))
            .collect()
    }

    /// How many fights are staged and wait.
    pub(super) fn staged_count(&self) -> usize {
        if self.s.fields.iter().all(|f| f.contested_by.is_none()) {
            return 0;
        }
        (0..self.s.fields.len())
            .filter(|&i| self.is_staged(BattlefieldId::from_index(i)))
            .count()
    }

    /// A choice someone must make before anyone has Priority.
    pub(super) fn choice(&self) -> Option<Choice> {
        if let Some(first) = self.s.waiting.first() {
            return Some(Choice::PlaceTriggers {
                seat: first.controller,
            });
        }
        if self.s.dealing.is_some() {
            return self
                .damage_chooser()
                .map(|seat| Choice::AssignDamage { seat });
        }
        if !self.s.chain_exists && self.s.fight.is_none() && self.staged_count() > 1 {
            return Some(Choice::ChooseFight { seat: self.s.turn });
        }
        None
    }

    pub(super) fn neutral_open(&self) -> bool {
        !self.s.chain_exists && self.s.fight.is_none() && self.s.dealing.is_none()
    }

    /// The two sides of a combat staged or running at `bf`, if any.
    fn combat_sides(&self, bf: BattlefieldId) -> Option<ArrayVec<Seat, 4>> {
        if let Some(f) = &self.s.fight
            && f.at == bf
            && let Some((a, d)) = f.sides
        {
            return Some([a, d].into_iter().collect());
        }
        // A combat is staged where the contesting player's units face another player's, also
        // where a non-combat Showdown runs and is about to become a combat (323.9.a).
        let here = self.present(bf);
        let contested = self.s.fields[bf.index()]
            .contested_by
            .is_some_and(|p| here.contains(&p));
        (contested && here.len() >= 2).then_some(here)
    }

    /// 442.2.a, 457: `who` is not in the combat staged or running at `bf`.
    pub(super) fn third_combatant(&self, who: Seat, bf: BattlefieldId) -> bool {
        self.combat_sides(bf)
            .is_some_and(|sides| !sides.contains(&who))
    }

    /// 444.2: units of two other players are already at `bf`.
    pub(super) fn third_player(&self, who: Seat, bf: BattlefieldId) -> bool {
        self.present(bf).into_iter().filter(|&p| p != who).count() >= 2
    }

    /// 442.2.b (policy `teammate-destination`): in Magma Chamber, `who`'s teammate makes `bf`
    /// an invalid destination for moves.
    pub(super) fn teammate_there(&self, who: Seat, bf: BattlefieldId) -> bool {
        if self.catalog.mode != Mode::MagmaChamber {
            return false;
        }
        match self.readings.teammate_destination {
            TeammateDestination::Occupied => {
                self.present(bf).iter().any(|&o| self.teammates(who, o))
            }
            TeammateDestination::Controlled => self.s.fields[bf.index()]
                .controller
                .is_some_and(|c| self.teammates(who, c)),
        }
    }

    /// 442.2, 444.2, 457: whether `who`'s unit may not go to (or be played at) `bf`.
    pub(super) fn closed_to(&self, who: Seat, bf: BattlefieldId, moving: bool) -> bool {
        self.third_combatant(who, bf)
            || self.third_player(who, bf)
            || (moving && self.teammate_there(who, bf))
    }

    /// 358.2, 457.3: whether `unit` coming under `who`'s control where it is would put a third
    /// player's units at its battlefield or a third player into its combat.
    pub(super) fn control_blocked(&self, unit: CardId, who: Seat) -> bool {
        let Zone::Field(bf) = self.s.cards[unit.index()].zone else {
            return false;
        };
        if self.third_combatant(who, bf) {
            return true;
        }
        let mut after: Seats = [who].into_iter().collect();
        for (i, c) in self.s.cards.iter().enumerate() {
            let id = CardId::from_index(i);
            if id != unit
                && c.zone == Zone::Field(bf)
                && self.is_unit(id)
                && !after.contains(&c.controller)
            {
                after.push(c.controller);
            }
        }
        after.len() > 2
    }
}

/// Four bytes a card, in one word: the model checker hashes every card in every state.
impl Hash for Card {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let seat = self.controller.index() as u8;
        let bytes = [
            self.zone.code(),
            seat,
            u8::from(self.exhausted),
            self.damage,
        ];
        state.write_u32(u32::from_le_bytes(bytes));
    }
}
