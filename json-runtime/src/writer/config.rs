//! The one description of an encoding that every entry point builds and
//! every writer is set up from.

use crate::escape::Escape;

/// serde_json's pretty indent: two spaces.
pub(crate) const DEFAULT_INDENT: &[u8] = b"  ";

/// How one encoding is laid out and escaped, besides compact or pretty
/// (which is the writer's `Format`, chosen at compile time). `Options`
/// and `PrettyFormatter` hold one; the plain entry points use
/// [`Config::DEFAULT`], serde_json's output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Config<'a> {
    /// Used only by the pretty layout.
    pub(crate) indent: &'a [u8],
    pub(crate) escape: Escape,
    /// Write the entries of `HashMap`s and the elements of `HashSet`s in
    /// sorted order.
    pub(crate) sort_keys: bool,
    /// Pretty layout only: keep an array of scalars on one line when the
    /// line fits in this many characters.
    pub(crate) inline_arrays: Option<usize>,
    /// JSON Lines: raw values lose the whitespace between their tokens,
    /// so that none breaks its line.
    pub(crate) compact_raw: bool,
}

impl Config<'static> {
    /// serde_json's output: two spaces when pretty, its escaping, no
    /// opt-in output.
    pub(crate) const DEFAULT: Config<'static> = Config {
        indent: DEFAULT_INDENT,
        escape: Escape::Default,
        sort_keys: false,
        inline_arrays: None,
        compact_raw: false,
    };
}

impl Default for Config<'_> {
    fn default() -> Self {
        Config::DEFAULT
    }
}

impl<'a> Config<'a> {
    /// The same, for JSON Lines: compact raw values.
    pub(crate) fn lines(self) -> Self {
        Config {
            compact_raw: true,
            ..self
        }
    }

    /// Whether the indent is valid UTF-8, so that pretty output with it is
    /// text. The one check behind every `to_string` with a chosen indent.
    pub(crate) fn indent_is_text(&self) -> bool {
        std::str::from_utf8(self.indent).is_ok()
    }
}
