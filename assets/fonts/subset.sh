#!/usr/bin/env bash
# Makes cubepath-zh.otf: Noto Sans CJK SC cut down to the characters of the Chinese table
# (src/game/view/words/zh*.rs), so the Chinese panel downloads a small font instead of a 16 MB
# one; and cubepath-zh-name.otf, the two glyphs of the language switch's "中文". Needs
# Debian's fonts-noto-cjk and fontTools (pip install fonttools). Run it again after the table
# changes; the tests say when a character is missing.
set -euo pipefail
cd "$(dirname "$0")"
font=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
# every character of the table that is not ASCII (egui's own fonts draw ASCII), and the
# language switch's name
chars=$(python3 -c '
import sys
import glob
text = "".join(open(f, encoding="utf-8").read() for f in glob.glob("../../src/game/view/words/zh*.rs")) + "中文"
print("".join(sorted({c for c in text if ord(c) > 127})))')
# font number 2 of the collection is Noto Sans CJK SC
pyftsubset "$font" --font-number=2 --text="$chars" --layout-features='' --no-hinting \
  --desubroutinize --name-IDs='*' --output-file=cubepath-zh.otf
# the switch's own name, drawn in every language (egui's fonts have no CJK): two glyphs
pyftsubset "$font" --font-number=2 --text="中文" --layout-features='' --no-hinting \
  --desubroutinize --name-IDs='*' --output-file=cubepath-zh-name.otf
echo "cubepath-zh-name.otf: $(stat -c %s cubepath-zh-name.otf) bytes"
echo "cubepath-zh.otf: $(stat -c %s cubepath-zh.otf) bytes, ${#chars} characters"
