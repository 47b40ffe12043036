use json_runtime::ToJson;

// Without `no_serde_fallback` the field would be written through serde,
// which rejects it at run time as serde_json does ("can only flatten
// structs and maps (got a sequence)").
#[derive(ToJson)]
#[json(no_serde_fallback)]
struct S {
    a: u8,
    #[json(flatten)]
    rest: Vec<u8>,
}

fn main() {}
