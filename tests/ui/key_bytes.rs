// `key` (like `key_dyn` and `static_entries`) once took `&[u8]`, so a
// hand-written impl could put bytes that are not UTF-8 into the output of
// `to_string`. It takes `&str` now. (The protocol is the private
// module's, as generated code reaches it; see `protocol_not_public.rs`.)
use json_runtime::__private_0_1_0::WriterProtocol as _;
use json_runtime::{Format, JsonWriter, ToJson};

struct Broken;

impl ToJson for Broken {
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        w.key(b"{\"\xff\":");
        w.write_null();
        w.end_object();
    }
}

fn main() {
    let _ = json_runtime::to_string(&Broken);
}
