//! What property tests and fuzz targets run: inputs decoded from bytes ([`generate`]), the laws
//! every engine must obey on them ([`laws`]), and the bodies of the fuzz targets ([`fuzz`]);
//! and what an engine's steps cost on random games of any ruleset ([`cost`], `riftcheck bench`). A
//! broken law comes out as a shrunk scenario file, which is why this sits above the scenario
//! format.

pub mod cost;
pub mod fuzz;
pub mod generate;
pub mod laws;
