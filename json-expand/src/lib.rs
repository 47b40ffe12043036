//! Expands `#[derive(ToJson)]` outside the compiler, for reading.
//!
//! The code generator is not a copy: the `derive` module below is
//! json-derive's own, its module list and source files compiled here as a
//! library, so this prints exactly what the proc-macro emits.

#[path = "../../json-derive/src/derive/mod.rs"]
mod derive;

use syn::punctuated::Punctuated;
use syn::{Item, Token};

/// The generated code for one type.
pub struct Expansion {
    /// The type's path inside the file, e.g. `models::College`.
    pub type_path: String,
    /// The impl, formatted by prettyplease.
    pub code: String,
}

/// Expands every `#[derive(ToJson)]` type in `source`, in file order,
/// including those in inline modules.
///
/// The derive is found under any path (`ToJson`, `json_runtime::ToJson`),
/// under a name given by a `use ... ToJson as Name;` anywhere in the file,
/// and inside `#[cfg_attr(condition, derive(..))]`. Every `cfg_attr` of
/// such a type, its fields and variants is read as if its condition held,
/// as the expansion is for reading. Types that a `macro_rules!` macro
/// defines are not in the source as types, so they are not seen; the
/// emit folder (`JSON_DERIVE_EMIT_DIR`) shows those, as the compiler
/// expands them.
pub fn expand_source(source: &str) -> syn::Result<Vec<Expansion>> {
    let file = syn::parse_file(source)?;
    let mut names = vec!["ToJson".to_string()];
    renames(&file.items, &mut names);
    let mut expansions = Vec::new();
    collect(&file.items, &names, &mut Vec::new(), &mut expansions)?;
    Ok(expansions)
}

/// All expansions as one text, each under a comment naming its type, as
/// the command prints it and the snapshot tests store it.
pub fn expand_to_string(source: &str) -> syn::Result<String> {
    let mut out = String::new();
    for (i, expansion) in expand_source(source)?.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&format!(
            "// #[derive(ToJson)] on {}\n",
            expansion.type_path
        ));
        out.push_str(&expansion.code);
    }
    Ok(out)
}

fn collect(
    items: &[Item],
    names: &[String],
    module: &mut Vec<String>,
    out: &mut Vec<Expansion>,
) -> syn::Result<()> {
    for item in items {
        let input: syn::DeriveInput = match item {
            Item::Struct(item) if derives_to_json(&item.attrs, names)? => item.clone().into(),
            Item::Enum(item) if derives_to_json(&item.attrs, names)? => item.clone().into(),
            Item::Union(item) if derives_to_json(&item.attrs, names)? => item.clone().into(),
            Item::Mod(item) => {
                if let Some((_, items)) = &item.content {
                    module.push(item.ident.to_string());
                    collect(items, names, module, out)?;
                    module.pop();
                }
                continue;
            }
            _ => continue,
        };
        let input = without_cfg_attr(input)?;
        let tokens = derive::expand::derive(&input);
        let code = match syn::parse2::<syn::File>(tokens.clone()) {
            Ok(file) => prettyplease::unparse(&file),
            Err(_) => format!("{tokens}\n"),
        };
        let mut type_path = module.clone();
        type_path.push(input.ident.to_string());
        out.push(Expansion {
            type_path: type_path.join("::"),
            code,
        });
    }
    Ok(())
}

/// The names `ToJson` is imported under (`use json_runtime::ToJson as J;`),
/// in any module of the file.
fn renames(items: &[Item], names: &mut Vec<String>) {
    fn walk(tree: &syn::UseTree, names: &mut Vec<String>) {
        match tree {
            syn::UseTree::Path(path) => walk(&path.tree, names),
            syn::UseTree::Rename(rename) if rename.ident == "ToJson" => {
                names.push(rename.rename.to_string());
            }
            syn::UseTree::Group(group) => group.items.iter().for_each(|t| walk(t, names)),
            _ => {}
        }
    }
    for item in items {
        match item {
            Item::Use(item) => walk(&item.tree, names),
            Item::Mod(item) => {
                if let Some((_, items)) = &item.content {
                    renames(items, names);
                }
            }
            _ => {}
        }
    }
}

/// Whether a `#[derive(..)]`, or one inside a `#[cfg_attr(.., derive(..))]`,
/// lists `ToJson` under any path (`ToJson`, `json_runtime::ToJson`, …) or
/// one of the names it is imported as.
fn derives_to_json(attrs: &[syn::Attribute], names: &[String]) -> syn::Result<bool> {
    for attr in attrs {
        for meta in expanded(&attr.meta)? {
            if !meta.path().is_ident("derive") {
                continue;
            }
            let syn::Meta::List(list) = meta else {
                continue;
            };
            let paths =
                list.parse_args_with(Punctuated::<syn::Path, Token![,]>::parse_terminated)?;
            if paths.iter().any(|p| {
                p.segments
                    .last()
                    .is_some_and(|s| names.iter().any(|name| s.ident == name))
            }) {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// The attributes `meta` stands for: itself, or for `cfg_attr(condition,
/// a, b)`, `a` and `b` (recursively), as if the condition held.
fn expanded(meta: &syn::Meta) -> syn::Result<Vec<syn::Meta>> {
    let syn::Meta::List(list) = meta else {
        return Ok(vec![meta.clone()]);
    };
    if !list.path.is_ident("cfg_attr") {
        return Ok(vec![meta.clone()]);
    }
    let parts = list.parse_args_with(Punctuated::<syn::Meta, Token![,]>::parse_terminated)?;
    let mut out = Vec::new();
    for attr in parts.iter().skip(1) {
        out.extend(expanded(attr)?);
    }
    Ok(out)
}

/// `input` with every `cfg_attr` on it, its variants and its fields
/// replaced by the attributes it holds, as the compiler does before the
/// derive runs when the condition holds.
fn without_cfg_attr(mut input: syn::DeriveInput) -> syn::Result<syn::DeriveInput> {
    fn rewrite(attrs: &mut Vec<syn::Attribute>) -> syn::Result<()> {
        let mut out = Vec::with_capacity(attrs.len());
        for attr in attrs.drain(..) {
            if !attr.path().is_ident("cfg_attr") {
                out.push(attr);
                continue;
            }
            for meta in expanded(&attr.meta)? {
                out.push(syn::Attribute {
                    meta,
                    ..attr.clone()
                });
            }
        }
        *attrs = out;
        Ok(())
    }
    fn fields(fields: &mut syn::Fields) -> syn::Result<()> {
        fields.iter_mut().try_for_each(|f| rewrite(&mut f.attrs))
    }
    rewrite(&mut input.attrs)?;
    match &mut input.data {
        syn::Data::Struct(data) => fields(&mut data.fields)?,
        syn::Data::Enum(data) => {
            for variant in &mut data.variants {
                rewrite(&mut variant.attrs)?;
                fields(&mut variant.fields)?;
            }
        }
        syn::Data::Union(data) => {
            for field in &mut data.fields.named {
                rewrite(&mut field.attrs)?;
            }
        }
    }
    Ok(input)
}
