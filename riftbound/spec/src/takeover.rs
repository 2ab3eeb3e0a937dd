//! Taking over an engine's game: after an engine under test parts from the rules, `conform`
//! goes on from the game the engine shows rather than stopping there. Each field an observer
//! sees is set on the spec's state from the engine's value, where the state can hold it; the
//! fields the engine does not show stay as the spec has them.
//!
//! Only what a plain state can hold is taken over: who is in, whose turn it is (317), who holds
//! Priority (312) and Focus (313), the pass records (339, 347.3.a), points (462) and Energy
//! (159), winners (651.1) and the invitation (316.2.b.1). A Chain, a card's place or a
//! battlefield's controller shown otherwise than the spec has them are not: the caller says so.

use riftbound_vocabulary::observation::Value;
use riftbound_vocabulary::seat::Seat;

use super::Spec;
use super::state::Seats;

/// A seat, or nobody, as an engine's observation writes it.
fn seat_or_none(v: &Value) -> Result<Option<Seat>, String> {
    match v {
        Value::None => Ok(None),
        Value::Text(t) if t == "none" => Ok(None),
        Value::Text(t) => t
            .parse()
            .map(Some)
            .map_err(|_| format!("`{t}` is not a seat")),
        other => Err(format!("{} is not a seat", other.toml())),
    }
}

/// A list of seats, in turn order (A to D), as an engine's observation writes it.
fn seats(v: &Value) -> Result<Seats, String> {
    let Value::List(items) = v else {
        return Err(format!("{} is not a list of seats", v.toml()));
    };
    let mut out = Seats::new();
    for x in items {
        let Some(s) = seat_or_none(x)? else {
            return Err("`none` in a list of seats".into());
        };
        if !out.contains(&s) {
            out.try_push(s)
                .map_err(|_| "more than four seats".to_string())?;
        }
    }
    out.sort_unstable();
    Ok(out)
}

/// A number per seat, as an engine's observation writes it.
fn per_seat(v: &Value, now: [u8; 4]) -> Result<[u8; 4], String> {
    let Value::Map(entries) = v else {
        return Err(format!("{} is not a table of seats", v.toml()));
    };
    let mut out = now;
    for (k, n) in entries {
        let s: Seat = k.parse().map_err(|_| format!("`{k}` is not a seat"))?;
        let Value::Int(n) = n else {
            return Err(format!("{k} has {} where a number is", n.toml()));
        };
        out[s.index()] = u8::try_from(*n).map_err(|_| format!("{k} has {n}, out of range"))?;
    }
    Ok(out)
}

impl Spec {
    /// Sets the field `key` of what an observer sees to `v`, the engine's value in the
    /// observation's canonical form, where the spec's state can hold it.
    ///
    /// # Errors
    ///
    /// The spec's state cannot hold that field as the engine shows it (a Chain, a card's place,
    /// Focus outside a Showdown), or the value is not one of the field's: why, in words.
    pub fn take_over(&mut self, key: &str, v: &Value) -> Result<(), String> {
        let s = &mut self.s;
        match key {
            "priority" => s.priority = seat_or_none(v)?,
            "invited" => s.invited = seat_or_none(v)?,
            "turn" => match seat_or_none(v)? {
                Some(t) => s.turn = t,
                None if s.winners.is_some() => {}
                None => return Err("no Turn Player while the game goes on".into()),
            },
            "focus" => match (seat_or_none(v)?, s.fight.as_mut()) {
                (Some(f), Some(fight)) => fight.focus = f,
                (None, None) => {}
                (Some(_), None) => return Err("Focus outside a Showdown".into()),
                (None, Some(_)) => return Err("a Showdown without Focus".into()),
            },
            "passed" => {
                let p = seats(v)?;
                if !s.chain_exists && !p.is_empty() {
                    return Err("passes on a Chain that does not exist".into());
                }
                s.passes = p;
            }
            "focus_passed" => {
                let p = seats(v)?;
                match s.fight.as_mut() {
                    Some(fight) => fight.focus_passes = p,
                    None if p.is_empty() => {}
                    None => return Err("Focus passes outside a Showdown".into()),
                }
            }
            "remaining" => s.players = seats(v)?,
            "removed" => s.gone = seats(v)?,
            "winners" => {
                let w = seats(v)?;
                s.winners = (!w.is_empty()).then_some(w);
            }
            "points" => s.points = per_seat(v, s.points)?,
            "energy" => s.energy = per_seat(v, s.energy)?,
            other => {
                return Err(format!(
                    "the spec cannot hold another `{other}` than its own"
                ));
            }
        }
        Ok(())
    }
}
