#!/usr/bin/env python3
"""The documentation's own checks (run by `npm test`):

- README.md stays the front door a newcomer reads in five minutes: at most 10 KB (the details
  live in docs/);
- every relative link of README.md, docs/ (at any depth), app/SCAFFOLD.md and
  server/workflows/README.md names a file that exists, and a `#fragment` into a Markdown file
  names one of its headings (GitHub's anchors: lower case, punctuation dropped, spaces as `-`).

Fails naming each problem."""
import glob
import os
import re
import sys

README_MAX_BYTES = 10 * 1024
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def slug(heading):
    h = heading.strip().lower().replace("`", "")
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")


def anchors(path):
    found, fenced = set(), False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("```"):
                fenced = not fenced
            m = None if fenced else re.match(r"#+ (.*)", line)
            if m:
                found.add(slug(m.group(1)))
    return found


def main():
    os.chdir(ROOT)
    problems = []
    size = os.path.getsize("README.md")
    if size > README_MAX_BYTES:
        problems.append(f"README.md is {size} bytes, over {README_MAX_BYTES}: move details into docs/")
    pages = ["README.md", "app/SCAFFOLD.md", "server/workflows/README.md"]
    pages += sorted(glob.glob("docs/**/*.md", recursive=True))
    for page in pages:
        with open(page, encoding="utf-8") as f:
            text = re.sub(r"```.*?```", "", f.read(), flags=re.S)
        for m in re.finditer(r"\]\(([^)\s]+)\)", text):
            target = m.group(1)
            if re.match(r"[a-z]+:", target):
                continue
            path, _, fragment = target.partition("#")
            resolved = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
            if not os.path.exists(resolved):
                problems.append(f"{page}: link to {target}: no such file")
            elif fragment and resolved.endswith(".md") and fragment not in anchors(resolved):
                problems.append(f"{page}: link to {target}: no such heading")
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"docs: README.md {size} bytes, links of {len(pages)} pages resolve")


if __name__ == "__main__":
    main()
