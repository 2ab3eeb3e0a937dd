//! What an engine's steps cost, on random games of any ruleset (`riftcheck bench`): listing the
//! legal actions (the well-formed ones, each checked), taking one, and the step of the engine
//! and the spec in lockstep with what each shows compared, as the model checker takes it.
//! Figures, not tests.

use std::time::Instant;

use arbitrary::Unstructured;

use crate::engine::{Engine, Ruleset};
use crate::oracle::Lockstep;

/// The steps a game is played for at most: random games end or loop long before.
const STEPS: usize = 60;

/// Calls of one kind and the time they took.
#[derive(Clone, Copy, Debug, Default)]
pub struct Timed {
    /// How many.
    pub calls: u64,
    /// Their time in all, in nanoseconds.
    pub nanos: u128,
}

impl Timed {
    /// Nanoseconds per call.
    pub fn per_call(&self) -> f64 {
        self.nanos as f64 / self.calls.max(1) as f64
    }

    fn time<T>(&mut self, f: impl FnOnce() -> T) -> T {
        let t = Instant::now();
        let out = f();
        self.nanos += t.elapsed().as_nanos();
        self.calls += 1;
        out
    }
}

/// What the steps of random games cost.
#[derive(Clone, Copy, Debug, Default)]
pub struct Costs {
    /// The games played.
    pub games: u64,
    /// The engine taking an action it accepts.
    pub apply: Timed,
    /// The engine listing its legal actions: the well-formed ones, each checked.
    pub listing: Timed,
    /// The engine and the spec in lockstep: the refusals compared, both stepped, what each
    /// shows compared.
    pub lockstep: Timed,
}

/// Picks one of `legal` by the next bytes of `u`, each alike.
pub fn uniform<E, A: Copy>(_: &E, legal: &[A], u: &mut Unstructured<'_>) -> Option<A> {
    let pick = u.arbitrary::<u16>().ok()?;
    legal.get(usize::from(pick) % legal.len().max(1)).copied()
}

/// Plays random games for `seconds`, each from the table `setup` draws from seeded bytes (a
/// draw that gives none is passed over), engine `E` beside spec `S`, each step the action
/// `pick` draws for the engine among its legal ones (none ends the game), and times their
/// steps.
pub fn engine_costs<R, E, S>(
    seconds: f64,
    mut setup: impl FnMut(&mut Unstructured<'_>) -> Option<R::Setup>,
    mut pick: impl FnMut(&E, &[R::Action], &mut Unstructured<'_>) -> Option<R::Action>,
) -> Costs
where
    R: Ruleset,
    E: Engine<R> + Clone,
    S: Engine<R>,
{
    let mut costs = Costs::default();
    let started = Instant::now();
    let mut seed = 0u64;
    let mut legal = Vec::new();
    // The rooms each side's observation is written into, reused from step to step.
    let (mut ours, mut theirs): (Option<R::Observation>, Option<R::Observation>) = (None, None);
    while started.elapsed().as_secs_f64() < seconds {
        seed += 1;
        let bytes = super::generate::seeded_bytes(seed, 512);
        let mut u = Unstructured::new(&bytes);
        let Some(table) = setup(&mut u) else { continue };
        let (Ok((game, _)), Ok((spec, _))) = (E::start(&table), S::start(&table)) else {
            continue;
        };
        costs.games += 1;
        let mut pair = Lockstep::<E, S, R>::new(game.clone(), spec);
        let mut game = game;
        for _ in 0..STEPS {
            costs.listing.time(|| {
                legal.clear();
                game.well_formed(&mut legal);
                legal.retain(|&a| game.check(a).is_ok());
            });
            let Some(action) = pick(&game, &legal, &mut u) else {
                break;
            };
            if costs.apply.time(|| game.apply(action)).is_err() {
                break;
            }
            // Both take it (or the game stops here): what each shows is compared, as the
            // model compares it, whether or not they agree (the two may differ in what no
            // observer reads, the order of events within a step, say).
            let taken = costs.lockstep.time(|| {
                if pair.refusal(action).is_some() {
                    return false;
                }
                let (o, t) = (
                    ours.get_or_insert_with(|| pair.engine.observe()),
                    theirs.get_or_insert_with(|| pair.spec.observe()),
                );
                let taken = pair.take_both_into(action, o, t).is_ok();
                std::hint::black_box(o == t);
                taken
            });
            if !taken {
                break;
            }
        }
    }
    costs
}
