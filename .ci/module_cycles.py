#!/usr/bin/env python3
"""Fails if the files of a crate's src/ import each other in a cycle, or
if a file imports from a layer above its own in `.ci/layers.txt`.

An edge A -> B means a file A names an item that file B defines: through
`use crate::..`, `use super::..`, `use self::..` or an inline `crate::..`
path. A name that a module re-exports (`pub use`, `pub(crate) use`) is
followed to the file that defines it, so an item reached through lib.rs's
re-exports counts as an import of its own file, and an item *defined* in
lib.rs counts as an import of lib.rs. `mod` declarations are not imports.

Usage: module_cycles.py CRATE_SRC_DIR [...]
(exit 1 on a cycle, an upward import or a file in no layer)
"""
import os
import re
import sys


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    out = []
    for line in text.splitlines():
        # Drop line comments (doc comments too: their paths are links, not
        # imports), but keep `//` inside string literals well enough for
        # this purpose by cutting only at a `//` outside quotes.
        in_str = False
        cut = len(line)
        i = 0
        while i < len(line) - 1:
            c = line[i]
            if c == '"' and (i == 0 or line[i - 1] != "\\"):
                in_str = not in_str
            elif not in_str and line[i : i + 2] == "//":
                cut = i
                break
            i += 1
        out.append(line[:cut])
    return "\n".join(out)


def strip_tests(text):
    """Drops `#[cfg(test)] mod x { .. }` blocks: tests may import anything."""
    while True:
        m = re.search(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{", text)
        if not m:
            return text
        depth = 0
        i = m.end() - 1
        while i < len(text):
            if text[i] == "{":
                depth += 1
            elif text[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        text = text[: m.start()] + text[i + 1 :]


class Module:
    def __init__(self, path, file):
        self.path = path  # tuple of segments from the crate root
        self.file = file
        self.children = {}
        self.reexports = {}  # name -> absolute path tuple
        self.text = ""


def parse_use_tree(s):
    """Expands `a::{b, c::d as e}` into lists of (segments, alias)."""
    s = s.strip()
    results = []

    def split_top(body):
        parts, depth, cur = [], 0, ""
        for ch in body:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            if ch == "," and depth == 0:
                parts.append(cur)
                cur = ""
            else:
                cur += ch
        if cur.strip():
            parts.append(cur)
        return parts

    def walk(prefix, tree):
        tree = tree.strip()
        if not tree:
            return
        brace = tree.find("{")
        if brace >= 0 and (tree.find(" as ") < 0 or tree.find(" as ") > brace):
            head = tree[:brace].rstrip(":").strip()
            segs = [x for x in head.split("::") if x] if head else []
            body = tree[brace + 1 : tree.rfind("}")]
            for part in split_top(body):
                walk(prefix + segs, part)
            return
        alias = None
        if " as " in tree:
            tree, alias = [x.strip() for x in tree.split(" as ", 1)]
        segs = [x.strip() for x in tree.split("::") if x.strip()]
        results.append((prefix + segs, alias))

    walk([], s)
    return results


def load(src):
    root = Module((), os.path.join(src, "lib.rs"))
    modules = {(): root}

    def visit(mod, dirpath):
        text = open(mod.file).read()
        mod.text = strip_tests(strip_comments(text))
        for m in re.finditer(
            r'((?:#\[[^\]]*\]\s*)*)(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;',
            mod.text,
        ):
            found = re.search(r'#\[path\s*=\s*"([^"]+)"\]', m.group(1))
            explicit, name = (found.group(1) if found else None), m.group(2)
            if explicit:
                f = os.path.join(dirpath, explicit)
                sub = os.path.join(dirpath, os.path.splitext(explicit)[0])
            else:
                f = os.path.join(dirpath, name + ".rs")
                sub = os.path.join(dirpath, name)
                if not os.path.exists(f):
                    f = os.path.join(dirpath, name, "mod.rs")
            if not os.path.exists(f):
                continue
            child = Module(mod.path + (name,), f)
            mod.children[name] = child
            modules[child.path] = child
            visit(child, sub if not f.endswith("mod.rs") else os.path.dirname(f))

    visit(root, src)
    return root, modules


def absolute(mod, segs):
    if not segs:
        return None
    if segs[0] == "crate":
        return tuple(segs[1:])
    base = list(mod.path)
    i = 0
    if segs[0] == "self":
        i = 1
    elif segs[0] == "super":
        while i < len(segs) and segs[i] == "super":
            base = base[:-1]
            i += 1
    else:
        # A path relative to this module only if it names a child module.
        if segs[0] in mod.children:
            return tuple(base + segs)
        return None
    return tuple(base + segs[i:])


def collect(mod):
    uses = []
    for m in re.finditer(r"\buse\s+([^;]+);", mod.text):
        is_pub = bool(re.search(r"pub(\([^)]*\))?\s+use\s+" + re.escape(m.group(1)), mod.text))
        for segs, alias in parse_use_tree(m.group(1)):
            path = absolute(mod, segs)
            if path is None:
                continue
            if segs[-1] == "self":
                path = path[:-1]
            name = alias or (path[-1] if path else None)
            uses.append((path, name, is_pub))
    for m in re.finditer(r"(?<![\w:])((?:crate|super|self)(?:::\w+)+)", mod.text):
        path = absolute(mod, m.group(1).split("::"))
        if path is not None:
            uses.append((path, None, False))
    return uses


LAYERS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "layers.txt")


def read_layers(path):
    """{src dir: [(layer name, [entries])]}, lowest layer first."""
    tables, current = {}, None
    for raw in open(path):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("[") and line.endswith("]"):
            current = tables.setdefault(os.path.normpath(line[1:-1]), [])
        elif current is not None and ":" in line:
            layer, entries = line.split(":", 1)
            current.append((layer.strip(), entries.split()))
    return tables


def layer_of(layers, file):
    """The index and name of the layer that lists `file` (a path relative
    to the crate's src/), or None."""
    for i, (layer, entries) in enumerate(layers):
        for entry in entries:
            if file == entry or (entry.endswith("/") and file.startswith(entry)):
                return i, layer
    return None


def check_layers(src, layers, graph, name):
    """Prints every upward import and unplaced file; True if any."""
    failed = False
    placed = {}
    for p in graph:
        found = layer_of(layers, name(p))
        if found is None:
            print(f"{src}: {name(p)} is in no layer of {os.path.relpath(LAYERS_FILE)}")
            failed = True
        placed[p] = found
    for p in sorted(graph, key=name):
        for q in sorted(graph[p], key=name):
            if placed[p] and placed[q] and placed[q][0] > placed[p][0]:
                print(
                    f"{src}: {name(p)} ({placed[p][1]}) imports {name(q)}, "
                    f"which is in a layer above it ({placed[q][1]})"
                )
                failed = True
    return failed


def main():
    failed = False
    tables = read_layers(LAYERS_FILE)
    for src in sys.argv[1:]:
        root, modules = load(src)
        uses = {p: collect(m) for p, m in modules.items()}
        for p, m in modules.items():
            for path, name, is_pub in uses[p]:
                if is_pub and name and name != "*" and path:
                    m.reexports[name] = path

        def resolve(path, seen=()):
            """The module (file) that defines the item `path` names."""
            cur = root
            for i, seg in enumerate(path):
                if seg in cur.children:
                    cur = cur.children[seg]
                    continue
                if seg in cur.reexports and (cur.path, seg) not in seen:
                    target = cur.reexports[seg] + tuple(path[i + 1 :])
                    return resolve(target, seen + ((cur.path, seg),))
                return cur
            return cur

        graph = {p: set() for p in modules}
        for p in modules:
            for path, _, _ in uses[p]:
                if not path:
                    continue
                target = resolve(path)
                if target.path != p:
                    graph[p].add(target.path)

        # Tarjan's strongly connected components.
        index, low, stack, on, sccs = {}, {}, [], set(), []
        counter = [0]

        def strong(v):
            index[v] = low[v] = counter[0]
            counter[0] += 1
            stack.append(v)
            on.add(v)
            for w in graph[v]:
                if w not in index:
                    strong(w)
                    low[v] = min(low[v], low[w])
                elif w in on:
                    low[v] = min(low[v], index[w])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    sccs.append(comp)

        sys.setrecursionlimit(10000)
        for v in graph:
            if v not in index:
                strong(v)

        def name(p):
            return os.path.relpath(modules[p].file, src)

        layers = tables.get(os.path.normpath(src))
        if layers is None:
            print(f"{src}: no layer table in {os.path.relpath(LAYERS_FILE)}")
            failed = True
        elif check_layers(src, layers, graph, name):
            failed = True
        else:
            print(f"{src}: every import points to its own layer or one below")

        if sccs:
            failed = True
            for comp in sccs:
                files = sorted(name(p) for p in comp)
                print(f"{src}: import cycle through {len(files)} files: {', '.join(files)}")
                members = set(comp)
                for p in sorted(comp):
                    for q in sorted(graph[p] & members):
                        print(f"    {name(p)} -> {name(q)}")
        else:
            print(f"{src}: {len(modules)} files, no import cycle")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
