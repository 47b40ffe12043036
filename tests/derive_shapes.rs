//! `#[derive(ToJson)]` on every shape of struct and enum, each type also
//! deriving `serde::Serialize`, compared byte for byte with serde_json,
//! compact and pretty.

// Some shapes exist only to check that the derive compiles for them.
#![allow(dead_code)]

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;
use std::marker::PhantomData;
use std::rc::Rc;

use json_runtime::ToJson;
use json_tests::{assert_compact, assert_same, same};
use serde::Serialize;

// ------------------------------------------------------------ structs

#[derive(Serialize, ToJson)]
struct Named {
    a: i32,
    b: String,
    c: Option<bool>,
    d: Vec<u8>,
}

fn named() -> Named {
    Named {
        a: -1,
        b: "bee\n".into(),
        c: Some(true),
        d: vec![1, 2],
    }
}

#[derive(Serialize, ToJson)]
struct OneField {
    only: u8,
}

#[derive(Serialize, ToJson)]
struct ManyFields {
    f01: u8,
    f02: i16,
    f03: u32,
    f04: i64,
    f05: u128,
    f06: f32,
    f07: f64,
    f08: bool,
    f09: char,
    f10: &'static str,
    f11: String,
    f12: Option<u8>,
    f13: (),
    f14: Vec<u8>,
    f15: [u8; 2],
    f16: (u8, u8),
    f17: BTreeMap<String, u8>,
    f18: Box<u8>,
    f19: Rc<str>,
    f20: PhantomData<u8>,
}

#[derive(Serialize, ToJson)]
struct Tuple(i32, String, bool);

#[derive(Serialize, ToJson)]
struct TupleTwo(u8, u8);

#[derive(Serialize, ToJson)]
struct EmptyTuple();

#[derive(Serialize, ToJson)]
struct Newtype(i32);

#[derive(Serialize, ToJson)]
struct NewtypeOfStruct(Named);

#[derive(Serialize, ToJson)]
struct NewtypeOfVec(Vec<Newtype>);

#[derive(Serialize, ToJson)]
struct Unit;

#[derive(Serialize, ToJson)]
struct Empty {}

#[derive(Serialize, ToJson)]
struct RawIdents {
    r#type: String,
    r#match: u8,
    r#fn: bool,
}

/// Every kind of field holding derived types, to check nesting depth and
/// separators in pretty output.
#[derive(Serialize, ToJson)]
struct Nesting {
    named: Named,
    list: Vec<Named>,
    empty_list: Vec<Named>,
    map: BTreeMap<String, OneField>,
    opt: Option<Box<Named>>,
    none: Option<Named>,
    empty: Empty,
    unit: Unit,
    tuple: Tuple,
    empty_tuple: EmptyTuple,
    newtype: Newtype,
    enums: Vec<Shape>,
    last: Empty,
}

#[test]
fn named_struct() {
    same!(named(), OneField { only: 7 });
    same!(Named {
        a: 0,
        b: String::new(),
        c: None,
        d: vec![]
    });
    assert_compact(&named(), r#"{"a":-1,"b":"bee\n","c":true,"d":[1,2]}"#);
}

#[test]
fn named_struct_with_many_field_types() {
    same!(ManyFields {
        f01: 1,
        f02: -2,
        f03: 3,
        f04: -4,
        f05: u128::MAX,
        f06: 0.1,
        f07: 1e16,
        f08: true,
        f09: '"',
        f10: "ten",
        f11: "eleven\u{2028}".into(),
        f12: None,
        f13: (),
        f14: vec![],
        f15: [1, 2],
        f16: (3, 4),
        f17: BTreeMap::from([("k".into(), 1)]),
        f18: Box::new(18),
        f19: "nineteen".into(),
        f20: PhantomData,
    });
}

#[test]
fn tuple_structs() {
    same!(Tuple(1, "two".into(), false), TupleTwo(0, 255));
    assert_compact(&TupleTwo(1, 2), "[1,2]");
}

#[test]
fn empty_tuple_struct() {
    same!(EmptyTuple());
    assert_compact(&EmptyTuple(), "[]");
}

#[test]
fn newtype_structs() {
    same!(
        Newtype(5),
        NewtypeOfStruct(named()),
        NewtypeOfVec(vec![Newtype(1), Newtype(2)]),
        NewtypeOfVec(vec![]),
    );
    assert_compact(&Newtype(5), "5");
}

#[test]
fn unit_struct() {
    same!(Unit, vec![Unit, Unit], Some(Unit));
    assert_compact(&Unit, "null");
}

#[test]
fn empty_named_struct() {
    same!(Empty {}, vec![Empty {}, Empty {}]);
    assert_compact(&Empty {}, "{}");
    assert_eq!(json_runtime::to_string_pretty(&Empty {}).unwrap(), "{}");
}

#[test]
fn raw_identifiers_lose_their_prefix() {
    same!(RawIdents {
        r#type: "t".into(),
        r#match: 1,
        r#fn: false,
    });
    assert_compact(
        &RawIdents {
            r#type: "t".into(),
            r#match: 1,
            r#fn: false,
        },
        r#"{"type":"t","match":1,"fn":false}"#,
    );
}

#[test]
fn nested_derived_types() {
    same!(Nesting {
        named: named(),
        list: vec![named(), named()],
        empty_list: vec![],
        map: BTreeMap::from([("x".into(), OneField { only: 1 })]),
        opt: Some(Box::new(named())),
        none: None,
        empty: Empty {},
        unit: Unit,
        tuple: Tuple(1, "t".into(), true),
        empty_tuple: EmptyTuple(),
        newtype: Newtype(9),
        enums: all_shapes(),
        last: Empty {},
    });
}

#[test]
fn derived_types_inside_std_containers() {
    same!(
        vec![named(), named()],
        BTreeMap::from([(1, Newtype(1)), (2, Newtype(2))]),
        HashMap::from([("k", vec![Unit])]),
        (named(), Tuple(0, String::new(), false), Unit, Empty {}),
        Some(Some(Newtype(3))),
        [EmptyTuple(), EmptyTuple()],
    );
}

// ------------------------------------------------------------ enums

#[derive(Serialize, ToJson)]
enum Shape {
    Unit,
    Newtype(i32),
    NewtypeOfStruct(OneField),
    NewtypeOfUnit(Unit),
    NewtypeOfEmpty(Empty),
    NewtypeOfOption(Option<u8>),
    Tuple(i32, String),
    Tuple3(u8, Vec<u8>, Option<bool>),
    EmptyTuple(),
    Struct { a: i32, b: String },
    OneFieldStruct { x: Vec<Shape> },
    EmptyStruct {},
}

fn all_shapes() -> Vec<Shape> {
    vec![
        Shape::Unit,
        Shape::Newtype(-3),
        Shape::NewtypeOfStruct(OneField { only: 1 }),
        Shape::NewtypeOfUnit(Unit),
        Shape::NewtypeOfEmpty(Empty {}),
        Shape::NewtypeOfOption(None),
        Shape::NewtypeOfOption(Some(1)),
        Shape::Tuple(1, "one".into()),
        Shape::Tuple3(2, vec![], Some(false)),
        Shape::EmptyTuple(),
        Shape::Struct {
            a: 1,
            b: "b\"".into(),
        },
        Shape::OneFieldStruct {
            x: vec![Shape::Unit, Shape::EmptyStruct {}],
        },
        Shape::OneFieldStruct { x: vec![] },
        Shape::EmptyStruct {},
    ]
}

#[test]
fn enum_each_variant_alone() {
    for shape in all_shapes() {
        assert_same(&shape);
    }
}

#[test]
fn enum_variants_in_containers() {
    same!(
        all_shapes(),
        BTreeMap::from([("shape", Shape::Unit)]),
        Some(Shape::EmptyTuple())
    );
}

#[test]
fn enum_exact_text() {
    assert_compact(&Shape::Unit, r#""Unit""#);
    assert_compact(&Shape::Newtype(1), r#"{"Newtype":1}"#);
    assert_compact(&Shape::Tuple(1, "x".into()), r#"{"Tuple":[1,"x"]}"#);
    assert_compact(&Shape::EmptyTuple(), r#"{"EmptyTuple":[]}"#);
    assert_compact(
        &Shape::Struct {
            a: 1,
            b: "x".into(),
        },
        r#"{"Struct":{"a":1,"b":"x"}}"#,
    );
    assert_compact(&Shape::EmptyStruct {}, r#"{"EmptyStruct":{}}"#);
    assert_eq!(
        json_runtime::to_string_pretty(&Shape::EmptyStruct {}).unwrap(),
        "{\n  \"EmptyStruct\": {}\n}"
    );
    assert_eq!(
        json_runtime::to_string_pretty(&Shape::EmptyTuple()).unwrap(),
        "{\n  \"EmptyTuple\": []\n}"
    );
}

#[derive(Serialize, ToJson)]
enum UnitOnly {
    A,
    B,
    LongerName,
}

#[derive(Serialize, ToJson)]
#[repr(u8)]
enum WithDiscriminants {
    One = 1,
    Ten = 10,
}

#[derive(Serialize, ToJson)]
enum SingleVariant {
    Only { value: u8 },
}

#[derive(Serialize, ToJson)]
enum Never {}

fn _never_encodes(n: &Never) -> Vec<u8> {
    json_runtime::to_vec(n).unwrap()
}

#[test]
fn unit_only_enums() {
    same!(UnitOnly::A, UnitOnly::B, UnitOnly::LongerName);
    same!(vec![UnitOnly::A, UnitOnly::LongerName]);
    same!(WithDiscriminants::One, WithDiscriminants::Ten);
    assert_compact(&WithDiscriminants::Ten, r#""Ten""#);
}

#[test]
fn single_variant_enum() {
    same!(SingleVariant::Only { value: 3 });
}

// ------------------------------------------------------------ generics

#[derive(Serialize, ToJson)]
struct W<T> {
    x: T,
}

#[derive(Serialize, ToJson)]
struct B<'a, T> {
    s: &'a str,
    t: &'a [T],
}

#[derive(Serialize, ToJson)]
struct Where<T>
where
    T: Clone + Debug,
{
    x: T,
    y: Vec<T>,
}

#[derive(Serialize, ToJson)]
struct InlineBounds<T: Clone, U: Default + PartialEq>(T, U);

#[derive(Serialize, ToJson)]
struct Ph<T> {
    v: u8,
    p: PhantomData<T>,
}

/// Implements neither `ToJson` nor `Serialize`.
struct Opaque;

#[derive(Serialize, ToJson)]
struct Inner<U> {
    u: U,
}

#[derive(Serialize, ToJson)]
struct Outer<T> {
    inner: Inner<Vec<Option<T>>>,
}

#[derive(Serialize, ToJson)]
struct TwoParams<A, B> {
    a: A,
    b: B,
    both: (A, B),
}

#[derive(Serialize, ToJson)]
struct Defaulted<T = i32> {
    x: T,
}

/// Serde implements `Serialize` for `[T; 0]` through `[T; 32]` one by one,
/// so the array field needs spelled-out bounds; ours use them too.
#[derive(Serialize, ToJson)]
#[serde(bound = "[u8; N]: Serialize + ToJson")]
struct ConstGeneric<const N: usize> {
    a: [u8; N],
    len: usize,
}

#[derive(Serialize, ToJson)]
struct ConstGenericUnused<const N: usize> {
    a: Vec<u8>,
}

#[derive(Serialize, ToJson)]
struct UnsizedRef<'a, T: ?Sized> {
    r: &'a T,
}

#[derive(Serialize, ToJson)]
struct Lifetimes<'a, 'b: 'a> {
    a: &'a str,
    b: Cow<'b, str>,
    c: &'a &'b str,
}

#[derive(Serialize, ToJson)]
struct GenericTuple<T>(T, T);

#[derive(Serialize, ToJson)]
struct GenericNewtype<T>(T);

#[derive(Serialize, ToJson)]
struct GenericUnitPhantom<T>(PhantomData<T>);

#[derive(Serialize, ToJson)]
enum GenericEnum<T, U> {
    A(T),
    B { u: U, t: Option<T> },
    C(T, U),
    D,
}

/// serde_derive infers no bound for `I::Item` inside `Option`, so both
/// namespaces spell it out.
#[derive(Serialize, ToJson)]
#[serde(bound(serialize = "I::Item: Serialize"))]
#[json(bound = "I::Item: ToJson")]
struct AssocType<I: Iterator>
where
    I::Item: Clone,
{
    item: Option<I::Item>,
}

/// Type parameters named like what a derive might generate.
#[derive(Serialize, ToJson)]
struct ShadowNames<F, W, S, T> {
    f: F,
    w: W,
    s: S,
    t: T,
    first: bool,
    value: u8,
}

#[derive(Serialize, ToJson)]
enum ShadowEnum<F, W> {
    F(F),
    W { w: W, f: F },
}

#[test]
fn generic_struct() {
    same!(
        W { x: 1 },
        W { x: "s" },
        W {
            x: W { x: vec![1] }
        },
        W { x: named() }
    );
}

#[test]
fn generic_struct_with_lifetimes() {
    let data = [1u8, 2, 3];
    let names = vec![named()];
    same!(
        B { s: "str", t: &data },
        B {
            s: "",
            t: &[] as &[u8]
        },
        B { s: "x", t: &names }
    );
}

#[test]
fn where_clauses_and_inline_bounds() {
    same!(Where {
        x: 1,
        y: vec![2, 3]
    });
    same!(InlineBounds("a", 0u8));
}

#[test]
fn phantom_data_of_non_serializable_type() {
    same!(Ph::<Opaque> {
        v: 1,
        p: PhantomData
    });
    same!(GenericUnitPhantom::<Opaque>(PhantomData));
}

#[test]
fn nested_generics() {
    same!(Outer {
        inner: Inner {
            u: vec![Some(1), None]
        }
    });
    same!(Outer::<Named> {
        inner: Inner {
            u: vec![None, Some(named())]
        }
    });
    same!(Outer::<u8> {
        inner: Inner { u: vec![] }
    });
    same!(TwoParams {
        a: 'a',
        b: Inner { u: () },
        both: ('b', Inner { u: () }),
    });
}

#[test]
fn default_const_and_unsized_generics() {
    same!(Defaulted { x: 3 }, Defaulted::<&str> { x: "s" });
    same!(
        ConstGeneric {
            a: [1, 2, 3],
            len: 3
        },
        ConstGeneric::<0> { a: [], len: 0 },
        ConstGenericUnused::<7> { a: vec![7] },
    );
    same!(
        UnsizedRef { r: "unsized str" },
        UnsizedRef { r: &[1, 2][..] }
    );
    let owned = String::from("owned");
    let s: &str = "c";
    same!(Lifetimes {
        a: "a",
        b: Cow::Owned(owned),
        c: &s
    });
}

#[test]
fn generic_tuple_newtype_and_enum() {
    same!(
        GenericTuple(1, 2),
        GenericNewtype("n"),
        GenericNewtype(Newtype(1))
    );
    same!(
        GenericEnum::<u8, &str>::A(1),
        GenericEnum::<u8, &str>::B { u: "u", t: None },
        GenericEnum::<u8, &str>::C(2, "c"),
        GenericEnum::<u8, &str>::D,
        GenericEnum::<Named, Vec<Shape>>::B {
            u: all_shapes(),
            t: Some(named())
        },
    );
}

#[test]
fn associated_type_fields() {
    same!(AssocType::<std::vec::IntoIter<u8>> { item: Some(1) });
}

#[test]
fn type_parameters_named_like_derive_internals() {
    same!(ShadowNames {
        f: 1.5,
        w: "w",
        s: vec![1],
        t: Unit,
        first: true,
        value: 2
    });
    same!(
        ShadowEnum::<u8, &str>::F(1),
        ShadowEnum::<u8, &str>::W { w: "w", f: 2 }
    );
}

// ------------------------------------------------------------ recursion

#[derive(Serialize, ToJson)]
struct Tree {
    value: i32,
    children: Vec<Tree>,
}

#[derive(Serialize, ToJson)]
enum List {
    Cons(i32, Box<List>),
    Nil,
}

#[derive(Serialize, ToJson)]
struct Node<T> {
    value: T,
    next: Option<Box<Node<T>>>,
}

#[derive(Serialize, ToJson)]
enum Expr {
    Num(f64),
    Neg(Box<Expr>),
    Add(Box<Expr>, Box<Expr>),
    Call { name: String, args: Vec<Expr> },
}

fn tree(depth: u32) -> Tree {
    Tree {
        value: depth as i32,
        children: if depth == 0 {
            vec![]
        } else {
            (0..2).map(|_| tree(depth - 1)).collect()
        },
    }
}

#[test]
fn recursive_tree() {
    same!(tree(0), tree(1), tree(4));
}

#[test]
fn recursive_list() {
    let list = List::Cons(1, Box::new(List::Cons(2, Box::new(List::Nil))));
    same!(list, List::Nil);
}

#[test]
fn recursive_generic_node() {
    let node = Node {
        value: "a",
        next: Some(Box::new(Node {
            value: "b",
            next: None,
        })),
    };
    same!(node);
}

#[test]
fn recursive_expression_enum() {
    let e = Expr::Call {
        name: "f".into(),
        args: vec![
            Expr::Num(1.0),
            Expr::Neg(Box::new(Expr::Num(f64::NAN))),
            Expr::Add(Box::new(Expr::Num(0.1)), Box::new(Expr::Num(-0.0))),
            Expr::Call {
                name: String::new(),
                args: vec![],
            },
        ],
    };
    same!(e);
}

#[test]
fn deep_recursion() {
    let mut list = List::Nil;
    for i in 0..200 {
        list = List::Cons(i, Box::new(list));
    }
    same!(list);
}

// ------------------------------------------------------------ hygiene

/// Local items named like the runtime's, which derived code must not pick up.
mod hygiene {
    use json_runtime::ToJson;
    use serde::Serialize;

    struct Format;
    struct JsonWriter;
    struct ToJsonKey;
    struct Compact;
    struct Pretty;
    struct Vec;
    struct String;
    struct Some;
    struct None;
    type Result = ();
    type Option = ();

    #[derive(Serialize, ToJson)]
    pub struct Shadowed {
        pub a: i32,
        pub b: std::vec::Vec<std::string::String>,
        pub c: core::option::Option<i32>,
    }

    #[derive(Serialize, ToJson)]
    pub enum ShadowedEnum {
        A,
        B(i32),
        C { x: i32 },
        D(i32, i32),
    }

    #[derive(Serialize, ToJson)]
    pub struct ShadowedTuple(pub i32, pub i32);

    #[derive(Serialize, ToJson)]
    pub struct ShadowedUnit;
}

#[test]
fn derived_code_uses_absolute_paths() {
    same!(
        hygiene::Shadowed {
            a: 1,
            b: vec!["x".into()],
            c: None
        },
        hygiene::ShadowedEnum::A,
        hygiene::ShadowedEnum::B(1),
        hygiene::ShadowedEnum::C { x: 2 },
        hygiene::ShadowedEnum::D(3, 4),
        hygiene::ShadowedTuple(5, 6),
        hygiene::ShadowedUnit,
    );
}

// ------------------------------------------------------------ large documents

#[test]
fn large_derived_document_streams_identically() {
    let doc: Vec<Nesting> = (0..300)
        .map(|i| Nesting {
            named: Named {
                a: i,
                b: format!("name {i}"),
                c: if i % 2 == 0 { Some(false) } else { None },
                d: vec![i as u8; (i % 5) as usize],
            },
            list: (0..i % 3).map(|_| named()).collect(),
            empty_list: vec![],
            map: BTreeMap::from([(format!("k{i}"), OneField { only: i as u8 })]),
            opt: None,
            none: None,
            empty: Empty {},
            unit: Unit,
            tuple: Tuple(i, "t".into(), i % 3 == 0),
            empty_tuple: EmptyTuple(),
            newtype: Newtype(i),
            enums: all_shapes(),
            last: Empty {},
        })
        .collect();
    assert!(serde_json::to_vec(&doc).unwrap().len() > 128 * 1024);
    assert_same(&doc);
}
