//! With serde_json's `arbitrary_precision` feature, a `Number` keeps the
//! text it was parsed from and serde_json writes that text as it is.
//! json-runtime finds the mode at run time and must write the same bytes.

#[cfg(test)]
mod tests {
    use json_runtime::ToJson;
    use serde::Serialize;
    use serde_json::{Number, Value};

    #[track_caller]
    fn same<T: ToJson + Serialize + ?Sized>(value: &T) {
        assert_eq!(
            json_runtime::to_string(value).unwrap(),
            serde_json::to_string(value).unwrap()
        );
        assert_eq!(
            json_runtime::to_string_pretty(value).unwrap(),
            serde_json::to_string_pretty(value).unwrap()
        );
        let mut streamed = Vec::new();
        json_runtime::to_writer(&mut streamed, value).unwrap();
        assert_eq!(streamed, serde_json::to_vec(value).unwrap());
    }

    /// Numbers whose text a `u64`, `i64` or `f64` would not keep.
    const TEXTS: &[&str] = &[
        "123456789012345678901234567890",
        "-123456789012345678901234567890",
        "1.50",
        "1e-400",
        "1E400",
        "-0",
        "-0.0",
        "0.1000000000000000000000000001",
        "18446744073709551616",
        "1e5",
        "2.5E+3",
    ];

    #[test]
    fn serde_json_keeps_the_text() {
        // The premise: without the feature, this would print `1.5`.
        let n: Number = "1.50".parse().unwrap();
        assert_eq!(serde_json::to_string(&n).unwrap(), "1.50");
        assert_eq!(json_runtime::to_string(&n).unwrap(), "1.50");
    }

    #[test]
    fn parsed_numbers_are_written_verbatim() {
        for text in TEXTS {
            let number: Number = text.parse().unwrap();
            same(&number);
            let value: Value = serde_json::from_str(text).unwrap();
            same(&value);
        }
        let document: Value = serde_json::from_str(
            r#"{"big": 123456789012345678901234567890, "list": [1.50, -0, 1e-400, 7],
                "nested": {"x": 0.30000000000000000001}}"#,
        )
        .unwrap();
        same(&document);
    }

    #[test]
    fn numbers_built_from_rust_values_match() {
        for value in [
            Value::from(u64::MAX),
            Value::from(i64::MIN),
            Value::from(0.1),
            Value::from(1e300),
            Value::from(-2.5f32),
            Value::from(5u8),
        ] {
            same(&value);
        }
    }

    #[test]
    fn derived_types_holding_numbers_and_values() {
        #[derive(ToJson, Serialize)]
        struct Reading {
            exact: Number,
            #[serde(flatten)]
            extra: serde_json::Map<String, Value>,
            plain: f64,
        }
        let extra = serde_json::from_str::<Value>(r#"{"e": 2.50}"#).unwrap();
        same(&Reading {
            exact: "99999999999999999999.000".parse().unwrap(),
            extra: extra.as_object().cloned().unwrap(),
            plain: 1.5,
        });
    }
}
