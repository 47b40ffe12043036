use json_runtime::ToJson;

// A newtype flattens as its field, which here is not an object.
#[derive(ToJson)]
struct Name(String);

#[derive(ToJson)]
#[json(no_serde_fallback)]
struct S {
    id: u8,
    #[json(flatten)]
    name: Name,
}

fn main() {}
