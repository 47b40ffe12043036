use json_runtime::ToJson;

#[derive(ToJson)]
#[json(via_serde)]
struct S {
    a: u8,
}

fn main() {
    let _ = json_runtime::to_string(&S { a: 1 });
}
