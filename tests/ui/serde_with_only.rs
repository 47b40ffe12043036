use json_runtime::ToJson;

mod as_text {
    pub fn serialize<S: serde::Serializer>(id: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(id)
    }
}

#[derive(ToJson, serde::Serialize)]
enum E {
    A(#[serde(with = "as_text")] u64),
}

fn main() {}
