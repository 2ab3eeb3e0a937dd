//! What an observer can see of a game: one type that the engine and the spec both produce, that
//! lockstep compares after every action, and that properties and scenario expectations read.
//! It is serialisable so that an engine in another process can report it.

use serde::{Deserialize, Serialize};

use crate::action::Choice;
use crate::card::{BattlefieldId, CardId};
use crate::game::Game;
use crate::item::{ItemId, ItemKind, ItemTarget, Opener, Unplaced};
use crate::seat::{Seat, SeatSet};
use crate::zone::Zone;

/// The observable state of a game.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct View {
    /// Seats still in the game, in turn order.
    pub remaining: SeatSet,
    /// Seats removed from the game.
    pub removed: SeatSet,
    /// The Turn Player.
    pub turn: Option<Seat>,
    /// Who has Priority.
    pub priority: Option<Seat>,
    /// Who has Focus (only in a Showdown).
    pub focus: Option<Seat>,
    /// Who has passed Priority since the newest item was added.
    pub passed: SeatSet,
    /// Who has passed Focus since the last play.
    pub focus_passed: SeatSet,
    /// The Showdown in progress.
    pub showdown: Option<ShowdownView>,
    /// The Chain, bottom first.
    pub chain: Vec<ItemView>,
    /// What opened the Chain, while it exists.
    pub opened_by: Option<Opener>,
    /// Triggers waiting to be placed, in placement order.
    pub unplaced: Vec<Unplaced>,
    /// A choice someone must make first.
    pub awaiting: Option<Choice>,
    /// Every card, in catalog order.
    pub cards: Vec<CardView>,
    /// Every battlefield, in catalog order.
    pub battlefields: Vec<FieldView>,
    /// Points per seat, A first.
    pub points: [u8; 4],
    /// Energy per seat, A first.
    pub energy: [u8; 4],
    /// The teammate invited to act.
    pub invited: Option<Seat>,
    /// The winners, once the game is over.
    pub winners: Option<SeatSet>,
}

/// A Showdown in progress.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct ShowdownView {
    /// Where.
    pub at: BattlefieldId,
    /// Attacker and Defender, for a combat.
    pub combat: Option<(Seat, Seat)>,
}

/// An item on the Chain.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct ItemView {
    /// Its number.
    pub id: ItemId,
    /// Its spell card or source.
    pub source: CardId,
    /// Spell, activated or triggered ability.
    pub kind: ItemKind,
    /// Its controller.
    pub controller: Seat,
    /// The owner of its card.
    pub owner: Seat,
    /// Finalized or pending.
    pub finalized: bool,
    /// Its target.
    pub target: Option<ItemTarget>,
}

/// A card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct CardView {
    /// Where it is.
    pub zone: Zone,
    /// Its controller (its owner off the board).
    pub controller: Seat,
    /// Current Might, for a unit on the board.
    pub might: Option<i8>,
    /// Might 5 or more.
    pub mighty: bool,
    /// Exhausted.
    pub exhausted: bool,
    /// Damage marked.
    pub damage: u8,
}

/// A battlefield.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct FieldView {
    /// Its controller.
    pub controller: Option<Seat>,
    /// Replaced by a token battlefield with no abilities.
    pub token: bool,
    /// The "+N Might" it applies now.
    pub might_bonus: i8,
    /// Who contests it.
    pub contested_by: Option<Seat>,
    /// Who scored it this turn.
    pub scored: SeatSet,
}

impl View {
    /// Every well-formed action at the table this view shows: what [`Game::well_formed_actions`]
    /// lists, derived from what an observer sees (for drivers that hold only a view, such as the
    /// spec's side of a property test, or an engine in another process).
    pub fn well_formed(&self, catalog: &crate::card::Catalog) -> Vec<crate::action::Action> {
        let items: Vec<CardId> = self.chain.iter().map(|i| i.source).collect();
        let cards = &self.cards;
        let mut out = Vec::new();
        crate::game::enumerate::enumerate_actions(
            catalog,
            &items,
            &|c| (cards[c.index()].zone, cards[c.index()].controller),
            &mut out,
        );
        out
    }
}

impl Game {
    /// What an observer sees now.
    pub fn view(&self) -> View {
        let cat = &self.catalog;
        View {
            remaining: self.remaining(),
            removed: self.removed(),
            turn: self.turn_player(),
            priority: self.priority(),
            focus: self.focus(),
            passed: self.passed(),
            focus_passed: self.focus_passed(),
            showdown: self
                .showdown_at()
                .map(|(at, combat)| ShowdownView { at, combat }),
            chain: self
                .chain_items()
                .iter()
                .map(|i| ItemView {
                    id: i.id,
                    source: i.source,
                    kind: i.kind,
                    controller: i.controller,
                    owner: cat.card(i.source).owner,
                    finalized: i.finalized,
                    target: i.target,
                })
                .collect(),
            opened_by: self.s.chain.as_ref().map(|c| c.opened_by),
            unplaced: self
                .s
                .chain
                .as_ref()
                .map(|c| c.unplaced.to_vec())
                .unwrap_or_default(),
            awaiting: self.awaiting(),
            cards: cat
                .card_ids()
                .map(|c| {
                    let st = self.card_state(c);
                    CardView {
                        zone: st.zone,
                        controller: st.controller,
                        might: self.might(c),
                        mighty: self.mighty(c),
                        exhausted: st.exhausted,
                        damage: st.damage,
                    }
                })
                .collect(),
            battlefields: cat
                .battlefield_ids()
                .map(|b| {
                    let f = self.field(b);
                    FieldView {
                        controller: f.controller,
                        token: f.token,
                        might_bonus: self.might_bonus(b),
                        contested_by: f.contested_by,
                        scored: f.scored,
                    }
                })
                .collect(),
            points: self.s.points,
            energy: self.s.energy,
            invited: self.s.invited,
            winners: self.winners(),
        }
    }
}
