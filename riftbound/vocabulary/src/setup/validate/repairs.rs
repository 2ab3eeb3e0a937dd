//! What the first cleanup would have to repair (323.4-323.7, 107.3.d, 456.2): a setup that
//! needs it describes a state the game never reaches, so it is refused at the field, rather
//! than quietly becoming another state than the one written down.

use super::check::Check;
use crate::card::{BattlefieldId, CardDef, CardKind};
use crate::seat::SeatSet;
use crate::setup::error::{SetupPath, SetupProblem};
use crate::setup::table::{CardStart, FieldStart, ShowdownStart};
use crate::zone::Zone;

/// Refuses a card in another player's Base (it would be Recalled, 323.7), a facedown card at a
/// battlefield its controller does not control (it would be trashed, 107.3.d), in an Open state
/// a controlled battlefield without its controller's units (control would end, 323.4, 187.4.c),
/// and a Contested status without the contesting player's units (it would end, 456.2); the
/// battlefield of the Showdown or combat under way is exempt from the last two.
pub(super) fn check(
    c: &mut Check<'_>,
    defs: &[CardDef],
    cards: &[CardStart],
    fields: &[FieldStart],
    chain_exists: bool,
    showdown: Option<ShowdownStart>,
) {
    if defs.len() != cards.len() {
        // The cards were found wrong already.
        return;
    }
    let occupants = |bf: BattlefieldId| -> SeatSet {
        defs.iter()
            .zip(cards)
            .filter(|(d, s)| d.kind == CardKind::Unit && s.zone == Zone::Field(bf))
            .map(|(_, s)| s.controller)
            .collect()
    };
    for (i, start) in cards.iter().enumerate() {
        match start.zone {
            Zone::Base(s) if s != start.controller => c.fail(
                SetupPath::Card(i, "zone"),
                SetupProblem::InAnotherBase {
                    base: s,
                    controller: start.controller,
                },
            ),
            Zone::Facedown(bf)
                if fields.get(bf.index()).and_then(|f| f.controller) != Some(start.controller) =>
            {
                c.fail(
                    SetupPath::Card(i, "zone"),
                    SetupProblem::FacedownUncontrolled {
                        controller: start.controller,
                    },
                );
            }
            _ => {}
        }
    }
    let running = showdown.map(|sd| sd.at);
    for (i, field) in fields.iter().enumerate() {
        let bf = BattlefieldId::from_index(i);
        if Some(bf) == running {
            continue;
        }
        let here = occupants(bf);
        if let Some(s) = field.controller
            && !chain_exists
            && !here.contains(s)
        {
            c.fail(
                SetupPath::Battlefield(i, "controller"),
                SetupProblem::ControlWithoutUnits { controller: s },
            );
        }
        if let Some(s) = field.contested_by
            && !here.contains(s)
        {
            c.fail(
                SetupPath::Battlefield(i, "contested_by"),
                SetupProblem::ContestedWithoutUnits { contester: s },
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind;
    use crate::mode::Mode;
    use crate::seat::Seat;
    use crate::setup::error::{SetupPath, SetupProblem};
    use crate::setup::{BattlefieldSetup, CardSetup, Setup, ZoneSetup};

    fn duel(controller: Option<Seat>, unit_there: bool) -> Setup {
        let mut s = Setup::new(Mode::Duel);
        for (name, contributor) in [("Left", Seat::A), ("Right", Seat::B)] {
            s.battlefields.push(BattlefieldSetup {
                name: name.into(),
                contributor,
                might_bonus: 0,
                controller: if name == "Left" { controller } else { None },
                token: false,
                contested_by: None,
            });
        }
        let zone = if unit_there {
            ZoneSetup::Field("Left".into())
        } else {
            ZoneSetup::Base(Seat::A)
        };
        let mut unit = CardSetup::new("Poro", CardKind::Unit, Seat::A, zone);
        unit.might = 1;
        s.cards.push(unit);
        s
    }

    #[test]
    fn control_needs_units_there_in_an_open_state() {
        assert!(duel(Some(Seat::A), true).validate().is_ok());
        assert!(duel(None, false).validate().is_ok());
        let errors = duel(Some(Seat::A), false).validate().unwrap_err();
        let first = &errors.first();
        assert_eq!(first.at, SetupPath::Battlefield(0, "controller"));
        assert_eq!(
            first.problem,
            SetupProblem::ControlWithoutUnits {
                controller: Seat::A
            }
        );
        // B controls it while only A's unit is there: refused too.
        let errors = duel(Some(Seat::B), true).validate().unwrap_err();
        assert_eq!(errors.first().at, SetupPath::Battlefield(0, "controller"));
    }
}
