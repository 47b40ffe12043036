use json_runtime::ToJson;

/// Neither `ToJsonFields` nor `serde::Serialize`: a flattened field of this
/// type can be written neither natively nor through serde.
struct Opaque;

#[derive(ToJson)]
struct S {
    id: u8,
    #[json(flatten)]
    rest: Opaque,
}

fn main() {}
