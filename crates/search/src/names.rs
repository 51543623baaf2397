//! One table of names per enum that the command line and the panel name: `name()`, `Display`
//! and `FromStr` all come from it, so a name is written once. Declared first in `lib.rs`
//! (`#[macro_use]`), so every module can use it.

/// `named!(Type, "what it is", Type::A => "a", Type::B => "b")`.
macro_rules! named {
    ($ty:ty, $what:literal, $($variant:expr => $name:literal),+ $(,)?) => {
        impl $ty {
            /// The name used on the command line and in the panel.
            pub fn name(self) -> &'static str {
                $(if self == $variant { return $name; })+
                unreachable!()
            }
        }
        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }
        impl ::std::str::FromStr for $ty {
            type Err = String;
            fn from_str(s: &str) -> Result<Self, String> {
                $(if s.eq_ignore_ascii_case($name) { return Ok($variant); })+
                Err(format!(concat!("unknown ", $what, " '{}': expected one of {}"), s, [$($name),+].join(", ")))
            }
        }
    };
}
