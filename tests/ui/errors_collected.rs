use json_runtime::ToJson;

// Every mistake is reported in one build, attribute errors and cross-field
// ones alike, and the stub impl keeps the use in `main` from adding
// "ToJson is not implemented" after them.
#[derive(ToJson)]
#[json(rename_all = "camelcase")]
struct S {
    #[json(renam = "x")]
    a: i32,
    #[json(rename = 5)]
    b: i32,
    #[serde(flatten)]
    c: i32,
    #[json(skip, rename = "d")]
    d: i32,
    #[json(rename = "a")]
    e: i32,
}

fn main() {
    let value = S {
        a: 1,
        b: 2,
        c: 3,
        d: 4,
        e: 5,
    };
    let _ = json_runtime::to_vec(&value);
}
