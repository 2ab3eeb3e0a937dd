//! `riftcheck explore`: stateright's Explorer over a starting position, on 127.0.0.1. States are
//! shown as rulebook summaries and actions as step sentences. Note that the Explorer serves a
//! `./ui/` folder from the working directory in preference to its own files.

use riftcheck::Setup;
use stateright::{Checker, Model};

use crate::model::{Bounds, RiftModel};

/// Serves the Explorer until the process is stopped.
///
/// # Errors
///
/// The setup is impossible, or the port cannot be bound.
pub fn serve(name: &str, setup: &Setup, bounds: Bounds, port: u16) -> Result<(), String> {
    let model = RiftModel::new(name, setup, bounds)?;
    let address = ("127.0.0.1", port);
    // stateright panics if it cannot bind; find out first, with a clear message.
    std::net::TcpListener::bind(address)
        .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
    println!("Explorer for {name} on http://127.0.0.1:{port}/ (Ctrl-C to stop)");
    let checker = model.checker().serve(address);
    let _ = checker.unique_state_count();
    Ok(())
}
