//! The reference engine's state: the game as a plain value, and the read-only queries on it.
//! Nothing here changes a game; the rules (`crate::rules`) do, through the engine's
//! [`crate::Engine::apply`].

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use arrayvec::ArrayVec;

use super::chain::{Chain, Item};
use crate::action::Choice;
use crate::card::{BattlefieldId, CardId, CardKind, Catalog, Lasting, MAX_BATTLEFIELDS, MAX_CARDS};
use crate::mode::Mode;
use crate::readings::Readings;
use crate::seat::{Seat, SeatSet};
use crate::zone::Zone;

/// A game of Riftbound in progress: a plain value, cheap to clone and hash.
///
/// Build one with [`Game::from_setup`]; change it only with [`crate::Engine::apply`], which
/// refuses an illegal action with a [`crate::RuleError`] and leaves the game exactly as it was.
#[derive(Debug)]
pub struct Game {
    pub(crate) catalog: Arc<Catalog>,
    /// The readings this engine plays under (not part of the state: it never changes).
    pub(crate) readings: Readings,
    pub(crate) s: State,
    /// Awards and placements waiting for the outstanding tasks; empty whenever the game rests,
    /// so not part of the state.
    pub(crate) pending: super::pending::Pending,
}

/// The changing part of a game. Everything here is hashed by the model checker.
#[derive(PartialEq, Eq, Hash, Debug)]
pub(crate) struct State {
    /// Seats removed from the game (651.3).
    pub removed: SeatSet,
    /// The Turn Player (304).
    pub turn: Seat,
    /// False while the Turn has been handed on by a removal and the next player's turn waits for
    /// the window in progress to finish (652.5.a.1; policy `turn-player-leaves`).
    pub turn_begun: bool,
    /// Points per seat (462-466).
    pub points: [u8; 4],
    /// Energy in each seat's Rune Pool (159-167).
    pub energy: [u8; 4],
    /// A teammate the Turn Player has invited to act with their Priority (316.2.b.1).
    pub invited: Option<Seat>,
    /// Cards, by [`CardId`].
    pub cards: ArrayVec<CardState, MAX_CARDS>,
    /// Battlefields, by [`BattlefieldId`].
    pub fields: ArrayVec<FieldState, MAX_BATTLEFIELDS>,
    /// Neutral, Showdown, or over.
    pub window: Window,
    /// The Chain, while it exists (a Closed state, 309, 331).
    pub chain: Option<Chain>,
    /// Lasting effects on units (472.3), in [`Lasting::key`] order, each key once.
    pub lasting: Vec<Lasting>,
    /// The battlefields, one bit each, that the Turn Player's teammate controlled during the
    /// Beginning Phase: the team cannot score them this turn (464.1.a, 484.8.b; Magma Chamber).
    pub mates_controlled: u8,
    /// The battlefields, one bit each, that the Turn Player's teammate occupied during the
    /// Beginning Phase: a final point by Conquer does not wait for them (466.1.b, 484.8.f).
    pub mates_occupied: u8,
}

impl State {
    /// Ends the game with `winners` (651.1, 466). What a finished game keeps is what an
    /// observer sees of it: a Chain left standing keeps its items, but nobody holds Priority on
    /// it, and no turn is in progress (the Turn Player is set to the first winner, as every
    /// finished game with the same winners is the same game).
    pub(crate) fn finish(&mut self, winners: SeatSet, by_score: bool) {
        self.window = Window::Over { winners, by_score };
        if let Some(chain) = &mut self.chain {
            chain.holder = None;
        }
        if let Some(first) = winners.lowest() {
            self.turn = first;
        }
        self.turn_begun = true;
    }
}

/// The changing part of a card.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CardState {
    /// Where it is.
    pub zone: Zone,
    /// Who controls it while it is on the board (188); its owner elsewhere.
    pub controller: Seat,
    /// Exhausted (turned) or ready.
    pub exhausted: bool,
    /// Damage marked on it (units).
    pub damage: u8,
}

/// The changing part of a battlefield.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct FieldState {
    /// Who controls it (187); `None` when uncontrolled.
    pub controller: Option<Seat>,
    /// Replaced by a token battlefield with no abilities (652.2.a).
    pub token: bool,
    /// The player whose units applied Contested to it (445, 187.3.a), while it lasts.
    pub contested_by: Option<Seat>,
    /// Players who have scored it this turn (464-465).
    pub scored: SeatSet,
}

/// Neutral or Showdown state (307-308), or the end of the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Window {
    /// No Showdown or combat is in progress.
    Neutral,
    /// A Showdown, or the Showdown step of a combat, is in progress.
    Showdown(Showdown),
    /// A combat's Showdown step has ended and its damage is being assigned (460).
    Damage(Assigning),
    /// The game is over.
    Over {
        /// Who won.
        winners: SeatSet,
        /// Won on points (467), not by the others' concessions (651.1).
        by_score: bool,
    },
}

/// A Showdown in progress (341-348).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Showdown {
    /// Where.
    pub at: BattlefieldId,
    /// Who has Focus (313).
    pub focus: Seat,
    /// Seats that have passed Focus since the last play (policy `pass-record`).
    pub passed: SeatSet,
    /// The combat this Showdown is the first step of, if any (459).
    pub combat: Option<Combat>,
}

/// A combat's damage step while its players assign damage (460): the Attacker to the
/// Defender's units, then the Defender to the Attacker's.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Assigning {
    /// The battlefield.
    pub at: BattlefieldId,
    /// The sides.
    pub fight: Combat,
    /// The units given their share so far, in the order chosen (the first `len`).
    pub order: [CardId; MAX_ASSIGNED],
    /// How many of `order` are in use.
    pub len: u8,
    /// Who must choose the next unit, as the rules last found it; `None` once no choice is
    /// left and the damage is about to be dealt.
    pub chooser: Option<Seat>,
}

/// Most units given their share of damage by choice in one combat; past it the rest is given
/// in card order.
pub(crate) const MAX_ASSIGNED: usize = 8;

impl Assigning {
    /// The units given their share so far, in the order chosen.
    pub fn chosen(&self) -> &[CardId] {
        &self.order[..usize::from(self.len)]
    }
}

/// The two sides of a combat (459.2.b).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Combat {
    /// The player whose units applied Contested.
    pub attacker: Seat,
    /// The other player.
    pub defender: Seat,
}

impl PartialEq for Game {
    fn eq(&self, other: &Self) -> bool {
        self.s == other.s
            && self.readings == other.readings
            && (Arc::ptr_eq(&self.catalog, &other.catalog) || self.catalog == other.catalog)
    }
}

impl Eq for Game {}

impl Game {
    /// Whether the two games are in the same state, whatever readings each is played under:
    /// two such games show an observer the same thing.
    pub fn same_state(&self, other: &Game) -> bool {
        self.s == other.s
            && (Arc::ptr_eq(&self.catalog, &other.catalog) || self.catalog == other.catalog)
    }

    /// This game, from its present state on played under `readings` instead: what the same
    /// table would be had it read the rules the other way so far without it showing.
    pub fn reread(&self, readings: crate::readings::Readings) -> Game {
        let mut g = self.clone();
        g.readings = readings;
        g
    }
}

impl Hash for Game {
    /// Hashes the changing state only: games compared by the model checker share one catalog.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.s.hash(state);
    }
}

impl Game {
    /// The catalog this game was built from.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// The shared catalog.
    pub fn catalog_arc(&self) -> &Arc<Catalog> {
        &self.catalog
    }

    /// The readings this engine plays under.
    pub fn readings(&self) -> &Readings {
        &self.readings
    }

    /// The mode of play.
    pub fn mode(&self) -> Mode {
        self.catalog.mode
    }

    /// Seats at the table when the game began.
    pub fn seated(&self) -> SeatSet {
        self.catalog.mode.seats()
    }

    /// Seats still in the game, in turn order.
    pub fn remaining(&self) -> SeatSet {
        self.seated().difference(self.s.removed)
    }

    /// Seats removed from the game.
    pub fn removed(&self) -> SeatSet {
        self.s.removed
    }

    /// The winners, once the game is over.
    pub fn winners(&self) -> Option<SeatSet> {
        match self.s.window {
            Window::Over { winners, .. } => Some(winners),
            _ => None,
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.winners().is_some()
    }

    /// The Turn Player (304), unless the game is over.
    pub fn turn_player(&self) -> Option<Seat> {
        (!self.is_over()).then_some(self.s.turn)
    }

    /// Whether a Showdown (or a combat's Showdown step) is in progress (307-308).
    pub fn in_showdown(&self) -> bool {
        matches!(self.s.window, Window::Showdown(_))
    }

    /// Whether the Chain exists: a Closed state (309, 331).
    pub fn is_closed(&self) -> bool {
        self.s.chain.is_some()
    }

    /// The Showdown in progress, if any.
    pub(crate) fn showdown(&self) -> Option<&Showdown> {
        match &self.s.window {
            Window::Showdown(sd) => Some(sd),
            _ => None,
        }
    }

    /// The battlefield of the Showdown in progress, and its Attacker and Defender if it is a
    /// combat.
    pub fn showdown_at(&self) -> Option<(BattlefieldId, Option<(Seat, Seat)>)> {
        self.showdown()
            .map(|sd| (sd.at, sd.combat.map(|c| (c.attacker, c.defender))))
    }

    /// The battlefield where a fight is running: its Showdown, or its combat's damage step.
    pub(crate) fn running(&self) -> Option<BattlefieldId> {
        match &self.s.window {
            Window::Showdown(sd) => Some(sd.at),
            Window::Damage(a) => Some(a.at),
            _ => None,
        }
    }

    /// The combat whose damage is being assigned (460), if any.
    pub(crate) fn assigning(&self) -> Option<&Assigning> {
        match &self.s.window {
            Window::Damage(a) => Some(a),
            _ => None,
        }
    }

    /// The combat in progress, in its Showdown step or its damage step: its battlefield,
    /// Attacker and Defender.
    pub fn combat_at(&self) -> Option<(BattlefieldId, (Seat, Seat))> {
        match &self.s.window {
            Window::Showdown(sd) => sd.combat.map(|c| (sd.at, (c.attacker, c.defender))),
            Window::Damage(a) => Some((a.at, (a.fight.attacker, a.fight.defender))),
            _ => None,
        }
    }

    /// Who has Focus (313), only in a Showdown.
    pub fn focus(&self) -> Option<Seat> {
        self.showdown().map(|sd| sd.focus)
    }

    /// The battlefields, one bit each, that `seat`'s teammates control now and those they
    /// occupy now (none outside Magma Chamber): taken in `seat`'s Beginning Phase, for scoring
    /// (464.1.a, 484.8.b) and for the final point (484.8.f).
    pub(crate) fn mates_fields(&self, seat: Seat) -> (u8, u8) {
        let mates = self.mode().team_of(seat).difference(SeatSet::only(seat));
        let bits = |has: &dyn Fn(BattlefieldId) -> bool| {
            self.all_battlefields()
                .filter(|&b| has(b))
                .fold(0, |bits, b| bits | 1 << b.index())
        };
        let controlled = bits(&|b| self.field(b).controller.is_some_and(|c| mates.contains(c)));
        let occupied = bits(&|b| {
            let here = self.occupants(b);
            mates.iter().any(|m| here.contains(m))
        });
        (controlled, occupied)
    }

    /// The choice someone must make before anyone has Priority, if any.
    pub fn awaiting(&self) -> Option<Choice> {
        if self.is_over() {
            return None;
        }
        if let Some(chain) = &self.s.chain {
            return chain.placer().map(|seat| Choice::PlaceTriggers { seat });
        }
        if let Window::Damage(a) = &self.s.window {
            return a.chooser.map(|seat| Choice::AssignDamage { seat });
        }
        if matches!(self.s.window, Window::Neutral) && self.several_fights_staged() {
            return Some(Choice::ChooseFight { seat: self.s.turn });
        }
        None
    }

    /// Who has Priority (312), if anyone: the holder on the Chain in a Closed state, the Focus
    /// holder in a Showdown Open state (313.2), and the Turn Player (or the teammate they invited)
    /// in a Neutral Open state (310.1.a, 316.2.b.1).
    pub fn priority(&self) -> Option<Seat> {
        if self.is_over() {
            return None;
        }
        if let Some(chain) = &self.s.chain {
            return chain.holder;
        }
        match self.s.window {
            Window::Showdown(sd) => Some(sd.focus),
            Window::Neutral if self.awaiting().is_some() => None,
            Window::Neutral => Some(self.s.invited.unwrap_or(self.s.turn)),
            Window::Damage(_) | Window::Over { .. } => None,
        }
    }

    /// The chain items, oldest first.
    pub fn chain_items(&self) -> &[Item] {
        self.s.chain.as_ref().map_or(&[], |c| c.items.as_slice())
    }

    /// Seats that have passed Priority since the newest item was added (policy `pass-record`).
    pub fn passed(&self) -> SeatSet {
        self.s.chain.as_ref().map_or(SeatSet::EMPTY, |c| c.passed)
    }

    /// Seats that have passed Focus in this Showdown since the last play.
    pub fn focus_passed(&self) -> SeatSet {
        self.showdown().map_or(SeatSet::EMPTY, |sd| sd.passed)
    }

    /// Where a card is.
    pub fn zone(&self, card: CardId) -> Zone {
        self.s.cards[card.index()].zone
    }

    /// Who controls a card on the board; its owner elsewhere (188).
    pub fn controller(&self, card: CardId) -> Seat {
        self.s.cards[card.index()].controller
    }

    /// The changing state of a card.
    pub fn card_state(&self, card: CardId) -> CardState {
        self.s.cards[card.index()]
    }

    /// The changing state of a battlefield.
    pub fn field(&self, bf: BattlefieldId) -> FieldState {
        self.s.fields[bf.index()]
    }

    /// Points per seat.
    pub fn points(&self) -> [u8; 4] {
        self.s.points
    }

    /// Energy per seat.
    pub fn energy(&self) -> [u8; 4] {
        self.s.energy
    }

    /// The continuous "+N Might" a battlefield applies now: none once it is a token (652.2.c).
    pub fn might_bonus(&self, bf: BattlefieldId) -> i8 {
        if self.s.fields[bf.index()].token {
            0
        } else {
            self.catalog.battlefield(bf).might_bonus
        }
    }

    /// A unit's current Might (140, 143, 472.3): printed Might plus the continuous effect of the
    /// battlefield it is at, the Might of the equipment attached to it (719.5) and the lasting
    /// effects on it. `None` for a card that is not a unit on the board.
    pub fn might(&self, card: CardId) -> Option<i8> {
        let def = self.catalog.card(card);
        if def.kind != CardKind::Unit {
            return None;
        }
        let printed = match self.zone(card) {
            Zone::Base(_) => def.might,
            Zone::Field(bf) => def.might.saturating_add(self.might_bonus(bf)),
            _ => return None,
        };
        let equipped = self
            .catalog
            .equipment
            .iter()
            .filter(|&g| self.s.cards[g.index()].zone == Zone::Attached(card))
            .fold(printed, |m, g| m.saturating_add(self.catalog.card(g).might));
        Some(
            self.s
                .lasting
                .iter()
                .filter(|l| l.card == card)
                .fold(equipped, |m, l| m.saturating_add(l.might)),
        )
    }

    /// The lasting effects on units, by unit, player and duration.
    pub fn lasting(&self) -> &[Lasting] {
        &self.s.lasting
    }

    /// Mighty: Might 5 or more (708).
    pub fn mighty(&self, card: CardId) -> bool {
        self.might(card).is_some_and(|m| m >= 5)
    }

    /// Units at a battlefield (not facedown).
    pub(crate) fn units_at(&self, bf: BattlefieldId) -> impl Iterator<Item = CardId> + '_ {
        self.catalog.card_ids().filter(move |&c| {
            self.s.cards[c.index()].zone == Zone::Field(bf)
                && self.catalog.card(c).kind == CardKind::Unit
        })
    }

    /// Seats with units at a battlefield.
    pub fn occupants(&self, bf: BattlefieldId) -> SeatSet {
        self.units_at(bf).map(|c| self.controller(c)).collect()
    }

    /// Battlefields where a fight is staged (456, 323.6-323.7), excluding the one running now:
    /// Contested, with the contesting player's units still there.
    pub fn staged_fights(&self) -> ArrayVec<BattlefieldId, MAX_BATTLEFIELDS> {
        let running = self.running();
        self.catalog
            .battlefield_ids()
            .filter(|&bf| Some(bf) != running && self.is_staged(bf))
            .collect()
    }

    /// Whether two or more fights are staged (the Turn Player must choose, 456.1).
    fn several_fights_staged(&self) -> bool {
        if self
            .s
            .fields
            .iter()
            .filter(|f| f.contested_by.is_some())
            .nth(1)
            .is_none()
        {
            // Fewer than two battlefields are contested at all.
            return false;
        }
        let running = self.running();
        self.catalog
            .battlefield_ids()
            .filter(|&bf| Some(bf) != running && self.is_staged(bf))
            .nth(1)
            .is_some()
    }

    pub(crate) fn is_staged(&self, bf: BattlefieldId) -> bool {
        match self.s.fields[bf.index()].contested_by {
            Some(p) => self.units_at(bf).any(|c| self.controller(c) == p),
            None => false,
        }
    }

    /// Whether a combat is staged at `bf` (456): units of two opposing players there and it
    /// Contested. A non-combat Showdown into which another player's units have arrived counts:
    /// it becomes a combat as soon as the state is Open again (323.9.a).
    pub fn combat_staged(&self, bf: BattlefieldId) -> bool {
        self.is_staged(bf) && self.occupants(bf).len() >= 2
    }

    /// Whether `a` and `b` are opponents (740): different seats, not teammates.
    pub fn opponents(&self, a: Seat, b: Seat) -> bool {
        a != b && !self.mode().teammates(a, b)
    }

    /// Every card id, without borrowing the game.
    pub fn all_cards(&self) -> impl Iterator<Item = CardId> + 'static {
        (0..self.catalog.cards.len()).map(CardId::from_index)
    }

    /// Every battlefield id, without borrowing the game.
    pub fn all_battlefields(&self) -> impl Iterator<Item = BattlefieldId> + 'static {
        (0..self.catalog.battlefields.len()).map(BattlefieldId::from_index)
    }

    pub(crate) fn set_zone(&mut self, card: CardId, zone: Zone) {
        self.s.cards[card.index()].zone = zone;
    }
}

/// One word per card: the model checker hashes every card in every state.
impl Hash for CardState {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u32(
            u32::from(self.zone.code())
                | (self.controller.index() as u32) << 8
                | u32::from(self.exhausted) << 16
                | u32::from(self.damage) << 24,
        );
    }
}

riftcheck_core::clone_in_place!(Game {
    shared catalog;
    readings,
    s,
    pending,
});

riftcheck_core::clone_in_place!(State {
    removed,
    turn,
    turn_begun,
    points,
    energy,
    invited,
    cards,
    fields,
    window,
    chain,
    lasting,
    mates_controlled,
    mates_occupied,
});

#[cfg(test)]
mod tests {
    use std::hash::{DefaultHasher, Hash, Hasher};

    use super::*;
    use crate::action::Action;
    use crate::engine::Engine as _;
    use crate::setup::Setup;

    fn hash(g: &Game) -> u64 {
        let mut h = DefaultHasher::new();
        g.hash(&mut h);
        h.finish()
    }

    #[test]
    fn games_are_equal_and_hash_alike_exactly_when_their_states_are() {
        let a = Game::from_setup(&Setup::new(Mode::War)).unwrap();
        let same = Game::from_setup(&Setup::new(Mode::War)).unwrap();
        assert_eq!(a, same);
        assert_eq!(hash(&a), hash(&same));
        let mut b = a.clone();
        b.apply(Action::EndTurn { seat: Seat::A }).unwrap();
        assert_ne!(a, b);
        assert_ne!(hash(&a), hash(&b));
        // The same state of another table is another game.
        let duel = Game::from_setup(&Setup::new(Mode::Duel)).unwrap();
        assert_ne!(a, duel);
    }

    #[test]
    fn turns_and_energy_are_reported() {
        let mut setup = Setup::new(Mode::Skirmish);
        setup.energy = vec![(Seat::B, 2)];
        let mut g = Game::from_setup(&setup).unwrap();
        assert_eq!(g.turn_player(), Some(Seat::A));
        assert_eq!(g.energy(), [0, 2, 0, 0]);
        g.apply(Action::EndTurn { seat: Seat::A }).unwrap();
        g.apply(Action::EndTurn { seat: Seat::B }).unwrap();
        assert_eq!(g.turn_player(), Some(Seat::C));
        assert_eq!(g.energy(), [0; 4]);
    }
}
