use json_runtime::ToJson;

#[derive(ToJson)]
enum E {
    #[json(untagged)]
    Other(String),
    Known { id: u8 },
}

fn main() {}
