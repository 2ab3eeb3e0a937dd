//! The list of well-formed actions the checker offers is right: everything in it is well formed
//! (it names cards where they can be used, targets where the card takes one), and nothing the
//! engine accepts is missing from it, among every action a brute-force search can build.

use arbitrary::Unstructured;
use riftcheck::Engine as _;
use riftcheck::action::Choice;
use riftcheck::card::{Ability, CardKind};
use riftcheck::harness::generate;
use riftcheck::{Action, BattlefieldId, CardId, CardSet, Game, Location, Seat, Zone};

fn candidates(game: &Game) -> Vec<Action> {
    let cat = game.catalog();
    let cards: Vec<CardId> = (0..cat.cards.len()).map(CardId::from_index).collect();
    let targets: Vec<Option<CardId>> = std::iter::once(None)
        .chain(cards.iter().map(|&c| Some(c)))
        .collect();
    let places: Vec<Location> = std::iter::once(Location::Base)
        .chain((0..cat.battlefields.len()).map(|b| Location::Field(BattlefieldId::from_index(b))))
        .collect();
    let mut out = Vec::new();
    for seat in game.seated().iter() {
        out.extend([
            Action::Pass { seat },
            Action::PassFocus { seat },
            Action::EndTurn { seat },
            Action::Concede { seat },
        ]);
        for &card in &cards {
            for &target in &targets {
                out.push(Action::Play {
                    seat,
                    card,
                    target,
                    at: None,
                });
                for &at in &places {
                    out.push(Action::Play {
                        seat,
                        card,
                        target,
                        at: Some(at),
                    });
                }
                out.push(Action::Activate { seat, card, target });
            }
            out.push(Action::Place { seat, card });
            out.push(Action::Assign { seat, unit: card });
        }
        for (i, &a) in cards.iter().enumerate() {
            for &b in &cards[i..] {
                let units: CardSet = [a, b].into_iter().collect();
                for &to in &places {
                    out.push(Action::Move { seat, units, to });
                }
            }
        }
        for b in 0..cat.battlefields.len() {
            out.push(Action::Choose {
                seat,
                at: BattlefieldId::from_index(b),
            });
            for &card in &cards {
                out.push(Action::Hide {
                    seat,
                    card,
                    at: BattlefieldId::from_index(b),
                });
            }
        }
        for teammate in Seat::ALL {
            out.push(Action::Invite { seat, teammate });
        }
    }
    out
}

fn well_formed(game: &Game, action: Action) -> bool {
    let cat = game.catalog();
    let on_board = |c: CardId| game.zone(c).on_board();
    // A target only for an effect that takes one; an effect that takes one may come without
    // (when there is nothing to target: the play is then refused, 355.6).
    let needs_target = |effect: riftcheck::Effect, target: Option<CardId>| {
        target.is_none() || effect.target_kind().is_some()
    };
    match action {
        Action::Play {
            card, target, at, ..
        } => {
            let def = cat.card(card);
            game.zone(card) == Zone::Hand
                && !def.token
                && needs_target(def.effect, target)
                && (at.is_none() || def.kind.is_permanent() || def.effect.chooses_location())
                && (at.is_some() || !def.effect.chooses_location())
        }
        Action::Activate { card, target, .. } => {
            on_board(card)
                && match cat.card(card).ability {
                    Some(Ability::Add) => target.is_none(),
                    Some(Ability::Activated { effect, .. }) => needs_target(effect, target),
                    _ => false,
                }
        }
        Action::Move { seat, units, .. } => {
            !units.is_empty()
                && units.iter().all(|u| {
                    cat.card(u).kind == CardKind::Unit && on_board(u) && game.controller(u) == seat
                })
        }
        Action::Place { card, .. } => {
            (on_board(card) && matches!(cat.card(card).ability, Some(Ability::Triggered { .. })))
                || game.observe().waiting.iter().any(|w| w.source == card)
        }
        Action::Invite { seat, teammate } => cat.mode.has_teams() && seat != teammate,
        Action::Hide { seat, card, .. } => {
            let def = cat.card(card);
            game.zone(card) == Zone::Hand && def.hidden && !def.token && def.owner == seat
        }
        // 460: a unit at the combat whose damage is being assigned.
        Action::Assign { unit, .. } => {
            matches!(game.awaiting(), Some(Choice::AssignDamage { .. }))
                && game
                    .combat_at()
                    .is_some_and(|(at, _)| game.zone(unit) == Zone::Field(at))
        }
        Action::Pass { .. }
        | Action::PassFocus { .. }
        | Action::EndTurn { .. }
        | Action::Concede { .. }
        | Action::Choose { .. } => true,
    }
}

#[test]
fn the_well_formed_actions_are_well_formed_and_miss_nothing_legal() {
    let mut states = 0;
    for seed in 0..60u64 {
        let bytes = generate::seeded_bytes(seed, 512);
        let mut u = Unstructured::new(&bytes);
        let setup = generate::setup(&mut u).unwrap();
        let mut game = Game::from_setup(&setup).unwrap();
        for _ in 0..25 {
            states += 1;
            let mut offered = Vec::new();
            game.well_formed(&mut offered);
            for &a in &offered {
                assert!(
                    well_formed(&game, a),
                    "seed {seed}: {} is not well formed",
                    a.display(game.catalog())
                );
            }
            let mut sorted = offered.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(
                sorted.len(),
                offered.len(),
                "seed {seed}: an action is offered twice"
            );
            for a in candidates(&game) {
                if game.check(a).is_ok() {
                    assert!(
                        sorted.binary_search(&a).is_ok(),
                        "seed {seed}: {} is accepted but not offered",
                        a.display(game.catalog())
                    );
                }
            }
            let Ok(Some(a)) = generate::action(&game, &mut u, generate::Pick::Legal) else {
                break;
            };
            game.apply(a).unwrap();
        }
    }
    assert!(states > 600, "only {states} states looked at");
}
