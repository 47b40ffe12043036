use json_runtime::ToJson;

#[derive(ToJson)]
#[json(content = "c")]
enum E {
    A(u8),
}

fn main() {}
