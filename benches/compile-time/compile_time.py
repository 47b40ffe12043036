#!/usr/bin/env python3
"""Compile-time and code-size cost of #[derive(ToJson)] against #[derive(Serialize)].

Generates one crate of N types (structs of 5-30 fields, enums with unit,
newtype, tuple and struct variants, generic structs, tuple structs, nested
Option/Vec/BTreeMap fields, rename_all/rename/skip_serializing_if/skip
attributes) twice, deterministically from a seed:

  ct-serde  derives serde::Serialize, serialized through serde_json::to_vec
  ct-json   derives json_runtime::ToJson, serialized through json_runtime::to_vec

Both are members of one generated workspace (one Cargo.lock, seeded from
this repository's, and one set of profiles), outside the source tree by
default (target/compile-time/). Each lib has `serialize_all(&All)`, which
serializes one value of every type, so no impl is left uninstantiated; the
bin (src/main.rs) builds the values and calls it, so nothing is stripped.

After a warm-up build of the dependencies it measures, alternating the two
crates run by run so machine noise hits both alike:

  * rebuild time of the lib after `touch src/lib.rs`: dev profile with
    Cargo's default incremental compilation, dev profile without it
    (CARGO_INCREMENTAL=0, the whole crate recompiled), and release;
  * sizes: the release rlib, the release binary unstripped and stripped,
    and its .text section;
  * with --modes check, `cargo check` (incremental) after a touch and
    after a one-line edit of a function body;
  * cold builds: serde + serde_json, with json-runtime too, and
    json-runtime without default features alone (no serde).

Optional extras (--expand-lines, --expand-instructions, --llvm-lines,
--time-passes) explain where the difference comes from; they use
RUSTC_BOOTSTRAP=1 for -Z flags on the generated crates only.

Usage: python3 benches/compile-time/compile_time.py [--runs 5] [--types 200]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import random
import resource
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# `base` is the same types and values with no derive and no serializer:
# what the crate costs without either, subtracted to get "net" figures.
VARIANTS = ("base", "serde", "json")
PACKAGE = {"base": "ct-base", "serde": "ct-serde", "json": "ct-json"}
CRATE = {"base": "ct_base", "serde": "ct_serde", "json": "ct_json"}

# ---------------------------------------------------------------- model


@dataclass
class Field:
    name: str
    ty: str  # Rust type, may mention generic parameters
    value: str  # expression building a sample value in main.rs
    attrs: list[str] = field(default_factory=list)


@dataclass
class Variant:
    name: str
    kind: str  # unit | newtype | tuple | struct
    fields: list[Field] = field(default_factory=list)
    attrs: list[str] = field(default_factory=list)


@dataclass
class TypeDef:
    name: str
    kind: str  # struct | tuple | enum | generic
    fields: list[Field] = field(default_factory=list)
    variants: list[Variant] = field(default_factory=list)
    attrs: list[str] = field(default_factory=list)
    params: list[str] = field(default_factory=list)
    # generic types: concrete instantiations used in `All`
    instances: list[tuple[str, ...]] = field(default_factory=list)
    leaf: bool = True  # mentions no other generated type


WORDS = (
    "id name count total price amount label title status kind code value "
    "created updated owner user account order item line city country zip "
    "street email phone score rank level depth width height weight color "
    "tag note flag enabled visible active limit offset page size version "
    "source target parent child group region zone start end duration rate"
).split()

RENAME_ALL = ["camelCase", "PascalCase", "snake_case", "kebab-case", "SCREAMING_SNAKE_CASE"]


# Field types of each shape family (`--shape`): structs of 5-30 fields
# drawn from one list, or for `unit_enum`, enums of unit variants only.
# Each entry is (type, sample value from the RNG).
SHAPES: dict[str, list[tuple[str, object]]] = {
    "u64": [("u64", lambda r: f"{r.randint(0, 10**15)}")],
    "ints": [
        ("i8", lambda r: f"{r.randint(-128, 127)}"),
        ("i16", lambda r: f"{r.randint(-30000, 30000)}"),
        ("i32", lambda r: f"{r.randint(-10**9, 10**9)}"),
        ("i64", lambda r: f"{r.randint(-10**15, 10**15)}"),
        ("u8", lambda r: f"{r.randint(0, 255)}"),
        ("u16", lambda r: f"{r.randint(0, 65535)}"),
        ("u32", lambda r: f"{r.randint(0, 4 * 10**9)}"),
        ("u64", lambda r: f"{r.randint(0, 10**15)}"),
        ("usize", lambda r: f"{r.randint(0, 10**6)}"),
    ],
    "option_int": [
        ("Option<i64>", lambda r: r.choice([f"Some({r.randint(-10**12, 10**12)})", "None"])),
        ("Option<u32>", lambda r: r.choice([f"Some({r.randint(0, 10**6)})", "None"])),
    ],
    "f64": [("f64", lambda r: f"{r.randint(0, 99999)}.{r.randint(0, 99)}")],
    "bool": [("bool", lambda r: r.choice(["true", "false"]))],
    "string": [("String", lambda r: f'"{r.choice(WORDS)} {r.randint(0, 999)}".to_string()')],
    "vec": [
        ("Vec<u32>", lambda r: "vec![1, 2, 3]"),
        ("Vec<String>", lambda r: 'vec!["a".to_string(), "b".to_string()]'),
    ],
    "unit_enum": [],
}


class Generator:
    """Builds the type list; every random choice comes from one seeded RNG."""

    def __init__(self, count: int, seed: int, shape: str = "mixed"):
        self.rng = random.Random(seed)
        self.count = count
        self.shape = shape
        self.types: list[TypeDef] = []

    # -- field types and sample values

    def leaf_field_type(self, i: int) -> tuple[str, str]:
        r = self.rng
        choices = [
            ("i32", f"{r.randint(-1000, 1000)}"),
            ("i64", f"{r.randint(-10**12, 10**12)}"),
            ("u64", f"{r.randint(0, 10**15)}"),
            ("u8", f"{r.randint(0, 255)}"),
            ("u32", f"{r.randint(0, 10**6)}"),
            ("f64", f"{r.randint(0, 99999)}.{r.randint(0, 99)}"),
            ("bool", r.choice(["true", "false"])),
            ("String", f'"{r.choice(WORDS)} {i}".to_string()'),
            ("String", f'"{r.choice(WORDS)}\\n\\"q\\"".to_string()'),
            ("Option<String>", r.choice(['Some("x".to_string())', "None"])),
            ("Option<i64>", r.choice(["Some(42)", "None"])),
            ("Option<bool>", r.choice(["Some(true)", "None"])),
            ("Vec<u32>", "vec![1, 2, 3]"),
            ("Vec<String>", 'vec!["a".to_string(), "b".to_string()]'),
            ("Vec<f64>", "vec![0.5, 1.25]"),
            ("BTreeMap<String, i64>", 'BTreeMap::from([("k".to_string(), 7)])'),
            ("Option<Vec<String>>", r.choice(['Some(vec!["z".to_string()])', "None"])),
            ("BTreeMap<String, Vec<f64>>", "BTreeMap::new()"),
            ("Vec<Option<i32>>", "vec![Some(1), None]"),
            ("(i32, String)", '(5, "t".to_string())'),
            ("char", "'c'"),
        ]
        return r.choice(choices)

    def type_ref(self, index: int) -> tuple[str, str, bool] | None:
        """A field type naming an earlier generated type. Direct fields only
        name leaf types, so sample values stay small; the rest go through
        Option/Vec/BTreeMap, built empty."""
        earlier = self.types[:index]
        if not earlier:
            return None
        r = self.rng
        target = r.choice(earlier)
        name = target.name
        sample = f"sample_{target.name.lower()}()"
        if target.kind == "generic":
            args = target.instances[0]
            name = f"{target.name}<{', '.join(args)}>"
            sample = f"sample_{target.name.lower()}_0()"
        wrap = r.choice(["direct", "option", "vec", "map"])
        if wrap == "direct" and target.leaf:
            return name, sample, True
        if wrap == "vec":
            return f"Vec<{name}>", "Vec::new()", False
        if wrap == "map":
            return f"BTreeMap<String, {name}>", "BTreeMap::new()", False
        return f"Option<{name}>", "None", False

    def make_fields(self, index: int, count: int, allow_refs: bool, params=()) -> tuple[list[Field], bool]:
        r = self.rng
        fields: list[Field] = []
        used: set[str] = set()
        leaf = True
        for j in range(count):
            base = f"{r.choice(WORDS)}_{r.choice(WORDS)}"
            name = base if base not in used else f"{base}_{j}"
            used.add(name)
            roll = r.random()
            if j < len(params):  # every parameter appears at least once
                ty, value = params[j], f"@{params[j]}"
            elif params and roll < 0.35:
                p = r.choice(params)
                ty, value = r.choice(
                    [(p, f"@{p}"), (f"Option<{p}>", "None"), (f"Vec<{p}>", "Vec::new()"), (f"BTreeMap<String, {p}>", "BTreeMap::new()")]
                )
            elif allow_refs and roll < 0.55:
                ref = self.type_ref(index)
                if ref is None:
                    ty, value = self.leaf_field_type(j)
                else:
                    ty, value, _direct = ref
                    leaf = False
            else:
                ty, value = self.leaf_field_type(j)
            attrs = []
            a = r.random()
            if ty.startswith("Option<") and a < 0.5:
                attrs.append('#[serde(skip_serializing_if = "Option::is_none")]')
            elif ty.startswith("Vec<") and a < 0.25:
                attrs.append('#[serde(skip_serializing_if = "Vec::is_empty")]')
            elif a > 0.9:
                attrs.append(f'#[serde(rename = "{r.choice(WORDS)}{j}X")]')
            elif a > 0.88:
                attrs.append("#[serde(skip)]")
            fields.append(Field(name, ty, value, attrs))
        return fields, leaf

    def container_attrs(self) -> list[str]:
        if self.rng.random() < 0.4:
            return [f'#[serde(rename_all = "{self.rng.choice(RENAME_ALL)}")]']
        return []

    # -- types

    def generate_shape(self) -> list[TypeDef]:
        """One shape family: structs of one kind of field, or unit enums."""
        r = self.rng
        for i in range(self.count):
            if self.shape == "unit_enum":
                variants = [Variant(f"{r.choice(WORDS).capitalize()}{v}", "unit") for v in range(r.randint(3, 10))]
                self.types.append(TypeDef(f"Kind{i:03}", "enum", variants=variants, attrs=self.container_attrs()))
                continue
            fields = []
            for j in range(r.randint(5, 30)):
                ty, value = r.choice(SHAPES[self.shape])
                fields.append(Field(f"{r.choice(WORDS)}_{j}", ty, value(r)))
            self.types.append(TypeDef(f"Rec{i:03}", "struct", fields=fields, attrs=self.container_attrs()))
        return self.types

    def generate(self) -> list[TypeDef]:
        if self.shape != "mixed":
            return self.generate_shape()
        r = self.rng
        for i in range(self.count):
            allow_refs = i >= self.count // 4  # the first quarter are leaves
            roll = r.random()
            if roll < 0.45:
                fields, leaf = self.make_fields(i, r.randint(5, 30), allow_refs)
                t = TypeDef(f"Rec{i:03}", "struct", fields=fields, attrs=self.container_attrs(), leaf=leaf)
            elif roll < 0.70:
                t = self.make_enum(i, allow_refs)
            elif roll < 0.85:
                params = ["T", "U"] if r.random() < 0.6 else ["T"]
                fields, leaf = self.make_fields(i, r.randint(5, 15), allow_refs, params)
                instances = [
                    tuple(r.choice(["u32", "String", "f64", "bool", "Vec<i64>"]) for _ in params)
                    for _ in range(2)
                ]
                t = TypeDef(
                    f"Gen{i:03}", "generic", fields=fields, attrs=self.container_attrs(),
                    params=params, instances=instances, leaf=leaf,
                )
            else:
                fields, leaf = self.make_fields(i, r.randint(1, 6), allow_refs)
                for f in fields:
                    f.attrs = [a for a in f.attrs if "skip_serializing_if" not in a and "rename" not in a]
                t = TypeDef(f"Tup{i:03}", "tuple", fields=fields, leaf=leaf)
            self.types.append(t)
        return self.types

    def make_enum(self, i: int, allow_refs: bool) -> TypeDef:
        r = self.rng
        variants = []
        leaf = True
        for v in range(r.randint(3, 10)):
            name = f"{r.choice(WORDS).capitalize()}{v}"
            kind = r.choice(["unit", "unit", "newtype", "tuple", "struct", "struct"])
            attrs = [f'#[serde(rename = "{name.lower()}-v")]'] if r.random() < 0.15 else []
            if kind == "unit":
                variants.append(Variant(name, kind, attrs=attrs))
                continue
            count = {"newtype": 1, "tuple": r.randint(2, 4), "struct": r.randint(1, 8)}[kind]
            fields, fleaf = self.make_fields(i, count, allow_refs)
            leaf = leaf and fleaf
            if kind != "struct":
                for f in fields:
                    f.attrs = []
            variants.append(Variant(name, kind, fields=fields, attrs=attrs))
        return TypeDef(f"Kind{i:03}", "enum", variants=variants, attrs=self.container_attrs(), leaf=leaf)


# ---------------------------------------------------------------- rendering


def render_fields(fields: list[Field], indent: str, named: bool, public: bool, attrs: bool = True) -> str:
    out = []
    vis = "pub " if public else ""
    for f in fields:
        for a in f.attrs if attrs else []:
            out.append(f"{indent}{a}")
        out.append(f"{indent}{vis}{f.name}: {f.ty}," if named else f"{indent}{vis}{f.ty},")
    return "\n".join(out)


def render_type(t: TypeDef, derive: str | None) -> str:
    """`derive` None: the baseline, with no derive and so no `#[serde]`."""
    attrs = derive is not None
    lines = [f"#[derive({derive})]"] + t.attrs if attrs else []
    if t.kind == "struct":
        lines.append(f"pub struct {t.name} {{\n{render_fields(t.fields, '    ', True, True, attrs)}\n}}")
    elif t.kind == "generic":
        params = ", ".join(t.params)
        lines.append(f"pub struct {t.name}<{params}> {{\n{render_fields(t.fields, '    ', True, True, attrs)}\n}}")
    elif t.kind == "tuple":
        body = " ".join(f"pub {f.ty}," for f in t.fields)
        skip = [f for f in t.fields if "#[serde(skip)]" in f.attrs]
        if skip:  # keep it simple: no skip inside tuple structs
            pass
        lines.append(f"pub struct {t.name}({body});")
    else:
        vs = []
        for v in t.variants:
            vattrs = "".join(f"    {a}\n" for a in v.attrs) if attrs else ""
            if v.kind == "unit":
                vs.append(f"{vattrs}    {v.name},")
            elif v.kind in ("newtype", "tuple"):
                vs.append(f"{vattrs}    {v.name}({', '.join(f.ty for f in v.fields)}),")
            else:
                vs.append(f"{vattrs}    {v.name} {{\n{render_fields(v.fields, '        ', True, False, attrs)}\n    }},")
        lines.append(f"pub enum {t.name} {{\n" + "\n".join(vs) + "\n}")
    return "\n".join(lines)


def all_members(types: list[TypeDef]) -> list[tuple[str, str, str]]:
    """(field in All, its type, sample expression) for every type and
    every instantiation of the generic ones."""
    members = []
    for t in types:
        if t.kind == "generic":
            for k, args in enumerate(t.instances):
                members.append((f"{t.name.lower()}_{k}", f"{t.name}<{', '.join(args)}>", f"sample_{t.name.lower()}_{k}()"))
        else:
            members.append((t.name.lower(), t.name, f"sample_{t.name.lower()}()"))
    return members


def render_lib(types: list[TypeDef], variant: str, pretty: bool = False, modules: int = 1) -> str:
    derive = {"base": None, "serde": "Serialize", "json": "ToJson"}[variant]
    use = {"base": "", "serde": "use serde::Serialize;", "json": "use json_runtime::ToJson;"}[variant]
    out = [
        "//! Generated by benches/compile-time/compile_time.py; do not edit.",
        "#![allow(dead_code, unused_imports, clippy::all)]",
        "",
        "use std::collections::BTreeMap;",
        use,
        "",
    ]
    if modules <= 1:
        for t in types:
            out.append(render_type(t, derive))
            out.append("")
    else:
        # Types dealt round-robin into inline modules: rustc splits a
        # crate's code into codegen units by module, so this spreads the
        # encoders over up to `modules` units that LLVM optimizes in
        # parallel. The glob imports let every type name every other.
        for m in range(modules):
            out.append(f"pub use m{m}::*;")
        out.append("")
        for m in range(modules):
            out.append(f"mod m{m} {{")
            out.append("    #![allow(unused_imports)]")
            out.append("    use super::*;")
            for t in types[m::modules]:
                out.append(render_type(t, derive))
                out.append("")
            out.append("}")
            out.append("")
    members = all_members(types)
    out.append("/// One value of every type (not derived: it only carries them).")
    out.append("pub struct All {")
    for name, ty, _ in members:
        out.append(f"    pub {name}: {ty},")
    out.append("}")
    out.append("")
    out.append("/// FNV-1a over the output, so the two crates' bytes can be compared.")
    out.append("#[inline(never)]")
    out.append("fn fold(mut hash: u64, bytes: &[u8]) -> u64 {")
    out.append("    for &b in bytes {")
    out.append("        hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);")
    out.append("    }")
    out.append("    hash")
    out.append("}")
    out.append("")
    if variant == "json":
        # `--runtime` also builds revisions whose `to_vec` returned the
        # bytes alone; the same generated call compiles against both.
        out.append("/// `json_runtime::to_vec`'s bytes, whether it returns them alone (older")
        out.append("/// revisions) or in a `Result`, unwrapped as the serde variant's are.")
        out.append("trait Encoded {")
        out.append("    fn bytes(self) -> Vec<u8>;")
        out.append("}")
        out.append("impl Encoded for Vec<u8> {")
        out.append("    #[inline(always)]")
        out.append("    fn bytes(self) -> Vec<u8> {")
        out.append("        self")
        out.append("    }")
        out.append("}")
        out.append("impl<E: std::fmt::Debug> Encoded for Result<Vec<u8>, E> {")
        out.append("    #[inline(always)]")
        out.append("    fn bytes(self) -> Vec<u8> {")
        out.append("        self.unwrap()")
        out.append("    }")
        out.append("}")
        out.append("")
    # The `check` mode's one-line edit: a non-derive function whose body
    # changes between two constants (EDIT_LINES), in all three crates.
    out.append("/// Edited by compile_time.py's `check` mode: one line of a function body.")
    out.append("pub fn edit_point(x: u64) -> u64 {")
    out.append(EDIT_LINES[0])
    out.append("}")
    out.append("")
    out.append("/// Serializes every value, so every impl is instantiated and kept.")
    out.append("pub fn serialize_all(all: &All) -> u64 {")
    out.append("    let mut hash = 0xcbf2_9ce4_8422_2325;")
    if variant == "base":  # nothing to serialize; the values are still built and dropped
        out.append("    hash = fold(hash, &(all as *const All as usize).to_le_bytes());")
    for name, _, _ in members:
        if variant == "base":
            continue
        calls = ["to_vec", "to_vec_pretty"] if pretty else ["to_vec"]
        for call in calls:
            if variant == "serde":
                out.append(f"    hash = fold(hash, &serde_json::{call}(&all.{name}).unwrap());")
            else:
                out.append(f"    hash = fold(hash, &json_runtime::{call}(&all.{name}).bytes());")
    out.append("    hash")
    out.append("}")
    return "\n".join(out) + "\n"


def sample_expr(f: Field, args: dict[str, str]) -> str:
    v = f.value
    if v.startswith("@"):
        ty = args[v[1:]]
        return {
            "u32": "7",
            "String": '"g".to_string()',
            "f64": "2.5",
            "bool": "true",
            "Vec<i64>": "vec![1, -1]",
        }[ty]
    return v


def render_main(types: list[TypeDef], crate: str) -> str:
    out = [
        "//! Generated by benches/compile-time/compile_time.py; do not edit.",
        "#![allow(unused, clippy::all)]",
        "",
        "use std::collections::BTreeMap;",
        "",
        f"use {crate}::*;",
        "",
    ]
    for t in types:
        if t.kind == "generic":
            for k, inst in enumerate(t.instances):
                args = dict(zip(t.params, inst))
                ty = f"{t.name}<{', '.join(inst)}>"
                body = "\n".join(f"        {f.name}: {sample_expr(f, args)}," for f in t.fields)
                out.append(f"fn sample_{t.name.lower()}_{k}() -> {ty} {{\n    {t.name} {{\n{body}\n    }}\n}}\n")
        elif t.kind == "struct":
            body = "\n".join(f"        {f.name}: {f.value}," for f in t.fields)
            out.append(f"fn sample_{t.name.lower()}() -> {t.name} {{\n    {t.name} {{\n{body}\n    }}\n}}\n")
        elif t.kind == "tuple":
            body = ", ".join(f.value for f in t.fields)
            out.append(f"fn sample_{t.name.lower()}() -> {t.name} {{\n    {t.name}({body})\n}}\n")
        else:
            # The variant with the most fields, so its code path runs.
            v = max(t.variants, key=lambda v: len(v.fields))
            if v.kind == "unit":
                expr = f"{t.name}::{v.name}"
            elif v.kind in ("newtype", "tuple"):
                expr = f"{t.name}::{v.name}({', '.join(f.value for f in v.fields)})"
            else:
                inner = ", ".join(f"{f.name}: {f.value}" for f in v.fields)
                expr = f"{t.name}::{v.name} {{ {inner} }}"
            out.append(f"fn sample_{t.name.lower()}() -> {t.name} {{\n    {expr}\n}}\n")
    members = all_members(types)
    out.append("fn main() {")
    out.append("    let all = std::hint::black_box(All {")
    for name, _, expr in members:
        out.append(f"        {name}: {expr},")
    out.append("    });")
    out.append('    println!("{:016x}", serialize_all(&all));')
    out.append("}")
    return "\n".join(out) + "\n"


PROFILES = """
# The same profiles for both crates: Cargo's defaults, written out.
[profile.dev]
opt-level = 0
debug = true
incremental = true

[profile.release]
opt-level = 3
debug = false
incremental = false
codegen-units = 16
lto = false
"""


def snapshot_runtime(out: Path, rev: str) -> Path:
    """json-runtime and json-derive as of `rev`, copied into the generated
    workspace, so edits in the work tree do not change what is measured
    (or break it) half-way. Files are only rewritten when they change, so a
    second run reuses the build. Returns the json-runtime directory."""
    if rev == "worktree":
        return REPO / "json-runtime"
    dest = out / "runtime-src"
    tar = subprocess.run(
        ["git", "-C", str(REPO), "archive", "--format=tar", rev, "Cargo.toml", "json-runtime", "json-derive"],
        capture_output=True, check=True,
    ).stdout
    wanted = set()
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        for member in archive.getmembers():
            if not member.isfile():
                continue
            data = archive.extractfile(member).read()
            if member.name == "Cargo.toml":
                # Only the two crates are copied, so only they are members.
                data = re.sub(rb"(?m)^members = \[.*?\]", b'members = ["json-derive", "json-runtime"]', data)
            path = dest / member.name
            wanted.add(path)
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.exists() or path.read_bytes() != data:
                path.write_bytes(data)
    # A file the revision lacks (one left by an earlier revision in the same
    # `--out`) would be compiled as well: `file.rs` beside `file/mod.rs`
    # fails with E0761. Only a build's own `target` is kept; the repository's
    # `target`, where `--out` usually lies, is above `dest` and not looked at.
    for path in dest.rglob("*"):
        if path.is_file() and path not in wanted and "target" not in path.relative_to(dest).parts:
            path.unlink()
    return dest / "json-runtime"


def feature_list(features: str) -> str:
    """`, features = [...]` for json-runtime's dependency line, or nothing."""
    names = [f.strip() for f in features.split(",") if f.strip()]
    return ", features = [" + ", ".join(f'"{n}"' for n in names) + "]" if names else ""


def write_workspace(out: Path, types: list[TypeDef], runtime: Path, pretty: bool = False, features: str = "", modules: int = 1) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "Cargo.toml").write_text(
        "# Generated by benches/compile-time/compile_time.py\n"
        "[workspace]\nresolver = \"2\"\nmembers = [\"ct-base\", \"ct-serde\", \"ct-json\"]\n"
        "# The json-runtime snapshot keeps its own workspace; the cold-build\n"
        "# crates each have their own, built in empty target folders.\nexclude = [\"runtime-src\", \"cold\"]\n" + PROFILES
    )
    # Seed the lockfile from the repository so serde, serde_json, itoa,
    # syn, ... are the versions the project is tested with; Cargo prunes
    # what these crates do not use. One lockfile serves both crates.
    lock = out / "Cargo.lock"
    if not lock.exists():
        shutil.copy(REPO / "Cargo.lock", lock)
    deps = {
        "base": "",
        "serde": SERDE_DEPS,
        "json": f'json-runtime = {{ path = "{runtime}"{feature_list(features)} }}\n',
    }
    for variant in VARIANTS:
        crate_dir = out / PACKAGE[variant]
        (crate_dir / "src").mkdir(parents=True, exist_ok=True)
        (crate_dir / "Cargo.toml").write_text(
            f'[package]\nname = "{PACKAGE[variant]}"\nversion = "0.1.0"\nedition = "2021"\npublish = false\n\n'
            f"[dependencies]\n{deps[variant]}"
        )
        write_if_changed(crate_dir / "src" / "lib.rs", render_lib(types, variant, pretty, modules))
        write_if_changed(crate_dir / "src" / "main.rs", render_main(types, CRATE[variant]))


def write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


# ---------------------------------------------------------------- measuring


def cargo(out: Path, args: list[str], env: dict[str, str] | None = None, check=True, target: Path | None = None) -> subprocess.CompletedProcess:
    full_env = dict(os.environ)
    full_env.pop("RUSTFLAGS", None)
    full_env.pop("CARGO_BUILD_RUSTFLAGS", None)
    full_env["CARGO_TARGET_DIR"] = str(target or out / "target")
    if env:
        full_env.update(env)
    proc = subprocess.run(["cargo", *args], cwd=out, env=full_env, capture_output=True, text=True)
    if check and proc.returncode != 0:
        sys.stderr.write(proc.stdout + proc.stderr)
        raise SystemExit(f"cargo {' '.join(args)} failed")
    return proc


def cpu_of_children() -> float:
    """User + system CPU seconds of every finished descendant (cargo,
    rustc, build scripts) so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed_cargo(out: Path, args: list[str], env: dict[str, str] | None = None, target: Path | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one cargo command."""
    cpu = cpu_of_children()
    start = time.perf_counter()
    cargo(out, args, env, target=target)
    return time.perf_counter() - start, cpu_of_children() - cpu


def touch(path: Path) -> None:
    now = time.time()
    os.utime(path, (now, now))


def timed_rebuild(out: Path, variant: str, release: bool, incremental: bool) -> tuple[float, float]:
    touch(out / PACKAGE[variant] / "src" / "lib.rs")
    args = ["build", "--offline", "--lib", "-p", PACKAGE[variant]]
    if release:
        args.append("--release")
    env = {"CARGO_INCREMENTAL": "1" if incremental else "0"}
    return timed_cargo(out, args, env)


# The line of `edit_point`'s body that the `check` mode's edit switches:
# each edit puts the other one in, so every timed check follows a real
# change of the source (a function body, not a derived type).
EDIT_LINES = ("    x.wrapping_mul(3)", "    x.wrapping_mul(5)")


def edit_lib(out: Path, variant: str) -> None:
    """Switches `edit_point`'s body to the other constant."""
    path = out / PACKAGE[variant] / "src" / "lib.rs"
    text = path.read_text()
    a, b = (EDIT_LINES[0] + "\n", EDIT_LINES[1] + "\n")
    new = text.replace(a, b, 1) if a in text else text.replace(b, a, 1)
    if new == text:
        raise SystemExit(f"{path}: no edit_point line to edit")
    path.write_text(new)


def check_cmd(variant: str) -> list[str]:
    return ["check", "--offline", "--lib", "-p", PACKAGE[variant]]


def timed_check(out: Path, variant: str, edit: bool) -> tuple[float, float]:
    """`cargo check` of the lib with incremental compilation on (Cargo's
    default for the dev profile, which check uses), after a touch or after
    a one-line edit of a function body."""
    if edit:
        edit_lib(out, variant)
    else:
        touch(out / PACKAGE[variant] / "src" / "lib.rs")
    return timed_cargo(out, check_cmd(variant), {"CARGO_INCREMENTAL": "1"})


def timed_step(out: Path, variant: str, config: tuple[str, bool, bool, str]) -> tuple[float, float]:
    _, release, incremental, action = config
    if action == "build":
        return timed_rebuild(out, variant, release, incremental)
    return timed_check(out, variant, action == "check-edit")


# ---------------------------------------------------------------- cold build

SERDE_DEPS = 'serde = { version = "1", features = ["derive"] }\nserde_json = "=1.0.154"\n'
# serde: serde (derive) + serde_json; json: those and json-runtime (default
# features); free: json-runtime with `default-features = false` alone, the
# serde-free build (issue 42), measured against `serde`.
COLD = {"serde": "cold-serde", "json": "cold-serde-json-runtime", "free": "cold-json-runtime-no-serde"}


def write_cold(out: Path, runtime: Path) -> dict[str, Path]:
    """Three one-file crates, each its own workspace: one depending on serde
    (derive) and serde_json, one on those and json-runtime with its default
    features, and one on json-runtime without its default features only (no
    serde crate in its graph). Each derives every trait it can on one struct
    and writes it to a string, so every dependency, proc-macros included, is
    built and used; `free` is the same crate as `serde` with `ToJson` and
    `json_runtime::to_string` in place of `Serialize` and serde_json's."""
    dirs = {}
    for variant, name in COLD.items():
        d = out / "cold" / name
        (d / "src").mkdir(parents=True, exist_ok=True)
        deps = {
            "serde": SERDE_DEPS,
            "json": SERDE_DEPS + f'json-runtime = {{ path = "{runtime}" }}\n',
            "free": f'json-runtime = {{ path = "{runtime}", default-features = false }}\n',
        }[variant]
        write_if_changed(d / "Cargo.toml",
            f'[package]\nname = "{name}"\nversion = "0.1.0"\nedition = "2021"\npublish = false\n\n'
            f"[dependencies]\n{deps}\n[workspace]\n")
        derive = {"serde": "serde::Serialize", "json": "serde::Serialize, json_runtime::ToJson",
                  "free": "json_runtime::ToJson"}[variant]
        write = "json_runtime::to_string(p).unwrap()" if variant == "free" else "serde_json::to_string(p).unwrap()"
        write_if_changed(d / "src" / "lib.rs",
            "//! Generated by benches/compile-time/compile_time.py; do not edit.\n"
            f"#[derive({derive})]\npub struct Point {{\n    pub x: i32,\n    pub name: String,\n}}\n\n"
            f"pub fn to_json(p: &Point) -> String {{\n    {write}\n}}\n")
        lock = d / "Cargo.lock"
        if not lock.exists():
            shutil.copy(out / "Cargo.lock", lock)
        dirs[variant] = d
    return dirs


# A rustc wrapper that logs each compiler run's own CPU time, so the cost of
# one crate can be told apart from the rest of a parallel build. bash, not
# python: its start-up (a few milliseconds) is counted in the build's CPU.
UNIT_WRAPPER = """#!/bin/bash
# Generated by benches/compile-time/compile_time.py: runs rustc, then
# appends "<crate name> <user seconds> <system seconds>" to $CT_UNIT_LOG.
# rustc's own stderr (cargo reads its messages there) stays on fd 3.
name=
prev=
for arg in "$@"; do
    if [ "$prev" = --crate-name ]; then name=$arg; fi
    prev=$arg
done
if [ -z "$name" ] || [ "$name" = ___ ]; then
    exec "$@"
fi
TIMEFORMAT="$name %U %S"
{ time "$@" 2>&3; } 3>&2 2>>"$CT_UNIT_LOG"
"""


def cold_build(d: Path, release: bool) -> tuple[float, float, dict[str, float]]:
    """(wall, CPU, CPU of each crate's rustc) of `cargo build` from an empty
    target folder, which is removed again afterwards. CARGO_INCREMENTAL=0
    so the json-runtime path dependency is built as a crates.io dependency
    would be."""
    target = d / "target"
    shutil.rmtree(target, ignore_errors=True)
    wrapper = d.parent / "rustc-timed.sh"
    write_if_changed(wrapper, UNIT_WRAPPER)
    wrapper.chmod(0o755)
    log = d.parent / f"units-{d.name}.log"
    log.write_text("")
    args = ["build", "--offline"] + (["--release"] if release else [])
    env = {"CARGO_INCREMENTAL": "0", "RUSTC_WRAPPER": str(wrapper), "CT_UNIT_LOG": str(log)}
    try:
        wall, cpu = timed_cargo(d, args, env, target=target)
    finally:
        shutil.rmtree(target, ignore_errors=True)
    units: dict[str, float] = {}
    for line in log.read_text().splitlines():
        name, user, system = line.split()
        units[name] = units.get(name, 0.0) + float(user) + float(system)
    return wall, cpu, units


def crate_graph(d: Path) -> set[str]:
    """Every package built for the crate (normal and build dependencies,
    proc-macros and theirs), as `name version`."""
    proc = cargo(d, ["tree", "--offline", "--prefix", "none", "-e", "normal,build", "--format", "{p}"], target=d / "target")
    names = set()
    for line in proc.stdout.splitlines():
        line = line.replace("(*)", "").replace("(proc-macro)", "").strip()
        line = re.sub(r"\s*\(/.*\)$", "", line)  # path packages: drop the path
        if line and not line.startswith(("cold-",)):
            names.add(line)
    return names


def section_size(binary: Path, name: str) -> int:
    proc = subprocess.run(["size", "-A", str(binary)], capture_output=True, text=True)
    for line in proc.stdout.splitlines():
        parts = line.split()
        if parts and parts[0] == name:
            return int(parts[1])
    return 0


def sizes(out: Path, variant: str) -> dict[str, int]:
    release = out / "target" / "release"
    binary = release / PACKAGE[variant]
    stripped = out / "target" / f"{PACKAGE[variant]}.stripped"
    shutil.copy(binary, stripped)
    subprocess.run(["strip", str(stripped)], check=True)
    return {
        "rlib": (release / f"lib{CRATE[variant]}.rlib").stat().st_size,
        "bin": binary.stat().st_size,
        "bin_stripped": stripped.stat().st_size,
        "text": section_size(binary, ".text"),
    }


def expanded_lines(out: Path, variant: str) -> int:
    """Lines of the crate after macro expansion (rustc -Zunpretty=expanded)."""
    proc = cargo(
        out,
        ["rustc", "--offline", "--lib", "-p", PACKAGE[variant], "--", "-Zunpretty=expanded"],
        {"RUSTC_BOOTSTRAP": "1", "CARGO_INCREMENTAL": "0"},
    )
    return len(proc.stdout.splitlines())


# A rustc wrapper for the generated crates (RUSTC_WORKSPACE_WRAPPER) that
# runs the expansion under callgrind and every other compiler run as is.
EXPAND_WRAPPER = """#!/bin/bash
# Generated by benches/compile-time/compile_time.py: rustc under callgrind
# when it only expands the crate, writing the count to $CT_CALLGRIND_OUT.
case " $* " in
*" -Zunpretty=expanded "*)
    exec valgrind --tool=callgrind --callgrind-out-file="$CT_CALLGRIND_OUT" "$@" ;;
esac
exec "$@"
"""


def expand_instructions(out: Path, variant: str) -> int:
    """Instructions rustc executes to expand the lib (`-Zunpretty=expanded`:
    parsing, the derive's run, name resolution, printing; no type checking
    or code generation), counted by callgrind. Unlike a time, the count is
    the same from run to run, so a change to the derive can be measured on
    a busy machine."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--expand-instructions needs valgrind (apt install valgrind)")
    wrapper = out / "expand-callgrind.sh"
    write_if_changed(wrapper, EXPAND_WRAPPER)
    wrapper.chmod(0o755)
    result = out / f"callgrind-{variant}.out"
    result.unlink(missing_ok=True)
    touch(out / PACKAGE[variant] / "src" / "lib.rs")
    cargo(
        out,
        ["rustc", "--offline", "--lib", "-p", PACKAGE[variant], "--", "-Zunpretty=expanded"],
        {"RUSTC_BOOTSTRAP": "1", "CARGO_INCREMENTAL": "0",
         "RUSTC_WORKSPACE_WRAPPER": str(wrapper), "CT_CALLGRIND_OUT": str(result)},
    )
    m = re.search(r"^summary: (\d+)$", result.read_text(), re.M)
    if m is None:
        raise SystemExit(f"no callgrind summary in {result}")
    return int(m.group(1))


def llvm_ir(out: Path, variant: str) -> tuple[int, int, list[tuple[str, int, int]]]:
    """Debug-profile LLVM IR of the lib: total lines, functions, and the
    heaviest function groups by demangled name without generic arguments,
    like cargo-llvm-lines."""
    cargo(
        out,
        ["rustc", "--offline", "--lib", "-p", PACKAGE[variant], "--", "--emit=llvm-ir", "-Ccodegen-units=1"],
        {"CARGO_INCREMENTAL": "0"},
    )
    deps = out / "target" / "debug" / "deps"
    ll = max(deps.glob(f"{CRATE[variant]}-*.ll"), key=lambda p: p.stat().st_mtime)
    groups: dict[str, list[int]] = {}
    total = 0
    functions = 0
    current = None
    count = 0
    with ll.open() as fh:
        for line in fh:
            total += 1
            if line.startswith("define "):
                m = re.search(r"@(\"?[^\s(\"]+\"?)\(", line)
                current = demangle(m.group(1).strip('"')) if m else "?"
                count = 0
            if current is not None:
                count += 1
                if line.startswith("}"):
                    g = groups.setdefault(current, [0, 0])
                    g[0] += count
                    g[1] += 1
                    functions += 1
                    current = None
    top = sorted(((k, v[0], v[1]) for k, v in groups.items()), key=lambda x: -x[1])
    return total, functions, top


def demangle(symbol: str) -> str:
    """Legacy Rust mangling (_ZN..E) to a path, with hashes and generic
    arguments dropped; v0 or unknown symbols are returned as they are."""
    if not symbol.startswith("_ZN"):
        return symbol
    parts = []
    i = 3
    while i < len(symbol) and symbol[i] != "E":
        j = i
        while j < len(symbol) and symbol[j].isdigit():
            j += 1
        if j == i:
            break
        n = int(symbol[i:j])
        parts.append(symbol[j : j + n])
        i = j + n
    if parts and re.fullmatch(r"h[0-9a-f]{16}", parts[-1]):
        parts.pop()
    text = "::".join(parts)
    for code, ch in (("$LT$", "<"), ("$GT$", ">"), ("$u20$", " "), ("$RF$", "&"), ("$C$", ","), ("..", "::"), ("$u7b$", "{"), ("$u7d$", "}")):
        text = text.replace(code, ch)
    return text


def time_passes(out: Path, variant: str, release: bool) -> list[tuple[str, float]]:
    """rustc -Ztime-passes for the lib: the slowest passes."""
    touch(out / PACKAGE[variant] / "src" / "lib.rs")
    args = ["rustc", "--offline", "--lib", "-p", PACKAGE[variant]]
    if release:
        args.append("--release")
    proc = cargo(out, args + ["--", "-Ztime-passes"], {"RUSTC_BOOTSTRAP": "1", "CARGO_INCREMENTAL": "0"})
    passes = []
    for line in proc.stderr.splitlines():
        m = re.match(r"time:\s+([\d.]+);.*?\s(\S+)$", line.strip())
        if m:
            passes.append((m.group(2), float(m.group(1))))
    return passes


# ---------------------------------------------------------------- report


def machine() -> dict[str, str]:
    model = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    return {"nproc": str(os.cpu_count()), "cpu": model, "rustc": rustc, "os": platform.platform()}


def dep_version(out: Path, name: str) -> str:
    """The version of `name` in the generated workspace's lockfile."""
    text = (out / "Cargo.lock").read_text()
    m = re.search(rf'\[\[package\]\]\nname = "{re.escape(name)}"\nversion = "([^"]+)"', text)
    return m.group(1) if m else "?"


def serde_derive_syn(out: Path) -> str:
    """The version of syn that serde_derive builds with. The lockfile can
    hold two (other crates in the seed still use syn 2), and Cargo names
    the dependency `syn 3.0.10` only then."""
    text = (out / "Cargo.lock").read_text()
    for block in text.split("[[package]]"):
        if re.search(r'\nname = "serde_derive"\n', block):
            m = re.search(r'"syn(?: ([^"]+))?"', block)
            if m:
                return m.group(1) or dep_version(out, "syn")
    return "?"


def fmt_s(x: float) -> str:
    return f"{x:.2f} s"


def fmt_kib(x: float) -> str:
    return f"{x / 1024:,.0f} KiB"


def ratio(a: float, b: float) -> str:
    return f"{b / a:.2f}×" if a else "-"


def verdict(value: float, limit: float) -> str:
    return f"≤ {limit}×: {'met' if value <= limit else '**missed**'}"


# The `check` mode's two timed configurations, and issue 42's targets for
# them and for the serde-free cold build.
CHECK_TOUCH = "incremental, after a touch"
CHECK_EDIT = "incremental, after a one-line edit"
CHECK_TARGET = 0.9
COLD_FREE_TARGET = 0.6

# (label, release, incremental, action) of each `--modes` name.
ALL_CONFIGS = {
    "incremental": (("debug, incremental (cargo default)", False, True, "build"),),
    "debug": (("debug, non-incremental", False, False, "build"),),
    "release": (("release", True, False, "build"),),
    "check": ((CHECK_TOUCH, False, True, "check-touch"), (CHECK_EDIT, False, True, "check-edit")),
}

MARK = {
    "readme": ("<!-- compile-time summary: begin -->", "<!-- compile-time summary: end -->"),
    "bench": ("<!-- compile-time results: begin -->", "<!-- compile-time results: end -->"),
    "families": ("<!-- compile-time families: begin -->", "<!-- compile-time families: end -->"),
    "families-check": ("<!-- compile-time families check: begin -->", "<!-- compile-time families check: end -->"),
}

# Issue 19's targets for the default build, net of the no-derive crate,
# against serde: every shape family, compact and compact + pretty.
FAMILY_CPU_TARGET = 1.0
FAMILY_CODE_TARGET = 1.5


def run_families(args: argparse.Namespace) -> None:
    """Measures every shape family (and the mixed set), compact only and
    compact + pretty, each by a run of this script in one shared generated
    workspace (the dependencies are built once), and writes one table."""
    started = time.perf_counter()
    out = args.out.resolve()
    # One revision for every run, whatever is committed while they go on.
    runtime = args.runtime if args.runtime == "worktree" else subprocess.run(
        ["git", "-C", str(REPO), "rev-parse", args.runtime], capture_output=True, text=True, check=True
    ).stdout.strip()
    mode = args.modes or "release"
    if mode not in ("release", "check"):
        raise SystemExit("--families takes --modes release (the default) or --modes check")
    if mode == "check":
        return run_families_check(args, runtime, started)
    rows = []
    for shape in ("mixed", *SHAPES):
        for pretty in (False, True):
            print(f"family {shape}{' (pretty)' if pretty else ''}", file=sys.stderr)
            rows.append((shape, pretty, run_family(args, runtime, out, shape, "release", pretty)))
    first = rows[0][2]
    options = f" --types {args.types} --runs {args.runs}" + (f" --features {args.features}" if args.features else "")
    lines = [
        f"Measured with `python3 benches/compile-time/compile_time.py --families{options}` on "
        f"{time.strftime('%Y-%m-%d', time.gmtime())} (UTC): json-runtime and json-derive at {first['revision']}; "
        f"{first['machine']}. Release rebuild after `touch src/lib.rs`, median of {args.runs} interleaved runs; "
        "*net* = minus the same crate with no derive; each figure json_runtime ÷ serde + serde_json on the same "
        f"{args.types} types. Targets (issue 19): CPU ≤ {FAMILY_CPU_TARGET}×, `.text` ≤ {FAMILY_CODE_TARGET}×.",
        "",
        "| family | output | net release rebuild, wall | CPU | net `.text` | net rlib | targets |",
        "|---|---|---:|---:|---:|---:|---|",
    ]
    for shape, pretty, r in rows:
        met = r["release_cpu"] <= FAMILY_CPU_TARGET and r["text_net"] <= FAMILY_CODE_TARGET
        lines.append(f"| {shape} | {'compact + pretty' if pretty else 'compact'} | {r['release_wall']:.2f}× | "
                     f"{r['release_cpu']:.2f}× | {r['text_net']:.2f}× | {r['rlib_net']:.2f}× | "
                     f"{'met' if met else '**missed**'} |")
    text = "\n".join(lines) + "\n"
    print(text)
    (out / "families.md").write_text(text)
    if args.update_docs:
        top = top_doc(MARK["families"])
        replace_between(top, MARK["families"], text)
        replace_between(REPO / "benches" / "compile-time" / "README.md", MARK["families"], text)
        print(f"updated {top.relative_to(REPO)} and benches/compile-time/README.md", file=sys.stderr)
    print(f"Total run time: {time.perf_counter() - started:.0f} s; table in {out / 'families.md'}.", file=sys.stderr)


def run_family(args: argparse.Namespace, runtime: str, out: Path, shape: str, mode: str,
               pretty: bool) -> dict:
    """One family of `--families`: this script run on `shape` alone in
    `mode`, in the shared workspace `out`, and the figures it wrote."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--shape", shape, "--types", str(args.types),
           "--seed", str(args.seed), "--runs", str(args.runs), "--cold-runs", "0", "--modes", mode,
           "--runtime", runtime, "--modules", str(args.modules), "--out", str(out)]
    if args.features:
        cmd += ["--features", args.features]
    if pretty:
        cmd.append("--pretty")
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return json.loads((out / "results.json").read_text())


def run_families_check(args: argparse.Namespace, runtime: str, started: float) -> None:
    """`--families --modes check`: the `check` mode on the mixed set and
    every shape family, compact only (`--pretty` only adds calls to
    `serialize_all`, not derived code), into one table, written with
    `--update-docs` into benches/compile-time/README.md alone."""
    out = args.out.resolve()
    rows = []
    for shape in ("mixed", *SHAPES):
        print(f"family {shape} (check)", file=sys.stderr)
        rows.append((shape, run_family(args, runtime, out, shape, "check", False)))
    first = rows[0][1]
    options = f" --types {args.types} --runs {args.runs}" + (f" --features {args.features}" if args.features else "")
    lines = [
        f"Measured with `python3 benches/compile-time/compile_time.py --families --modes check{options}` on "
        f"{time.strftime('%Y-%m-%d', time.gmtime())} (UTC): json-runtime and json-derive at {first['revision']}; "
        f"{first['machine']}. `cargo check --lib` with incremental compilation on, after a first check, timed "
        "after `touch src/lib.rs` and after a one-line edit of a non-derive function's body; compact output; "
        f"median of {args.runs} interleaved runs of the net difference (*net* = minus the same crate with no "
        f"derive); each ratio json_runtime ÷ serde + serde_json on the same {args.types} types, the net "
        f"seconds beside it. Target (issue 42): ≤ {CHECK_TARGET}× serde's wall time after a touch (the edit "
        "is held to it too).",
        "",
        "| family | after a touch, wall | CPU | net s, serde / json_runtime | after an edit, wall | CPU | "
        "net s, serde / json_runtime | target |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for shape, r in rows:
        cells = []
        verdicts = []
        for key, name in (("check_touch", "touch"), ("check_edit", "edit")):
            net = r[f"{key}_net"]
            cells.append(f"{r[f'{key}_wall']:.2f}× | {r[f'{key}_cpu']:.2f}× | {net['serde']:.2f} / {net['json']:.2f}")
            verdicts.append(f"{name} {'met' if r[f'{key}_wall'] <= CHECK_TARGET else '**missed**'}")
        lines.append(f"| {shape} | {cells[0]} | {cells[1]} | {', '.join(verdicts)} |")
    text = "\n".join(lines) + "\n"
    print(text)
    (out / "families-check.md").write_text(text)
    if args.update_docs:
        replace_between(REPO / "benches" / "compile-time" / "README.md", MARK["families-check"], text)
        print("updated benches/compile-time/README.md", file=sys.stderr)
    print(f"Total run time: {time.perf_counter() - started:.0f} s; table in {out / 'families-check.md'}.", file=sys.stderr)


def top_doc(marks: tuple[str, str]) -> Path:
    """The top-level document that holds `marks`: README.md, or
    docs/compile-time.md if the block has moved there."""
    for path in (REPO / "README.md", REPO / "docs" / "compile-time.md"):
        if path.exists() and marks[0] in path.read_text():
            return path
    raise SystemExit(f"markers {marks[0]} found in neither README.md nor docs/compile-time.md")


def replace_between(path: Path, marks: tuple[str, str], text: str) -> None:
    doc = path.read_text()
    begin, end = marks
    i, j = doc.find(begin), doc.find(end)
    if i < 0 or j < i:
        raise SystemExit(f"{path}: markers {begin} / {end} not found")
    path.write_text(doc[: i + len(begin)] + "\n" + text.rstrip("\n") + "\n" + doc[j:])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=REPO / "target" / "compile-time", help="generated workspace (default: target/compile-time)")
    ap.add_argument("--types", type=int, default=200, help="number of generated types (default 200)")
    ap.add_argument("--runs", type=int, default=5, help="rebuilds per configuration (default 5; 0 for sizes and diagnostics only)")
    ap.add_argument("--cold-runs", type=int, default=3, help="cold builds of each dependency set (default 3; 0 to skip)")
    ap.add_argument("--seed", type=int, default=2310, help="generator seed (default 2310)")
    ap.add_argument("--shape", default="mixed", choices=["mixed", *SHAPES], help="what the types are made of: the mixed set (default), or one shape family, structs of one field type (u64, ints: every integer width, option_int, f64, bool, string, vec) or unit_enum")
    ap.add_argument("--pretty", action="store_true", help="serialize each value compact and pretty (default: compact only)")
    ap.add_argument("--modules", type=int, default=1, help="spread the types over this many modules, so over as many codegen units (default 1: one module)")
    ap.add_argument("--features", default="", help="json-runtime features for the measured crate, comma-separated (for example small-code)")
    ap.add_argument("--runtime", default="HEAD", help="git revision of json-runtime/json-derive to measure, or 'worktree' for the files as they are (default HEAD)")
    ap.add_argument("--modes", default=None, help="what to time, comma-separated: incremental, debug (non-incremental), release (cargo build --lib after a touch), check (cargo check with incremental on, after a touch and after a one-line edit), cold (no rebuild: only the --cold-runs builds); default incremental,debug,release, and release with --families, which also takes check")
    ap.add_argument("--cold-profile", default="debug", choices=["debug", "release", "both"], help="profile of the cold builds (default debug)")
    ap.add_argument("--generate-only", action="store_true", help="write the crates and stop")
    ap.add_argument("--expand-lines", action="store_true", help="count lines after macro expansion (RUSTC_BOOTSTRAP=1)")
    ap.add_argument("--expand-instructions", action="store_true", help="count the instructions rustc runs to expand each crate, the derive included, under callgrind (needs valgrind; RUSTC_BOOTSTRAP=1)")
    ap.add_argument("--llvm-lines", action="store_true", help="count debug LLVM IR lines and the heaviest functions")
    ap.add_argument("--time-passes", action="store_true", help="rustc -Ztime-passes for both crates (RUSTC_BOOTSTRAP=1)")
    ap.add_argument("--families", action="store_true", help="measure every shape family and the mixed set, compact and compact + pretty, release rebuilds only, into one table (--types, --runs, --runtime, --features and --modules apply to each); with --modes check, cargo check after a touch and after an edit instead, compact only")
    ap.add_argument("--update-docs", action="store_true", help="write the summary into docs/compile-time.md and the full report into benches/compile-time/README.md, between their markers (with --families: the family table into both)")
    args = ap.parse_args()
    if args.families:
        return run_families(args)
    if args.modes is None:
        args.modes = "incremental,debug,release"
    modes = [m for m in args.modes.split(",") if m]
    for m in modes:
        if m not in ALL_CONFIGS and m != "cold":
            raise SystemExit(f"--modes: unknown mode {m!r} (incremental, debug, release, check, cold)")
    # Sizes need the release binaries; a run of only `check` or `cold`
    # builds neither them nor the debug libs.
    sizes_wanted = not modes or any(m in ("incremental", "debug", "release") for m in modes)
    if args.update_docs and not sizes_wanted:
        raise SystemExit("--update-docs replaces the full run's report: not from a run of only check or cold "
                         "(for check, --families --modes check --update-docs writes its own table)")

    started = time.perf_counter()
    types = Generator(args.types, args.seed, args.shape).generate()
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    runtime = snapshot_runtime(out, args.runtime)
    write_workspace(out, types, runtime, args.pretty, args.features, args.modules)
    cold_dirs = write_cold(out, runtime)
    kinds = {k: sum(1 for t in types if t.kind == k) for k in ("struct", "enum", "generic", "tuple")}
    print(f"generated {len(types)} types {kinds} in {out}", file=sys.stderr)
    if args.generate_only:
        return

    # Warm-up: dependencies of all crates in both profiles, and the crates
    # themselves, so the timed builds compile nothing but the lib.
    # The debug profile only when something below builds it.
    debug_needed = (args.runs and any(m in ("incremental", "debug") for m in modes)) or (
        args.expand_lines or args.expand_instructions or args.llvm_lines or args.time_passes)
    release_needed = sizes_wanted or (args.runs and "release" in modes)
    for release in [r for r, needed in ((False, debug_needed), (True, release_needed)) if needed]:
        flag = ["--release"] if release else []
        for variant in VARIANTS:
            cargo(out, ["build", "--offline", *flag, "-p", PACKAGE[variant]])
    if args.runs and "check" in modes:
        # The check profile's own dependency metadata and a first check of
        # each lib, so the timed checks re-check the lib alone.
        for variant in VARIANTS:
            cargo(out, check_cmd(variant), {"CARGO_INCREMENTAL": "1"})
    print(f"warm-up done after {time.perf_counter() - started:.0f} s", file=sys.stderr)

    configs = [c for m in modes for c in ALL_CONFIGS.get(m, ())] if args.runs else []
    load_before = os.getloadavg()
    times: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for config in configs:
        label = config[0]
        # One untimed build per crate in this mode first (fills the
        # incremental cache, or empties it of the other mode's state).
        for variant in VARIANTS:
            timed_step(out, variant, config)
        for run in range(args.runs):
            # Rotate the order, so no crate always follows the same one.
            order = VARIANTS[run % 3:] + VARIANTS[: run % 3]
            for variant in order:
                times.setdefault((label, variant), []).append(timed_step(out, variant, config))
        print(f"timed {label}", file=sys.stderr)
    if any(c[3] == "check-edit" for c in configs):
        # Back to the generated text, so the next run starts from it.
        for variant in VARIANTS:
            path = out / PACKAGE[variant] / "src" / "lib.rs"
            if EDIT_LINES[1] + "\n" in path.read_text():
                edit_lib(out, variant)

    cold_profiles = {"debug": (False,), "release": (True,), "both": (False, True)}[args.cold_profile]
    cold: dict[tuple[bool, str], list[tuple[float, float, dict[str, float]]]] = {}
    graph: dict[str, set[str]] = {}
    if args.cold_runs:
        graph = {v: crate_graph(d) for v, d in cold_dirs.items()}
        serde_crates = sorted(n for n in graph["free"] if n.split()[0].startswith("serde"))
        if serde_crates:
            raise SystemExit(f"json-runtime without default features pulls in {', '.join(serde_crates)}")
        cold_variants = tuple(COLD)
        for run in range(args.cold_runs):
            for release in cold_profiles:
                # Rotate the order, as for the rebuilds.
                order = cold_variants[run % 3:] + cold_variants[: run % 3]
                for variant in order:
                    cold.setdefault((release, variant), []).append(cold_build(cold_dirs[variant], release))
        print("timed cold builds", file=sys.stderr)
    load_after = os.getloadavg()

    size: dict[str, dict[str, int]] = {}
    digest = {"serde": "-"}
    if sizes_wanted:
        # The release binaries for the sizes (the libs are already built).
        for variant in VARIANTS:
            cargo(out, ["build", "--offline", "--release", "-p", PACKAGE[variant]])
        size = {v: sizes(out, v) for v in VARIANTS}
        # Both crates must write the same bytes, or the comparison is moot.
        digest = {
            v: subprocess.run([str(out / "target" / "release" / PACKAGE[v])], capture_output=True, text=True, check=True).stdout.strip()
            for v in VARIANTS
        }
        if digest["serde"] != digest["json"]:
            raise SystemExit(f"outputs differ: serde {digest['serde']} vs json_runtime {digest['json']}")

    m = machine()
    report: list[str] = []
    emit = report.append
    revision = "the work tree" if args.runtime == "worktree" else subprocess.run(
        ["git", "-C", str(REPO), "rev-parse", "--short", args.runtime], capture_output=True, text=True
    ).stdout.strip()
    command = "python3 benches/compile-time/compile_time.py" + "".join(f" {a}" for a in sys.argv[1:] if a != "--update-docs")
    today = time.strftime("%Y-%m-%d", time.gmtime())
    build_configs = [c for c in configs if c[3] == "build"]
    check_configs = [c for c in configs if c[3] != "build"]
    how = []
    if build_configs:
        how.append("Rebuilds: `cargo build --lib` after `touch src/lib.rs`.")
    if check_configs:
        how.append("Checks (issue 42's edit loop): `cargo check --lib` with incremental compilation on (Cargo's default), "
                   "after a first check of each lib, timed after `touch src/lib.rs` and after a one-line edit of a "
                   "non-derive function's body (`edit_point`, its constant switched between two values each run).")
    if configs:
        how.append(f"Wall time, median of {args.runs} interleaved runs of the net difference (min of the whole build in brackets).")
    same = (f"both binaries write the same bytes for every value (FNV-1a {digest['serde']}). " if size else "")
    head = [
        f"Measured with `{command}` on {today} (UTC): json-runtime and json-derive at {revision}; "
        f"serde {dep_version(out, 'serde')}, serde_json {dep_version(out, 'serde_json')}, "
        f"syn {serde_derive_syn(out)} (serde_derive's). "
        f"Machine: {m['nproc']} cores, {m['cpu']}, {m['rustc']}, {m['os']}. "
        f"Load average before/after timing: {load_before[0]:.2f} / {load_after[0]:.2f}.",
        "",
        f"{len(types)} types ({kinds['struct']} structs, {kinds['enum']} enums, "
        f"{kinds['generic']} generic structs x2 instantiations, {kinds['tuple']} tuple structs), seed {args.seed}; "
        + same +
        "*Net* = the crate minus the same crate with no derive (`ct-base`): the cost of the derive and "
        "serializer alone. " + " ".join(how),
        "",
    ]
    summary: list[str] = []
    add = summary.append
    add("| measure | no derive | serde + serde_json | json_runtime | json_runtime / serde | target |")
    add("|---|---:|---:|---:|---:|---|")
    # Issue 42's targets for the debug rebuilds and the checks (it replaced
    # issue 19's 0.5x and 0.6x for debug); release is issue 19's.
    targets = {"debug, incremental (cargo default)": 0.85, "debug, non-incremental": 0.65, "release": 0.9,
               CHECK_TOUCH: CHECK_TARGET, CHECK_EDIT: CHECK_TARGET}
    details: list[str] = []
    figures: dict[str, object] = {
        "revision": revision,
        "machine": f"{m['nproc']} cores, {m['cpu']}, {m['rustc']}",
        "shape": args.shape,
        "pretty": args.pretty,
    }
    for label, release, _, action in configs:
        noun = "rebuild" if action == "build" else "`cargo check`"
        wall = {v: [t[0] for t in times[(label, v)]] for v in VARIANTS}
        cpu = {v: [t[1] for t in times[(label, v)]] for v in VARIANTS}
        net = {v: statistics.median(a - b for a, b in zip(wall[v], wall["base"])) for v in ("serde", "json")}
        net_cpu = {v: statistics.median(a - b for a, b in zip(cpu[v], cpu["base"])) for v in ("serde", "json")}
        r = net["json"] / net["serde"]
        if action == "build" and release:
            figures["release_wall"] = r
            figures["release_cpu"] = net_cpu["json"] / net_cpu["serde"]
        if action != "build":
            key = action.replace("-", "_")
            figures[f"{key}_wall"] = r
            figures[f"{key}_cpu"] = net_cpu["json"] / net_cpu["serde"]
            figures[f"{key}_net"] = {"serde": net["serde"], "json": net["json"], "base": statistics.median(wall["base"])}
        add(f"| net {noun}, {label} | – | {fmt_s(net['serde'])} ({min(wall['serde']):.2f}) | "
            f"{fmt_s(net['json'])} ({min(wall['json']):.2f}) | **{r:.2f}×** | {verdict(r, targets[label])} |")
        details.append(f"| {noun}, {label}, whole crate | {fmt_s(statistics.median(wall['base']))} | "
                       f"{fmt_s(statistics.median(wall['serde']))} | {fmt_s(statistics.median(wall['json']))} | "
                       f"{ratio(statistics.median(wall['serde']), statistics.median(wall['json']))} | |")
        details.append(f"| net {noun}, {label}, CPU (user+sys) | – | {fmt_s(net_cpu['serde'])} | {fmt_s(net_cpu['json'])} | "
                       f"{ratio(net_cpu['serde'], net_cpu['json'])} | |")
    if size:
        net_rlib = {v: size[v]["rlib"] - size["base"]["rlib"] for v in ("serde", "json")}
        r = net_rlib["json"] / net_rlib["serde"]
        figures["rlib_net"] = r
        add(f"| net release rlib (`lib<name>.rlib`) | {fmt_kib(size['base']['rlib'])} | {fmt_kib(net_rlib['serde'])} | "
            f"{fmt_kib(net_rlib['json'])} | **{r:.2f}×** | {verdict(r, 1.0)} |")
        text_net = {v: size[v]["text"] - size["base"]["text"] for v in ("serde", "json")}
        figures["text_net"] = text_net["json"] / text_net["serde"]
        s_, j_ = size["serde"]["bin_stripped"], size["json"]["bin_stripped"]
        add(f"| release binary, stripped | {fmt_kib(size['base']['bin_stripped'])} | {fmt_kib(s_)} | {fmt_kib(j_)} | "
            f"**{j_ / s_:.2f}×** | {verdict(j_ / s_, 1.0)} |")
        for label, key in (("release binary, stripped, net", "bin_stripped"), ("release binary, `.text`, net", "text"),
                           ("release binary, unstripped", "bin"), ("release binary, `.text`", "text")):
            if label.endswith("net"):
                a_, b_ = size["serde"][key] - size["base"][key], size["json"][key] - size["base"][key]
                details.append(f"| {label} | – | {fmt_kib(a_)} | {fmt_kib(b_)} | {ratio(a_, b_)} | |")
            else:
                details.append(f"| {label} | {fmt_kib(size['base'][key])} | {fmt_kib(size['serde'][key])} | "
                               f"{fmt_kib(size['json'][key])} | {ratio(size['serde'][key], size['json'][key])} | |")
    cold_lines: list[str] = []
    for release in cold_profiles if cold else ():
        profile = "release" if release else "debug"
        runs = {v: cold[(release, v)] for v in COLD}
        cs = statistics.median(c[1] for c in runs["serde"])
        cj = statistics.median(c[1] for c in runs["json"])
        cf = statistics.median(c[1] for c in runs["free"])
        added = cj - cs
        # Issue 42 retired issue 19's +1.5 s: the added crates' own runs
        # (the detail row below) are what it compares now.
        add(f"| cold {profile} build of a crate using serde + serde_json, CPU (user+sys) | – | {fmt_s(cs)} | "
            f"{fmt_s(cj)} with json-runtime too | +{added:.2f} s | – |")
        r = cf / cs
        figures[f"cold_free_{profile}_cpu"] = r
        add(f"| cold {profile} build, serde-free: json-runtime with `default-features = false` instead of "
            f"serde (derive) + serde_json, CPU (user+sys) | – | {fmt_s(cs)} | {fmt_s(cf)} | **{r:.2f}×** | "
            f"{verdict(r, COLD_FREE_TARGET)} |")
        wall = {v: statistics.median(c[0] for c in runs[v]) for v in COLD}
        details.append(f"| cold {profile} build, wall | – | {fmt_s(wall['serde'])} | "
                       f"{fmt_s(wall['json'])} with json-runtime too; {fmt_s(wall['free'])} serde-free | "
                       f"{ratio(wall['serde'], wall['free'])} serde-free | |")

        def unit_cpu(variant: str, crate: str) -> float:
            return statistics.median(c[2].get(crate, 0.0) for c in runs[variant])

        ours = {crate: unit_cpu("json", crate) for crate in ("json_runtime_derive", "json_runtime")}
        details.append(
            f"| cold {profile} build, the rustc runs of the two added crates alone, CPU | – | "
            f"serde_derive {fmt_s(unit_cpu('serde', 'serde_derive'))}, serde_json {fmt_s(unit_cpu('serde', 'serde_json'))} | "
            f"{fmt_s(sum(ours.values()))}: json-runtime-derive {fmt_s(ours['json_runtime_derive'])}, "
            f"json-runtime {fmt_s(ours['json_runtime'])} | | |")
        free = {crate: unit_cpu("free", crate) for crate in ("json_runtime_derive", "json_runtime")}
        serde_units = sorted({n for c in runs["serde"] for n in c[2] if n.startswith("serde")})
        details.append(
            f"| cold {profile} build, serde-free, the rustc runs of json-runtime's two crates, CPU | – | "
            f"the serde crates ({', '.join(serde_units)}) {fmt_s(sum(unit_cpu('serde', c) for c in serde_units))} | "
            f"{fmt_s(sum(free.values()))}: json-runtime-derive {fmt_s(free['json_runtime_derive'])}, "
            f"json-runtime {fmt_s(free['json_runtime'])} | | |")
    if cold:
        new = sorted(graph["json"] - graph["serde"])
        profiles = " and ".join("release" if r else "debug" for r in cold_profiles)
        cold_lines.append(
            f"Cold build: `cargo build` ({profiles}) from an empty target folder, median of {args.cold_runs} "
            f"interleaved runs each; CPU of all processes. The full report in benches/compile-time/README.md "
            f"also gives the added crates' own compiler runs, logged by a rustc wrapper: on 2 cores the "
            f"whole-build difference also carries the contention between parallel runs. "
            f"json-runtime (default features) adds "
            f"{len(new)} crates to the {len(graph['serde'])} of serde + serde_json: "
            + ", ".join(f"`{n}`" for n in new) + ". "
            f"Serde-free, json-runtime with `default-features = false` builds {len(graph['free'])} crates, no serde: "
            + ", ".join(f"`{n}`" for n in sorted(graph["free"])) + " (issue 42's target: ≤ "
            f"{COLD_FREE_TARGET}× the CPU of the same crate on serde + serde_json).")
    if args.expand_lines:
        e = {v: expanded_lines(out, v) for v in VARIANTS}
        details.append(f"| lines after macro expansion (`-Zunpretty=expanded`) | {e['base']:,} | {e['serde']:,} | {e['json']:,} | "
                       f"{ratio(e['serde'], e['json'])} | |")
    if args.expand_instructions:
        n = {v: expand_instructions(out, v) for v in VARIANTS}
        details.append(f"| instructions to expand the crate (callgrind, `-Zunpretty=expanded`), millions | {n['base'] / 1e6:,.1f} | "
                       f"{n['serde'] / 1e6:,.1f} | {n['json'] / 1e6:,.1f} | "
                       f"{ratio(n['serde'] - n['base'], n['json'] - n['base'])} net | |")
    tops = {}
    if args.llvm_lines:
        ir = {v: llvm_ir(out, v) for v in VARIANTS}
        details.append(f"| debug LLVM IR lines (lib, 1 CGU) | {ir['base'][0]:,} | {ir['serde'][0]:,} | {ir['json'][0]:,} | "
                       f"{ratio(ir['serde'][0], ir['json'][0])} | |")
        details.append(f"| debug LLVM IR functions | {ir['base'][1]:,} | {ir['serde'][1]:,} | {ir['json'][1]:,} | "
                       f"{ratio(ir['serde'][1], ir['json'][1])} | |")
        tops = {v: ir[v][2] for v in ("serde", "json")}
    short = head + summary + [""] + cold_lines
    full = head + summary + details + [""] + cold_lines + [""]
    if tops:
        for v in ("serde", "json"):
            full.append(f"Heaviest functions by debug IR lines, {PACKAGE[v]} (lines, copies):")
            full.append("")
            full.append("| function (generic arguments dropped) | IR lines | copies |")
            full.append("|---|---:|---:|")
            for name, lines, copies in tops[v][:12]:
                full.append(f"| `{name}` | {lines:,} | {copies} |")
            full.append("")
    if args.time_passes:
        for release in (False, True):
            full.append(f"Slowest rustc passes ({'release' if release else 'debug'}, non-incremental), seconds:")
            full.append("")
            tp = {v: dict(time_passes(out, v, release)) for v in ("serde", "json")}
            names = sorted(set(tp["serde"]) | set(tp["json"]), key=lambda n: -max(tp["serde"].get(n, 0), tp["json"].get(n, 0)))
            full.append("| pass | serde | json_runtime |")
            full.append("|---|---:|---:|")
            for n in names[:12]:
                full.append(f"| `{n}` | {tp['serde'].get(n, 0):.3f} | {tp['json'].get(n, 0):.3f} |")
            full.append("")
    text = "\n".join(full).rstrip("\n") + "\n"
    print(text)
    results = out / "results.md"
    results.write_text(text)
    (out / "results.json").write_text(json.dumps(figures, indent=1) + "\n")
    if args.update_docs:
        top = top_doc(MARK["readme"])
        replace_between(top, MARK["readme"], "\n".join(short).rstrip("\n") + "\n")
        replace_between(REPO / "benches" / "compile-time" / "README.md", MARK["bench"], text)
        print(f"updated {top.relative_to(REPO)} and benches/compile-time/README.md", file=sys.stderr)
    print(f"Total run time: {time.perf_counter() - started:.0f} s; report in {results}.", file=sys.stderr)


if __name__ == "__main__":
    main()
