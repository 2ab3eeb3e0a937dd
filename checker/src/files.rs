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
