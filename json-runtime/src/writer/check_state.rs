//! The state of the structure checks of debug builds (the hooks are in
//! `check.rs`): the open containers, where in each the output stands, and
//! the `write_json` calls being checked. Nothing of it exists in release
//! builds.

/// What an open container (or the document itself) expects next.
#[cfg(debug_assertions)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Expect {
    /// The document: any number of values (the sequence writers put one
    /// item after another); each entry point checks its own one.
    Document,
    /// An object's next key, or its end.
    Key,
    /// The text of a key written by other means than a key literal, which
    /// `colon` ends.
    KeyText,
    /// The value of the key just written.
    Value,
    /// An array's next separator (`array_value`), or its end.
    Separator,
    /// The element after an `array_value`.
    Element,
}

#[cfg(debug_assertions)]
#[derive(Debug, Clone, Copy)]
pub(super) struct Frame {
    pub(super) expect: Expect,
    /// Values written directly in this container (not inside nested ones).
    pub(super) values: usize,
}

/// A `write_json` call the crate made on a value's behalf, still running.
#[cfg(debug_assertions)]
#[derive(Debug, Clone, Copy)]
pub(super) struct Call {
    pub(super) type_name: &'static str,
    /// `frames.len()` when the call began.
    pub(super) frames: usize,
    /// The innermost frame's `values` when the call began.
    pub(super) values: usize,
    /// Where the output stood, to tell a value written through paths
    /// without hooks (numbers written into the buffer) from none at all.
    pub(super) drains: usize,
    pub(super) len: usize,
}

/// The checks' state, one per writer, in debug builds only.
#[cfg(debug_assertions)]
#[derive(Debug)]
pub(crate) struct Check {
    /// The open containers; the first is the document.
    pub(super) frames: Vec<Frame>,
    /// The calls being checked, innermost last. Kept here rather than in
    /// the callers' frames so that recursion costs no more stack per level
    /// than two calls.
    pub(super) calls: Vec<Call>,
    /// Inside values written through serde, which are not looked into.
    pub(super) suspended: usize,
}

#[cfg(debug_assertions)]
impl Default for Check {
    fn default() -> Self {
        Check {
            frames: vec![Frame {
                expect: Expect::Document,
                values: 0,
            }],
            calls: Vec::new(),
            suspended: 0,
        }
    }
}

#[cfg(debug_assertions)]
impl Check {
    pub(super) fn top(&mut self) -> &mut Frame {
        self.frames
            .last_mut()
            .expect("the document frame is never closed")
    }

    pub(super) fn type_name(&self) -> &'static str {
        self.calls.last().map_or("", |call| call.type_name)
    }

    /// Whose impl put a value where none belongs: not the value's own
    /// (its call has written nothing yet), but the one that wrote it.
    pub(super) fn misplaced_value_by(&self) -> &'static str {
        let (frames, values) = (self.frames.len(), self.frames[self.frames.len() - 1].values);
        self.calls
            .iter()
            .rev()
            .find(|call| !(call.frames == frames && call.values == values))
            .map_or("", |call| call.type_name)
    }
}

/// Panics for a violation by `type_name`'s impl.
#[cfg(debug_assertions)]
#[cold]
#[inline(never)]
pub(super) fn check_failed(type_name: &str, what: std::fmt::Arguments<'_>) -> ! {
    // No name outside every checked call: an item of a sequence writer.
    let who = if type_name.is_empty() {
        "a `ToJson` impl".to_owned()
    } else {
        format!("`{type_name}`")
    };
    panic!(
        "json_runtime: {who} {what} (debug builds check that each `write_json` \
         writes exactly one JSON value, with balanced brackets)"
    )
}

/// Which container a frame is, for messages.
#[cfg(debug_assertions)]
pub(super) fn container(expect: Expect) -> &'static str {
    match expect {
        Expect::Document => "the document",
        Expect::Key | Expect::KeyText | Expect::Value => "an object",
        Expect::Separator | Expect::Element => "an array",
    }
}
