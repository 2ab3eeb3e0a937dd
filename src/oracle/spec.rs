//! The spec: a second, deliberately plain reading of the rules, run in lockstep with the engine.
//!
//! It shares nothing with the engine but the static catalog and the shapes of actions and views.
//! Players are a list in turn order from which a leaver is deleted; passes are lists of seats;
//! Priority is written down in one field and moved explicitly; nothing is cached. Where the engine
//! and the spec disagree (one accepts, the other refuses, or their views differ afterwards) one of
//! them misreads the rules, and the model checker reports the action that showed it.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::action::Action;
use crate::action::Choice;
use crate::card::{
    Ability, BattlefieldId, CardId, CardKind, CardSet, Catalog, Effect, TargetKind, Timing,
    TriggerEvent,
};
use crate::event::ScoreKind;
use crate::item::{ItemKind, ItemName, ItemTarget, Opener, Unplaced};
use crate::observation::{CardObs, FieldObs, ItemObs, Observation, Place};
use crate::readings::TeammateDestination;
use crate::seat::{Seat, SeatSet};
use crate::zone::{Location, Zone};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Card {
    zone: Zone,
    controller: Seat,
    exhausted: bool,
    damage: u8,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Field {
    controller: Option<Seat>,
    token: bool,
    contested_by: Option<Seat>,
    scored: Vec<Seat>,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct StackItem {
    source: CardId,
    kind: ItemKind,
    controller: Seat,
    finalized: bool,
    target: Option<ItemTarget>,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Fight {
    at: BattlefieldId,
    focus: Seat,
    focus_passes: Vec<Seat>,
    sides: Option<(Seat, Seat)>,
}

/// The naive second reading of the rules. Build it from the engine's first view with
/// [`Spec::from_view`]; then feed it the same actions.
#[derive(Clone, Debug)]
pub struct Spec {
    catalog: Arc<Catalog>,
    /// The readings it follows: the game's, without rule faults.
    readings: crate::readings::Readings,
    s: SpecState,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct SpecState {
    /// Players still in the game, in turn order.
    players: Vec<Seat>,
    /// Players who left, in the order they left.
    gone: Vec<Seat>,
    turn: Seat,
    /// The Turn was handed on by a removal and the new turn has not begun yet.
    turn_waiting: bool,
    cards: Vec<Card>,
    fields: Vec<Field>,
    /// Whether the Chain exists.
    chain_exists: bool,
    chain_by_trigger: bool,
    stack: Vec<StackItem>,
    waiting: Vec<Unplaced>,
    /// Who has Priority, whatever the state.
    priority: Option<Seat>,
    passes: Vec<Seat>,
    fight: Option<Fight>,
    points: [u8; 4],
    energy: [u8; 4],
    invited: Option<Seat>,
    winners: Option<Vec<Seat>>,
}

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

/// Why the spec refuses an action (its own words; only refusal itself is compared).
pub type Refusal = &'static str;

fn seat_set(v: &[Seat]) -> SeatSet {
    v.iter().copied().collect()
}

impl Spec {
    /// The spec of a game whose observable state is `obs`, played under `readings` (rule faults
    /// among them are ignored: the spec reads the rules right).
    pub fn from_view(
        catalog: Arc<Catalog>,
        readings: crate::readings::Readings,
        obs: &Observation,
    ) -> Spec {
        let players: Vec<Seat> = obs.remaining.iter().collect();
        let cards = obs
            .cards
            .iter()
            .map(|c| Card {
                zone: match c.at {
                    Place::Hand(_) => Zone::Hand,
                    Place::Base(s) => Zone::Base(s),
                    Place::Field(b) => Zone::Field(b),
                    Place::Facedown(b) => Zone::Facedown(b),
                    Place::Chain => Zone::Chain,
                    Place::Trash(_) => Zone::Trash,
                    Place::Banishment(_) => Zone::Banishment,
                    Place::Removed => Zone::Removed,
                    Place::Nowhere => Zone::Nowhere,
                },
                controller: c.controller,
                exhausted: c.exhausted,
                damage: c.damage,
            })
            .collect();
        let fields = obs
            .battlefields
            .iter()
            .map(|f| Field {
                controller: f.controller,
                token: f.token,
                contested_by: f.contested_by,
                scored: f.scored.iter().collect(),
            })
            .collect();
        let stack: Vec<StackItem> = obs
            .chain
            .iter()
            .map(|i| StackItem {
                source: i.item.source,
                kind: i.item.kind,
                controller: i.controller,
                finalized: !i.pending,
                target: i.target,
            })
            .collect();
        let fight = obs.showdown.map(|at| Fight {
            at,
            focus: obs.focus.unwrap_or(Seat::A),
            focus_passes: obs.focus_passed.iter().collect(),
            sides: obs.combat,
        });
        Spec {
            s: SpecState {
                players,
                gone: obs.removed.iter().collect(),
                turn: obs.turn.unwrap_or(Seat::A),
                turn_waiting: false,
                cards,
                fields,
                chain_exists: obs.opened_by.is_some(),
                chain_by_trigger: obs.opened_by == Some(Opener::Trigger),
                stack,
                waiting: obs.waiting.to_vec(),
                priority: obs.priority,
                passes: obs.passed.iter().collect(),
                fight,
                points: obs.points,
                energy: obs.energy,
                invited: obs.invited,
                winners: obs.winners.map(|w| w.iter().collect()),
            },
            catalog,
            readings: readings.without_faults(),
        }
    }

    /// Every well-formed action at the table.
    pub fn well_formed(&self) -> Vec<Action> {
        let items: Vec<CardId> = self.s.stack.iter().map(|i| i.source).collect();
        let cards = &self.s.cards;
        let mut out = Vec::new();
        crate::game::enumerate::enumerate_actions(
            &self.catalog,
            &items,
            &|c| (cards[c.index()].zone, cards[c.index()].controller),
            &mut out,
        );
        out
    }

    /// What an observer sees.
    pub fn observe(&self) -> Observation {
        let s = &self.s;
        let cat = &self.catalog;
        let over = s.winners.is_some();
        let fight = s.fight.as_ref().filter(|_| !over);
        Observation {
            remaining: seat_set(&s.players),
            removed: seat_set(&s.gone),
            winners: s.winners.as_ref().map(|w| seat_set(w)),
            turn: (!over).then_some(s.turn),
            priority: if over { None } else { s.priority },
            focus: fight.map(|f| f.focus),
            awaiting: if over { None } else { self.choice() },
            invited: if over { None } else { s.invited },
            showdown: fight.map(|f| f.at),
            combat: fight.and_then(|f| f.sides),
            staged: if over {
                Default::default()
            } else {
                self.staged().into_iter().collect()
            },
            chain: s
                .stack
                .iter()
                .map(|i| ItemObs {
                    item: ItemName {
                        source: i.source,
                        kind: i.kind,
                    },
                    controller: i.controller,
                    pending: !i.finalized,
                    target: i.target,
                })
                .collect(),
            opened_by: s.chain_exists.then_some(if s.chain_by_trigger {
                Opener::Trigger
            } else {
                Opener::Play
            }),
            passed: if s.chain_exists {
                seat_set(&s.passes)
            } else {
                SeatSet::EMPTY
            },
            focus_passed: fight.map_or(SeatSet::EMPTY, |f| seat_set(&f.focus_passes)),
            waiting: s.waiting.iter().copied().collect(),
            points: s.points,
            energy: s.energy,
            cards: (0..s.cards.len())
                .map(|i| {
                    let c = s.cards[i];
                    let might = self.might_of(CardId(i as u8));
                    CardObs {
                        at: Place::of(c.zone, cat.cards[i].owner),
                        controller: c.controller,
                        might,
                        mighty: might.is_some_and(|m| m >= 5),
                        exhausted: c.exhausted,
                        damage: c.damage,
                    }
                })
                .collect(),
            battlefields: (0..s.fields.len())
                .map(|i| {
                    let f = &s.fields[i];
                    FieldObs {
                        controller: f.controller,
                        token: f.token,
                        might: if f.token {
                            0
                        } else {
                            cat.battlefields[i].might_bonus
                        },
                        contested_by: f.contested_by,
                        scored: seat_set(&f.scored),
                    }
                })
                .collect(),
            events: Vec::new(),
        }
    }

    // ----- reading the table -------------------------------------------------------------

    fn still_in(&self, seat: Seat) -> bool {
        self.s.players.contains(&seat)
    }

    /// The player after `seat` in turn order among those still in; `seat` may have left.
    fn after(&self, seat: Seat) -> Seat {
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

    fn everyone_in(&self, passes: &[Seat]) -> bool {
        !self.s.players.is_empty() && self.s.players.iter().all(|p| passes.contains(p))
    }

    fn teammates(&self, a: Seat, b: Seat) -> bool {
        self.catalog.mode == crate::mode::Mode::MagmaChamber
            && a != b
            && a.index() % 2 == b.index() % 2
    }

    fn is_unit(&self, c: CardId) -> bool {
        self.catalog.card(c).kind == CardKind::Unit
    }

    fn on_board_unit(&self, c: CardId) -> bool {
        self.is_unit(c) && matches!(self.s.cards[c.index()].zone, Zone::Base(_) | Zone::Field(_))
    }

    fn might_of(&self, c: CardId) -> Option<i8> {
        let def = self.catalog.card(c);
        if def.kind != CardKind::Unit {
            return None;
        }
        match self.s.cards[c.index()].zone {
            Zone::Base(_) => Some(def.might),
            Zone::Field(b) => {
                let bonus = if self.s.fields[b.index()].token {
                    0
                } else {
                    self.catalog.battlefields[b.index()].might_bonus
                };
                Some(def.might.saturating_add(bonus))
            }
            _ => None,
        }
    }

    /// Players with units at `bf`, in turn order.
    fn present(&self, bf: BattlefieldId) -> Vec<Seat> {
        let mut out: Vec<Seat> = Vec::new();
        for (i, c) in self.s.cards.iter().enumerate() {
            if c.zone == Zone::Field(bf)
                && self.is_unit(CardId(i as u8))
                && !out.contains(&c.controller)
            {
                out.push(c.controller);
            }
        }
        out.sort();
        out
    }

    fn fight_at(&self, bf: BattlefieldId) -> bool {
        self.s.fight.as_ref().is_some_and(|f| f.at == bf)
    }

    fn staged(&self) -> Vec<BattlefieldId> {
        (0..self.s.fields.len())
            .map(|i| BattlefieldId(i as u8))
            .filter(|&b| {
                !self.fight_at(b)
                    && self.s.fields[b.index()]
                        .contested_by
                        .is_some_and(|p| self.present(b).contains(&p))
            })
            .collect()
    }

    fn choice(&self) -> Option<Choice> {
        if let Some(first) = self.s.waiting.first() {
            return Some(Choice::PlaceTriggers {
                seat: first.controller,
            });
        }
        if !self.s.chain_exists && self.s.fight.is_none() && self.staged().len() > 1 {
            return Some(Choice::ChooseFight { seat: self.s.turn });
        }
        None
    }

    fn neutral_open(&self) -> bool {
        !self.s.chain_exists && self.s.fight.is_none()
    }

    /// The two sides of a combat staged or running at `bf`, if any.
    fn combat_sides(&self, bf: BattlefieldId) -> Option<Vec<Seat>> {
        if let Some(f) = &self.s.fight
            && f.at == bf
            && let Some((a, d)) = f.sides
        {
            return Some(vec![a, d]);
        }
        // A combat is staged where the contesting player's units face another player's, also
        // where a non-combat Showdown runs and is about to become a combat (323.9.a).
        let here = self.present(bf);
        let contested = self.s.fields[bf.index()]
            .contested_by
            .is_some_and(|p| here.contains(&p));
        (contested && here.len() >= 2).then_some(here)
    }

    /// 442.2, 444.2, 457: may `who`'s unit go to (or be played at) `bf`?
    fn closed_to(&self, who: Seat, bf: BattlefieldId, moving: bool) -> bool {
        if let Some(sides) = self.combat_sides(bf)
            && !sides.contains(&who)
        {
            return true;
        }
        let others: Vec<Seat> = self.present(bf).into_iter().filter(|&p| p != who).collect();
        if others.len() >= 2 {
            return true;
        }
        if moving && self.catalog.mode == crate::mode::Mode::MagmaChamber {
            let mate_there = others.iter().any(|&o| self.teammates(who, o));
            let mate_controls = self.s.fields[bf.index()]
                .controller
                .is_some_and(|c| self.teammates(who, c));
            let blocked = match self.readings.teammate_destination {
                TeammateDestination::Occupied => mate_there,
                TeammateDestination::Controlled => mate_controls,
            };
            if blocked {
                return true;
            }
        }
        false
    }

    /// 358.2, 457.3: may `unit` come under `who`'s control where it is?
    fn control_blocked(&self, unit: CardId, who: Seat) -> bool {
        let Zone::Field(bf) = self.s.cards[unit.index()].zone else {
            return false;
        };
        if let Some(sides) = self.combat_sides(bf)
            && !sides.contains(&who)
        {
            return true;
        }
        let mut after: Vec<Seat> = vec![who];
        for (i, c) in self.s.cards.iter().enumerate() {
            let id = CardId(i as u8);
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

    // ----- legality ----------------------------------------------------------------------

    /// Whether every card and battlefield the action names is in this game.
    fn names_exist(&self, action: Action) -> bool {
        let card = |c: CardId| c.index() < self.s.cards.len();
        let place = |l: Option<Location>| match l {
            Some(Location::Field(b)) => b.index() < self.s.fields.len(),
            _ => true,
        };
        match action {
            Action::Play {
                card: c,
                target,
                at,
                ..
            } => card(c) && target.is_none_or(card) && place(at),
            Action::Activate {
                card: c, target, ..
            } => card(c) && target.is_none_or(card),
            Action::Move { units, to, .. } => units.iter().all(card) && place(Some(to)),
            Action::Place { card: c, .. } => card(c),
            Action::Choose { at, .. } => at.index() < self.s.fields.len(),
            _ => true,
        }
    }

    /// Whether the spec accepts `action` now.
    pub fn check(&self, action: Action) -> Result<(), Refusal> {
        let s = &self.s;
        if !self.names_exist(action) {
            return Err("no such card or battlefield");
        }
        if s.winners.is_some() {
            return Err("the game is over");
        }
        let seat = action.seat();
        if seat.index() >= self.catalog.mode.players() {
            return Err("no such seat");
        }
        if s.gone.contains(&seat) {
            return Err("that player has left");
        }
        match action {
            Action::Concede { .. } => return Ok(()),
            Action::Place { card, .. } => {
                return match s.waiting.first() {
                    Some(first)
                        if first.controller == seat
                            && s.waiting
                                .iter()
                                .any(|w| w.controller == seat && w.source == card) =>
                    {
                        Ok(())
                    }
                    _ => Err("not this player's trigger to place"),
                };
            }
            Action::Choose { at, .. } => {
                return if seat == s.turn
                    && matches!(self.choice(), Some(Choice::ChooseFight { .. }))
                    && self.staged().contains(&at)
                {
                    Ok(())
                } else {
                    Err("no such staged fight to choose")
                };
            }
            _ => {}
        }
        if self.choice().is_some() {
            return Err("a choice comes first");
        }
        let has_priority = s.priority == Some(seat);
        match action {
            Action::Pass { .. } => {
                if !s.chain_exists && s.invited != Some(seat) {
                    return Err("nothing to pass Priority on");
                }
                if !has_priority {
                    return Err("no Priority");
                }
                Ok(())
            }
            Action::PassFocus { .. } => {
                let Some(f) = &s.fight else {
                    return Err("no Showdown");
                };
                if s.chain_exists {
                    return Err("the Chain exists");
                }
                if f.focus != seat {
                    return Err("no Focus");
                }
                Ok(())
            }
            Action::Play {
                card, target, at, ..
            } => self.check_play(seat, card, target, at, has_priority),
            Action::Activate { card, target, .. } => {
                self.check_activate(seat, card, target, has_priority)
            }
            Action::Move { units, to, .. } => self.check_move(seat, units, to, has_priority),
            Action::EndTurn { .. } => {
                if seat != s.turn {
                    return Err("not the Turn Player");
                }
                if !self.neutral_open() {
                    return Err("not Neutral Open");
                }
                if !has_priority {
                    return Err("no Priority");
                }
                Ok(())
            }
            Action::Invite { teammate, .. } => {
                if seat != s.turn || !self.teammates(seat, teammate) || !self.still_in(teammate) {
                    return Err("not a teammate to invite");
                }
                if !self.neutral_open() {
                    return Err("not Neutral Open");
                }
                if !has_priority {
                    return Err("no Priority");
                }
                Ok(())
            }
            Action::Concede { .. } | Action::Place { .. } | Action::Choose { .. } => Ok(()),
        }
    }

    fn timing_allows(&self, timing: Timing) -> bool {
        if self.s.chain_exists {
            timing == Timing::Reaction
        } else if self.s.fight.is_some() {
            timing != Timing::Normal
        } else {
            true
        }
    }

    fn target_ok(&self, seat: Seat, effect: Effect, target: Option<CardId>) -> Result<(), Refusal> {
        match effect.target_kind() {
            None => match target {
                None => Ok(()),
                Some(_) => Err("takes no target"),
            },
            Some(TargetKind::Item) => match target {
                Some(t) if self.s.stack.iter().any(|i| i.source == t) => Ok(()),
                _ => Err("needs an item on the Chain"),
            },
            Some(TargetKind::Unit) => match target {
                Some(t) if t.index() < self.s.cards.len() && self.on_board_unit(t) => {
                    if effect == Effect::GainControl
                        && (self.s.cards[t.index()].controller == seat
                            || self.control_blocked(t, seat))
                    {
                        return Err("cannot take control of that unit");
                    }
                    Ok(())
                }
                _ => Err("needs a unit on the board"),
            },
        }
    }

    fn check_play(
        &self,
        seat: Seat,
        card: CardId,
        target: Option<CardId>,
        at: Option<Location>,
        has_priority: bool,
    ) -> Result<(), Refusal> {
        if card.index() >= self.s.cards.len() {
            return Err("no such card");
        }
        let def = self.catalog.card(card);
        if self.s.cards[card.index()].zone != Zone::Hand || def.owner != seat || def.token {
            return Err("not in hand");
        }
        if !has_priority {
            return Err("no Priority");
        }
        if !self.timing_allows(def.timing) {
            return Err("wrong timing");
        }
        if def.cost > self.s.energy[seat.index()] {
            return Err("cannot pay");
        }
        match def.kind {
            CardKind::Unit => {
                if target.is_some() {
                    return Err("takes no target");
                }
                if let Some(Location::Field(bf)) = at
                    && (self.s.fields[bf.index()].controller != Some(seat)
                        || self.closed_to(seat, bf, false))
                {
                    return Err("not a battlefield this unit can be played to");
                }
                Ok(())
            }
            CardKind::Gear | CardKind::Rune => {
                if target.is_some() || matches!(at, Some(Location::Field(_))) {
                    return Err("gear takes no target or battlefield");
                }
                Ok(())
            }
            CardKind::Spell => {
                if def.effect.chooses_location() {
                    match at {
                        Some(Location::Field(bf)) if !self.closed_to(seat, bf, false) => {}
                        _ => return Err("needs an open battlefield"),
                    }
                } else if at.is_some() {
                    return Err("takes no location");
                }
                self.target_ok(seat, def.effect, target)
            }
        }
    }

    fn check_activate(
        &self,
        seat: Seat,
        card: CardId,
        target: Option<CardId>,
        has_priority: bool,
    ) -> Result<(), Refusal> {
        if card.index() >= self.s.cards.len() {
            return Err("no such card");
        }
        let c = self.s.cards[card.index()];
        if !matches!(c.zone, Zone::Base(_) | Zone::Field(_)) {
            return Err("not on the board");
        }
        if c.controller != seat {
            return Err("not the controller");
        }
        let (timing, effect) = match self.catalog.card(card).ability {
            Some(Ability::Add) => (Timing::Reaction, None),
            Some(Ability::Activated { timing, effect }) => (timing, Some(effect)),
            _ => return Err("nothing to activate"),
        };
        if c.exhausted {
            return Err("exhausted");
        }
        if !has_priority {
            return Err("no Priority");
        }
        if !self.timing_allows(timing) {
            return Err("wrong timing");
        }
        match effect {
            None if target.is_some() => Err("takes no target"),
            None => Ok(()),
            Some(e) => self.target_ok(seat, e, target),
        }
    }

    fn check_move(
        &self,
        seat: Seat,
        units: CardSet,
        to: Location,
        has_priority: bool,
    ) -> Result<(), Refusal> {
        if units.is_empty() {
            return Err("no units");
        }
        if seat != self.s.turn {
            return Err("not the Turn Player");
        }
        if !self.neutral_open() {
            return Err("not Neutral Open");
        }
        if !has_priority {
            return Err("no Priority");
        }
        for u in units.iter() {
            if u.index() >= self.s.cards.len() || !self.is_unit(u) {
                return Err("not a unit");
            }
            let c = self.s.cards[u.index()];
            let from_base = matches!(c.zone, Zone::Base(_));
            let from_field = matches!(c.zone, Zone::Field(_));
            if !from_base && !from_field {
                return Err("not on the board");
            }
            if c.controller != seat {
                return Err("not the controller");
            }
            if c.exhausted {
                return Err("exhausted");
            }
            let to_field = matches!(to, Location::Field(_));
            if from_base != to_field {
                return Err("not a Standard Move");
            }
        }
        if let Location::Field(bf) = to
            && self.closed_to(seat, bf, true)
        {
            return Err("closed destination");
        }
        Ok(())
    }

    // ----- doing -------------------------------------------------------------------------

    /// Takes `action` if the spec accepts it; otherwise changes nothing.
    ///
    /// # Errors
    ///
    /// Why the spec refuses it.
    pub fn apply(&mut self, action: Action) -> Result<(), Refusal> {
        self.check(action)?;
        match action {
            Action::Pass { seat } => self.pass(seat),
            Action::PassFocus { seat } => {
                if let Some(f) = self.s.fight.as_mut() {
                    f.focus_passes.push(seat);
                }
                let done = self.everyone_in(
                    &self
                        .s
                        .fight
                        .as_ref()
                        .map(|f| f.focus_passes.clone())
                        .unwrap_or_default(),
                );
                if !done {
                    let next = self.after(seat);
                    if let Some(f) = self.s.fight.as_mut() {
                        f.focus = next;
                    }
                    self.s.priority = Some(next);
                }
            }
            Action::Play {
                seat,
                card,
                target,
                at,
            } => self.play(seat, card, target, at),
            Action::Activate { seat, card, target } => self.activate(seat, card, target),
            Action::Move { seat, units, to } => {
                for u in units.iter() {
                    let c = &mut self.s.cards[u.index()];
                    c.exhausted = true;
                    c.zone = match to {
                        Location::Base => Zone::Base(seat),
                        Location::Field(b) => Zone::Field(b),
                    };
                }
                if let Location::Field(b) = to {
                    self.arrive(b, seat);
                }
            }
            Action::EndTurn { seat } => {
                for (i, c) in self.s.cards.iter_mut().enumerate() {
                    if self.catalog.cards[i].kind == CardKind::Unit {
                        c.damage = 0;
                    }
                }
                self.s.energy = [0; 4];
                self.s.invited = None;
                let next = self.after(seat);
                self.s.turn = next;
                self.start_turn();
            }
            Action::Concede { seat } => self.concede(seat),
            Action::Place { seat, card } => {
                if let Some(pos) = self
                    .s
                    .waiting
                    .iter()
                    .position(|w| w.controller == seat && w.source == card)
                {
                    let w = self.s.waiting.remove(pos);
                    self.put_trigger(w);
                }
                self.place_forced();
            }
            Action::Choose { at, .. } => self.begin_fight(at),
            Action::Invite { teammate, .. } => {
                self.s.invited = Some(teammate);
                self.s.priority = Some(teammate);
            }
        }
        self.proceed();
        Ok(())
    }

    fn pass(&mut self, seat: Seat) {
        if !self.s.chain_exists {
            // The invited teammate gives the Turn Player's Priority back.
            self.s.invited = None;
            self.s.priority = Some(self.s.turn);
            return;
        }
        self.s.passes.push(seat);
        if self.everyone_in(&self.s.passes.clone()) {
            self.resolve_top();
        } else {
            self.s.priority = Some(self.after(seat));
        }
    }

    fn arrive(&mut self, bf: BattlefieldId, seat: Seat) {
        let f = &mut self.s.fields[bf.index()];
        if f.controller != Some(seat) && f.contested_by.is_none() {
            f.contested_by = Some(seat);
        }
    }

    fn open_chain(&mut self, by_trigger: bool) {
        if !self.s.chain_exists {
            self.s.chain_exists = true;
            self.s.chain_by_trigger = by_trigger;
            self.s.passes.clear();
        }
    }

    fn push_played(
        &mut self,
        seat: Seat,
        source: CardId,
        kind: ItemKind,
        target: Option<ItemTarget>,
    ) {
        self.open_chain(false);
        self.s.stack.push(StackItem {
            source,
            kind,
            controller: seat,
            finalized: true,
            target,
        });
        self.s.passes.clear();
        self.s.priority = Some(seat);
        if let Some(f) = self.s.fight.as_mut() {
            f.focus_passes.clear();
        }
    }

    fn recorded_target(
        &self,
        effect: Effect,
        target: Option<CardId>,
        at: Option<Location>,
    ) -> Option<ItemTarget> {
        if effect.chooses_location() {
            return match at {
                Some(Location::Field(b)) => Some(ItemTarget::Location(b)),
                _ => None,
            };
        }
        let t = target?;
        match effect.target_kind()? {
            TargetKind::Item => self.s.stack.iter().rev().find(|i| i.source == t).map(|i| {
                ItemTarget::Item(ItemName {
                    source: i.source,
                    kind: i.kind,
                })
            }),
            TargetKind::Unit => Some(ItemTarget::Unit(t)),
        }
    }

    fn play(&mut self, seat: Seat, card: CardId, target: Option<CardId>, at: Option<Location>) {
        let def = self.catalog.card(card).clone();
        self.s.energy[seat.index()] -= def.cost;
        if def.kind == CardKind::Spell {
            let t = self.recorded_target(def.effect, target, at);
            self.s.cards[card.index()].zone = Zone::Chain;
            self.s.cards[card.index()].controller = seat;
            self.push_played(seat, card, ItemKind::Spell, t);
            return;
        }
        // 337.1.c: a permanent resolves as soon as it is played.
        let zone = match at {
            Some(Location::Field(b)) => Zone::Field(b),
            _ => Zone::Base(seat),
        };
        self.s.cards[card.index()] = Card {
            zone,
            controller: seat,
            exhausted: def.kind == CardKind::Unit,
            damage: 0,
        };
        if let Zone::Field(b) = zone {
            self.arrive(b, seat);
        }
        if self.s.chain_exists {
            self.s.passes.clear();
            if let Some(top) = self.s.stack.last() {
                self.s.priority = Some(top.controller);
            }
        } else if self.s.fight.is_some() {
            let focus = self.s.fight.as_ref().map(|f| f.focus).unwrap_or(seat);
            let next = self.after(focus);
            if let Some(f) = self.s.fight.as_mut() {
                f.focus_passes.clear();
                f.focus = next;
            }
            self.s.priority = Some(next);
        }
    }

    fn activate(&mut self, seat: Seat, card: CardId, target: Option<CardId>) {
        self.s.cards[card.index()].exhausted = true;
        match self.catalog.card(card).ability {
            Some(Ability::Add) => {
                self.s.energy[seat.index()] = self.s.energy[seat.index()].saturating_add(1);
            }
            Some(Ability::Activated { effect, .. }) => {
                let t = self.recorded_target(effect, target, None);
                self.push_played(seat, card, ItemKind::Activated, t);
            }
            _ => {}
        }
    }

    /// 340: the top item resolves.
    fn resolve_top(&mut self) {
        let Some(item) = self.s.stack.pop() else {
            return;
        };
        let def = self.catalog.card(item.source).clone();
        let effect = match (item.kind, def.ability) {
            (ItemKind::Spell, _) => def.effect,
            (_, Some(Ability::Activated { effect, .. }))
            | (_, Some(Ability::Triggered { effect, .. })) => effect,
            _ => Effect::Nothing,
        };
        self.carry_out(&item, effect);
        if item.kind == ItemKind::Spell && def.kind == CardKind::Spell {
            let c = &mut self.s.cards[item.source.index()];
            c.zone = Zone::Trash;
            c.controller = def.owner;
        }
        self.after_leaving();
    }

    fn after_leaving(&mut self) {
        if self.s.stack.is_empty() && self.s.waiting.is_empty() {
            self.end_chain();
        } else {
            self.s.passes.clear();
            if let Some(top) = self.s.stack.last() {
                self.s.priority = Some(top.controller);
            }
        }
    }

    /// The Chain is gone: Open state again.
    fn end_chain(&mut self) {
        let by_trigger = self.s.chain_by_trigger;
        self.s.chain_exists = false;
        self.s.chain_by_trigger = false;
        self.s.stack.clear();
        self.s.waiting.clear();
        self.s.passes.clear();
        self.s.invited = None;
        if self.s.fight.is_some() {
            let mut focus = self.s.fight.as_ref().map(|f| f.focus).unwrap_or(Seat::A);
            if !by_trigger {
                focus = self.after(focus);
                if let Some(f) = self.s.fight.as_mut() {
                    f.focus = focus;
                }
            }
            self.s.priority = Some(focus);
        } else {
            self.s.priority = Some(self.s.turn);
        }
    }

    fn carry_out(&mut self, item: &StackItem, effect: Effect) {
        match effect {
            Effect::Nothing => {}
            Effect::Counter => {
                if let Some(ItemTarget::Item(name)) = item.target {
                    self.counter(name);
                }
            }
            Effect::GainControl => {
                if let Some(ItemTarget::Unit(u)) = item.target
                    && self.on_board_unit(u)
                    && self.s.cards[u.index()].controller != item.controller
                    && self.still_in(item.controller)
                    && !self.control_blocked(u, item.controller)
                {
                    self.s.cards[u.index()].controller = item.controller;
                }
            }
            Effect::MoveTo(bf) => {
                if let Some(ItemTarget::Unit(u)) = item.target
                    && self.on_board_unit(u)
                    && self.s.cards[u.index()].zone != Zone::Field(bf)
                {
                    let who = self.s.cards[u.index()].controller;
                    if self.closed_to(who, bf, true) {
                        self.s.cards[u.index()].zone = Zone::Base(who);
                    } else {
                        self.s.cards[u.index()].zone = Zone::Field(bf);
                        self.arrive(bf, who);
                    }
                }
            }
            Effect::PlayTokenAt { at, token } => {
                let place = match item.target {
                    Some(ItemTarget::Location(b)) => Some(b),
                    _ => at,
                };
                let Some(bf) = place else {
                    return;
                };
                let who = item.controller;
                if self.s.cards[token.index()].zone != Zone::Nowhere || !self.still_in(who) {
                    return;
                }
                let here = if self.closed_to(who, bf, false) {
                    Zone::Base(who)
                } else {
                    Zone::Field(bf)
                };
                self.s.cards[token.index()] = Card {
                    zone: here,
                    controller: who,
                    exhausted: true,
                    damage: 0,
                };
                if let Zone::Field(b) = here {
                    self.arrive(b, who);
                }
                for i in 0..self.s.cards.len() {
                    let c = self.s.cards[i];
                    if self.is_unit(CardId(i as u8))
                        && c.zone == here
                        && c.controller != who
                        && !self.teammates(c.controller, who)
                    {
                        self.s.cards[i].damage = c.damage.saturating_add(1);
                    }
                }
            }
        }
    }

    fn counter(&mut self, name: ItemName) {
        let Some(pos) = self
            .s
            .stack
            .iter()
            .rposition(|i| i.source == name.source && i.kind == name.kind)
        else {
            return;
        };
        let item = self.s.stack.remove(pos);
        if item.kind == ItemKind::Spell {
            let owner = self.catalog.card(item.source).owner;
            let c = &mut self.s.cards[item.source.index()];
            c.controller = owner;
            c.zone = if self.s.gone.contains(&owner) {
                Zone::Removed
            } else {
                Zone::Trash
            };
        }
    }

    // ----- triggers ----------------------------------------------------------------------

    fn put_trigger(&mut self, w: Unplaced) {
        self.s.stack.push(StackItem {
            source: w.source,
            kind: ItemKind::Triggered,
            controller: w.controller,
            finalized: false,
            target: None,
        });
    }

    /// Places every trigger whose placement needs no choice; when none wait, finalizes.
    fn place_forced(&mut self) {
        while let Some(first) = self.s.waiting.first().copied() {
            let count = self
                .s
                .waiting
                .iter()
                .filter(|w| w.controller == first.controller)
                .count();
            if count > 1 {
                self.s.priority = None;
                return;
            }
            self.s.waiting.remove(0);
            self.put_trigger(first);
        }
        for item in self.s.stack.iter_mut() {
            item.finalized = true;
        }
        self.s.passes.clear();
        match self.s.stack.last() {
            Some(top) => self.s.priority = Some(top.controller),
            None => self.end_chain(),
        }
    }

    /// Triggers of permanents on the board, player by player in `order`, that `fires`.
    fn collect_triggers(
        &self,
        order: &[Seat],
        fires: impl Fn(TriggerEvent, CardId) -> bool,
    ) -> Vec<Unplaced> {
        let mut out = Vec::new();
        for &p in order {
            for i in 0..self.s.cards.len() {
                let id = CardId(i as u8);
                let c = self.s.cards[i];
                if c.controller == p
                    && matches!(c.zone, Zone::Base(_) | Zone::Field(_))
                    && let Some(Ability::Triggered { when, .. }) = self.catalog.card(id).ability
                    && fires(when, id)
                {
                    out.push(Unplaced {
                        source: id,
                        controller: p,
                    });
                }
            }
        }
        out
    }

    fn fire(&mut self, triggers: Vec<Unplaced>) {
        if triggers.is_empty() {
            return;
        }
        self.open_chain(true);
        self.s.priority = None;
        self.s.waiting.extend(triggers);
        self.place_forced();
    }

    // ----- Showdowns and combat ----------------------------------------------------------

    fn begin_fight(&mut self, bf: BattlefieldId) {
        let Some(attacker) = self.s.fields[bf.index()].contested_by else {
            return;
        };
        let defender = self
            .present(bf)
            .into_iter()
            .find(|&p| p != attacker && !self.teammates(p, attacker));
        self.s.fight = Some(Fight {
            at: bf,
            focus: attacker,
            focus_passes: Vec::new(),
            sides: None,
        });
        self.s.priority = Some(attacker);
        match defender {
            Some(d) => self.start_combat(attacker, d),
            None => {
                let mut order = vec![self.s.turn];
                let mut p = self.s.turn;
                for _ in 0..3 {
                    p = self.after(p);
                    if !order.contains(&p) {
                        order.push(p);
                    }
                }
                order.retain(|p| self.still_in(*p));
                let t = self.collect_triggers(&order, |w, _| w == TriggerEvent::ShowdownBegins);
                self.fire(t);
            }
        }
    }

    fn start_combat(&mut self, attacker: Seat, defender: Seat) {
        let Some(f) = self.s.fight.as_mut() else {
            return;
        };
        f.sides = Some((attacker, defender));
        let at = f.at;
        // Attacker, then the others after the Attacker in turn order, then the Defender.
        let mut order = Vec::new();
        if self.still_in(attacker) {
            order.push(attacker);
        }
        let mut i = attacker.index();
        for _ in 0..3 {
            i = (i + 1) % 4;
            let p = Seat::ALL[i];
            if p != defender && p != attacker && self.still_in(p) {
                order.push(p);
            }
        }
        if self.still_in(defender) {
            order.push(defender);
        }
        let cards = self.s.cards.clone();
        let t = self.collect_triggers(&order, |w, id| match w {
            TriggerEvent::Attack => {
                cards[id.index()].zone == Zone::Field(at)
                    && cards[id.index()].controller == attacker
            }
            TriggerEvent::Defend => {
                cards[id.index()].zone == Zone::Field(at)
                    && cards[id.index()].controller == defender
            }
            TriggerEvent::UnitAttacks => true,
            TriggerEvent::ShowdownBegins => false,
        });
        self.fire(t);
    }

    fn take_control(&mut self, bf: BattlefieldId, who: Seat) {
        let f = &mut self.s.fields[bf.index()];
        let before = f.controller;
        f.controller = Some(who);
        f.contested_by = None;
        if before != Some(who) && !f.scored.contains(&who) {
            f.scored.push(who);
            self.s.points[who.index()] = self.s.points[who.index()].saturating_add(1);
        }
    }

    fn end_fight(&mut self) {
        let Some(fight) = self.s.fight.take() else {
            return;
        };
        let bf = fight.at;
        match fight.sides {
            None => {
                let here = self.present(bf);
                self.s.fields[bf.index()].contested_by = None;
                if here.len() == 1 && self.s.fields[bf.index()].controller != Some(here[0]) {
                    self.take_control(bf, here[0]);
                }
            }
            Some((attacker, defender)) => self.finish_combat(bf, attacker, defender),
        }
        self.s.priority = Some(self.s.turn);
    }

    fn side(&self, bf: BattlefieldId, who: Seat) -> Vec<CardId> {
        (0..self.s.cards.len())
            .map(|i| CardId(i as u8))
            .filter(|&c| {
                self.is_unit(c)
                    && self.s.cards[c.index()].zone == Zone::Field(bf)
                    && self.s.cards[c.index()].controller == who
            })
            .collect()
    }

    fn deal(&mut self, targets: &[CardId], mut amount: u16) {
        let last = targets.len().saturating_sub(1);
        for (n, &u) in targets.iter().enumerate() {
            if amount == 0 {
                break;
            }
            let might = self.might_of(u).unwrap_or(0).max(0) as u16;
            let needed = might
                .saturating_sub(self.s.cards[u.index()].damage as u16)
                .max(1);
            let given = if n == last {
                amount
            } else {
                needed.min(amount)
            };
            amount -= given;
            let c = &mut self.s.cards[u.index()];
            c.damage = c.damage.saturating_add(given.min(255) as u8);
        }
    }

    fn finish_combat(&mut self, bf: BattlefieldId, attacker: Seat, defender: Seat) {
        let atk = self.side(bf, attacker);
        let def = self.side(bf, defender);
        if !atk.is_empty() && !def.is_empty() {
            let atk_might: u16 = atk
                .iter()
                .map(|&u| self.might_of(u).unwrap_or(0).max(0) as u16)
                .sum();
            let def_might: u16 = def
                .iter()
                .map(|&u| self.might_of(u).unwrap_or(0).max(0) as u16)
                .sum();
            self.deal(&def, atk_might);
            self.deal(&atk, def_might);
            self.kill_damaged();
        }
        for i in 0..self.s.cards.len() {
            if self.is_unit(CardId(i as u8)) {
                self.s.cards[i].damage = 0;
            }
        }
        let atk = self.side(bf, attacker);
        let def = self.side(bf, defender);
        if !atk.is_empty() && !def.is_empty() {
            for u in &atk {
                let who = self.s.cards[u.index()].controller;
                self.s.cards[u.index()].zone = Zone::Base(who);
            }
        }
        let atk_left = !self.side(bf, attacker).is_empty();
        let def_left = !self.side(bf, defender).is_empty();
        self.s.fields[bf.index()].contested_by = None;
        let winner = match (atk_left, def_left) {
            (true, false) => Some(attacker),
            (false, true) => Some(defender),
            _ => None,
        };
        if let Some(w) = winner
            && self.still_in(w)
        {
            self.take_control(bf, w);
        }
    }

    fn kill_damaged(&mut self) -> bool {
        let mut any = false;
        for i in 0..self.s.cards.len() {
            let id = CardId(i as u8);
            let c = self.s.cards[i];
            if !self.is_unit(id) || c.damage == 0 {
                continue;
            }
            if let Some(m) = self.might_of(id)
                && i16::from(c.damage) >= i16::from(m.max(0))
            {
                self.off_board(id, Zone::Trash);
                any = true;
            }
        }
        any
    }

    fn off_board(&mut self, card: CardId, to: Zone) {
        let def = self.catalog.card(card);
        self.s.cards[card.index()] = Card {
            zone: if def.token { Zone::Nowhere } else { to },
            controller: def.owner,
            exhausted: false,
            damage: 0,
        };
    }

    // ----- turns -------------------------------------------------------------------------

    fn start_turn(&mut self) {
        let seat = self.s.turn;
        self.s.turn_waiting = false;
        self.s.invited = None;
        for f in self.s.fields.iter_mut() {
            f.scored.clear();
        }
        for c in self.s.cards.iter_mut() {
            if c.controller == seat && matches!(c.zone, Zone::Base(_) | Zone::Field(_)) {
                c.exhausted = false;
            }
        }
        for i in 0..self.s.fields.len() {
            if self.s.fields[i].controller == Some(seat) {
                self.s.fields[i].scored.push(seat);
                self.s.points[seat.index()] = self.s.points[seat.index()].saturating_add(1);
            }
        }
        self.s.energy = [0; 4];
        self.s.priority = Some(seat);
    }

    // ----- conceding ---------------------------------------------------------------------

    fn concede(&mut self, seat: Seat) {
        let mut leaving = vec![seat];
        if self.catalog.mode == crate::mode::Mode::MagmaChamber {
            for &p in &self.s.players {
                if self.teammates(seat, p) {
                    leaving.push(p);
                }
            }
        }
        let staying: Vec<Seat> = self
            .s
            .players
            .iter()
            .copied()
            .filter(|p| !leaving.contains(p))
            .collect();
        let one_side_left = staying.is_empty()
            || staying
                .iter()
                .all(|&p| p == staying[0] || self.teammates(p, staying[0]));
        if one_side_left {
            // 651.1: the one player (or team) left wins; nothing else happens.
            self.s.players = staying.clone();
            for p in leaving {
                self.s.gone.push(p);
            }
            self.s.invited = None;
            self.s.winners = Some(staying);
            return;
        }
        leaving.sort();
        for &p in &leaving {
            self.remove(p);
        }
        // 652.5.a: the Turn.
        if leaving.contains(&self.s.turn) {
            self.s.turn = self.after(self.s.turn);
            self.s.turn_waiting = true;
            self.s.invited = None;
        }
        // 652.5.b: Focus.
        let fight_focus = self.s.fight.as_ref().map(|f| f.focus);
        if let Some(f) = self.s.fight.as_mut() {
            f.focus_passes.retain(|p| !leaving.contains(p));
        }
        if let Some(focus) = fight_focus
            && leaving.contains(&focus)
        {
            let next = self.after(focus);
            if let Some(f) = self.s.fight.as_mut() {
                f.focus = next;
            }
            if !self.s.chain_exists {
                self.s.priority = Some(next);
            }
        }
        // 652.5.c: Priority.
        if self.s.chain_exists {
            self.s.passes.retain(|p| !leaving.contains(p));
            if !self.s.waiting.is_empty() || self.s.stack.iter().any(|i| !i.finalized) {
                self.place_forced();
            } else {
                if let Some(h) = self.s.priority
                    && leaving.contains(&h)
                {
                    self.s.priority = Some(self.after(h));
                }
                if self.everyone_in(&self.s.passes.clone()) {
                    self.resolve_top();
                }
            }
        } else if let Some(h) = self.s.priority
            && leaving.contains(&h)
        {
            self.s.priority = Some(self.s.invited.unwrap_or(self.s.turn));
        }
        if self.s.invited.is_some_and(|i| leaving.contains(&i)) {
            self.s.invited = None;
        }
    }

    /// 651.3 and 652.1-652.4 for one player.
    fn remove(&mut self, p: Seat) {
        self.s.players.retain(|&x| x != p);
        self.s.gone.push(p);
        if self.s.invited == Some(p) {
            self.s.invited = None;
            if !self.s.chain_exists && self.s.fight.is_none() {
                self.s.priority = Some(self.s.turn);
            }
        }
        // 652.1: banish what they own or control.
        for i in 0..self.s.cards.len() {
            let c = self.s.cards[i];
            let owner = self.catalog.cards[i].owner;
            if c.zone.on_board() && (c.controller == p || owner == p) {
                self.off_board(CardId(i as u8), Zone::Banishment);
            }
        }
        // 652.2: their battlefield becomes a token with no abilities.
        for (i, def) in self.catalog.battlefields.iter().enumerate() {
            if def.contributor == p {
                self.s.fields[i].token = true;
            }
        }
        // Their battlefields are uncontrolled now.
        for f in self.s.fields.iter_mut() {
            if f.controller == Some(p) {
                f.controller = None;
            }
        }
        // 652.3: their cards leave the game; a spell of theirs that they control stays for 652.4.
        for i in 0..self.s.cards.len() {
            if self.catalog.cards[i].owner != p {
                continue;
            }
            match self.s.cards[i].zone {
                Zone::Removed | Zone::Nowhere => {}
                Zone::Chain => {
                    let on_stack = self
                        .s
                        .stack
                        .iter()
                        .position(|it| it.kind == ItemKind::Spell && it.source.index() == i);
                    match on_stack {
                        Some(pos) if self.s.stack[pos].controller == p => {}
                        Some(pos) => {
                            self.s.stack.remove(pos);
                            self.s.cards[i].zone = Zone::Removed;
                        }
                        None => self.s.cards[i].zone = Zone::Removed,
                    }
                }
                _ => self.s.cards[i].zone = Zone::Removed,
            }
        }
        // 652.4: counter what they control.
        self.s.waiting.retain(|w| w.controller != p);
        let theirs: Vec<ItemName> = self
            .s
            .stack
            .iter()
            .rev()
            .filter(|i| i.controller == p)
            .map(|i| ItemName {
                source: i.source,
                kind: i.kind,
            })
            .collect();
        for name in theirs {
            self.counter(name);
        }
        if self.s.chain_exists && self.s.stack.is_empty() && self.s.waiting.is_empty() {
            // The chain is gone; in a Showdown, Focus moves on from its holder if a play opened it.
            let by_trigger = self.s.chain_by_trigger;
            self.s.chain_exists = false;
            self.s.chain_by_trigger = false;
            self.s.passes.clear();
            self.s.invited = None;
            if let Some(focus) = self.s.fight.as_ref().map(|f| f.focus) {
                let focus = if by_trigger { focus } else { self.after(focus) };
                if let Some(f) = self.s.fight.as_mut() {
                    f.focus = focus;
                }
                self.s.priority = Some(focus);
            } else {
                self.s.priority = Some(self.s.turn);
            }
        }
    }

    // ----- what happens by itself --------------------------------------------------------

    /// Cleanups and everything else that needs no player, until a player must act.
    fn proceed(&mut self) {
        for _ in 0..64 {
            self.tidy();
            if self.s.winners.is_some() || self.s.chain_exists {
                return;
            }
            if let Some(f) = self.s.fight.clone() {
                if self.everyone_in(&f.focus_passes) {
                    self.end_fight();
                    continue;
                }
                if f.sides.is_none()
                    && let Some(attacker) = self.s.fields[f.at.index()].contested_by
                {
                    let here = self.present(f.at);
                    if here.contains(&attacker)
                        && let Some(&d) = here
                            .iter()
                            .find(|&&p| p != attacker && !self.teammates(p, attacker))
                    {
                        self.start_combat(attacker, d);
                        continue;
                    }
                }
                return;
            }
            if self.s.turn_waiting {
                self.start_turn();
                continue;
            }
            let staged = self.staged();
            if staged.len() == 1 {
                self.begin_fight(staged[0]);
                continue;
            }
            if staged.len() > 1 {
                self.s.priority = None;
            } else {
                self.s.priority = Some(self.s.invited.unwrap_or(self.s.turn));
            }
            return;
        }
    }

    /// 323: kill, recall, release, unstage, then check for a winner.
    fn tidy(&mut self) {
        if self.s.winners.is_some() {
            return;
        }
        for _ in 0..32 {
            let mut changed = self.kill_damaged();
            for i in 0..self.s.cards.len() {
                let c = self.s.cards[i];
                match c.zone {
                    Zone::Base(s) if s != c.controller => {
                        self.s.cards[i].zone = Zone::Base(c.controller);
                        changed = true;
                    }
                    Zone::Facedown(b)
                        if self.s.fields[b.index()].controller != Some(c.controller) =>
                    {
                        self.off_board(CardId(i as u8), Zone::Trash);
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !self.s.chain_exists {
                for i in 0..self.s.fields.len() {
                    let b = BattlefieldId(i as u8);
                    // A player without units at a battlefield loses control of it.
                    if !self.fight_at(b)
                        && self.s.fields[i]
                            .controller
                            .is_some_and(|c| !self.present(b).contains(&c))
                    {
                        self.s.fields[i].controller = None;
                        changed = true;
                    }
                }
            }
            for i in 0..self.s.fields.len() {
                let b = BattlefieldId(i as u8);
                if !self.fight_at(b)
                    && let Some(p) = self.s.fields[i].contested_by
                    && !self.present(b).contains(&p)
                {
                    self.s.fields[i].contested_by = None;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        // 467: enough points, and more than every opponent.
        let target = u16::from(self.catalog.victory_score);
        let players = self.s.players.clone();
        for &p in &players {
            let team: Vec<Seat> = players
                .iter()
                .copied()
                .filter(|&q| q == p || self.teammates(p, q))
                .collect();
            if team[0] != p {
                continue;
            }
            let score = |members: &[Seat]| -> u16 {
                members
                    .iter()
                    .map(|m| u16::from(self.s.points[m.index()]))
                    .sum()
            };
            let mine = score(&team);
            if mine < target {
                continue;
            }
            let beats = players.iter().filter(|q| !team.contains(q)).all(|&q| {
                let theirs: Vec<Seat> = players
                    .iter()
                    .copied()
                    .filter(|&r| r == q || self.teammates(q, r))
                    .collect();
                score(&theirs) < mine
            });
            if beats {
                self.s.winners = Some(team);
                return;
            }
        }
    }

    /// How a point was scored is not observable in the view; kept for symmetry of reading.
    #[allow(dead_code)]
    fn score_kind(conquer: bool) -> ScoreKind {
        if conquer {
            ScoreKind::Conquer
        } else {
            ScoreKind::Hold
        }
    }
}
