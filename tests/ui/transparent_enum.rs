use json_runtime::ToJson;

#[derive(ToJson)]
#[json(transparent)]
enum E {
    A(i32),
}

fn main() {}
