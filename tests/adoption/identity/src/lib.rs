//! Writes values with serde_json and json_runtime, compact, pretty and
//! streamed, and counts the values whose bytes differ. See ../README.md.
use std::collections::BTreeMap;

use json_runtime::ToJson;
use serde::Serialize;

#[derive(Default)]
pub struct Stats {
    pub values: usize,
    pub bytes: usize,
    pub same_errors: usize,
    pub diffs: usize,
    pub large: usize,
    pub per_type: BTreeMap<String, usize>,
    shown: usize,
}

impl Stats {
    pub fn check<T: ToJson + Serialize + ?Sized>(&mut self, what: &str, value: &T) {
        let name = std::any::type_name::<T>().to_string();
        self.values += 1;
        *self.per_type.entry(name.clone()).or_default() += 1;
        let theirs = serde_json::to_vec(value).map_err(|e| e.to_string());
        let ours = json_runtime::to_vec(value).map_err(|e| e.to_string());
        let mut streamed = Vec::new();
        let ours_streamed = json_runtime::to_writer(&mut streamed, value)
            .map(|()| streamed)
            .map_err(|e| e.to_string());
        let theirs_pretty = serde_json::to_vec_pretty(value).map_err(|e| e.to_string());
        let mut pretty = Vec::new();
        let ours_pretty = json_runtime::to_writer_pretty(&mut pretty, value)
            .map(|()| pretty)
            .map_err(|e| e.to_string());
        let ours_pretty_vec = json_runtime::to_vec_pretty(value);
        let same = theirs == ours
            && theirs == ours_streamed
            && theirs_pretty == ours_pretty
            && match (&theirs_pretty, ours_pretty_vec) {
                (Ok(t), Ok(o)) => *t == o,
                (Err(_), Err(_)) => true,
                _ => false,
            };
        if let Ok(bytes) = &theirs {
            self.bytes += bytes.len();
            if bytes.len() >= 100 {
                self.large += 1;
            }
        } else if same {
            self.same_errors += 1;
        }
        if !same {
            self.diffs += 1;
            if self.shown < 10 {
                self.shown += 1;
                let show = |r: &Result<Vec<u8>, String>| match r {
                    Ok(b) => String::from_utf8_lossy(&b[..b.len().min(2000)]).into_owned(),
                    Err(e) => format!("ERROR {e}"),
                };
                eprintln!(
                    "DIFF {what} ({name})\n  serde_json:   {}\n  json_runtime: {}\n  streamed:     {}\n  pretty same: {}",
                    show(&theirs),
                    show(&ours),
                    show(&ours_streamed),
                    theirs_pretty == ours_pretty
                );
            }
        }
    }

    pub fn report(&self, label: &str) {
        println!(
            "{label} (native impls: {}): {} values ({} of 100+ bytes) of {} types, {} bytes compact (serde_json), {} identical errors, {} differing",
            NATIVE,
            self.values,
            self.large,
            self.per_type.len(),
            self.bytes,
            self.same_errors,
            self.diffs
        );
    }
}

/// Whether json-runtime's own `serde_json::Value` impl is in this build.
#[cfg(feature = "native")]
pub const NATIVE: bool = {
    const fn assert<T: json_runtime::ToJson>() {}
    assert::<serde_json::Value>();
    true
};
#[cfg(not(feature = "native"))]
pub const NATIVE: bool = false;

/// The folder `run.sh` filled with sample data (`ADOPTION_DATA`).
pub fn data(file: &str) -> std::path::PathBuf {
    let dir = std::env::var_os("ADOPTION_DATA").expect("set ADOPTION_DATA (see run.sh)");
    std::path::Path::new(&dir).join(file)
}
