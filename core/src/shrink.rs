//! Shrinking a failing sequence of steps to a shortest one that still fails: the one shrinker
//! the model checker's random walks, the fuzzers and the property tests all report through.

/// Removes steps from `path` while `fails` still holds of what is left: single steps, then
/// adjacent pairs (a play and its answer often go together), repeated until nothing more can go.
/// The result still fails; `fails` keeps the failure's polarity (for a safety property: the
/// property is still broken).
pub fn shrink<T: Clone>(mut path: Vec<T>, fails: impl Fn(&[T]) -> bool) -> Vec<T> {
    loop {
        let mut changed = false;
        for width in [1usize, 2] {
            let mut i = 0;
            while i + width <= path.len() {
                let mut candidate = path.clone();
                candidate.drain(i..i + width);
                if fails(&candidate) {
                    path = candidate;
                    changed = true;
                } else {
                    i += 1;
                }
            }
        }
        if !changed {
            return path;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_only_what_the_failure_needs() {
        // Fails when it contains a 3 followed later by a 7.
        let fails = |p: &[u32]| {
            p.iter()
                .position(|&x| x == 3)
                .is_some_and(|i| p[i..].contains(&7))
        };
        let short = shrink(vec![1, 3, 4, 5, 7, 9, 3], fails);
        assert_eq!(short, vec![3, 7]);
    }

    #[test]
    fn a_path_that_does_not_fail_is_returned_whole() {
        assert_eq!(shrink(vec![1, 2], |_| false), vec![1, 2]);
    }
}
