//! The tables `setup_errors` is made of: a valid base setup, its variants, and every way to
//! break it, each case with the field its error names.

use riftcheck::card::MAX_CARDS;
use riftcheck::card::{CardKind, Timing, TriggerEvent};
use riftcheck::item::{ItemKind, MAX_CHAIN};
use riftcheck::{
    AbilitySetup, BattlefieldSetup, CardSetup, EffectSetup, ItemSetup, Mode, Seat, Setup,
    ShowdownSetup, ZoneSetup,
};

pub(crate) fn bf(name: &str, contributor: Seat) -> BattlefieldSetup {
    BattlefieldSetup {
        name: name.into(),
        contributor,
        might_bonus: 0,
        controller: None,
        token: false,
        contested_by: None,
    }
}

pub(crate) fn card(name: &str, kind: CardKind, owner: Seat, zone: ZoneSetup) -> CardSetup {
    CardSetup::new(name, kind, owner, zone)
}

/// A valid Skirmish in progress: every later case breaks one thing in it.
pub(crate) fn base() -> Setup {
    let mut s = Setup::new(Mode::Skirmish);
    s.battlefields = vec![
        bf("Ridge", Seat::A),
        bf("Marsh", Seat::B),
        bf("Crag", Seat::C),
    ];
    let mut scout = card("Scout", CardKind::Unit, Seat::A, ZoneSetup::Base(Seat::A));
    scout.might = 2;
    let mut totem = card("Totem", CardKind::Gear, Seat::B, ZoneSetup::Base(Seat::B));
    totem.ability = Some(AbilitySetup::Activated {
        timing: Timing::Reaction,
        effect: EffectSetup::Nothing,
    });
    let mut bell = card("Bell", CardKind::Gear, Seat::C, ZoneSetup::Base(Seat::C));
    bell.ability = Some(AbilitySetup::Triggered {
        when: TriggerEvent::ShowdownBegins,
        effect: EffectSetup::Nothing,
    });
    let mut rune = card("Rune", CardKind::Rune, Seat::C, ZoneSetup::Base(Seat::C));
    rune.ability = Some(AbilitySetup::Add);
    let mut hex = card("Hex", CardKind::Spell, Seat::B, ZoneSetup::Hand);
    hex.effect = EffectSetup::Counter;
    let mut pup = card("Pup", CardKind::Unit, Seat::A, ZoneSetup::Nowhere);
    pup.token = true;
    pup.might = 1;
    let mut summon = card("Summon", CardKind::Spell, Seat::A, ZoneSetup::Hand);
    summon.effect = EffectSetup::PlayToken {
        at: Some("Crag".into()),
        token: "Pup".into(),
    };
    s.cards = vec![
        card("Bolt", CardKind::Spell, Seat::A, ZoneSetup::Hand),
        scout,
        totem,
        bell,
        rune,
        hex,
        pup,
        summon,
    ];
    s
}

pub(crate) fn with_chain(mut s: Setup) -> Setup {
    s.cards[0].zone = ZoneSetup::Chain;
    s.chain = vec![ItemSetup {
        source: "Bolt".into(),
        kind: ItemKind::Spell,
        controller: Seat::A,
        target: None,
    }];
    s.priority = Some(Seat::A);
    s
}

pub(crate) fn with_showdown(mut s: Setup) -> Setup {
    s.cards[1].zone = ZoneSetup::Field("Marsh".into());
    s.battlefields[1].contested_by = Some(Seat::A);
    s.showdown = Some(ShowdownSetup {
        at: "Marsh".into(),
        focus: Seat::A,
        passed: Vec::new(),
        combat: None,
    });
    s
}

/// A Chain of Bolt and, above it, B's Hex countering it; B holds Priority.
pub(crate) fn with_counter(s: Setup) -> Setup {
    let mut s = with_chain(s);
    s.cards[5].zone = ZoneSetup::Chain;
    s.chain.push(ItemSetup {
        source: "Hex".into(),
        kind: ItemKind::Spell,
        controller: Seat::B,
        target: Some("Bolt".into()),
    });
    s.priority = Some(Seat::B);
    s
}

/// A Chain holding only B's Seize, gaining control of `target`; B holds Priority.
pub(crate) fn with_seize(mut s: Setup, target: &str) -> Setup {
    let mut seize = card("Seize", CardKind::Spell, Seat::B, ZoneSetup::Chain);
    seize.effect = EffectSetup::GainControl;
    s.cards.push(seize);
    s.chain = vec![ItemSetup {
        source: "Seize".into(),
        kind: ItemKind::Spell,
        controller: Seat::B,
        target: Some(target.into()),
    }];
    s.priority = Some(Seat::B);
    s
}

/// A Chain of `n` activations of B's Totem; B holds Priority.
pub(crate) fn with_activations(mut s: Setup, n: usize) -> Setup {
    s.chain = (0..n)
        .map(|_| ItemSetup {
            source: "Totem".into(),
            kind: ItemKind::Activated,
            controller: Seat::B,
            target: None,
        })
        .collect();
    s.priority = Some(Seat::B);
    s
}

/// Adds plain spells to A's hand until the table holds `total` cards.
pub(crate) fn fill_hands(s: &mut Setup, total: usize) {
    for n in s.cards.len()..total {
        s.cards.push(card(
            &format!("Spark{n}"),
            CardKind::Spell,
            Seat::A,
            ZoneSetup::Hand,
        ));
    }
}

pub(crate) type Case = (&'static str, fn(&mut Setup), &'static str);

pub(crate) const CASES: &[Case] = &[
    (
        "a removed seat not at the table",
        |s| s.removed = vec![Seat::D],
        "setup.removed",
    ),
    (
        "a seat removed twice",
        |s| s.removed = vec![Seat::B, Seat::B],
        "setup.removed",
    ),
    (
        "two of three removed",
        |s| s.removed = vec![Seat::B, Seat::C],
        "setup.removed",
    ),
    (
        "a removed Turn Player",
        |s| {
            s.removed = vec![Seat::A];
            s.battlefields[0].token = true;
            s.cards.retain(|c| c.owner != Seat::A);
        },
        "setup.turn",
    ),
    (
        "every seat removed",
        |s| s.removed = vec![Seat::A, Seat::B, Seat::C],
        "setup.removed",
    ),
    (
        "a Turn Player not at the table",
        |s| s.turn = Seat::D,
        "setup.turn",
    ),
    (
        "a bad battlefield name",
        |s| s.battlefields[0].name = "Left and Right".into(),
        "setup.battlefields[0].name",
    ),
    (
        "an empty battlefield name",
        |s| s.battlefields[0].name = String::new(),
        "setup.battlefields[0].name",
    ),
    (
        "a card name with a space at its end",
        |s| s.cards[1].name = "Scout ".into(),
        "setup.cards[1].name",
    ),
    (
        "four battlefields, the most a table holds, one contributor twice",
        |s| s.battlefields.push(bf("Dune", Seat::A)),
        "setup.battlefields[3].contributor",
    ),
    (
        "five battlefields, more than a table holds",
        |s| {
            s.battlefields.push(bf("Dune", Seat::A));
            s.battlefields.push(bf("Fen", Seat::B));
        },
        "setup.battlefields",
    ),
    (
        "more cards than a table holds",
        |s| fill_hands(s, MAX_CARDS + 1),
        "setup.cards",
    ),
    (
        "a battlefield named Base",
        |s| s.battlefields[0].name = "Base".into(),
        "setup.battlefields[0].name",
    ),
    (
        "two battlefields with one name",
        |s| s.battlefields[1].name = "Ridge".into(),
        "setup.battlefields[1].name",
    ),
    (
        "a contributor not at the table",
        |s| s.battlefields[2].contributor = Seat::D,
        "setup.battlefields[2].contributor",
    ),
    (
        "one contributor twice",
        |s| s.battlefields[2].contributor = Seat::B,
        "setup.battlefields[2].contributor",
    ),
    (
        "a missing battlefield",
        |s| {
            s.battlefields.pop();
            s.cards.truncate(7);
        },
        "setup.battlefields",
    ),
    (
        "a token battlefield of a player still in",
        |s| s.battlefields[1].token = true,
        "setup.battlefields[1].token",
    ),
    (
        "a battlefield controlled by a removed player",
        |s| {
            s.removed = vec![Seat::C];
            s.battlefields[2].token = true;
            s.cards.retain(|c| c.owner != Seat::C);
            s.battlefields[0].controller = Some(Seat::C);
        },
        "setup.battlefields[0].controller",
    ),
    (
        "a contest by a seat not at the table",
        |s| s.battlefields[0].contested_by = Some(Seat::D),
        "setup.battlefields[0].contested_by",
    ),
    (
        "two cards with one name",
        |s| s.cards[1].name = "Bolt".into(),
        "setup.cards[1].name",
    ),
    (
        "a card name with a joining word",
        |s| s.cards[1].name = "Scout on Patrol".into(),
        "setup.cards[1].name",
    ),
    (
        "an owner not at the table",
        |s| s.cards[1].owner = Seat::D,
        "setup.cards[1].owner",
    ),
    (
        "a controller not at the table",
        |s| s.cards[1].controller = Some(Seat::D),
        "setup.cards[1].controller",
    ),
    (
        "a Base of a seat not at the table",
        |s| s.cards[1].zone = ZoneSetup::Base(Seat::D),
        "setup.cards[1].zone",
    ),
    (
        "an unknown battlefield",
        |s| s.cards[1].zone = ZoneSetup::Field("Moon".into()),
        "setup.cards[1].zone",
    ),
    (
        "a removed player's card still in play",
        |s| {
            s.removed = vec![Seat::B];
            s.battlefields[1].token = true;
        },
        "setup.cards[2].zone",
    ),
    (
        "a card on the board under a removed player",
        |s| {
            s.removed = vec![Seat::C];
            s.battlefields[2].token = true;
            s.cards.retain(|c| c.owner != Seat::C);
            s.cards[1].controller = Some(Seat::C);
        },
        "setup.cards[1].controller",
    ),
    (
        "a borrowed card in a hand",
        |s| s.cards[0].controller = Some(Seat::B),
        "setup.cards[0].controller",
    ),
    (
        "a token in a hand",
        |s| s.cards[6].zone = ZoneSetup::Hand,
        "setup.cards[6].zone",
    ),
    (
        "a rune in a hand",
        |s| s.cards[4].zone = ZoneSetup::Hand,
        "setup.cards[4].zone",
    ),
    (
        "a card that is not a token nowhere",
        |s| s.cards[1].zone = ZoneSetup::Nowhere,
        "setup.cards[1].zone",
    ),
    (
        "a token in a Trash",
        |s| s.cards[6].zone = ZoneSetup::Trash,
        "setup.cards[6].zone",
    ),
    (
        "gear at a battlefield",
        |s| s.cards[2].zone = ZoneSetup::Field("Marsh".into()),
        "setup.cards[2].zone",
    ),
    (
        "a spell face up in a Base",
        |s| s.cards[0].zone = ZoneSetup::Base(Seat::A),
        "setup.cards[0].zone",
    ),
    (
        "a rune facedown",
        |s| s.cards[4].zone = ZoneSetup::Facedown("Crag".into()),
        "setup.cards[4].zone",
    ),
    (
        "two facedown cards at one battlefield",
        |s| {
            s.cards[0].zone = ZoneSetup::Facedown("Ridge".into());
            s.cards[5].zone = ZoneSetup::Facedown("Ridge".into());
        },
        "setup.cards[5].zone",
    ),
    (
        "a unit waiting on the Chain",
        |s| s.cards[1].zone = ZoneSetup::Chain,
        "setup.cards[1].zone",
    ),
    (
        "Might on a spell",
        |s| s.cards[0].might = 3,
        "setup.cards[0].might",
    ),
    (
        "damage in a hand",
        |s| {
            s.cards[1].zone = ZoneSetup::Trash;
            s.cards[1].damage = 1;
        },
        "setup.cards[1].damage",
    ),
    (
        "damage on gear",
        |s| s.cards[2].damage = 1,
        "setup.cards[2].damage",
    ),
    (
        "a gear token",
        |s| {
            s.cards[6].kind = CardKind::Gear;
            s.cards[6].might = 0;
        },
        "setup.cards[6].token",
    ),
    (
        "a unit with an effect",
        |s| s.cards[1].effect = EffectSetup::Counter,
        "setup.cards[1].effect",
    ),
    (
        "a move to an unknown battlefield",
        |s| s.cards[0].effect = EffectSetup::MoveTo("Moon".into()),
        "setup.cards[0].effect",
    ),
    (
        "a play of a card that is not a token",
        |s| {
            s.cards[7].effect = EffectSetup::PlayToken {
                at: None,
                token: "Scout".into(),
            }
        },
        "setup.cards[7].effect",
    ),
    (
        "a spell with an ability",
        |s| s.cards[0].ability = Some(AbilitySetup::Add),
        "setup.cards[0].ability",
    ),
    (
        "an ability that chooses a battlefield",
        |s| {
            s.cards[2].ability = Some(AbilitySetup::Activated {
                timing: Timing::Normal,
                effect: EffectSetup::PlayToken {
                    at: None,
                    token: "Pup".into(),
                },
            })
        },
        "setup.cards[2].ability",
    ),
    (
        "a trigger with a target",
        |s| {
            s.cards[3].ability = Some(AbilitySetup::Triggered {
                when: TriggerEvent::Attack,
                effect: EffectSetup::Counter,
            })
        },
        "setup.cards[3].ability",
    ),
    (
        "three players at one battlefield",
        |s| {
            s.cards[1].zone = ZoneSetup::Field("Crag".into());
            let mut b = card(
                "Brute",
                CardKind::Unit,
                Seat::B,
                ZoneSetup::Field("Crag".into()),
            );
            b.might = 1;
            let mut c = card(
                "Crab",
                CardKind::Unit,
                Seat::C,
                ZoneSetup::Field("Crag".into()),
            );
            c.might = 1;
            s.cards.push(b);
            s.cards.push(c);
        },
        "setup.battlefields[2].name",
    ),
    (
        "a chain item from an unknown card",
        |s| {
            *s = with_chain(s.clone());
            s.chain[0].source = "Nope".into();
        },
        "setup.chain[0].source",
    ),
    (
        "a chain item controlled by a removed player",
        |s| {
            *s = with_chain(s.clone());
            s.removed = vec![Seat::C];
            s.battlefields[2].token = true;
            s.cards.retain(|c| c.owner != Seat::C);
            s.chain[0].controller = Seat::C;
        },
        "setup.chain[0].controller",
    ),
    (
        "a spell item whose card is in a hand",
        |s| {
            *s = with_chain(s.clone());
            s.cards[0].zone = ZoneSetup::Hand;
        },
        "setup.chain[0].source",
    ),
    (
        "a spell item and its card controlled by different players",
        |s| {
            *s = with_chain(s.clone());
            s.chain[0].controller = Seat::B;
        },
        "setup.chain[0].controller",
    ),
    (
        "one card twice on the Chain",
        |s| {
            *s = with_chain(s.clone());
            let again = s.chain[0].clone();
            s.chain.push(again);
        },
        "setup.chain[1].source",
    ),
    (
        "an ability item of a card without one",
        |s| {
            *s = with_chain(s.clone());
            s.chain.push(ItemSetup {
                source: "Scout".into(),
                kind: ItemKind::Activated,
                controller: Seat::A,
                target: None,
            });
        },
        "setup.chain[1].source",
    ),
    (
        "a trigger item of a card without one",
        |s| {
            *s = with_chain(s.clone());
            s.chain.push(ItemSetup {
                source: "Totem".into(),
                kind: ItemKind::Triggered,
                controller: Seat::B,
                target: None,
            });
        },
        "setup.chain[1].source",
    ),
    (
        "a counter aimed at nothing below it",
        |s| {
            *s = with_chain(s.clone());
            s.cards[5].zone = ZoneSetup::Chain;
            s.chain.insert(
                0,
                ItemSetup {
                    source: "Hex".into(),
                    kind: ItemKind::Spell,
                    controller: Seat::B,
                    target: Some("Bolt".into()),
                },
            );
        },
        "setup.chain[0].target",
    ),
    (
        "a counter without a target",
        |s| {
            *s = with_chain(s.clone());
            s.cards[5].zone = ZoneSetup::Chain;
            s.chain.push(ItemSetup {
                source: "Hex".into(),
                kind: ItemKind::Spell,
                controller: Seat::B,
                target: None,
            });
        },
        "setup.chain[1].target",
    ),
    (
        "a target for an item that takes none",
        |s| {
            *s = with_chain(s.clone());
            s.chain[0].target = Some("Scout".into());
        },
        "setup.chain[0].target",
    ),
    (
        "a card on the Chain that no item names",
        |s| s.cards[5].zone = ZoneSetup::Chain,
        "setup.cards[5].zone",
    ),
    (
        "a spell on the Chain named by no item while another spell is there",
        |s| {
            *s = with_chain(s.clone());
            s.cards[5].zone = ZoneSetup::Chain;
        },
        "setup.cards[5].zone",
    ),
    (
        "control gained of a gear",
        |s| *s = with_seize(s.clone(), "Totem"),
        "setup.chain[0].target",
    ),
    (
        "control gained of a unit not on the board",
        |s| *s = with_seize(s.clone(), "Pup"),
        "setup.chain[0].target",
    ),
    (
        "more Chain items than a Chain holds",
        |s| *s = with_activations(s.clone(), MAX_CHAIN + 1),
        "setup.chain",
    ),
    (
        "Priority with no Chain",
        |s| s.priority = Some(Seat::B),
        "setup.priority",
    ),
    (
        "a Chain with nobody holding Priority",
        |s| {
            *s = with_chain(s.clone());
            s.priority = None;
        },
        "setup.priority",
    ),
    (
        "Priority held by a removed player",
        |s| {
            *s = with_chain(s.clone());
            s.removed = vec![Seat::C];
            s.battlefields[2].token = true;
            s.cards.retain(|c| c.owner != Seat::C);
            s.priority = Some(Seat::C);
        },
        "setup.priority",
    ),
    (
        "a round of passes already complete",
        |s| {
            *s = with_chain(s.clone());
            s.passed = vec![Seat::A, Seat::B, Seat::C];
        },
        "setup.passed",
    ),
    (
        "a seat passing twice",
        |s| {
            *s = with_chain(s.clone());
            s.passed = vec![Seat::B, Seat::B];
        },
        "setup.passed",
    ),
    (
        "a Showdown at an unknown battlefield",
        |s| {
            *s = with_showdown(s.clone());
            if let Some(sd) = s.showdown.as_mut() {
                sd.at = "Moon".into();
            }
        },
        "setup.showdown.at",
    ),
    (
        "a Showdown at a battlefield nobody contested",
        |s| {
            *s = with_showdown(s.clone());
            s.battlefields[1].contested_by = None;
        },
        "setup.showdown.at",
    ),
    (
        "Focus held by a seat not at the table",
        |s| {
            *s = with_showdown(s.clone());
            if let Some(sd) = s.showdown.as_mut() {
                sd.focus = Seat::D;
            }
        },
        "setup.showdown.focus",
    ),
    (
        "a round of Focus passes already complete",
        |s| {
            *s = with_showdown(s.clone());
            if let Some(sd) = s.showdown.as_mut() {
                sd.passed = vec![Seat::A, Seat::B, Seat::C];
            }
        },
        "setup.showdown.passed",
    ),
    (
        "a combat of a player against themselves",
        |s| {
            *s = with_showdown(s.clone());
            if let Some(sd) = s.showdown.as_mut() {
                sd.combat = Some((Seat::A, Seat::A));
            }
        },
        "setup.showdown.combat",
    ),
    (
        "an Attacker who did not contest",
        |s| {
            *s = with_showdown(s.clone());
            if let Some(sd) = s.showdown.as_mut() {
                sd.combat = Some((Seat::B, Seat::A));
            }
        },
        "setup.showdown.combat",
    ),
    (
        "an invitation outside Magma Chamber",
        |s| s.invited = Some(Seat::C),
        "setup.invited",
    ),
    (
        "points for a seat not at the table",
        |s| s.points = vec![(Seat::D, 1)],
        "setup.points",
    ),
    (
        "Energy for a seat not at the table",
        |s| s.energy = vec![(Seat::D, 1)],
        "setup.energy",
    ),
    (
        "a Victory Score of zero",
        |s| s.victory_score = Some(0),
        "setup.victory_score",
    ),
    (
        "a card name with the arrow of a refused step",
        |s| s.cards[1].name = "Scout->Bolt".into(),
        "setup.cards[1].name",
    ),
    (
        "a card name with a control character",
        |s| s.cards[1].name = "Scout\u{1b}[31m".into(),
        "setup.cards[1].name",
    ),
];
