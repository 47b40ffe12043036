use json_runtime::ToJson;

struct NotJson;

#[derive(ToJson)]
enum E {
    Newtype(NotJson),
    Struct { x: i32, y: NotJson },
    Tuple(i32, NotJson),
}

fn main() {}
