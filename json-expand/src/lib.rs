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
pub fn expand_source(source: &str) -> syn::Result<Vec<Expansion>> {
    let file = syn::parse_file(source)?;
    let mut expansions = Vec::new();
    collect(&file.items, &mut Vec::new(), &mut expansions)?;
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

fn collect(items: &[Item], module: &mut Vec<String>, out: &mut Vec<Expansion>) -> syn::Result<()> {
    for item in items {
        let input: syn::DeriveInput = match item {
            Item::Struct(item) if derives_to_json(&item.attrs)? => item.clone().into(),
            Item::Enum(item) if derives_to_json(&item.attrs)? => item.clone().into(),
            Item::Union(item) if derives_to_json(&item.attrs)? => item.clone().into(),
            Item::Mod(item) => {
                if let Some((_, items)) = &item.content {
                    module.push(item.ident.to_string());
                    collect(items, module, out)?;
                    module.pop();
                }
                continue;
            }
            _ => continue,
        };
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

/// Whether `#[derive(..)]` lists `ToJson` under any path
/// (`ToJson`, `json_runtime::ToJson`, …).
fn derives_to_json(attrs: &[syn::Attribute]) -> syn::Result<bool> {
    for attr in attrs.iter().filter(|a| a.path().is_ident("derive")) {
        let paths = attr.parse_args_with(Punctuated::<syn::Path, Token![,]>::parse_terminated)?;
        if paths
            .iter()
            .any(|p| p.segments.last().is_some_and(|s| s.ident == "ToJson"))
        {
            return Ok(true);
        }
    }
    Ok(false)
}
