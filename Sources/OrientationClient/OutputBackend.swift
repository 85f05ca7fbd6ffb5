@_exported import enum OrientationCore.OutputBackendKind
import GLibBridge

extension OrientationClient {
    /// The compositor interface orientd turns the built-in panel through (`OutputBackend`):
    /// `.mutter`, `.wlroots`, `.kwin` or `.x11`; nil when none drives it.
    public func outputBackend() throws(OrientationClientError) -> OutputBackendKind? {
        let value = try property(Self.managerPath, Self.managerInterface, ManagerProperty.outputBackend.rawValue)
        guard let name = value.string else { throw OrientationClientError.unexpectedReply(ManagerProperty.outputBackend.rawValue, value) }
        if name == OutputBackendKind.noneName { return nil }
        guard let kind = OutputBackendKind(rawValue: name) else { throw OrientationClientError.unexpectedReply(ManagerProperty.outputBackend.rawValue, value) }
        return kind
    }

    /// Whether the compositor turns the screen to the front scene's orientation (an output
    /// backend drives the panel). Then an app lays its window out for the new width and
    /// height but does not draw its content turned: the compositor already turns it, and
    /// turning it again would show it a quarter or half turn off. When false, an app that
    /// wants its content upright draws it turned by its interface orientation.
    public func compositorTurnsContent() throws(OrientationClientError) -> Bool {
        try outputBackend() != nil
    }
}
