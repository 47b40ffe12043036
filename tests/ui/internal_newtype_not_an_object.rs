use json_runtime::ToJson;

#[derive(ToJson)]
#[json(tag = "type")]
enum E {
    Name(String),
}

fn main() {}
