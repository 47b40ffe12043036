//! Records the compiler's version, which the main job prints with its
//! results (cargo rebuilds every crate when the compiler changes).

fn main() {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let version = std::process::Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "rustc (version unknown)".to_owned());
    println!("cargo:rustc-env=JSON_BENCH_RUSTC={version}");
    println!("cargo:rerun-if-changed=build.rs");
}
