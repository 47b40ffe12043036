use json_runtime::ToJson;

#[derive(ToJson)]
#[json(tag = "x", content = "x")]
enum E {
    A(u8),
}

fn main() {}
