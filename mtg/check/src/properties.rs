//! The properties of 800.4 the checker judges on every step of an MTG game, from what an
//! observer sees: the view before, the view after and the step's events. None reads an engine's
//! internals.

use riftcheck::mtg::{ChoiceKind, MtgEvent, MtgView, Player, Zone};
use riftcheck_core::{Kind, Property, Set, Verdict};

/// What the checker remembers beside the two games: the properties already violated on the way
/// here, the concessions made, and whether the current turn has reached its end step.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Ghost {
    /// The properties violated on the path to this state.
    pub violated: Set<MtgProp>,
    /// Concessions made so far.
    pub concessions: u8,
    /// Whether the current turn's end step has begun (800.4i: a turn passes through it).
    pub reached_end: bool,
    /// Whether the game is over (a function of the engine's game: it adds no state).
    pub over: bool,
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

    /// Its judge: `None` for the two the model judges itself (the engine and the spec agree;
    /// the engine never panics).
    fn judge(self) -> Option<JudgeFn> {
        let judge: JudgeFn = match self {
            MtgProp::Agree | MtgProp::NeverPanics => return None,
            MtgProp::NoPriorityForLeaver => no_priority_for_leaver,
            MtgProp::NoControlByLeaver => no_control_by_leaver,
            MtgProp::OwnedLeave => owned_leave,
            MtgProp::StolenReturns => stolen_returns,
            MtgProp::NoTokenForLeaver => no_token_for_leaver,
            MtgProp::NoTriggerForLeaver => no_trigger_for_leaver,
            MtgProp::NoDamageToLeaver => no_damage_to_leaver,
            MtgProp::ChoicesMove => choices_move,
            MtgProp::LastKnown => last_known,
            MtgProp::TurnGoesOn => turn_goes_on,
            MtgProp::NoTurnForLeaver => no_turn_for_leaver,
            MtgProp::UntilNextTurn => until_next_turn,
            MtgProp::AnteStays => ante_stays,
            MtgProp::PlanarInGame => planar_in_game,
            MtgProp::AttackerControlsAttackers => attacker_controls_attackers,
            MtgProp::GameOverWhenOneLeft => game_over_when_one_left,
            MtgProp::NeverStuck => never_stuck,
        };
        Some(judge)
    }
}

impl Property for MtgProp {
    const ALL: &'static [MtgProp] = &MtgProp::ALL;

    fn index(self) -> usize {
        self as usize
    }

    /// [`MtgProp::text`] without its rules.
    fn name(self) -> &'static str {
        self.text()
            .rsplit_once(" (")
            .map_or(self.text(), |(name, _)| name)
    }

    /// The rules [`MtgProp::text`] cites; 800.4 where it cites none.
    fn rule(self) -> &'static str {
        self.text()
            .rsplit_once(" (")
            .map_or("800.4", |(_, rules)| rules.trim_end_matches(')'))
    }

    fn kind(self) -> Kind {
        Kind::Always
    }
}

/// What a judge reads: what an observer sees of the state reached (the first state, or the one
/// a step led to, the step's events included), and the step into it, if there was one.
pub struct Judging<'a> {
    /// The state reached.
    pub after: &'a MtgView,
    /// The step into it; `None` for the first state.
    pub step: Option<Step<'a>>,
}

/// A step into a state, as an observer saw it.
pub struct Step<'a> {
    /// What was seen before it.
    pub before: &'a MtgView,
    /// Whether the turn had reached its end step before it ([`Ghost::reached_end`]).
    pub reached_end: bool,
}

/// A property's judge.
type JudgeFn = fn(&Judging<'_>) -> Verdict;

/// Judges every property but the model's own on `after` (and the step into it), and updates
/// `ghost`: the properties broken join those broken on the way, and whether the turn has
/// reached its end step follows the step's events.
pub fn judge(before: Option<&MtgView>, after: &MtgView, ghost: &mut Ghost) {
    let j = Judging {
        after,
        step: before.map(|before| Step {
            before,
            reached_end: ghost.reached_end,
        }),
    };
    for &p in &MtgProp::ALL {
        if p.judge().is_some_and(|judge| judge(&j).is_broken()) {
            ghost.violated.insert(p);
        }
    }
    if j.step.is_some() {
        ghost.reached_end = reached_end_after(ghost.reached_end, &after.events);
    }
}

/// 800.4i: whether the turn has reached its end step after `events`, from `reached` before them:
/// a turn that begins has not; the end step beginning has.
fn reached_end_after(mut reached: bool, events: &[MtgEvent]) -> bool {
    for e in events {
        match e {
            MtgEvent::TurnBegan { .. } => reached = false,
            MtgEvent::StepBegan {
                step: riftcheck::mtg::Step::End,
            } => reached = true,
            _ => {}
        }
    }
    reached
}

/// Whether `p` had left the game by the `i`-th event of the step into `after`: before the
/// step, or by an earlier event of it.
fn gone_by(step: &Step<'_>, after: &MtgView, i: usize, p: Player) -> bool {
    !step.before.in_game(p)
        || after.events[..i]
            .iter()
            .any(|e| matches!(*e, MtgEvent::Left { player } if player == p))
}

/// Whether some event of the step into `after` breaks `broken`, told whether its player had
/// left by then; `false` on the first state.
fn some_event(
    j: &Judging<'_>,
    broken: impl Fn(&MtgEvent, &dyn Fn(Player) -> bool) -> bool,
) -> bool {
    let Some(step) = &j.step else {
        return false;
    };
    j.after
        .events
        .iter()
        .enumerate()
        .any(|(i, e)| broken(e, &|p| gone_by(step, j.after, i, p)))
}

/// 800.4a: a player who left never receives priority.
fn no_priority_for_leaver(j: &Judging<'_>) -> Verdict {
    let v = j.after;
    Verdict::broken_if(v.priority.is_some_and(|p| !v.in_game(p)))
}

/// 800.4a, 800.4c: nothing on the battlefield or the stack is controlled by a player who left.
fn no_control_by_leaver(j: &Judging<'_>) -> Verdict {
    let v = j.after;
    let left = |p: Player| !v.in_game(p);
    let object = v.objects.iter().any(|o| {
        matches!(o.zone, Zone::Battlefield | Zone::Stack) && o.controller.is_none_or(left)
    });
    Verdict::broken_if(object || v.stack.iter().any(|i| left(i.controller())))
}

/// 800.4a, 800.4m: after a step, nothing a player who left owns is in the game, but in the
/// ante zone.
fn owned_leave(j: &Judging<'_>) -> Verdict {
    if j.step.is_none() {
        return Verdict::Holds;
    }
    let v = j.after;
    let stays = v.players.iter().enumerate().any(|(i, p)| {
        !p.in_game
            && v.objects
                .iter()
                .any(|o| usize::from(o.owner.0) == i && !matches!(o.zone, Zone::Gone | Zone::Ante))
    });
    Verdict::broken_if(stays)
}

/// 800.4a's first example: when a thief leaves, a creature they controlled through a control
/// effect, whose owner is still in the game, is not exiled or sent away for it.
fn stolen_returns(j: &Judging<'_>) -> Verdict {
    let Some(step) = &j.step else {
        return Verdict::Holds;
    };
    let (before, after) = (step.before, j.after);
    let exiled_from_thief = |thief: Player| {
        before.objects.iter().enumerate().any(|(i, o)| {
            let newest = before
                .control
                .iter()
                .rev()
                .find(|e| usize::from(e.object.0) == i);
            let stolen = o.zone == Zone::Battlefield
                && newest.is_some_and(|e| e.controller == thief)
                && o.owner != thief
                && after.in_game(o.owner);
            stolen
                && after.events.iter().any(|e| {
                    matches!(*e, MtgEvent::Exiled { object, rule: "800.4a" } if usize::from(object.0) == i)
                })
        })
    };
    Verdict::broken_if(after.events.iter().any(|e| match *e {
        MtgEvent::Left { player } => exiled_from_thief(player),
        _ => false,
    }))
}

/// 800.4b: no token is created for a player who left.
fn no_token_for_leaver(j: &Judging<'_>) -> Verdict {
    Verdict::broken_if(some_event(
        j,
        |e, gone| matches!(*e, MtgEvent::TokenCreated { player, .. } if gone(player)),
    ))
}

/// 800.4d: no trigger is put on the stack for a player who left.
fn no_trigger_for_leaver(j: &Judging<'_>) -> Verdict {
    Verdict::broken_if(some_event(
        j,
        |e, gone| matches!(*e, MtgEvent::Triggered { item } if gone(item.controller())),
    ))
}

/// 800.4e: combat damage is never assigned to a player who left, nor does their life change.
fn no_damage_to_leaver(j: &Judging<'_>) -> Verdict {
    let Some(step) = &j.step else {
        return Verdict::Holds;
    };
    let life_changed = step
        .before
        .players
        .iter()
        .enumerate()
        .any(|(q, p)| !p.in_game && j.after.players[q].life != p.life);
    let damaged = some_event(
        j,
        |e, gone| matches!(*e, MtgEvent::Damage { player, .. } if gone(player)),
    );
    Verdict::broken_if(life_changed || damaged)
}

/// 800.4f, 800.4g: no choice waits for a player who left; an appointed chooser is an opponent
/// when one is left.
fn choices_move(j: &Judging<'_>) -> Verdict {
    let after = j.after;
    if after.pending.is_some_and(|c| !after.in_game(c.by)) {
        return Verdict::Broken;
    }
    let Some(step) = &j.step else {
        return Verdict::Holds;
    };
    if let (Some(ChoiceKind::Appoint { .. }), Some(c)) =
        (step.before.pending.map(|c| c.kind), after.pending)
        && let ChoiceKind::LifeGain {
            controller,
            opponent: true,
            ..
        } = c.kind
    {
        let opponent = |q: Player| q != controller && after.in_game(q);
        return Verdict::broken_if(
            c.by == controller && Player::all(after.players.len()).any(opponent),
        );
    }
    Verdict::Holds
}

/// 800.4h: Life Mirror's power is its player's life, the last known one once they left.
fn last_known(j: &Judging<'_>) -> Verdict {
    let v = j.after;
    Verdict::broken_if(v.objects.iter().any(|o| {
        matches!((o.mirror_of, o.power), (Some(q), Some(power)) if v.players[usize::from(q.0)].life != power)
    }))
}

/// 800.4i: the turn of a player who left goes on without an active player, through its end
/// step (a turn begins only after the end step of the one before).
fn turn_goes_on(j: &Judging<'_>) -> Verdict {
    let v = j.after;
    if !v.in_game(v.turn_of) && v.active.is_some() {
        return Verdict::Broken;
    }
    let Some(step) = &j.step else {
        return Verdict::Holds;
    };
    let mut reached = step.reached_end;
    for e in &v.events {
        match e {
            MtgEvent::TurnBegan { .. } if !reached => return Verdict::Broken,
            _ => reached = reached_end_after(reached, std::slice::from_ref(e)),
        }
    }
    Verdict::Holds
}

/// 800.4j: a turn never begins for a player who left.
fn no_turn_for_leaver(j: &Judging<'_>) -> Verdict {
    Verdict::broken_if(some_event(
        j,
        |e, gone| matches!(*e, MtgEvent::TurnBegan { player } if gone(player)),
    ))
}

/// 800.4k: an "until your next turn" effect ends only as that turn begins or would have.
fn until_next_turn(j: &Judging<'_>) -> Verdict {
    let after = j.after;
    let turn_changes = after
        .events
        .iter()
        .any(|e| matches!(e, MtgEvent::TurnBegan { .. } | MtgEvent::TurnSkipped { .. }));
    Verdict::broken_if(some_event(j, |e, _| match *e {
        MtgEvent::ProtectionEnded { .. } => !turn_changes,
        MtgEvent::TurnSkipped { player } => after.protections.iter().any(|p| p.player == player),
        _ => false,
    }))
}

/// 800.4m: a card in the ante zone stays there.
fn ante_stays(j: &Judging<'_>) -> Verdict {
    let Some(step) = &j.step else {
        return Verdict::Holds;
    };
    Verdict::broken_if(
        step.before
            .objects
            .iter()
            .enumerate()
            .any(|(i, o)| o.zone == Zone::Ante && j.after.objects[i].zone != Zone::Ante),
    )
}

/// 800.4n: the planar controller is always a player in the game.
fn planar_in_game(j: &Judging<'_>) -> Verdict {
    let after = j.after;
    if after.planar_controller.is_some_and(|p| !after.in_game(p)) {
        return Verdict::Broken;
    }
    Verdict::broken_if(j.step.as_ref().is_some_and(|step| {
        step.before.planar_controller.is_some() && after.planar_controller.is_none() && !after.over
    }))
}

/// 506.4 (with 800.4a): every attacking creature is controlled by the attacking player.
fn attacker_controls_attackers(j: &Judging<'_>) -> Verdict {
    let v = j.after;
    Verdict::broken_if(
        v.objects
            .iter()
            .filter(|o| o.attacking.is_some())
            .any(|o| o.controller.is_none_or(|c| v.active != Some(c))),
    )
}

/// 104.2a: the game ends when one player is left, who wins, and not before.
fn game_over_when_one_left(j: &Judging<'_>) -> Verdict {
    let v = j.after;
    let remaining = v.players.iter().filter(|p| p.in_game).count();
    let won = v.winner.is_some_and(|w| v.in_game(w));
    let ended_right = if remaining <= 1 {
        v.over && (remaining == 0 || won)
    } else {
        v.winner.is_none()
    };
    Verdict::broken_if(!ended_right)
}

/// The game never stops with nobody able to act, unless it is over.
fn never_stuck(j: &Judging<'_>) -> Verdict {
    Verdict::broken_if(!j.after.over && !someone_can_act(j.after))
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
