use json_runtime::ToJson;

#[derive(ToJson)]
union U {
    a: u32,
}

fn main() {}
