//! Lasting effects on Might (472.3), kept as the list of what each item made, and when they end:
//! "this turn" with the turn (317, or 652.5.a.1 when a removal handed the turn on), "until your
//! next turn" as that turn begins (315), all of them when their unit leaves the board (110), and
//! a leaver's as policy `leaver-durations` says (651.3).

use super::Spec;
use super::state::Grant;
use riftbound_vocabulary::card::{CardId, Lasting, Until};
use riftbound_vocabulary::event::{Event, Expiry};
use riftbound_vocabulary::readings::LeaverDurations;
use riftbound_vocabulary::seat::Seat;

impl Spec {
    /// What an observer sees of the grants: one line per unit, player and duration, in that
    /// order, the Might of that line's grants added up; a line that adds up to nothing is not
    /// seen.
    pub(super) fn lasting_seen(&self, grants: &[Grant]) -> Vec<Lasting> {
        let mut out: Vec<Lasting> = Vec::new();
        let mut sorted = grants.to_vec();
        sorted.sort_by_key(|g| (g.unit, g.by, g.until));
        for g in sorted {
            match out.last_mut() {
                Some(l) if (l.card, l.by, l.until) == (g.unit, g.by, g.until) => {
                    l.might = l.might.saturating_add(g.amount);
                }
                _ => out.push(Lasting {
                    card: g.unit,
                    by: g.by,
                    until: g.until,
                    might: g.amount,
                }),
            }
        }
        out.retain(|l| l.might != 0);
        out
    }

    /// 472.3: `by`'s item gives `unit` the Might.
    pub(super) fn grant(&mut self, unit: CardId, by: Seat, amount: i8, until: Until) {
        if amount == 0 {
            return;
        }
        self.say(Event::Empowered {
            card: unit,
            by,
            amount,
            until,
        });
        self.s.grants.push(Grant {
            unit,
            by,
            amount,
            until,
        });
    }

    /// Ends the grants `ends` picks, saying so for each line an observer saw.
    fn end_grants(&mut self, why: Expiry, ends: impl Fn(&Grant) -> bool) {
        let (gone, kept): (Vec<Grant>, Vec<Grant>) = self.s.grants.iter().partition(|g| ends(g));
        if gone.is_empty() {
            return;
        }
        self.s.grants = kept;
        for l in self.lasting_seen(&gone) {
            self.say(Event::Expired {
                card: l.card,
                by: l.by,
                amount: l.might,
                why,
            });
        }
    }

    /// 317: the Expiration step.
    pub(super) fn expire_this_turn(&mut self) {
        self.end_grants(Expiry::TurnEnded, |g| g.until == Until::ThisTurn);
    }

    /// 315: `seat`'s turn begins; a "this turn" grant still here belongs to a turn a removal
    /// handed on (652.5.a.1).
    pub(super) fn expire_at_turn_start(&mut self, seat: Seat) {
        self.end_grants(Expiry::TurnHandedOn, |g| g.until == Until::ThisTurn);
        self.end_grants(Expiry::NextTurn, |g| {
            g.until == Until::YourNextTurn && g.by == seat
        });
    }

    /// 110: nothing follows a unit off the board.
    pub(super) fn forget_grants(&mut self, unit: CardId) {
        self.s.grants.retain(|g| g.unit != unit);
    }

    /// Policy `leaver-durations`: a leaver's grants end now, or stay.
    pub(super) fn leaver_grants(&mut self, p: Seat) {
        match self.readings.leaver_durations {
            LeaverDurations::EndAtOnce => self.end_grants(Expiry::PlayerLeft, |g| g.by == p),
            LeaverDurations::RunTheirCourse => {}
        }
    }
}
