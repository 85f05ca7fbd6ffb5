import Foundation
import Glibc
import Synchronization

/// Starts `argv` with exactly `environment`, stdin from /dev/null and stdout/stderr to the
/// given files, with an empty signal mask and default signal actions. Returns the pid.
/// Other descriptors are inherited unless close-on-exec (GLib and Foundation set that).
///
/// The child ends with the process that started it, however that process ends (a crash, a
/// SIGKILL): it runs through `setpriv --pdeathsig KILL` (util-linux), which sets the parent
/// death signal and execs the program in the same process, so the pid is the program's. The
/// kernel sends that signal when the *thread* that spawned the child ends, so every child is
/// spawned from `SpawnThread`, one thread that lives as long as the process.
func spawn(
    _ argv: [String], environment: [String: String], stdout: String, stderr: String
) throws(ProcessSupportError) -> pid_t {
    guard let program = resolveProgram(argv[0], path: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin") else {
        throw ProcessSupportError("cannot start \(argv.joined(separator: " ")): \(argv[0]) is not an executable program in PATH")
    }
    let wrapped = ["/usr/bin/setpriv", "--pdeathsig", "KILL", "--", program] + argv.dropFirst()
    let result = SpawnThread.shared.run { spawnNow(wrapped, environment: environment, stdout: stdout, stderr: stderr) }
    return try result.get()
}

/// `name` if it holds a slash and is executable, else the first executable `name` in `path`.
func resolveProgram(_ name: String, path: String) -> String? {
    if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
    for folder in path.split(separator: ":") where !folder.isEmpty {
        let candidate = "\(folder)/\(name)"
        var info = stat()
        if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
}

/// The one thread every child process is spawned from (see `spawn`): it never ends, so no
/// child gets its parent death signal before the test process itself ends.
final class SpawnThread: Sendable {
    static let shared = SpawnThread()

    private let jobs = Mutex<[@Sendable () -> Void]>([])
    private let waiting = DispatchSemaphore(value: 0)

    private init() {
        let thread = Thread { [self] in
            while true {
                waiting.wait()
                let job = jobs.withLock { $0.removeFirst() }
                job()
            }
        }
        thread.name = "child-spawner"
        thread.start()
    }

    /// Runs `work` on the spawner thread and returns its result.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        jobs.withLock { $0.append { result.withLock { $0 = work() }; done.signal() } }
        waiting.signal()
        done.wait()
        return result.withLock { $0! }
    }
}

/// `posix_spawnp` with the signal and descriptor set-up `spawn` describes.
private func spawnNow(
    _ argv: [String], environment: [String: String], stdout: String, stderr: String
) -> Result<pid_t, ProcessSupportError> {
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
        return .failure(ProcessSupportError("cannot start \(argv.joined(separator: " ")): \(String(cString: strerror(result)))"))
    }
    return .success(pid)
}
