//! Seed 004's examples (800.4a, 800.4d), and a few more sub-rules, played on the spec and
//! checked on what an observer sees.

use super::MtgSpec;
use mtg_vocabulary::setup::{CardAt, MtgSetup};
use mtg_vocabulary::types::{
    Action, Card, ChoiceKind, ObjId, Pick, Player, Step, Target, TriggerEffect, Zone,
};
use mtg_vocabulary::view::{MtgEvent, MtgView, Refusal};
use riftcheck_core::Engine;

const A: Player = Player(0);
const B: Player = Player(1);
const C: Player = Player(2);
const D: Player = Player(3);

/// A card in `owner`'s `zone`.
fn at(card: Card, owner: Player, zone: Zone) -> CardAt {
    CardAt::new(card, owner, zone)
}

/// A three-player table (so the game goes on when one leaves), A's main step.
fn table(cards: Vec<CardAt>) -> MtgSetup {
    MtgSetup {
        players: 3,
        turns: 3,
        cards,
        ..MtgSetup::default()
    }
}

fn start(setup: &MtgSetup) -> MtgSpec {
    let (spec, events) = MtgSpec::start(setup).expect("a valid setup");
    assert_eq!(events, vec![MtgEvent::PriorityTo { player: A }]);
    spec
}

fn act(spec: &mut MtgSpec, action: Action) -> Vec<MtgEvent> {
    match spec.apply(action) {
        Ok(events) => events,
        Err(refusal) => panic!("{action} refused: {refusal}"),
    }
}

/// `player` casts object `card` with `target`.
fn cast(spec: &mut MtgSpec, player: Player, card: u8, target: Option<Target>) -> Vec<MtgEvent> {
    let card = ObjId(card);
    act(
        spec,
        Action::Cast {
            player,
            card,
            target,
        },
    )
}

/// Everyone passes in turn until something other than priority moving happens.
fn pass_round(spec: &mut MtgSpec) -> Vec<MtgEvent> {
    let mut events = Vec::new();
    while !spec.over && spec.pending.is_none() {
        let player = spec.priority.expect("someone holds priority");
        let step = act(spec, Action::Pass { player });
        let moved_on = !matches!(
            step[..],
            [MtgEvent::Passed { .. }, MtgEvent::PriorityTo { .. }]
        );
        events.extend(step);
        if moved_on {
            break;
        }
    }
    events
}

fn controller(view: &MtgView, id: u8) -> Option<Player> {
    view.objects[usize::from(id)].controller
}

fn zone(view: &MtgView, id: u8) -> Zone {
    view.objects[usize::from(id)].zone
}

/// A has cast Mind Control (0) on B's Assault Griffin (1), and it has resolved.
fn mind_control() -> MtgSpec {
    let mut spec = start(&table(vec![
        at(Card::MindControl, A, Zone::Hand),
        at(Card::AssaultGriffin, B, Zone::Battlefield),
    ]));
    let target = Some(Target::Object(ObjId(1)));
    cast(&mut spec, A, 0, target);
    let events = pass_round(&mut spec);
    assert!(events.contains(&MtgEvent::Entered {
        object: ObjId(0),
        controller: A
    }));
    let view = spec.observe();
    assert_eq!(controller(&view, 1), Some(A));
    assert_eq!(view.objects[0].attached, Some(ObjId(1)));
    assert_eq!(view.priority, Some(A));
    spec
}

#[test]
fn mind_control_caster_leaves() {
    // 800.4a: Alex leaves; so does Mind Control, and the Griffin reverts to Bianca.
    let mut spec = mind_control();
    let events = act(&mut spec, Action::Concede { player: A });
    assert_eq!(events[0], MtgEvent::Left { player: A });
    assert_eq!(events[1], MtgEvent::LeftGame { object: ObjId(0) });
    assert!(matches!(
        events[2],
        MtgEvent::ControlEnded { rule: "800.4a", .. }
    ));
    // 800.4a, then 800.4i: B receives priority, and A's turn goes on without them.
    let n = events.len();
    assert_eq!(
        &events[n - 2..],
        &[
            MtgEvent::PriorityTo { player: B },
            MtgEvent::TurnContinued { player: A }
        ]
    );
    let view = spec.observe();
    assert_eq!(zone(&view, 0), Zone::Gone);
    assert_eq!(zone(&view, 1), Zone::Battlefield);
    assert_eq!(controller(&view, 1), Some(B));
    assert!(view.control.is_empty());
    assert_eq!(view.active, None);
    assert_eq!(view.turn_of, A);
}

#[test]
fn mind_control_owner_of_creature_leaves() {
    // 800.4a: Bianca leaves; so does the Griffin, and Mind Control goes to Alex's graveyard.
    let mut spec = mind_control();
    let events = act(&mut spec, Action::Concede { player: B });
    assert_eq!(
        &events[..2],
        &[
            MtgEvent::Left { player: B },
            MtgEvent::LeftGame { object: ObjId(1) }
        ]
    );
    assert!(events.contains(&MtgEvent::ToGraveyard { object: ObjId(0) }));
    let view = spec.observe();
    assert_eq!(zone(&view, 1), Zone::Gone);
    assert_eq!(zone(&view, 0), Zone::Graveyard);
    assert_eq!(view.objects[0].owner, A);
    assert!(view.control.is_empty());
    assert_eq!(view.priority, Some(A));
}

/// A has cast Act of Treason (0) on B's Runeclaw Bears (1), and it has resolved.
fn act_of_treason() -> MtgSpec {
    let mut spec = start(&table(vec![
        at(Card::ActOfTreason, A, Zone::Hand),
        at(Card::RuneclawBears, B, Zone::Battlefield),
    ]));
    cast(&mut spec, A, 0, Some(Target::Object(ObjId(1))));
    pass_round(&mut spec);
    let view = spec.observe();
    assert_eq!(controller(&view, 1), Some(A));
    assert_eq!(zone(&view, 0), Zone::Graveyard);
    spec
}

#[test]
fn act_of_treason_caster_leaves() {
    // 800.4a: Alex leaves; Act of Treason's effect ends and the Bears revert to Bianca.
    let mut spec = act_of_treason();
    act(&mut spec, Action::Concede { player: A });
    let view = spec.observe();
    assert_eq!(controller(&view, 1), Some(B));
    assert_eq!(zone(&view, 1), Zone::Battlefield);
    assert!(view.control.is_empty());
}

#[test]
fn act_of_treason_ends_with_the_turn() {
    // 514.2: without anyone leaving, the Bears revert as the turn ends.
    let mut spec = act_of_treason();
    pass_round(&mut spec); // main -> combat
    pass_round(&mut spec); // combat -> end
    assert_eq!(spec.observe().step, Step::End);
    assert_eq!(controller(&spec.observe(), 1), Some(A));
    let events = pass_round(&mut spec); // end -> B's turn
    assert!(
        events
            .iter()
            .any(|e| matches!(e, MtgEvent::ControlEnded { rule: "514.2", .. }))
    );
    assert!(events.contains(&MtgEvent::TurnBegan { player: B }));
    let view = spec.observe();
    assert_eq!(controller(&view, 1), Some(B));
    assert_eq!(view.turn_of, B);
    assert_eq!(view.turns_left, 2);
    assert_eq!(view.priority, Some(B));
}

/// A casts Bribery (0) on B, whose library holds Mind Control (1) then Serra Angel (2).
fn bribery() -> MtgSpec {
    let mut spec = start(&table(vec![
        at(Card::Bribery, A, Zone::Hand),
        at(Card::MindControl, B, Zone::Library),
        at(Card::SerraAngel, B, Zone::Library),
        at(Card::RuneclawBears, B, Zone::Library),
    ]));
    cast(&mut spec, A, 0, Some(Target::Player(B)));
    pass_round(&mut spec);
    let view = spec.observe();
    assert_eq!(zone(&view, 2), Zone::Battlefield);
    assert_eq!(controller(&view, 2), Some(A));
    assert_eq!(view.objects[2].owner, B);
    assert_eq!(zone(&view, 3), Zone::Library);
    assert_eq!(zone(&view, 0), Zone::Graveyard);
    spec
}

#[test]
fn bribery_owner_leaves() {
    // 800.4a: Bianca leaves; Serra Angel leaves with her.
    let mut spec = bribery();
    act(&mut spec, Action::Concede { player: B });
    assert_eq!(zone(&spec.observe(), 2), Zone::Gone);
}

#[test]
fn bribery_caster_leaves() {
    // 800.4a: Alex leaves; Serra Angel, still his, is exiled.
    let mut spec = bribery();
    let events = act(&mut spec, Action::Concede { player: A });
    assert!(events.contains(&MtgEvent::Exiled {
        object: ObjId(2),
        rule: "800.4a"
    }));
    let view = spec.observe();
    assert_eq!(zone(&view, 2), Zone::Exile);
    assert_eq!(controller(&view, 2), None);
}

#[test]
fn genesis_chamber_tokens_leave_with_their_owner() {
    // 800.4a: Alex's Chamber made Myr for Bianca and for Alex; when Alex leaves only his leave.
    let setup = MtgSetup {
        active: B,
        ..table(vec![
            at(Card::GenesisChamber, A, Zone::Battlefield),
            at(Card::RuneclawBears, B, Zone::Hand),
            at(Card::AssaultGriffin, A, Zone::Hand),
        ])
    };
    let (mut spec, _) = MtgSpec::start(&setup).unwrap();
    cast(&mut spec, B, 1, None);
    let events = pass_round(&mut spec);
    let trigger = mtg_vocabulary::types::StackItem::Trigger {
        controller: A,
        source: ObjId(0),
        effect: TriggerEffect::MyrFor { player: B },
    };
    assert!(
        events.ends_with(&[
            MtgEvent::Entered {
                object: ObjId(1),
                controller: B
            },
            MtgEvent::Triggered { item: trigger },
            MtgEvent::PriorityTo { player: B },
        ]),
        "{events:?}"
    );
    let events = pass_round(&mut spec);
    assert!(events.contains(&MtgEvent::TokenCreated {
        object: ObjId(3),
        player: B
    }));
    // On to A's turn: B's main, combat and end steps pass.
    for _ in 0..3 {
        pass_round(&mut spec);
    }
    assert_eq!(spec.observe().active, Some(C));
    for _ in 0..3 {
        pass_round(&mut spec);
    }
    assert_eq!(spec.observe().active, Some(A));
    cast(&mut spec, A, 2, None);
    pass_round(&mut spec);
    pass_round(&mut spec);
    let view = spec.observe();
    assert_eq!(view.objects.len(), 5);
    assert_eq!(view.objects[4].owner, A);
    assert_eq!(controller(&view, 4), Some(A));
    act(&mut spec, Action::Concede { player: A });
    let view = spec.observe();
    assert_eq!(zone(&view, 4), Zone::Gone);
    assert_eq!(zone(&view, 3), Zone::Battlefield);
    assert_eq!(controller(&view, 3), Some(B));
    assert_eq!(zone(&view, 0), Zone::Gone);
}

/// During A's turn, B cycles (3) and Astral Slide (0) exiles A's Hypnotic Specter (1).
fn astral_slide() -> MtgSpec {
    let mut spec = start(&table(vec![
        at(Card::AstralSlide, B, Zone::Battlefield),
        at(Card::HypnoticSpecter, A, Zone::Battlefield),
        at(Card::RuneclawBears, C, Zone::Battlefield),
        at(Card::SecludedSteppe, B, Zone::Hand),
    ]));
    act(&mut spec, Action::Pass { player: A });
    let events = act(
        &mut spec,
        Action::Cycle {
            player: B,
            card: ObjId(3),
        },
    );
    assert_eq!(
        events,
        vec![
            MtgEvent::Cycled {
                player: B,
                card: ObjId(3)
            },
            MtgEvent::ToGraveyard { object: ObjId(3) }
        ]
    );
    let pending = spec.observe().pending.unwrap();
    assert_eq!(pending.by, B);
    assert_eq!(pending.kind, ChoiceKind::SlideTarget { source: ObjId(0) });
    assert_eq!(
        spec.apply(Action::Pass { player: B }),
        Err(Refusal::ChoicePending)
    );
    act(
        &mut spec,
        Action::Choose {
            player: B,
            pick: Pick::Object(ObjId(1)),
        },
    );
    let events = pass_round(&mut spec);
    assert!(events.contains(&MtgEvent::Exiled {
        object: ObjId(1),
        rule: "astral-slide"
    }));
    let view = spec.observe();
    assert_eq!(zone(&view, 1), Zone::Exile);
    assert_eq!(view.delayed.len(), 1);
    assert_eq!(view.delayed[0].controller, B);
    spec
}

#[test]
fn astral_slide_returns_the_creature() {
    let mut spec = astral_slide();
    pass_round(&mut spec); // main -> combat
    let events = pass_round(&mut spec); // combat -> end: the delayed trigger goes on the stack
    assert!(events.contains(&MtgEvent::StepBegan { step: Step::End }));
    assert_eq!(spec.observe().stack.len(), 1);
    let events = pass_round(&mut spec);
    assert!(events.contains(&MtgEvent::Returned { object: ObjId(1) }));
    let view = spec.observe();
    assert_eq!(zone(&view, 1), Zone::Battlefield);
    assert_eq!(controller(&view, 1), Some(A));
}

#[test]
fn astral_slide_controller_leaves() {
    // 800.4d: Bianca leaves before the end step; the delayed trigger triggers but is not put
    // on the stack, and the Specter never returns.
    let mut spec = astral_slide();
    act(&mut spec, Action::Concede { player: B });
    pass_round(&mut spec); // main -> combat
    let events = pass_round(&mut spec); // combat -> end
    assert!(events.contains(&MtgEvent::TriggerNotPut {
        controller: B,
        source: ObjId(0)
    }));
    let view = spec.observe();
    assert!(view.stack.is_empty() && view.delayed.is_empty() && view.waiting.is_empty());
    assert_eq!(zone(&view, 1), Zone::Exile);
    pass_round(&mut spec); // end -> C's turn (B's is skipped)
    let view = spec.observe();
    assert_eq!(zone(&view, 1), Zone::Exile);
    assert_eq!(view.turn_of, C);
}

#[test]
fn opponents_choice_is_appointed_when_the_chooser_leaves() {
    // 800.4f: the chooser leaves; the controller appoints another opponent.
    let mut spec = start(&table(vec![at(Card::OpponentsChoice, A, Zone::Hand)]));
    cast(&mut spec, A, 0, Some(Target::Player(B)));
    pass_round(&mut spec);
    assert_eq!(spec.observe().pending.unwrap().by, B);
    let events = act(&mut spec, Action::Concede { player: B });
    assert!(events.contains(&MtgEvent::ChoiceTo {
        player: A,
        rule: "800.4f"
    }));
    let appoint_self = Action::Choose {
        player: A,
        pick: Pick::Player(A),
    };
    assert_eq!(spec.apply(appoint_self), Err(Refusal::BadPick));
    act(
        &mut spec,
        Action::Choose {
            player: A,
            pick: Pick::Player(C),
        },
    );
    let events = act(
        &mut spec,
        Action::Choose {
            player: C,
            pick: Pick::Number(2),
        },
    );
    assert!(events.contains(&MtgEvent::GainedLife {
        player: A,
        amount: 2
    }));
    let view = spec.observe();
    assert_eq!(view.players[0].life, 22);
    assert_eq!(zone(&view, 0), Zone::Graveyard);
    assert_eq!(view.priority, Some(A));
}

#[test]
fn rule_choice_moves_to_the_next_player() {
    // 800.4g.
    let setup = MtgSetup {
        rule_choice: Some(B),
        planar_controller: Some(B),
        ..table(Vec::new())
    };
    let (mut spec, events) = MtgSpec::start(&setup).unwrap();
    assert!(events.is_empty());
    let events = act(&mut spec, Action::Concede { player: B });
    assert_eq!(events[0], MtgEvent::PlanarController { player: C });
    assert!(events.contains(&MtgEvent::ChoiceTo {
        player: C,
        rule: "800.4g"
    }));
    let events = act(
        &mut spec,
        Action::Choose {
            player: C,
            pick: Pick::Number(1),
        },
    );
    assert_eq!(events.last(), Some(&MtgEvent::PriorityTo { player: A }));
}

#[test]
fn the_last_player_wins() {
    let setup = MtgSetup {
        players: 2,
        ..table(Vec::new())
    };
    let (mut spec, _) = MtgSpec::start(&setup).unwrap();
    let events = act(&mut spec, Action::Concede { player: B });
    assert_eq!(events.last(), Some(&MtgEvent::GameOver { winner: Some(A) }));
    assert_eq!(
        spec.apply(Action::Pass { player: A }),
        Err(Refusal::GameOver)
    );
}

#[test]
fn protection_ends_when_the_leavers_turn_would_have_begun() {
    // 800.4k, 800.4j: A's "until your next turn" lasts until A's skipped turn would begin.
    let mut spec = start(&table(vec![
        at(Card::ChronomanticEscape, A, Zone::Hand),
        at(Card::SerraAngel, A, Zone::Battlefield),
        at(Card::RuneclawBears, B, Zone::Battlefield),
    ]));
    cast(&mut spec, A, 0, None);
    pass_round(&mut spec);
    assert_eq!(spec.observe().protections.len(), 1);
    pass_round(&mut spec); // main -> combat
    act(
        &mut spec,
        Action::Attack {
            player: A,
            creature: ObjId(1),
            defender: B,
        },
    );
    let events = pass_round(&mut spec); // combat damage, end step
    assert!(events.contains(&MtgEvent::Damage {
        creature: ObjId(1),
        player: B,
        amount: 4
    }));
    assert_eq!(spec.observe().players[1].life, 16);
    pass_round(&mut spec); // B's turn
    pass_round(&mut spec); // B's combat
    let attack = Action::Attack {
        player: B,
        creature: ObjId(2),
        defender: A,
    };
    assert_eq!(spec.apply(attack), Err(Refusal::CannotAttack));
    act(&mut spec, Action::Concede { player: A });
    for _ in 0..3 {
        pass_round(&mut spec); // B's combat and end steps end, then C's main step
    }
    assert_eq!(spec.observe().turn_of, C);
    assert_eq!(spec.observe().protections.len(), 1);
    pass_round(&mut spec); // C's combat step ends
    let events = pass_round(&mut spec);
    assert_eq!(
        &events[events.len() - 4..],
        &[
            MtgEvent::ProtectionEnded {
                protection: mtg_vocabulary::types::Protection { player: A },
                rule: "800.4k"
            },
            MtgEvent::TurnSkipped { player: A },
            MtgEvent::TurnBegan { player: B },
            MtgEvent::PriorityTo { player: B },
        ]
    );
    let view = spec.observe();
    assert!(view.protections.is_empty());
    assert_eq!(view.turns_left, 0);
    pass_round(&mut spec);
    pass_round(&mut spec);
    let events = pass_round(&mut spec);
    assert_eq!(events.last(), Some(&MtgEvent::Stopped));
    assert!(spec.observe().over);
}

#[test]
fn damage_to_a_player_who_left_is_not_assigned() {
    // 800.4e.
    let setup = MtgSetup {
        step: Step::Combat,
        ..table(vec![at(Card::SerraAngel, A, Zone::Battlefield)])
    };
    let mut spec = start(&setup);
    act(
        &mut spec,
        Action::Attack {
            player: A,
            creature: ObjId(0),
            defender: C,
        },
    );
    act(&mut spec, Action::Concede { player: C });
    let events = pass_round(&mut spec);
    assert!(events.contains(&MtgEvent::DamageNotAssigned {
        creature: ObjId(0),
        player: C
    }));
    let view = spec.observe();
    assert_eq!(view.objects[0].attacking, None);
    assert_eq!(view.step, Step::End);
}

#[test]
fn a_creature_that_changes_hands_is_removed_from_combat() {
    // 506.4 with 800.4a: A's Mind Control holds B's Griffin, which attacks B; B's Bears attack
    // nobody. A leaves: the Griffin is B's again and stops attacking; it deals no damage.
    let aura = CardAt {
        attached: Some(ObjId(1)),
        ..at(Card::MindControl, A, Zone::Battlefield)
    };
    let setup = MtgSetup {
        step: Step::Combat,
        ..table(vec![aura, at(Card::AssaultGriffin, B, Zone::Battlefield)])
    };
    let mut spec = start(&setup);
    let attack = Action::Attack {
        player: A,
        creature: ObjId(1),
        defender: B,
    };
    act(&mut spec, attack);
    let events = act(&mut spec, Action::Concede { player: A });
    let ended = events
        .iter()
        .position(|e| matches!(e, MtgEvent::ControlEnded { .. }));
    let removed = MtgEvent::RemovedFromCombat { creature: ObjId(1) };
    assert_eq!(ended.map(|i| &events[i + 1]), Some(&removed));
    let view = spec.observe();
    assert_eq!(
        (view.objects[1].controller, view.objects[1].attacking),
        (Some(B), None)
    );
    let events = pass_round(&mut spec);
    assert!(!events.iter().any(|e| matches!(e, MtgEvent::Damage { .. })));
    assert_eq!(spec.observe().players[1].life, 20);
}

#[test]
fn random_games_never_panic_and_refusals_change_nothing() {
    let setup = MtgSetup {
        players: 4,
        life: 3,
        turns: 4,
        rule_choice: Some(C),
        planar_controller: Some(B),
        cards: vec![
            at(Card::GenesisChamber, A, Zone::Battlefield),
            at(Card::AstralSlide, B, Zone::Battlefield),
            at(Card::SerraAngel, C, Zone::Battlefield),
            at(Card::MindControl, A, Zone::Hand),
            at(Card::ActOfTreason, B, Zone::Hand),
            at(Card::Bribery, C, Zone::Hand),
            at(Card::LifeMirror, D, Zone::Library),
            at(Card::SecludedSteppe, D, Zone::Hand),
            at(Card::SecludedSteppe, A, Zone::Hand),
            at(Card::OpponentsChoice, B, Zone::Hand),
            at(Card::ChronomanticEscape, D, Zone::Hand),
            at(Card::LifeMirror, A, Zone::Hand),
            at(Card::AssaultGriffin, D, Zone::Battlefield),
            at(Card::RuneclawBears, B, Zone::Ante),
        ],
        ..MtgSetup::default()
    };
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for _game in 0..300 {
        let (mut spec, _) = MtgSpec::start(&setup).unwrap();
        for _ in 0..200 {
            let mut actions = Vec::new();
            spec.well_formed(&mut actions);
            let before = spec.clone();
            let legal: Vec<Action> = actions
                .into_iter()
                .filter(|&a| {
                    let ok = spec.clone().apply(a).is_ok();
                    // Conceding is always legal: prefer everything else most of the time.
                    ok && (!matches!(a, Action::Concede { .. }) || seed.is_multiple_of(23))
                })
                .collect();
            assert_eq!(spec, before);
            if legal.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let action = legal[(seed >> 33) as usize % legal.len()];
            act(&mut spec, action);
            let view = spec.observe();
            assert!(view.over || view.pending.is_some() || view.priority.is_some());
        }
    }
}
