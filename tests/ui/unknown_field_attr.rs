use json_runtime::ToJson;

#[derive(ToJson)]
struct S {
    #[json(renam = "x")]
    a: i32,
}

fn main() {}
