//! Resolving the top of the stack, and making a pending choice.

use super::MtgSpec;
use mtg_vocabulary::types::{
    Card, ChoiceKind, ControlEffect, Delayed, Duration, ObjId, Pending, Pick, Player, Protection,
    StackItem, Target, TriggerEffect, Zone,
};
use mtg_vocabulary::view::MtgEvent;

impl MtgSpec {
    /// Resolves the top of the stack: `Resolved` (or `Fizzled`) first, then its consequences.
    pub(super) fn resolve_top(&mut self, ev: &mut Vec<MtgEvent>) {
        let Some(&item) = self.stack.last() else {
            return;
        };
        match item {
            StackItem::Spell {
                card,
                controller,
                target,
            } => self.resolve_spell(item, card, controller, target, ev),
            StackItem::Trigger {
                controller,
                source,
                effect,
            } => {
                self.stack.pop();
                self.resolve_trigger(item, controller, source, effect, ev);
            }
        }
    }

    /// Whether `target` is still legal (608.2b): a creature on the battlefield, a player in the
    /// game; no target is always fine.
    fn target_legal(&self, target: Option<Target>) -> bool {
        let creature = |t| matches!(t, Target::Object(o) if self.creature_on_battlefield(o));
        let player = |t| matches!(t, Target::Player(p) if self.in_game(p));
        target.is_none_or(|t| creature(t) || player(t))
    }

    /// A spell resolves: it leaves the stack, does what it does, and (unless it is a permanent)
    /// goes to its owner's graveyard afterwards. Opponent's Choice instead waits on the stack
    /// for its target's choice.
    fn resolve_spell(
        &mut self,
        item: StackItem,
        card: ObjId,
        controller: Player,
        target: Option<Target>,
        ev: &mut Vec<MtgEvent>,
    ) {
        let kind = self.objects[usize::from(card.0)].card;
        if !self.target_legal(target) {
            // 608.2b: every target illegal, so it does not resolve.
            self.stack.pop();
            ev.push(MtgEvent::Fizzled { item });
            self.put_in_graveyard(card, ev);
            return;
        }
        if let (Card::OpponentsChoice, Some(Target::Player(chooser))) = (kind, target) {
            self.pending = Some(Pending {
                by: chooser,
                kind: ChoiceKind::LifeGain {
                    spell: card,
                    controller,
                    opponent: true,
                },
            });
            return;
        }
        self.stack.pop();
        ev.push(MtgEvent::Resolved { item });
        match (kind, target) {
            (Card::MindControl, Some(Target::Object(creature))) => {
                self.put_onto_battlefield(card, controller);
                self.objects[usize::from(card.0)].attached = Some(creature);
                self.control.push(ControlEffect {
                    controller,
                    object: creature,
                    duration: Duration::WhileAttached(card),
                    from: Card::MindControl,
                });
                self.entered(card, ev);
            }
            (Card::ActOfTreason, Some(Target::Object(creature))) => {
                self.control.push(ControlEffect {
                    controller,
                    object: creature,
                    duration: Duration::EndOfTurn,
                    from: Card::ActOfTreason,
                });
                self.put_in_graveyard(card, ev);
            }
            (Card::Bribery, Some(Target::Player(opponent))) => {
                // The first creature card of the opponent's library (lowest number).
                let found = (0..self.objects.len()).map(|i| ObjId(i as u8)).find(|&id| {
                    let o = self.objects[usize::from(id.0)];
                    o.owner == opponent && o.zone == Zone::Library && o.card.is_creature()
                });
                if let Some(creature) = found {
                    self.put_onto_battlefield(creature, controller);
                    self.entered(creature, ev);
                }
                self.put_in_graveyard(card, ev);
            }
            (Card::ChronomanticEscape, _) => {
                self.protections.push(Protection { player: controller });
                self.put_in_graveyard(card, ev);
            }
            (k, _) if k.is_permanent() => {
                self.put_onto_battlefield(card, controller);
                self.entered(card, ev);
            }
            _ => self.put_in_graveyard(card, ev),
        }
    }

    /// Puts `id` into its owner's graveyard.
    fn put_in_graveyard(&mut self, id: ObjId, ev: &mut Vec<MtgEvent>) {
        self.move_to(id, Zone::Graveyard);
        ev.push(MtgEvent::ToGraveyard { object: id });
    }

    /// A triggered ability resolves (it has already left the stack).
    fn resolve_trigger(
        &mut self,
        item: StackItem,
        controller: Player,
        source: ObjId,
        effect: TriggerEffect,
        ev: &mut Vec<MtgEvent>,
    ) {
        match effect {
            TriggerEffect::MyrFor { player } => {
                ev.push(MtgEvent::Resolved { item });
                if self.in_game(player) {
                    let object = ObjId(self.objects.len() as u8);
                    self.objects.push(super::Obj {
                        card: Card::Myr,
                        owner: player,
                        zone: Zone::Battlefield,
                        entered_under: Some(player),
                        token: true,
                        attached: None,
                        attacking: None,
                        mirror_of: None,
                    });
                    ev.push(MtgEvent::TokenCreated { object, player });
                } else {
                    // 800.4b: no token is created under a player who left.
                    ev.push(MtgEvent::TokenNotCreated { player });
                }
            }
            TriggerEffect::Slide { creature } => {
                if !self.creature_on_battlefield(creature) {
                    ev.push(MtgEvent::Fizzled { item });
                    return;
                }
                ev.push(MtgEvent::Resolved { item });
                self.move_to(creature, Zone::Exile);
                ev.push(MtgEvent::Exiled {
                    object: creature,
                    rule: "astral-slide",
                });
                // 400.7: it is a new object; the control effects on it end.
                self.end_control_where(|e| e.object == creature, "400.7", ev);
                self.exile_800_4c(ev);
                self.delayed.push(Delayed {
                    controller,
                    source,
                    creature,
                });
            }
            TriggerEffect::Return { creature } => {
                ev.push(MtgEvent::Resolved { item });
                if self.zone(creature) == Zone::Exile {
                    let owner = self.objects[usize::from(creature.0)].owner;
                    self.put_onto_battlefield(creature, owner);
                    ev.push(MtgEvent::Returned { object: creature });
                    self.entered(creature, ev);
                }
            }
        }
    }

    /// Makes the pending choice (already taken out of `self.pending`; `Chose` is emitted).
    pub(super) fn make_choice(&mut self, pending: Pending, pick: Pick, ev: &mut Vec<MtgEvent>) {
        match (pending.kind, pick) {
            (ChoiceKind::SlideTarget { source }, Pick::Object(creature)) => {
                let item = StackItem::Trigger {
                    controller: pending.by,
                    source,
                    effect: TriggerEffect::Slide { creature },
                };
                self.stack.push(item);
                ev.push(MtgEvent::Triggered { item });
            }
            (ChoiceKind::MirrorPlayer { mirror }, Pick::Player(x)) => {
                self.objects[usize::from(mirror.0)].mirror_of = Some(x);
            }
            (
                ChoiceKind::LifeGain {
                    spell, controller, ..
                },
                Pick::Number(amount),
            ) => {
                let at = self
                    .stack
                    .iter()
                    .rposition(|it| matches!(it, StackItem::Spell { card, .. } if *card == spell));
                if let Some(at) = at {
                    let item = self.stack.remove(at);
                    ev.push(MtgEvent::Resolved { item });
                }
                let amount = i16::from(amount);
                self.players[usize::from(controller.0)].life += amount;
                ev.push(MtgEvent::GainedLife {
                    player: controller,
                    amount,
                });
                self.put_in_graveyard(spell, ev);
            }
            (ChoiceKind::Appoint { spell, opponent }, Pick::Player(x)) => {
                self.pending = Some(Pending {
                    by: x,
                    kind: ChoiceKind::LifeGain {
                        spell,
                        controller: pending.by,
                        opponent,
                    },
                });
            }
            // A rule's choice (or a declined Slide target): nothing more happens.
            _ => {}
        }
    }
}
