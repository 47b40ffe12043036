#!/usr/bin/env python3
"""Read cargo --message-format=json on stdin; map each error to the ToJson
derive site (the last `json_runtime::ToJson` derive line at or before the
error line in the same file, or the macro's call site). Prints failing sites."""
import json, sys, os, re, collections
root = sys.argv[1]
sites = {}  # file -> sorted list of derive lines
def site_lines(path):
    if path not in sites:
        try:
            lines = open(path, encoding="utf-8").read().split("\n")
        except OSError:
            sites[path] = []
            return []
        sites[path] = [i + 1 for i, l in enumerate(lines) if "json_runtime::ToJson" in l]
    return sites[path]
failing = collections.defaultdict(list)
nerr = 0
for line in sys.stdin:
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if m.get("reason") != "compiler-message":
        continue
    msg = m["message"]
    if msg["level"] != "error":
        continue
    nerr += 1
    spans = [s for s in msg["spans"] if s["is_primary"]] or msg["spans"]
    if not spans:
        failing[("?", 0)].append(msg["message"]); continue
    s = spans[0]
    # walk up macro expansions to the user's code
    while s.get("expansion") and not os.path.exists(os.path.join(root, s["file_name"])):
        s = s["expansion"]["span"]
    path = os.path.join(root, s["file_name"])
    ls = [l for l in site_lines(path) if l <= s["line_start"]]
    key = (s["file_name"], ls[-1] if ls else 0)
    failing[key].append(msg["message"].split("\n")[0][:150])
for k in sorted(failing):
    print(f"{k[0]}:{k[1]}")
    for e in sorted(set(failing[k])):
        print("     ", e)
print(f"errors: {nerr}, failing sites: {len([k for k in failing if k[1]])}")
