use json_runtime::ToJson;

fn write_id<S: serde::Serializer>(id: &u64, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(id)
}

#[derive(ToJson)]
struct S {
    #[json(serialize_with = "write_id")]
    id: u64,
}

fn main() {}
