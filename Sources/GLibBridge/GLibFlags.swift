import CGio

/// The GLib flags orientd passes, by GLib's own values (gio/gioenums.h, unchanged since each
/// appeared). GLib 2.86 and later mark their flags enums `G_GNUC_FLAG_ENUM`, which Swift
/// imports as option sets without the C enumerators (`G_DBUS_CALL_FLAGS_NONE` is not in scope
/// with Debian sid's GLib 2.90), while older GLib's are plain enums whose enumerators Swift
/// imports; `init(rawValue:)` is there in both, so these build with either.
public enum GLibFlags {
    /// G_DBUS_CALL_FLAGS_NONE.
    public static let callNone = GDBusCallFlags(rawValue: 0)
    /// G_DBUS_SEND_MESSAGE_FLAGS_NONE.
    public static let sendMessageNone = GDBusSendMessageFlags(rawValue: 0)
    /// G_DBUS_MESSAGE_FLAGS_NO_REPLY_EXPECTED.
    public static let messageNoReplyExpected = GDBusMessageFlags(rawValue: 1 << 0)
    /// G_DBUS_SIGNAL_FLAGS_NONE.
    public static let signalNone = GDBusSignalFlags(rawValue: 0)
    /// G_DBUS_SIGNAL_FLAGS_NO_MATCH_RULE.
    public static let signalNoMatchRule = GDBusSignalFlags(rawValue: 1 << 0)
    /// G_BUS_NAME_OWNER_FLAGS_ALLOW_REPLACEMENT, _REPLACE and _DO_NOT_QUEUE.
    public static let ownerAllowReplacement = GBusNameOwnerFlags(rawValue: 1 << 0)
    public static let ownerReplace = GBusNameOwnerFlags(rawValue: 1 << 1)
    public static let ownerDoNotQueue = GBusNameOwnerFlags(rawValue: 1 << 2)
    /// G_BUS_NAME_WATCHER_FLAGS_NONE.
    public static let watcherNone = GBusNameWatcherFlags(rawValue: 0)
    /// G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.
    public static let connectionClientOfMessageBus = GDBusConnectionFlags(rawValue: 1 << 0 | 1 << 3)
    /// G_DBUS_SUBTREE_FLAGS_DISPATCH_TO_UNENUMERATED_NODES.
    public static let subtreeDispatchToUnenumeratedNodes = GDBusSubtreeFlags(rawValue: 1 << 0)
    /// G_DBUS_PROPERTY_INFO_FLAGS_READABLE and _WRITABLE.
    public static let propertyReadable = GDBusPropertyInfoFlags(rawValue: 1 << 0)
    public static let propertyWritable = GDBusPropertyInfoFlags(rawValue: 1 << 1)
    /// G_FILE_MONITOR_NONE.
    public static let fileMonitorNone = GFileMonitorFlags(rawValue: 0)
    /// G_FILE_MONITOR_WATCH_MOVES: a rename within the folder is one event, with both names.
    public static let fileMonitorWatchMoves = GFileMonitorFlags(rawValue: 1 << 3)
    /// G_KEY_FILE_NONE.
    public static let keyFileNone = GKeyFileFlags(rawValue: 0)
    /// G_LOG_LEVEL_ERROR, _CRITICAL, _WARNING, _INFO and _DEBUG.
    public static let logError = GLogLevelFlags(rawValue: 1 << 2)
    public static let logCritical = GLogLevelFlags(rawValue: 1 << 3)
    public static let logWarning = GLogLevelFlags(rawValue: 1 << 4)
    public static let logInfo = GLogLevelFlags(rawValue: 1 << 6)
    public static let logDebug = GLogLevelFlags(rawValue: 1 << 7)
    /// G_SUBPROCESS_FLAGS_STDIN_INHERIT, _STDOUT_PIPE, _STDERR_PIPE and _STDERR_MERGE.
    public static let subprocessStdinInherit: UInt32 = 1 << 1
    public static let subprocessStdoutPipe: UInt32 = 1 << 2
    public static let subprocessStderrPipe: UInt32 = 1 << 4
    public static let subprocessStderrMerge: UInt32 = 1 << 6
}
