use json_runtime::ToJson;

#[derive(ToJson)]
#[serde(untagged, tag = "type")]
enum E {
    A { x: u8 },
}

fn main() {}
