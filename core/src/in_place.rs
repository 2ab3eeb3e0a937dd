//! Copying a game into the room of another, field by field.
//!
//! The model checker copies a state into the room of another for every transition it tries, so
//! the engine's and the spec's states implement `clone_from` in place: each field copied into
//! its own room (an `ArrayVec` keeps its buffer, a `Vec` its capacity), and a shared catalog
//! left alone when both games already share it. [`clone_in_place!`](crate::clone_in_place) writes that `Clone` for a
//! struct from the list of its fields; the list must name every field, or the code does not
//! compile, so a new field cannot be forgotten.

/// `Clone` for a struct, `clone_from` field by field in place. A field named after `shared`
/// is an `Arc`, replaced only when the two point at different values.
///
/// ```text
/// clone_in_place!(Game { shared catalog; readings, s });
/// ```
#[macro_export]
macro_rules! clone_in_place {
    ($ty:ident { shared $arc:ident; $($field:ident),* $(,)? }) => {
        impl Clone for $ty {
            fn clone(&self) -> $ty {
                $ty {
                    $arc: std::sync::Arc::clone(&self.$arc),
                    $($field: self.$field.clone(),)*
                }
            }

            fn clone_from(&mut self, source: &$ty) {
                let $ty { $arc, $($field,)* } = source;
                if !std::sync::Arc::ptr_eq(&self.$arc, $arc) {
                    self.$arc = std::sync::Arc::clone($arc);
                }
                $(self.$field.clone_from($field);)*
            }
        }
    };
    ($ty:ident { $($field:ident),* $(,)? }) => {
        impl Clone for $ty {
            fn clone(&self) -> $ty {
                $ty { $($field: self.$field.clone(),)* }
            }

            fn clone_from(&mut self, source: &$ty) {
                let $ty { $($field,)* } = source;
                $(self.$field.clone_from($field);)*
            }
        }
    };
}
