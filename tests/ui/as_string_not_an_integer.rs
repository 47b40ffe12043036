use json_runtime::ToJson;

#[derive(ToJson)]
struct S {
    #[json(as_string)]
    ratio: f64,
}

fn main() {}
