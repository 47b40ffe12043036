//! The library of run.sh's copy of serde's test suite: its
//! `assert_tokens!`, `assert_ser_tokens!` and `assert_ser_tokens_error!`
//! call serde_test's functions of those names, then write the value with
//! serde_json and with json_runtime (when its type implements ToJson) and
//! log whether the bytes, or the errors, are the same.
use std::io::Write;

pub struct Probe<'a, T: ?Sized>(pub &'a T);

fn log(line: String) {
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(std::env::var("COMPARE_LOG").expect("set COMPARE_LOG"))
        .unwrap();
    writeln!(f, "{line}").unwrap();
}

pub trait ByToJson {
    fn compare(&self, at: &str);
}
impl<T: json_runtime::ToJson + serde::Serialize + ?Sized> ByToJson for &Probe<'_, T> {
    fn compare(&self, at: &str) {
        let v = self.0;
        let name = std::any::type_name::<T>();
        let theirs = serde_json::to_vec(v).map_err(|e| e.to_string());
        let ours = json_runtime::to_vec(v).map_err(|e| e.to_string());
        let theirs_p = serde_json::to_vec_pretty(v).map_err(|e| e.to_string());
        let mut buf = Vec::new();
        let ours_p = json_runtime::to_writer_pretty(&mut buf, v)
            .map(|()| buf)
            .map_err(|e| e.to_string());
        let show = |r: &Result<Vec<u8>, String>| match r {
            Ok(b) => String::from_utf8_lossy(b).into_owned(),
            Err(e) => format!("ERROR {e}"),
        };
        let kind = match (&theirs, &ours) {
            (Ok(_), Ok(_)) => "VALUE",
            _ => "ERROR",
        };
        if theirs == ours && theirs_p == ours_p {
            log(format!("SAME {kind} {at} {name}"));
        } else {
            log(format!("DIFF {at} {name}\n  serde_json:   {}\n  json_runtime: {}\n  pretty serde_json:   {}\n  pretty json_runtime: {}", show(&theirs), show(&ours), show(&theirs_p), show(&ours_p)));
        }
    }
}
pub trait NoToJson {
    fn compare(&self, at: &str);
}
impl<T: ?Sized> NoToJson for Probe<'_, T> {
    fn compare(&self, at: &str) {
        log(format!("SKIP {at} {}", std::any::type_name::<T>()));
    }
}

#[macro_export]
macro_rules! probe {
    ($v:expr) => {{
        #[allow(unused_imports)]
        use $crate::{ByToJson as _, NoToJson as _};
        (&&$crate::Probe($v)).compare(concat!(file!(), ":", line!()));
    }};
}
#[macro_export]
macro_rules! assert_tokens {
    ($v:expr, $t:expr $(,)?) => {{
        let v = $v;
        ::serde_test::assert_tokens(v, $t);
        $crate::probe!(v);
    }};
}
#[macro_export]
macro_rules! assert_ser_tokens {
    ($v:expr, $t:expr $(,)?) => {{
        let v = $v;
        ::serde_test::assert_ser_tokens(v, $t);
        $crate::probe!(v);
    }};
}
#[macro_export]
macro_rules! assert_ser_tokens_error {
    ($v:expr, $t:expr, $e:expr $(,)?) => {{
        let v = $v;
        ::serde_test::assert_ser_tokens_error(v, $t, $e);
        $crate::probe!(v);
    }};
}
