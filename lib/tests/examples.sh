#!/usr/bin/env bash
# Builds examples/c and examples/vala with pkg-config against liborientd (the installed
# orientd-1.pc, or the build's uninstalled one on PKG_CONFIG_PATH) and runs each, and the
# GJS example, with orientd on a private bus (with-orientd). Exits non-zero on the first failure.
#   lib/tests/examples.sh WITH_ORIENTD EXAMPLES_DIR
set -euo pipefail
with_orientd=$1 examples=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -Wall -Werror -o "$work/video-player-c" "$examples/c/video-player.c" $(pkg-config --cflags --libs orientd-1)
vapidir=$(pkg-config --variable=vapidir orientd-1 2>/dev/null || true)
valac --quiet ${VAPIDIR:+--vapidir "$VAPIDIR"} ${vapidir:+--vapidir "$vapidir"} --pkg orientd-1 \
  -o "$work/video-player-vala" "$examples/vala/video-player.vala" 2>&1 | { grep -v '^$' || true; }
for program in "$work/video-player-c" "$work/video-player-vala" "gjs $examples/gjs/video-player.js"; do
  echo "== $program"
  # shellcheck disable=SC2086
  output=$("$with_orientd" $program)
  echo "$output"
  grep -q "landscape-right -> portrait (dismissal)\|LANDSCAPE_RIGHT -> ORIENTD_INTERFACE_ORIENTATION_PORTRAIT (dismissal)\|^done" <<<"$output"
  grep -q "^done" <<<"$output"
done
