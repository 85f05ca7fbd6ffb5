/// What kind of screen the panel is, and how the device is held: the rules an app's
/// declaration meets depend on both (docs/orientation-model.md, "Held or on a desk").
///
/// - A **phone** screen (shorter side under 600 logical pixels) is always held: an app's
///   declaration turns it, as on an iPhone.
/// - A **large** screen is **held** when the compositor says it turns the panel from the
///   sensor itself (or phoc's tablet-mode switch is on; off, it is on a desk), or, where the
///   compositor says nothing (phoc with no tablet-mode switch), when something reports the device's
///   orientation (an accelerometer, `SetDeviceOrientation`); otherwise it stands **on a desk**.
/// - Held large screens take a phone declaration as a hint (the panel follows the device, as
///   Android 16 does on screens of 600 dp and more); an explicit large-screen declaration, a
///   game, a registered scene and the user's own choice turn them.
/// - On a desk nothing but kiosk mode, the administrator's configuration and the user's own
///   per-app choice turns the panel.

/// The panel's current mode, in pixels, and its scale, as the compositor reports them.
public struct PanelSize: Sendable, Equatable {
    public let width: UInt32
    public let height: UInt32
    public let scale: Double

    /// The largest side a sane panel reports, in pixels.
    public static let maxPixels: UInt32 = 32_768
    /// The scales a sane compositor reports.
    public static let scales: ClosedRange<Double> = 0.25...16

    /// nil for what no real panel reports: a zero or absurd side, a scale of 0, NaN or out of range.
    public init?(width: UInt32, height: UInt32, scale: Double) {
        guard (1...Self.maxPixels).contains(width), (1...Self.maxPixels).contains(height),
              scale.isFinite, Self.scales.contains(scale) else { return nil }
        (self.width, self.height, self.scale) = (width, height, scale)
    }

    /// The shorter side in logical pixels (pixels ÷ scale).
    public var shorterLogicalSide: Double { Double(min(width, height)) / scale }

    /// "1024×768 pixels at scale 2 (384 logical pixels on its shorter side)".
    public var words: String {
        "\(width)×\(height) pixels at scale \(Self.scaleWords(scale)) (\(Int(shorterLogicalSide.rounded())) logical pixels on its shorter side)"
    }

    static func scaleWords(_ scale: Double) -> String {
        scale == scale.rounded() ? String(Int(scale)) : String(scale)
    }
}

/// What the compositor says of turning the panel from the accelerometer by itself.
public enum CompositorRotation: Sendable, Equatable {
    /// It says nothing (wlroots compositors, X11).
    case silent
    /// It says it has nothing to say (phoc's device state with no tablet-mode switch): the
    /// posture goes by the sensor as when it is silent. The sentence says who said so.
    case saysNothing(String)
    /// It turns the panel from the sensor (mutter's `PanelOrientationManaged`, KWin in tablet
    /// mode), or says the device is a tablet (phoc's tablet-mode switch on): the device is
    /// held. The sentence says who said so.
    case turnsPanel(String)
    /// It says it does not (a convertible in laptop mode, KWin outside tablet mode, phoc's
    /// tablet-mode switch off).
    case leavesPanel(String)

    /// Whether it leaves the posture to the sensor (`silent`, `saysNothing`).
    public var isSilent: Bool {
        switch self {
        case .silent, .saysNothing: return true
        case .turnsPanel, .leavesPanel: return false
        }
    }
}

/// What an output backend knows of the panel beyond its orientation.
public struct PanelFacts: Sendable, Equatable {
    /// nil: the compositor did not report a sane size.
    public var size: PanelSize?
    public var rotation: CompositorRotation
    /// Whether the compositor's word is still changing: the shell is reading a burst of its
    /// notices (`rotation` is the last word passed on). No change settles meanwhile.
    public var rotationChanging: Bool

    public init(size: PanelSize? = nil, rotation: CompositorRotation = .silent, rotationChanging: Bool = false) {
        (self.size, self.rotation, self.rotationChanging) = (size, rotation, rotationChanging)
    }
}

/// The screen's class: its shorter side under 600 logical pixels is a phone's.
public enum ScreenClass: String, CaseIterable, Sendable {
    case phone, large

    /// The shorter side, in logical pixels, from which a screen is large (Android's 600 dp).
    public static let largeFrom: Double = 600
}

/// The screen class orientd takes: measured, or set by the administrator or the command line.
public enum ScreenClassChoice: String, CaseIterable, Sendable {
    case auto, phone, large

    /// The class chosen, or nil for `auto`. A switch, not `ScreenClass(rawValue:)`: the
    /// screen class is read several times a call, and a string raw value is matched case by
    /// case (~200 instructions a reading).
    public var chosen: ScreenClass? {
        switch self {
        case .auto: nil
        case .phone: .phone
        case .large: .large
        }
    }
}

/// How the device is held.
public enum Posture: String, CaseIterable, Sendable {
    case held, desk
}

/// Which rules an app's declaration meets.
public enum DeviceRegime: Sendable, Equatable {
    /// A phone: as on an iPhone, a declaration turns the panel.
    case phone
    /// A large screen in the hand: a phone declaration is a hint.
    case largeHeld
    /// A large screen on a desk: only kiosk mode, the administrator and the user turn it.
    case desk
}

/// Why the screen class is what it is (compared cheaply after every command; `words` for people).
public enum ScreenClassBasis: Sendable, Equatable {
    case commandLine(ScreenClass)
    case configuration(ScreenClass)
    /// No output backend reported a sane size of the panel: phone rules, as before.
    case unmeasured
    case measured(PanelSize)

    public var screenClass: ScreenClass {
        switch self {
        case .commandLine(let chosen), .configuration(let chosen): return chosen
        case .unmeasured: return .phone
        case .measured(let size): return size.shorterLogicalSide >= ScreenClass.largeFrom ? .large : .phone
        }
    }

    public var words: String {
        switch self {
        case .commandLine(let chosen): return "--screen-class \(chosen.rawValue) says so"
        case .configuration(let chosen): return "the configuration says \(SettingKey.screenClass.rawValue)=\(chosen.rawValue)"
        case .unmeasured: return "no output backend has reported the panel's size: phone rules, as before"
        case .measured(let size):
            return "the panel is \(size.words): " + (screenClass == .large ? "600 or more is a large screen" : "under 600 is a phone")
        }
    }
}

/// Why the device is taken as held or on a desk.
public enum PostureBasis: Sendable, Equatable {
    /// A phone-sized screen is always held.
    case phone
    /// The compositor says whether it turns the panel from the sensor.
    case compositor(CompositorRotation)
    /// The compositor says nothing; an accelerometer reports the device's orientation.
    case accelerometer
    /// The compositor says nothing; a device orientation was set by hand.
    case setByHand
    /// The compositor says nothing and nothing reports the device's orientation.
    case nothingReports
    /// The compositor says it has nothing to say (the sentence); the rest as `basis` (one of
    /// `accelerometer`, `setByHand`, `nothingReports`).
    indirect case compositorSaysNothing(String, then: PostureBasis)

    public var posture: Posture {
        switch self {
        case .phone, .accelerometer, .setByHand, .compositor(.turnsPanel), .compositor(.silent): return .held
        case .compositor(.leavesPanel), .nothingReports: return .desk
        case .compositor(.saysNothing): return .held
        case .compositorSaysNothing(_, let basis): return basis.posture
        }
    }

    public var words: String {
        let silent = "the compositor does not say whether it turns the panel"
        switch self {
        case .phone: return "a phone-sized screen is always held"
        case .compositor(.turnsPanel(let why)), .compositor(.leavesPanel(let why)): return why
        case .compositor(.silent): return silent
        case .compositor(.saysNothing(let why)): return why
        case .compositorSaysNothing(let why, let basis):
            let rest = basis.words
            return why + (rest.hasPrefix(silent) ? String(rest.dropFirst(silent.count)) : "; " + rest)
        case .accelerometer: return silent + "; an accelerometer reports the device's orientation"
        case .setByHand: return silent + "; a device orientation was set (SetDeviceOrientation)"
        case .nothingReports:
            return silent + " and nothing reports the device's orientation (no accelerometer): a laptop, a desk monitor or a docked tablet"
        }
    }
}

extension OrientationManager {
    /// Why the screen class is what it is: the command line, the configuration, else the panel's measure.
    public var screenClassBasis: ScreenClassBasis {
        if let chosen = screenClassOption.chosen { return .commandLine(chosen) }
        if let chosen = settings.screenClass.chosen { return .configuration(chosen) }
        guard output.backend != nil, let size = output.facts.size else { return .unmeasured }
        return .measured(size)
    }

    /// The screen class in force.
    public var screenClass: ScreenClass { screenClassBasis.screenClass }

    /// Why the device is taken as held or on a desk.
    public var postureBasis: PostureBasis {
        guard screenClass == .large else { return .phone }
        let said = output.facts.rotation
        guard said.isSilent else { return .compositor(said) }
        let basis: PostureBasis = sensorAvailable ? .accelerometer : sensedOrientation != .unknown ? .setByHand : .nothingReports
        if case .saysNothing(let why) = said { return .compositorSaysNothing(why, then: basis) }
        return basis
    }

    /// How the device is held.
    public var posture: Posture { postureBasis.posture }

    /// Which rules apply now.
    public var regime: DeviceRegime {
        guard screenClass == .large else { return .phone }
        return posture == .held ? .largeHeld : .desk
    }

    /// Whether the front scene decides the panel on a desk: kiosk mode, the user's (or the
    /// administrator's) choice of orientations for its app, or an administrator who narrowed
    /// what apps that say nothing may show.
    func decidesOnDesk(_ scene: Scene) -> Bool {
        if settings.kioskMode { return true }
        if settings.appPolicies[scene.appId]?.allowed != nil { return true }
        return scene.isObserved && scene.supportedGiven == nil && settings.undeclaredAppOrientations != .all
    }

    /// After every command: when the rules changed (the screen's class, its posture, the
    /// large-screen rule), every observed scene takes the declaration in force under the new
    /// rules and every scene is evaluated again; on a desk, scenes follow what the panel shows.
    mutating func updateRegime(before: DeviceRegime, ruleBefore: Bool, panelBefore: InterfaceOrientation?,
                               now: Moment, events: inout [Event]) {
        let current = regime
        if current != before || settings.largeScreenRule != ruleBefore {
            reevaluateScenes(sceneIDs { _ in true }, kioskBefore: settings.kioskMode, reason: .policy, now: now, events: &events)
        } else if current == .desk, output.showing != panelBefore {
            reevaluateScenes(scenesFollowingDevice(), kioskBefore: settings.kioskMode, reason: .device, now: now, events: &events)
        }
    }
}

extension DeclaredOrientations {
    /// What the declaration says under `regime`: nil when it constrains nothing there (the
    /// app follows the device, as one that declares nothing). `largeScreenRule`: whether a
    /// phone declaration is only a hint on a large screen held in the hand.
    public func inForce(_ regime: DeviceRegime, largeScreenRule: Bool) -> OrientationMask? {
        let phone = mask.isEmpty ? nil : mask
        switch regime {
        case .phone: return phone
        case .largeHeld: return padMask ?? (isGame || !largeScreenRule ? phone : nil)
        case .desk: return nil
        }
    }
}
