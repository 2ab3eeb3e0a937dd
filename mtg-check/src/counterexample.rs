//! A path the MTG check found to a violation, written as an MTG scenario file
//! ([`riftcheck::mtg::scenario::write`]): titled by the property, its rules, and the fault the
//! engine committed.

use riftcheck::mtg::scenario::write::{Heading, written};
use riftcheck::mtg::{Action, MtgFault, MtgSetup};

use super::properties::MtgProp;

/// The scenario file of a violation of `prop` found in configuration `config` (its `setup`) by
/// `path`, the engine committing `fault`.
pub fn scenario(
    config: &str,
    setup: &MtgSetup,
    prop: MtgProp,
    fault: Option<MtgFault>,
    path: &[Action],
) -> String {
    written(&heading(config, prop, fault), setup, path)
}

/// How such a file titles itself: the configuration and the property, the property's rules, and
/// the fault the engine committed.
pub fn heading(config: &str, prop: MtgProp, fault: Option<MtgFault>) -> Heading {
    let text = prop.text().replace('"', "'");
    let rules: Vec<String> = text
        .rsplit_once('(')
        .map(|(_, r)| {
            r.trim_end_matches(')')
                .split(", ")
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    let under = fault.map_or(String::new(), |f| {
        format!(
            " It was found with the engine committing the fault {} ({}).",
            f.key(),
            f.rule()
        )
    });
    Heading {
        title: format!("{config}: {text}"),
        rules,
        description: format!(
            "A shortest path the checker found to a violation of: {text}.{under} The \
             expectations are what the MTG spec shows at the end."
        ),
    }
}
