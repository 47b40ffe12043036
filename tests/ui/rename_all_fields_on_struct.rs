use json_runtime::ToJson;

#[derive(ToJson)]
#[json(rename_all_fields = "camelCase")]
struct Point {
    x_pos: i32,
}

fn main() {}
