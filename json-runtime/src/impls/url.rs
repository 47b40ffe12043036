//! The url crate's types, written as url's `Serialize` impls (its `serde`
//! feature) make serde_json write them:
//!
//! | type | JSON |
//! |---|---|
//! | `Url` | its serialization, `"https://example.com/a?b#c"` |
//! | `Host<S>` | externally tagged, as derived: `{"Domain":"example.com"}`, `{"Ipv4":"127.0.0.1"}`, `{"Ipv6":"::1"}` |
//!
//! A `Url` is a string, so it is also a [`ToJsonKey`]; a `Host` is an
//! object, which serde_json rejects as a key.

use crate::writer::{ValueWriter, Written};
use ::url::{Host, Url};

use crate::{Format, JsonWriter, ToJson, ToJsonKey};

impl ToJson for Url {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        w.write_str(self.as_str());
        Written(())
    }
}

impl ToJsonKey for Url {
    #[inline]
    fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        w.write_str(self.as_str());
    }
}

/// url derives `Serialize` for `Host`, so each variant is a one-entry
/// object named after it; addresses are strings, as std's impls write them.
impl<S: ToJson> ToJson for Host<S> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        match self {
            Host::Domain(domain) => {
                w.key("{\"Domain\":");
                domain.write_json(ValueWriter { w: &mut *w });
            }
            Host::Ipv4(address) => {
                w.key("{\"Ipv4\":");
                address.write_json(ValueWriter { w: &mut *w });
            }
            Host::Ipv6(address) => {
                w.key("{\"Ipv6\":");
                address.write_json(ValueWriter { w: &mut *w });
            }
        }
        w.end_object();
        Written(())
    }
}
