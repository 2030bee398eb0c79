#!/bin/sh
# kinformer.h is generated from src/ (src/MANIFEST): the committed header,
# its contents list and docs/architecture.md's module list must equal what
# src/mkheader.py makes from the modules, and each module's anchors must be
# its own. Last line: "N passed, N failed".
cd "$(dirname "$0")/.." || exit 1
if python3 src/mkheader.py --check; then
    echo "ok - header: kinformer.h, its contents and docs/architecture.md are src/'s"
    echo "1 passed, 0 failed"
else
    echo "not ok - header: kinformer.h or docs/architecture.md differs from src/ (make kinformer.h)"
    echo "0 passed, 1 failed"
    exit 1
fi
