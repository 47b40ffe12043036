use json_runtime::ToJson;

#[derive(ToJson)]
#[json(tag = "type")]
enum E {
    Point { x: i32, y: i32 },
    Pair(i32, i32),
}

fn main() {}
