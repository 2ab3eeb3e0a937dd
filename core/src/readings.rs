//! One point of a ruleset's readings, declared the same way by every ruleset's vocabulary.

/// Declares one point where a ruleset's rules can be read more than one way: an enum of its
/// readings, the first the default (the book's, or the project's where the book is silent), with
/// every reading in order (`ALL`) and each one's name as the command line and the documents
/// write it (`key`).
///
/// ```
/// riftcheck_core::reading_point! {
///     /// Who receives Priority after its holder leaves.
///     Handover {
///         /// The next player in turn order.
///         Next = "next-player",
///         /// Nobody: it stays with the leaver (known to be wrong).
///         Stays = "stays-with-leaver",
///     }
/// }
/// assert_eq!(Handover::default(), Handover::Next);
/// assert_eq!(Handover::ALL.iter().map(|r| r.key()).collect::<Vec<_>>(), ["next-player", "stays-with-leaver"]);
/// ```
#[macro_export]
macro_rules! reading_point {
    (
        $(#[doc = $pdoc:literal])*
        $ty:ident { $( $(#[doc = $vdoc:literal])* $var:ident = $vkey:literal ),+ $(,)? }
    ) => {
        $(#[doc = $pdoc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
        pub enum $ty {
            #[default]
            $( $(#[doc = $vdoc])* $var, )+
        }

        impl $ty {
            /// Every reading, the default first.
            pub const ALL: &'static [$ty] = &[ $( $ty::$var, )+ ];

            /// The reading's name.
            pub fn key(self) -> &'static str {
                match self { $( $ty::$var => $vkey, )+ }
            }
        }
    };
}
