//! The transition functions, one file per rulebook section. Each action is first checked (no
//! change to the game) and then performed (infallible), so a refused action changes nothing.

pub(crate) mod award;
pub(crate) mod chain;
pub(crate) mod cleanup;
pub(crate) mod combat;
pub(crate) mod control;
pub(crate) mod counter;
pub(crate) mod effects;
pub(crate) mod hide;
pub(crate) mod lasting;
pub(crate) mod movement;
pub(crate) mod play;
pub(crate) mod priority;
pub(crate) mod removal;
pub(crate) mod resolve;
pub(crate) mod showdown;
pub(crate) mod triggers;
pub(crate) mod turn;

use crate::action::Action;
use crate::engine::Riftbound;
use crate::error::RuleError;
use crate::event::Event;
use crate::game::Game;
use crate::setup::{Setup, SetupErrors};

impl Game {
    /// The game `setup` describes, after it has proceeded through anything that needs no
    /// player (a lone staged fight begins, a Showdown whose round of passes is complete ends);
    /// [`crate::Engine::start`] without the events of that proceeding.
    ///
    /// # Errors
    ///
    /// [`SetupErrors`]: every problem that makes the table impossible, each with its field.
    pub fn from_setup(setup: &Setup) -> Result<Game, SetupErrors> {
        <Game as crate::engine::Engine<Riftbound>>::start(setup).map(|(g, _)| g)
    }
}

impl crate::engine::Engine<Riftbound> for Game {
    const NAME: &'static str = "the engine";

    /// The game `setup` describes, after it has proceeded through anything that needs no
    /// player (a lone staged fight begins, a Showdown whose round of passes is complete ends).
    fn start(setup: &Setup) -> Result<(Game, Vec<Event>), SetupErrors> {
        let table = setup.validate()?;
        let mut game = Game::from_table(&table);
        let mut events = Vec::new();
        settle(&mut game, &mut events);
        Ok((game, events))
    }

    fn well_formed(&self, out: &mut Vec<Action>) {
        self.well_formed_into(out);
    }

    /// An accepted action returns the events it caused, in order; a refused one returns the
    /// rule it breaks and leaves the game exactly as it was. A concession takes effect between
    /// atomic actions, and the removal procedure is itself atomic (policy
    /// `concession-timing`).
    fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        check(self, action)?;
        let mut events = Vec::with_capacity(8);
        perform(self, action, &mut events);
        Ok(events)
    }

    fn observe(&self) -> crate::observation::Observation {
        self.observation()
    }

    fn step_checked_into(
        &mut self,
        action: Action,
        out: &mut crate::observation::Observation,
    ) -> Result<(), RuleError> {
        out.events.clear();
        perform(self, action, &mut out.events);
        self.observation_into(out);
        Ok(())
    }

    fn check(&self, action: Action) -> Result<(), RuleError> {
        check(self, action)
    }
}

/// Whether `action` is legal now, and if not, the rule it breaks.
pub(crate) fn check(game: &Game, action: Action) -> Result<(), RuleError> {
    if let crate::game::Window::Over { winners, by_score } = game.s.window {
        return Err(RuleError::GameOver { winners, by_score });
    }
    check_ids(game, action)?;
    let seat = action.seat();
    // 478: only the players the mode seats take part.
    if !game.seated().contains(seat) {
        return Err(RuleError::NotSeated { seat });
    }
    // 651.3: a removed player can no longer make choices or influence the game.
    if game.removed().contains(seat) {
        return Err(RuleError::Removed { seat });
    }
    match action {
        // 650: a player may concede at any time.
        Action::Concede { .. } => Ok(()),
        Action::Place { seat, card } => triggers::check_place(game, seat, card),
        Action::Choose { seat, at } => showdown::check_choose(game, seat, at),
        Action::Assign { seat, unit } => combat::check_assign(game, seat, unit),
        _ => {
            if let Some(choice) = game.awaiting() {
                return Err(RuleError::AwaitingChoice {
                    chooser: choice.seat(),
                });
            }
            match action {
                Action::Pass { seat } => resolve::check_pass(game, seat),
                Action::PassFocus { seat } => showdown::check_pass_focus(game, seat),
                Action::Play {
                    seat,
                    card,
                    target,
                    at,
                } => play::check_play(game, seat, card, target, at),
                Action::Activate { seat, card, target } => {
                    play::check_activate(game, seat, card, target)
                }
                Action::Move { seat, units, to } => movement::check_move(game, seat, units, to),
                Action::EndTurn { seat } => turn::check_end_turn(game, seat),
                Action::Invite { seat, teammate } => turn::check_invite(game, seat, teammate),
                Action::Hide { seat, card, at } => hide::check_hide(game, seat, card, at),
                Action::Concede { .. }
                | Action::Place { .. }
                | Action::Choose { .. }
                | Action::Assign { .. } => Ok(()),
            }
        }
    }
}

/// Refuses an action that names a card (121) or battlefield (168) the game does not have:
/// actions built by hand, not from a sentence, can name anything.
fn check_ids(game: &Game, action: Action) -> Result<(), RuleError> {
    let cards = game.catalog.cards.len();
    let fields = game.catalog.battlefields.len();
    let card_ok = |c: crate::card::CardId| {
        if c.index() < cards {
            Ok(())
        } else {
            Err(RuleError::NoSuchCard { card: c })
        }
    };
    let field_ok = |l: Option<crate::zone::Location>| match l {
        Some(crate::zone::Location::Field(b)) if b.index() >= fields => {
            Err(RuleError::NoSuchBattlefield { at: b })
        }
        _ => Ok(()),
    };
    match action {
        Action::Play {
            card, target, at, ..
        } => {
            card_ok(card)?;
            target.map_or(Ok(()), card_ok)?;
            field_ok(at)
        }
        Action::Activate { card, target, .. } => {
            card_ok(card)?;
            target.map_or(Ok(()), card_ok)
        }
        Action::Move { units, to, .. } => {
            units.iter().try_for_each(card_ok)?;
            field_ok(Some(to))
        }
        Action::Place { card, .. } => card_ok(card),
        Action::Hide { card, at, .. } => {
            card_ok(card)?;
            field_ok(Some(crate::zone::Location::Field(at)))
        }
        Action::Choose { at, .. } => field_ok(Some(crate::zone::Location::Field(at))),
        Action::Assign { unit, .. } => card_ok(unit),
        _ => Ok(()),
    }
}

/// Performs a checked action, then lets the game proceed until a player must act.
pub(crate) fn perform(game: &mut Game, action: Action, ev: &mut Vec<Event>) {
    match action {
        Action::Pass { seat } => resolve::pass(game, seat, ev),
        Action::PassFocus { seat } => showdown::pass_focus(game, seat, ev),
        Action::Play {
            seat,
            card,
            target,
            at,
        } => play::play(game, seat, card, target, at, ev),
        Action::Activate { seat, card, target } => play::activate(game, seat, card, target, ev),
        Action::Move { seat, units, to } => movement::standard_move(game, seat, units, to, ev),
        Action::EndTurn { seat } => turn::end_turn(game, seat, ev),
        Action::Concede { seat } => removal::concede(game, seat, ev),
        Action::Place { seat, card } => triggers::place(game, seat, card, ev),
        Action::Choose { seat: _, at } => showdown::begin_fight(game, at, ev),
        Action::Invite { seat: _, teammate } => turn::invite(game, teammate, ev),
        Action::Hide { seat, card, at } => hide::hide(game, seat, card, at, ev),
        Action::Assign { seat, unit } => combat::assign_next(game, seat, unit, ev),
    }
    // 652.5.b.2: a removal that completes the round of Focus passes ends the Showdown.
    let unnoticed = matches!(action, Action::Concede { .. })
        && !crate::game::policy::removal_ends_showdown(&game.readings);
    settle_unless(game, ev, unnoticed);
}

/// After every action: run cleanups and let the game proceed through everything that needs no
/// player (335: outstanding tasks are handled first; ending a Showdown whose round of Focus
/// passes is complete, 347-348; beginning a turn handed on by a removal; beginning a lone
/// staged fight) until a player must act or the game is over.
pub(crate) fn settle(game: &mut Game, ev: &mut Vec<Event>) {
    settle_unless(game, ev, false);
}

fn settle_unless(game: &mut Game, ev: &mut Vec<Event>, keep_showdown: bool) {
    let made = ev.len();
    proceed(game, ev, keep_showdown);
    award::announce(game, ev, made);
}

fn proceed(game: &mut Game, ev: &mut Vec<Event>, keep_showdown: bool) {
    // Each pass through the loop either returns or makes progress that cannot repeat forever:
    // a Showdown ends, a turn begins, or a staged fight begins (and its battlefield stops being
    // staged). The bound is a guard against a rules bug, not a rule.
    for _ in 0..64 {
        cleanup::cleanup(game, ev);
        if game.is_over() {
            return;
        }
        // 335.1, 383.3: triggers that fired wait for the Cleanup; then they are placed, and
        // finalized once all are (a Cleanup follows each pending item added, 319).
        if std::mem::take(&mut game.pending.placing) {
            triggers::advance(game, ev);
            continue;
        }
        if game.is_closed() {
            return;
        }
        // 460: a combat's damage step waits for a player's assignment, or is dealt.
        if game.assigning().is_some() {
            if combat::continue_damage(game, ev) {
                continue;
            }
            return;
        }
        if let Some(sd) = game.showdown().copied() {
            if crate::game::policy::round_complete(&game.readings, sd.passed, game.remaining())
                && !keep_showdown
            {
                showdown::end_showdown(game, ev);
                continue;
            }
            // 323.9.a: another player's units arrived where a non-combat Showdown runs.
            if sd.combat.is_none() && combat::convert_to_combat(game, ev) {
                continue;
            }
            return;
        }
        if !game.s.turn_begun {
            let seat = game.s.turn;
            turn::begin_turn(game, seat, ev);
            continue;
        }
        let staged = game.staged_fights();
        if staged.len() == 1 {
            showdown::begin_fight(game, staged[0], ev);
            continue;
        }
        return;
    }
}
