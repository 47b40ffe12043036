//! serde_json's `arbitrary_precision` feature, checked in a build of its
//! own. Any crate can turn the feature on, and Cargo then turns it on for
//! every user of serde_json in that build, so it cannot be enabled for one
//! test here without changing what every other test compares against.
//! The checks live in the separate package `tests/arbitrary-precision`
//! (its own workspace and lock file), which this test builds and tests
//! with cargo, sharing this build's target directory so that the
//! dependencies are not built twice.

use std::path::{Path, PathBuf};
use std::process::Command;

#[test]
fn numbers_match_serde_json_with_arbitrary_precision() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("arbitrary-precision/Cargo.toml");
    // `target/tmp` for integration tests; its parent is the target dir.
    let target_dir: PathBuf = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the tmp dir is inside the target dir")
        .to_owned();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args(["test", "--lib", "--locked", "--manifest-path"])
        .arg(&manifest)
        .env("CARGO_TARGET_DIR", &target_dir)
        .output()
        .expect("cargo could not be started");
    assert!(
        output.status.success(),
        "`cargo test --manifest-path {}` failed (if its Cargo.lock is out of date because \
         json-runtime's dependencies changed, copy the workspace's Cargo.lock over it and run \
         that command once without --locked):\n{}\n{}",
        manifest.display(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
}
