//! Which actions are legal (in the order `docs/mtg.md` checks them), and what each one does.

use super::{MtgSpec, bit};
use mtg_vocabulary::types::{
    Action, Card, ChoiceKind, Pending, Pick, Player, Speed, StackItem, Step, Target, Targets, Zone,
};
use mtg_vocabulary::view::{MtgEvent, Refusal};

impl MtgSpec {
    /// Every player an action names: the actor, a target player, a defender, a picked player.
    fn named(action: Action) -> Vec<Player> {
        let mut named = vec![action.player()];
        match action {
            Action::Cast {
                target: Some(Target::Player(p)),
                ..
            }
            | Action::Attack { defender: p, .. }
            | Action::Choose {
                pick: Pick::Player(p),
                ..
            } => named.push(p),
            _ => {}
        }
        named
    }

    /// Why `action` is refused, if it is: the first failed check, in the doc's order.
    pub(super) fn legality(&self, action: Action) -> Result<(), Refusal> {
        if let Some(p) = Self::named(action)
            .into_iter()
            .find(|&p| !self.seat_exists(p))
        {
            return Err(Refusal::NoSuchPlayer(p));
        }
        if self.over {
            return Err(Refusal::GameOver);
        }
        let actor = action.player();
        if !self.in_game(actor) {
            return Err(Refusal::Left(actor));
        }
        match action {
            // 104.3a: a player may concede at any time.
            Action::Concede { .. } => Ok(()),
            Action::Choose { player, pick } => match self.pending {
                Some(pending) if pending.by == player => {
                    if self.pick_allowed(pending, pick) {
                        Ok(())
                    } else {
                        Err(Refusal::BadPick)
                    }
                }
                _ => Err(Refusal::NoChoice(player)),
            },
            _ if self.pending.is_some() => Err(Refusal::ChoicePending),
            _ if self.priority != Some(actor) => Err(Refusal::NoPriority(actor)),
            Action::Pass { .. } => Ok(()),
            Action::Cast {
                player,
                card,
                target,
            } => self.cast_allowed(player, card, target),
            Action::Cycle { player, card } => {
                let o = self
                    .obj(card)
                    .filter(|o| o.zone == Zone::Hand && o.owner == player);
                match o {
                    None => Err(Refusal::NotInHand),
                    Some(o) if o.card != Card::SecludedSteppe => Err(Refusal::WrongCard),
                    Some(_) => Ok(()),
                }
            }
            Action::Attack {
                player,
                creature,
                defender,
            } => self.attack_allowed(player, creature, defender),
        }
    }

    /// Whether `pick` is one of the options of `pending`.
    fn pick_allowed(&self, pending: Pending, pick: Pick) -> bool {
        match (pending.kind, pick) {
            (ChoiceKind::SlideTarget { .. }, Pick::Object(c)) => self.creature_on_battlefield(c),
            (ChoiceKind::SlideTarget { .. }, Pick::Decline) => true,
            (ChoiceKind::MirrorPlayer { .. }, Pick::Player(x)) => self.in_game(x),
            (ChoiceKind::LifeGain { .. } | ChoiceKind::Rule, Pick::Number(k)) => k == 1 || k == 2,
            // 800.4f: the controller appoints a player in the game; another opponent if the
            // original chooser was an opponent and one is left.
            (ChoiceKind::Appoint { opponent, .. }, Pick::Player(x)) => {
                let controller = pending.by;
                let opponent_left = self.in_game_players().into_iter().any(|q| q != controller);
                self.in_game(x) && !(opponent && opponent_left && x == controller)
            }
            _ => false,
        }
    }

    /// Whether `player` may cast `card` with `target` (they hold priority).
    fn cast_allowed(
        &self,
        player: Player,
        card: mtg_vocabulary::types::ObjId,
        target: Option<Target>,
    ) -> Result<(), Refusal> {
        let Some(o) = self
            .obj(card)
            .filter(|o| o.zone == Zone::Hand && o.owner == player)
        else {
            return Err(Refusal::NotInHand);
        };
        let speed = o.card.speed();
        if speed == Speed::Never {
            return Err(Refusal::WrongCard);
        }
        // 307.1: a sorcery is cast by the active player, in their main step, with the stack
        // empty.
        let sorcery_time =
            self.active() == Some(player) && self.step == Step::Main && self.stack.is_empty();
        if speed == Speed::Sorcery && !sorcery_time {
            return Err(Refusal::SorcerySpeed);
        }
        // 601.2c: the target named is one the card asks for, and legal now.
        let wants = o.card.targets();
        let target_ok = match target {
            None => wants == Targets::Nothing,
            Some(Target::Object(c)) => {
                wants == Targets::Creature && self.creature_on_battlefield(c)
            }
            Some(Target::Player(q)) => wants == Targets::Opponent && q != player && self.in_game(q),
        };
        target_ok.then_some(()).ok_or(Refusal::BadTarget)
    }

    /// Whether `player` may declare `creature` as attacking `defender` (508.1).
    fn attack_allowed(
        &self,
        player: Player,
        creature: mtg_vocabulary::types::ObjId,
        defender: Player,
    ) -> Result<(), Refusal> {
        // 508.1: attackers are declared once, by the active player, in the combat step, with
        // the stack empty.
        let declaring = self.step == Step::Combat
            && !self.attacks_declared
            && self.stack.is_empty()
            && self.active() == Some(player);
        if !declaring {
            return Err(Refusal::NotDeclaring);
        }
        let creature_ok = self.creature_on_battlefield(creature)
            && self.controller(creature) == Some(player)
            && self.obj(creature).is_some_and(|o| o.attacking.is_none());
        let defender_ok = defender != player
            && self.in_game(defender)
            && !self.protections.iter().any(|p| p.player == defender);
        (creature_ok && defender_ok)
            .then_some(())
            .ok_or(Refusal::CannotAttack)
    }

    /// Performs a legal `action`, then whatever happens before anyone receives priority.
    pub(super) fn perform(&mut self, action: Action, ev: &mut Vec<MtgEvent>) {
        // 117.4: the players must pass in succession; casting, cycling, attacking or choosing
        // in between starts the count again (conceding does not: the others' passes still
        // count, 800.4a).
        if !matches!(action, Action::Pass { .. } | Action::Concede { .. }) {
            self.passed = 0;
        }
        match action {
            Action::Pass { player } => self.pass(player, ev),
            Action::Concede { player } => {
                self.leave(player, ev);
                self.game_over_check(ev);
            }
            Action::Cast {
                player,
                card,
                target,
            } => {
                // 601.2a: the card moves onto the stack, a spell its caster controls.
                let spell = StackItem::Spell {
                    card,
                    controller: player,
                    target,
                };
                self.move_to(card, Zone::Stack);
                self.stack.push(spell);
                ev.push(MtgEvent::Cast {
                    player,
                    card,
                    target,
                });
            }
            Action::Cycle { player, card } => {
                // 702.29a: cycling discards the card.
                self.move_to(card, Zone::Graveyard);
                ev.push(MtgEvent::Cycled { player, card });
                ev.push(MtgEvent::ToGraveyard { object: card });
                // Astral Slide: "whenever a player cycles a card", each one on the battlefield.
                for slide in self.on_battlefield_named(Card::AstralSlide) {
                    self.trigger(slide, None);
                }
            }
            Action::Attack {
                creature, defender, ..
            } => {
                // 508.1k: the creature becomes an attacking creature, attacking `defender`.
                self.objects[usize::from(creature.0)].attacking = Some(defender);
                ev.push(MtgEvent::Attacked { creature, defender });
            }
            Action::Choose { player, pick } => {
                ev.push(MtgEvent::Chose { player, pick });
                if let Some(pending) = self.pending.take() {
                    self.make_choice(pending, pick, ev);
                }
            }
        }
        self.before_priority(ev);
    }

    /// A pass (117.3d): recorded; if everyone in the game has passed in succession, the top of
    /// the stack resolves or the step ends; otherwise the next player in the game gets priority.
    /// In the combat step any pass ends the declaring of attackers.
    fn pass(&mut self, player: Player, ev: &mut Vec<MtgEvent>) {
        ev.push(MtgEvent::Passed { player });
        self.passed |= bit(player);
        if self.step == Step::Combat {
            self.attacks_declared = true;
        }
        let everyone = self
            .in_game_players()
            .into_iter()
            .all(|p| self.passed & bit(p) != 0);
        if everyone {
            self.passed = 0;
            self.priority = None;
            if self.stack.is_empty() {
                self.end_step(ev);
            } else {
                self.resolve_top(ev);
            }
        } else if let Some(next) = self.next_in_game_after(player) {
            self.priority = Some(next);
            ev.push(MtgEvent::PriorityTo { player: next });
        }
    }
}
