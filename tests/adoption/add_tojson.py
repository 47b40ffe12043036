#!/usr/bin/env python3
"""Add `json_runtime::ToJson` next to every `Serialize` derive, mechanically.

Usage: add_tojson.py FILE_OR_DIR...   (edits *.rs files in place)

Handles every spelling met in real crates:
  #[derive(Serialize, Deserialize)]          #[derive(serde::Serialize)]
  #[derive(::serde::Serialize)]              #[derive(serde_derive::Serialize)]
  #[cfg_attr(feature = "serde", derive(Serialize))]   multi-line lists
It inserts `json_runtime::ToJson` right after the `Serialize` entry of the
same derive list, so a cfg_attr keeps gating both. Prints one line per file
with the number of sites changed, then the total.
"""
import os
import re
import sys

# `derive(` then a balanced, parenthesis-free list (derive lists never nest).
DERIVE = re.compile(r"\bderive\s*\(([^()]*)\)", re.S)
SERIALIZE = re.compile(r"(?<![\w:])((?:::)?(?:\w+\s*::\s*)*Serialize)\b(?!\s*::)")


def edit(text):
    count = 0

    def one(m):
        nonlocal count
        inner = m.group(1)
        if "ToJson" in inner:
            return m.group(0)
        found = SERIALIZE.search(inner)
        if not found:
            return m.group(0)
        # Only serde's derive: `Serialize` alone or under a serde path.
        path = found.group(1).replace(" ", "")
        if path not in ("Serialize", "serde::Serialize", "::serde::Serialize",
                        "serde_derive::Serialize", "::serde_derive::Serialize"):
            return m.group(0)
        count += 1
        end = found.end()
        return ("derive(" + inner[:end] + ", json_runtime::ToJson" + inner[end:] + ")")

    return DERIVE.sub(one, text), count


def files(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                for n in sorted(names):
                    if n.endswith(".rs"):
                        yield os.path.join(root, n)
        else:
            yield p


def main():
    total = 0
    for path in files(sys.argv[1:]):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        new, count = edit(text)
        if count:
            with open(path, "w", encoding="utf-8") as f:
                f.write(new)
            print(f"{count:5} {path}")
        total += count
    print(f"{total:5} derive sites in total")


if __name__ == "__main__":
    main()
