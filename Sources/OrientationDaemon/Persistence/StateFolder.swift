import GLibBridge
import OrientationCore

/// What orientd keeps on disk (persistence): the state folder's lock, the user's settings
/// file and the scene numbers, and whether saving is refused. The service saves through it
/// before it makes a settings change current: an OK reply is a promise that the change is on disk.
final class StateFolder {
    let directory: String
    let store: SettingsStore
    let log: Log
    let limits: Limits
    /// The folder's lock (nil while waiting for a replaced instance, or when the folder cannot
    /// hold one).
    private(set) var lock: StateLock?
    /// Why saving is refused (the settings file could not be read, or the folder is not
    /// orientd's), or nil.
    private(set) var saveRefusal: String?
    /// Set with --replace while the replaced instance still holds the folder.
    private(set) var waitsForLock = false
    /// Polls the lock while `waitsForLock` (StateFolderTakeover.swift).
    var lockPoll: SourceHandle?
    /// The scene numbers reserved on disk, so that no path is reused across restarts.
    var sceneNumbers: SceneNumbers

    /// What the folder held at start.
    struct Opened {
        var folder: StateFolder
        /// The user's own settings.
        var user: SettingLayer
        /// The last scene number an earlier run may have handed out.
        var lastSceneID: SceneID
    }

    private init(options: ServiceOptions, log: Log) {
        directory = options.stateDirectory
        store = SettingsStore(directory: options.stateDirectory)
        self.log = log
        limits = options.limits
        sceneNumbers = SceneNumbers(directory: options.stateDirectory)
    }

    /// Takes the folder's lock and reads the user's settings and the scene numbers.
    /// - Throws: `StartError` when another orientd holds the folder (without --replace).
    static func open(options: ServiceOptions, log: Log) throws(OrientationService.StartError) -> Opened {
        let folder = StateFolder(options: options, log: log)
        var user = SettingLayer()
        switch StateLock.acquire(directory: folder.directory) {
        case .acquired(let lock):
            folder.lock = lock
            let loaded = folder.readState()
            user = loaded.user
            folder.saveRefusal = loaded.refusal
        case .held(let pid):
            let holder = pid > 0 ? "process \(pid)" : "another process"
            guard options.replace else {
                throw .init(description: "the state folder \(folder.directory) is in use by \(holder) (another orientd?); stop it first, run with --replace to take over from it, or give another --state-dir")
            }
            // Serve the user's settings as they are on disk at once; save nothing until the
            // replaced instance let go of the folder (StateFolderTakeover.swift).
            log.info("the state folder \(folder.directory) is in use by \(holder); taking over (--replace)")
            folder.waitsForLock = true
            user = folder.store.load(log: log, limits: folder.limits).user
            folder.saveRefusal = "the state folder \(folder.directory) is still held by \(holder), the orientd being replaced; try again once it has ended"
        case .unavailable(let why):
            log.warning("\(why): serving without saving settings")
            folder.saveRefusal = why
        }
        // Scene numbers are read under the lock (with --replace, read only until the replaced
        // instance let go of it: StateFolderTakeover.swift).
        let lastSceneID = folder.sceneNumbers.load(log: log, holdingLock: !folder.waitsForLock)
        return Opened(folder: folder, user: user, lastSceneID: lastSceneID)
    }

    /// Holding the lock: removes orientd's own interrupted write and reads the user's settings.
    func readState() -> SettingsStore.Loaded {
        store.removeInterruptedWrite(log: log)
        return store.load(log: log, limits: limits)
    }

    /// The lock is orientd's now (a replaced instance let go): saving may start.
    func tookLock(_ lock: StateLock, refusal: String?) {
        self.lock = lock
        waitsForLock = false
        saveRefusal = refusal
    }

    /// Saves the user's settings, or fails with `SaveFailed` naming the file and the reason.
    func save(_ user: SettingLayer) throws(OrientationError) {
        if let refusal = saveRefusal {
            throw OrientationError(.saveFailed, "Not saved, so nothing was changed: \(refusal)")
        }
        do {
            try store.save(user)
        } catch {
            log.warning("could not save the settings to \(store.path): \(error)")
            throw OrientationError(.saveFailed, "Not saved to \(store.path), so nothing was changed: \(error)")
        }
    }
}
