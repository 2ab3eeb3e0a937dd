//! Priority and the Chain (312, 325-340): passing, a new item, resolution, the Chain closing.

use super::Spec;
use super::state::StackItem;
use riftbound_vocabulary::card::{Ability, CardId, CardKind, Effect};
use riftbound_vocabulary::event::{Event, PriorityWhy};
use riftbound_vocabulary::item::{ItemKind, ItemName, ItemTarget};
use riftbound_vocabulary::readings::{FocusAfterChain, FocusPassesAfterTriggerChain};
use riftbound_vocabulary::seat::Seat;
use riftbound_vocabulary::zone::Zone;

fn name(i: &StackItem) -> ItemName {
    ItemName {
        source: i.source,
        kind: i.kind,
    }
}

impl Spec {
    /// 339: the holder passes. Once every player still in has passed since the newest item,
    /// it resolves (340); otherwise the next player in turn order receives Priority. Outside a
    /// Chain only an invited teammate passes, handing the Turn Player's Priority back
    /// (316.2.b.1).
    pub(super) fn pass(&mut self, seat: Seat) {
        self.say(Event::Passed { seat });
        if !self.s.chain_exists {
            self.s.invited = None;
            let turn = self.s.turn;
            self.s.priority = Some(turn);
            self.owe(Event::PriorityTo {
                seat: turn,
                why: PriorityWhy::NeutralOpen,
            });
            return;
        }
        // Who has passed: passing twice is still one pass.
        if !self.s.passes.contains(&seat) {
            self.s.passes.push(seat);
        }
        if self.everyone_in(&self.s.passes.clone()) {
            self.resolve_top();
        } else {
            // 312.2.d: the next player in turn order.
            let next = self.after(seat);
            self.give_priority(next, PriorityWhy::Passed);
        }
    }

    /// 312.2: `seat` receives Priority, for the reason `why`; said only when it changes hands.
    pub(super) fn give_priority(&mut self, seat: Seat, why: PriorityWhy) {
        if self.s.priority != Some(seat) {
            self.s.priority = Some(seat);
            self.owe(Event::PriorityTo { seat, why });
        }
    }

    /// The Chain comes into existence (330): a Closed state with no passes yet.
    pub(super) fn open_chain(&mut self, by_trigger: bool) {
        if !self.s.chain_exists {
            self.s.chain_exists = true;
            self.s.chain_by_trigger = by_trigger;
            self.s.trigger_chain_joined = false;
            self.s.passes.clear();
        }
    }

    /// 329, 333.1: a played spell or activated ability goes on the Chain, finalized at once;
    /// its controller receives Priority and every player must pass again. In a Showdown a play
    /// starts a new round of Focus passes. Where policy `focus-after-chain` is read
    /// `extended-trigger-chain-passes`, a play onto a trigger-opened Chain is written down.
    pub(super) fn push_played(
        &mut self,
        seat: Seat,
        source: CardId,
        kind: ItemKind,
        target: Option<ItemTarget>,
    ) {
        let fresh = !self.s.chain_exists;
        self.open_chain(false);
        let item = StackItem {
            source,
            kind,
            controller: seat,
            finalized: true,
            target,
        };
        self.s.stack.push(item);
        self.s.passes.clear();
        if self.s.chain_by_trigger
            && self.readings.focus_after_chain == FocusAfterChain::ExtendedTriggerChainPasses
        {
            self.s.trigger_chain_joined = true;
        }
        self.say(Event::ItemAdded {
            item: name(&item),
            controller: seat,
        });
        if let Some(f) = self.s.fight.as_mut() {
            f.focus_passes.clear();
        }
        if fresh {
            // A new Chain: Priority is given anew, even to the player who had it (333.1).
            self.s.priority = None;
            self.give_priority(seat, PriorityWhy::CreatedChain);
        } else {
            self.give_priority(seat, PriorityWhy::Finalized);
        }
    }

    /// 340: the newest item resolves, then leaves the Chain; a spell goes to its owner's Trash.
    pub(super) fn resolve_top(&mut self) {
        let Some(item) = self.s.stack.pop() else {
            return;
        };
        self.say(Event::Resolved { item: name(&item) });
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
            self.say(Event::Trashed { card: item.source });
        }
        self.after_leaving();
    }

    /// 340.4: after a resolution, the controller of the newest item left receives Priority and
    /// everyone must pass again; an empty Chain closes.
    pub(super) fn after_leaving(&mut self) {
        if self.s.stack.is_empty() && self.s.waiting.is_empty() {
            self.end_chain(true);
        } else {
            self.s.passes.clear();
            if let Some(top) = self.s.stack.last() {
                let controller = top.controller;
                self.give_priority(controller, PriorityWhy::Resolved);
            }
        }
    }

    /// 340.2: the Chain is gone and the state is Open again; `resolved` when its last item left
    /// by resolving rather than by a removal. In a Showdown, Focus moves on from its holder if
    /// the Chain passes it (policy `focus-after-chain`) and the Focus holder has Priority;
    /// otherwise the Turn Player has it, unless two staged fights wait for their choice. A
    /// trigger-opened Chain wipes the Focus passes made before it where policy
    /// `focus-passes-after-trigger-chain` is read `trigger-chain-resets`.
    pub(super) fn end_chain(&mut self, resolved: bool) {
        let by_trigger = self.s.chain_by_trigger;
        let joined = self.s.trigger_chain_joined;
        let holder = self.s.priority;
        self.s.chain_exists = false;
        self.s.chain_by_trigger = false;
        self.s.trigger_chain_joined = false;
        self.s.stack.clear();
        self.s.waiting.clear();
        self.s.passes.clear();
        self.s.invited = None;
        let passes_focus = match self.readings.focus_after_chain {
            FocusAfterChain::PlayOpened => !by_trigger,
            FocusAfterChain::CounteredDoesNotPass => !by_trigger && resolved,
            FocusAfterChain::ExtendedTriggerChainPasses => !by_trigger || joined,
        };
        if by_trigger
            && self.readings.focus_passes_after_trigger_chain
                == FocusPassesAfterTriggerChain::TriggerChainResets
            && let Some(f) = self.s.fight.as_mut()
        {
            f.focus_passes.clear();
        }
        // 346.1: Focus stays, and its holder has Priority again; 312.2.a: with no Showdown, the
        // Turn Player has it in their Main Phase.
        let why = if self.s.fight.is_some() {
            PriorityWhy::FocusStays
        } else {
            PriorityWhy::NeutralOpen
        };
        let now = match self.s.fight.as_ref().map(|f| f.focus) {
            Some(focus) if passes_focus => {
                let next = self.after(focus);
                if let Some(f) = self.s.fight.as_mut() {
                    f.focus = next;
                }
                self.s.priority = Some(next);
                self.owe(Event::FocusTo { seat: next });
                return;
            }
            Some(focus) => Some(focus),
            None if self.staged_count() > 1 => None,
            None => Some(self.s.turn),
        };
        self.s.priority = now;
        if let Some(now) = now
            && holder != Some(now)
            && self.still_in(now)
        {
            self.owe(Event::PriorityTo { seat: now, why });
        }
    }
}
