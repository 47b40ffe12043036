use std::marker::PhantomData;

use json_runtime::ToJson;

// serde's rule: a `PhantomData` field is not the transparent field.
#[derive(ToJson)]
#[json(transparent)]
struct OnlyMarker<T> {
    marker: PhantomData<T>,
    #[json(skip)]
    cache: u8,
}

fn main() {}
