// `key` (like `key_dyn` and `static_entries`) once took `&[u8]`, so a
// hand-written impl could put bytes that are not UTF-8 into the output of
// `to_string`. It takes `&str` now. (The protocol is the private
// module's, as generated code reaches it; see `protocol_not_public.rs`.)
use json_runtime::__private_0_1_0::{IntoWriter as _, WriterProtocol as _};
use json_runtime::{Format, ToJson, ValueWriter, Written};

struct Broken;

impl ToJson for Broken {
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.into_writer();
        w.key(b"{\"\xff\":");
        w.write_null();
        w.end_object();
        w.written()
    }
}

fn main() {
    let _ = json_runtime::to_string(&Broken);
}
