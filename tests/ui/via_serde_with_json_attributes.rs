use json_runtime::ToJson;

#[derive(ToJson)]
#[json(via_serde, rename_all = "camelCase")]
struct S {
    #[json(rename = "b")]
    a: u8,
}

impl serde::Serialize for S {
    fn serialize<Z: serde::Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_u8(self.a)
    }
}

fn main() {}
