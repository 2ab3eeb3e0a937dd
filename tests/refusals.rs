//! Refusals that no scenario sentence can express, and the error catalogue itself.

use riftcheck::error::RULE_ERROR_NAMES;
use riftcheck::{Action, CardSet, Game, Location, Mode, RuleError, Seat, Setup};

#[test]
fn a_move_of_no_units_is_refused_and_changes_nothing() {
    let game = Game::from_setup(&Setup::new(Mode::Duel)).unwrap();
    let mut copy = game.clone();
    let err = copy
        .apply(Action::Move {
            seat: Seat::A,
            units: CardSet::EMPTY,
            to: Location::Base,
        })
        .unwrap_err();
    assert_eq!(err, RuleError::NothingToMove { seat: Seat::A });
    assert_eq!(err.rule(), "144.3");
    assert_eq!(copy, game);
}

#[test]
fn every_error_name_is_listed_once_and_cites_a_rule() {
    let mut names = RULE_ERROR_NAMES.to_vec();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), RULE_ERROR_NAMES.len());
    let samples = [
        RuleError::NotSeated { seat: Seat::D },
        RuleError::Removed { seat: Seat::B },
        RuleError::NoPriority {
            seat: Seat::B,
            holder: Some(Seat::A),
        },
        RuleError::NothingToMove { seat: Seat::A },
    ];
    for e in samples {
        assert!(RULE_ERROR_NAMES.contains(&e.name()));
        assert!(!e.rule().is_empty());
        assert!(
            e.to_string().contains(e.rule()),
            "{e} should cite {}",
            e.rule()
        );
    }
}
