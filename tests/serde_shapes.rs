//! Shapes from serde's own derive test suite (`test_suite/tests/test_gen.rs`
//! checks that serde_derive's output compiles for them), written here
//! with `ToJson` added and compared with serde_json byte for byte: generic
//! and mutually recursive types, type macros, associated types, aliases of
//! `Option` and `PhantomData`, skipped variants holding types with no
//! impl, flattening through aliases; all under `#![deny(warnings)]` and
//! with the prelude's names shadowed, so generated code must use full
//! paths.

#![deny(warnings)]
#![allow(dead_code, confusable_idents, mixed_script_confusables)]

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::option::Option as StdOption;

use json_runtime::ToJson;
use json_tests::{assert_same, assert_same_as};
use serde::Serialize;

// Generated code that named these without a path would pick them up.
struct Option;
struct Some;
struct None;
struct Result;
struct Ok;
struct Err;
struct Box;
struct Vec;
struct String;

/// Implements neither `ToJson` nor `Serialize`.
struct X;

type StdBox<T> = std::boxed::Box<T>;
type StdVec<T> = std::vec::Vec<T>;
type StdString = std::string::String;

#[derive(Serialize, ToJson)]
struct NoBounds<T> {
    t: T,
    option: StdOption<T>,
    boxed: StdBox<T>,
    option_boxed: StdOption<StdBox<T>>,
}

#[derive(Serialize, ToJson)]
enum TreeNode<D> {
    Split {
        left: StdBox<TreeNode<D>>,
        right: StdBox<TreeNode<D>>,
    },
    Leaf {
        data: D,
    },
}

#[derive(Serialize, ToJson)]
struct ListNode<D> {
    data: D,
    next: StdOption<StdBox<ListNode<D>>>,
}

#[derive(Serialize, ToJson)]
struct RecursiveGenericA<T> {
    t: T,
    b: StdOption<StdBox<RecursiveGenericB<T>>>,
}

#[derive(Serialize, ToJson)]
enum RecursiveGenericB<T> {
    T(T),
    A(RecursiveGenericA<T>),
}

#[test]
fn generic_and_recursive_types() {
    assert_same(&NoBounds {
        t: 1,
        option: StdOption::Some(2),
        boxed: StdBox::new(3),
        option_boxed: StdOption::None,
    });
    assert_same(&TreeNode::Split {
        left: StdBox::new(TreeNode::Leaf { data: "l" }),
        right: StdBox::new(TreeNode::Split {
            left: StdBox::new(TreeNode::Leaf { data: "rl" }),
            right: StdBox::new(TreeNode::Leaf { data: "rr" }),
        }),
    });
    assert_same(&ListNode {
        data: 1u8,
        next: StdOption::Some(StdBox::new(ListNode {
            data: 2,
            next: StdOption::None,
        })),
    });
    assert_same(&RecursiveGenericB::A(RecursiveGenericA {
        t: 'a',
        b: StdOption::Some(StdBox::new(RecursiveGenericB::T('b'))),
    }));
}

type PhantomDataAlias<T> = PhantomData<T>;

#[derive(Serialize, ToJson)]
#[serde(bound = "")]
struct PhantomDataWrapper<T> {
    field: PhantomDataAlias<T>,
}

#[derive(Serialize, ToJson)]
struct PhantomT<T> {
    t: PhantomData<T>,
}

macro_rules! T {
    () => {
        ()
    };
}

#[derive(Serialize, ToJson)]
struct TypeMacro<T> {
    mac: T!(),
    marker: PhantomData<T>,
}

trait AssocSerde {
    type Assoc;
}

struct NoImpl;

impl AssocSerde for NoImpl {
    type Assoc = u32;
}

#[derive(Serialize, ToJson)]
struct AssocDerive<T: AssocSerde> {
    assoc: T::Assoc,
}

#[derive(Serialize, ToJson)]
struct AssocDeriveMulti<S, T: AssocSerde> {
    s: S,
    assoc: T::Assoc,
}

#[test]
fn parameters_that_are_never_written_need_no_impl() {
    assert_same(&PhantomDataWrapper::<X> { field: PhantomData });
    assert_same(&PhantomT::<X> { t: PhantomData });
    assert_same(&TypeMacro::<X> {
        mac: (),
        marker: PhantomData,
    });
    assert_same(&AssocDerive::<NoImpl> { assoc: 7 });
    assert_same(&AssocDeriveMulti::<i8, NoImpl> { s: -1, assoc: 8 });
}

#[derive(Serialize, ToJson)]
enum SkippedVariant<T> {
    #[serde(skip)]
    T(T),
    Unit,
}

#[derive(Serialize, ToJson)]
enum Message {
    #[serde(skip)]
    String(StdString),
    #[serde(other)]
    Unknown,
}

#[derive(Serialize, ToJson)]
#[serde(tag = "t", content = "c")]
enum EmptyAdjacentlyTagged {
    Struct {},
    Tuple(),
}

#[derive(Serialize, ToJson)]
enum EmptyVariants {
    Braced {},
    Tuple(),
    BracedSkip {
        #[serde(skip_deserializing)]
        f: u8,
    },
    TupleSkip(#[serde(skip_deserializing)] u8),
}

#[test]
fn skipped_and_empty_variants() {
    assert_same(&SkippedVariant::<X>::Unit);
    assert_same(&Message::Unknown);
    assert_same(&EmptyAdjacentlyTagged::Struct {});
    assert_same(&EmptyAdjacentlyTagged::Tuple());
    assert_same(&EmptyVariants::Braced {});
    assert_same(&EmptyVariants::Tuple());
    assert_same(&EmptyVariants::BracedSkip { f: 1 });
    assert_same(&EmptyVariants::TupleSkip(2));
    // A unit-only enum (its skipped variant aside) is a map key.
    assert_same(&BTreeMap::from([(0, SkippedVariant::<X>::Unit)]));
}

#[derive(Serialize, ToJson)]
#[serde(untagged)]
enum Inner<T> {
    Builder {
        s: T,
        #[serde(flatten)]
        o: T,
    },
    Default {
        s: T,
    },
}

#[derive(Serialize, ToJson)]
struct FlattenSkipSerializingIf<T> {
    #[serde(flatten, skip_serializing_if = "StdOption::is_none")]
    flat: StdOption<T>,
}

#[derive(Serialize, ToJson)]
struct FlattenSkipSerializing<T> {
    #[serde(flatten, skip_serializing)]
    flat: T,
}

#[derive(Serialize, ToJson)]
struct Pair {
    a: u8,
}

#[test]
fn flatten_through_parameters_and_aliases() {
    assert_same(&Inner::Builder {
        s: BTreeMap::from([("k", 1)]),
        o: BTreeMap::from([("o", 2)]),
    });
    assert_same(&Inner::Default { s: Pair { a: 3 } });
    assert_same(&FlattenSkipSerializingIf {
        flat: StdOption::Some(Pair { a: 4 }),
    });
    assert_same(&FlattenSkipSerializingIf::<Pair> {
        flat: StdOption::None,
    });
    assert_same(&FlattenSkipSerializing { flat: X });
}

#[derive(Serialize, ToJson)]
struct MultipleRef<'a, 'b, 'c, T>
where
    T: 'c,
    'c: 'b,
    'b: 'a,
{
    t: T,
    rrrt: &'a &'b &'c T,
}

#[derive(Serialize, ToJson)]
struct CowT<'a, T: ?Sized + 'a + ToOwned>(Cow<'a, T>);

#[derive(Serialize, ToJson)]
struct OptionStatic<'a> {
    a: StdOption<&'a str>,
    b: StdOption<&'static str>,
}

#[derive(Serialize, ToJson)]
enum StaticStrEnum<'a> {
    Struct { a: &'a str, b: &'static str },
    Tuple(&'a str, &'static str),
    Newtype(&'static str),
}

#[derive(Serialize, ToJson)]
struct NonAsciiIdents {
    σ: f64,
}

#[test]
fn references_lifetimes_and_names() {
    let t = 5;
    let r = &t;
    let rr = &r;
    assert_same(&MultipleRef { t: 4, rrrt: &rr });
    assert_same(&CowT::<str>(Cow::Borrowed("c")));
    assert_same(&CowT::<[u8]>(Cow::Owned(std::vec![1, 2])));
    assert_same(&OptionStatic {
        a: StdOption::Some("a"),
        b: StdOption::None,
    });
    assert_same(&StaticStrEnum::Struct { a: "a", b: "b" });
    assert_same(&StaticStrEnum::Tuple("a", "b"));
    assert_same(&StaticStrEnum::Newtype("n"));
    assert_same(&NonAsciiIdents { σ: 1.5 });
    // A `Vec` alias of derived values.
    let list: StdVec<NonAsciiIdents> = std::vec![NonAsciiIdents { σ: -0.0 }];
    assert_same(&list);
    assert_same_as(&NonAsciiIdents { σ: 2.0 }, &BTreeMap::from([("σ", 2.0)]));
}
