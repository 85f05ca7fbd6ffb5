# What the screenshot scripts (screenshots.sh, front-window-screenshots.sh,
# settings-screenshots.sh) share: the program that makes their pictures, orientd-screenshots
# (Sources/orientd-screenshots: the private bus, phoc nested in Xvfb, orientd, the waits and
# the captures, through the compositor library in Sources/ProcessSupport the tests and the
# benchmark use). Sourced after the script defines `root` (the repository) and `orientd`.

# Runs the pictures of SCENARIO (headline, front-window, settings) with the script's
# ARGUMENTS… and its folder DIR, in place of the script:   make_pictures SCENARIO ARGUMENTS… DIR
# The program is $ORIENTD_SCREENSHOTS, else the one built beside orientd, else built here
# (`swift build --product orientd-screenshots`, debug, into .build/debug/).
make_pictures() {
  local tool=${ORIENTD_SCREENSHOTS:-$(dirname "$orientd")/orientd-screenshots}
  if [[ ! -x $tool ]]; then
    tool=$root/.build/debug/orientd-screenshots
    (cd "$root" && swift build --product orientd-screenshots >&2) ||
      { echo "${0##*/}: cannot build orientd-screenshots (swift build --product orientd-screenshots)" >&2; exit 1; }
  fi
  exec "$tool" "$1" --root "$root" --orientd "$orientd" "${@:2}"
}
