import Glibc

/// Starts `argv` with exactly `environment`, stdin from /dev/null and stdout/stderr to the
/// given files, with an empty signal mask and default signal actions. Returns the pid.
/// Other descriptors are inherited unless close-on-exec (GLib and Foundation set that).
func spawn(
    _ argv: [String], environment: [String: String], stdout: String, stderr: String
) throws(ProcessSupportError) -> pid_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD, SIGUSR1, SIGUSR2] {
        sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

    let arguments = argv.map { strdup($0) } + [nil]
    let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        arguments.forEach { free($0) }
        variables.forEach { free($0) }
    }
    var pid = pid_t()
    let result = posix_spawnp(&pid, argv[0], &actions, &attributes, arguments, variables)
    guard result == 0 else {
        throw ProcessSupportError("cannot start \(argv.joined(separator: " ")): \(String(cString: strerror(result)))")
    }
    return pid
}
