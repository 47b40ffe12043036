use json_runtime::ToJson;

#[derive(ToJson)]
#[json(tag = "type")]
struct Pair(i32, i32);

fn main() {}
