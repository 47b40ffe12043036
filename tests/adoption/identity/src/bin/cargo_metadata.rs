use identity::Stats;

fn main() {
    let mut stats = Stats::default();
    for file in [
        "metadata-workspace.json",
        "metadata-identity.json",
        "metadata-octocrab-nodeps.json",
    ] {
        let text = std::fs::read_to_string(identity::data(file)).unwrap();
        let metadata: cargo_metadata::Metadata = serde_json::from_str(&text).unwrap();
        stats.check(file, &metadata);
        for package in &metadata.packages {
            stats.check(file, package);
            stats.check(file, &package.id);
            stats.check(file, &package.features);
            for target in &package.targets {
                stats.check(file, target);
                stats.check(file, &target.kind);
            }
            for dependency in &package.dependencies {
                stats.check(file, dependency);
            }
            stats.check(file, &json_runtime::Serde(&package.metadata));
        }
        if let Some(resolve) = &metadata.resolve {
            stats.check(file, resolve);
            for node in &resolve.nodes {
                stats.check(file, node);
                for dep in &node.deps {
                    stats.check(file, dep);
                }
            }
        }
    }
    for file in ["messages-errors.jsonl", "messages-suite.jsonl"] {
        let text = std::fs::read_to_string(identity::data(file)).unwrap();
        for message in cargo_metadata::Message::parse_stream(text.as_bytes()) {
            let message = message.unwrap();
            stats.check(file, &message);
            match &message {
                cargo_metadata::Message::CompilerMessage(m) => {
                    stats.check(file, m);
                    stats.check(file, &m.message);
                    for span in &m.message.spans {
                        stats.check(file, span);
                    }
                    for child in &m.message.children {
                        stats.check(file, child);
                    }
                }
                cargo_metadata::Message::CompilerArtifact(a) => {
                    stats.check(file, a);
                    stats.check(file, &a.profile);
                    stats.check(file, &a.target);
                }
                cargo_metadata::Message::BuildScriptExecuted(b) => stats.check(file, b),
                cargo_metadata::Message::BuildFinished(b) => stats.check(file, b),
                _ => {}
            }
        }
    }
    stats.report("cargo_metadata");
}
