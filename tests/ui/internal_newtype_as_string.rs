use json_runtime::ToJson;

#[derive(ToJson)]
#[json(tag = "type")]
enum E {
    Id(#[json(as_string)] u64),
}

fn main() {}
