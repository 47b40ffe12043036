use json_runtime::ToJson;

// Without `no_serde_fallback` the content would be written through serde,
// which rejects it at run time as serde_json does ("cannot serialize
// tagged newtype variant E::Name containing a string").
#[derive(ToJson)]
#[json(tag = "type", no_serde_fallback)]
enum E {
    Name(String),
}

fn main() {}
