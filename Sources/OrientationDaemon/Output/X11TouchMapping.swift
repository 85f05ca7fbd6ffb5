/// Kiosk touch on X11: the X server maps a touchscreen's absolute coordinates to the whole
/// screen whatever the panel's rotation, so a turned panel needs each touchscreen's
/// "Coordinate Transformation Matrix" turned with it. Whenever the x11 backend reads a new
/// rotation of the panel, this lists the input devices (`xinput list --long`) and runs
/// `xinput map-to-output DEVICE-ID OUTPUT` for each touchscreen (an XInput device with a
/// direct touch class), or each device named by `--touch-device`: xinput computes the matrix
/// from the output's place and rotation as the X server reports them, so the touch lands
/// where the finger is. One mapping runs at a time; a new rotation meanwhile maps once more
/// after it. Lives on the main loop; the tools run asynchronously.
final class X11TouchMapping {
    /// `--touch-device` names (empty: every touchscreen); `["none"]` maps nothing.
    let names: [String]
    let log: Log
    private var running = false
    private var again: String?
    /// Said once each, not at every rotation.
    private var lastNotice: String?

    static let listCommand = ["xinput", "list", "--long"]
    /// Devices mapped at most per rotation.
    static let maximumMapped = 16

    init(names: [String], log: Log) {
        self.names = names
        self.log = log
    }

    var isOff: Bool { names == ["none"] }

    /// The panel `output` shows a new rotation: map the touch devices to it.
    func panelTurned(output: String) {
        guard !isOff else { return }
        if running {
            again = output
            return
        }
        running = true
        ToolProcess.run(Self.listCommand) { [weak self] result in
            guard let self else { return }
            guard result.succeeded else {
                self.notice("touch: cannot list the input devices to follow the panel's rotation: \(result.errorText)")
                return self.finished()
            }
            let devices = XinputListing.parse(result.stdout)
            let targets = XinputListing.targets(devices, named: self.names)
            self.report(devices: devices, targets: targets)
            self.map(Array(targets.prefix(Self.maximumMapped)), to: output)
        }
    }

    private func map(_ devices: [XinputListing.Device], to output: String) {
        guard let device = devices.first else { return finished() }
        ToolProcess.run(["xinput", "map-to-output", String(device.id), output]) { [weak self] result in
            guard let self else { return }
            if result.succeeded {
                self.log.debug("touch: '\(LogText.quoted(device.name))' (id \(device.id)) follows \(output)")
            } else {
                self.log.warning("touch: mapping '\(LogText.quoted(device.name))' (id \(device.id)) to \(output) failed: \(result.errorText)")
            }
            self.map(Array(devices.dropFirst()), to: output)
        }
    }

    private func finished() {
        running = false
        if let output = again {
            again = nil
            panelTurned(output: output)
        }
    }

    /// Says (once) that no device follows, or which named ones are missing.
    private func report(devices: [XinputListing.Device], targets: [XinputListing.Device]) {
        let known = devices.filter { !$0.isMaster }.prefix(20).map { "'\(LogText.quoted($0.name))'" }.joined(separator: ", ")
        if names.isEmpty {
            if targets.isEmpty { notice("touch: the X server has no touchscreen (no input device with a direct touch class); name one with --touch-device; its devices: \(known)", warning: false) }
            return
        }
        let missing = names.filter { name in !targets.contains { $0.name == name } }
        if !missing.isEmpty {
            notice("touch: no input device named \(missing.map { "'\(LogText.quoted($0))'" }.joined(separator: ", ")) (--touch-device); the X server's devices: \(known)")
        }
    }

    private func notice(_ text: String, warning: Bool = true) {
        guard text != lastNotice else { return }
        lastNotice = text
        if warning { log.warning(text) } else { log.info(text) }
    }
}
