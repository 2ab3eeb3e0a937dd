//! Showdowns and Focus (313, 341-348), staged fights (323.6-323.9, 455-456).

use crate::action::Choice;
use crate::card::{BattlefieldId, TriggerEvent};
use crate::error::RuleError;
use crate::event::Event;
use crate::game::policy;
use crate::game::{Game, Showdown, Window};
use crate::seat::{Seat, SeatSet};

use super::{combat, control, triggers};

/// Passing Focus (347.4) happens in a Showdown Open state, by the Focus holder.
pub(crate) fn check_pass_focus(game: &Game, seat: Seat) -> Result<(), RuleError> {
    // 313.5: Focus exists only in a Showdown (341: a Showdown is the window Focus circulates
    // in).
    let Some(sd) = game.showdown() else {
        return Err(RuleError::NotInShowdown { seat });
    };
    // 313.3: while a Chain exists players pass Priority; Focus stays where it is.
    if game.is_closed() {
        return Err(RuleError::FocusPassInClosedState { seat });
    }
    if sd.focus != seat {
        return Err(RuleError::NoFocus {
            seat,
            focus: sd.focus,
        });
    }
    Ok(())
}

/// 347.4: the Focus holder passes; Focus goes to the next remaining player in turn order, unless
/// every remaining player has now passed in sequence, which ends the Showdown (347.3.a; done by
/// [`super::settle`]).
pub(crate) fn pass_focus(game: &mut Game, seat: Seat, ev: &mut Vec<Event>) {
    ev.push(Event::PassedFocus { seat });
    let remaining = game.remaining();
    let readings = game.readings;
    if let Window::Showdown(sd) = &mut game.s.window {
        sd.passed.insert(seat);
        if !policy::round_complete(&readings, sd.passed, remaining)
            && let Some(next) = policy::next_player(remaining, seat)
        {
            sd.focus = next;
            super::award::focus(game, next);
        }
    }
}

/// The Turn Player chooses which staged fight goes first (456.1, 323.8-323.9).
pub(crate) fn check_choose(game: &Game, seat: Seat, at: BattlefieldId) -> Result<(), RuleError> {
    if seat != game.s.turn {
        return Err(RuleError::NotTurnPlayer {
            seat,
            turn: game.s.turn,
        });
    }
    match game.awaiting() {
        Some(Choice::ChooseFight { .. }) if game.staged_fights().contains(&at) => Ok(()),
        Some(Choice::PlaceTriggers { seat: chooser }) => Err(RuleError::AwaitingChoice { chooser }),
        _ => Err(RuleError::NoStagedFight { at }),
    }
}

/// A staged fight begins (344, 455, 459): a combat if units of another player are there, else a
/// non-combat Showdown. The player who contested the battlefield has Focus first (345,
/// 459.2.b.1.a).
pub(crate) fn begin_fight(game: &mut Game, bf: BattlefieldId, ev: &mut Vec<Event>) {
    let Some(contester) = game.s.fields[bf.index()].contested_by else {
        return;
    };
    let defender = game
        .occupants(bf)
        .iter()
        .find(|&s| s != contester && game.opponents(s, contester));
    game.s.window = Window::Showdown(Showdown {
        at: bf,
        focus: contester,
        passed: SeatSet::EMPTY,
        combat: None,
    });
    ev.push(Event::ShowdownBegan { battlefield: bf });
    super::award::focus(game, contester);
    match defender {
        Some(defender) => combat::establish_roles(game, contester, defender, ev),
        None => {
            // Triggers "when a Showdown begins", placed from the Turn Player on (383.3.d).
            let order = policy::trigger_placement_order(
                &game.readings,
                game.remaining(),
                game.s.turn,
                None,
            );
            let waiting =
                triggers::triggered(game, |when, _| when == TriggerEvent::ShowdownBegins, &order);
            triggers::fire(game, waiting);
        }
    }
}

/// 347.3.a, 348: the Showdown ends. After a non-combat Showdown, a lone player with units there
/// who does not control the battlefield establishes control, a Conquer if they have not scored it
/// this turn (348.2, 465). After a combat's Showdown, the combat goes on to damage and
/// resolution (460-461).
pub(crate) fn end_showdown(game: &mut Game, ev: &mut Vec<Event>) {
    let Window::Showdown(sd) = game.s.window else {
        return;
    };
    ev.push(Event::ShowdownEnded { battlefield: sd.at });
    game.s.window = Window::Neutral;
    if let Some(fight) = sd.combat {
        combat::begin_damage(game, sd.at, fight);
        return;
    }
    let occupants = game.occupants(sd.at);
    game.s.fields[sd.at.index()].contested_by = None;
    if occupants.len() == 1
        && let Some(p) = occupants.lowest()
        && game.s.fields[sd.at.index()].controller != Some(p)
    {
        control::establish_control(game, sd.at, p, false, ev);
    }
}
