#!/usr/bin/env bash
# The classic iOS video-player flow with `busctl --user` alone, on a detached scene.
#
# A portrait list in a navigation controller; a full-screen landscape player presented with
# a preferred orientation; the device turns; the player is dismissed and the list is
# portrait again at once, although the device is still landscape. Prints the scene's
# orientation after each step, then the scene's history (each change and its reason).
#
#   examples/busctl/video-player.sh
#
# Uses the session bus (DBUS_SESSION_BUS_ADDRESS). Every busctl call is a new connection,
# so the scene is registered detached (it outlives the call that made it) and unregistered
# on exit. Exits 0 when the flow went as expected, 1 otherwise.
set -euo pipefail

readonly name=io.github.orientd.OrientationManager1
readonly manager=/io/github/orientd/OrientationManager1
readonly scene_interface=$name.Scene
readonly timeout_seconds=10
scene=""

fail() {
  echo "video-player.sh: $*" >&2
  exit 1
}

# Calls a manager method: manager_call METHOD SIGNATURE ARGS...
manager_call() { busctl --user call "$name" "$manager" "$name" "$@"; }
# Calls a method of the scene: scene_call METHOD SIGNATURE ARGS...
scene_call() { busctl --user call "$name" "$scene" "$scene_interface" "$@"; }

# Prints a string property without busctl's type and quotes: string_property PATH INTERFACE NAME
string_property() {
  local value
  value=$(busctl --user get-property "$name" "$1" "$2" "$3")
  value=${value#s \"}
  echo "${value%\"}"
}

orientation() { string_property "$scene" "$scene_interface" InterfaceOrientation; }
device() { string_property "$manager" "$name" DeviceOrientation; }

# Waits (polling, for at most $timeout_seconds) until COMMAND prints WANTED:
# wait_for WANTED COMMAND
wait_for() {
  local wanted=$1 command=$2 deadline=$((SECONDS + timeout_seconds)) current
  while current=$("$command"); [[ "$current" != "$wanted" ]]; do
    ((SECONDS < deadline)) || fail "$command is still $current after ${timeout_seconds} s, expected $wanted"
    sleep 0.02
  done
}

# Prints a step and the scene's orientation, which must be EXPECTED: step EXPECTED TEXT
step() {
  wait_for "$1" orientation
  printf '%-60s -> %s\n' "$2" "$(orientation)"
}

unregister() {
  [[ -n "$scene" ]] && manager_call UnregisterScene o "$scene" >/dev/null 2>&1 || true
}
trap unregister EXIT

# Hold the device upright first: orientd's device state is global.
if [[ "$(device)" != portrait ]]; then
  manager_call SetDeviceOrientation s portrait
  wait_for portrait device
fi
echo "device: $(device)"

# The app's window, detached. The phone's default supported orientations are portrait only, so the app
# declares landscape too, for its player.
reply=$(manager_call RegisterScene 'a{sv}' 3 \
  app-id s org.example.VideoPlayer \
  supported-orientations as 2 portrait landscape \
  detached b true)
scene=${reply#o \"}
scene=${scene%\"}
step portrait "RegisterScene $scene"

# The list: a portrait page in a navigation controller.
scene_call SetRootController 'ssa{sv}' library navigation 0
scene_call PushController 'sssa{sv}' library video-list view 0
step portrait "SetRootController library + PushController video-list"

# The iOS practice's setOrientationMode + updateOrientation pair.
scene_call SetOrientationMode ss video-list portrait
scene_call UpdateOrientation >/dev/null
step portrait "SetOrientationMode video-list portrait + UpdateOrientation"

# Play full screen: a landscape player, presented with its preferred orientation.
scene_call PresentController 'sssa{sv}' video-list player view 2 \
  supported-orientations as 1 landscape \
  preferred-orientation s landscape-right
step landscape-right "PresentController player (prefers landscape-right)"

# The user turns the phone the other way round: the player follows it. (SetDeviceOrientation
# stands in for a device without a sensor; beside a claimed accelerometer it holds only until
# the sensor reads again, at most 15 s.)
manager_call SetDeviceOrientation s landscape-right
step landscape-left "SetDeviceOrientation landscape-right"

# Back: the list is portrait again at once, though the device is still landscape.
scene_call DismissController s player
step portrait "DismissController player (device: $(device))"

# The scene's changes, oldest first, from the service's history (newest first, all
# scenes): each entry is scene, app-id, time, previous, current, reason.
echo "history:"
read -r -a words <<<"$(manager_call GetHistory u 50)"
changes=()
for ((i = 2; i + 5 < ${#words[@]}; i += 6)); do
  [[ "${words[i]}" == "\"$scene\"" ]] || continue
  changes=("${words[i + 3]//\"/} -> ${words[i + 4]//\"/} (${words[i + 5]//\"/})" "${changes[@]}")
done
printf '  %s\n' "${changes[@]}"
[[ ${#changes[@]} -eq 3 ]] || fail "expected 3 changes in the history, found ${#changes[@]}"

manager_call UnregisterScene o "$scene"
scene=""
echo "done"
