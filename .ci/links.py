#!/usr/bin/env python3
"""Every link and image in the README, the book (docs/src) and the crates' READMEs: a relative
target must exist, and an anchor (#part) must name a heading of its file. A book page's link to
`../index.html` (with a query) is a link into the game beside the built book (web/dist/book next
to web/dist/index.html): the game's page, web/index.html, must exist. Exits 1 listing the dead
ones. Usage: .ci/links.py [ROOT]"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else '.').resolve()
pages = [root / 'README.md', *sorted((root / 'docs' / 'src').glob('*.md')), *sorted(root.glob('crates/*/README.md'))]
link = re.compile(r'!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+"[^"]*")?\)')


def anchors(path):
    """GitHub's and mdBook's anchors of a Markdown file's headings."""
    out = set()
    fenced = False
    for line in path.read_text(encoding='utf-8').splitlines():
        if line.startswith('```'):
            fenced = not fenced
        if fenced or not line.startswith('#'):
            continue
        text = line.lstrip('#').strip().lower()
        out.add(re.sub(r'[^\w\- ]', '', text).replace(' ', '-'))
    return out


dead = []
checked = 0
for page in pages:
    text = page.read_text(encoding='utf-8')
    text = re.sub(r'```.*?```', '', text, flags=re.S)
    for target in link.findall(text):
        if re.match(r'^(https?:|mailto:)', target):
            continue
        checked += 1
        path, _, anchor = target.partition('#')
        path = path.partition('?')[0]
        if page.parent == root / 'docs' / 'src' and path == '../index.html':
            path = str(root / 'web' / 'index.html')
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            dead.append(f'{page.relative_to(root)}: {target} (no such file)')
        elif anchor and file.suffix == '.md' and anchor not in anchors(file):
            dead.append(f'{page.relative_to(root)}: {target} (no heading #{anchor})')
if dead:
    print(f'{len(dead)} dead links of {checked}:\n' + '\n'.join(dead))
    sys.exit(1)
print(f'{checked} links and images in {len(pages)} pages, none dead')
