//! `smol_str::SmolStr`, written as its `Serialize` impl (the `serde`
//! feature) makes serde_json write it: a string, like `String`. Being a
//! string, it is also a [`ToJsonKey`].

use crate::writer::{ValueWriter, Written};
use ::smol_str::SmolStr;

use crate::{Format, JsonWriter, ToJson, ToJsonKey};

impl ToJson for SmolStr {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        w.write_str(self.as_str());
        Written(())
    }
}

impl ToJsonKey for SmolStr {
    #[inline]
    fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        w.write_str(self.as_str());
    }
}
