#!/usr/bin/env bash
# The settings app's translation template: every string passed to tr("...") in its Swift
# sources, every translatable="yes" text of its UI files (data/settings/*.ui), and the Name,
# GenericName, Comment and Keywords of its desktop entry.
#   scripts/update-pot.sh [FILE]      (default po/orientd.pot; `make pot` runs it)
# Translators copy it to po/LANG.po (msginit); `make install` compiles each po/*.po into
# PREFIX/share/locale/LANG/LC_MESSAGES/orientd.mo. Needs gettext (xgettext, msgcat).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-po/orientd.pot}
mkdir -p "$(dirname "$out")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Swift's string literals read as C's for the calls tr("...") (no interpolation in them).
sources=$(find Sources/OrientationSettingsKit Sources/orientd-settings -name '*.swift' | sort)
# With a header (whose charset is then set to UTF-8): without one, xgettext writes ASCII and
# drops every other character ("—" in "%s: %s — your choice"), and the msgid no longer matches.
# shellcheck disable=SC2086
xgettext --language=C --from-code=UTF-8 --keyword= --keyword=tr --add-comments=TRANSLATORS: \
  --package-name=orientd --msgid-bugs-address=https://github.com/orientd/orientd/issues \
  --sort-by-file -o "$work/swift.pot" $sources
# GtkBuilder's rules (xgettext says it falls back to its own copy of them: they serve GTK 4's files).
# shellcheck disable=SC2046
{ xgettext --language=Glade --from-code=UTF-8 --sort-by-file -o "$work/ui.pot" $(find data/settings -name '*.ui' | sort) 2>&1 1>&3 |
    sed '/a fallback ITS rule file/d' >&2; } 3>&1
xgettext --language=Desktop --from-code=UTF-8 -o "$work/desktop.pot" \
  data/io.github.orientd.Settings.desktop.in
sed -i 's/charset=CHARSET/charset=UTF-8/' "$work/swift.pot" "$work/ui.pot" "$work/desktop.pot"
{
  printf 'msgid ""\nmsgstr ""\n'
  printf '"Project-Id-Version: orientd\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Content-Transfer-Encoding: 8bit\\n"\n\n'
  # msgcat's own header entry (and the comments above it) end at the first blank line.
  msgcat "$work/swift.pot" "$work/ui.pot" "$work/desktop.pot" | sed '1,/^$/d'
} > "$out"
echo "$out: $(grep -c '^msgid "[^"]' "$out") messages"
