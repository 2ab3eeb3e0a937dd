//! Which counterexamples a check writes to files, and what the files are called, the same for
//! every ruleset: per family and property the shortest counterexample (the first
//! configuration's on a tie), in `FAMILY__PROPERTY.toml`; the other configurations of the family
//! that break the property are named beside it, not written.

/// A counterexample chosen for a file: its family, the counterexample, and the other
/// configurations of the family that break the same property.
#[derive(Clone, Debug)]
pub struct Choice<'a, T> {
    /// The family.
    pub family: &'a str,
    /// The counterexample (whatever the ruleset keeps of it).
    pub chosen: T,
    /// The configuration it was found in.
    pub config: &'a str,
    /// Other configurations of the family that break the property.
    pub also_in: Vec<&'a str>,
}

/// From every counterexample found, in configuration order, as (family, configuration,
/// property, steps, the counterexample), those worth a file.
pub fn choose<'a, P: PartialEq, T>(
    found: impl IntoIterator<Item = (&'a str, &'a str, P, usize, T)>,
) -> Vec<Choice<'a, T>> {
    let mut chosen: Vec<(P, usize, Choice<'a, T>)> = Vec::new();
    for (family, config, property, steps, c) in found {
        let same =
            |(p, _, k): &&mut (P, usize, Choice<'a, T>)| *p == property && k.family == family;
        match chosen.iter_mut().find(same) {
            Some((_, len, entry)) if steps < *len => {
                let was = std::mem::replace(&mut entry.config, config);
                entry.also_in.push(was);
                entry.chosen = c;
                *len = steps;
            }
            Some((_, _, entry)) => entry.also_in.push(config),
            None => chosen.push((
                property,
                steps,
                Choice {
                    family,
                    chosen: c,
                    config,
                    also_in: Vec::new(),
                },
            )),
        }
    }
    chosen.into_iter().map(|(_, _, c)| c).collect()
}

/// `name` fit for a file's name: every character but a letter, a digit or `-` made `_`.
pub fn file_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The file a chosen counterexample of `property` (its id) is written to.
pub fn file_name(family: &str, property: &str) -> String {
    format!("{}__{property}.toml", file_safe(family).trim_matches('_'))
}

/// A chosen counterexample as a ruleset writes it: its family, its property's id, its scenario
/// file's text, and its picture where the ruleset draws one.
#[derive(Clone, Debug)]
pub struct CounterexampleFile<'a> {
    /// The family of configurations it was chosen for.
    pub family: &'a str,
    /// Its property's id (`riftcheck_core::Property::id`).
    pub property: String,
    /// The scenario file that replays it.
    pub scenario: String,
    /// The SVG timeline of what the engine did, if the ruleset draws one.
    pub picture: Option<String>,
}

/// Writes each counterexample under `out`, for either ruleset: the scenario as
/// [`file_name`], the picture beside it as the same name in `.svg`. Returns the scenario files
/// written.
///
/// # Errors
///
/// The directory or a file cannot be written: which, and why.
pub fn write_counterexamples<'a>(
    out: &std::path::Path,
    files: impl IntoIterator<Item = CounterexampleFile<'a>>,
) -> Result<Vec<std::path::PathBuf>, String> {
    let write = |name: &str, text: &str| -> Result<std::path::PathBuf, String> {
        std::fs::create_dir_all(out)
            .map_err(|e| format!("cannot create {}: {e}", out.display()))?;
        let path = out.join(name);
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(path)
    };
    let mut written = Vec::new();
    for f in files {
        let name = file_name(f.family, &f.property);
        let toml = write(&name, &f.scenario)
            .map_err(|e| format!("the counterexample could not be saved: {e}"))?;
        written.push(toml);
        if let Some(svg) = &f.picture {
            write(&name.replace(".toml", ".svg"), svg)
                .map_err(|e| format!("the counterexample's picture could not be saved: {e}"))?;
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shortest_of_a_family_is_chosen_and_the_others_named() {
        let found = [
            ("chain", "duel/chain", 'p', 5, 1),
            ("chain", "war/chain", 'p', 3, 2),
            ("chain", "war/chain", 'q', 4, 3),
            ("removal", "duel/removal", 'p', 9, 4),
            ("chain", "skirmish/chain", 'p', 3, 5),
        ];
        let chosen = choose(found);
        let seen: Vec<_> = (chosen.iter())
            .map(|c| (c.family, c.config, c.chosen, c.also_in.clone()))
            .collect();
        assert_eq!(
            seen,
            vec![
                (
                    "chain",
                    "war/chain",
                    2,
                    vec!["duel/chain", "skirmish/chain"]
                ),
                ("chain", "war/chain", 3, vec![]),
                ("removal", "duel/removal", 4, vec![]),
            ]
        );
        assert_eq!(
            file_name("tests/a b.toml", "agree"),
            "tests_a_b_toml__agree.toml"
        );
    }
}
