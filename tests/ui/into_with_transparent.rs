use json_runtime::ToJson;

#[derive(ToJson, Clone)]
#[json(transparent, into = "u8")]
struct S {
    a: u8,
}

impl From<S> for u8 {
    fn from(s: S) -> u8 {
        s.a
    }
}

fn main() {}
