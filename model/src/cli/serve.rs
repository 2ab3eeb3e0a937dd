//! `riftcheck serve`: the reference engine (or the spec) behind the conformance protocol, on
//! standard input and output, with the mistakes, readings and view of the game asked for: an
//! engine to test whatever checks engines.

use std::process::ExitCode;

use riftcheck::protocol::Capabilities;
use riftcheck::protocol::events::Reported;
use riftcheck::protocol::serve::{Respond, Session, Shown, serve};

use super::fail_input;

/// What `serve` is asked to be.
#[derive(Debug, Default)]
pub struct ServeArgs {
    /// MTG's 800.4 rather than Riftbound.
    pub mtg: bool,
    /// The spec rather than the reference engine.
    pub spec: bool,
    /// Rule faults, by name.
    pub faults: Vec<String>,
    /// Whether it hands out snapshots.
    pub snapshots: bool,
    /// Readings of policies, `POLICY=READING`.
    pub policies: Vec<String>,
    /// The fields it exposes.
    pub observes: Option<Vec<String>>,
    /// `sentences`, `structured` or `none`.
    pub events: String,
    /// The kinds of event it reports.
    pub event_kinds: Option<Vec<String>>,
    /// Where to record the games played, as a trace (docs/traces.md).
    pub record: Option<std::path::PathBuf>,
}

fn faults(names: &[String]) -> Result<Vec<riftcheck::Fault>, String> {
    let mut out: Vec<riftcheck::Fault> = Vec::new();
    for n in names {
        let f: riftcheck::Fault = n.parse().map_err(|e| format!("--fault {n}: {e}"))?;
        if let Some(g) = out.iter().find(|g| g.point().key == f.point().key) {
            return Err(format!(
                "--fault {n} and --fault {} both misread the policy `{}`: one fault per policy",
                g.key(),
                f.point().key
            ));
        }
        out.push(f);
    }
    Ok(out)
}

fn shown(args: &ServeArgs) -> Result<Shown, String> {
    let (events, structured) = match (args.events.as_str(), &args.event_kinds) {
        ("none", Some(_)) => return Err("--event-kinds with --events none".into()),
        ("none", None) => (Reported::Nothing, false),
        ("sentences" | "structured", kinds) => (
            kinds.clone().map_or(Reported::All, Reported::Kinds),
            args.events == "structured",
        ),
        (other, _) => {
            return Err(format!(
                "--events {other}: expected sentences, structured or none"
            ));
        }
    };
    let declared = Capabilities {
        observes: args.observes.clone(),
        events: events.clone(),
        ..Capabilities::default()
    };
    if let Some(p) = declared.problem() {
        return Err(p);
    }
    Ok(Shown {
        observes: args.observes.clone(),
        events,
        structured,
    })
}

/// `serve --ruleset mtg`: the MTG engine (committing the faults named) or the MTG spec.
fn mtg(args: &ServeArgs) -> Result<Box<dyn Respond>, String> {
    use riftcheck::Engine;
    use riftcheck::mtg::{MtgGame, spec::MtgSpec};
    use riftcheck::protocol::mtg::MtgSession;
    let refused = [
        (!args.snapshots, "--no-snapshot"),
        (!args.policies.is_empty(), "--policy"),
        (args.observes.is_some(), "--observes"),
        (args.events != "sentences", "--events"),
        (args.event_kinds.is_some(), "--event-kinds"),
        (args.record.is_some(), "--record"),
        (args.faults.len() > 1, "a second --fault"),
    ];
    if let Some((_, flag)) = refused.iter().find(|(on, _)| *on) {
        return Err(format!(
            "serve --ruleset mtg takes --spec and one --fault; {flag} is Riftbound's"
        ));
    }
    if args.spec {
        let start = Box::new(|s: &riftcheck::mtg::MtgSetup| MtgSpec::start(s));
        return Ok(Box::new(MtgSession::new("riftcheck mtg spec", start)));
    }
    let fault = mtg_check::plan::fault(args.faults.first().map(String::as_str))?;
    let start = Box::new(move |s: &riftcheck::mtg::MtgSetup| {
        MtgGame::with_readings(s, riftcheck::mtg::MtgReadings::default().with_fault(fault))
    });
    Ok(Box::new(MtgSession::new("riftcheck mtg", start)))
}

fn finish(done: std::io::Result<()>) -> ExitCode {
    match done {
        Ok(()) => ExitCode::SUCCESS,
        // The other side closed the pipe: the session is over.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("riftcheck serve: {e}");
            ExitCode::from(2)
        }
    }
}

/// Runs `riftcheck serve` until its input ends. Exit status 2 for bad arguments.
pub fn run(args: &ServeArgs) -> ExitCode {
    if args.mtg {
        return match mtg(args) {
            Ok(session) => finish(serve(
                session,
                std::io::stdin().lock(),
                std::io::stdout().lock(),
                None,
            )),
            Err(e) => fail_input(e),
        };
    }
    let (faults, shown) = match faults(&args.faults).and_then(|f| Ok((f, shown(args)?))) {
        Ok(x) => x,
        Err(e) => return fail_input(e),
    };
    let mut chosen = Vec::new();
    for p in &args.policies {
        match p.parse::<riftcheck::PolicyChoice>() {
            Ok(c) => chosen.push(c),
            Err(e) => return fail_input(format!("--policy {p}: {e}")),
        }
    }
    let mut recorder = match &args.record {
        Some(path) => match riftcheck::protocol::trace::Recorder::create(path) {
            Ok(r) => Some(r),
            Err(e) => return fail_input(format!("--record {}: {e}", path.display())),
        },
        None => None,
    };
    let record = recorder.as_mut();
    let (input, output) = (std::io::stdin().lock(), std::io::stdout().lock());
    let done = if args.spec {
        let session = Session::<riftcheck::oracle::Spec>::new("riftcheck spec")
            .with_policies(chosen)
            .showing(shown);
        serve(
            session.with_snapshots(args.snapshots),
            input,
            output,
            record,
        )
    } else {
        let session = Session::<riftcheck::Game>::new("riftcheck")
            .with_faults(faults)
            .with_policies(chosen)
            .showing(shown);
        serve(
            session.with_snapshots(args.snapshots),
            input,
            output,
            record,
        )
    };
    finish(done)
}
