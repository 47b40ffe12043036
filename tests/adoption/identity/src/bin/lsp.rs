use identity::Stats;
use lsp_types::*;

fn one<T>(stats: &mut Stats, what: &str, json: &serde_json::Value)
where
    T: serde::de::DeserializeOwned + serde::Serialize + json_runtime::ToJson,
{
    let value: T = serde_json::from_value(json.clone()).unwrap_or_else(|e| panic!("{what}: {e}"));
    stats.check(what, &value);
}

fn main() {
    let mut stats = Stats::default();
    for line in std::fs::read_to_string(identity::data("lsp.jsonl"))
        .unwrap()
        .lines()
    {
        let message: serde_json::Value = serde_json::from_str(line).unwrap();
        let kind = message["kind"].as_str().unwrap();
        let json = &message["json"];
        match kind {
            "InitializeParams" => {
                one::<InitializeParams>(&mut stats, kind, json);
                one::<ClientCapabilities>(&mut stats, kind, &json["capabilities"]);
            }
            "InitializeResult" => one::<InitializeResult>(&mut stats, kind, json),
            "CompletionResponse" => one::<CompletionResponse>(&mut stats, kind, json),
            "PublishDiagnosticsParams" => one::<PublishDiagnosticsParams>(&mut stats, kind, json),
            "Hover" => one::<Hover>(&mut stats, kind, json),
            "SemanticTokensResult" => one::<SemanticTokensResult>(&mut stats, kind, json),
            "SemanticTokensFullDeltaResult" => {
                one::<SemanticTokensFullDeltaResult>(&mut stats, kind, json)
            }
            "WorkspaceEdit" => one::<WorkspaceEdit>(&mut stats, kind, json),
            "DocumentSymbolResponse" => one::<DocumentSymbolResponse>(&mut stats, kind, json),
            "CodeActionResponse" => one::<CodeActionResponse>(&mut stats, kind, json),
            "SignatureHelp" => one::<SignatureHelp>(&mut stats, kind, json),
            "InlayHints" => one::<Vec<InlayHint>>(&mut stats, kind, json),
            "GotoDefinitionResponse" => one::<GotoDefinitionResponse>(&mut stats, kind, json),
            "FoldingRanges" => one::<Vec<FoldingRange>>(&mut stats, kind, json),
            "CallHierarchyItems" => one::<Vec<CallHierarchyItem>>(&mut stats, kind, json),
            "DidChangeTextDocumentParams" => {
                one::<DidChangeTextDocumentParams>(&mut stats, kind, json)
            }
            "ShowMessageRequestParams" => one::<ShowMessageRequestParams>(&mut stats, kind, json),
            "ProgressParams" => one::<ProgressParams>(&mut stats, kind, json),
            "RegistrationParams" => one::<RegistrationParams>(&mut stats, kind, json),
            "DocumentDiagnosticReportResult" => {
                one::<DocumentDiagnosticReportResult>(&mut stats, kind, json)
            }
            "WorkspaceSymbolResponse" => one::<WorkspaceSymbolResponse>(&mut stats, kind, json),
            "TextDocumentPositionParams" => {
                one::<TextDocumentPositionParams>(&mut stats, kind, json)
            }
            other => panic!("unknown kind {other}"),
        }
    }
    // An LSIF dump of a TypeScript project, one entry per line.
    let lsif = std::fs::read_to_string(identity::data("tsc-unix.lsif")).unwrap();
    for line in lsif.lines() {
        let entry: lsp_types::lsif::Entry = serde_json::from_str(line).unwrap();
        stats.check("lsif", &entry);
    }
    stats.report("lsp-types");
}
