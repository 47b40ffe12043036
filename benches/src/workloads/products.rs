//! Flat lists of products with camelCase keys and non-ASCII text.

use json_runtime::ToJson;
use serde::Serialize;

/// A product.
#[derive(Debug, Clone, Serialize, ToJson, simd_json_derive::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    /// `i`.
    pub id: i32,
    /// `"Nome {i}"`.
    pub nome: String,
    /// `"Categoria {i}"`.
    pub categoria: String,
    /// `"Descrição {i}"`.
    pub descricao: String,
    /// `i as f64`.
    pub preco: f64,
}

/// The list sizes of the workload. 10 000 is the small end of the
/// growth target (the ratio at 1 000 000 against the ratio there).
pub const SIZES: [usize; 5] = [10, 1_000, 10_000, 100_000, 1_000_000];

/// Products `0..n`.
pub fn build(n: usize) -> Vec<Product> {
    (0..n)
        .map(|i| Product {
            id: i as i32,
            nome: format!("Nome {i}"),
            categoria: format!("Categoria {i}"),
            descricao: format!("Descrição {i}"),
            preco: i as f64,
        })
        .collect()
}
