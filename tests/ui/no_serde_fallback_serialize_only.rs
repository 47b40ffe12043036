// Under `no_serde_fallback` every field is a direct `ToJson::write_json`
// call, so a field whose type implements only `Serialize` is an error.
use json_runtime::ToJson;

mod foreign {
    #[derive(serde::Serialize)]
    pub struct Url(pub String);
}

#[derive(ToJson)]
#[json(no_serde_fallback)]
struct Page {
    title: String,
    url: foreign::Url,
}

fn main() {}
