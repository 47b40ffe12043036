use json_runtime::ToJson;

#[derive(ToJson)]
#[json(small_code, hot)]
struct Both {
    a: u32,
}

fn main() {}
