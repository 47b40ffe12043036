//! Writes the colleges survey from the "write JSON to a file" article to
//! files, with json-runtime and with serde_json, checks that the files are
//! byte-identical, and prints how long each took.
//!
//! `cargo run --release -p json-runtime --example colleges [OUT_DIR]`

use std::fs::File;
use std::io::BufWriter;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use json_runtime::ToJson;
use serde::Serialize;

#[derive(ToJson, Serialize)]
#[serde(rename_all = "PascalCase")]
struct College {
    name: String,
    no_of_students: i32,
    is_public: bool,
    teachers: Option<Vec<Teacher>>,
}

#[derive(ToJson, Serialize)]
#[serde(rename_all = "PascalCase")]
struct Teacher {
    name: String,
    work_hours: i32,
    in_probation: bool,
    courses: Option<Vec<Course>>,
}

#[derive(ToJson, Serialize)]
#[serde(rename_all = "PascalCase")]
struct Course {
    name: String,
    credit_hours: i32,
    is_optional: bool,
}

/// 500 colleges of 25 teachers of 3 courses, as in the article.
fn colleges() -> Vec<College> {
    (0..500)
        .map(|i| College {
            name: format!("College{i}"),
            no_of_students: 100,
            is_public: true,
            teachers: Some(
                (0..25)
                    .map(|_| Teacher {
                        name: "John".into(),
                        work_hours: 8,
                        in_probation: false,
                        courses: Some(
                            (0..3)
                                .map(|_| Course {
                                    name: "Course".into(),
                                    credit_hours: 4,
                                    is_optional: false,
                                })
                                .collect(),
                        ),
                    })
                    .collect(),
            ),
        })
        .collect()
}

/// The fastest of several runs, to keep one slow run from deciding.
fn best_of(runs: usize, mut f: impl FnMut() -> std::io::Result<()>) -> std::io::Result<Duration> {
    let mut best = Duration::MAX;
    for _ in 0..runs {
        let start = Instant::now();
        f()?;
        best = best.min(start.elapsed());
    }
    Ok(best)
}

fn main() -> std::io::Result<()> {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(std::env::temp_dir);
    let ours_path = dir.join("colleges.json-runtime.json");
    let serde_path = dir.join("colleges.serde_json.json");
    let data = colleges();

    let ours = best_of(20, || {
        json_runtime::to_writer(File::create(&ours_path)?, &data).map_err(std::io::Error::from)
    })?;
    let theirs = best_of(20, || {
        let file = BufWriter::new(File::create(&serde_path)?);
        serde_json::to_writer(file, &data).map_err(std::io::Error::from)
    })?;

    let ours_bytes = std::fs::read(&ours_path)?;
    assert_eq!(
        ours_bytes,
        std::fs::read(&serde_path)?,
        "the two files differ"
    );
    println!(
        "wrote {} bytes of colleges JSON to each of",
        ours_bytes.len()
    );
    println!("  {}\n  {}", ours_path.display(), serde_path.display());
    println!("json-runtime to_writer(File):           {ours:?}");
    println!("serde_json to_writer(BufWriter<File>):  {theirs:?}");
    println!(
        "json-runtime took {:.2}x the time of serde_json (best of 20 each; files identical)",
        ours.as_secs_f64() / theirs.as_secs_f64()
    );
    Ok(())
}
