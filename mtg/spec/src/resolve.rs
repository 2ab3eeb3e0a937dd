//! Resolving the top of the stack, and making a pending choice.

use super::MtgSpec;
use mtg_vocabulary::types::{
    Card, ChoiceKind, Delayed, Duration, ObjId, Pending, Pick, Player, Protection, StackItem,
    Target, TriggerEffect, Zone,
};
use mtg_vocabulary::view::MtgEvent;

impl MtgSpec {
    /// 608.1: the top of the stack resolves: `Resolved` (or `Fizzled`) first, then its
    /// consequences. A triggered ability leaves the stack first; a spell does so itself, as
    /// Opponent's Choice may stay while its choice is made.
    pub(super) fn resolve_top(&mut self, ev: &mut Vec<MtgEvent>) {
        match self.stack.last().copied() {
            Some(StackItem::Spell {
                card,
                controller,
                target,
            }) => self.resolve_spell(card, controller, target, ev),
            Some(item @ StackItem::Trigger { .. }) => {
                self.stack.pop();
                self.resolve_trigger(item, ev);
            }
            None => {}
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
        card: ObjId,
        controller: Player,
        target: Option<Target>,
        ev: &mut Vec<MtgEvent>,
    ) {
        let item = StackItem::Spell {
            card,
            controller,
            target,
        };
        let kind = self.objects[usize::from(card.0)].card;
        if !self.target_legal(target) {
            // 608.2b: every target illegal, so it does not resolve.
            self.stack.pop();
            ev.push(MtgEvent::Fizzled { item });
            self.put_in_graveyard(card, ev);
            return;
        }
        if let (Card::OpponentsChoice, Some(Target::Player(chooser))) = (kind, target) {
            // The target opponent chooses how much life the controller gains; the spell waits
            // on the stack meanwhile.
            let gain = ChoiceKind::LifeGain {
                spell: card,
                controller,
                opponent: true,
            };
            self.wait_for(chooser, gain);
            return;
        }
        self.stack.pop();
        ev.push(MtgEvent::Resolved { item });
        match (kind, target) {
            (Card::MindControl, Some(Target::Object(creature))) => {
                self.put_onto_battlefield(card, controller);
                self.mind_control(card, creature, controller);
                self.entered(card, ev);
            }
            (Card::ActOfTreason, Some(Target::Object(creature))) => {
                // Control of the creature until end of turn (514.2 ends it).
                self.gain_control(
                    controller,
                    creature,
                    Duration::EndOfTurn,
                    Card::ActOfTreason,
                );
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

    /// 119.3: `player` gains `amount` life: their life total goes up by it.
    fn gain_life(&mut self, player: Player, amount: i16, ev: &mut Vec<MtgEvent>) {
        self.players[usize::from(player.0)].life += amount;
        ev.push(MtgEvent::GainedLife { player, amount });
    }

    /// A triggered ability resolves (it has already left the stack).
    fn resolve_trigger(&mut self, item: StackItem, ev: &mut Vec<MtgEvent>) {
        let StackItem::Trigger {
            controller,
            source,
            effect,
        } = item
        else {
            return;
        };
        // 608.2b: a triggered ability whose target is gone does not resolve (Astral Slide's
        // is the only one with a target).
        let target = match effect {
            TriggerEffect::Slide { creature } => Some(Target::Object(creature)),
            TriggerEffect::MyrFor { .. } | TriggerEffect::Return { .. } => None,
        };
        if !self.target_legal(target) {
            ev.push(MtgEvent::Fizzled { item });
            return;
        }
        ev.push(MtgEvent::Resolved { item });
        match effect {
            // Genesis Chamber: the player gets a Myr token; 800.4b: none is created under a
            // player who left.
            TriggerEffect::MyrFor { player } if !self.in_game(player) => {
                ev.push(MtgEvent::TokenNotCreated { player });
            }
            TriggerEffect::MyrFor { player } => {
                // 111.2: the token is created under `player`, who owns it, and enters the
                // battlefield under them.
                let object = ObjId(self.objects.len() as u8);
                let myr = super::Obj::new(Card::Myr, player, Zone::Battlefield, true);
                self.objects.push(myr);
                self.put_onto_battlefield(object, player);
                ev.push(MtgEvent::TokenCreated { object, player });
            }
            // Astral Slide: the creature is exiled, to return at the beginning of the next end
            // step.
            TriggerEffect::Slide { creature } => {
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
            // The exiled card returns under its owner's control, if it is still in exile.
            TriggerEffect::Return { creature } => {
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
                self.gain_life(controller, i16::from(amount), ev);
                self.put_in_graveyard(spell, ev);
            }
            // 800.4f: the appointed player makes the choice in the leaver's place; the spell's
            // controller (who appointed) still gains the life.
            (ChoiceKind::Appoint { spell, opponent }, Pick::Player(x)) => {
                let gain = ChoiceKind::LifeGain {
                    spell,
                    controller: pending.by,
                    opponent,
                };
                self.wait_for(x, gain);
            }
            // A rule's choice (or a declined Slide target): nothing more happens.
            _ => {}
        }
    }
}
