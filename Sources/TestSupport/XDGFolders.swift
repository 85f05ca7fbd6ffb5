import Foundation
import XCTest

/// One test's private XDG folders, laid out as `OrientdInstance` lays out an orientd's: the
/// root is `XDG_STATE_HOME` (pass it as `stateHome`), with `xdg-config` as `XDG_CONFIG_DIRS`
/// (the administrator's level), `xdg-data` as `XDG_DATA_DIRS` (the vendor's level and the
/// desktop entries), `xdg-data-home` as `XDG_DATA_HOME` and `runtime` as `XDG_RUNTIME_DIR`.
///
/// A test writes configuration files and desktop entries where orientd looks for them, passes
/// `environment` to orientd, orientctl or any child, and so never reads the user's own
/// folders. Made with `init(removedAfter:)`, everything is removed when the test ends.
public struct XDGFolders: Sendable {
    /// The root folder: `XDG_STATE_HOME` (orientd's settings are `<root>/orientd/settings.ini`).
    public let root: String

    /// `XDG_CONFIG_DIRS`.
    public var configDirs: String { root + "/xdg-config" }
    /// `XDG_DATA_DIRS`.
    public var dataDirs: String { root + "/xdg-data" }
    /// `XDG_DATA_HOME`.
    public var dataHome: String { root + "/xdg-data-home" }
    /// `XDG_RUNTIME_DIR` (made, mode 0700).
    public var runtime: String { root + "/runtime" }
    /// The administrator's configuration folder, `<XDG_CONFIG_DIRS>/orientd`.
    public var administrator: String { configDirs + "/orientd" }
    /// The vendor's configuration folder, `<XDG_DATA_DIRS>/orientd`.
    public var vendor: String { dataDirs + "/orientd" }
    /// The folder of desktop entries, `<XDG_DATA_DIRS>/applications`.
    public var applications: String { dataDirs + "/applications" }

    /// Every variable of the set, for orientd or a child of the same session.
    public var environment: [String: String] {
        ["XDG_STATE_HOME": root, "XDG_CONFIG_DIRS": configDirs, "XDG_DATA_DIRS": dataDirs,
         "XDG_DATA_HOME": dataHome, "XDG_RUNTIME_DIR": runtime]
    }

    /// The configuration search folders only (`XDG_CONFIG_DIRS`, `XDG_DATA_DIRS`), as
    /// `OrientdInstance.configurationEnvironment` gives them to a client.
    public var configurationEnvironment: [String: String] {
        ["XDG_CONFIG_DIRS": configDirs, "XDG_DATA_DIRS": dataDirs]
    }

    /// The set under `root` as it is (an orientd's `stateHome`: see `OrientdInstance.xdg`).
    public init(root: String) {
        self.root = root
    }

    /// The set under `root`, making `root` and `runtime` if missing; left in place: the
    /// caller removes it.
    public static func make(in root: String) throws -> XDGFolders {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        mkdir(root + "/runtime", 0o700)
        return XDGFolders(root: root)
    }

    /// A set in a fresh temporary folder, removed when `test` ends (an `OrientdTestCase` uses
    /// `makeXDGFolders()`, removed only after its processes are stopped).
    public init(removedAfter test: XCTestCase) throws {
        let root = try OrientdInstance.temporaryDirectory()
        test.addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        self = try Self.make(in: root)
    }

    /// Writes `bytes` to `path` (under `root` unless it starts with `/`), making its folders;
    /// `atomically`: through a new file renamed over the old one. Returns the full path.
    @discardableResult
    public func write(_ path: String, bytes: [UInt8], atomically: Bool = false) throws -> String {
        let full = path.hasPrefix("/") ? path : root + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full), options: atomically ? [.atomic] : [])
        return full
    }

    /// Writes `text` to `path` as `write(_:bytes:atomically:)` does.
    @discardableResult
    public func write(_ path: String, _ text: String, atomically: Bool = false) throws -> String {
        try write(path, bytes: Array(text.utf8), atomically: atomically)
    }

    /// Writes the administrator's `orientd.conf`, or with `dropIn` the drop-in
    /// `orientd.conf.d/<dropIn>`, atomically; returns its path.
    @discardableResult
    public func writeConfiguration(_ text: String, dropIn: String? = nil) throws -> String {
        let path = dropIn.map { administrator + "/orientd.conf.d/" + $0 } ?? administrator + "/orientd.conf"
        return try write(path, text, atomically: true)
    }

    /// Writes the desktop entry `<id>.desktop` into `folder` (default: `applications`),
    /// atomically; returns its path.
    @discardableResult
    public func writeDesktopEntry(_ id: String, _ text: String, in folder: String? = nil) throws -> String {
        try write((folder ?? applications) + "/" + id + ".desktop", text, atomically: true)
    }
}

extension OrientdInstance {
    /// The XDG folders this orientd runs with, under its `stateHome` (unless a test's
    /// `environment` pointed it elsewhere): where a test writes its configuration files and
    /// desktop entries.
    public var xdg: XDGFolders { XDGFolders(root: stateHome) }
}
