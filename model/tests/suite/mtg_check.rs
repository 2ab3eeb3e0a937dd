//! The MTG ruleset (800.4) on the checker: every built-in configuration proves every property;
//! every rule fault of the MTG engine is caught by the property it breaks, with a short
//! counterexample that replays; the results do not depend on the threads.

use mtg_check::MtgModel;
use mtg_check::configs;
use mtg_check::properties::broken_by;
use mtg_check::search::{check_all, replay_path};
use riftcheck::mtg::spec::MtgSpec;
use riftcheck::mtg::{MtgFault, MtgGame};
use riftcheck_checker::search::Limits;
use riftcheck_core::Property as _;

#[test]
fn every_configuration_proves_every_property() {
    let all = configs::all();
    assert!(all.iter().any(|c| c.setup.players == 3) && all.iter().any(|c| c.setup.players == 4));
    for r in check_all(&all, None, 2, (Limits::default(), false)).expect("every setup plays") {
        assert!(r.cut().is_none(), "{} was cut short", r.name);
        assert!(
            r.unique > 100,
            "{} explored only {} states",
            r.name,
            r.unique
        );
        let broken: Vec<&str> = r.violations().iter().map(|(p, _)| p.text()).collect();
        assert!(broken.is_empty(), "{}: {broken:?}", r.name);
    }
}

/// Each fault of the MTG engine, with the steps of its shortest counterexample over every
/// built-in configuration. Each shows on a three-player table no later than on any four-player
/// one, so the test command checks the faults on the three-player tables (a second each where
/// the whole matrix took a minute and a half); `RIFTCHECK_FAULTS_EVERYWHERE=1` (the weekly
/// workflow) checks them on every configuration, which also proves that no four-player table
/// has a shorter counterexample.
const SHORTEST: [(&str, usize); 15] = [
    ("stolen-exiled", 5),
    ("priority-kept", 1),
    ("leaver-trigger-put", 11),
    ("damage-to-leaver", 4),
    ("token-for-leaver", 7),
    ("turn-for-leaver", 5),
    ("effects-end-at-once", 5),
    ("ante-leaves", 1),
    ("choice-stays", 1),
    ("turn-ends-at-once", 1),
    ("controlled-stays", 5),
    ("mirror-forgets", 7),
    ("planar-leaves", 1),
    ("appoint-self", 7),
    ("stays-in-combat", 8),
];

/// Every fault is caught by the property it breaks, with a shortest counterexample of the
/// length pinned in [`SHORTEST`]; the counterexample replays, breaks nothing without the fault,
/// and its scenario file replays as a regression test that passes on the engine without the
/// fault and fails under it.
#[test]
fn every_fault_is_caught_by_the_property_it_breaks_with_a_file_that_replays() {
    use riftcheck::mtg::scenario::MtgScenario;
    use riftcheck_checker::files::{CounterexampleFile, choose, write_counterexamples};
    use riftcheck_checker::proof::Example;
    let everywhere = std::env::var_os("RIFTCHECK_FAULTS_EVERYWHERE").is_some();
    let tables: Vec<_> = configs::all()
        .into_iter()
        .filter(|c| everywhere || c.setup.players == 3)
        .collect();
    assert_eq!(
        SHORTEST.iter().map(|(f, _)| *f).collect::<Vec<_>>(),
        MtgFault::ALL.iter().map(|f| f.key()).collect::<Vec<_>>(),
        "one row per fault, in order"
    );
    let dir = crate::common::scratch("counterexamples");
    for (f, (_, steps)) in MtgFault::ALL.into_iter().zip(SHORTEST) {
        let expected = broken_by(f);
        let results =
            check_all(&tables, Some(f), 2, (Limits::default(), false)).expect("every setup plays");
        let found = results
            .iter()
            .filter_map(|r| {
                let (_, path) = r.violations().into_iter().find(|(p, _)| *p == expected)?;
                Some((r.name.clone(), path.to_vec()))
            })
            .min_by_key(|(_, path)| path.len());
        let Some((name, path)) = found else {
            panic!("fault {} was not caught by `{}`", f.key(), expected.text());
        };
        assert_eq!(path.len(), steps, "{}: {path:?}", f.key());
        // The counterexample replays, and its last state is the violation.
        let c = configs::named(&name).expect("the configuration exists");
        let model = MtgModel::<MtgGame, MtgSpec>::new(c.setup, c.concessions, Some(f))
            .expect("the setup plays");
        let states = replay_path(&model, &path).expect("the counterexample replays");
        let last = states.last().expect("a first state");
        assert!(last.ghost.violated.contains(expected), "{}", f.key());
        // Without the fault the same steps break nothing (where the engine takes them).
        let c = configs::named(&name).expect("the configuration exists");
        let clean = MtgModel::<MtgGame, MtgSpec>::new(c.setup, c.concessions, None)
            .expect("the setup plays");
        if let Some(states) = replay_path(&clean, &path) {
            assert!(
                states.last().unwrap().ghost.violated.is_empty(),
                "{}",
                f.key()
            );
        }
        // The file written for it replays: it passes without the fault and fails under it.
        let out = dir.join(f.key());
        // Chosen and written as `check` does: the shortest per family and property.
        let found = (tables.iter().zip(&results)).flat_map(|(c, r)| {
            (r.counterexamples.iter())
                .map(|x| (c.family, c.name.as_str(), x.property(), x.path().len(), x))
        });
        let files = choose(found).into_iter().map(|k| CounterexampleFile {
            family: k.family,
            property: k.chosen.property().id(),
            scenario: k.chosen.scenario(),
            picture: k.chosen.picture(),
        });
        let written = write_counterexamples(&out, files).expect("written");
        let file = written
            .iter()
            .find(|p| {
                p.to_string_lossy()
                    .ends_with(&format!("__{}.toml", expected.id()))
            })
            .unwrap_or_else(|| panic!("{}: no file for {}", f.key(), expected.id()));
        let s = MtgScenario::load(file).expect("the file reads back");
        assert!(
            s.replay().passed(),
            "{}: {:?}",
            f.key(),
            s.replay().failures
        );
        assert!(
            !s.replay_with_fault(f).passed(),
            "{} passes under its fault",
            f.key()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_results_do_not_depend_on_the_threads() {
    let all = configs::all();
    let key = |threads| {
        check_all(
            &all,
            Some(MtgFault::PriorityKept),
            threads,
            (Limits::default(), false),
        )
        .expect("every setup plays")
        .into_iter()
        .map(|r| {
            (
                r.name.clone(),
                r.unique,
                r.states,
                r.depth,
                r.failed.clone(),
            )
        })
        .collect::<Vec<_>>()
    };
    assert_eq!(key(1), key(2));
}

#[test]
fn a_state_limit_cuts_the_search_short() {
    let all = configs::all();
    let whole =
        check_all(&all[..1], None, 1, (Limits::default(), false)).expect("every setup plays");
    let r = check_all(
        &all[..1],
        None,
        1,
        (
            Limits {
                max_states: Some(50),
                ..Limits::default()
            },
            false,
        ),
    )
    .expect("every setup plays");
    assert!(r[0].cut().is_some() && whole[0].cut().is_none());
    assert!(
        r[0].unique < whole[0].unique / 4,
        "{} of {}",
        r[0].unique,
        whole[0].unique
    );
}

/// An engine of the MTG ruleset the checker knows only through `Engine<Mtg>`: the reference
/// engine, except that a player holding priority cannot concede (a bug: 104.3a lets a player
/// concede at any time).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct NoConcedeWithPriority(MtgGame, bool);

impl riftcheck::Engine<riftcheck::mtg::Mtg> for NoConcedeWithPriority {
    const NAME: &'static str = "an engine that keeps the priority holder in the game";

    fn start(
        setup: &riftcheck::mtg::MtgSetup,
    ) -> Result<(Self, Vec<riftcheck::mtg::MtgEvent>), riftcheck::mtg::MtgSetupErrors> {
        let buggy = setup.life != 19;
        MtgGame::start(setup).map(|(g, e)| (NoConcedeWithPriority(g, buggy), e))
    }
    fn well_formed(&self, out: &mut Vec<riftcheck::mtg::Action>) {
        self.0.well_formed(out);
    }
    fn apply(
        &mut self,
        action: riftcheck::mtg::Action,
    ) -> Result<Vec<riftcheck::mtg::MtgEvent>, riftcheck::mtg::Refusal> {
        if let riftcheck::mtg::Action::Concede { player } = action
            && self.1
            && self.0.observe().priority == Some(player)
        {
            return Err(riftcheck::mtg::Refusal::NoPriority(player));
        }
        self.0.apply(action)
    }
    fn observe(&self) -> riftcheck::mtg::MtgView {
        self.0.observe()
    }
}

#[test]
fn another_engine_behind_the_boundary_is_checked_the_same_way() {
    use mtg_check::properties::MtgProp;
    use mtg_check::search::check_one;
    let c = configs::named("mtg-3/steal").expect("the configuration exists");
    let buggy = MtgModel::<NoConcedeWithPriority, MtgSpec>::of(c.setup.clone(), c.concessions)
        .expect("the setup plays");
    let r = check_one("mtg-3/steal", buggy, (Limits::default(), false));
    let (_, path) = r
        .violations()
        .into_iter()
        .find(|(p, _)| *p == MtgProp::Agree)
        .expect("the disagreement is found");
    assert_eq!(path.len(), 1, "{path:?}: A concedes at once");
    // Its rulebook example is written from what this engine answered, not the reference one
    // (which lets A concede): the step the spec takes, this engine refused.
    let ce = (r.counterexamples.iter())
        .find(|c| c.property == MtgProp::Agree)
        .expect("the disagreement is written");
    let name = <NoConcedeWithPriority as riftcheck::Engine<riftcheck::mtg::Mtg>>::NAME;
    assert!(
        ce.written.rulebook.contains(&format!("{name} refused it")),
        "{}",
        ce.written.rulebook
    );
    assert!(
        ce.written.found.contains("the engine refuses it"),
        "{}",
        ce.written.found
    );
    // The same wrapper without the bug (life 19 switches it off) proves every property.
    let mut setup = c.setup;
    setup.life = 19;
    let clean = MtgModel::<NoConcedeWithPriority, MtgSpec>::of(setup, c.concessions)
        .expect("the setup plays");
    let r = check_one("mtg-3/steal", clean, (Limits::default(), false));
    assert!(r.failed.is_empty(), "{:?}", r.failed);
    assert!(r.unique > 1000);
}

/// An engine that refuses what the spec refuses, but for another rule: a player who left is
/// refused as one without priority (117.1) where 800.4a is the rule that refuses them.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct WrongReason(MtgGame);

impl riftcheck::Engine<riftcheck::mtg::Mtg> for WrongReason {
    const NAME: &'static str = "an engine that gives the wrong reason for refusing a leaver";

    fn start(
        setup: &riftcheck::mtg::MtgSetup,
    ) -> Result<(Self, Vec<riftcheck::mtg::MtgEvent>), riftcheck::mtg::MtgSetupErrors> {
        MtgGame::start(setup).map(|(g, e)| (WrongReason(g), e))
    }
    fn well_formed(&self, out: &mut Vec<riftcheck::mtg::Action>) {
        self.0.well_formed(out);
    }
    fn apply(
        &mut self,
        action: riftcheck::mtg::Action,
    ) -> Result<Vec<riftcheck::mtg::MtgEvent>, riftcheck::mtg::Refusal> {
        use riftcheck::mtg::Refusal;
        self.0.apply(action).map_err(|r| match r {
            Refusal::Left(p) => Refusal::NoPriority(p),
            r => r,
        })
    }
    fn observe(&self) -> riftcheck::mtg::MtgView {
        self.0.observe()
    }
}

/// Refusals are compared by rule, as Riftbound's are: both refusing is not agreeing when the
/// engine cites a rule the spec does not find broken.
#[test]
fn a_refusal_for_another_rule_is_a_disagreement() {
    use mtg_check::properties::MtgProp;
    use mtg_check::search::check_one;
    let c = configs::named("mtg-3/steal").expect("the configuration exists");
    let model =
        MtgModel::<WrongReason, MtgSpec>::of(c.setup, c.concessions).expect("the setup plays");
    let r = check_one("mtg-3/steal", model, (Limits::default(), false));
    let (_, path) = r
        .violations()
        .into_iter()
        .find(|(p, _)| *p == MtgProp::Agree)
        .expect("the other reason is found");
    assert_eq!(path.len(), 2, "{path:?}: a player concedes, then acts");
    assert!(
        matches!(path[0], riftcheck::mtg::Action::Concede { .. }),
        "{path:?}"
    );
}

/// An engine that panics when a player concedes, or (with `LISTING`) when it lists its actions
/// once a player has left.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Panics<const LISTING: bool>(MtgGame);

impl<const LISTING: bool> riftcheck::Engine<riftcheck::mtg::Mtg> for Panics<LISTING> {
    const NAME: &'static str = "an engine that panics once a player leaves";

    fn start(
        setup: &riftcheck::mtg::MtgSetup,
    ) -> Result<(Self, Vec<riftcheck::mtg::MtgEvent>), riftcheck::mtg::MtgSetupErrors> {
        MtgGame::start(setup).map(|(g, e)| (Panics(g), e))
    }
    fn well_formed(&self, out: &mut Vec<riftcheck::mtg::Action>) {
        if LISTING && self.0.observe().players.iter().any(|p| !p.in_game) {
            panic!("no list without every player");
        }
        self.0.well_formed(out);
    }
    fn apply(
        &mut self,
        action: riftcheck::mtg::Action,
    ) -> Result<Vec<riftcheck::mtg::MtgEvent>, riftcheck::mtg::Refusal> {
        if !LISTING && matches!(action, riftcheck::mtg::Action::Concede { .. }) {
            panic!("no seat to empty");
        }
        self.0.apply(action)
    }
    fn observe(&self) -> riftcheck::mtg::MtgView {
        self.0.observe()
    }
}

/// A panicking engine is a finding with the shortest way to the panic (a player concedes at
/// once), whether it panics in the step or in listing the actions after it; the search goes
/// on and ends.
#[test]
fn an_engine_s_panic_is_a_finding_not_the_end_of_the_check() {
    use mtg_check::properties::MtgProp;
    use mtg_check::search::check_one;
    fn panics_found<E: riftcheck::Engine<riftcheck::mtg::Mtg>>() -> Vec<riftcheck::mtg::Action> {
        let c = configs::named("mtg-3/steal").expect("the configuration exists");
        let model = MtgModel::<E, MtgSpec>::of(c.setup, c.concessions).expect("the setup plays");
        let r = check_one("mtg-3/steal", model, (Limits::default(), false));
        assert!(r.cut().is_none());
        r.violations()
            .into_iter()
            .find(|(p, _)| *p == MtgProp::NeverPanics)
            .expect("the panic is found")
            .1
            .to_vec()
    }
    for path in [
        panics_found::<Panics<false>>(),
        panics_found::<Panics<true>>(),
    ] {
        assert_eq!(path.len(), 1, "{path:?}");
        assert!(
            matches!(path[0], riftcheck::mtg::Action::Concede { .. }),
            "{path:?}"
        );
    }
}
