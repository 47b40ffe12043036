//! `cargo run -p json-expand -- src/models.rs [more.rs ...]`
//!
//! Prints, formatted, the impl that `#[derive(ToJson)]` generates for every
//! type in the given files. Needs neither cargo-expand nor nightly.

use std::process::ExitCode;

fn main() -> ExitCode {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() || files.iter().any(|f| f == "-h" || f == "--help") {
        eprintln!("usage: json-expand FILE.rs [FILE.rs ...]");
        eprintln!("prints what #[derive(ToJson)] generates for each type in the files");
        return if files.is_empty() {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        };
    }
    let mut status = ExitCode::SUCCESS;
    for file in &files {
        let source = match std::fs::read_to_string(file) {
            Ok(source) => source,
            Err(err) => {
                eprintln!("error: cannot read {file}: {err}");
                status = ExitCode::FAILURE;
                continue;
            }
        };
        match json_expand::expand_to_string(&source) {
            Ok(text) if text.is_empty() => eprintln!("{file}: no #[derive(ToJson)] types"),
            Ok(text) => {
                if files.len() > 1 {
                    println!("// ===== {file} =====");
                }
                print!("{text}");
            }
            Err(err) => {
                let start = err.span().start();
                eprintln!("error: {file}:{}:{}: {err}", start.line, start.column + 1);
                status = ExitCode::FAILURE;
            }
        }
    }
    status
}
