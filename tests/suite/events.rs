//! The events an accepted action returns: what happened, in order, past tense, each naming its
//! rule (DESIGN, "The engine's contract").

use riftcheck::Engine as _;
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
        ["349", "329", "333.1"]
    );
    let e = g.apply(Action::Pass { seat: Seat::A }).unwrap();
    assert_eq!(sentences(&g, &e), ["A passes", "B receives Priority"]);
    // The next player in turn order after the one who passed (312.2.d).
    assert_eq!(e[1].rule(), "312.2.d");
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
    // The Chain is gone and no Showdown runs: Neutral Open, the Turn Player's Main Phase
    // (312.2.a), not a resolution with items left (340.4).
    assert_eq!(e[3].rule(), "312.2.a");
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
            "Bolt is removed from the game",
            "Bolt is countered",
            "B becomes the Turn Player",
            "B's turn begins",
        ]
    );
    assert_eq!(e[0].rule(), "650");
    // The procedure's order: the leaver's cards leave the game (652.3), then what they
    // control on the Chain is countered (652.4).
    assert_eq!(e[3].rule(), "652.3");
    assert_eq!(e[4].rule(), "652.4");
    // B's turn begins once the chain is gone: nothing was in progress after the removal.
    assert_eq!(e[6].rule(), "315");
    assert_eq!(g.turn_player(), Some(Seat::B));
    assert_eq!(g.priority(), Some(Seat::B));
}

#[test]
fn combat_damage_is_reported_unit_by_unit_and_only_where_dealt() {
    let (g, e) = giant_attacks(5);
    let damaged = damage_of(&g, &e);
    // Five Might kills both defenders (2 each, lethal first), and the one left over goes to the
    // last of them (460.2.c.4): all five are dealt (460.2.d). Their four kills nothing of five.
    assert_eq!(
        damaged,
        [
            ("Guard".to_string(), 2),
            ("Picket".to_string(), 3),
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

/// A Duel where A's Giant (of `giant` Might) attacks B's two Might 2 units at Ridge, which B
/// controls; both players pass Focus. Returns the game and the events of the last pass, in which
/// the combat ends (460, 461).
fn giant_attacks(giant: i8) -> (Game, Vec<Event>) {
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
        ("Giant", Seat::A, ZoneSetup::Base(Seat::A), giant),
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
    (g, e)
}

/// The damage each unit took, in the order the events report it.
fn damage_of(g: &Game, events: &[Event]) -> Vec<(String, u8)> {
    events
        .iter()
        .filter_map(|ev| match ev {
            Event::Damaged { card, amount } => Some((g.catalog().name(*card).to_string(), *amount)),
            _ => None,
        })
        .collect()
}

/// The damage dealt when a Giant of `giant` Might attacks ([`giant_attacks`]).
fn damage_dealt(giant: i8) -> Vec<(String, u8)> {
    let (g, e) = giant_attacks(giant);
    damage_of(&g, &e)
}

#[test]
fn a_unit_assigned_no_damage_is_not_reported_as_damaged() {
    // Two Might kills Guard or Picket, not both: nothing is dealt until A, the Attacker, has
    // chosen (460). A gives it to Picket; Guard takes no damage and no event says it did. Four
    // is more than lethal to the Giant, which is the only unit on its side: it takes all four
    // (460.2.c.4, 460.2.d).
    let (mut g, e) = giant_attacks(2);
    assert!(damage_of(&g, &e).is_empty(), "{e:?}");
    assert_eq!(
        g.awaiting(),
        Some(riftcheck::action::Choice::AssignDamage { seat: Seat::A })
    );
    let picket = g.catalog().card_named("Picket").unwrap();
    let e = g
        .apply(Action::Assign {
            seat: Seat::A,
            unit: picket,
        })
        .unwrap();
    assert_eq!(
        damage_of(&g, &e),
        [("Picket".to_string(), 2), ("Giant".to_string(), 4)]
    );
}

#[test]
fn damage_that_can_kill_nothing_goes_in_card_order_without_a_choice() {
    // One Might kills neither 2-Might unit: there is nothing to choose, and the point goes to
    // Guard, first in card order (every unit heals as the combat ends, 461). The lone Giant
    // takes all four of theirs (460.2.c.4).
    assert_eq!(
        damage_dealt(1),
        [("Guard".to_string(), 1), ("Giant".to_string(), 4)]
    );
}

#[test]
fn a_removal_reports_the_might_each_unit_loses_with_the_battlefield_effect() {
    let mut s = Setup::new(Mode::Skirmish);
    s.battlefields = s.battlefields_in_use();
    s.battlefields[1].might_bonus = 1;
    let b_field = s.battlefields[1].name.clone();
    for (name, owner) in [("Scout", Seat::A), ("Guard", Seat::C)] {
        let mut c = CardSetup::new(
            name,
            CardKind::Unit,
            owner,
            ZoneSetup::Field(b_field.clone()),
        );
        c.might = 2;
        c.exhausted = true;
        s.cards.push(c);
    }
    s.cards[1].zone = ZoneSetup::Base(Seat::C);
    let mut g = Game::from_setup(&s).unwrap();
    let e = g.apply(Action::Concede { seat: Seat::B }).unwrap();
    let changed: Vec<String> = e
        .iter()
        .filter(|ev| matches!(ev, Event::MightChanged { .. }))
        .map(|ev| name(&g, ev))
        .collect();
    // Only the unit at B's battlefield loses the +1; the one in C's Base never had it (652.2.c).
    assert_eq!(changed, ["Scout goes from 3 Might to 2"]);
}

#[test]
fn a_team_concession_in_magma_chamber_removes_both_teammates_and_ends_the_game() {
    let mut g = Game::from_setup(&Setup::new(Mode::MagmaChamber)).unwrap();
    let e = g.apply(Action::Concede { seat: Seat::A }).unwrap();
    // Every removed player is reported: the conceder, then their teammate (651.4).
    assert_eq!(
        sentences(&g, &e),
        [
            "A concedes",
            "A is removed from the game",
            "C is removed from the game",
            "B and D win the game"
        ]
    );
}

#[test]
fn a_token_already_on_the_board_is_not_played_again() {
    // Each token card stands for one token: a second play of it, while it is on the board, does
    // nothing, and deals no damage "here" (457.2).
    let mut s = Setup::new(Mode::Skirmish);
    s.battlefields = s.battlefields_in_use();
    let c_field = s.battlefields[2].name.clone();
    let mut pup = CardSetup::new("Pup", CardKind::Unit, Seat::A, ZoneSetup::Base(Seat::A));
    pup.token = true;
    pup.might = 1;
    let mut summon = CardSetup::new("Summon", CardKind::Spell, Seat::A, ZoneSetup::Chain);
    summon.effect = riftcheck::EffectSetup::PlayToken {
        at: Some(c_field.clone()),
        token: "Pup".into(),
    };
    let mut guard = CardSetup::new("Guard", CardKind::Unit, Seat::C, ZoneSetup::Field(c_field));
    guard.might = 2;
    s.cards = vec![pup, summon, guard];
    s.chain = vec![riftcheck::ItemSetup {
        source: "Summon".into(),
        kind: riftcheck::ItemKind::Spell,
        controller: Seat::A,
        target: None,
    }];
    s.priority = Some(Seat::A);
    let mut g = Game::from_setup(&s).unwrap();
    g.apply(Action::Pass { seat: Seat::A }).unwrap();
    g.apply(Action::Pass { seat: Seat::B }).unwrap();
    let e = g.apply(Action::Pass { seat: Seat::C }).unwrap();
    assert_eq!(
        sentences(&g, &e),
        [
            "C passes",
            "Summon resolves",
            "Summon goes to A's Trash",
            "A receives Priority"
        ]
    );
    let pup = g.catalog().card_named("Pup").unwrap();
    assert_eq!(g.zone(pup), riftcheck::Zone::Base(Seat::A));
}
