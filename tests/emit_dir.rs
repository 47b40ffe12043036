//! `JSON_DERIVE_EMIT_DIR` writes files again when it changes, without a
//! `touch` or `cargo clean`: the derive makes rustc record the variable as
//! an input of every crate that uses it, and cargo rebuilds a crate when a
//! recorded variable changes.

use std::path::{Path, PathBuf};
use std::process::Command;

use json_runtime::ToJson;

/// This crate's own derive, which is what makes rustc record the variable
/// for this test crate.
#[derive(ToJson)]
struct Probe {
    value: u8,
}

/// The dep-info file rustc wrote beside this test binary lists the
/// variable (`# env-dep:JSON_DERIVE_EMIT_DIR`, with `=value` when it was
/// set). That line is what cargo reads to decide on a rebuild.
#[test]
fn rustc_records_the_variable() {
    assert_eq!(
        json_runtime::to_string(&Probe { value: 7 }).unwrap(),
        r#"{"value":7}"#
    );
    let exe = std::env::current_exe().unwrap();
    let dep_info = exe.with_extension("d");
    let text = std::fs::read_to_string(&dep_info)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dep_info.display()));
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("# env-dep:JSON_DERIVE_EMIT_DIR"))
        .collect();
    assert_eq!(
        lines.len(),
        1,
        "{} should record JSON_DERIVE_EMIT_DIR once:\n{text}",
        dep_info.display()
    );
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_owned()
}

fn build(krate: &Path, target: &Path, emit_dir: &Path) {
    let status = Command::new(env!("CARGO"))
        .args(["build", "--offline", "--quiet"])
        .current_dir(krate)
        .env("CARGO_TARGET_DIR", target)
        .env("JSON_DERIVE_EMIT_DIR", emit_dir)
        .status()
        .unwrap();
    assert!(status.success(), "cargo build in {}", krate.display());
}

/// The whole story through cargo: a crate built with the variable pointing
/// at one folder, then at another, writes into both, with nothing touched
/// in between. Ignored by default because it compiles json-runtime and
/// the derive in a fresh target folder (about a minute); run it with
/// `cargo test -p json-tests --test emit_dir -- --ignored`.
#[test]
#[ignore = "builds a crate with cargo, about a minute"]
fn a_new_folder_is_written_without_touching_anything() {
    let tmp = tempfile::tempdir().unwrap();
    let krate = tmp.path().join("emit_probe");
    std::fs::create_dir_all(krate.join("src")).unwrap();
    let runtime = workspace_root().join("json-runtime");
    std::fs::write(
        krate.join("Cargo.toml"),
        format!(
            "[package]\nname = \"emit_probe\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
             [dependencies]\njson-runtime = {{ path = {:?} }}\n\n[workspace]\n",
            runtime.display().to_string()
        ),
    )
    .unwrap();
    // The workspace's lock file, so that the build uses the versions in
    // cargo's cache and needs no network.
    std::fs::copy(
        workspace_root().join("Cargo.lock"),
        krate.join("Cargo.lock"),
    )
    .unwrap();
    std::fs::write(
        krate.join("src/lib.rs"),
        "#[derive(json_runtime::ToJson)]\npub struct Probe {\n    pub value: u8,\n}\n",
    )
    .unwrap();
    let target = tmp.path().join("target");
    let (first, second) = (tmp.path().join("first"), tmp.path().join("second"));

    build(&krate, &target, &first);
    let written = first.join("emit_probe/src/lib/Probe.rs");
    assert!(written.is_file(), "{} was not written", written.display());
    assert!(std::fs::read_to_string(&written)
        .unwrap()
        .contains("impl ::json_runtime::ToJson for Probe"));

    build(&krate, &target, &second);
    let written = second.join("emit_probe/src/lib/Probe.rs");
    assert!(
        written.is_file(),
        "changing the folder did not rerun the derive: {} missing",
        written.display()
    );
}
