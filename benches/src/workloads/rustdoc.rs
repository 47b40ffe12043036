//! A crate's documentation as rustdoc writes it with `--output-format
//! json`: the shape of the `rustdoc-types` crate (format version 53),
//! generated from a fixed seed. A root struct holds two big maps keyed by
//! item ids (`index`, every item; `paths`, the nameable ones); items are
//! externally tagged data enums (`{"function":{...}}`), unit enums
//! (`"public"`), both renamed to snake_case as rustdoc-types does, with
//! `Option`s, `Vec`s, tuples, boxed recursive types and doc comments full
//! of newlines, quotes, backslashes and non-ASCII text, so escaping is
//! exercised.
//!
//! The maps are `HashMap`s, as in rustdoc-types: their order changes from
//! one process to the next, but every method of a run writes the same
//! instance, so all write the same bytes (and the same number of them).
//! The types are a subset of rustdoc-types' (no unions, statics, trait
//! aliases or proc macros) with its field names and attributes.

use std::collections::HashMap;
use std::path::PathBuf;

use json_runtime::ToJson;
use serde::Serialize;

use crate::prng::SplitMix64;

/// The workload's name.
pub const NAME: &str = "rustdoc";

/// Items generated for the workload: 35.46 MB of compact output (in the
/// binary megabytes of the progress line; 37.2 million bytes).
pub const ITEMS: usize = 40_000;

/// The index of an item: a number, written as a string where it is a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, ToJson)]
pub struct Id(pub u32);

/// The root: one crate's documentation.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Crate {
    /// The root module.
    pub root: Id,
    /// `--crate-version`.
    pub crate_version: Option<String>,
    /// Whether private items were documented.
    pub includes_private: bool,
    /// Every item, by id.
    pub index: HashMap<Id, Item>,
    /// The full path of every item that has one, this crate's and others'.
    pub paths: HashMap<Id, ItemSummary>,
    /// The crates referred to, by crate id.
    pub external_crates: HashMap<u32, ExternalCrate>,
    /// The target the docs were built for.
    pub target: Target,
    /// The format's version.
    pub format_version: u32,
}

/// The target triple and its features.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Target {
    /// `x86_64-unknown-linux-gnu`.
    pub triple: String,
    /// The features rustc knows for it.
    pub target_features: Vec<TargetFeature>,
}

/// A target feature.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct TargetFeature {
    /// `sse4.2`.
    pub name: String,
    /// What enabling it enables too.
    pub implies_features: Vec<String>,
    /// The nightly feature needed to name it, if any.
    pub unstable_feature_gate: Option<String>,
    /// On by default for the target.
    pub globally_enabled: bool,
}

/// Another crate.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct ExternalCrate {
    /// `serde`.
    pub name: String,
    /// Where its docs are.
    pub html_root_url: Option<String>,
    /// Its rlib or rmeta.
    pub path: PathBuf,
}

/// An entry of `paths`.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct ItemSummary {
    /// 0 for this crate.
    pub crate_id: u32,
    /// `["mycrate", "module", "Type"]`.
    pub path: Vec<String>,
    /// What it is.
    pub kind: ItemKind,
}

/// An item of the index.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Item {
    /// Its key in `index`.
    pub id: Id,
    /// 0 for this crate.
    pub crate_id: u32,
    /// `None` for impls and some uses.
    pub name: Option<String>,
    /// Where it is written.
    pub span: Option<Span>,
    /// `pub`, `pub(crate)`, ...
    pub visibility: Visibility,
    /// The doc comment, Markdown.
    pub docs: Option<String>,
    /// Intra-doc links of `docs`: the link text and the item it names.
    pub links: HashMap<String, Id>,
    /// Attributes.
    pub attrs: Vec<Attribute>,
    /// `#[deprecated]`.
    pub deprecation: Option<Deprecation>,
    /// What the item is.
    pub inner: ItemEnum,
}

/// A source range.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Span {
    /// The file, relative to the workspace.
    pub filename: PathBuf,
    /// Line and column of the start.
    pub begin: (usize, usize),
    /// Line and column of the end.
    pub end: (usize, usize),
}

/// `#[deprecated]`.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Deprecation {
    /// `since = "..."`.
    pub since: Option<String>,
    /// `note = "..."`.
    pub note: Option<String>,
}

/// Visibility: unit variants and one struct variant.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    /// `pub`.
    Public,
    /// No modifier.
    Default,
    /// `pub(crate)`.
    Crate,
    /// `pub(in path)`.
    Restricted {
        /// The module.
        parent: Id,
        /// Its path.
        path: String,
    },
}

/// An attribute.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "snake_case")]
pub enum Attribute {
    /// `#[non_exhaustive]`.
    NonExhaustive,
    /// `#[must_use]`.
    MustUse {
        /// The message.
        reason: Option<String>,
    },
    /// `#[export_name = "..."]`.
    ExportName(String),
    /// Added by a derive.
    AutomaticallyDerived,
    /// `#[repr(...)]`.
    Repr(AttributeRepr),
    /// `#[no_mangle]`.
    NoMangle,
    /// Any other, as written.
    Other(String),
}

/// `#[repr(...)]`.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct AttributeRepr {
    /// The representation.
    pub kind: ReprKind,
    /// `align(N)`.
    pub align: Option<u64>,
    /// `packed(N)`.
    pub packed: Option<u64>,
    /// `u8`, `i32`, ...
    pub int: Option<String>,
}

/// The kind of a `#[repr]`.
#[derive(Debug, Clone, Copy, Serialize, ToJson)]
#[serde(rename_all = "snake_case")]
pub enum ReprKind {
    /// The default.
    Rust,
    /// `C`.
    C,
    /// `transparent`.
    Transparent,
}

/// What an entry of `paths` is: a unit enum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToJson)]
#[serde(rename_all = "snake_case")]
pub enum ItemKind {
    /// A module.
    Module,
    /// `use`.
    Use,
    /// A struct.
    Struct,
    /// A field.
    StructField,
    /// An enum.
    Enum,
    /// A variant.
    Variant,
    /// A function or method.
    Function,
    /// `type X = ...`.
    TypeAlias,
    /// `const`.
    Constant,
    /// A trait.
    Trait,
    /// An impl block.
    Impl,
    /// `macro_rules!`.
    Macro,
    /// An associated const.
    AssocConst,
    /// An associated type.
    AssocType,
    /// A primitive type.
    Primitive,
}

/// What an item is: externally tagged, newtype and struct variants.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "snake_case")]
pub enum ItemEnum {
    /// A module.
    Module(Module),
    /// `extern crate`.
    ExternCrate {
        /// The crate.
        name: String,
        /// `as ...`.
        rename: Option<String>,
    },
    /// `use`.
    Use(Use),
    /// A struct.
    Struct(Struct),
    /// A field, with its type.
    StructField(Type),
    /// An enum.
    Enum(Enum),
    /// A variant.
    Variant(Variant),
    /// A function or method.
    Function(Function),
    /// A trait.
    Trait(Trait),
    /// An impl block.
    Impl(Impl),
    /// `type X = ...`.
    TypeAlias(TypeAlias),
    /// `const`.
    Constant {
        /// Its type.
        #[serde(rename = "type")]
        type_: Type,
        /// Its value.
        #[serde(rename = "const")]
        const_: Constant,
    },
    /// `macro_rules!`, its source.
    Macro(String),
    /// A primitive type.
    Primitive(Primitive),
    /// An associated const.
    AssocConst {
        /// Its type.
        #[serde(rename = "type")]
        type_: Type,
        /// Its default value.
        value: Option<String>,
    },
    /// An associated type.
    AssocType {
        /// Its generics.
        generics: Generics,
        /// Its bounds.
        bounds: Vec<GenericBound>,
        /// Its default or, in an impl, its value.
        #[serde(rename = "type")]
        type_: Option<Type>,
    },
}

/// A module.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Module {
    /// The crate root.
    pub is_crate: bool,
    /// Its items.
    pub items: Vec<Id>,
    /// Emptied by `#[doc(hidden)]`.
    pub is_stripped: bool,
}

/// `use`.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Use {
    /// The path imported.
    pub source: String,
    /// The name it is bound to.
    pub name: String,
    /// The item, if documented.
    pub id: Option<Id>,
    /// `use x::*`.
    pub is_glob: bool,
}

/// A struct.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Struct {
    /// Unit, tuple or plain.
    pub kind: StructKind,
    /// Its generics.
    pub generics: Generics,
    /// Its impl blocks.
    pub impls: Vec<Id>,
}

/// The shape of a struct: unit, newtype and struct variants.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "snake_case")]
pub enum StructKind {
    /// `struct S;`.
    Unit,
    /// `struct S(A, B);`, a hidden field as `null`.
    Tuple(Vec<Option<Id>>),
    /// `struct S { a: A }`.
    Plain {
        /// The fields.
        fields: Vec<Id>,
        /// Some were hidden.
        has_stripped_fields: bool,
    },
}

/// An enum.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Enum {
    /// Its generics.
    pub generics: Generics,
    /// Some variants were hidden.
    pub has_stripped_variants: bool,
    /// Its variants.
    pub variants: Vec<Id>,
    /// Its impl blocks.
    pub impls: Vec<Id>,
}

/// A variant.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Variant {
    /// Its shape.
    pub kind: VariantKind,
    /// `= 3`.
    pub discriminant: Option<Discriminant>,
}

/// The shape of a variant.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "snake_case")]
pub enum VariantKind {
    /// `A`.
    Plain,
    /// `A(x)`.
    Tuple(Vec<Option<Id>>),
    /// `A { x }`.
    Struct {
        /// The fields.
        fields: Vec<Id>,
        /// Some were hidden.
        has_stripped_fields: bool,
    },
}

/// An enum discriminant.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Discriminant {
    /// As written.
    pub expr: String,
    /// Its value.
    pub value: String,
}

/// A function.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Function {
    /// Inputs and output.
    pub sig: FunctionSignature,
    /// Its generics.
    pub generics: Generics,
    /// `const`, `unsafe`, `async`, ABI.
    pub header: FunctionHeader,
    /// A trait's required method has none.
    pub has_body: bool,
}

/// A signature.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct FunctionSignature {
    /// Each argument's pattern and type: pairs, written as arrays.
    pub inputs: Vec<(String, Type)>,
    /// `None` for `()`.
    pub output: Option<Type>,
    /// `...`.
    pub is_c_variadic: bool,
}

/// The qualifiers of a function.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct FunctionHeader {
    /// `const fn`.
    pub is_const: bool,
    /// `unsafe fn`.
    pub is_unsafe: bool,
    /// `async fn`.
    pub is_async: bool,
    /// `extern "..."`.
    pub abi: Abi,
}

/// An ABI, with its variant names as they are (rustdoc-types has no
/// `rename_all` here): `"Rust"`, `{"C":{"unwind":false}}`.
#[derive(Debug, Clone, Serialize, ToJson)]
pub enum Abi {
    /// The default.
    Rust,
    /// `extern "C"`.
    C {
        /// `"C-unwind"`.
        unwind: bool,
    },
    /// `extern "system"`.
    System {
        /// `"system-unwind"`.
        unwind: bool,
    },
    /// Any other.
    Other(String),
}

/// Generic parameters and where clauses.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Generics {
    /// `<'a, T: Clone, const N: usize>`.
    pub params: Vec<GenericParamDef>,
    /// `where ...`.
    pub where_predicates: Vec<WherePredicate>,
}

/// A generic parameter.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct GenericParamDef {
    /// `'a`, `T`, `N`.
    pub name: String,
    /// What it is.
    pub kind: GenericParamDefKind,
}

/// The kind of a generic parameter: struct variants only.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "snake_case")]
pub enum GenericParamDefKind {
    /// `'a: 'b`.
    Lifetime {
        /// The lifetimes it outlives.
        outlives: Vec<String>,
    },
    /// `T: Bound = Default`.
    Type {
        /// Its bounds.
        bounds: Vec<GenericBound>,
        /// Its default.
        default: Option<Type>,
        /// An `impl Trait` argument.
        is_synthetic: bool,
    },
    /// `const N: usize`.
    Const {
        /// Its type.
        #[serde(rename = "type")]
        type_: Type,
        /// Its default.
        default: Option<String>,
    },
}

/// A where clause.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "snake_case")]
pub enum WherePredicate {
    /// `T: Bound`.
    BoundPredicate {
        /// The type bound.
        #[serde(rename = "type")]
        type_: Type,
        /// Its bounds.
        bounds: Vec<GenericBound>,
        /// `for<'a>`.
        generic_params: Vec<GenericParamDef>,
    },
    /// `'a: 'b`.
    LifetimePredicate {
        /// `'a`.
        lifetime: String,
        /// `'b`.
        outlives: Vec<String>,
    },
}

/// A bound.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "snake_case")]
pub enum GenericBound {
    /// `T: Trait`.
    TraitBound {
        /// The trait.
        #[serde(rename = "trait")]
        trait_: Path,
        /// `for<'a>`.
        generic_params: Vec<GenericParamDef>,
        /// `?` or `~const`.
        modifier: TraitBoundModifier,
    },
    /// `T: 'a`.
    Outlives(String),
}

/// The modifier of a trait bound.
#[derive(Debug, Clone, Copy, Serialize, ToJson)]
#[serde(rename_all = "snake_case")]
pub enum TraitBoundModifier {
    /// None.
    None,
    /// `?Sized`.
    Maybe,
    /// `~const`.
    MaybeConst,
}

/// A path to an item, with its generic arguments.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Path {
    /// `std::vec::Vec`.
    pub path: String,
    /// The item.
    pub id: Id,
    /// `<T>`.
    pub args: Option<Box<GenericArgs>>,
}

/// Generic arguments.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "snake_case")]
pub enum GenericArgs {
    /// `<'a, T, N>`.
    AngleBracketed {
        /// The arguments.
        args: Vec<GenericArg>,
        /// `Item = T`.
        constraints: Vec<AssocItemConstraint>,
    },
    /// `Fn(A) -> B`.
    Parenthesized {
        /// `A`.
        inputs: Vec<Type>,
        /// `B`.
        output: Option<Type>,
    },
}

/// A generic argument.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "snake_case")]
pub enum GenericArg {
    /// `'a`.
    Lifetime(String),
    /// `T`.
    Type(Type),
    /// `3`.
    Const(Constant),
    /// `_`.
    Infer,
}

/// `Item = T`.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct AssocItemConstraint {
    /// `Item`.
    pub name: String,
    /// Its own arguments.
    pub args: Option<Box<GenericArgs>>,
    /// `= T` or `: Bound`.
    pub binding: AssocItemConstraintKind,
}

/// The binding of an associated item constraint.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "snake_case")]
pub enum AssocItemConstraintKind {
    /// `= T`.
    Equality(Type),
    /// `: Bound`.
    Constraint(Vec<GenericBound>),
}

/// A constant expression.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Constant {
    /// As written.
    pub expr: String,
    /// Evaluated, if possible.
    pub value: Option<String>,
    /// A literal.
    pub is_literal: bool,
}

/// A type: recursive, through `Box` and `Vec`.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "snake_case")]
pub enum Type {
    /// `Vec<T>`.
    ResolvedPath(Path),
    /// `dyn Trait + 'a`.
    DynTrait(DynTrait),
    /// `T`.
    Generic(String),
    /// `u32`.
    Primitive(String),
    /// `fn(A) -> B`.
    FunctionPointer(Box<FunctionPointer>),
    /// `(A, B)`.
    Tuple(Vec<Type>),
    /// `[T]`.
    Slice(Box<Type>),
    /// `[T; N]`.
    Array {
        /// `T`.
        #[serde(rename = "type")]
        type_: Box<Type>,
        /// `N`.
        len: String,
    },
    /// `impl Trait`.
    ImplTrait(Vec<GenericBound>),
    /// `_`.
    Infer,
    /// `*const T`.
    RawPointer {
        /// `*mut`.
        is_mutable: bool,
        /// `T`.
        #[serde(rename = "type")]
        type_: Box<Type>,
    },
    /// `&'a mut T`.
    BorrowedRef {
        /// `'a`.
        lifetime: Option<String>,
        /// `mut`.
        is_mutable: bool,
        /// `T`.
        #[serde(rename = "type")]
        type_: Box<Type>,
    },
    /// `<T as Trait>::Name`.
    QualifiedPath {
        /// `Name`.
        name: String,
        /// Its arguments.
        args: Option<Box<GenericArgs>>,
        /// `T`.
        self_type: Box<Type>,
        /// `Trait`.
        #[serde(rename = "trait")]
        trait_: Option<Path>,
    },
}

/// `dyn A + B + 'a`.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct DynTrait {
    /// The traits.
    pub traits: Vec<PolyTrait>,
    /// `'a`.
    pub lifetime: Option<String>,
}

/// A trait with `for<'a>`.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct PolyTrait {
    /// The trait.
    #[serde(rename = "trait")]
    pub trait_: Path,
    /// `for<'a>`.
    pub generic_params: Vec<GenericParamDef>,
}

/// `fn(A) -> B`.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct FunctionPointer {
    /// Inputs and output.
    pub sig: FunctionSignature,
    /// `for<'a>`.
    pub generic_params: Vec<GenericParamDef>,
    /// `unsafe extern "C"`.
    pub header: FunctionHeader,
}

/// A trait.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Trait {
    /// `auto trait`.
    pub is_auto: bool,
    /// `unsafe trait`.
    pub is_unsafe: bool,
    /// Usable as `dyn Trait`.
    pub is_dyn_compatible: bool,
    /// Its associated items.
    pub items: Vec<Id>,
    /// Its generics.
    pub generics: Generics,
    /// Its supertraits.
    pub bounds: Vec<GenericBound>,
    /// Its impls.
    pub implementations: Vec<Id>,
}

/// An impl block.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Impl {
    /// `unsafe impl`.
    pub is_unsafe: bool,
    /// Its generics.
    pub generics: Generics,
    /// The trait's default methods it keeps.
    pub provided_trait_methods: Vec<String>,
    /// The trait.
    #[serde(rename = "trait")]
    pub trait_: Option<Path>,
    /// The type.
    #[serde(rename = "for")]
    pub for_: Type,
    /// Its items.
    pub items: Vec<Id>,
    /// `impl !Trait`.
    pub is_negative: bool,
    /// An auto-trait impl.
    pub is_synthetic: bool,
    /// `impl<T: Bound> Trait for T`.
    pub blanket_impl: Option<Type>,
}

/// `type X = ...`.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct TypeAlias {
    /// The type.
    #[serde(rename = "type")]
    pub type_: Type,
    /// Its generics.
    pub generics: Generics,
}

/// A primitive type.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Primitive {
    /// `u8`.
    pub name: String,
    /// Its inherent impls.
    pub impls: Vec<Id>,
}

/// Words of names.
const WORDS: [&str; 32] = [
    "buffer", "reader", "writer", "token", "parser", "node", "tree", "span", "error", "config",
    "handle", "stream", "frame", "cache", "entry", "index", "key", "value", "schema", "field",
    "record", "batch", "chunk", "state", "event", "queue", "pool", "task", "signal", "path",
    "limit", "cursor",
];

/// Sentences of doc comments: Markdown, with quotes, backslashes,
/// non-ASCII text and code.
const SENTENCES: [&str; 16] = [
    "Returns the number of bytes written, or an error if the writer failed.",
    "Parses a `\"quoted\"` string, unescaping `\\n`, `\\t` and `\\\\` on the way.",
    "Paths on Windows look like `C:\\Users\\me\\config.toml`; on Unix, `~/.config/app.toml`.",
    "Panics if the index is out of bounds (that is, `index >= len`).",
    "See [`Self::new`] and [`crate::prelude`] for the common entry points.",
    "The name is kept as given: “Zoë”, “Ångström” and “東京” are all valid.",
    "This is **not** thread-safe; wrap it in a `Mutex` to share it → see the example.",
    "Time complexity: O(n · log n), with at most 2ⁿ allocations in the worst case.",
    "Equivalent to `a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)`.",
    "# Errors\n\nReturns [`Error::Io`] when the underlying reader fails.",
    "# Safety\n\nThe pointer must be valid for reads of `len` bytes and properly aligned.",
    "Escapes `<`, `>` and `&` as `\\u003c`, `\\u003e` and `\\u0026` for HTML.",
    "Keys are compared byte by byte — “straße” sorts after “strasse”.",
    "Deprecated since 0.4: use `with_capacity` instead, which is ≈ 3× faster. 🚀",
    "The default is `\"utf-8\"`;\tother encodings need the `encoding` feature.",
    "Tabs\tand \"double quotes\" survive a round trip, and so does `'\\''`.",
];

/// Code blocks of doc comments.
const EXAMPLES: [&str; 4] = [
    "# Examples\n\n```\nlet mut w = Writer::new(Vec::new());\nw.write(b\"hello\\n\")?;\nassert_eq!(w.into_inner(), b\"hello\\n\");\n# Ok::<(), std::io::Error>(())\n```",
    "```rust\nlet path = r\"C:\\temp\\file.txt\";\nprintln!(\"{path:?}\"); // \"C:\\\\temp\\\\file.txt\"\n```",
    "```\nuse std::collections::HashMap;\nlet mut m = HashMap::new();\nm.insert(\"clé\", 1);\nassert_eq!(m[\"clé\"], 1);\n```",
    "```should_panic\nlet v: Vec<u8> = Vec::new();\nlet _ = v[0]; // index out of bounds: the len is 0\n```",
];

/// Primitive type names.
const PRIMITIVES: [&str; 12] = [
    "u8", "u16", "u32", "u64", "usize", "i32", "i64", "f32", "f64", "bool", "char", "str",
];

/// External crates: name, documentation root.
const EXTERNAL: [(&str, Option<&str>); 8] = [
    ("std", Some("https://doc.rust-lang.org/nightly/")),
    ("core", Some("https://doc.rust-lang.org/nightly/")),
    ("alloc", Some("https://doc.rust-lang.org/nightly/")),
    ("serde", Some("https://docs.rs/serde/1.0.228/")),
    ("bytes", Some("https://docs.rs/bytes/1.10.1/")),
    ("tokio", Some("https://docs.rs/tokio/1.47.1/")),
    ("thiserror", None),
    ("memchr", Some("https://docs.rs/memchr/2.7.5/")),
];

/// Items of other crates that types refer to: crate id, path, kind. The
/// first six are types, the rest traits.
const FOREIGN: [(u32, &[&str], ItemKind); 12] = [
    (1, &["std", "vec", "Vec"], ItemKind::Struct),
    (1, &["std", "option", "Option"], ItemKind::Enum),
    (1, &["std", "result", "Result"], ItemKind::Enum),
    (1, &["std", "string", "String"], ItemKind::Struct),
    (
        1,
        &["std", "collections", "hash", "map", "HashMap"],
        ItemKind::Struct,
    ),
    (1, &["std", "sync", "Arc"], ItemKind::Struct),
    (2, &["core", "clone", "Clone"], ItemKind::Trait),
    (2, &["core", "fmt", "Debug"], ItemKind::Trait),
    (2, &["core", "marker", "Send"], ItemKind::Trait),
    (
        2,
        &["core", "iter", "traits", "iterator", "Iterator"],
        ItemKind::Trait,
    ),
    (4, &["serde", "ser", "Serialize"], ItemKind::Trait),
    (5, &["bytes", "bytes", "Bytes"], ItemKind::Struct),
];

/// Builds the docs of a crate of about `items` items (modules of structs,
/// enums, functions, traits, impls, aliases, constants and macros).
pub fn build(items: usize) -> Crate {
    let mut g = Gen {
        rng: SplitMix64::new(0x0D0C_5EED),
        next: 0,
        index: HashMap::new(),
        paths: HashMap::new(),
        foreign: Vec::new(),
        traits: Vec::new(),
    };
    let root = g.id();
    for &(crate_id, path, kind) in &FOREIGN {
        let id = g.id();
        g.paths.insert(
            id,
            ItemSummary {
                crate_id,
                path: path.iter().map(|s| s.to_string()).collect(),
                kind,
            },
        );
        g.foreign.push((id, path.join("::"), kind));
    }
    let mut modules = Vec::new();
    while g.index.len() < items {
        let m = modules.len();
        modules.push(g.module(m));
    }
    let root_path = vec!["docs".to_owned()];
    g.paths.insert(
        root,
        ItemSummary {
            crate_id: 0,
            path: root_path,
            kind: ItemKind::Module,
        },
    );
    let docs = Some(g.docs("the crate"));
    let links = g.links();
    let span = Some(g.span("src/lib.rs"));
    g.index.insert(
        root,
        Item {
            id: root,
            crate_id: 0,
            name: Some("docs".to_owned()),
            span,
            visibility: Visibility::Public,
            docs,
            links,
            attrs: Vec::new(),
            deprecation: None,
            inner: ItemEnum::Module(Module {
                is_crate: true,
                items: modules,
                is_stripped: false,
            }),
        },
    );
    let external_crates = EXTERNAL
        .iter()
        .enumerate()
        .map(|(i, &(name, url))| {
            (
                i as u32 + 1,
                ExternalCrate {
                    name: name.to_owned(),
                    html_root_url: url.map(str::to_owned),
                    path: PathBuf::from(format!(
                        "/home/dev/.cargo/target/release/deps/lib{name}-{:016x}.rlib",
                        (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    )),
                },
            )
        })
        .collect();
    Crate {
        root,
        crate_version: Some("0.7.3".to_owned()),
        includes_private: false,
        index: g.index,
        paths: g.paths,
        external_crates,
        target: target(),
        format_version: 53,
    }
}

fn target() -> Target {
    let features = [
        ("sse2", &[][..], None, true),
        ("sse3", &["sse2"][..], None, false),
        ("ssse3", &["sse3"][..], None, false),
        ("sse4.1", &["ssse3"][..], None, false),
        ("sse4.2", &["sse4.1"][..], None, false),
        ("avx", &["sse4.2"][..], None, false),
        ("avx2", &["avx"][..], None, false),
        ("avx512f", &["avx2", "fma", "f16c"][..], None, false),
        ("fma", &["avx"][..], None, false),
        ("f16c", &["avx"][..], None, false),
        ("x87", &[][..], None, true),
        ("fxsr", &[][..], None, true),
        ("apxf", &[][..], Some("apx_target_feature"), false),
    ];
    Target {
        triple: "x86_64-unknown-linux-gnu".to_owned(),
        target_features: features
            .iter()
            .map(|&(name, implies, gate, on)| TargetFeature {
                name: name.to_owned(),
                implies_features: implies.iter().map(|s| s.to_string()).collect(),
                unstable_feature_gate: gate.map(str::to_owned),
                globally_enabled: on,
            })
            .collect(),
    }
}

struct Gen {
    rng: SplitMix64,
    next: u32,
    index: HashMap<Id, Item>,
    paths: HashMap<Id, ItemSummary>,
    /// Other crates' items: id, path, kind.
    foreign: Vec<(Id, String, ItemKind)>,
    /// This crate's traits: id, path.
    traits: Vec<(Id, String)>,
}

/// `write_buffer`, `WriteBuffer`.
fn snake(words: &[&str]) -> String {
    words.join("_")
}

fn camel(words: &[&str]) -> String {
    words
        .iter()
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

impl Gen {
    fn id(&mut self) -> Id {
        self.next += 1;
        Id(self.next - 1)
    }

    fn words(&mut self, n: usize) -> Vec<&'static str> {
        (0..n).map(|_| *self.rng.pick(&WORDS)).collect()
    }

    fn span(&mut self, file: &str) -> Span {
        let line = self.rng.range(1, 4000) as usize;
        let col = self.rng.range(1, 9) as usize * 4 - 3;
        Span {
            filename: PathBuf::from(file),
            begin: (line, col),
            end: (
                line + self.rng.range(0, 40) as usize,
                self.rng.range(2, 100) as usize,
            ),
        }
    }

    /// One to four sentences, sometimes with an example.
    fn docs(&mut self, what: &str) -> String {
        let mut out = format!("Documentation of {what}.");
        for _ in 0..self.rng.range(1, 5) {
            out.push_str(if self.rng.chance(0.4) { "\n\n" } else { " " });
            let sentence = *self.rng.pick(&SENTENCES);
            out.push_str(sentence);
        }
        if self.rng.chance(0.25) {
            out.push_str("\n\n");
            let example = *self.rng.pick(&EXAMPLES);
            out.push_str(example);
        }
        out
    }

    fn maybe_docs(&mut self, what: &str, p: f64) -> Option<String> {
        self.rng.chance(p).then(|| self.docs(what))
    }

    /// Intra-doc links to other crates' items.
    fn links(&mut self) -> HashMap<String, Id> {
        let n = self.rng.range(0, 4) as usize;
        (0..n)
            .map(|_| {
                let (id, path, _) =
                    self.foreign[self.rng.range(0, self.foreign.len() as u64) as usize].clone();
                (format!("`{path}`"), id)
            })
            .collect()
    }

    fn visibility(&mut self, module: Id) -> Visibility {
        match self.rng.range(0, 10) {
            0..=5 => Visibility::Public,
            6 | 7 => Visibility::Default,
            8 => Visibility::Crate,
            _ => Visibility::Restricted {
                parent: module,
                path: "crate::internal".to_owned(),
            },
        }
    }

    fn attrs(&mut self) -> Vec<Attribute> {
        let mut attrs = Vec::new();
        if self.rng.chance(0.1) {
            attrs.push(Attribute::NonExhaustive);
        }
        if self.rng.chance(0.15) {
            attrs.push(Attribute::MustUse {
                reason: self
                    .rng
                    .chance(0.5)
                    .then(|| "this returns the result of the operation, \"without modifying the original\"".to_owned()),
            });
        }
        if self.rng.chance(0.05) {
            attrs.push(Attribute::Repr(AttributeRepr {
                kind: *self
                    .rng
                    .pick(&[ReprKind::Rust, ReprKind::C, ReprKind::Transparent]),
                align: self.rng.chance(0.3).then_some(8),
                packed: None,
                int: self.rng.chance(0.3).then(|| "u8".to_owned()),
            }));
        }
        if self.rng.chance(0.03) {
            attrs.push(Attribute::Other("#[doc(alias = \"flush\")]".to_owned()));
        }
        if self.rng.chance(0.01) {
            attrs.push(Attribute::ExportName("docs_entry".to_owned()));
            attrs.push(Attribute::NoMangle);
        }
        attrs
    }

    fn deprecation(&mut self) -> Option<Deprecation> {
        self.rng.chance(0.02).then(|| Deprecation {
            since: Some("0.4.0".to_owned()),
            note: self
                .rng
                .chance(0.7)
                .then(|| "use `Writer::with_capacity` instead — it avoids a copy".to_owned()),
        })
    }

    /// Adds an item to the index (and, if `path` is given, to `paths`).
    #[allow(clippy::too_many_arguments)]
    fn item(
        &mut self,
        id: Id,
        module: Id,
        name: Option<String>,
        file: &str,
        docs: Option<String>,
        path: Option<(Vec<String>, ItemKind)>,
        inner: ItemEnum,
    ) {
        let links = if docs.is_some() {
            self.links()
        } else {
            HashMap::new()
        };
        let item = Item {
            id,
            crate_id: 0,
            name,
            span: Some(self.span(file)),
            visibility: self.visibility(module),
            docs,
            links,
            attrs: self.attrs(),
            deprecation: self.deprecation(),
            inner,
        };
        self.index.insert(id, item);
        if let Some((path, kind)) = path {
            self.paths.insert(
                id,
                ItemSummary {
                    crate_id: 0,
                    path,
                    kind,
                },
            );
        }
    }

    fn path(&mut self, depth: usize) -> Path {
        let (id, path, _) = self.foreign[self.rng.range(0, 6) as usize].clone();
        let args = (depth < 3 && self.rng.chance(0.6)).then(|| {
            let n = self.rng.range(1, 3);
            Box::new(GenericArgs::AngleBracketed {
                args: (0..n)
                    .map(|_| GenericArg::Type(self.ty(depth + 1)))
                    .collect(),
                constraints: Vec::new(),
            })
        });
        Path { path, id, args }
    }

    fn trait_path(&mut self) -> Path {
        let i = self.rng.range(6, self.foreign.len() as u64) as usize;
        let (id, path, _) = self.foreign[i].clone();
        let args = path.ends_with("Iterator").then(|| {
            Box::new(GenericArgs::AngleBracketed {
                args: Vec::new(),
                constraints: vec![AssocItemConstraint {
                    name: "Item".to_owned(),
                    args: None,
                    binding: AssocItemConstraintKind::Equality(Type::Generic("T".to_owned())),
                }],
            })
        });
        Path { path, id, args }
    }

    fn bound(&mut self) -> GenericBound {
        if self.rng.chance(0.1) {
            GenericBound::Outlives("'a".to_owned())
        } else {
            GenericBound::TraitBound {
                trait_: self.trait_path(),
                generic_params: Vec::new(),
                modifier: if self.rng.chance(0.1) {
                    TraitBoundModifier::Maybe
                } else {
                    TraitBoundModifier::None
                },
            }
        }
    }

    fn ty(&mut self, depth: usize) -> Type {
        let leaf = depth >= 3;
        match self.rng.range(0, if leaf { 3 } else { 14 }) {
            0 => Type::Primitive(self.rng.pick(&PRIMITIVES).to_string()),
            1 => Type::Generic(self.rng.pick(&["T", "U", "Self", "E"]).to_string()),
            2 => Type::ResolvedPath(Path {
                path: "String".to_owned(),
                id: self.foreign[3].0,
                args: None,
            }),
            3..=5 => Type::ResolvedPath(self.path(depth)),
            6 | 7 => Type::BorrowedRef {
                lifetime: self.rng.chance(0.3).then(|| "'a".to_owned()),
                is_mutable: self.rng.chance(0.3),
                type_: Box::new(self.ty(depth + 1)),
            },
            8 => Type::Slice(Box::new(self.ty(depth + 1))),
            9 => Type::Tuple(
                (0..self.rng.range(0, 3))
                    .map(|_| self.ty(depth + 1))
                    .collect(),
            ),
            10 => Type::Array {
                type_: Box::new(self.ty(depth + 1)),
                len: self.rng.range(1, 65).to_string(),
            },
            11 => Type::ImplTrait(vec![self.bound()]),
            12 => Type::QualifiedPath {
                name: "Item".to_owned(),
                args: None,
                self_type: Box::new(Type::Generic("I".to_owned())),
                trait_: Some(self.trait_path()),
            },
            _ => {
                if self.rng.chance(0.5) {
                    Type::DynTrait(DynTrait {
                        traits: vec![PolyTrait {
                            trait_: self.trait_path(),
                            generic_params: Vec::new(),
                        }],
                        lifetime: self.rng.chance(0.5).then(|| "'static".to_owned()),
                    })
                } else {
                    Type::FunctionPointer(Box::new(FunctionPointer {
                        sig: FunctionSignature {
                            inputs: vec![("_".to_owned(), self.ty(depth + 1))],
                            output: Some(self.ty(depth + 1)),
                            is_c_variadic: false,
                        },
                        generic_params: Vec::new(),
                        header: FunctionHeader {
                            is_const: false,
                            is_unsafe: self.rng.chance(0.3),
                            is_async: false,
                            abi: if self.rng.chance(0.3) {
                                Abi::C { unwind: false }
                            } else {
                                Abi::Rust
                            },
                        },
                    }))
                }
            }
        }
    }

    fn generics(&mut self) -> Generics {
        let mut params = Vec::new();
        if self.rng.chance(0.2) {
            params.push(GenericParamDef {
                name: "'a".to_owned(),
                kind: GenericParamDefKind::Lifetime {
                    outlives: Vec::new(),
                },
            });
        }
        for name in ["T", "U"].iter().take(self.rng.range(0, 3) as usize) {
            let bounds = (0..self.rng.range(0, 3)).map(|_| self.bound()).collect();
            params.push(GenericParamDef {
                name: name.to_string(),
                kind: GenericParamDefKind::Type {
                    bounds,
                    default: None,
                    is_synthetic: false,
                },
            });
        }
        if self.rng.chance(0.05) {
            params.push(GenericParamDef {
                name: "N".to_owned(),
                kind: GenericParamDefKind::Const {
                    type_: Type::Primitive("usize".to_owned()),
                    default: self.rng.chance(0.5).then(|| "16".to_owned()),
                },
            });
        }
        let mut where_predicates = Vec::new();
        if !params.is_empty() && self.rng.chance(0.2) {
            where_predicates.push(WherePredicate::BoundPredicate {
                type_: Type::Generic("T".to_owned()),
                bounds: vec![self.bound()],
                generic_params: Vec::new(),
            });
        }
        if self.rng.chance(0.03) {
            where_predicates.push(WherePredicate::LifetimePredicate {
                lifetime: "'a".to_owned(),
                outlives: vec!["'static".to_owned()],
            });
        }
        Generics {
            params,
            where_predicates,
        }
    }

    fn function(&mut self, has_self: bool, has_body: bool) -> Function {
        let mut inputs = Vec::new();
        if has_self {
            inputs.push((
                "self".to_owned(),
                Type::BorrowedRef {
                    lifetime: None,
                    is_mutable: self.rng.chance(0.4),
                    type_: Box::new(Type::Generic("Self".to_owned())),
                },
            ));
        }
        for _ in 0..self.rng.range(0, 4) {
            let name = snake(&self.words(1));
            inputs.push((name, self.ty(0)));
        }
        let output = self.rng.chance(0.7).then(|| self.ty(0));
        Function {
            sig: FunctionSignature {
                inputs,
                output,
                is_c_variadic: false,
            },
            generics: self.generics(),
            header: FunctionHeader {
                is_const: self.rng.chance(0.1),
                is_unsafe: self.rng.chance(0.05),
                is_async: self.rng.chance(0.1),
                abi: match self.rng.range(0, 50) {
                    0 => Abi::C { unwind: false },
                    1 => Abi::System { unwind: true },
                    2 => Abi::Other("\"efiapi\"".to_owned()),
                    _ => Abi::Rust,
                },
            },
            has_body,
        }
    }

    /// A field or variant member: an item of its own.
    fn field(&mut self, module: Id, file: &str, prefix: &[String], name: String) -> Id {
        let id = self.id();
        let docs = self.maybe_docs(&format!("the field `{name}`"), 0.4);
        let mut path = prefix.to_vec();
        path.push(name.clone());
        let ty = self.ty(0);
        self.item(
            id,
            module,
            Some(name),
            file,
            docs,
            Some((path, ItemKind::StructField)),
            ItemEnum::StructField(ty),
        );
        id
    }

    /// An impl block of `for_` with a few methods, and its id.
    fn impl_block(&mut self, module: Id, file: &str, self_name: &str, self_id: Id) -> Id {
        let id = self.id();
        let trait_ = (!self.traits.is_empty() && self.rng.chance(0.5)).then(|| {
            let (tid, tpath) =
                self.traits[self.rng.range(0, self.traits.len() as u64) as usize].clone();
            Path {
                path: tpath,
                id: tid,
                args: None,
            }
        });
        let mut items = Vec::new();
        for _ in 0..self.rng.range(1, 6) {
            let mid = self.id();
            let name = snake(&self.words(2));
            let docs = self.maybe_docs(&format!("`{self_name}::{name}`"), 0.8);
            let has_self = self.rng.chance(0.8);
            let f = self.function(has_self, true);
            self.item(
                mid,
                module,
                Some(name),
                file,
                docs,
                None,
                ItemEnum::Function(f),
            );
            items.push(mid);
        }
        if trait_.is_some() && self.rng.chance(0.3) {
            let aid = self.id();
            let ty = self.ty(1);
            self.item(
                aid,
                module,
                Some("Output".to_owned()),
                file,
                None,
                None,
                ItemEnum::AssocType {
                    generics: Generics {
                        params: Vec::new(),
                        where_predicates: Vec::new(),
                    },
                    bounds: Vec::new(),
                    type_: Some(ty),
                },
            );
            items.push(aid);
        }
        let provided = if trait_.is_some() {
            vec!["fmt".to_owned(), "clone_from".to_owned()]
        } else {
            Vec::new()
        };
        let inner = ItemEnum::Impl(Impl {
            is_unsafe: false,
            generics: self.generics(),
            provided_trait_methods: provided,
            trait_,
            for_: Type::ResolvedPath(Path {
                path: self_name.to_owned(),
                id: self_id,
                args: None,
            }),
            items,
            is_negative: false,
            is_synthetic: self.rng.chance(0.2),
            blanket_impl: self.rng.chance(0.05).then(|| Type::Generic("T".to_owned())),
        });
        self.item(id, module, None, file, None, None, inner);
        id
    }

    /// A module of 20 to 60 items of every kind, and its id.
    fn module(&mut self, m: usize) -> Id {
        let id = self.id();
        let name = format!("{}_{m}", snake(&self.words(1)));
        let file = format!("src/{name}/mod.rs");
        let prefix = vec!["docs".to_owned(), name.clone()];
        let mut items = Vec::new();
        for _ in 0..self.rng.range(4, 12) {
            let kind = self.rng.range(0, 20);
            let words = self.words(2);
            let item = match kind {
                0..=5 => self.struct_item(id, &file, &prefix, &camel(&words)),
                6..=8 => self.enum_item(id, &file, &prefix, &camel(&words)),
                9..=12 => {
                    let fid = self.id();
                    let fname = snake(&words);
                    let docs = self.maybe_docs(&format!("`{fname}`"), 0.9);
                    let f = self.function(false, true);
                    let path = [prefix.clone(), vec![fname.clone()]].concat();
                    self.item(
                        fid,
                        id,
                        Some(fname),
                        &file,
                        docs,
                        Some((path, ItemKind::Function)),
                        ItemEnum::Function(f),
                    );
                    fid
                }
                13 | 14 => self.trait_item(id, &file, &prefix, &camel(&words)),
                15 => {
                    let tid = self.id();
                    let tname = camel(&words);
                    let docs = self.maybe_docs(&format!("the alias `{tname}`"), 0.7);
                    let inner = ItemEnum::TypeAlias(TypeAlias {
                        type_: self.ty(0),
                        generics: self.generics(),
                    });
                    let path = [prefix.clone(), vec![tname.clone()]].concat();
                    self.item(
                        tid,
                        id,
                        Some(tname),
                        &file,
                        docs,
                        Some((path, ItemKind::TypeAlias)),
                        inner,
                    );
                    tid
                }
                16 | 17 => {
                    let cid = self.id();
                    let cname = words.join("_").to_uppercase();
                    let docs = self.maybe_docs(&format!("`{cname}`"), 0.7);
                    let n = self.rng.range(0, 1 << 20);
                    let inner = ItemEnum::Constant {
                        type_: Type::Primitive("usize".to_owned()),
                        const_: Constant {
                            expr: format!("{n} * 1024"),
                            value: Some(format!("{}usize", n * 1024)),
                            is_literal: false,
                        },
                    };
                    let path = [prefix.clone(), vec![cname.clone()]].concat();
                    self.item(
                        cid,
                        id,
                        Some(cname),
                        &file,
                        docs,
                        Some((path, ItemKind::Constant)),
                        inner,
                    );
                    cid
                }
                18 => {
                    let uid = self.id();
                    let (target, source, _) =
                        self.foreign[self.rng.range(0, self.foreign.len() as u64) as usize].clone();
                    let uname = source.rsplit("::").next().unwrap_or_default().to_owned();
                    let inner = ItemEnum::Use(Use {
                        source,
                        name: uname.clone(),
                        id: Some(target),
                        is_glob: false,
                    });
                    self.item(uid, id, Some(uname), &file, None, None, inner);
                    uid
                }
                _ => {
                    let mid = self.id();
                    let mname = snake(&words);
                    let docs = self.maybe_docs(&format!("the macro `{mname}!`"), 0.9);
                    let src = format!(
                        "macro_rules! {mname} {{\n    ($x:expr) => {{ ... }};\n    ($x:expr, $($rest:tt)*) => {{ ... }};\n}}"
                    );
                    let path = [prefix.clone(), vec![mname.clone()]].concat();
                    self.item(
                        mid,
                        id,
                        Some(mname),
                        &file,
                        docs,
                        Some((path, ItemKind::Macro)),
                        ItemEnum::Macro(src),
                    );
                    mid
                }
            };
            items.push(item);
        }
        let docs = self.maybe_docs(&format!("the module `{name}`"), 0.9);
        self.item(
            id,
            id,
            Some(name),
            &file,
            docs,
            Some((prefix, ItemKind::Module)),
            ItemEnum::Module(Module {
                is_crate: false,
                items,
                is_stripped: false,
            }),
        );
        id
    }

    fn struct_item(&mut self, module: Id, file: &str, prefix: &[String], name: &str) -> Id {
        let id = self.id();
        let path = [prefix.to_vec(), vec![name.to_owned()]].concat();
        let kind = match self.rng.range(0, 10) {
            0 => StructKind::Unit,
            1 | 2 => {
                let n = self.rng.range(1, 3);
                StructKind::Tuple(
                    (0..n)
                        .map(|i| {
                            let f = self.field(module, file, &path, i.to_string());
                            self.rng.chance(0.9).then_some(f)
                        })
                        .collect(),
                )
            }
            _ => {
                let n = self.rng.range(1, 9);
                StructKind::Plain {
                    fields: (0..n)
                        .map(|_| {
                            let f = snake(&self.words(2));
                            self.field(module, file, &path, f)
                        })
                        .collect(),
                    has_stripped_fields: self.rng.chance(0.1),
                }
            }
        };
        let impls = (0..self.rng.range(0, 4))
            .map(|_| self.impl_block(module, file, name, id))
            .collect();
        let docs = self.maybe_docs(&format!("the struct `{name}`"), 0.9);
        let inner = ItemEnum::Struct(Struct {
            kind,
            generics: self.generics(),
            impls,
        });
        self.item(
            id,
            module,
            Some(name.to_owned()),
            file,
            docs,
            Some((path, ItemKind::Struct)),
            inner,
        );
        id
    }

    fn enum_item(&mut self, module: Id, file: &str, prefix: &[String], name: &str) -> Id {
        let id = self.id();
        let path = [prefix.to_vec(), vec![name.to_owned()]].concat();
        let mut variants = Vec::new();
        for v in 0..self.rng.range(2, 9) {
            let vid = self.id();
            let vname = camel(&self.words(1)) + &v.to_string();
            let vpath = [path.clone(), vec![vname.clone()]].concat();
            let kind = match self.rng.range(0, 3) {
                0 => VariantKind::Plain,
                1 => {
                    VariantKind::Tuple(vec![Some(self.field(module, file, &vpath, "0".to_owned()))])
                }
                _ => VariantKind::Struct {
                    fields: (0..self.rng.range(1, 4))
                        .map(|_| {
                            let f = snake(&self.words(1));
                            self.field(module, file, &vpath, f)
                        })
                        .collect(),
                    has_stripped_fields: false,
                },
            };
            let discriminant =
                (matches!(kind, VariantKind::Plain) && self.rng.chance(0.3)).then(|| {
                    Discriminant {
                        expr: format!("0x{v:02X}"),
                        value: v.to_string(),
                    }
                });
            let docs = self.maybe_docs(&format!("the variant `{name}::{vname}`"), 0.6);
            self.item(
                vid,
                module,
                Some(vname),
                file,
                docs,
                Some((vpath, ItemKind::Variant)),
                ItemEnum::Variant(Variant { kind, discriminant }),
            );
            variants.push(vid);
        }
        let impls = (0..self.rng.range(0, 3))
            .map(|_| self.impl_block(module, file, name, id))
            .collect();
        let docs = self.maybe_docs(&format!("the enum `{name}`"), 0.9);
        let inner = ItemEnum::Enum(Enum {
            generics: self.generics(),
            has_stripped_variants: false,
            variants,
            impls,
        });
        self.item(
            id,
            module,
            Some(name.to_owned()),
            file,
            docs,
            Some((path, ItemKind::Enum)),
            inner,
        );
        id
    }

    fn trait_item(&mut self, module: Id, file: &str, prefix: &[String], name: &str) -> Id {
        let id = self.id();
        let path = [prefix.to_vec(), vec![name.to_owned()]].concat();
        let mut items = Vec::new();
        for _ in 0..self.rng.range(1, 5) {
            let mid = self.id();
            let mname = snake(&self.words(2));
            let docs = self.maybe_docs(&format!("`{name}::{mname}`"), 0.9);
            let has_body = self.rng.chance(0.4);
            let f = self.function(true, has_body);
            let mpath = [path.clone(), vec![mname.clone()]].concat();
            self.item(
                mid,
                module,
                Some(mname),
                file,
                docs,
                Some((mpath, ItemKind::Function)),
                ItemEnum::Function(f),
            );
            items.push(mid);
        }
        if self.rng.chance(0.3) {
            let cid = self.id();
            let cpath = [path.clone(), vec!["LIMIT".to_owned()]].concat();
            let docs = self.maybe_docs(&format!("`{name}::LIMIT`"), 0.5);
            self.item(
                cid,
                module,
                Some("LIMIT".to_owned()),
                file,
                docs,
                Some((cpath, ItemKind::AssocConst)),
                ItemEnum::AssocConst {
                    type_: Type::Primitive("usize".to_owned()),
                    value: Some("4_096".to_owned()),
                },
            );
            items.push(cid);
        }
        let docs = self.maybe_docs(&format!("the trait `{name}`"), 0.95);
        let inner = ItemEnum::Trait(Trait {
            is_auto: false,
            is_unsafe: self.rng.chance(0.05),
            is_dyn_compatible: self.rng.chance(0.7),
            items,
            generics: self.generics(),
            bounds: (0..self.rng.range(0, 3)).map(|_| self.bound()).collect(),
            implementations: Vec::new(),
        });
        self.item(
            id,
            module,
            Some(name.to_owned()),
            file,
            docs,
            Some((path.clone(), ItemKind::Trait)),
            inner,
        );
        self.traits.push((id, path.join("::")));
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_shaped() {
        let a = build(500);
        let b = build(500);
        assert!(a.index.len() >= 500);
        // The same items, whatever each map's order (`Value`'s maps are
        // sorted).
        let sorted = |c: &Crate| -> Vec<(u32, serde_json::Value)> {
            let mut items: Vec<_> = c
                .index
                .iter()
                .map(|(id, item)| (id.0, serde_json::to_value(item).unwrap()))
                .collect();
            items.sort_by_key(|(id, _)| *id);
            items
        };
        assert_eq!(sorted(&a), sorted(&b));
        let json = serde_json::to_string(&a).unwrap();
        for needle in [
            r#""inner":{"struct":{"kind":{"plain":{"fields":["#,
            r#""inner":{"enum":{"#,
            r#""inner":{"struct_field":{"#,
            r#""visibility":"public""#,
            r#""kind":"struct_field""#,
            r#""abi":"Rust""#,
            r#""type":{"#,
            r#"\n\n```"#,
            r#"\\Users\\"#,
            r#"\"quoted\""#,
            "東京",
        ] {
            assert!(json.contains(needle), "no {needle} in the output");
        }
    }
}
