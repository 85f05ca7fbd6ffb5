import GLibBridge
import OrientationCore

/// `org.gnome.Mutter.DisplayConfig.GetCurrentState`'s reply, the parts orientd needs, and the
/// `ApplyMonitorsConfig` arguments that turn one monitor and keep every other in its place.
struct MutterDisplayState {
    struct Monitor {
        var connector: String
        var currentMode: (id: String, width: Int32, height: Int32)?
        var isBuiltin: Bool
    }

    struct LogicalMonitor {
        var x: Int32
        var y: Int32
        var scale: Double
        var transform: UInt32
        var primary: Bool
        var connectors: [String]
    }

    var serial: UInt32
    var monitors: [Monitor]
    var logicalMonitors: [LogicalMonitor]
    /// 1: logical (sizes divided by the scale), 2: physical.
    var layoutMode: UInt32

    /// DisplayConfig transforms 0–3 by the transform table's rows (portrait-natural panel):
    /// mutter's LEFT_UP is 90°, shown as landscape-left.
    static func transform(for row: InterfaceOrientation) -> UInt32 {
        switch row {
        case .portrait: return 0
        case .landscapeLeft: return 1
        case .portraitUpsideDown: return 2
        case .landscapeRight: return 3
        }
    }

    /// The row a transform shows; nil for the flipped ones (4–7), which orientd never sets.
    static func row(for transform: UInt32) -> InterfaceOrientation? {
        switch transform {
        case 0: return .portrait
        case 1: return .landscapeLeft
        case 2: return .portraitUpsideDown
        case 3: return .landscapeRight
        default: return nil
        }
    }

    /// Parses `(ua((ssss)a(siiddada{sv})a{sv})a(iiduba(ssss)a{sv})a{sv})`, checking every
    /// number orientd computes with (`MutterStateCheck`): a state it could not turn a panel in
    /// safely throws the reason, naming the bad value and the valid ones.
    init(_ reply: Variant) throws(MutterStateError) {
        guard reply.isOfType(MutterStateCheck.replyType), let serial = reply.child(at: 0).uint32 else {
            throw MutterStateError("GetCurrentState answered \(reply.typeString), not \(MutterStateCheck.replyType)")
        }
        try MutterStateCheck.size(reply)
        self.serial = serial
        let monitorList = reply.child(at: 1)
        let logicalList = reply.child(at: 2)
        try MutterStateCheck.count(monitorList.childCount, of: "monitors", limit: MutterStateCheck.maxMonitors)
        try MutterStateCheck.count(logicalList.childCount, of: "logical monitors", limit: MutterStateCheck.maxMonitors)
        monitors = []
        for monitor in monitorList.children {
            let connector = monitor.child(at: 0).child(at: 0).string ?? ""
            var current: (String, Int32, Int32)?
            for mode in monitor.child(at: 1).children where mode.child(at: 6).vardict?["is-current"]?.bool == true {
                let id = mode.child(at: 0).string ?? ""
                let width = try MutterStateCheck.modeSide(mode.child(at: 1).int32 ?? 0, "width", mode: id, of: connector)
                let height = try MutterStateCheck.modeSide(mode.child(at: 2).int32 ?? 0, "height", mode: id, of: connector)
                current = (id, width, height)
            }
            let builtin = monitor.child(at: 2).vardict?["is-builtin"]?.bool ?? false
            monitors.append(Monitor(connector: connector, currentMode: current, isBuiltin: builtin))
        }
        logicalMonitors = []
        for (index, logical) in logicalList.children.enumerated() {
            let connectors = logical.child(at: 5).children.map { $0.child(at: 0).string ?? "" }
            let what = "logical monitor \(index) (\(connectors.map(MutterStateCheck.quoted).joined(separator: "+")))"
            try MutterStateCheck.count(connectors.count, of: "monitors in \(what)", limit: MutterStateCheck.maxMonitors)
            logicalMonitors.append(LogicalMonitor(
                x: try MutterStateCheck.coordinate(logical.child(at: 0).int32 ?? 0, "x", of: what),
                y: try MutterStateCheck.coordinate(logical.child(at: 1).int32 ?? 0, "y", of: what),
                scale: try MutterStateCheck.scale(logical.child(at: 2).double ?? 1, of: what),
                transform: try MutterStateCheck.transform(logical.child(at: 3).uint32 ?? 0, of: what),
                primary: logical.child(at: 4).bool ?? false, connectors: connectors))
        }
        layoutMode = try MutterStateCheck.layoutMode(reply.child(at: 3).vardict?["layout-mode"]?.uint32 ?? 1)
    }

    /// The panel to drive: the one named, else the built-in one (marked by mutter, or an
    /// eDP, DSI or LVDS connector). Only monitors that are on (in a logical monitor) count.
    func panel(named name: String?) -> String? {
        let enabled = Set(logicalMonitors.flatMap(\.connectors))
        if let name { return enabled.contains(name) ? name : nil }
        let candidates = monitors.filter { enabled.contains($0.connector) }
        if let marked = candidates.first(where: \.isBuiltin) { return marked.connector }
        return candidates.first { monitor in
            ["eDP", "DSI", "LVDS"].contains { monitor.connector.hasPrefix($0) }
        }?.connector
    }

    /// The connectors that are on, for messages.
    var enabledConnectorNames: [String] { logicalMonitors.flatMap(\.connectors) }

    /// The transform of the logical monitor holding `connector` (nil: it is off).
    func transform(of connector: String) -> UInt32? {
        logicalMonitors.first { $0.connectors.contains(connector) }?.transform
    }

    /// The panel's current mode and its logical monitor's scale (nil: none, or not sane).
    func size(of connector: String) -> PanelSize? {
        guard let mode = monitors.first(where: { $0.connector == connector })?.currentMode,
              let scale = logicalMonitors.first(where: { $0.connectors.contains(connector) })?.scale,
              mode.width > 0, mode.height > 0 else { return nil }
        return PanelSize(width: UInt32(mode.width), height: UInt32(mode.height), scale: scale)
    }

    /// The row the panel shows now (nil: unknown or flipped).
    func showing(_ connector: String) -> InterfaceOrientation? {
        transform(of: connector).flatMap(Self.row(for:))
    }

    /// A logical monitor's size in the layout, with its transform. Computed in `Int`: the
    /// parsed values are bounded (`MutterStateCheck`), so nothing here can overflow.
    func size(of logical: LogicalMonitor, transform: UInt32) -> (width: Int, height: Int) {
        let mode = logical.connectors.first.flatMap { c in monitors.first { $0.connector == c }?.currentMode }
        var width = Int(mode?.width ?? 0)
        var height = Int(mode?.height ?? 0)
        if layoutMode == 1, logical.scale.isFinite, logical.scale >= MutterStateCheck.scales.lowerBound {
            width = Int((Double(width) / logical.scale).rounded())
            height = Int((Double(height) / logical.scale).rounded())
        }
        return transform % 2 == 1 ? (height, width) : (width, height)
    }

    /// Every logical monitor as it is, but the one holding `connector` turned to `transform`;
    /// monitors right of it or below it move by the change of its width or height, and the
    /// layout is moved back to start at (0, 0). Nil when the connector is in no logical monitor,
    /// or when a position would leave mutter's coordinate range.
    func turning(_ connector: String, to transform: UInt32) -> [LogicalMonitor]? {
        guard let index = logicalMonitors.firstIndex(where: { $0.connectors.contains(connector) }) else { return nil }
        let turned = logicalMonitors[index]
        let old = size(of: turned, transform: turned.transform)
        let new = size(of: turned, transform: transform)
        let (dx, dy) = (new.width - old.width, new.height - old.height)
        var positions = logicalMonitors.map { (x: Int($0.x), y: Int($0.y)) }
        for i in positions.indices where i != index {
            if positions[i].x >= Int(turned.x) + old.width { positions[i].x += dx }
            if positions[i].y >= Int(turned.y) + old.height { positions[i].y += dy }
        }
        let minX = positions.map(\.x).min() ?? 0
        let minY = positions.map(\.y).min() ?? 0
        var result = logicalMonitors
        result[index].transform = transform
        for i in result.indices {
            guard let x = Int32(exactly: positions[i].x - minX), let y = Int32(exactly: positions[i].y - minY) else { return nil }
            (result[i].x, result[i].y) = (x, y)
        }
        return result
    }

    /// `ApplyMonitorsConfig(u serial, u method, a(iiduba(ssa{sv})) logical_monitors, a{sv} properties)`.
    /// `layout-mode` is left out (mutter refuses it unless it supports changing it).
    func applyArguments(_ logical: [LogicalMonitor], method: UInt32) -> Variant {
        let monitors = logical.map { lm in
            let specs = lm.connectors.map { connector in
                let modeId = self.monitors.first { $0.connector == connector }?.currentMode?.id ?? ""
                return Variant(tuple: [Variant(string: connector), Variant(string: modeId), Variant(vardict: [:])])
            }
            return Variant(tuple: [Variant(int32: lm.x), Variant(int32: lm.y), Variant(double: lm.scale),
                                   Variant(uint32: lm.transform), Variant(bool: lm.primary),
                                   Variant(arrayOf: "(ssa{sv})", specs)])
        }
        return Variant(tuple: [Variant(uint32: serial), Variant(uint32: method),
                               Variant(arrayOf: "(iiduba(ssa{sv}))", monitors), Variant(vardict: [:])])
    }
}
