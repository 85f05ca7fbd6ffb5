/// Who is behind a bus connection, as the shell found out from the bus and the process:
/// the user's own unconfined process, or an app in a sandbox, which speaks only for itself.
public enum CallerIdentity: Sendable, Equatable {
    case user
    case sandboxed(appId: String, kind: SandboxKind)

    /// The sandboxed app's id, or nil for the user's own process.
    public var sandboxedAppId: String? {
        if case .sandboxed(let appId, _) = self { return appId }
        return nil
    }
}

/// The sandbox an app runs in.
public enum SandboxKind: String, Sendable, CaseIterable {
    case flatpak
    case snap

    /// As people call it: "Flatpak", "Snap".
    public var displayName: String {
        switch self {
        case .flatpak: return "Flatpak"
        case .snap: return "Snap"
        }
    }
}

/// Who may call a method, as the interface XML marks it (annotation `io.github.orientd.Access`).
public enum MethodAccess: String, Sendable, CaseIterable {
    /// Any caller, a sandboxed app for its own scenes.
    case app
    /// Changes the user's or the administrator's settings (or reads every app's): the user's own
    /// processes, and sandboxed apps the administrator trusts with `MayAdminister=true`.
    case administrator
}

extension OrientationManager {
    /// Who `connection` is (the user's own process unless the shell said otherwise).
    public func identity(of connection: String) -> CallerIdentity {
        callers[connection] ?? .user
    }

    /// Whether the core holds an identity for `connection` (so its leaving the bus matters).
    public func knowsCaller(_ connection: String) -> Bool { callers[connection] != nil }

    /// Whether `appId`'s sandboxed connections may use the administrator methods, and the file
    /// that says so.
    public func mayAdminister(_ appId: String) -> String? { configuration.administrators[appId] }

    /// `AccessDenied` when `caller` may not call `method` of class `access`: a sandboxed app
    /// calls an administrator method without the administrator's `MayAdminister=true`.
    public func authorize(_ access: MethodAccess, method: String, caller: String) throws(OrientationError) {
        guard access == .administrator, case .sandboxed(let appId, let kind) = identity(of: caller),
              mayAdminister(appId) == nil else { return }
        throw OrientationError(.accessDenied,
            "\(method) is an administrator method, and \(appId) is a sandboxed app (\(kind.displayName)): it may register and change only its own scenes and read the manager's properties; the administrator can allow it with MayAdminister=true in the [App \(appId)] group of orientd.conf")
    }

    /// `AccessDenied` when `caller` is a sandboxed app and scene `id` is not one of its own.
    public func checkSceneAccess(_ id: SceneID, caller: String) throws(OrientationError) {
        guard callers[caller] != nil else { return }
        try checkSandboxed(try scene(id), caller: caller)
    }

    /// Whether scene `id` shows in `caller`'s listings: every scene for the user's own
    /// processes, a sandboxed app's own scenes for it.
    public func isVisible(_ id: SceneID, to caller: String) -> Bool {
        guard let appId = identity(of: caller).sandboxedAppId else { return scenes[id] != nil }
        return scenes[id]?.appId == appId
    }

    /// The scene numbers `caller` may see, in order.
    public func visibleSceneIDs(to caller: String) -> [SceneID] {
        guard let appId = identity(of: caller).sandboxedAppId else { return scenes.keys.sorted() }
        return scenes.filter { $0.value.appId == appId }.keys.sorted()
    }

    func checkSandboxed(_ scene: Scene, caller: String) throws(OrientationError) {
        guard case .sandboxed(let appId, let kind) = identity(of: caller), scene.appId != appId else { return }
        throw OrientationError(.accessDenied,
            "Scene \(scene.id) is not one of \(appId)'s scenes; a sandboxed app (\(kind.displayName)) may use only the scenes it registered under its own app id")
    }

    /// The app id a registration from `caller` takes: a sandboxed app's own (given or not);
    /// `AccessDenied` naming both ids when it asks for another's.
    func appId(of registration: SceneRegistration, caller: String) throws(OrientationError) -> String {
        guard case .sandboxed(let own, let kind) = identity(of: caller) else { return registration.appId }
        guard registration.appId.isEmpty || registration.appId == own else {
            throw OrientationError(.accessDenied,
                "\(own) is a sandboxed app (\(kind.displayName)) and may register scenes only under its own app id, not \(ControlCharacters.escaped(registration.appId))")
        }
        return own
    }

    /// Whom a scene registered by `caller` counts against: the connection, or for a sandboxed
    /// app its app id across all its connections.
    public func quotaHolder(of caller: String) -> String {
        identity(of: caller).sandboxedAppId.map { "app " + $0 } ?? caller
    }

    /// How `holder` is named in a `LimitExceeded` message.
    func describeHolder(_ holder: String) -> String {
        holder.hasPrefix("app ") ? "App \(holder.dropFirst(4)) (all its sandboxed connections together)" : "Connection \(holder)"
    }
}
