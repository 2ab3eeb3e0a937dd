//! The events an accepted action returns: what happened, in order, past tense, each naming its
//! rule (DESIGN, "The engine's contract").

use riftcheck::card::{CardKind, Timing};
use riftcheck::event::Event;
use riftcheck::{
    Action, BattlefieldSetup, CardSetup, Game, Location, Mode, Seat, Setup, ZoneSetup,
};

fn name(game: &Game, e: &Event) -> String {
    e.display(game.catalog()).to_string()
}

fn sentences(game: &Game, events: &[Event]) -> Vec<String> {
    events.iter().map(|e| name(game, e)).collect()
}

fn chain_game() -> Game {
    let mut s = Setup::new(Mode::Skirmish);
    let mut bolt = CardSetup::new("Bolt", CardKind::Spell, Seat::A, ZoneSetup::Hand);
    bolt.timing = Timing::Reaction;
    s.cards.push(bolt);
    Game::from_setup(&s).unwrap()
}

#[test]
fn a_round_of_passes_tells_who_receives_priority_and_what_resolves() {
    let mut g = chain_game();
    let bolt = g.catalog().card_named("Bolt").unwrap();
    let played = g
        .apply(Action::Play {
            seat: Seat::A,
            card: bolt,
            target: None,
            at: None,
        })
        .unwrap();
    assert_eq!(
        sentences(&g, &played),
        [
            "A plays Bolt",
            "Bolt (A's) goes on the Chain",
            "A receives Priority"
        ]
    );
    assert_eq!(
        played.iter().map(|e| e.rule()).collect::<Vec<_>>(),
        ["349", "329", "312.2"]
    );
    let e = g.apply(Action::Pass { seat: Seat::A }).unwrap();
    assert_eq!(sentences(&g, &e), ["A passes", "B receives Priority"]);
    let e = g.apply(Action::Pass { seat: Seat::B }).unwrap();
    assert_eq!(sentences(&g, &e), ["B passes", "C receives Priority"]);
    let e = g.apply(Action::Pass { seat: Seat::C }).unwrap();
    // The Chain is empty: the Turn Player has Priority again.
    assert_eq!(
        sentences(&g, &e),
        [
            "C passes",
            "Bolt resolves",
            "Bolt goes to A's Trash",
            "A receives Priority"
        ]
    );
}

#[test]
fn a_concession_reports_each_step_of_the_removal_in_order() {
    let mut g = chain_game();
    let bolt = g.catalog().card_named("Bolt").unwrap();
    g.apply(Action::Play {
        seat: Seat::A,
        card: bolt,
        target: None,
        at: None,
    })
    .unwrap();
    let e = g.apply(Action::Concede { seat: Seat::A }).unwrap();
    assert_eq!(
        sentences(&g, &e),
        [
            "A concedes",
            "A is removed from the game",
            "A's Battlefield is replaced by a token battlefield with no abilities",
            "Bolt is countered",
            "Bolt is removed from the game",
            "B becomes the Turn Player",
        ]
    );
    assert_eq!(e[0].rule(), "650");
    assert_eq!(e[3].rule(), "652.4");
    // B's turn begins once the chain is gone: nothing was in progress after the removal.
    assert_eq!(g.turn_player(), Some(Seat::B));
    assert_eq!(g.priority(), Some(Seat::B));
}

#[test]
fn combat_damage_is_reported_unit_by_unit_and_only_where_dealt() {
    let mut s = Setup::new(Mode::Duel);
    s.battlefields = vec![
        BattlefieldSetup {
            name: "Ridge".into(),
            contributor: Seat::A,
            might_bonus: 0,
            controller: Some(Seat::B),
            token: false,
            contested_by: None,
        },
        BattlefieldSetup {
            name: "Marsh".into(),
            contributor: Seat::B,
            might_bonus: 0,
            controller: None,
            token: false,
            contested_by: None,
        },
    ];
    for (name, owner, zone, might) in [
        ("Giant", Seat::A, ZoneSetup::Base(Seat::A), 5),
        ("Guard", Seat::B, ZoneSetup::Field("Ridge".into()), 2),
        ("Picket", Seat::B, ZoneSetup::Field("Ridge".into()), 2),
    ] {
        let mut c = CardSetup::new(name, CardKind::Unit, owner, zone);
        c.might = might;
        s.cards.push(c);
    }
    let mut g = Game::from_setup(&s).unwrap();
    let giant = g.catalog().card_named("Giant").unwrap();
    let ridge = g.catalog().battlefield_named("Ridge").unwrap();
    g.apply(Action::Move {
        seat: Seat::A,
        units: [giant].into_iter().collect(),
        to: Location::Field(ridge),
    })
    .unwrap();
    g.apply(Action::PassFocus { seat: Seat::A }).unwrap();
    let e = g.apply(Action::PassFocus { seat: Seat::B }).unwrap();
    let damaged: Vec<(String, u8)> = e
        .iter()
        .filter_map(|ev| match ev {
            Event::Damaged { card, amount } => Some((g.catalog().name(*card).to_string(), *amount)),
            _ => None,
        })
        .collect();
    // Five Might kills both defenders (2 each, lethal first); their four kills nothing of five.
    assert_eq!(
        damaged,
        [
            ("Guard".to_string(), 2),
            ("Picket".to_string(), 2),
            ("Giant".to_string(), 4)
        ]
    );
    let killed: Vec<String> = e
        .iter()
        .filter(|ev| matches!(ev, Event::Killed { .. }))
        .map(|ev| name(&g, ev))
        .collect();
    assert_eq!(killed, ["Guard is killed", "Picket is killed"]);
    assert!(sentences(&g, &e).contains(&"the combat at Ridge ends; A wins it".to_string()));
    assert!(sentences(&g, &e).contains(&"A scores a point by Conquer at Ridge".to_string()));
}
