import GLibBridge

/// A clean stop (SIGTERM, SIGINT, the name taken over) hands the panel back to the compositor
/// as it was before orientd turned it: the transform it showed when orientd attached. The
/// compositor's own rotation (mutter following the sensor, the user's display settings) then
/// takes over from the state it left. A panel someone else turned since orientd's last change
/// is theirs and is left alone; a killed or crashed orientd cannot hand anything back.
extension MutterBackend {
    /// How long each of the two calls at exit may take: a frozen compositor delays the exit by
    /// at most twice this.
    static let handBackTimeoutMilliseconds: Int32 = 2_000

    /// Puts the panel's first transform back, when orientd turned it and it still shows
    /// orientd's last change. Blocks for the two calls: orientd is exiting and serves nothing more.
    func handPanelBack() {
        guard compositor != nil, let handBack, let asked = lastAsked, asked != handBack.original else { return }
        let (panel, original) = (handBack.connector, handBack.original)
        (self.handBack, lastAsked) = (nil, nil)
        // What orientd last read wins over a fresh read: a change someone else made is theirs
        // even where the compositor put something back by itself since.
        if let seen = lastSeen, seen != asked {
            log.info("output: \(panel) was turned by someone else since orientd's last change; leaving it as it is")
            return
        }
        let state: MutterDisplayState
        do {
            state = try MutterDisplayState(connection.call(
                destination: Self.busName, path: Self.path, interface: Self.interface, method: "GetCurrentState",
                replyType: MutterStateCheck.replyType, timeoutMilliseconds: Self.handBackTimeoutMilliseconds))
        } catch {
            log.warning("output: cannot hand \(panel) back to the compositor (transform \(original)): GetCurrentState: \(error)")
            return
        }
        guard state.transform(of: panel) == asked else {
            log.info("output: \(panel) was turned by someone else since orientd's last change; leaving it as it is")
            return
        }
        guard let logical = state.turning(panel, to: original) else {
            log.warning("output: cannot hand \(panel) back to the compositor: transform \(original) would move a monitor out of the layout's range")
            return
        }
        do {
            _ = try connection.call(destination: Self.busName, path: Self.path, interface: Self.interface,
                                    method: "ApplyMonitorsConfig", parameters: state.applyArguments(logical, method: method),
                                    timeoutMilliseconds: Self.handBackTimeoutMilliseconds)
            log.info("output: handed \(panel) back to the compositor as it was before orientd turned it (transform \(original))")
        } catch {
            log.warning("output: cannot hand \(panel) back to the compositor (transform \(original)): \(error)")
        }
    }
}
