//! The MTG engine and the MTG spec, stepped together on random tables and random actions: they
//! accept the same actions and show the same after every step (events included), and a refused
//! action changes nothing. The model checker covers the built-in configurations exhaustively;
//! this covers tables it does not (other life totals, starting steps, zones and card mixes).

use proptest::prelude::*;
use riftcheck::Engine;
use riftcheck::mtg::spec::MtgSpec;
use riftcheck::mtg::{Card, CardAt, MtgGame, MtgSetup, Player, Step, Zone};

fn card_at() -> impl Strategy<Value = (usize, u8, usize)> {
    (0..Card::ALL.len(), 0u8..4, 0usize..6)
}

fn setup() -> impl Strategy<Value = MtgSetup> {
    (
        2u8..=4,
        1i16..=6,
        0u8..4,
        0usize..3,
        0u8..=2,
        proptest::collection::vec(card_at(), 0..9),
        proptest::option::of(0u8..4),
        proptest::option::of(0u8..4),
    )
        .prop_map(
            |(players, life, active, step, turns, cards, rule, planar)| {
                let seat = |p: u8| Player(p % players);
                let zones = [
                    Zone::Library,
                    Zone::Hand,
                    Zone::Battlefield,
                    Zone::Graveyard,
                    Zone::Exile,
                    Zone::Ante,
                ];
                let cards = cards
                    .into_iter()
                    .map(|(c, owner, z)| {
                        let card = Card::ALL[c];
                        let mut zone = zones[z];
                        // A Mind Control on the battlefield needs a creature and a Life Mirror a
                        // choice: they start in the hand; a token only on the battlefield.
                        if zone == Zone::Battlefield
                            && (card == Card::MindControl || card == Card::LifeMirror)
                        {
                            zone = Zone::Hand;
                        }
                        if card == Card::Myr || (zone == Zone::Battlefield && !card.is_permanent())
                        {
                            zone = if card == Card::Myr {
                                Zone::Battlefield
                            } else {
                                Zone::Hand
                            };
                        }
                        CardAt {
                            card,
                            owner: seat(owner),
                            zone,
                            entered_under: None,
                            attached: None,
                            token: card == Card::Myr,
                        }
                    })
                    .collect();
                MtgSetup {
                    players,
                    life,
                    active: seat(active),
                    step: [Step::Main, Step::Combat, Step::End][step],
                    turns,
                    cards,
                    rule_choice: rule.map(seat),
                    planar_controller: planar.map(seat),
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn the_mtg_engine_and_spec_agree_on_random_games(
        setup in setup(),
        picks in proptest::collection::vec(any::<u16>(), 0..120),
    ) {
        prop_assume!(setup.validate().is_ok());
        let (mut engine, events) = MtgGame::start(&setup).expect("a valid setup starts");
        let (mut spec, spec_events) = MtgSpec::start(&setup).expect("a valid setup starts");
        prop_assert_eq!(&events, &spec_events);
        prop_assert_eq!(engine.observe(), spec.observe());
        let mut actions = Vec::new();
        for pick in picks {
            actions.clear();
            engine.well_formed(&mut actions);
            // Mostly legal actions, so that games get somewhere; now and then any action.
            let legal: Vec<_> = actions.iter().copied().filter(|&a| engine.check(a).is_ok()).collect();
            let pool = if pick % 5 == 0 || legal.is_empty() { &actions } else { &legal };
            let Some(&action) = pool.get(usize::from(pick) % pool.len().max(1)) else { break };
            let before = engine.observe();
            match (engine.step(action), spec.step(action)) {
                (Ok(a), Ok(b)) => prop_assert_eq!(a, b, "after {}", action),
                (Err(_), Err(_)) => {
                    prop_assert_eq!(engine.observe(), before.clone(), "a refusal changed the engine");
                    prop_assert_eq!(spec.observe(), before, "a refusal changed the spec");
                }
                (a, b) => prop_assert!(false, "{}: engine {:?}, spec {:?}", action, a.err(), b.err()),
            }
        }
    }
}
