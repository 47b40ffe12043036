//! The entry points' one error type: serde_json call sites keep compiling
//! with only the path changed, values that serde_json refuses are an `Err`
//! with serde_json's message (never a panic), and I/O errors come back as
//! the writer returned them.

use std::collections::HashMap;
use std::error::Error as _;
use std::fmt;
use std::io::{self, Write};

use json_runtime::{Category, Options, PrettyFormatter, ToJson};
use serde::Serialize;

#[derive(ToJson, Serialize)]
struct Order {
    id: u64,
    items: Vec<&'static str>,
    note: Option<String>,
}

fn order() -> Order {
    Order {
        id: 7,
        items: vec!["tea", "scone"],
        note: None,
    }
}

/// A serde_json call site as applications write it, for a path that is
/// either `serde_json` or `json_runtime`: the same source compiles
/// against both.
macro_rules! call_sites {
    ($module:ident, $json:ident) => {
        mod $module {
            use std::error::Error;
            use std::io;

            use super::Order;

            /// An axum-style handler body.
            pub fn body(order: &Order) -> serde_json::Result<String> {
                let s = $json::to_string(order)?;
                Ok(s)
            }

            pub fn bytes(order: &Order) -> serde_json::Result<Vec<u8>> {
                let v = $json::to_vec(order)?;
                Ok(v)
            }

            pub fn pretty(order: &Order) -> serde_json::Result<String> {
                let text = $json::to_string_pretty(order)?;
                Ok(text)
            }

            /// A CLI writing to any `io::Write`.
            pub fn save(out: &mut impl io::Write, order: &Order) -> io::Result<()> {
                $json::to_writer(&mut *out, order)?;
                $json::to_writer_pretty(&mut *out, order)?;
                Ok(())
            }

            pub fn save_in_serde_result(
                out: &mut Vec<u8>,
                order: &Order,
            ) -> serde_json::Result<()> {
                $json::to_writer(&mut *out, order)?;
                $json::to_writer_pretty(&mut *out, order)?;
                Ok(())
            }

            pub fn pretty_bytes(order: &Order) -> io::Result<Vec<u8>> {
                Ok($json::to_vec_pretty(order)?)
            }

            /// Application code with a boxed error.
            pub fn boxed(order: &Order) -> Result<Vec<u8>, Box<dyn Error + Send + Sync>> {
                let mut out = $json::to_vec(order)?;
                out.extend($json::to_string(order)?.into_bytes());
                out.extend($json::to_string_pretty(order)?.into_bytes());
                out.extend($json::to_vec_pretty(order)?);
                $json::to_writer(&mut out, order)?;
                $json::to_writer_pretty(&mut out, order)?;
                Ok(out)
            }

            pub fn boxed_local(order: &Order) -> Result<String, Box<dyn Error>> {
                Ok($json::to_string(order)?)
            }
        }
    };
}

call_sites!(theirs, serde_json);
call_sites!(ours, json_runtime);

#[test]
fn serde_json_call_sites_compile_with_the_path_changed() {
    let order = order();
    assert_eq!(ours::body(&order).unwrap(), theirs::body(&order).unwrap());
    assert_eq!(ours::bytes(&order).unwrap(), theirs::bytes(&order).unwrap());
    assert_eq!(
        ours::pretty(&order).unwrap(),
        theirs::pretty(&order).unwrap()
    );
    assert_eq!(
        ours::pretty_bytes(&order).unwrap(),
        theirs::pretty_bytes(&order).unwrap()
    );
    let (mut a, mut b) = (Vec::new(), Vec::new());
    ours::save(&mut a, &order).unwrap();
    theirs::save(&mut b, &order).unwrap();
    assert_eq!(a, b);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    ours::save_in_serde_result(&mut a, &order).unwrap();
    theirs::save_in_serde_result(&mut b, &order).unwrap();
    assert_eq!(a, b);
    assert_eq!(ours::boxed(&order).unwrap(), theirs::boxed(&order).unwrap());
    assert_eq!(
        ours::boxed_local(&order).unwrap(),
        theirs::boxed_local(&order).unwrap()
    );
}

#[test]
fn the_error_is_one_pointer_and_thread_safe() {
    fn thread_safe<T: Send + Sync + 'static>() {}
    thread_safe::<json_runtime::Error>();
    assert_eq!(
        std::mem::size_of::<json_runtime::Error>(),
        std::mem::size_of::<usize>()
    );
    // As serde_json's: the `Result` is no larger than the `Vec` it holds.
    assert_eq!(
        std::mem::size_of::<Result<Vec<u8>, json_runtime::Error>>(),
        std::mem::size_of::<serde_json::Result<Vec<u8>>>()
    );
}

// ------------------------------------------------------------ refusals

/// Tuple keys have no `ToJsonKey` impl, so the field falls back to serde,
/// and serde_json refuses the map: `key must be a string`.
#[derive(ToJson, Serialize)]
struct Grid {
    name: &'static str,
    cells: HashMap<(u8, u8), u8>,
}

fn grid() -> Grid {
    Grid {
        name: "g",
        cells: HashMap::from([((0, 1), 7)]),
    }
}

fn assert_refused(what: &str, error: json_runtime::Error) {
    let expected = serde_json::to_string(&grid()).unwrap_err();
    assert_eq!(error.to_string(), expected.to_string(), "{what}");
    assert_eq!(error.to_string(), "key must be a string", "{what}");
    assert_eq!(error.classify(), Category::Data, "{what}");
    assert!(error.is_data() && !error.is_io(), "{what}");
    assert_eq!(error.io_error_kind(), None, "{what}");
    assert!(error.io_error().is_none(), "{what}");
    assert!(error.source().is_none(), "{what}");
    assert_eq!(
        format!("{error:?}"),
        r#"Error("key must be a string")"#,
        "{what}"
    );
}

#[test]
fn a_refused_value_is_an_error_in_every_entry_point() {
    let grid = grid();
    assert_refused("to_vec", json_runtime::to_vec(&grid).unwrap_err());
    assert_refused("to_string", json_runtime::to_string(&grid).unwrap_err());
    assert_refused(
        "to_string_pretty",
        json_runtime::to_string_pretty(&grid).unwrap_err(),
    );
    assert_refused(
        "to_vec_pretty",
        json_runtime::to_vec_pretty(&grid).unwrap_err(),
    );
    assert_refused("Options::to_vec", Options::new().to_vec(&grid).unwrap_err());
    assert_refused(
        "Options::to_string",
        Options::new()
            .pretty()
            .sort_keys(true)
            .to_string(&grid)
            .unwrap_err(),
    );
    assert_refused(
        "PrettyFormatter::to_vec",
        PrettyFormatter::with_indent(b"\t")
            .to_vec(&grid)
            .unwrap_err(),
    );
    assert_refused(
        "PrettyFormatter::to_string",
        PrettyFormatter::new().to_string(&grid).unwrap_err(),
    );
    assert_refused(
        "to_bytes",
        json_runtime::Options::new().to_bytes(&grid).unwrap_err(),
    );
    assert_refused("to_raw_json", json_runtime::to_raw_json(&grid).unwrap_err());
    let grids: Vec<Grid> = (0..1000).map(|_| self::grid()).collect();
    assert_refused(
        "par::to_vec",
        json_runtime::par::to_vec(&grids).unwrap_err(),
    );
    assert_refused(
        "par::to_vec_pretty",
        json_runtime::par::to_vec_pretty(&grids).unwrap_err(),
    );

    let mut out = Vec::new();
    assert_refused(
        "to_writer",
        json_runtime::to_writer(&mut out, &grid).unwrap_err(),
    );
    // Nothing after the error: only what preceded the map, at most.
    assert!(br#"{"name":"g","cells":"#.starts_with(&out), "{out:?}");
    assert_refused(
        "to_writer_array",
        json_runtime::Options::new()
            .to_writer_array(Vec::new(), [&grid])
            .unwrap_err(),
    );
    assert_refused(
        "to_writer_lines",
        json_runtime::Options::new()
            .to_writer_lines(Vec::new(), [&grid])
            .unwrap_err(),
    );
    assert_refused(
        "par::to_writer",
        json_runtime::par::to_writer(Vec::new(), &grids).unwrap_err(),
    );
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut out: Vec<u8> = Vec::new();
        assert_refused(
            "to_async_writer",
            json_runtime::Options::new()
                .to_async_writer(&mut out, &grid)
                .await
                .unwrap_err(),
        );
        assert_refused(
            "to_async_writer_array",
            json_runtime::Options::new()
                .to_async_writer_array(&mut out, [&grid])
                .await
                .unwrap_err(),
        );
    });
}

#[test]
fn a_refused_value_converts_as_serde_json_converts_its_errors() {
    let error = json_runtime::to_vec(&grid()).unwrap_err();
    let io_error = io::Error::from(error);
    assert_eq!(io_error.kind(), io::ErrorKind::InvalidData);
    assert_eq!(io_error.to_string(), "key must be a string");
    let inner = io_error
        .get_ref()
        .and_then(|e| e.downcast_ref::<json_runtime::Error>())
        .expect("the io::Error holds the json_runtime::Error");
    assert!(inner.is_data());
    // And back: the category survives an `io::Result` in between.
    let back = json_runtime::Error::from(io_error);
    assert!(back.is_data());
    assert_eq!(back.to_string(), "key must be a string");

    let error = json_runtime::to_vec(&grid()).unwrap_err();
    let theirs = serde_json::to_vec(&grid()).unwrap_err();
    let converted = serde_json::Error::from(error);
    assert_eq!(converted.to_string(), theirs.to_string());
    // serde_json classifies its own "key must be a string" as `Syntax`, a
    // category for parse errors; a converted error is `custom`, so `Data`.
    assert!(converted.is_data());
}

#[test]
fn a_refused_value_in_a_file_names_the_path_and_keeps_the_old_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("grid.json");
    std::fs::write(&path, b"old").unwrap();
    let error = json_runtime::write_file(&path, &grid()).unwrap_err();
    assert!(error.is_data(), "{error:?}");
    assert_eq!(error.io_error_kind(), None);
    assert_eq!(
        error.to_string(),
        format!("writing {}: key must be a string", path.display())
    );
    assert_eq!(error.write_file_error().unwrap().path(), path);
    assert_eq!(std::fs::read(&path).unwrap(), b"old");
    // Converted for an `io::Result`, as before: the path inside, and the
    // kind of the cause.
    let io_error = io::Error::from(error);
    assert_eq!(io_error.kind(), io::ErrorKind::InvalidData);
    assert_eq!(
        json_runtime::WriteFileError::of(&io_error).unwrap().path(),
        path
    );
}

// ------------------------------------------------------------ I/O errors

#[derive(Debug)]
struct Quota;

impl fmt::Display for Quota {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("quota exceeded")
    }
}

impl std::error::Error for Quota {}

/// Fails every write with the error `make` returns.
struct Failing<F>(F);

impl<F: Fn() -> io::Error> Write for Failing<F> {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err((self.0)())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

const ENOSPC: i32 = 28;

#[test]
fn an_io_error_is_the_writers_own() {
    let order = order();
    let os = || io::Error::from_raw_os_error(ENOSPC);
    let errors = [
        json_runtime::to_writer(Failing(os), &order).unwrap_err(),
        json_runtime::to_writer_pretty(Failing(os), &order).unwrap_err(),
        Options::new().to_writer(Failing(os), &order).unwrap_err(),
        PrettyFormatter::new()
            .to_writer(Failing(os), &order)
            .unwrap_err(),
        json_runtime::Options::new()
            .to_writer_array(Failing(os), [&order])
            .unwrap_err(),
        json_runtime::Options::new()
            .to_writer_lines(Failing(os), [&order])
            .unwrap_err(),
        json_runtime::par::to_writer(Failing(os), &[&order]).unwrap_err(),
    ];
    for error in errors {
        assert_eq!(error.classify(), Category::Io);
        assert!(error.is_io() && !error.is_data());
        assert_eq!(error.io_error_kind(), Some(os().kind()));
        assert_eq!(error.io_error().unwrap().raw_os_error(), Some(ENOSPC));
        // serde_json's message: the io::Error's.
        assert_eq!(error.to_string(), os().to_string());
        assert_eq!(
            serde_json::Error::from(error).io_error_kind(),
            Some(os().kind())
        );
    }
    let error = json_runtime::to_writer(Failing(os), &order).unwrap_err();
    assert_eq!(io::Error::from(error).raw_os_error(), Some(ENOSPC));

    // A custom error stays whole: its kind, its source, the value inside.
    let custom = || io::Error::other(Quota);
    let error = json_runtime::to_writer(Failing(custom), &order).unwrap_err();
    assert_eq!(error.io_error_kind(), Some(io::ErrorKind::Other));
    assert_eq!(error.to_string(), "quota exceeded");
    let io_error = io::Error::from(error);
    assert!(io_error.get_ref().unwrap().is::<Quota>());
}

#[test]
fn an_error_in_a_closure_keeps_its_category() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lines.jsonl");
    // The writer's I/O error, through `?` in the closure.
    let error = json_runtime::fs::write_with(&path, |file| {
        json_runtime::Options::new().to_writer_lines(file, [1, 2])?;
        Err(io::Error::from_raw_os_error(ENOSPC))?
    })
    .unwrap_err();
    assert!(error.is_io());
    assert_eq!(error.io_error().unwrap().raw_os_error(), Some(ENOSPC));
    assert_eq!(error.write_file_error().unwrap().path(), path);
    // A refused value.
    let error = json_runtime::fs::write_with(&path, |file| {
        json_runtime::Options::new().to_writer_lines(file, [grid()])
    })
    .unwrap_err();
    assert!(error.is_data());
    assert!(!path.exists());
}

#[test]
fn canonical_errors_are_reachable() {
    let error = json_runtime::Options::new()
        .canonical()
        .to_vec(&[1.0, f64::INFINITY])
        .unwrap_err();
    assert!(error.is_data());
    let canonical = error.canonical_error().unwrap();
    assert_eq!(canonical.pointer(), "/1");
    assert_eq!(error.to_string(), canonical.to_string());
    // In a function returning `io::Result`, an `InvalidData` error.
    let io_error = io::Error::from(error);
    assert_eq!(io_error.kind(), io::ErrorKind::InvalidData);
    assert!(json_runtime::Error::from(io_error)
        .canonical_error()
        .is_some());
}
