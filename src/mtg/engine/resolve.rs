//! Resolution of the top of the stack (608), the permanents entering, tokens (800.4b) and the
//! choices players make.

use super::{MtgGame, policy};
use mtg_vocabulary::types::{
    Card, ChoiceKind, ControlEffect, Delayed, Duration, ObjId, Pending, Pick, Player, Protection,
    StackItem, Target, TriggerEffect, Waiting, Zone,
};
use mtg_vocabulary::view::MtgEvent;

impl MtgGame {
    /// The top of the stack resolves (every player in the game has passed in succession).
    pub(crate) fn resolve_top(&mut self) {
        let Some(&item) = self.stack.last() else {
            return;
        };
        match item {
            StackItem::Spell {
                card,
                controller,
                target,
            } => self.resolve_spell(item, card, controller, target),
            StackItem::Trigger {
                controller,
                source,
                effect,
            } => {
                self.stack.pop();
                self.resolve_trigger(item, controller, source, effect);
            }
        }
    }

    fn target_legal(&self, target: Option<Target>) -> bool {
        match target {
            None => true,
            Some(Target::Object(c)) => self.is_creature_on_battlefield(c),
            Some(Target::Player(p)) => self.in_game(p),
        }
    }

    fn put_in_graveyard(&mut self, id: ObjId) {
        self.obj_mut(id).zone = Zone::Graveyard;
        self.emit(MtgEvent::ToGraveyard { object: id });
    }

    fn resolve_spell(
        &mut self,
        item: StackItem,
        card: ObjId,
        controller: Player,
        target: Option<Target>,
    ) {
        if !self.target_legal(target) {
            self.stack.pop();
            self.emit(MtgEvent::Fizzled { item });
            self.put_in_graveyard(card);
            return;
        }
        let kind = self.obj(card).card;
        if kind == Card::OpponentsChoice {
            if let Some(Target::Player(by)) = target {
                self.pending = Some(Pending {
                    by,
                    kind: ChoiceKind::LifeGain {
                        spell: card,
                        controller,
                        opponent: true,
                    },
                });
            }
            return;
        }
        self.stack.pop();
        self.emit(MtgEvent::Resolved { item });
        let creature = match target {
            Some(Target::Object(c)) => Some(c),
            _ => None,
        };
        match kind {
            Card::MindControl => {
                self.obj_mut(card).attached = creature;
                self.enter(card, controller);
                if let Some(object) = creature {
                    self.control.push(ControlEffect {
                        controller,
                        object,
                        duration: Duration::WhileAttached(card),
                        from: Card::MindControl,
                    });
                }
            }
            Card::ActOfTreason => {
                if let Some(object) = creature {
                    self.control.push(ControlEffect {
                        controller,
                        object,
                        duration: Duration::EndOfTurn,
                        from: Card::ActOfTreason,
                    });
                }
                self.put_in_graveyard(card);
            }
            Card::Bribery => {
                if let Some(Target::Player(q)) = target {
                    let found = self.ids().find(|&i| {
                        let o = self.obj(i);
                        o.owner == q && o.zone == Zone::Library && o.card.is_creature()
                    });
                    if let Some(c) = found {
                        self.enter(c, controller);
                    }
                }
                self.put_in_graveyard(card);
            }
            Card::ChronomanticEscape => {
                self.protections.push(Protection { player: controller });
                self.put_in_graveyard(card);
            }
            _ => self.enter(card, controller),
        }
    }

    /// A permanent enters the battlefield under `controller` (800.4b: not under a player who
    /// left; it stays where it was). A Life Mirror asks its controller for a player; a nontoken
    /// creature makes every Genesis Chamber trigger.
    fn enter(&mut self, id: ObjId, controller: Player) {
        if !self.in_game(controller) {
            return;
        }
        let o = self.obj_mut(id);
        o.zone = Zone::Battlefield;
        o.entered_under = Some(controller);
        o.mirror_of = None;
        o.attacking = None;
        let (card, token) = (o.card, o.token);
        self.emit(MtgEvent::Entered {
            object: id,
            controller,
        });
        if card == Card::LifeMirror {
            self.pending = Some(Pending {
                by: controller,
                kind: ChoiceKind::MirrorPlayer { mirror: id },
            });
        }
        if card.is_creature() && !token {
            let chambers: Vec<ObjId> = self
                .ids()
                .filter(|&i| {
                    self.obj(i).card == Card::GenesisChamber
                        && self.obj(i).zone == Zone::Battlefield
                })
                .collect();
            for source in chambers {
                if let Some(owner_of_trigger) = self.controller(source) {
                    self.add_waiting(Waiting {
                        controller: owner_of_trigger,
                        source,
                        effect: Some(TriggerEffect::MyrFor { player: controller }),
                    });
                }
            }
        }
    }

    fn resolve_trigger(
        &mut self,
        item: StackItem,
        controller: Player,
        source: ObjId,
        effect: TriggerEffect,
    ) {
        match effect {
            TriggerEffect::MyrFor { player } => {
                self.emit(MtgEvent::Resolved { item });
                if self.in_game(player) || policy::leaver_token_created(&self.readings) {
                    self.create_myr(player);
                } else {
                    self.emit(MtgEvent::TokenNotCreated { player });
                }
            }
            TriggerEffect::Slide { creature } => {
                if !self.is_creature_on_battlefield(creature) {
                    self.emit(MtgEvent::Fizzled { item });
                    return;
                }
                self.emit(MtgEvent::Resolved { item });
                self.exile(creature, "astral-slide");
                self.delayed.push(Delayed {
                    controller,
                    source,
                    creature,
                });
            }
            TriggerEffect::Return { creature } => {
                self.emit(MtgEvent::Resolved { item });
                let o = *self.obj(creature);
                if o.zone == Zone::Exile && self.in_game(o.owner) {
                    self.emit(MtgEvent::Returned { object: creature });
                    self.enter(creature, o.owner);
                }
            }
        }
    }

    /// 800.4b: a Myr token is created under `player` (and owned by them, 111.2).
    fn create_myr(&mut self, player: Player) {
        if self.objects.len() >= mtg_vocabulary::setup::MAX_OBJECTS {
            return;
        }
        let id = ObjId(self.objects.len() as u8);
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
        self.emit(MtgEvent::TokenCreated { object: id, player });
    }

    /// The pending choice is made.
    pub(crate) fn choose(&mut self, p: Player, pick: Pick) {
        let Some(pending) = self.pending.take() else {
            return;
        };
        self.passed = 0;
        self.emit(MtgEvent::Chose { player: p, pick });
        match (pending.kind, pick) {
            (ChoiceKind::SlideTarget { source }, Pick::Object(creature)) => {
                let item = StackItem::Trigger {
                    controller: p,
                    source,
                    effect: TriggerEffect::Slide { creature },
                };
                self.stack.push(item);
                self.emit(MtgEvent::Triggered { item });
            }
            (ChoiceKind::MirrorPlayer { mirror }, Pick::Player(q)) => {
                self.obj_mut(mirror).mirror_of = Some(q);
            }
            (
                ChoiceKind::LifeGain {
                    spell, controller, ..
                },
                Pick::Number(n),
            ) => {
                if let Some(item) = self.stack.pop() {
                    self.emit(MtgEvent::Resolved { item });
                }
                let amount = i16::from(n);
                self.players[usize::from(controller.0)].life += amount;
                self.emit(MtgEvent::GainedLife {
                    player: controller,
                    amount,
                });
                self.put_in_graveyard(spell);
            }
            (ChoiceKind::Appoint { spell, opponent }, Pick::Player(by)) => {
                let controller = p;
                self.pending = Some(Pending {
                    by,
                    kind: ChoiceKind::LifeGain {
                        spell,
                        controller,
                        opponent,
                    },
                });
            }
            _ => {}
        }
    }
}
