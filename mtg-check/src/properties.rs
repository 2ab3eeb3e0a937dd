//! The properties of 800.4 the checker judges on every step of an MTG game, from what an
//! observer sees: the view before, the view after and the step's events. None reads an engine's
//! internals.

use riftcheck::mtg::{ChoiceKind, MtgEvent, MtgView, Player, Zone};

/// What the checker remembers beside the two games: the properties already violated on the way
/// here, the concessions made, and whether the current turn has reached its end step.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Ghost {
    /// A bit per [`MtgProp`] violated on the path to this state.
    pub violated: u32,
    /// Concessions made so far.
    pub concessions: u8,
    /// Whether the current turn's end step has begun (800.4i: a turn passes through it).
    pub reached_end: bool,
}

/// Whether some player in the game can act (holds priority or must choose).
pub fn someone_can_act(view: &MtgView) -> bool {
    let can = |p: Option<Player>| p.is_some_and(|p| view.in_game(p));
    match view.pending {
        Some(c) => can(Some(c.by)),
        None => can(view.priority),
    }
}

/// Declares [`MtgProp`] and its list of every property, from one list of variants.
macro_rules! properties {
    ($($(#[doc = $doc:literal])* $name:ident,)*) => {
        /// A property of the MTG ruleset.
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[repr(u8)]
        pub enum MtgProp {
            $($(#[doc = $doc])* $name,)*
        }

        impl MtgProp {
            /// Every property.
            pub const ALL: [MtgProp; [$(MtgProp::$name),*].len()] = [$(MtgProp::$name),*];
        }
    };
}

properties! {
    /// The engine and the spec accept the same actions and show the same.
    Agree,
    /// 800.4a: a player who left never receives priority.
    NoPriorityForLeaver,
    /// 800.4a, 800.4c: no object is controlled by a player who left.
    NoControlByLeaver,
    /// 800.4a, 800.4m: after a player leaves, nothing they own is in the game but in the ante.
    OwnedLeave,
    /// 800.4a: a creature stolen from a player still in the game is not exiled with the thief.
    StolenReturns,
    /// 800.4b: no token is created for a player who left.
    NoTokenForLeaver,
    /// 800.4d: no trigger is put on the stack for a player who left.
    NoTriggerForLeaver,
    /// 800.4e: combat damage is never assigned to a player who left.
    NoDamageToLeaver,
    /// 800.4f, 800.4g: no choice waits for a player who left; an appointed chooser is an
    /// opponent when one is left.
    ChoicesMove,
    /// 800.4h: Life Mirror's power is its player's life, the last known one once they left.
    LastKnown,
    /// 800.4i: the turn of a player who left goes on without an active player, through its end
    /// step.
    TurnGoesOn,
    /// 800.4j: a turn never begins for a player who left.
    NoTurnForLeaver,
    /// 800.4k: an "until your next turn" effect ends only as that turn begins or would have.
    UntilNextTurn,
    /// 800.4m: a card in the ante zone stays there.
    AnteStays,
    /// 800.4n: the planar controller is always a player in the game.
    PlanarInGame,
    /// 506.4 (with 800.4a): every attacking creature is controlled by the attacking player.
    AttackerControlsAttackers,
    /// 104.2a: the game ends when one player is left, who wins, and not before.
    GameOverWhenOneLeft,
    /// The game never stops with nobody able to act (unless it is over).
    NeverStuck,
    /// The engine answers every action, and lists its actions, without a panic.
    NeverPanics,
}

impl MtgProp {
    /// Its bit in [`Ghost::violated`].
    pub fn bit(self) -> u32 {
        1 << self as u8
    }

    /// The property as reports print it, with its rules.
    pub fn text(self) -> &'static str {
        match self {
            MtgProp::Agree => "the MTG engine and the MTG spec agree on every action",
            MtgProp::NoPriorityForLeaver => "a player who left never receives priority (800.4a)",
            MtgProp::NoControlByLeaver => {
                "no object is controlled by a player who left (800.4a, 800.4c)"
            }
            MtgProp::OwnedLeave => {
                "nothing a player who left owns stays in the game, but in the ante zone (800.4a, 800.4m)"
            }
            MtgProp::StolenReturns => {
                "a creature stolen from a player in the game returns when the thief leaves (800.4a)"
            }
            MtgProp::NoTokenForLeaver => "no token is created for a player who left (800.4b)",
            MtgProp::NoTriggerForLeaver => {
                "no trigger is put on the stack for a player who left (800.4d)"
            }
            MtgProp::NoDamageToLeaver => {
                "combat damage is never assigned to a player who left (800.4e)"
            }
            MtgProp::ChoicesMove => {
                "no choice waits for a player who left; an appointed chooser is an opponent if one is left (800.4f, 800.4g)"
            }
            MtgProp::LastKnown => {
                "an effect about a player who left uses their last known life (800.4h)"
            }
            MtgProp::TurnGoesOn => {
                "the turn of a player who left continues without an active player and ends (800.4i)"
            }
            MtgProp::NoTurnForLeaver => "a turn never begins for a player who left (800.4j)",
            MtgProp::UntilNextTurn => {
                "an effect until a player's next turn ends only when that turn begins or would have (800.4k)"
            }
            MtgProp::AnteStays => "a card in the ante zone stays there (800.4m)",
            MtgProp::PlanarInGame => "the planar controller is a player in the game (800.4n)",
            MtgProp::AttackerControlsAttackers => {
                "every attacking creature is controlled by the attacking player (506.4, 800.4a)"
            }
            MtgProp::GameOverWhenOneLeft => {
                "the game ends when one player is left, who wins, and not before (104.2a)"
            }
            MtgProp::NeverStuck => "some player in the game can always act until the game ends",
            MtgProp::NeverPanics => "the MTG engine answers every action without a panic",
        }
    }

    /// The property as reports name it: [`MtgProp::text`] without its rules.
    pub fn name(self) -> &'static str {
        self.text()
            .rsplit_once(" (")
            .map_or(self.text(), |(name, _)| name)
    }

    /// The rules it reads, as [`MtgProp::text`] cites them; 800.4 where it cites none.
    pub fn rule(self) -> &'static str {
        self.text()
            .rsplit_once(" (")
            .map_or("800.4", |(_, rules)| rules.trim_end_matches(')'))
    }

    /// Its short name in file names: the variant's name in kebab case.
    pub fn id(self) -> String {
        let mut out = String::new();
        for (i, c) in format!("{self:?}").chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
        }
        out
    }
}

/// Judges the properties on the views an observer sees.
pub struct Judge;

fn fail(ghost: &mut Ghost, p: MtgProp) {
    ghost.violated |= p.bit();
}

impl Judge {
    /// The properties that hold of a single view (the first state's, and each step's).
    pub fn view(v: &MtgView, ghost: &mut Ghost) {
        let left = |p: Player| !v.in_game(p);
        if v.priority.is_some_and(left) {
            fail(ghost, MtgProp::NoPriorityForLeaver);
        }
        let controlled_by_leaver = v.objects.iter().any(|o| {
            matches!(o.zone, Zone::Battlefield | Zone::Stack) && o.controller.is_none_or(left)
        }) || v.stack.iter().any(|i| left(i.controller()));
        if controlled_by_leaver {
            fail(ghost, MtgProp::NoControlByLeaver);
        }
        if v.pending.is_some_and(|c| left(c.by)) {
            fail(ghost, MtgProp::ChoicesMove);
        }
        for o in &v.objects {
            if let (Some(q), Some(power)) = (o.mirror_of, o.power)
                && v.players[usize::from(q.0)].life != power
            {
                fail(ghost, MtgProp::LastKnown);
            }
        }
        if v.planar_controller.is_some_and(left) {
            fail(ghost, MtgProp::PlanarInGame);
        }
        for o in v.objects.iter().filter(|o| o.attacking.is_some()) {
            if o.controller.is_none_or(|c| v.active != Some(c)) {
                fail(ghost, MtgProp::AttackerControlsAttackers);
            }
        }
        if left(v.turn_of) && v.active.is_some() {
            fail(ghost, MtgProp::TurnGoesOn);
        }
        let remaining = v.players.iter().filter(|p| p.in_game).count();
        let won = v.winner.is_some_and(|w| v.in_game(w));
        let ended_right = if remaining <= 1 {
            v.over && (remaining == 0 || won)
        } else {
            v.winner.is_none()
        };
        if !ended_right {
            fail(ghost, MtgProp::GameOverWhenOneLeft);
        }
        if !v.over && !someone_can_act(v) {
            fail(ghost, MtgProp::NeverStuck);
        }
    }

    /// A step from `before` to `after` (whose events are the step's).
    pub fn step(before: &MtgView, after: &MtgView, ghost: &mut Ghost) {
        Judge::view(after, ghost);
        Judge::events(before, after, ghost);
        for (i, o) in before.objects.iter().enumerate() {
            if o.zone == Zone::Ante && after.objects[i].zone != Zone::Ante {
                fail(ghost, MtgProp::AnteStays);
            }
        }
        for (q, p) in before.players.iter().enumerate() {
            if !p.in_game && after.players[q].life != p.life {
                fail(ghost, MtgProp::NoDamageToLeaver);
            }
        }
        if let (Some(ChoiceKind::Appoint { .. }), Some(c)) =
            (before.pending.map(|c| c.kind), after.pending)
            && let ChoiceKind::LifeGain {
                controller,
                opponent: true,
                ..
            } = c.kind
        {
            let opponent = |q: Player| q != controller && after.in_game(q);
            if c.by == controller && Player::all(after.players.len()).any(opponent) {
                fail(ghost, MtgProp::ChoicesMove);
            }
        }
        if before.planar_controller.is_some() && after.planar_controller.is_none() && !after.over {
            fail(ghost, MtgProp::PlanarInGame);
        }
    }

    /// The properties judged on the step's events, each at the moment it happened.
    fn events(before: &MtgView, after: &MtgView, ghost: &mut Ghost) {
        let mut gone: Vec<bool> = before.players.iter().map(|p| !p.in_game).collect();
        let left = |gone: &[bool], p: Player| gone[usize::from(p.0)];
        let turn_changes = after
            .events
            .iter()
            .any(|e| matches!(e, MtgEvent::TurnBegan { .. } | MtgEvent::TurnSkipped { .. }));
        for e in &after.events {
            match *e {
                MtgEvent::Left { player } => {
                    gone[usize::from(player.0)] = true;
                    Judge::stolen(before, after, player, ghost);
                }
                MtgEvent::TokenCreated { player, .. } if left(&gone, player) => {
                    fail(ghost, MtgProp::NoTokenForLeaver);
                }
                MtgEvent::Triggered { item } if left(&gone, item.controller()) => {
                    fail(ghost, MtgProp::NoTriggerForLeaver);
                }
                MtgEvent::Damage { player, .. } if left(&gone, player) => {
                    fail(ghost, MtgProp::NoDamageToLeaver);
                }
                MtgEvent::TurnBegan { player } => {
                    if left(&gone, player) {
                        fail(ghost, MtgProp::NoTurnForLeaver);
                    }
                    if !ghost.reached_end {
                        fail(ghost, MtgProp::TurnGoesOn);
                    }
                    ghost.reached_end = false;
                }
                MtgEvent::StepBegan {
                    step: riftcheck::mtg::Step::End,
                } => ghost.reached_end = true,
                MtgEvent::ProtectionEnded { .. } if !turn_changes => {
                    fail(ghost, MtgProp::UntilNextTurn);
                }
                MtgEvent::TurnSkipped { player }
                    if after.protections.iter().any(|p| p.player == player) =>
                {
                    fail(ghost, MtgProp::UntilNextTurn);
                }
                _ => {}
            }
        }
        for (i, p) in after.players.iter().enumerate() {
            let owned_in_game = after
                .objects
                .iter()
                .any(|o| usize::from(o.owner.0) == i && !matches!(o.zone, Zone::Gone | Zone::Ante));
            if !p.in_game && owned_in_game {
                fail(ghost, MtgProp::OwnedLeave);
            }
        }
    }

    /// 800.4a's first example: when `thief` leaves, a creature they controlled through a
    /// control effect, whose owner is still in the game, is not exiled or sent away for it.
    fn stolen(before: &MtgView, after: &MtgView, thief: Player, ghost: &mut Ghost) {
        for (i, o) in before.objects.iter().enumerate() {
            let newest = before
                .control
                .iter()
                .rev()
                .find(|e| usize::from(e.object.0) == i);
            let stolen = o.zone == Zone::Battlefield
                && newest.is_some_and(|e| e.controller == thief)
                && o.owner != thief
                && after.in_game(o.owner);
            let exiled = after.events.iter().any(|e| {
                matches!(*e, MtgEvent::Exiled { object, rule: "800.4a" } if usize::from(object.0) == i)
            });
            if stolen && exiled {
                fail(ghost, MtgProp::StolenReturns);
            }
        }
    }
}

/// The property a fault of the MTG engine breaks: the self-check expects the checker to find it
/// violated when the engine commits the fault.
pub fn broken_by(f: riftcheck::mtg::MtgFault) -> MtgProp {
    use riftcheck::mtg::MtgFault as F;
    match f {
        F::StolenExiled => MtgProp::StolenReturns,
        F::PriorityKept => MtgProp::NoPriorityForLeaver,
        F::LeaverTriggerPut => MtgProp::NoTriggerForLeaver,
        F::DamageToLeaver => MtgProp::NoDamageToLeaver,
        F::TokenForLeaver => MtgProp::NoTokenForLeaver,
        F::TurnForLeaver => MtgProp::NoTurnForLeaver,
        F::EffectsEndAtOnce => MtgProp::UntilNextTurn,
        F::AnteLeaves => MtgProp::AnteStays,
        F::ChoiceStays | F::AppointSelf => MtgProp::ChoicesMove,
        F::TurnEndsAtOnce => MtgProp::TurnGoesOn,
        F::ControlledStays => MtgProp::NoControlByLeaver,
        F::MirrorForgets => MtgProp::LastKnown,
        F::PlanarLeaves => MtgProp::PlanarInGame,
        F::StaysInCombat => MtgProp::AttackerControlsAttackers,
    }
}
