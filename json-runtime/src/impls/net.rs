//! `std::net`'s addresses, written as strings in their `Display` form, as
//! serde writes them for a human-readable format such as JSON:
//! `"192.168.0.1"`, `"::ffff:10.0.0.1"`, `"[fe80::1%2]:8080"`.
//!
//! An IPv4 address's digits go straight into the output; the others'
//! text is formatted into a stack buffer, never a `String`. Being
//! strings, the addresses are also [`ToJsonKey`]s.

use crate::writer::{ValueWriter, Written};
use std::fmt::{self, Write as _};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};

use super::stack_text::StackText;
use crate::writer::write_ipv4;
use crate::{Format, JsonWriter, ToJson, ToJsonKey};

/// Room for the longest address with its quotes:
/// `"[1001:1002:1003:1004:1005:1006:1007:1008%4294967295]:65000"` is 60.
const CAPACITY: usize = 64;

/// A quoted JSON string built on the stack. Addresses are written with hex
/// digits, `.`, `:`, `[`, `]` and `%` only, so nothing needs escaping; a
/// `Display` text that does not fit, with room left for the closing quote,
/// is refused.
type Quoted = StackText<CAPACITY, true>;

/// Writes `value`'s `Display` form as a JSON string.
#[inline]
fn write_display<F: Format, T: fmt::Display>(w: &mut JsonWriter<'_, F>, value: &T) {
    let mut text = Quoted::new();
    if write!(text, "{value}").is_ok() {
        debug_assert!(text.as_bytes()[1..]
            .iter()
            .all(|b| b.is_ascii_hexdigit() || b".:[]%".contains(b)));
        text.write_to(w);
    } else {
        // Unreachable for the standard library's addresses, which are
        // never longer than CAPACITY; kept so that a longer `Display` in
        // some future Rust still writes the right text.
        w.write_str(&value.to_string());
    }
}

/// The dotted quad, its digits written straight into the output (it is
/// the most common address, and `Display` for it is comparatively slow).
impl ToJson for Ipv4Addr {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        write_ipv4(w.w, self.octets());
        Written(())
    }
}

/// The `Display` form, which compresses the longest run of zero groups to
/// `::` and writes an IPv4-mapped address as `::ffff:a.b.c.d`.
impl ToJson for Ipv6Addr {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        write_display(w, self);
        Written(())
    }
}

/// As the `Ipv4Addr` or `Ipv6Addr` it holds: no `V4`/`V6` tag in a
/// human-readable format.
impl ToJson for IpAddr {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        match self {
            IpAddr::V4(ip) => w.value(ip),
            IpAddr::V6(ip) => w.value(ip),
        }
        Written(())
    }
}

/// `"a.b.c.d:port"`.
impl ToJson for SocketAddrV4 {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        write_display(w, self);
        Written(())
    }
}

/// `"[ip]:port"`, or `"[ip%scope_id]:port"` when the scope id is not zero.
/// The flow info is not part of it, as in `Display`.
impl ToJson for SocketAddrV6 {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        write_display(w, self);
        Written(())
    }
}

/// As the `SocketAddrV4` or `SocketAddrV6` it holds, untagged.
impl ToJson for SocketAddr {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        match self {
            SocketAddr::V4(addr) => w.value(addr),
            SocketAddr::V6(addr) => w.value(addr),
        }
        Written(())
    }
}

macro_rules! keys {
    ($($ty:ty)*) => {$(
        /// The same string as a value.
        impl ToJsonKey for $ty {
            #[inline]
            fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
                self.write_json(ValueWriter { w: &mut *w });
            }
        }
    )*};
}
keys!(Ipv4Addr Ipv6Addr IpAddr SocketAddrV4 SocketAddrV6 SocketAddr);

#[cfg(test)]
mod tests {
    use super::Quoted;

    #[test]
    fn overflowing_display_is_refused() {
        use std::fmt::Write;
        let mut text = Quoted::new();
        assert!(text.write_str(&"1".repeat(62)).is_ok());
        assert!(text.write_str("2").is_err());
        assert_eq!(text.as_bytes().len(), 63);
    }
}
