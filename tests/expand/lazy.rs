//! A lazy sequence as a generic field: `Seq<I>` is bounded as a whole
//! (`Seq<I>: ToJson`), never `I: ToJson`, which no iterator satisfies;
//! `T`, used plainly, keeps its own bound.

use json_runtime::{Seq, ToJson};

#[derive(ToJson)]
pub struct Report<I, T> {
    pub title: T,
    pub rows: Seq<I>,
    pub totals: Option<json_runtime::SeqMap<I>>,
}

/// The same document with the rows collected, for serde_json.
#[derive(serde::Serialize)]
pub struct Collected {
    pub title: &'static str,
    pub rows: Vec<(&'static str, u32)>,
    pub totals: Option<()>,
}

pub type Rows = std::vec::IntoIter<(&'static str, u32)>;

pub fn sample() -> (Report<Rows, &'static str>, Collected) {
    let rows = vec![("a", 1), ("b", 2)];
    let ours = Report {
        title: "lazy",
        rows: Seq::new(rows.clone()),
        totals: None,
    };
    let twin = Collected {
        title: "lazy",
        rows,
        totals: None,
    };
    (ours, twin)
}
