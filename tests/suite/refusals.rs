//! Refusals that no scenario sentence can express, and the error catalogue itself.

use riftcheck::Engine as _;
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

/// Actions built by hand can name anything: cards and battlefields the game does not have,
/// seats not at the table. They are refused with a typed error, never a panic, the game is left
/// as it was, and the spec refuses them too.
#[test]
fn actions_naming_anything_are_refused_not_panicked_on() {
    use arbitrary::{Arbitrary, Unstructured};
    use riftcheck::harness::generate;
    use riftcheck::oracle::{Lockstep, Spec, Stepped};
    use riftcheck::{BattlefieldId, CardId};

    fn raw(u: &mut Unstructured<'_>) -> arbitrary::Result<Action> {
        let seat = Seat::from_index(u.int_in_range(0..=3)?).unwrap_or(Seat::A);
        let card = CardId::from_index(u.int_in_range(0..=40)?);
        let other = Option::<u8>::arbitrary(u)?.map(|i| CardId::from_index(usize::from(i % 41)));
        let bf = BattlefieldId::from_index(u.int_in_range(0..=6)?);
        let at = *u.choose(&[None, Some(Location::Base), Some(Location::Field(bf))])?;
        let mut units = CardSet::EMPTY;
        units.insert(card);
        Ok(match u.int_in_range(0..=10)? {
            0 => Action::Pass { seat },
            1 => Action::PassFocus { seat },
            2 => Action::Play {
                seat,
                card,
                target: other,
                at,
            },
            3 => Action::Activate {
                seat,
                card,
                target: other,
            },
            4 => Action::Move {
                seat,
                units,
                to: at.unwrap_or(Location::Base),
            },
            5 => Action::EndTurn { seat },
            6 => Action::Concede { seat },
            7 => Action::Place { seat, card },
            8 => Action::Choose { seat, at: bf },
            9 => Action::Assign { seat, unit: card },
            _ => Action::Invite {
                seat,
                teammate: Seat::from_index(u.int_in_range(0..=3)?).unwrap_or(Seat::B),
            },
        })
    }

    for seed in 0..400u64 {
        let bytes = generate::seeded_bytes(seed, 2048);
        let mut u = Unstructured::new(&bytes);
        let setup = generate::setup(&mut u).unwrap();
        let started = Lockstep::<Game, Spec>::start(&setup).unwrap();
        let (mut pair, catalog) = (started.pair, started.catalog);
        for _ in 0..200 {
            let Ok(action) = raw(&mut u) else { break };
            let before = pair.engine.clone();
            match pair.step(action, &catalog) {
                Stepped::Refused(_) => {
                    assert_eq!(
                        pair.engine, before,
                        "seed {seed}: a refusal changed the game"
                    )
                }
                Stepped::Agreed(_) => {}
                Stepped::Disagreed(d, _) => panic!("seed {seed}: {action:?}: {d}"),
            }
        }
    }
}

/// Each place an action can name a card or a battlefield is checked, up to the last one the game
/// has.
#[test]
fn unknown_cards_and_battlefields_are_named_in_the_refusal() {
    use riftcheck::{BattlefieldId, CardId, CardKind, CardSetup, ZoneSetup};
    let mut setup = Setup::new(Mode::Skirmish);
    setup.cards.push(CardSetup::new(
        "Bolt",
        CardKind::Spell,
        Seat::A,
        ZoneSetup::Hand,
    ));
    let game = Game::from_setup(&setup).unwrap();
    let known = CardId::from_index(0);
    // One past the last card and the last battlefield.
    let card = CardId::from_index(game.catalog().cards.len());
    let bf = BattlefieldId::from_index(game.catalog().battlefields.len());
    let seat = Seat::A;
    let units: CardSet = [card].into_iter().collect();
    let no_card = RuleError::NoSuchCard { card };
    let no_field = RuleError::NoSuchBattlefield { at: bf };
    let cases = [
        (
            Action::Play {
                seat,
                card,
                target: None,
                at: None,
            },
            no_card,
        ),
        (
            Action::Play {
                seat,
                card: known,
                target: Some(card),
                at: None,
            },
            no_card,
        ),
        (
            Action::Play {
                seat,
                card: known,
                target: None,
                at: Some(Location::Field(bf)),
            },
            no_field,
        ),
        (
            Action::Activate {
                seat,
                card,
                target: None,
            },
            no_card,
        ),
        (
            Action::Activate {
                seat,
                card: known,
                target: Some(card),
            },
            no_card,
        ),
        (
            Action::Move {
                seat,
                units,
                to: Location::Base,
            },
            no_card,
        ),
        (
            Action::Move {
                seat,
                units: [known].into_iter().collect(),
                to: Location::Field(bf),
            },
            no_field,
        ),
        (Action::Place { seat, card }, no_card),
        (
            Action::Hide {
                seat,
                card,
                at: BattlefieldId::from_index(0),
            },
            no_card,
        ),
        (
            Action::Hide {
                seat,
                card: known,
                at: bf,
            },
            no_field,
        ),
        (Action::Choose { seat, at: bf }, no_field),
        (Action::Assign { seat, unit: card }, no_card),
    ];
    for (action, expected) in cases {
        assert_eq!(game.check(action), Err(expected), "{action:?}");
    }
}

/// Once the game is over, every action is refused citing how it ended: on points (467), or by
/// the concessions that left one player (651.1). The engine and the spec agree on both.
#[test]
fn a_finished_game_refuses_citing_how_it_was_won() {
    use riftcheck::CardKind;
    use riftcheck::oracle::{Lockstep, Spec};
    use riftcheck::setup::{BattlefieldSetup, CardSetup, ZoneSetup};
    let mut s = Setup::new(Mode::Duel);
    s.points = vec![(Seat::A, 0), (Seat::B, 7)];
    for (name, contributor, controller) in
        [("Ridge", Seat::A, None), ("Marsh", Seat::B, Some(Seat::B))]
    {
        s.battlefields.push(BattlefieldSetup {
            name: name.into(),
            contributor,
            might_bonus: 0,
            controller,
            token: false,
            contested_by: None,
        });
    }
    let mut sentry = CardSetup::new(
        "Sentry",
        CardKind::Unit,
        Seat::B,
        ZoneSetup::Field("Marsh".into()),
    );
    sentry.might = 1;
    s.cards.push(sentry);
    let refusal = |steps: &[Action]| {
        let mut pair = Lockstep::<Game, Spec>::start(&s).unwrap().pair;
        for &a in steps {
            let cat = pair.spec.catalog().clone();
            assert!(
                matches!(pair.step(a, &cat), riftcheck::oracle::Stepped::Agreed(_)),
                "{a:?}"
            );
        }
        match pair.refusal(Action::Concede { seat: Seat::A }) {
            Some(Ok(e)) => e,
            other => panic!("not refused alike: {other:?}"),
        }
    };
    // B Holds Marsh in their Beginning Phase and reaches the Victory Score (467).
    let on_points = refusal(&[Action::EndTurn { seat: Seat::A }]);
    assert!(
        matches!(on_points, RuleError::GameOver { by_score: true, .. }),
        "{on_points}"
    );
    assert_eq!(on_points.rule(), "467");
    assert!(on_points.to_string().contains("(467)"), "{on_points}");
    // A concedes instead: B wins by the concession (651.1).
    let by_concession = refusal(&[Action::Concede { seat: Seat::A }]);
    assert!(matches!(
        by_concession,
        RuleError::GameOver {
            by_score: false,
            ..
        }
    ));
    assert_eq!(by_concession.rule(), "651.1");
}
