use json_runtime::ToJson;

// A packed struct's fields are copied out to be written, as serde does,
// since a reference to them may be unaligned; a `String` cannot be.
#[derive(ToJson)]
#[repr(packed)]
struct Packed {
    id: u32,
    name: String,
}

fn main() {}
