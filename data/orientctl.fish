# fish completion for orientctl(1). Generated from orientctl's verb table: do not edit,
# run 'make completions'. Installed as .../fish/vendor_completions.d/orientctl.fish.

function __orientctl_positional --description 'The words after the program name that are not options'
    for word in (commandline -opc)[2..-1]
        string match -q -- '-*' $word; or echo $word
    end
end

function __orientctl_at --description 'Whether the word being completed is the Nth argument after the verb'
    test (count (__orientctl_positional)) -eq $argv[1]
end

function __orientctl_scenes
    orientctl list --no-legend 2>/dev/null | cut -f1
end

function __orientctl_controllers
    set -l words (__orientctl_positional)
    test (count $words) -ge 2; or return
    orientctl tree $words[2] --json=short 2>/dev/null | string match -ra '"id":"[^"]*"' | string replace -r '^"id":"(.*)"$' '$1'
end

complete -c orientctl -f

# Verbs.
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a status -d 'Show the device, the settings and one line per scene (the default verb)'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a list -d 'List the scenes in a table'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a show -d 'Show a scene\'s properties as Key=Value lines (the manager\'s without SCENE)'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a tree -d 'Draw a scene\'s controller tree with the deciding path marked'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a explain -d 'Explain why the panel or a scene is as it is'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a history -d 'Show the last orientation changes, newest first'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a monitor -d 'Follow device changes, scene orientation changes, scenes and suggestions live'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a device -d 'Report a device orientation, as if the sensor had'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a lock -d 'Turn the rotation lock on'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a unlock -d 'Turn the rotation lock off'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a app-locks -d 'Let apps lock the orientation (on) or make every app follow the device (off)'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a kiosk -d 'Turn kiosk mode on (optionally with its orientation) or off'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a set-settle -d 'Set the settle time in milliseconds (0–10000)'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a set-threshold -d 'Set the split-view threshold in points (0–100000)'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a cat-config -d 'Print the configuration files orientd applied, in order'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a reload -d 'Make orientd read its configuration files again'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a reset -d 'Drop your own value of a setting, so that the configured one applies'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a policy -d 'Set, clear or show one app\'s orientation policy'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a policies -d 'List every app policy'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a register -d 'Register a detached scene and print its object path'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a unregister -d 'Remove scenes'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a mode -d 'Set a controller\'s orientation mode (takes effect at the next update)'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a update -d 'Re-evaluate a scene now and print its orientation'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a request -d 'Ask for one orientation (requestGeometryUpdate) and print the result'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a geometry -d 'Set a scene\'s window size in points'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a activate -d 'Set a scene\'s activation state (default foreground-active)'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a root -d 'Replace the controller tree with one root controller'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a push -d 'Push a controller on a navigation controller'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a pop -d 'Pop a navigation controller\'s top controller and print its id'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a tab-add -d 'Add a child to a tab controller'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a tab-select -d 'Select a tab controller\'s child'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a present -d 'Present a controller modally (full-screen unless --sheet)'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a dismiss -d 'Dismiss a presented controller'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a set-props -d 'Change a controller\'s declaration (takes effect at the next update)'
complete -c orientctl -n 'not __fish_seen_subcommand_from status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help' -a help -d 'Show the help, or one verb\'s help'

# Options of every verb.
complete -c orientctl -s h -l help -d 'Show this help and exit'
complete -c orientctl -l version -d 'Show the version and exit'
complete -c orientctl -l json -d 'Print JSON: pretty (the default on a terminal), short (one line) or off (text)'
complete -c orientctl -l no-pager -d 'Accepted for scripts written for systemd\'s tools; orientctl never pages'
complete -c orientctl -l no-legend -d 'Leave out tables\' header and footer lines'
complete -c orientctl -s q -l quiet -d 'No informational messages on standard error (errors still)'
complete -c orientctl -l verbose -d 'Add the D-Bus error name to error messages'

# show
complete -c orientctl -n '__fish_seen_subcommand_from show' -s p -l property -r -a 'AppId Owner Detached Observed Idiom Display InterfaceOrientation SupportedOrientations SupportedOrientationsMask DecidingController Width Height SplitView ActivationState StatusBarHidden OrientationLocked Version DeviceOrientation RotationLocked KioskMode KioskOrientation SplitViewThreshold SettleTime ConfigFiles LockedSettings SensorAvailable SensorSource OutputBackend OutputName OutputOrientation OutputStatus FrontScene WindowTracking TrackedWindows FrontApp UndeclaredAppOrientations WindowTrackingStatus SettingSources ScreenClass ScreenClassReason Posture PostureReason AppLocksAllowed' -d 'Show only these properties (repeat or separate with commas)'
complete -c orientctl -n '__fish_seen_subcommand_from show' -l value -d 'Print the values only, without Name='
complete -c orientctl -n '__fish_seen_subcommand_from show' -s P -l print -r -a 'AppId Owner Detached Observed Idiom Display InterfaceOrientation SupportedOrientations SupportedOrientationsMask DecidingController Width Height SplitView ActivationState StatusBarHidden OrientationLocked Version DeviceOrientation RotationLocked KioskMode KioskOrientation SplitViewThreshold SettleTime ConfigFiles LockedSettings SensorAvailable SensorSource OutputBackend OutputName OutputOrientation OutputStatus FrontScene WindowTracking TrackedWindows FrontApp UndeclaredAppOrientations WindowTrackingStatus SettingSources ScreenClass ScreenClassReason Posture PostureReason AppLocksAllowed' -d 'Print only the value of NAME (as -p NAME --value)'
complete -c orientctl -n '__fish_seen_subcommand_from show' -s a -l all -d 'Also show properties that are empty'
complete -c orientctl -n '__fish_seen_subcommand_from show; and __orientctl_at 1' -a '(__orientctl_scenes)'

# tree
complete -c orientctl -n '__fish_seen_subcommand_from tree; and __orientctl_at 1' -a '(__orientctl_scenes)'

# explain
complete -c orientctl -n '__fish_seen_subcommand_from explain; and __orientctl_at 1' -a '(__orientctl_scenes)'

# history
complete -c orientctl -n '__fish_seen_subcommand_from history' -s n -l lines -r -d 'Show the last N changes (default 20; 0: all kept)'

# device
complete -c orientctl -n '__fish_seen_subcommand_from device; and __orientctl_at 1' -a 'portrait portrait-upside-down landscape-left landscape-right face-up face-down unknown'

# app-locks
complete -c orientctl -n '__fish_seen_subcommand_from app-locks; and __orientctl_at 1' -a 'on off'

# kiosk
complete -c orientctl -n '__fish_seen_subcommand_from kiosk; and __orientctl_at 1' -a 'on off'
complete -c orientctl -n '__fish_seen_subcommand_from kiosk; and __orientctl_at 2' -a 'portrait landscape-right landscape-left portrait-upside-down'

# reset
complete -c orientctl -n '__fish_seen_subcommand_from reset; and __orientctl_at 1' -a 'RotationLocked KioskMode KioskOrientation SplitViewThreshold SettleTime UndeclaredAppOrientations AppLocksAllowed ScreenClass LargeScreenRule App all'

# policy
complete -c orientctl -n '__fish_seen_subcommand_from policy' -l allow -r -a 'portrait landscape-right landscape-left portrait-upside-down landscape all all-but-upside-down' -d 'Cap the app to these orientations (shorthands: landscape, all, all-but-upside-down)'
complete -c orientctl -n '__fish_seen_subcommand_from policy' -l no-sensor -d 'Keep the app\'s windows from following the device'
complete -c orientctl -n '__fish_seen_subcommand_from policy' -l clear -d 'Remove the app\'s policy'

# register
complete -c orientctl -n '__fish_seen_subcommand_from register' -l idiom -r -a 'phone pad' -d 'phone (default) or pad'
complete -c orientctl -n '__fish_seen_subcommand_from register' -l supported -r -a 'portrait landscape-right landscape-left portrait-upside-down landscape all all-but-upside-down' -d 'The app\'s supported orientations (default: phone portrait; pad portrait and landscape)'
complete -c orientctl -n '__fish_seen_subcommand_from register' -l scene-delegate -r -a 'portrait landscape-right landscape-left portrait-upside-down landscape all all-but-upside-down' -d 'The scene delegate\'s mask (replaces the supported orientations)'
complete -c orientctl -n '__fish_seen_subcommand_from register' -l app-delegate -r -a 'portrait landscape-right landscape-left portrait-upside-down landscape all all-but-upside-down' -d 'The app delegate\'s mask (used when no scene delegate mask is given)'
complete -c orientctl -n '__fish_seen_subcommand_from register' -l size -r -d 'The window size in points (default: phone 390x844, pad 820x1180)'
complete -c orientctl -n '__fish_seen_subcommand_from register' -l display -r -d 'The display (default builtin; only builtin follows the device)'

# unregister
complete -c orientctl -n '__fish_seen_subcommand_from unregister' -a '(__orientctl_scenes)'

# mode
complete -c orientctl -n '__fish_seen_subcommand_from mode; and __orientctl_at 1' -a '(__orientctl_scenes)'
complete -c orientctl -n '__fish_seen_subcommand_from mode; and __orientctl_at 2' -a '(__orientctl_controllers)'
complete -c orientctl -n '__fish_seen_subcommand_from mode; and __orientctl_at 3' -a 'portrait landscape dynamic locked none'

# update
complete -c orientctl -n '__fish_seen_subcommand_from update; and __orientctl_at 1' -a '(__orientctl_scenes)'

# request
complete -c orientctl -n '__fish_seen_subcommand_from request; and __orientctl_at 1' -a '(__orientctl_scenes)'
complete -c orientctl -n '__fish_seen_subcommand_from request; and __orientctl_at 2' -a 'portrait landscape-right landscape-left portrait-upside-down'

# geometry
complete -c orientctl -n '__fish_seen_subcommand_from geometry; and __orientctl_at 1' -a '(__orientctl_scenes)'

# activate
complete -c orientctl -n '__fish_seen_subcommand_from activate; and __orientctl_at 1' -a '(__orientctl_scenes)'
complete -c orientctl -n '__fish_seen_subcommand_from activate; and __orientctl_at 2' -a 'foreground-active foreground-inactive background'

# root
complete -c orientctl -n '__fish_seen_subcommand_from root' -l kind -r -a 'view navigation tab' -d 'view (default), navigation or tab'
complete -c orientctl -n '__fish_seen_subcommand_from root' -l supported -r -a 'portrait landscape-right landscape-left portrait-upside-down landscape all all-but-upside-down' -d 'Its supported orientations (default: phone all-but-upside-down, pad all)'
complete -c orientctl -n '__fish_seen_subcommand_from root' -l preferred -r -a 'portrait landscape-right landscape-left portrait-upside-down none' -d 'Its preferred orientation for presentation (none: clear it)'
complete -c orientctl -n '__fish_seen_subcommand_from root' -l no-autorotate -d 'should-autorotate false: it never follows the device'
complete -c orientctl -n '__fish_seen_subcommand_from root' -l sheet -d 'fills-window false: when presented, a sheet that does not take over the decision'
complete -c orientctl -n '__fish_seen_subcommand_from root' -l no-forward -d 'forwards-orientation false: a container that decides itself, as stock UIKit'
complete -c orientctl -n '__fish_seen_subcommand_from root' -l lock-orientation -d 'prefers-orientation-locked true (iOS 26): freeze the orientation while in front'
complete -c orientctl -n '__fish_seen_subcommand_from root; and __orientctl_at 1' -a '(__orientctl_scenes)'

# push
complete -c orientctl -n '__fish_seen_subcommand_from push' -l kind -r -a 'view navigation tab' -d 'view (default), navigation or tab'
complete -c orientctl -n '__fish_seen_subcommand_from push' -l supported -r -a 'portrait landscape-right landscape-left portrait-upside-down landscape all all-but-upside-down' -d 'Its supported orientations (default: phone all-but-upside-down, pad all)'
complete -c orientctl -n '__fish_seen_subcommand_from push' -l preferred -r -a 'portrait landscape-right landscape-left portrait-upside-down none' -d 'Its preferred orientation for presentation (none: clear it)'
complete -c orientctl -n '__fish_seen_subcommand_from push' -l no-autorotate -d 'should-autorotate false: it never follows the device'
complete -c orientctl -n '__fish_seen_subcommand_from push' -l sheet -d 'fills-window false: when presented, a sheet that does not take over the decision'
complete -c orientctl -n '__fish_seen_subcommand_from push' -l no-forward -d 'forwards-orientation false: a container that decides itself, as stock UIKit'
complete -c orientctl -n '__fish_seen_subcommand_from push' -l lock-orientation -d 'prefers-orientation-locked true (iOS 26): freeze the orientation while in front'
complete -c orientctl -n '__fish_seen_subcommand_from push; and __orientctl_at 1' -a '(__orientctl_scenes)'
complete -c orientctl -n '__fish_seen_subcommand_from push; and __orientctl_at 2' -a '(__orientctl_controllers)'

# pop
complete -c orientctl -n '__fish_seen_subcommand_from pop; and __orientctl_at 1' -a '(__orientctl_scenes)'
complete -c orientctl -n '__fish_seen_subcommand_from pop; and __orientctl_at 2' -a '(__orientctl_controllers)'

# tab-add
complete -c orientctl -n '__fish_seen_subcommand_from tab-add' -l kind -r -a 'view navigation tab' -d 'view (default), navigation or tab'
complete -c orientctl -n '__fish_seen_subcommand_from tab-add' -l supported -r -a 'portrait landscape-right landscape-left portrait-upside-down landscape all all-but-upside-down' -d 'Its supported orientations (default: phone all-but-upside-down, pad all)'
complete -c orientctl -n '__fish_seen_subcommand_from tab-add' -l preferred -r -a 'portrait landscape-right landscape-left portrait-upside-down none' -d 'Its preferred orientation for presentation (none: clear it)'
complete -c orientctl -n '__fish_seen_subcommand_from tab-add' -l no-autorotate -d 'should-autorotate false: it never follows the device'
complete -c orientctl -n '__fish_seen_subcommand_from tab-add' -l sheet -d 'fills-window false: when presented, a sheet that does not take over the decision'
complete -c orientctl -n '__fish_seen_subcommand_from tab-add' -l no-forward -d 'forwards-orientation false: a container that decides itself, as stock UIKit'
complete -c orientctl -n '__fish_seen_subcommand_from tab-add' -l lock-orientation -d 'prefers-orientation-locked true (iOS 26): freeze the orientation while in front'
complete -c orientctl -n '__fish_seen_subcommand_from tab-add; and __orientctl_at 1' -a '(__orientctl_scenes)'
complete -c orientctl -n '__fish_seen_subcommand_from tab-add; and __orientctl_at 2' -a '(__orientctl_controllers)'

# tab-select
complete -c orientctl -n '__fish_seen_subcommand_from tab-select; and __orientctl_at 1' -a '(__orientctl_scenes)'
complete -c orientctl -n '__fish_seen_subcommand_from tab-select; and __orientctl_at 2' -a '(__orientctl_controllers)'
complete -c orientctl -n '__fish_seen_subcommand_from tab-select; and __orientctl_at 3' -a '(__orientctl_controllers)'

# present
complete -c orientctl -n '__fish_seen_subcommand_from present' -l kind -r -a 'view navigation tab' -d 'view (default), navigation or tab'
complete -c orientctl -n '__fish_seen_subcommand_from present' -l supported -r -a 'portrait landscape-right landscape-left portrait-upside-down landscape all all-but-upside-down' -d 'Its supported orientations (default: phone all-but-upside-down, pad all)'
complete -c orientctl -n '__fish_seen_subcommand_from present' -l preferred -r -a 'portrait landscape-right landscape-left portrait-upside-down none' -d 'Its preferred orientation for presentation (none: clear it)'
complete -c orientctl -n '__fish_seen_subcommand_from present' -l no-autorotate -d 'should-autorotate false: it never follows the device'
complete -c orientctl -n '__fish_seen_subcommand_from present' -l sheet -d 'fills-window false: when presented, a sheet that does not take over the decision'
complete -c orientctl -n '__fish_seen_subcommand_from present' -l no-forward -d 'forwards-orientation false: a container that decides itself, as stock UIKit'
complete -c orientctl -n '__fish_seen_subcommand_from present' -l lock-orientation -d 'prefers-orientation-locked true (iOS 26): freeze the orientation while in front'
complete -c orientctl -n '__fish_seen_subcommand_from present; and __orientctl_at 1' -a '(__orientctl_scenes)'
complete -c orientctl -n '__fish_seen_subcommand_from present; and __orientctl_at 2' -a '(__orientctl_controllers)'

# dismiss
complete -c orientctl -n '__fish_seen_subcommand_from dismiss; and __orientctl_at 1' -a '(__orientctl_scenes)'
complete -c orientctl -n '__fish_seen_subcommand_from dismiss; and __orientctl_at 2' -a '(__orientctl_controllers)'

# set-props
complete -c orientctl -n '__fish_seen_subcommand_from set-props' -l supported -r -a 'portrait landscape-right landscape-left portrait-upside-down landscape all all-but-upside-down' -d 'Its supported orientations (default: phone all-but-upside-down, pad all)'
complete -c orientctl -n '__fish_seen_subcommand_from set-props' -l preferred -r -a 'portrait landscape-right landscape-left portrait-upside-down none' -d 'Its preferred orientation for presentation (none: clear it)'
complete -c orientctl -n '__fish_seen_subcommand_from set-props' -l no-autorotate -d 'should-autorotate false: it never follows the device'
complete -c orientctl -n '__fish_seen_subcommand_from set-props' -l sheet -d 'fills-window false: when presented, a sheet that does not take over the decision'
complete -c orientctl -n '__fish_seen_subcommand_from set-props' -l no-forward -d 'forwards-orientation false: a container that decides itself, as stock UIKit'
complete -c orientctl -n '__fish_seen_subcommand_from set-props' -l lock-orientation -d 'prefers-orientation-locked true (iOS 26): freeze the orientation while in front'
complete -c orientctl -n '__fish_seen_subcommand_from set-props' -l autorotate -d 'should-autorotate true'
complete -c orientctl -n '__fish_seen_subcommand_from set-props' -l fills-window -d 'fills-window true: a full-screen presentation'
complete -c orientctl -n '__fish_seen_subcommand_from set-props' -l forward -d 'forwards-orientation true: a container hands the decision to its child'
complete -c orientctl -n '__fish_seen_subcommand_from set-props' -l unlock-orientation -d 'prefers-orientation-locked false: follow the device again (apply with update)'
complete -c orientctl -n '__fish_seen_subcommand_from set-props; and __orientctl_at 1' -a '(__orientctl_scenes)'
complete -c orientctl -n '__fish_seen_subcommand_from set-props; and __orientctl_at 2' -a '(__orientctl_controllers)'

# help
complete -c orientctl -n '__fish_seen_subcommand_from help; and __orientctl_at 1' -a 'status list show tree explain history monitor device lock unlock app-locks kiosk set-settle set-threshold cat-config reload reset policy policies register unregister mode update request geometry activate root push pop tab-add tab-select present dismiss set-props help'
