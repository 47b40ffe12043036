use json_runtime::ToJson;

#[derive(ToJson)]
#[serde(tag = "type")]
enum E {
    A { x: i32 },
    B { y: i32 },
}

fn main() {}
