//! The validating constructor refuses every impossible table, naming the field and the problem;
//! each case below breaks one rule of a valid setup.

use riftcheck::card::CardKind;
use riftcheck::card::MAX_CARDS;
use riftcheck::item::{ItemKind, MAX_CHAIN, Opener};
use riftcheck::{Game, ItemSetup, Mode, Seat, Setup, SetupProblem, ZoneSetup};

mod cases;
use cases::*;

#[test]
fn the_base_setup_and_its_variants_with_a_chain_and_a_showdown_are_valid() {
    Game::from_setup(&base()).unwrap();
    Game::from_setup(&with_chain(base())).unwrap();
    Game::from_setup(&with_showdown(base())).unwrap();
    let mut trigger = with_chain(base());
    trigger.opened_by = Opener::Trigger;
    Game::from_setup(&trigger).unwrap();
    let mut full = base();
    fill_hands(&mut full, MAX_CARDS);
    Game::from_setup(&full).unwrap();
    Game::from_setup(&with_counter(base())).unwrap();
    Game::from_setup(&with_seize(base(), "Scout")).unwrap();
    Game::from_setup(&with_activations(base(), MAX_CHAIN)).unwrap();
    let mut passed = with_showdown(base());
    passed.showdown.as_mut().unwrap().passed = vec![Seat::B];
    Game::from_setup(&passed).unwrap();
    // A removal can complete the round of Focus passes while a Chain exists: the Showdown ends
    // only once the Chain is empty (347.3.a, 652.5).
    let mut passed = with_chain(with_showdown(base()));
    passed.showdown.as_mut().unwrap().passed = vec![Seat::A, Seat::B, Seat::C];
    Game::from_setup(&passed).unwrap();
}

#[test]
fn a_unit_on_the_chain_is_refused_for_resolving_at_once() {
    let mut s = base();
    s.cards[1].zone = ZoneSetup::Chain;
    let e = Game::from_setup(&s).unwrap_err();
    assert_eq!(e.first().at.to_string(), "setup.cards[1].zone");
    assert_eq!(e.first().problem, SetupProblem::PermanentOnChain);
    assert!(e.to_string().contains("337.1.c"), "{e}");
}

#[test]
fn every_impossible_table_is_refused_where_it_is_wrong() {
    let mut wrong = Vec::new();
    for (what, breaks, path) in CASES {
        let mut s = base();
        breaks(&mut s);
        match Game::from_setup(&s) {
            Ok(_) => wrong.push(format!("{what}: accepted")),
            Err(e) => {
                if e.at(path).is_none() {
                    wrong.push(format!("{what}: refused as\n{e}\nexpected at {path}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn magma_chamber_removes_whole_teams_and_takes_invitations() {
    let mut s = Setup::new(Mode::MagmaChamber);
    s.removed = vec![Seat::B];
    let e = Game::from_setup(&s).unwrap_err();
    assert_eq!(e.first().at.to_string(), "setup.removed");
    assert_eq!(
        e.first().problem,
        SetupProblem::TeammateNotRemoved {
            seat: Seat::B,
            teammate: Seat::D
        }
    );
    let mut s = Setup::new(Mode::MagmaChamber);
    s.invited = Some(Seat::C);
    Game::from_setup(&s).unwrap();
    s.invited = Some(Seat::B);
    assert_eq!(
        Game::from_setup(&s).unwrap_err().first().at.to_string(),
        "setup.invited"
    );
    // Not while a Chain exists, even in a Neutral state (316.2.b.1).
    s.invited = Some(Seat::C);
    s.cards = vec![card("Bolt", CardKind::Spell, Seat::A, ZoneSetup::Chain)];
    s.chain = vec![ItemSetup {
        source: "Bolt".into(),
        kind: ItemKind::Spell,
        controller: Seat::A,
        target: None,
    }];
    s.priority = Some(Seat::A);
    assert_eq!(
        Game::from_setup(&s).unwrap_err().first().at.to_string(),
        "setup.invited"
    );
    s.invited = None;
    Game::from_setup(&s).unwrap();
    let mut s = Setup::new(Mode::War);
    s.battlefields = vec![
        bf("Ridge", Seat::A),
        bf("Marsh", Seat::B),
        bf("Crag", Seat::C),
    ];
    let e = Game::from_setup(&s).unwrap_err();
    assert_eq!(
        e.first().at.to_string(),
        "setup.battlefields[0].contributor"
    );
    assert!(matches!(
        e.first().problem,
        SetupProblem::BattlefieldNotInUse { .. }
    ));
}

#[test]
fn every_problem_is_reported_with_its_field_and_a_typed_reason() {
    let mut s = base();
    s.turn = Seat::D;
    s.cards[1].might = 2;
    s.cards[0].might = 3;
    s.cards[2].damage = 1;
    s.victory_score = Some(0);
    let e = Game::from_setup(&s).unwrap_err();
    let got: Vec<(String, SetupProblem)> = e
        .all()
        .iter()
        .map(|x| (x.at.to_string(), x.problem.clone()))
        .collect();
    assert_eq!(
        got,
        vec![
            (
                "setup.turn".to_string(),
                SetupProblem::SeatNotAtTable {
                    seat: Seat::D,
                    mode: Mode::Skirmish
                }
            ),
            (
                "setup.cards[0].might".to_string(),
                SetupProblem::MightOfNonUnit
            ),
            (
                "setup.cards[2].damage".to_string(),
                SetupProblem::DamageOfNonUnit
            ),
            (
                "setup.victory_score".to_string(),
                SetupProblem::VictoryScoreZero
            ),
        ]
    );
    // One line per problem, each naming its field.
    assert_eq!(e.to_string().lines().count(), 4);
}

#[test]
fn one_mistake_is_reported_once() {
    // A card at a battlefield nobody named: the zone is wrong, and nothing that depends on it is
    // reported again.
    let mut s = base();
    s.cards[1].zone = ZoneSetup::Field("Nowhere Land".into());
    let e = Game::from_setup(&s).unwrap_err();
    assert_eq!(e.all().len(), 1, "{e}");
    assert_eq!(
        e.first().problem,
        SetupProblem::UnknownBattlefield {
            name: "Nowhere Land".into()
        }
    );
}
