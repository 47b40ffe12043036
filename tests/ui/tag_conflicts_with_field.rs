use json_runtime::ToJson;

#[derive(ToJson)]
#[serde(tag = "kind")]
enum E {
    A {
        #[serde(rename = "kind")]
        flavor: String,
    },
}

fn main() {}
